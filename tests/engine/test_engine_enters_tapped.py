"""614.1c: a permanent that enters tapped and came in this turn is untapped only if something
untapped it; a board that has it untapped without saying why isn't a verified answer."""

from __future__ import annotations

from typing import Any

from engine.board import load_board
from engine.cards import DictCardSource, card_from_mapping
from engine.questions import ask

CARDS = {
    "Azorius Guildgate": {
        "type_line": "Land — Gate",
        "oracle_text": "This land enters tapped.\n{T}: Add {W} or {U}.",
    },
    "Glacial Fortress": {
        "type_line": "Land",
        "oracle_text": "This land enters tapped unless you control a Plains or an Island.\n"
        "{T}: Add {W} or {U}.",
    },
}
SOURCE = DictCardSource([card_from_mapping(n, d) for n, d in CARDS.items()])


def _tap_for_mana(entry: dict[str, Any]) -> Any:
    board = load_board({"battlefield": [{"id": "land", "controller": "P1", **entry}]}, SOURCE)
    return ask(board, {"kind": "can_activate", "object": "land", "ability": "mana"})


def test_an_untapped_gate_that_came_in_this_turn_is_not_verified() -> None:
    answer = _tap_for_mana({"card": "Azorius Guildgate", "since": "this_turn"})
    assert not answer.verified
    assert any("enters tapped (614.1c)" in u for u in answer.unmodelled)


def test_a_gate_from_an_earlier_turn_is_verified() -> None:
    answer = _tap_for_mana({"card": "Azorius Guildgate"})
    assert answer.verified, answer.unmodelled


def test_a_conditional_enters_tapped_land_may_have_entered_untapped() -> None:
    answer = _tap_for_mana({"card": "Glacial Fortress", "since": "this_turn"})
    assert not any("614.1c" in u for u in answer.unmodelled)
