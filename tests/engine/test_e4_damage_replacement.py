"""E4 (session 12): damage replacement effects (614.1a) — "deals double that damage" (Furnace of
Rath), "triple", "that much damage plus N" (Torbran) — applied as spell and combat damage is
dealt, each once (614.5), ordered by the affected player when several apply (616.1); and the
family's other wordings stay unread, so they never give a verified answer."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from engine_boards import CARDS as SHARED_CARDS
from engine_boards import main_phase_board, pool

from engine.abilities import DamageReplacement, Unsupported
from engine.board import Board
from engine.questions import ask


def _enchantment(text: str, cost: str = "{2}{R}{R}") -> dict[str, Any]:
    return {"mana_cost": cost, "type_line": "Enchantment", "oracle_text": text}


CARDS: dict[str, dict[str, Any]] = {
    **{name: SHARED_CARDS[name] for name in ("Grizzly Bears", "Serra Angel")},
    "Doubling Kiln": _enchantment(
        "If a source would deal damage to a permanent or player, it deals double that damage to "
        "that permanent or player instead."
    ),
    "Red Thane": {
        "mana_cost": "{3}{R}{R}",
        "type_line": "Legendary Creature — Dwarf Noble",
        "pt": "2/4",
        "oracle_text": "If a red source you control would deal damage to an opponent or a "
        "permanent an opponent controls, it deals that much damage plus 2 instead.",
    },
    "Spell Stoker": _enchantment(
        "If a source you control would deal noncombat damage to an opponent or a permanent an "
        "opponent controls, it deals double that damage to that player or permanent instead."
    ),
    "Brute Rage": _enchantment(
        "If a creature you control would deal damage to a permanent or player, it deals triple "
        "that damage instead."
    ),
    "Kind Ward": _enchantment(
        "If a source would deal damage to a creature you control, it deals that much damage "
        "minus 1 to that creature instead.",
        "{1}{W}",
    ),
    "Shock": {
        "mana_cost": "{R}",
        "type_line": "Instant",
        "oracle_text": "Shock deals 2 damage to any target.",
    },
    "Blaze": {
        "mana_cost": "{X}{R}",
        "type_line": "Sorcery",
        "oracle_text": "Blaze deals X damage to any target.",
    },
    "Hill Giant": {"mana_cost": "{3}{R}", "type_line": "Creature — Giant", "pt": "3/3"},
    "Goblin Piker": {"mana_cost": "{1}{R}", "type_line": "Creature — Goblin Warrior", "pt": "2/1"},
    "Ember Leech": {
        "mana_cost": "{1}{R}",
        "type_line": "Creature — Vampire",
        "pt": "2/2",
        "oracle_text": "Lifelink",
    },
    "Trampling Brute": {
        "mana_cost": "{4}{G}{G}",
        "type_line": "Creature — Beast",
        "pt": "6/6",
        "oracle_text": "Trample",
    },
    "White Knight": {
        "mana_cost": "{W}{W}",
        "type_line": "Creature — Human Knight",
        "pt": "2/2",
        "oracle_text": "First strike\nProtection from black",
    },
    "Dark Wave": {
        "mana_cost": "{1}{B}",
        "type_line": "Sorcery",
        "oracle_text": "Dark Wave deals 3 damage to each creature.",
    },
}
SOURCE = pool(CARDS)


def board(battlefield: list[dict[str, Any]], **extra: Any) -> Board:
    return main_phase_board(SOURCE, battlefield, **extra)


def combat_board(battlefield: list[dict[str, Any]]) -> Board:
    data: dict[str, Any] = {"turn": {"active": "P1", "number": 5, "step": "declare_blockers"}}
    data["battlefield"] = battlefield
    from engine.board import load_board

    return load_board(data, SOURCE)


def rules(answer: Any) -> set[str]:
    return {s.rule for s in answer.steps}


def shock(target: str, caster: str = "P1") -> dict[str, Any]:
    return {"kind": "spell", "card": "Shock", "controller": caster, "targets": [target]}


def test_a_doubled_shock_kills_a_three_toughness_creature() -> None:
    b = board(
        [
            {"id": "kiln", "card": "Doubling Kiln", "controller": "P2"},
            {"id": "giant", "card": "Hill Giant", "controller": "P2"},
        ]
    )
    a = ask(b, shock("giant"))
    assert a.verified, a.unmodelled
    assert "deals 4 damage to giant" in a.short and "destroyed (lethal damage)" in a.short
    assert {"614.1a", "614.5", "704.5g"} <= rules(a)


def test_plus_two_needs_a_red_source_of_its_controller_hitting_an_opponents_side() -> None:
    b = combat_board(
        [
            {"id": "thane", "card": "Red Thane", "controller": "P1"},
            {"id": "piker", "card": "Goblin Piker", "controller": "P1", "attacking": "P2"},
            {"id": "bears", "card": "Grizzly Bears", "controller": "P1", "attacking": "P2"},
        ]
    )
    a = ask(b, {"kind": "combat_damage"})
    assert a.verified, a.unmodelled
    assert a.data["life"]["P2"] == 20 - 4 - 2  # the red Piker deals 2 + 2, the green Bears 2
    assert "piker deals 4 to P2 instead" in a.short


def test_an_opponents_red_spell_at_the_thanes_own_creature_is_not_increased() -> None:
    b = board(
        [
            {"id": "thane", "card": "Red Thane", "controller": "P1"},
            {"id": "bears", "card": "Grizzly Bears", "controller": "P1"},
        ]
    )
    a = ask(b, shock("bears", caster="P2"))
    assert a.verified, a.unmodelled
    assert "deals 2 damage to bears" in a.short and "614.1a" not in rules(a)


def test_two_doublers_each_apply_once_so_damage_is_four_times() -> None:
    b = board(
        [
            {"id": "kiln", "card": "Doubling Kiln", "controller": "P1"},
            {"id": "kiln2", "card": "Doubling Kiln", "controller": "P2"},
        ]
    )
    a = ask(b, shock("P2"))
    assert a.verified, a.unmodelled
    assert a.short.startswith("Shock deals 8 damage to P2")
    assert {"614.5", "616.1"} <= rules(a)


def test_a_doubler_and_plus_two_depend_on_the_order_the_damaged_player_chooses() -> None:
    b = board(
        [
            {"id": "kiln", "card": "Doubling Kiln", "controller": "P1"},
            {"id": "thane", "card": "Red Thane", "controller": "P1"},
        ]
    )
    a = ask(b, shock("P2"))
    assert not a.verified
    assert any("616.1" in u and "6 or 8" in u for u in a.unmodelled)


def test_the_damage_dealt_changes_but_trample_assigns_lethal_without_it() -> None:
    b = combat_board(
        [
            {"id": "rage", "card": "Brute Rage", "controller": "P1"},
            {"id": "brute", "card": "Trampling Brute", "controller": "P1", "attacking": "P2"},
            {"id": "bears", "card": "Grizzly Bears", "controller": "P2", "blocking": "brute"},
        ]
    )
    a = ask(b, {"kind": "combat_damage"})
    assert a.verified, a.unmodelled
    assert "brute assigns 2 to bears, 4 to P2" in a.short  # 702.19b: lethal ignores replacements
    assert a.data["life"]["P2"] == 20 - 12
    assert "bears" in a.data["graveyard"]


def test_lifelink_gains_the_damage_actually_dealt() -> None:
    b = combat_board(
        [
            {"id": "kiln", "card": "Doubling Kiln", "controller": "P2"},
            {"id": "leech", "card": "Ember Leech", "controller": "P1", "attacking": "P2"},
        ]
    )
    a = ask(b, {"kind": "combat_damage"})
    assert a.verified, a.unmodelled
    assert a.data["life"] == {"P1": 24, "P2": 16}


def test_a_noncombat_only_doubler_leaves_combat_damage_alone() -> None:
    stoker = {"id": "stoker", "card": "Spell Stoker", "controller": "P1"}
    fight = combat_board(
        [stoker, {"id": "piker", "card": "Goblin Piker", "controller": "P1", "attacking": "P2"}]
    )
    assert ask(fight, {"kind": "combat_damage"}).data["life"]["P2"] == 18
    burn = ask(board([stoker]), shock("P2"))
    assert burn.verified and burn.short.startswith("Shock deals 4 damage to P2")


def test_zero_damage_is_not_an_event_to_replace() -> None:
    b = board([{"id": "thane", "card": "Red Thane", "controller": "P1"}])
    a = ask(b, {"kind": "spell", "card": "Blaze", "controller": "P1", "targets": ["P2"], "x": 0})
    assert a.short.startswith("Blaze deals 0 damage to P2")
    assert "120.8" in rules(a)


def test_protection_still_prevents_doubled_damage() -> None:
    b = board(
        [
            {"id": "kiln", "card": "Doubling Kiln", "controller": "P1"},
            {"id": "knight", "card": "White Knight", "controller": "P2"},
        ]
    )
    a = ask(b, {"kind": "spell", "card": "Dark Wave", "controller": "P1", "targets": []})
    assert a.verified, a.unmodelled
    assert "damage to knight is prevented" in a.short and "702.16e" in rules(a)
    assert "deals 6 damage to knight" not in a.short


def test_damage_already_marked_beside_a_damage_replacement_is_never_verified() -> None:
    b = board(
        [
            {"id": "kiln", "card": "Doubling Kiln", "controller": "P2"},
            {"id": "giant", "card": "Hill Giant", "controller": "P2", "damage": 1},
        ]
    )
    a = ask(b, {"kind": "characteristics", "object": "giant"})
    assert not a.verified
    assert any("damage marked" in u for u in a.unmodelled)


def test_a_replacement_wording_not_modelled_keeps_the_answer_unverified() -> None:
    b = board(
        [
            {"id": "ward", "card": "Kind Ward", "controller": "P2"},
            {"id": "giant", "card": "Hill Giant", "controller": "P2"},
        ]
    )
    a = ask(b, shock("giant"))
    assert not a.verified  # "minus 1" is read by no template: unknown static text


# --- the family on real cards -----------------------------------------------------------

FAMILY = re.compile(r"would deal [^.]*damage[^.]*instead|instead[^.]*deals? [^.]*damage", re.I)


def test_every_damage_replacement_clause_is_modelled_or_left_unread(shared_dir: Path) -> None:
    """Each real card's clause that replaces damage ("would deal ... damage ... instead") is a
    DamageReplacement (read exactly) or unsupported — never read by another template as
    something that doesn't change the damage, which would verify a wrong amount."""
    from bot.boards import iter_scryfall_cards
    from engine.oracle import compile_all_faces

    oracle_cards = shared_dir / "data" / "scryfall" / "oracle-cards.json"
    misread: list[str] = []
    modelled = 0
    for card in iter_scryfall_cards(oracle_cards):
        for definition in compile_all_faces(card):
            for ability in definition.abilities:
                text = getattr(ability, "text", "") or ""
                if not FAMILY.search(text) or "would deal" not in text:
                    continue
                if isinstance(ability, DamageReplacement):
                    modelled += 1
                elif not isinstance(ability, Unsupported):
                    misread.append(f"{card.name}: {type(ability).__name__}: {text}")
    assert not misread, misread
    assert modelled >= 12  # Furnace of Rath, Torbran, Fiery Emancipation, ...


