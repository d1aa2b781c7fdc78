"""E6 (session 14): predefined tokens (111.10). A board's ``token: {predefined: Treasure}`` and an
effect's "create a Treasure token" give the token 111.10's subtypes and ability text, so "what
mana can my Treasure make" and "can I sacrifice the Food" are answered with the rule cited; a
token given as "an artifact Treasure" with no text is not taken to have no abilities."""

from __future__ import annotations

from typing import Any

import pytest
from engine_boards import CARDS as SHARED_CARDS
from engine_boards import main_phase_board, pool

from engine.board import Board, BoardError
from engine.predefined import PREDEFINED
from engine.questions import ask

CARDS: dict[str, dict[str, Any]] = {
    **{name: SHARED_CARDS[name] for name in ("Grizzly Bears", "Forest")},
    "Gilded Prospector": {
        "mana_cost": "{2}{R}",
        "type_line": "Creature — Dwarf Pirate",
        "pt": "2/2",
        "oracle_text": "When this creature enters, create two Treasure tokens.",
    },
    "Orchard Keeper": {
        "mana_cost": "{1}{G}",
        "type_line": "Creature — Halfling Citizen",
        "pt": "1/2",
        "oracle_text": "When this creature enters, create a Food token and a Clue token.",
    },
    "Quarry Foreman": {
        "mana_cost": "{3}",
        "type_line": "Artifact Creature — Dwarf",
        "pt": "2/3",
        "oracle_text": "When this creature dies, create a tapped Powerstone token.",
    },
    "Snap Bolt": {
        "mana_cost": "{R}",
        "type_line": "Instant",
        "oracle_text": "Snap Bolt deals 3 damage to target creature.",
    },
}
SOURCE = pool(CARDS)


def board(battlefield: list[dict[str, Any]], **extra: Any) -> Board:
    return main_phase_board(SOURCE, battlefield, **extra)


def rules(answer: Any) -> set[str]:
    return {s.rule for s in answer.steps}


def test_a_treasure_makes_one_mana_of_any_color() -> None:
    b = board([{"id": "loot", "token": {"predefined": "Treasure"}, "controller": "P1"}])
    a = ask(b, {"kind": "mana", "object": "loot"})
    assert a.verified, a.unmodelled
    assert all(f"{{{c}}}" in a.short for c in "WUBRG"), a.short
    assert "111.10a" in rules(a)


def test_a_treasure_created_this_turn_can_be_tapped_for_mana_at_once() -> None:
    b = board(
        [
            {
                "id": "loot",
                "token": {"predefined": "treasure"},
                "controller": "P1",
                "since": "this_turn",
            }
        ]
    )
    a = ask(b, {"kind": "can_activate", "object": "loot", "ability": "mana"})
    assert a.verified, a.unmodelled
    assert a.short.startswith("Yes") and "302.6" in rules(a)  # not a creature


def test_a_food_can_be_sacrificed_only_with_two_mana_to_pay() -> None:
    food = {"id": "snack", "token": {"predefined": "Food"}, "controller": "P1"}
    forests = {"id": "forest", "card": "Forest", "controller": "P1", "count": 2}
    paid = ask(board([food, forests]), {"kind": "can_activate", "object": "snack", "ability": 1})
    assert paid.verified and paid.short.startswith("Yes"), paid.short
    assert "111.10b" in rules(paid)
    tapped = ask(
        board([{**food, "tapped": True}, forests]),
        {"kind": "can_activate", "object": "snack", "ability": 1},
    )
    assert tapped.short.startswith("No"), tapped.short  # {T} in its cost (107.5)


def test_a_predefined_tokens_name_is_its_subtype_plus_token() -> None:
    b = board([{"id": "hint", "token": {"predefined": "Clue"}, "controller": "P1"}])
    a = ask(b, {"kind": "characteristics", "object": "hint"})
    assert a.verified, a.unmodelled
    assert a.data["name"] == "Clue Token" and a.data["types"] == ["Artifact"]
    assert a.data["subtypes"] == ["Clue"] and a.data["colors"] == []
    assert {"111.10f", "111.4"} <= rules(a)


