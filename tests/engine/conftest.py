"""Fixtures for the engine tests: a small card pool and a board builder."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from engine_boards import SOURCE, make_board

from engine.board import Board
from engine.cards import DictCardSource

BoardMaker = Callable[..., Board]


@pytest.fixture
def board_from() -> BoardMaker:
    return make_board


@pytest.fixture
def card_source() -> DictCardSource:
    return SOURCE
