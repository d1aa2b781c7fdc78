"""Wrong-"verified" classes found by the red team (S1): each board now gets the rules' answer or
an unverified one naming why. The full adversarial boards are tests/engine/scenarios/R*.yaml."""

from __future__ import annotations

from typing import Any

import pytest
from engine_boards import CARDS

from engine.answer import QuestionError
from engine.board import Board, load_board
from engine.cards import DictCardSource, card_from_mapping
from engine.questions import ask

EXTRA: dict[str, dict[str, Any]] = {
    "Pro-White Knight": {
        "mana_cost": "{1}{B}",
        "type_line": "Creature — Knight",
        "pt": "2/2",
        "oracle_text": "Protection from white",
    },
    "Pro-Red Knight": {
        "mana_cost": "{1}{W}",
        "type_line": "Creature — Knight",
        "pt": "2/2",
        "oracle_text": "Protection from red",
    },
    "Pacifism": {
        "mana_cost": "{1}{W}",
        "type_line": "Enchantment — Aura",
        "oracle_text": "Enchant creature\nEnchanted creature can't attack or block.",
    },
    "White Sword": {
        "mana_cost": "{1}{W}",
        "type_line": "Artifact — Equipment",
        "oracle_text": "Equipped creature gets +1/+1.\nEquip {1}",
    },
    "March of the Machines": {
        "mana_cost": "{3}{U}",
        "type_line": "Enchantment",
        "oracle_text": "Each noncreature artifact is an artifact creature with power and toughness "
        "each equal to its mana value.",
    },
    "Mind Stone": {
        "mana_cost": "{2}",
        "type_line": "Artifact",
        "oracle_text": "{T}: Add {C}.",
    },
    "Fire // Ice": {
        "layout": "split",
        "card_faces": [
            {
                "name": "Fire",
                "mana_cost": "{1}{R}",
                "type_line": "Instant",
                "oracle_text": "Fire deals 2 damage divided as you choose among one or two "
                "targets.",
            },
            {
                "name": "Ice",
                "mana_cost": "{1}{U}",
                "type_line": "Instant",
                "oracle_text": "Tap target permanent.\nDraw a card.",
            },
        ],
    },
}
SOURCE = DictCardSource(
    [card_from_mapping(n, d) for n, d in {**CARDS, **EXTRA}.items()],
)


def board(battlefield: list[dict[str, Any]], step: str = "precombat_main", **extra: Any) -> Board:
    data: dict[str, Any] = {"turn": {"active": "P1", "number": 5, "step": step}}
    return load_board({**data, "battlefield": battlefield, **extra}, SOURCE)


def test_an_aura_on_a_permanent_with_protection_from_its_color_goes_to_the_graveyard() -> None:
    b = board(
        [
            {"id": "knight", "card": "Pro-White Knight", "controller": "P2"},
            {"id": "pac", "card": "Pacifism", "controller": "P1", "attached_to": "knight"},
        ]
    )
    sba = ask(b, {"kind": "after_sba"})
    assert sba.verified
    assert "Pacifism (pac) is put into its owner's graveyard" in sba.short
    assert "702.16c" in sba.rules
    other = ask(b, {"kind": "can_attack", "object": "knight"})
    assert not other.verified
    assert any("protection covers it" in u for u in other.unmodelled)


def test_an_aura_of_another_color_stays_on_a_protected_permanent() -> None:
    b = board(
        [
            {"id": "knight", "card": "Pro-Red Knight", "controller": "P2"},
            {"id": "pac", "card": "Pacifism", "controller": "P1", "attached_to": "knight"},
        ]
    )
    sba = ask(b, {"kind": "after_sba"})
    assert sba.verified and "unchanged" in sba.short


def test_equipment_of_a_protected_color_becomes_unattached_and_stays() -> None:
    b = board(
        [
            {"id": "knight", "card": "Pro-White Knight", "controller": "P1"},
            {"id": "sword", "card": "White Sword", "controller": "P1", "attached_to": "knight"},
        ]
    )
    sba = ask(b, {"kind": "after_sba"})
    assert sba.verified and "sword becomes unattached" in sba.short
    assert "702.16d" in sba.rules


def test_a_spell_cant_target_a_creature_with_protection_from_its_color() -> None:
    b = board([{"id": "knight", "card": "Pro-Red Knight", "controller": "P1"}])
    red = ask(b, {"kind": "spell", "card": "Lightning Bolt", "targets": ["knight"]})
    assert red.verified and "can't target knight" in red.short
    green = ask(b, {"kind": "spell", "card": "Giant Growth", "targets": ["knight"]})
    assert "can't target" not in green.short


def test_an_effect_keeps_applying_to_its_objects_in_later_layers() -> None:
    """613.6: March of the Machines made Mind Stone a creature in layer 4, so its P/T part
    (7b) still applies although Mind Stone is no longer a noncreature artifact."""
    b = board(
        [
            {"id": "march", "card": "March of the Machines", "controller": "P1"},
            {"id": "stone", "card": "Mind Stone", "controller": "P1", "since": "this_turn"},
        ]
    )
    ch = ask(b, {"kind": "characteristics", "object": "stone"})
    assert ch.verified and (ch.data["power"], ch.data["toughness"]) == (2, 2)
    tap = ask(b, {"kind": "can_activate", "object": "stone", "ability": "mana"})
    assert tap.verified and tap.short.startswith("No")