# --- protection from a creature type (702.16a; E4 s12) -----------------------------------------

PROTECTION_CARDS: dict[str, dict[str, Any]] = {
    "Sky Warden": {
        "mana_cost": "{3}{W}{W}",
        "type_line": "Creature — Angel",
        "pt": "5/5",
        "oracle_text": "Flying\nProtection from Demons and from Dragons",
    },
    "Fire Drake": {
        "mana_cost": "{4}{R}{R}",
        "type_line": "Creature — Dragon",
        "pt": "5/5",
        "oracle_text": "Flying",
    },
    "Shapeling": {
        "mana_cost": "{3}{U}",
        "type_line": "Creature — Shapeshifter",
        "pt": "2/2",
        "oracle_text": "Flying\nChangeling",
    },
    "Cut Down": {
        "mana_cost": "{2}{B}",
        "type_line": "Instant",
        "oracle_text": "Target creature gets -5/-5 until end of turn.",
    },
}
PROTECTION_SOURCE = pool(PROTECTION_CARDS)


def _attack_board(blocker: str) -> Board:
    from engine.board import load_board

    data: dict[str, Any] = {
        "turn": {"active": "P1", "number": 5, "step": "declare_attackers"},
        "battlefield": [
            {"id": "warden", "card": "Sky Warden", "controller": "P1", "attacking": "P2"},
            {"id": "blocker", "card": blocker, "controller": "P2"},
        ],
    }
    return load_board(data, PROTECTION_SOURCE)


def test_protection_from_dragons_stops_a_dragon_blocking() -> None:
    a = ask(
        _attack_board("Fire Drake"),
        {"kind": "can_block", "object": "blocker", "attacker": "warden"},
    )
    assert a.verified, a.unmodelled
    assert a.short.startswith("No") and "702.16f" in rules(a)


def test_a_changeling_is_a_dragon_for_protection() -> None:
    a = ask(
        _attack_board("Shapeling"), {"kind": "can_block", "object": "blocker", "attacker": "warden"}
    )
    assert a.verified, a.unmodelled
    assert a.short.startswith("No")


def test_protection_from_dragons_doesnt_stop_an_instant() -> None:
    b = main_phase_board(
        PROTECTION_SOURCE, [{"id": "warden", "card": "Sky Warden", "controller": "P2"}]
    )
    a = ask(b, {"kind": "spell", "card": "Cut Down", "controller": "P1", "targets": ["warden"]})
    assert a.verified, a.unmodelled
    assert "toughness 0 or less" in a.short
