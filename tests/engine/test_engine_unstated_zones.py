"""A zone the board doesn't state is unknown, not empty: counting it makes the answer
unverified and names the zone; a zone stated empty (``graveyard: []``) is known."""

from __future__ import annotations

from typing import Any

from engine_boards import make_board

from engine.questions import ask

GOYF = [{"id": "goyf", "card": "Tarmogoyf", "controller": "P1"}]


def _power(players: dict[str, Any]) -> Any:
    return ask(make_board(GOYF, players=players), {"kind": "characteristics", "object": "goyf"})


def test_a_graveyard_left_out_makes_a_graveyard_count_unverified() -> None:
    answer = _power({"P1": {"graveyard": ["Lightning Bolt"]}})
    assert answer.data["power"] == 1  # what the board lists: an instant
    assert not answer.verified
    assert any("P2's graveyard isn't given" in u for u in answer.unmodelled)


def test_graveyards_stated_empty_are_known() -> None:
    answer = _power({"P1": {"graveyard": []}, "P2": {"graveyard": []}})
    assert answer.data["power"] == 0
    assert answer.verified, answer.unmodelled


def test_no_players_at_all_leaves_every_graveyard_unknown() -> None:
    answer = ask(make_board(GOYF), {"kind": "characteristics", "object": "goyf"})
    assert not answer.verified
    assert {u.split("'")[0] for u in answer.unmodelled} >= {"P1", "P2"}


def test_a_board_that_counts_no_zone_is_not_affected() -> None:
    bears = [{"id": "bears", "card": "Grizzly Bears", "controller": "P1"}]
    answer = ask(make_board(bears), {"kind": "characteristics", "object": "bears"})
    assert answer.verified, answer.unmodelled
