"""E5: activation instructions (602.1b) and costs beyond mana and {T} (118.3, 602.1) change
can_activate answers on the board; what the board can't show makes the answer unverified."""

from __future__ import annotations

from typing import Any

from engine.board import load_board
from engine.cards import DictCardSource, card_from_mapping
from engine.questions import ask

CARDS = {
    "Ancient Hellkite": {
        "mana_cost": "{4}{R}{R}{R}",
        "type_line": "Creature — Dragon",
        "pt": "6/6",
        "oracle_text": "Flying\n{R}: Ancient Hellkite deals 1 damage to target creature defending "
        "player controls. Activate only if Ancient Hellkite is attacking.",
    },
    "Chained Brute": {
        "mana_cost": "{1}{R}",
        "type_line": "Creature — Devil",
        "pt": "4/3",
        "oracle_text": "{1}, Sacrifice another creature: Untap Chained Brute. Activate only "
        "during your turn.",
    },
    "Pit Imp": {
        "mana_cost": "{B}",
        "type_line": "Creature — Imp",
        "pt": "0/1",
        "oracle_text": "Flying\n{B}: Pit Imp gets +1/+0 until end of turn. Activate no more "
        "than twice each turn.",
    },
    "Arch of Orazca": {
        "type_line": "Land",
        "oracle_text": "{T}: Add {C}.\n{5}, {T}: Draw a card. Activate only if you have the "
        "city's blessing.",
    },
    "Krosan Tusker Ghoul": {
        "mana_cost": "{B}",
        "type_line": "Creature — Zombie",
        "pt": "1/1",
        "oracle_text": "{B}: Krosan Tusker Ghoul gets +1/+1 until end of turn. Activate only if "
        "there are seven or more cards in your graveyard.",
    },
    "Frozen Watcher": {
        "mana_cost": "{U}",
        "type_line": "Creature — Human",
        "pt": "1/1",
        "oracle_text": "{U}: Frozen Watcher gains flying until end of turn. Activate only "
        "during combat.",
    },
    "Grizzly Bears": {"mana_cost": "{1}{G}", "type_line": "Creature — Bear", "pt": "2/2"},
    "Mountain": {"type_line": "Basic Land — Mountain"},
    "Swamp": {"type_line": "Basic Land — Swamp"},
    "Island": {"type_line": "Basic Land — Island"},
}
SOURCE = DictCardSource([card_from_mapping(n, d) for n, d in CARDS.items()])


def board(
    battlefield: list[dict[str, Any]],
    step: str = "precombat_main",
    active: str = "P1",
    **players: Any,
) -> Any:
    data: dict[str, Any] = {
        "turn": {"active": active, "number": 6, "step": step},
        "battlefield": battlefield,
        "players": players,
    }
    return load_board(data, SOURCE)


def activate(b: Any, oid: str, ability: int) -> Any:
    return ask(b, {"kind": "can_activate", "object": oid, "ability": ability})


# --- "Activate only if / during / no more than" (602.1b) ----------------------------------------


def test_an_only_if_attacking_ability_can_be_activated_while_it_attacks() -> None:
    b = board(
        [
            {"id": "kite", "card": "Ancient Hellkite", "controller": "P1", "attacking": "P2"},
            {"id": "m", "card": "Mountain", "controller": "P1"},
        ],
        step="declare_attackers",
    )
    answer = activate(b, "kite", 2)
    assert answer.data["can_activate"] is True
    assert "602.1b" in answer.rules


def test_an_only_if_attacking_ability_cant_be_activated_when_it_isnt_attacking() -> None:
    b = board(
        [
            {"id": "kite", "card": "Ancient Hellkite", "controller": "P1"},
            {"id": "m", "card": "Mountain", "controller": "P1"},
        ]
    )
    answer = activate(b, "kite", 2)
    assert answer.data["can_activate"] is False
    assert any("attacking" in r for r in answer.data["reasons"])
    assert answer.verified, answer.unmodelled


def test_an_only_during_your_turn_ability_cant_be_activated_on_the_opponents_turn() -> None:
    pieces = [
        {"id": "brute", "card": "Chained Brute", "controller": "P1"},
        {"id": "bear", "card": "Grizzly Bears", "controller": "P1"},
        {"id": "m", "card": "Mountain", "controller": "P1"},
    ]
    mine = activate(board(pieces, step="end", active="P1"), "brute", 1)
    assert mine.data["can_activate"] is True
    theirs = activate(board(pieces, step="end", active="P2"), "brute", 1)
    assert theirs.data["can_activate"] is False
    assert "602.1b" in theirs.rules or "602.5" in theirs.rules


def test_an_only_during_combat_ability_works_in_either_players_combat_only() -> None:
    pieces = [
        {"id": "w", "card": "Frozen Watcher", "controller": "P1"},
        {"id": "i", "card": "Island", "controller": "P1"},
    ]
    assert activate(board(pieces, "declare_attackers", "P2"), "w", 1).data["can_activate"]
    assert not activate(board(pieces, "postcombat_main", "P1"), "w", 1).data["can_activate"]


def test_no_more_than_twice_each_turn_is_never_a_verified_yes() -> None:
    b = board(
        [
            {"id": "imp", "card": "Pit Imp", "controller": "P1"},
            {"id": "s", "card": "Swamp", "controller": "P1"},
        ]
    )
    answer = activate(b, "imp", 2)
    assert answer.data["can_activate"] is True
    assert not answer.verified
    assert any("no more than 2 times" in u for u in answer.unmodelled)


def test_a_condition_about_the_past_makes_the_answer_unverified() -> None:
    b = board(
        [{"id": "arch", "card": "Arch of Orazca", "controller": "P1"}],
    )
    answer = activate(b, "arch", 2)
    assert not answer.verified
    assert any("city's blessing" in u for u in answer.unmodelled)


def test_a_graveyard_count_condition_is_tested_on_the_board() -> None:
    pieces = [
        {"id": "ghoul", "card": "Krosan Tusker Ghoul", "controller": "P1"},
        {"id": "s", "card": "Swamp", "controller": "P1"},
    ]
    six = activate(board(pieces, P1={"graveyard": ["Grizzly Bears"] * 6}), "ghoul", 1)
    assert six.data["can_activate"] is False
    assert any("seven or more" in r for r in six.data["reasons"])
    seven = activate(board(pieces, P1={"graveyard": ["Grizzly Bears"] * 7}), "ghoul", 1)
    assert seven.data["can_activate"] is True
    assert any("the board shows 7" in s.text for s in seven.steps)
