"""E4 (session 12): a resolving spell's continuous effect on a group — "All creatures get -2/-2
until end of turn" (Infest), "Creatures you control get +3/+3 and gain trample" (Overrun) —
affects the objects in the group as it resolves (611.2c); Fireball's "X damage divided evenly,
rounded down, among any number of targets" is divided as it resolves (608.2c)."""

from __future__ import annotations

from typing import Any

import pytest
from engine_boards import CARDS as SHARED_CARDS
from engine_boards import main_phase_board, pool

from engine.board import Board
from engine.questions import QuestionError, ask


def _sorcery(text: str, cost: str = "{2}{B}{B}") -> dict[str, Any]:
    return {"mana_cost": cost, "type_line": "Sorcery", "oracle_text": text}


CARDS: dict[str, dict[str, Any]] = {
    **{name: SHARED_CARDS[name] for name in ("Grizzly Bears", "Serra Angel", "Llanowar Elves")},
    "Black Haze": _sorcery("All creatures get -2/-2 until end of turn."),
    "Stampede Call": _sorcery(
        "Creatures you control get +3/+3 and gain trample until end of turn.", "{2}{G}{G}"
    ),
    "Chill Wind": _sorcery("Creatures your opponents control get -1/-1 until end of turn."),
    "Charge Horn": _sorcery("Attacking creatures get +2/+0 until end of turn.", "{1}{R}"),
    "Fire Orb": _sorcery(
        "This spell costs {1} more to cast for each target beyond the first.\nFire Orb deals X "
        "damage divided evenly, rounded down, among any number of targets.",
        "{X}{R}",
    ),
    "Hill Giant": {"mana_cost": "{3}{R}", "type_line": "Creature — Giant", "pt": "3/3"},
}
SOURCE = pool(CARDS)


def board(battlefield: list[dict[str, Any]], **extra: Any) -> Board:
    return main_phase_board(SOURCE, battlefield, **extra)


def rules(answer: Any) -> set[str]:
    return {s.rule for s in answer.steps}


SIDES = [
    {"id": "bears", "card": "Grizzly Bears", "controller": "P1"},
    {"id": "elves", "card": "Llanowar Elves", "controller": "P2"},
    {"id": "giant", "card": "Hill Giant", "controller": "P2"},
]


def cast(name: str, targets: list[str] | None = None, **extra: Any) -> dict[str, Any]:
    return {"kind": "spell", "card": name, "controller": "P1", "targets": targets or [], **extra}


def test_minus_two_to_all_creatures_kills_each_with_toughness_two_or_less() -> None:
    a = ask(board(SIDES), cast("Black Haze"))
    assert a.verified, a.unmodelled
    assert "Grizzly Bears (bears) is put into its owner's graveyard" in a.short
    assert "Llanowar Elves (elves) is put into its owner's graveyard" in a.short
    assert "Hill Giant (giant) is put" not in a.short
    assert {"611.2c", "704.5f"} <= rules(a)


def test_a_pump_for_your_creatures_leaves_the_opponents_alone() -> None:
    a = ask(board(SIDES), cast("Stampede Call"))
    assert a.verified, a.unmodelled
    assert "Stampede Call: bears —" in a.short and "giant" not in a.short


def test_minus_one_to_the_opponents_creatures_spares_the_casters() -> None:
    a = ask(board(SIDES), cast("Chill Wind"))
    assert a.verified, a.unmodelled
    assert "Llanowar Elves (elves) is put into its owner's graveyard" in a.short
    assert "bears" not in a.short


def test_attacking_creatures_is_not_a_subtype_so_the_spell_stays_unread() -> None:
    # "Attacking creatures get +2/+0" was read with "Attacking" as a subtype no creature has:
    # applying it would silently do nothing
    with pytest.raises(QuestionError, match="no spell effect the engine can read"):
        ask(board(SIDES), cast("Charge Horn"))


@pytest.mark.parametrize(
    "text",
    [
        "Nonblack creatures get -1/-1.",
        "Multicolored creatures you control have flying.",
        "Untapped creatures you control get +0/+2.",
        "Commander creatures you control get +2/+2 and have haste.",
    ],
)
def test_a_capitalised_word_that_is_no_subtype_leaves_a_lord_unread(text: str) -> None:
    from engine.abilities import Unsupported
    from engine.oracle.card import read_paragraph

    assert all(isinstance(a, Unsupported) for a in read_paragraph(text, False))


def test_attacking_creatures_you_control_is_read_as_in_combat() -> None:
    from engine.abilities import StaticEffect
    from engine.oracle.card import read_paragraph

    (a,) = read_paragraph("Attacking creatures you control get +1/+0.", False)
    assert isinstance(a, StaticEffect)
    assert a.affected.in_combat == "attacking" and not a.affected.subtypes


def test_a_planeswalker_type_is_still_read() -> None:
    from engine.abilities import Unsupported
    from engine.oracle.card import read_paragraph

    text = "~ gets +2/+0 as long as you control an Angrath planeswalker."
    assert not any(isinstance(a, Unsupported) for a in read_paragraph(text, False))


def test_fireball_divides_evenly_rounded_down_among_its_targets() -> None:
    a = ask(board(SIDES), cast("Fire Orb", ["elves", "giant"], x=5))
    assert a.verified, a.unmodelled
    assert "Fire Orb deals 2 damage to elves; Fire Orb deals 2 damage to giant" in a.short
    assert "Llanowar Elves (elves) is put into its owner's graveyard" in a.short
    assert "Hill Giant (giant) is put" not in a.short
    assert "608.2c" in rules(a)


def test_fireball_with_one_target_deals_all_of_x_to_it() -> None:
    a = ask(board(SIDES), cast("Fire Orb", ["giant"], x=4))
    assert a.verified, a.unmodelled
    assert "deals 4 damage to giant" in a.short and "destroyed (lethal damage)" in a.short


def test_fireball_with_more_targets_than_x_deals_nothing() -> None:
    a = ask(board(SIDES), cast("Fire Orb", ["elves", "giant", "P2"], x=2))
    assert "deals 0 damage to P2" in a.short and "graveyard" not in a.short


def test_fireball_cant_target_the_same_creature_twice() -> None:
    with pytest.raises(QuestionError, match=r"115\.3"):
        ask(board(SIDES), cast("Fire Orb", ["giant", "giant"], x=4))
