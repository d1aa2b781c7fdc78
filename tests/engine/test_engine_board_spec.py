"""Board files: validation errors name the field and the line; never a traceback."""

from __future__ import annotations

import json
from importlib import resources
from pathlib import Path

import jsonschema
import pytest
import yaml

from bot.boards import BoardFileError, load_board_text
from engine.board import BoardError, load_board

CARDS = """
cards:
  Grizzly Bears: {mana_cost: '{1}{G}', type_line: Creature — Bear, pt: 2/2, oracle_text: ''}
"""


def error_of(text: str) -> str:
    with pytest.raises(BoardFileError) as info:
        load_board_text(text, "test.yaml")
    return str(info.value)


def test_unknown_card_names_field_line_and_suggestion() -> None:
    msg = error_of(
        CARDS + "board:\n  battlefield:\n    - {id: b, card: Grizly Bears, controller: P1}\n"
    )
    assert "board.battlefield[0].card" in msg
    assert "line 6" in msg
    assert "did you mean 'Grizzly Bears'" in msg


def test_attacking_creature_in_graveyard_is_a_contradiction() -> None:
    text = (
        CARDS
        + "board:\n  players:\n    P1:\n      graveyard:\n"
        + "        - {card: Grizzly Bears, attacking: P2}\n"
    )
    msg = error_of(text)
    assert "graveyard" in msg and "attacking" in msg
    assert "line 8" in msg


def test_impossible_values_are_rejected() -> None:
    msg = error_of(
        CARDS
        + "board:\n  battlefield:\n    - {id: b, card: Grizzly Bears, controller: P1, damage: -3}\n"
    )
    assert "damage" in msg and "out of range" in msg
    msg = error_of(
        CARDS + "board:\n  battlefield:\n    - {id: b, card: Grizzly Bears, controller: P3}\n"
    )
    assert "unknown player" in msg


def test_blocker_must_block_an_attacker() -> None:
    text = CARDS + (
        "board:\n  battlefield:\n    - {id: a, card: Grizzly Bears, controller: P1}\n"
        "    - {id: b, card: Grizzly Bears, controller: P2, blocking: a}\n"
    )
    assert "not an attacking creature" in error_of(text)


def test_malformed_yaml_and_json_name_the_line() -> None:
    assert "line 3" in error_of("board:\n  battlefield: [\n")
    assert "line 2" in error_of("board:\n\tbattlefield: []\n")
    with pytest.raises(BoardFileError, match="line 1"):
        load_board_text("{not json", "x.json")


def test_unknown_fields_are_named() -> None:
    msg = error_of(
        CARDS + "board:\n  battlefield:\n    - {id: b, card: Grizzly Bears, controler: P1}\n"
    )
    assert "board.battlefield[0].controler" in msg


def test_huge_boards_are_refused() -> None:
    text = (
        CARDS
        + "board:\n  battlefield:\n    - {id: b, card: Grizzly Bears, controller: P1, count: 501}\n"
    )
    assert "out of range" in error_of(text)


def test_duplicate_ids_are_refused(card_source) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(BoardError, match="duplicate object id"):
        load_board(
            {"battlefield": [{"id": "x", "card": "Grizzly Bears", "controller": "P1"}] * 2},
            card_source,
        )


def test_count_expands_into_numbered_objects(card_source) -> None:  # type: ignore[no-untyped-def]
    board = load_board(
        {
            "battlefield": [
                {
                    "id": "f",
                    "card": "Forest",
                    "controller": "P1",
                    "count": 3,
                    "tapped": [True, False, True],
                }
            ]
        },
        card_source,
    )
    assert [o.id for o in board.battlefield()] == ["f#1", "f#2", "f#3"]
    assert [o.tapped for o in board.battlefield()] == [True, False, True]


def test_schema_ships_in_the_package_and_accepts_the_scenarios() -> None:
    text = (
        resources.files("engine").joinpath("schema/board.schema.json").read_text(encoding="utf-8")
    )
    schema = json.loads(text)
    validator = jsonschema.Draft202012Validator(schema)
    for path in sorted((Path(__file__).parent / "scenarios").glob("*.yaml")):
        errors = list(validator.iter_errors(yaml.safe_load(path.read_text(encoding="utf-8"))))
        assert not errors, (path.name, errors[0].message)


def test_cards_of_one_name_without_ids_get_numbered_ids(card_source) -> None:  # type: ignore[no-untyped-def]
    board = load_board(
        {
            "players": {
                "P1": {"graveyard": ["Lightning Bolt"]},
                "P2": {"graveyard": ["Lightning Bolt"]},
            }
        },
        card_source,
    )
    assert sorted(board.objects) == ["lightning_bolt", "lightning_bolt#2"]
    assert board.objects["lightning_bolt#2"].owner == "P2"
