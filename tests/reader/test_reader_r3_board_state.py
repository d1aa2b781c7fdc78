"""The board-state grammar on cards the fixture set lacks: control-changing Auras (613.1b), X
paid for a permanent that enters with X counters (107.3m, 614.1c), a creature type chosen as a
permanent entered (607.2d), an Equipment's name as a verb. Oracle text as printed (the real
data's wording)."""

from __future__ import annotations

from typing import Any

import pytest
from fixture_names import FixtureNames, FixtureNamesWith

from engine.reader import answer, read

EXTRA: dict[str, dict[str, Any]] = {
    "Control Magic": {
        "mana_cost": "{2}{U}{U}",
        "type_line": "Enchantment — Aura",
        "oracle_text": "Enchant creature\nYou control enchanted creature.",
    },
    "Mind Control": {
        "mana_cost": "{3}{U}{U}",
        "type_line": "Enchantment — Aura",
        "oracle_text": "Enchant creature\nYou control enchanted creature.",
    },
    "Endless One": {
        "mana_cost": "{X}",
        "type_line": "Creature — Eldrazi",
        "pt": "0/0",
        "oracle_text": "This creature enters with X +1/+1 counters on it.",
    },
    "Adaptive Automaton": {
        "mana_cost": "{3}",
        "type_line": "Artifact Creature — Construct",
        "pt": "2/2",
        "oracle_text": "As this creature enters, choose a creature type.\nThis creature is the"
        " chosen type in addition to its other types.\nOther creatures you control of the chosen"
        " type get +1/+1.",
    },
    "Bonesplitter": {
        "mana_cost": "{1}",
        "type_line": "Artifact — Equipment",
        "oracle_text": "Equipped creature gets +2/+0.\nEquip {1}",
    },
}


class R3Names(FixtureNamesWith):
    """The fixture names plus the cards above."""

    def __init__(self) -> None:
        super().__init__(EXTRA)


@pytest.fixture(scope="module")
def r3names() -> R3Names:
    return R3Names()


def _entry(reading: Any, card: str) -> dict[str, Any]:
    return next(e for e in reading.spec["board"]["battlefield"] if e.get("card") == card)


def test_a_creature_stolen_with_control_magic_last_turn_is_yours_and_owned_by_them(
    r3names: R3Names,
) -> None:
    text = "i stole opp's llanowar elves with control magic last turn. can i tap the elves for mana"
    reading = read(text, r3names)
    elves, aura = _entry(reading, "Llanowar Elves"), _entry(reading, "Control Magic")
    assert (elves["controller"], elves["owner"]) == ("P1", "P2")
    assert "since" not in elves  # under your control since before this turn (302.6)
    assert aura["controller"] == "P1" and aura["attached_to"] == elves["id"]
    reply = answer(reading, r3names)
    assert reading.trusted and reply.verified and reply.answer.startswith("Yes")


def test_control_magic_put_on_their_creature_this_turn_makes_it_summoning_sick(
    r3names: R3Names,
) -> None:
    text = "I put Control Magic on their Llanowar Elves this turn, can I tap the elves for mana"
    reading = read(text, r3names)
    elves = _entry(reading, "Llanowar Elves")
    assert (elves["controller"], elves["owner"], elves["since"]) == ("P1", "P2", "this_turn")
    reply = answer(reading, r3names)
    assert reply.verified and reply.answer.startswith("No — summoning sick")


def test_a_stolen_creature_whose_stealing_has_no_when_is_not_verified_for_attacks(
    r3names: R3Names,
) -> None:
    reading = read("control magic is on their grizzly bears. can i attack with the bears", r3names)
    assert _entry(reading, "Grizzly Bears")["controller"] == "P1"
    assert ("assumed_timing", "Grizzly Bears") in reading.doubts
    assert not answer(reading, r3names).verified


def test_the_opponents_control_magic_on_my_creature_gives_it_to_them(r3names: R3Names) -> None:
    reading = read(
        "opp has mind control on my serra angel since their last turn. can my serra angel block"
        " my grizzly bears",
        r3names,
    )
    angel = _entry(reading, "Serra Angel")
    assert (angel["controller"], angel["owner"]) == ("P2", "P1")
    battlefield = (reading.spec or {})["board"]["battlefield"]
    assert len([e for e in battlefield if e["card"] == "Serra Angel"]) == 1  # one Angel, not two
    assert reading.question == {
        "kind": "can_block",
        "object": "serra_angel",
        "attacker": "grizzly_bears",
    }


def test_tapping_a_permanent_the_opponent_controls_is_never_verified(r3names: R3Names) -> None:
    reading = read(
        "opp has control magic on my llanowar elves since their last turn. can i tap my elves"
        " for mana",
        r3names,
    )
    assert ("contradiction", "who controls Llanowar Elves (602.2)") in reading.doubts
    assert not answer(reading, r3names).verified


@pytest.mark.parametrize(
    "text",
    [
        "I cast Endless One for 4 last turn. how big is it",
        "endless one cast with x = 4, whats its p/t",
        "my endless one, x was four. p/t?",
    ],
)
def test_x_paid_for_a_permanent_gives_it_the_counters_it_entered_with(
    text: str, r3names: R3Names
) -> None:
    reading = read(text, r3names)
    one = _entry(reading, "Endless One")
    assert one["cast"] == {"x": 4} and one["counters"] == {"+1/+1": 4}
    reply = answer(reading, r3names)
    assert reading.trusted and reply.verified and reply.answer.startswith("4/4")


def test_for_n_is_not_x_when_the_cost_has_more_than_x(names: FixtureNames) -> None:
    """Hangarback Walker costs {X}{X}: "for 4" paid the whole cost, so X isn't said plainly."""
    reading = read("I cast Hangarback Walker for 4 last turn. how big is it", names)
    walker = _entry(reading, "Hangarback Walker")
    assert "counters" not in walker and not answer(reading, names).verified


@pytest.mark.parametrize(
    "text",
    [
        "i have adaptive automaton, chose elf, and llanowar elves. whats the elves p/t",
        "I control Adaptive Automaton (elves) and Llanowar Elves, what's the elves p/t",
        "chose Elf for Adaptive Automaton. i also control llanowar elves. whats the elves p/t",
    ],
)
def test_a_creature_type_chosen_as_it_entered_is_on_the_board(text: str, r3names: R3Names) -> None:
    reading = read(text, r3names)
    assert _entry(reading, "Adaptive Automaton")["chosen"] == {"creature_type": "Elf"}
    reply = answer(reading, r3names)
    # the lord's +1/+1 and (E1, session 9) "is the chosen type in addition" are modelled
    assert reply.answer.startswith("2/2") and reply.verified


def test_a_type_word_is_no_choice_for_a_card_that_chooses_none(names: FixtureNames) -> None:
    reading = read("my grizzly bears, elf. can it attack", names)
    assert "chosen" not in _entry(reading, "Grizzly Bears")


@pytest.mark.parametrize(
    "text",
    [
        "i bonesplitter'd my grizzly bears. whats the bears p/t",
        "my grizzly bears is suited up with bonesplitter. whats the bears p/t",
        "my grizzly bears has rancor and bonesplitter on it. whats the bears p/t",
    ],
)
def test_equipment_said_as_a_verb_or_worn_is_attached(text: str, r3names: R3Names) -> None:
    reading = read(text, r3names)
    bears = _entry(reading, "Grizzly Bears")
    assert _entry(reading, "Bonesplitter")["attached_to"] == bears["id"]
    assert answer(reading, r3names).answer.startswith(("4/2", "6/2"))
