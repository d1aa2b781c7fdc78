"""Whether `ask` would send a message to the reader and engine: the cheap look, then the reading."""

from __future__ import annotations

from bot.service.board_questions import might_describe_a_board, routes_to_engine
from engine.reader import CardNames, read


def routed(text: str, names: CardNames) -> bool:
    return might_describe_a_board(text) and routes_to_engine(read(text, names))