def test_a_powerstones_mana_keeps_its_spending_restriction() -> None:
    b = board([{"id": "stone", "token": {"predefined": "Powerstone"}, "controller": "P1"}])
    a = ask(b, {"kind": "mana", "object": "stone"})
    assert a.verified, a.unmodelled
    assert "{C}" in a.short and "nonartifact" in a.short
    assert {"111.10h", "106.6"} <= rules(a)


def test_a_walker_is_a_two_two_black_zombie_named_walker() -> None:
    b = board([{"id": "w", "token": {"predefined": "Walker"}, "controller": "P2"}])
    a = ask(b, {"kind": "characteristics", "object": "w"})
    assert a.verified, a.unmodelled
    assert (a.data["name"], a.data["power"], a.data["toughness"]) == ("Walker", 2, 2)
    assert a.data["colors"] == ["black"] and a.data["subtypes"] == ["Zombie"]


def test_a_monster_role_gives_its_creature_plus_one_and_trample() -> None:
    b = board(
        [
            {"id": "bears", "card": "Grizzly Bears", "controller": "P1"},
            {
                "id": "role",
                "token": {"predefined": "Monster Role"},
                "controller": "P1",
                "attached_to": "bears",
            },
        ]
    )
    a = ask(b, {"kind": "characteristics", "object": "bears"})
    assert a.verified, a.unmodelled
    assert (a.data["power"], a.data["toughness"]) == (3, 3)
    assert a.data["abilities"] == ["Trample"]


def test_a_tokens_answer_gives_the_treasures_ability_and_cites_its_rule() -> None:
    b = board(
        [{"id": "pro", "card": "Gilded Prospector", "controller": "P1", "since": "this_turn"}]
    )
    a = ask(b, {"kind": "tokens", "object": "pro", "ability": 1})
    assert a.verified, a.unmodelled
    row = a.data["tokens"][0]
    assert row["count"] == 2 and row["token"]["name"] == "Treasure Token"
    assert "Add one mana of any color" in row["text"]
    assert "111.10a" in rules(a)


def test_two_predefined_tokens_of_one_effect_each_cite_their_rule() -> None:
    b = board([{"id": "keep", "card": "Orchard Keeper", "controller": "P1", "since": "this_turn"}])
    a = ask(b, {"kind": "tokens", "object": "keep", "ability": 1})
    assert a.verified, a.unmodelled
    assert [r["token"]["subtypes"] for r in a.data["tokens"]] == [["Food"], ["Clue"]]
    assert {"111.10b", "111.10f"} <= rules(a)


def test_a_dying_creatures_powerstone_is_named_in_the_spell_answer() -> None:
    b = board([{"id": "fore", "card": "Quarry Foreman", "controller": "P1"}])
    a = ask(b, {"kind": "spell", "card": "Snap Bolt", "controller": "P2", "targets": ["fore"]})
    rows = a.data.get("trigger_tokens", [])
    assert [r["token"]["name"] for r in rows] == ["Powerstone Token"], a.short
    assert "111.10h" in rules(a)


@pytest.mark.parametrize(
    "token",
    [
        {"types": ["Artifact"], "subtypes": ["Treasure"]},
        {"name": "Food", "types": ["Artifact"], "subtypes": ["Food"]},
        {"name": "Royal", "types": ["Enchantment"], "subtypes": ["Aura", "Role"]},
    ],
)
def test_a_predefined_subtype_given_without_its_ability_is_never_verified(
    token: dict[str, Any],
) -> None:
    b = board([{"id": "t", "token": token, "controller": "P1"}])
    a = ask(b, {"kind": "characteristics", "object": "t"})
    assert not a.verified
    assert any("given no abilities" in u for u in a.unmodelled), a.unmodelled


def test_an_unknown_or_modified_predefined_token_is_refused() -> None:
    with pytest.raises(BoardError, match="not a predefined token"):
        board([{"id": "t", "token": {"predefined": "Sandwich"}, "controller": "P1"}])
    with pytest.raises(BoardError, match="give its defined values"):
        board([{"id": "t", "token": {"predefined": "Clue", "power": 1}, "controller": "P1"}])


def test_every_predefined_token_is_defined_by_a_rule_the_engine_can_cite() -> None:
    from engine.citations import RULES

    assert {e.rule for e in PREDEFINED.values()} <= set(RULES)
    assert len(PREDEFINED) == 18  # 111.10a-u without the double-faced Incubator (111.10i)
