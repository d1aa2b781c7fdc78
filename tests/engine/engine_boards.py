"""Small card pool and board builder shared by the engine tests (imported by conftest.py)."""

from __future__ import annotations

from typing import Any

from engine.board import Board, load_board
from engine.cards import CardSource, CardText, DictCardSource, card_from_mapping

CARDS: dict[str, dict[str, Any]] = {
    "Llanowar Elves": {
        "mana_cost": "{G}",
        "type_line": "Creature — Elf Druid",
        "pt": "1/1",
        "oracle_text": "{T}: Add {G}.",
    },
    "Grizzly Bears": {
        "mana_cost": "{1}{G}",
        "type_line": "Creature — Bear",
        "pt": "2/2",
        "oracle_text": "",
    },
    "Forest": {"type_line": "Basic Land — Forest", "oracle_text": "({T}: Add {G}.)"},
    "Swamp": {"type_line": "Basic Land — Swamp", "oracle_text": "({T}: Add {B}.)"},
    "Mountain": {"type_line": "Basic Land — Mountain", "oracle_text": "({T}: Add {R}.)"},
    "Blood Moon": {
        "mana_cost": "{2}{R}",
        "type_line": "Enchantment",
        "oracle_text": "Nonbasic lands are Mountains.",
    },
    "Urborg, Tomb of Yawgmoth": {
        "type_line": "Legendary Land",
        "oracle_text": "Each land is a Swamp in addition to its other land types.",
    },
    "Glorious Anthem": {
        "mana_cost": "{1}{W}{W}",
        "type_line": "Enchantment",
        "oracle_text": "Creatures you control get +1/+1.",
    },
    "Humility": {
        "mana_cost": "{2}{W}{W}",
        "type_line": "Enchantment",
        "oracle_text": "All creatures lose all abilities and have base power and toughness 1/1.",
    },
    "Fervor": {
        "mana_cost": "{2}{R}",
        "type_line": "Enchantment",
        "oracle_text": "Creatures you control have haste.",
    },
    "Serra Angel": {
        "mana_cost": "{3}{W}{W}",
        "type_line": "Creature — Angel",
        "pt": "4/4",
        "oracle_text": "Flying\nVigilance",
    },
    "Giant Spider": {
        "mana_cost": "{3}{G}",
        "type_line": "Creature — Spider",
        "pt": "2/4",
        "oracle_text": "Reach",
    },
    "Elvish Archers": {
        "mana_cost": "{1}{G}",
        "type_line": "Creature — Elf Archer",
        "pt": "2/1",
        "oracle_text": "First strike",
    },
    "Fencing Ace": {
        "mana_cost": "{1}{W}",
        "type_line": "Creature — Human Soldier",
        "pt": "1/1",
        "oracle_text": "Double strike",
    },
    "Darksteel Myr": {
        "mana_cost": "{3}",
        "type_line": "Artifact Creature — Myr",
        "pt": "0/1",
        "oracle_text": "Indestructible",
    },
    "Wall of Stone": {
        "mana_cost": "{1}{R}{R}",
        "type_line": "Creature — Wall",
        "pt": "0/8",
        "oracle_text": "Defender",
    },
    "Tarmogoyf": {
        "mana_cost": "{1}{G}",
        "type_line": "Creature — Lhurgoyf",
        "pt": "*/1+*",
        "oracle_text": "Tarmogoyf's power is equal to the number of card types among cards in all "
        "graveyards and its toughness is equal to that number plus 1.",
    },
    "Lightning Bolt": {
        "mana_cost": "{R}",
        "type_line": "Instant",
        "oracle_text": "Lightning Bolt deals 3 damage to any target.",
    },
    "Thalia, Guardian of Thraben": {
        "mana_cost": "{1}{W}",
        "type_line": "Legendary Creature — Human Soldier",
        "pt": "2/1",
        "oracle_text": "First strike\nNoncreature spells cost {1} more to cast.",
    },
    "Clone": {
        "mana_cost": "{3}{U}",
        "type_line": "Creature — Shapeshifter",
        "pt": "0/0",
        "oracle_text": "You may have this creature enter as a copy of any creature on the "
        "battlefield.",
    },
    "Mysterious Blob": {
        "mana_cost": "{2}{U}",
        "type_line": "Creature — Ooze",
        "pt": "2/2",
        "oracle_text": "Creatures sing on Tuesdays.",
    },
    "Dancing Blob": {
        "mana_cost": "{2}{U}",
        "type_line": "Creature — Ooze",
        "pt": "2/2",
        "oracle_text": "At the beginning of your upkeep, dance.\n"
        "Whenever a creature deals combat damage, it sings.",
    },
    "Vazal, the Compleat": {
        "mana_cost": "{3}{G}{G}{G}",
        "type_line": "Legendary Artifact Creature — Phyrexian",
        "pt": "7/7",
        "oracle_text": "Megalegendary (Your deck can have only one copy of this "
        "card.)\nVigilance, trample\nVazal, the Compleat has the activated abilities of all "
        "other permanents on the battlefield.",
    },
    "Springleaf Drum": {
        "mana_cost": "{1}",
        "type_line": "Artifact",
        "oracle_text": "{T}, Tap an untapped creature you control: Add one mana of any color.",
    },
    "Cursed Scroll of Ink": {
        "mana_cost": "{B}",
        "type_line": "Enchantment — Aura",
        "oracle_text": "Enchant creature\nEnchanted creature is black.",
    },
    "Giant Growth": {
        "mana_cost": "{G}",
        "type_line": "Instant",
        "oracle_text": "Target creature gets +3/+3 until end of turn.",
    },
}

SOURCE = DictCardSource([card_from_mapping(name, data) for name, data in CARDS.items()])


def make_board(battlefield: list[dict[str, Any]], **extra: Any) -> Board:
    in_combat = any(o.get("attacking") or o.get("blocking") for o in battlefield)
    step = "declare_blockers" if in_combat else "precombat_main"
    data: dict[str, Any] = {"turn": {"active": "P1", "number": 5, "step": step}}
    data["battlefield"] = battlefield
    data.update(extra)
    return load_board(data, SOURCE)


def card(name: str) -> CardText:
    found = SOURCE.get(name)
    assert found is not None
    return found


def pool(cards: dict[str, dict[str, Any]]) -> DictCardSource:
    """A card source over a test's own card pool."""
    return DictCardSource([card_from_mapping(name, data) for name, data in cards.items()])


def main_phase_board(source: CardSource, battlefield: list[dict[str, Any]], **extra: Any) -> Board:
    """P1's turn 5, precombat main phase, with `battlefield` and any other spec keys."""
    data: dict[str, Any] = {"turn": {"active": "P1", "number": 5, "step": "precombat_main"}}
    data["battlefield"] = battlefield
    data.update(extra)
    return load_board(data, source)
