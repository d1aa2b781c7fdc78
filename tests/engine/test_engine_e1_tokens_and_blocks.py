"""E1 (session 9): Krenko's "create X tokens, where X is the number of Goblins you control"
(608.2h), a count a dies trigger makes after the event (unverified), and a flashed-in blocker
(302.6 doesn't stop blocking)."""

from __future__ import annotations

from typing import Any

from engine.board import Board, load_board
from engine.cards import DictCardSource, card_from_mapping
from engine.questions import ask

CARDS: dict[str, dict[str, Any]] = {
    "Krenko, Mob Boss": {
        "mana_cost": "{2}{R}{R}",
        "type_line": "Legendary Creature — Goblin Warrior",
        "pt": "3/3",
        "oracle_text": "{T}: Create X 1/1 red Goblin creature tokens, where X is the number of "
        "Goblins you control.",
    },
    "Hallowed Spiritkeeper": {
        "mana_cost": "{1}{W}{W}",
        "type_line": "Creature — Avatar",
        "pt": "3/2",
        "oracle_text": "Vigilance\nWhen this creature dies, create X 1/1 white Spirit creature "
        "tokens with flying, where X is the number of creature cards in your graveyard.",
    },
    "Grizzly Bears": {
        "mana_cost": "{1}{G}",
        "type_line": "Creature — Bear",
        "pt": "2/2",
        "oracle_text": "",
    },
    "Ambush Viper": {
        "mana_cost": "{1}{G}",
        "type_line": "Creature — Snake",
        "pt": "2/1",
        "oracle_text": "Flash\nDeathtouch",
    },
    "Hill Giant": {
        "mana_cost": "{3}{R}",
        "type_line": "Creature — Giant",
        "pt": "3/3",
        "oracle_text": "",
    },
}
SOURCE = DictCardSource([card_from_mapping(n, d) for n, d in CARDS.items()])
GOBLIN = {
    "name": "Goblin",
    "colors": ["R"],
    "types": ["Creature"],
    "subtypes": ["Goblin"],
    "power": 1,
    "toughness": 1,
}


def board(battlefield: list[dict[str, Any]], **extra: Any) -> Board:
    data: dict[str, Any] = {"turn": {"active": "P1", "number": 5, "step": "precombat_main"}}
    data["battlefield"] = battlefield
    data.update(extra)
    return load_board(data, SOURCE)


def test_krenko_makes_one_goblin_for_each_goblin_its_controller_controls() -> None:
    b = board(
        [
            {"id": "krenko", "card": "Krenko, Mob Boss", "controller": "P1"},
            {"id": "gob", "token": GOBLIN, "controller": "P1", "count": 2},
            {"id": "theirs", "token": GOBLIN, "controller": "P2"},
        ]
    )
    answer = ask(b, {"kind": "tokens", "object": "krenko", "ability": 1})
    assert answer.verified, answer.unmodelled
    assert answer.data["tokens"][0]["count"] == 3  # Krenko and the two tokens, not theirs
    assert "608.2h" in answer.rules


def test_a_dies_trigger_that_counts_isnt_counted_on_the_board_before_it_dies() -> None:
    # Spiritkeeper counts the creature cards in its owner's graveyard as the trigger resolves,
    # when it is there itself: the board before it dies would be one short
    b = board(
        [{"id": "hs", "card": "Hallowed Spiritkeeper", "controller": "P1"}],
        players={"P1": {"graveyard": ["Grizzly Bears"]}},
    )
    answer = ask(b, {"kind": "tokens", "object": "hs", "ability": 2})
    assert not answer.verified
    assert any("after the event" in u for u in answer.unmodelled)


def test_a_creature_flashed_in_this_turn_can_block_and_the_answer_says_why() -> None:
    b = load_board(
        {
            "turn": {"active": "P2", "number": 6, "step": "declare_attackers"},
            "battlefield": [
                {"id": "giant", "card": "Hill Giant", "controller": "P2", "attacking": "P1"},
                {"id": "viper", "card": "Ambush Viper", "controller": "P1", "since": "this_turn"},
            ],
        },
        SOURCE,
    )
    answer = ask(b, {"kind": "can_block", "object": "viper", "attacker": "giant"})
    assert answer.verified, answer.unmodelled
    assert answer.short == "Yes."
    assert {"302.6", "509.1a"} <= set(answer.rules)