def test_a_token_copying_a_token_is_still_a_token() -> None:
    token = {"name": "Soldier", "colors": ["W"], "types": ["Creature"], "power": 1, "toughness": 1}
    copier = {"name": "Shapeshifter", "types": ["Creature"], "power": 0, "toughness": 0}
    b = board(
        [
            {"id": "sol", "token": token, "controller": "P2"},
            {
                "id": "shift",
                "token": copier,
                "controller": "P1",
                "copy_effects": [{"copies": "sol", "via": "effect"}],
            },
            {
                "id": "clone",
                "card": "Clone",
                "controller": "P1",
                "copy_effects": [{"copies": "sol", "via": "enter_as_copy"}],
            },
        ]
    )
    shift = ask(b, {"kind": "characteristics", "object": "shift"})
    assert shift.verified and shift.data["is_token"] is True and "; a token" in shift.short
    clone = ask(b, {"kind": "characteristics", "object": "clone"})
    assert clone.verified and clone.data["is_token"] is False and "not a token" in clone.short


def test_combat_damage_asked_at_end_of_combat_is_unverified() -> None:
    fighters = [{"id": "bears", "card": "Grizzly Bears", "controller": "P1", "attacking": "P2"}]
    done = ask(board(fighters, "end_of_combat"), {"kind": "combat_damage"})
    assert not done.verified
    assert any("already dealt" in u for u in done.unmodelled)
    ahead = ask(board(fighters, "declare_blockers"), {"kind": "combat_damage"})
    assert ahead.verified and ahead.data["life"]["P2"] == 18


def test_can_attack_after_attackers_were_declared_is_unverified() -> None:
    bears = [{"id": "bears", "card": "Grizzly Bears", "controller": "P1"}]
    late = ask(board(bears, "postcombat_main"), {"kind": "can_attack", "object": "bears"})
    assert not late.verified
    assert any("attackers were declared" in u for u in late.unmodelled)
    early = ask(board(bears, "precombat_main"), {"kind": "can_attack", "object": "bears"})
    assert early.verified and early.short == "Yes."


def test_a_split_card_on_the_stack_needs_the_half_being_cast() -> None:
    unsaid = board([], stack=[{"id": "fi", "card": "Fire // Ice", "controller": "P1"}])
    answer = ask(unsaid, {"kind": "characteristics", "object": "fi"})
    assert not answer.verified
    assert any("which half" in u for u in answer.unmodelled)
    ice = board([], stack=[{"id": "fi", "card": "Fire // Ice", "controller": "P1", "face": "back"}])
    answer = ask(ice, {"kind": "characteristics", "object": "fi"})
    assert answer.verified and answer.data["name"] == "Ice" and answer.data["colors"] == ["blue"]
    assert "709.3b" in answer.rules


def test_an_illegal_damage_assignment_is_refused_not_answered() -> None:
    """510.1c, 702.19b: a chosen assignment must give each blocker lethal damage before any goes
    to the player (trample), and a blocked creature without trample can't hit the player."""
    fighters = [
        {"id": "serra", "card": "Serra Angel", "controller": "P1", "attacking": "P2"},
        {"id": "spider", "card": "Giant Spider", "controller": "P2", "blocking": "serra"},
    ]
    b = board(fighters, "declare_blockers")
    with pytest.raises(QuestionError, match="can't assign damage to P2"):
        ask(b, {"kind": "combat_damage", "assignment": {"serra": {"P2": 4}}})
    with pytest.raises(QuestionError, match="totals 3"):
        ask(b, {"kind": "combat_damage", "assignment": {"serra": {"spider": 3}}})
    legal = ask(b, {"kind": "combat_damage", "assignment": {"serra": {"spider": 4}}})
    assert legal.verified and legal.data["life"]["P2"] == 20


def test_a_board_with_a_state_based_action_pending_is_unverified() -> None:
    """704.3, 117.5: a creature with lethal damage marked would already be in the graveyard
    when anyone could ask whether it can attack; the after_sba question performs it."""
    hurt = board([{"id": "bears", "card": "Grizzly Bears", "controller": "P1", "damage": 2}])
    attack = ask(hurt, {"kind": "can_attack", "object": "bears"})
    assert not attack.verified
    assert any("a state-based action is pending" in u for u in attack.unmodelled)
    sba = ask(hurt, {"kind": "after_sba"})
    assert sba.verified and "Grizzly Bears (bears) is put into" in sba.short
    fine = board([{"id": "bears", "card": "Grizzly Bears", "controller": "P1", "damage": 1}])
    assert ask(fine, {"kind": "can_attack", "object": "bears"}).verified


def test_an_assignment_the_board_cant_use_is_refused_not_ignored() -> None:
    """510.1b: an unblocked attacker assigns all its damage to what it attacks; an assignment
    naming something else (or no attacker) was silently replaced by the default."""
    b = board(
        [{"id": "bears", "card": "Grizzly Bears", "controller": "P1", "attacking": "P2"}],
        "declare_blockers",
    )
    with pytest.raises(QuestionError, match="no attacking creature 'ghost'"):
        ask(b, {"kind": "combat_damage", "assignment": {"ghost": {"P2": 2}}})
    with pytest.raises(QuestionError, match="unblocked"):
        ask(b, {"kind": "combat_damage", "assignment": {"bears": {"P2": 99}}})
    ok = ask(b, {"kind": "combat_damage", "assignment": {"bears": {"P2": 2}}})
    assert ok.verified and ok.data["life"]["P2"] == 18


def test_more_targets_than_the_spell_names_are_refused() -> None:
    b = board(
        [
            {"id": "bears", "card": "Grizzly Bears", "controller": "P2"},
            {"id": "elves", "card": "Llanowar Elves", "controller": "P2"},
        ]
    )
    with pytest.raises(QuestionError, match="1 target"):
        ask(b, {"kind": "spell", "card": "Lightning Bolt", "targets": ["bears", "elves"]})
    one = ask(b, {"kind": "spell", "card": "Lightning Bolt", "targets": ["bears"]})
    assert one.verified and "Grizzly Bears (bears) is put into" in one.short
