"""The short answer to a question that asks for one number says that number first and alone
(R11, session 12): "how much damage do they take?" is "Your opponent takes 4.", "what's my
life after combat?" is "Your life total: 17.", "what's its mana value?" is "Mana value 0 —
Hangarback Walker."; the engine's breakdown (each creature's assignment, the life totals
before and after) follows as steps. Whose life a question asks about survives a spell question
and a pronoun for the opponent's creature. Every text here is my own, with the fixture cards."""

from __future__ import annotations

import re

import pytest
from board_routing import routed
from fixture_names import FixtureNames

from engine.reader import answer, read


def _numbers(text: str) -> list[str]:
    return re.findall(r"\d+", text)


# (text, the answer's start, the one number in it, a step that must say the totals)
ONE_NUMBER = [
    (
        "My Colossal Dreadmaw attacks and their Grizzly Bears blocks it. How much damage does my"
        " opponent take?",
        "Your opponent takes 4.",
        "4",
        "your opponent 20 → 16",
    ),
    (
        "In combat: my colossal dreadmaw attacking, opp blocks with grizzly bears. whats my"
        " opponent's life after combat?",
        "Your opponent’s life total: 16.",
        "16",
        "your opponent 20 → 16",
    ),
    (
        "I'm on 12 life. My Serra Angel wearing Basilisk Collar attacks and nobody blocks. What's"
        " my life total after combat?",
        "Your life total: 16.",
        "16",
        "you 12 → 16",
    ),
    (
        "Colossal Dreadmaw of mine is attacking, blocked by their Grizzly Bears. how much damage"
        " is opp taking",
        "Your opponent takes 4.",
        "4",
        "your opponent 20 → 16",
    ),
]


@pytest.mark.parametrize(("text", "start", "number", "totals"), ONE_NUMBER)
def test_a_number_question_gets_its_number_alone_and_the_breakdown_as_steps(
    text: str, start: str, number: str, totals: str, names: FixtureNames
) -> None:
    reply = answer(read(text, names), names)
    assert reply.answer.startswith(start), reply.answer
    assert _numbers(reply.answer) == [number], reply.answer
    steps = [said for _, said in reply.steps]
    assert any(totals in said for said in steps), steps
    assert any(re.search(r"\bassigns \d+ to\b", said) for said in steps), steps


def test_a_mana_value_answer_names_the_object_and_no_other_number(names: FixtureNames) -> None:
    text = "I cast Hangarback Walker with X=2 this turn. What's its mana value now?"
    reply = answer(read(text, names), names)
    assert reply.answer == "Mana value 0 — Hangarback Walker.", reply.answer
    assert any(rule == "107.3i" for rule, _ in reply.steps), reply.steps  # the why stays


def test_a_spell_life_question_leads_with_the_life_asked(names: FixtureNames) -> None:
    text = (
        "Opponent is at 15 and controls Serra Angel. I cast Swords to Plowshares on their Serra"
        " Angel. What's their life total after it resolves?"
    )
    reply = answer(read(text, names), names)
    assert reply.answer.startswith("Your opponent’s life total: 19."), reply.answer
    assert _numbers(reply.answer) == ["19"], reply.answer


def test_they_for_the_opponents_creature_asks_the_opponents_life(names: FixtureNames) -> None:
    text = (
        "Their Serra Angel is out and I Swords to Plowshares the Angel. how much life do they gain?"
    )
    reply = answer(read(text, names), names)
    assert reply.answer.startswith("Your opponent gains 4 life."), reply.answer


def test_they_for_my_attacker_still_asks_the_defending_player(names: FixtureNames) -> None:
    text = (
        "my colossal dreadmaw attacks and they block with grizzly bears. how much damage do"
        " they take?"
    )
    reply = answer(read(text, names), names)
    assert reply.answer.startswith("Your opponent takes 4."), reply.answer


def test_does_it_die_after_a_spell_is_not_about_an_enchantment(names: FixtureNames) -> None:
    """ "it" read as the Anthem (a permanent that can't die of damage) while the Bolt is cast
    at a creature: the question is about the creature, as a guess, so never verified."""
    text = "Opp has Glorious Anthem out. I Bolt their Grizzly Bears — does it die?"
    reading = read(text, names)
    reply = answer(reading, names)
    assert reading.about == "grizzly_bears", reading.asked
    assert reply.answer.startswith("Yes — Grizzly Bears dies"), reply.answer
    assert not reply.verified and not reading.trusted


def test_does_it_die_of_the_spells_own_target_stays_as_read(names: FixtureNames) -> None:
    text = "Opp has Glorious Anthem out. I Shock their Grizzly Bears. Does it die?"
    reading = read(text, names)
    reply = answer(reading, names)
    assert reading.about == "grizzly_bears"
    assert reply.answer.startswith("No — Grizzly Bears survives"), reply.answer
    assert "guessed_pronoun" not in {d for d, _ in reading.doubts}


def test_how_much_damage_total_is_what_reaches_the_defending_player(names: FixtureNames) -> None:
    text = (
        "my Grizzly Bears and Serra Angel both attack, opp has no blockers. how much damage total?"
    )
    reply = answer(read(text, names), names)
    assert reply.answer.startswith("Your opponent takes 6."), reply.answer


# -- a token the ability makes, asked about before it is on the board --------------------------

