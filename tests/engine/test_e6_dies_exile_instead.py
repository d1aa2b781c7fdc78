"""E6 (session 14): "If it would die, exile it instead" (614.1a, 614.6). A resolving spell's "If
that creature / a creature dealt damage this way would die this turn, exile it instead" and a
permanent's "If ~ / another creature / a creature an opponent controls would die, exile it
instead" send a permanent that would die to exile: it never dies (700.4), so its dies abilities
don't trigger, and a token there ceases to exist (704.5d)."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from engine_boards import CARDS as SHARED_CARDS
from engine_boards import main_phase_board, pool

from engine.abilities import DiesExileInstead, ExileIfDiesThisTurn, Unsupported
from engine.board import Board
from engine.questions import ask

CARDS: dict[str, dict[str, Any]] = {
    **{name: SHARED_CARDS[name] for name in ("Grizzly Bears", "Serra Angel")},
    "Cinder Wrath": {
        "mana_cost": "{1}{R}{R}",
        "type_line": "Sorcery",
        "oracle_text": "Cinder Wrath deals 3 damage to each creature. If a creature dealt damage "
        "this way would die this turn, exile it instead.",
    },
    "Ember Lash": {
        "mana_cost": "{R}",
        "type_line": "Instant",
        "oracle_text": "Ember Lash deals 2 damage to target creature. If that creature would die "
        "this turn, exile it instead.",
    },
    "Withering Curse": {
        "mana_cost": "{1}{B}",
        "type_line": "Instant",
        "oracle_text": "Target creature gets -3/-3 until end of turn. If that creature would die "
        "this turn, exile it instead.",
    },
    "Searing Kick": {
        "mana_cost": "{1}{R}",
        "type_line": "Instant",
        "oracle_text": "Kicker {R}\nSearing Kick deals 2 damage to any target. If this spell was "
        "kicked, that creature can't be regenerated this turn and if it would die this turn, "
        "exile it instead.",
    },
    "Heat Wave": {
        "mana_cost": "{2}{R}",
        "type_line": "Sorcery",
        "oracle_text": "Heat Wave deals 3 damage to each creature.",
    },
    "Spark Jolt": {
        "mana_cost": "{R}",
        "type_line": "Instant",
        "oracle_text": "Spark Jolt deals 3 damage to any target.",
    },
    "Snuff Out Light": {
        "mana_cost": "{1}{B}",
        "type_line": "Instant",
        "oracle_text": "Destroy target creature.",
    },
    "Gravewarden Hulk": {
        "mana_cost": "{3}{B}{B}",
        "type_line": "Creature — Horror",
        "pt": "4/5",
        "oracle_text": "If another creature would die, exile it instead.",
    },
    "Soulward Jailer": {
        "mana_cost": "{2}{W}{B}",
        "type_line": "Creature — Spirit",
        "pt": "3/3",
        "oracle_text": "If a creature an opponent controls would die, exile it instead.",
    },
    "Grave Tyrant": {
        "mana_cost": "{2}{B}{B}",
        "type_line": "Legendary Creature — Vampire Warrior",
        "pt": "3/4",
        "oracle_text": "Lifelink\nIf a nontoken creature an opponent controls would die, instead "
        "exile that card and create a 2/2 black Zombie creature token.",
    },
    "Twin Lives": {
        "mana_cost": "{2}{G}",
        "type_line": "Enchantment",
        "oracle_text": "If an effect would create one or more tokens under your control, it "
        "creates twice that many of those tokens instead.",
    },
    "Welcoming Herald": {
        "mana_cost": "{1}{W}",
        "type_line": "Creature — Human Cleric",
        "pt": "1/3",
        "oracle_text": "Whenever another creature you control enters, you gain 1 life.",
    },
    "Fading Wisp": {
        "mana_cost": "{1}{U}",
        "type_line": "Creature — Spirit",
        "pt": "2/1",
        "oracle_text": "If this creature would die, exile it instead.",
    },
    "Scrap Hatchery": {
        "mana_cost": "{X}{X}",
        "type_line": "Artifact Creature — Construct",
        "pt": "0/0",
        "oracle_text": "This creature enters with X +1/+1 counters on it.\nWhen this creature "
        "dies, create a 1/1 colorless Thopter artifact creature token with flying for each +1/+1 "
        "counter on this creature.",
    },
    "Wailing Ghoul": {
        "mana_cost": "{1}{B}",
        "type_line": "Creature — Zombie",
        "pt": "2/2",
        "oracle_text": "When this creature leaves the battlefield, each opponent loses 1 life.",
    },
}
SOURCE = pool(CARDS)
SOLDIER = {
    "name": "Soldier",
    "colors": ["W"],
    "types": ["Creature"],
    "subtypes": ["Soldier"],
    "power": 1,
    "toughness": 1,
}


def board(battlefield: list[dict[str, Any]], **extra: Any) -> Board:
    return main_phase_board(SOURCE, battlefield, **extra)


def rules(answer: Any) -> set[str]:
    return {s.rule for s in answer.steps}


def obj(oid: str, card: str, controller: str = "P2", **extra: Any) -> dict[str, Any]:
    return {"id": oid, "card": card, "controller": controller, **extra}


def cast(b: Board, card: str, *targets: str, caster: str = "P1") -> Any:
    return ask(b, {"kind": "spell", "card": card, "controller": caster, "targets": list(targets)})


def test_a_sweeper_that_exiles_what_would_die_leaves_no_dies_trigger() -> None:
    b = board(
        [
            obj("hatch", "Scrap Hatchery", counters={"+1/+1": 2}),
            obj("angel", "Serra Angel"),
            {"id": "soldier", "token": SOLDIER, "controller": "P2"},
        ]
    )
    a = cast(b, "Cinder Wrath")
    assert a.verified, a.unmodelled
    assert set(a.data["exiled"]) == {"hatch", "soldier"}
    assert "exiled instead" in a.short and "Thopter" not in a.short
    assert not a.data.get("triggers") and not a.data.get("trigger_tokens")
    assert {"611.2c", "614.1a", "614.6", "704.5d"} <= rules(a)


def test_the_same_damage_without_the_replacement_makes_the_dies_trigger() -> None:
    b = board([obj("hatch", "Scrap Hatchery", counters={"+1/+1": 2})])
    a = cast(b, "Spark Jolt", "hatch")
    assert a.verified and [r["count"] for r in a.data["trigger_tokens"]] == [2]


def test_a_targeted_burn_spell_exiles_only_the_creature_it_hit() -> None:
    b = board([obj("bears", "Grizzly Bears"), obj("wisp2", "Grizzly Bears", damage=0)])
    a = cast(b, "Ember Lash", "bears")
    assert a.verified, a.unmodelled
    assert a.data["exiled"] == ["bears"] and "wisp2" not in a.short


def test_a_creature_that_survives_the_damage_isnt_exiled() -> None:
    b = board([obj("angel", "Serra Angel")])
    a = cast(b, "Ember Lash", "angel")
    assert a.verified, a.unmodelled
    assert "exiled" not in a.data and "exiled instead" not in a.short


def test_a_toughness_reduction_that_kills_is_exiled_too() -> None:
    b = board([obj("ghoul", "Wailing Ghoul")])
    a = cast(b, "Withering Curse", "ghoul")
    assert a.verified, a.unmodelled
    assert a.data["exiled"] == ["ghoul"]
    # it left the battlefield: its leaves ability still triggers (603.6c); only dying is replaced
    assert any("loses 1 life" in t for t in a.data["triggers"]), a.data


def test_a_permanents_effect_exiles_other_creatures_that_die() -> None:
    b = board([obj("hulk", "Gravewarden Hulk", "P1"), obj("bears", "Grizzly Bears")])
    a = cast(b, "Snuff Out Light", "bears", caster="P2")
    assert a.verified, a.unmodelled
    assert "bears would be destroyed, but is exiled instead" in a.short, a.short
    hulk_itself = cast(b, "Snuff Out Light", "hulk", caster="P2")
    assert "hulk is destroyed" in hulk_itself.short  # "another creature"


def test_an_opponents_creatures_only_effect_doesnt_exile_its_controllers_own() -> None:
    b = board(
        [
            obj("jailer", "Soulward Jailer", "P1"),
            obj("theirs", "Grizzly Bears", "P2"),
            obj("mine", "Grizzly Bears", "P1"),
        ]
    )
    a = cast(b, "Cinder Wrath", caster="P2")
    assert a.verified, a.unmodelled
    # Cinder Wrath exiles both anyway; Spark Jolt shows the Jailer's own effect
    theirs = cast(b, "Spark Jolt", "theirs")
    assert "exiled instead" in theirs.short and theirs.data["exiled"] == ["theirs"]
    mine = cast(b, "Spark Jolt", "mine", caster="P2")
    assert "exiled" not in mine.data and "put into its owner's graveyard" in mine.short


def test_a_creatures_own_effect_sends_it_to_exile_from_combat() -> None:
    b = board(
        [
            obj("wisp", "Fading Wisp", "P1", attacking="P2", blocked_by=["bears"]),
            obj("bears", "Grizzly Bears", "P2"),
        ],
        turn={"active": "P1", "number": 5, "step": "declare_blockers"},
    )
    a = ask(b, {"kind": "combat_damage"})
    assert a.verified, a.unmodelled
    assert a.data["exiled_instead"] == ["wisp"] and "wisp" not in a.data["graveyard"]
    assert "614.6" in rules(a)


def test_an_effect_that_dies_with_the_creatures_still_exiles_them() -> None:
    """The effect applies to the event that includes its own permanent's death (614.6)."""
    b = board(
        [obj("hulk", "Gravewarden Hulk", "P1", damage=5), obj("bears", "Grizzly Bears", damage=2)]
    )
    a = ask(b, {"kind": "after_sba"})
    assert a.data["exiled_instead"] == ["bears"], a.short
    assert "Gravewarden Hulk (hulk) is put into its owner's graveyard" in a.short