SEPARATOR = (
    "Sage of Ancient Lore is in my graveyard and I'm holding 4 cards. I activate Soul Separator"
    " targeting the Sage. "
)

# (the question, the answer's start)
TOKEN_ASKED = [
    ("What's the power and toughness of the black Zombie token I get?", "4/4 — 1 × Zombie Token"),
    ("how big is the spirit copy gonna be?", "1/1 — 1 × Sage of Ancient Lore"),
    ("what p/t is the zombie token?", "4/4 — 1 × Zombie Token"),
    ("What colour is the zombie token?", "Black — 1 × Zombie Token"),
    ("whats the zombie token's p/t", "4/4 — 1 × Zombie Token"),
]


@pytest.mark.parametrize(("asked", "start"), TOKEN_ASKED)
def test_a_token_the_ability_makes_is_asked_about_by_its_words(
    asked: str, start: str, names: FixtureNames
) -> None:
    reading = read(SEPARATOR + asked, names)
    assert reading.question is not None and reading.question["kind"] == "tokens", reading.asked
    reply = answer(reading, names)
    assert reply.answer.startswith(start), reply.answer


def test_a_token_no_ability_makes_is_not_read_as_one(names: FixtureNames) -> None:
    reading = read("I control Grizzly Bears. what's the p/t of the zombie token?", names)
    assert reading.question is None


def test_a_token_already_on_the_board_is_that_tokens_question(names: FixtureNames) -> None:
    """A Zombie token said to be on the board is the object asked about (and, said by its
    type alone, never verified), not the one the Separator would make."""
    text = (
        "I control a Zombie token and Soul Separator. Grizzly Bears is in my graveyard. I activate"
        " Soul Separator targeting the Bears. what's the p/t of the zombie token?"
    )
    reading = read(text, names)
    assert reading.question is not None and reading.question["kind"] == "characteristics"
    assert not answer(reading, names).verified


# -- does X (get to) deal damage to Y: who deals combat damage, with first strike (510.4) ------

# (text, the answer's start)
HITS_BACK = [
    (
        "my fencing ace attacks and their llanowar elves blocks. does the elves get to hit my ace"
        " back?",
        "No — Llanowar Elves deals no combat damage to Fencing Ace",
    ),
    (
        "My Fencing Ace is attacking, blocked by their Grizzly Bears. Does the Bears deal damage"
        " to my Fencing Ace?",
        "Yes — Grizzly Bears deals 2 damage to Fencing Ace",
    ),
    (
        "their Serra Angel attacks me and I block with Giant Spider. will the angel hit me?",
        "No — Serra Angel deals no combat damage to you",
    ),
]


@pytest.mark.parametrize(("text", "start"), HITS_BACK)
def test_whether_a_creature_deals_combat_damage_to_another_is_yes_or_no(
    text: str, start: str, names: FixtureNames
) -> None:
    reading = read(text, names)
    assert reading.focus == "deals_damage", reading.asked
    reply = answer(reading, names)
    assert reply.answer.startswith(start), reply.answer


def test_deal_damage_without_a_combat_is_not_that_question(names: FixtureNames) -> None:
    reading = read(
        "I control Grizzly Bears and they have Llanowar Elves. does the bears hit the elves?", names
    )
    assert reading.focus != "deals_damage"


# -- "can I tap X for the Y ability": a copy's own ability is what it copies (707.2) ---------


@pytest.mark.parametrize(
    "text",
    [
        "I've had Hangarback Walker out for ages. Spark Double came in this turn as a copy of my"
        " Hangarback Walker. Can I tap the Spark Double for the Walker ability?",
        "I control Hangarback Walker and a Spark Double that entered this turn as a copy of it. can"
        " i tap spark double for hangarback walker's ability?",
    ],
)
def test_a_copy_tapped_for_the_copied_ability_is_that_ability(
    text: str, names: FixtureNames
) -> None:
    reading = read(text, names)
    assert reading.question is not None, reading.doubts
    assert reading.question["kind"] == "can_activate"
    assert reading.about == "spark_double"
    assert answer(reading, names).answer.startswith("No"), answer(reading, names).answer


def test_tapping_a_creature_for_another_cards_ability_is_not_its_own(names: FixtureNames) -> None:
    text = (
        "I control Hangarback Walker and Grizzly Bears, both since last turn. Can I tap the Bears"
        " for the Walker ability?"
    )
    reading = read(text, names)
    assert reading.question is None or reading.about != "grizzly_bears"


# -- the cheap look reads verb forms of block and attack ("blocking legal?") ---------------


@pytest.mark.parametrize(
    "text",
    [
        "their Serra Angel attacks me, I have Giant Spider untapped. blocking legal?",
        "opp's Serra Angel is attacking and my Giant Spider is untapped. is blocking ok here?",
    ],
)
def test_a_block_asked_with_blocking_is_routed_and_never_verified(
    text: str, names: FixtureNames
) -> None:
    assert routed(text, names)
    reply = answer(read(text, names), names)
    assert reply.answer.startswith("Yes") and not reply.verified, reply


def test_tokens_entering_tapped_and_attacking_is_no_attack_question(names: FixtureNames) -> None:
    """How tokens enter (508.4) is not whether a creature can attack: not read loosely."""
    text = "my Serra Angel attacks with Glorious Anthem out, do the tokens also come in attacking?"
    reading = read(text, names)
    assert reading.question is None or reading.question["kind"] != "can_attack"