def test_a_listed_resolved_effect_exiles_the_creature_after_sbas() -> None:
    b = board(
        [obj("bears", "Grizzly Bears", damage=2)],
        effects=[
            {
                "text": "If that creature would die this turn, exile it instead.",
                "targets": ["bears"],
            }
        ],
    )
    a = ask(b, {"kind": "after_sba"})
    assert a.verified, a.unmodelled
    assert a.data["exiled_instead"] == ["bears"]


def test_an_exile_instead_that_also_creates_a_token_makes_it_for_its_controller() -> None:
    b = board(
        [
            obj("tyrant", "Grave Tyrant", "P1"),
            obj("bears", "Grizzly Bears"),
            {"id": "soldier", "token": SOLDIER, "controller": "P2"},
        ]
    )
    a = cast(b, "Heat Wave", caster="P2")
    assert a.verified, a.unmodelled
    assert a.data["exiled"] == ["bears"]  # the token isn't "nontoken": it dies
    assert "P1 creates 1 × Zombie Token" in a.short and "614.6" in rules(a)


def test_an_ability_triggering_on_the_new_token_entering_keeps_it_unverified() -> None:
    b = board(
        [
            obj("tyrant", "Grave Tyrant", "P1"),
            obj("herald", "Welcoming Herald", "P1"),
            obj("bears", "Grizzly Bears"),
        ]
    )
    a = cast(b, "Spark Jolt", "bears")
    assert "P1 creates 1 × Zombie Token" in a.short and not a.verified
    assert any("603.6a" in u for u in a.unmodelled), a.unmodelled


def test_two_exile_effects_of_which_one_makes_a_token_depend_on_the_choice() -> None:
    """616.1: the dying creature's controller picks which applies; only one makes a Zombie."""
    b = board([obj("tyrant", "Grave Tyrant", "P1"), obj("bears", "Grizzly Bears")])
    a = cast(b, "Cinder Wrath", caster="P2")
    assert a.data["exiled"] == ["bears"] and not a.verified
    assert any("616.1" in u and "also creates a token" in u for u in a.unmodelled)


def test_the_created_token_is_doubled_by_a_token_doubler() -> None:
    b = board(
        [
            obj("tyrant", "Grave Tyrant", "P1"),
            obj("lives", "Twin Lives", "P1"),
            obj("bears", "Grizzly Bears"),
        ]
    )
    a = cast(b, "Spark Jolt", "bears")
    assert a.verified, a.unmodelled
    assert "P1 creates 2 × Zombie Token" in a.short


def test_a_kicked_burn_spell_exiles_only_when_the_question_says_it_was_kicked() -> None:
    b = board([obj("bears", "Grizzly Bears")])
    q = {"kind": "spell", "card": "Searing Kick", "controller": "P1", "targets": ["bears"]}
    kicked = ask(b, {**q, "kicked": True})
    assert kicked.verified, kicked.unmodelled
    assert kicked.data["exiled"] == ["bears"] and "702.33d" in rules(kicked)
    plain = ask(b, {**q, "kicked": False})
    assert plain.verified and "exiled" not in plain.data
    assert "put into its owner's graveyard" in plain.short
    unsaid = ask(b, q)
    assert not unsaid.verified  # whether it was kicked was decided as it was cast (702.33d)


# --- the family on real cards -----------------------------------------------------------

FAMILY = re.compile(r"would die[^.]*exile", re.I)


def _holds_exile_if_dies(value: object) -> bool:
    """An ExileIfDiesThisTurn anywhere in an ability's effects, modes included."""
    if isinstance(value, ExileIfDiesThisTurn):
        return True
    if isinstance(value, tuple | list):
        return any(_holds_exile_if_dies(v) for v in value)
    fields = getattr(value, "__dataclass_fields__", {})
    return any(_holds_exile_if_dies(getattr(value, f)) for f in fields if f != "text")


def test_every_would_die_exile_clause_is_read_as_one_or_left_unread(shared_dir: Path) -> None:
    """A real card's "would die ..., exile ... instead" clause is a DiesExileInstead, an
    ExileIfDiesThisTurn inside a spell or ability, or unsupported: never read as something
    that lets the creature die."""
    from bot.boards import iter_scryfall_cards
    from engine.oracle import compile_all_faces

    oracle_cards = shared_dir / "data" / "scryfall" / "oracle-cards.json"
    misread: list[str] = []
    read = 0
    for card in iter_scryfall_cards(oracle_cards):
        for definition in compile_all_faces(card):
            for ability in definition.abilities:
                text = getattr(ability, "text", "") or ""
                if not FAMILY.search(text):
                    continue
                if isinstance(ability, DiesExileInstead) or _holds_exile_if_dies(ability):
                    read += 1
                elif not isinstance(ability, Unsupported):
                    misread.append(f"{card.name}: {type(ability).__name__}: {text}")
    assert not misread, misread
    assert read >= 20  # Anger of the Gods, Magma Spray, Lava Coil, Void Maw, ...
