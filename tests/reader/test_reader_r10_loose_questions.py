"""Questions in words no shape knows (R10, session 11): the loose reading takes the question's
kind from its content words and its subject from the thing it names, else the pronoun's
referent, else the one thing on the board that fits; two that fit are asked back. A loose
reading is never verified (the ``loose_question`` doubt). "My friend says X. Is he right?" is
the question the claim answers, and the answer says whether the claim holds. General rules
questions stay with retrieval. Every text here is my own, with the fixture cards."""

from __future__ import annotations

import pytest
from board_routing import routed
from fixture_names import FixtureNames

from engine.reader import answer, read
from engine.reader.question import _LOOSE_CUES, _LOOSE_WITH, CLAIM_CHECK, CLAIM_DENIED


def _loose(text: str, names: FixtureNames):  # type: ignore[no-untyped-def]
    reading = read(text, names)
    assert "loose_question" in {d for d, _ in reading.doubts}, reading.doubts
    assert not reading.trusted
    return reading


# (text, kind, focus, the question's object, the answer's first word)
LOOSE = [
    (
        "I control Tarmogoyf and there's a Lightning Bolt in my graveyard. How much power and"
        " toughness has the Goyf?",
        "characteristics",
        "power_toughness",
        "tarmogoyf",
        "1/2",
    ),
    ("I control Serra Angel. Angel colour?", "characteristics", "colors", "serra_angel", "White"),
    (
        "Their Serra Angel is attacking me. I control Giant Spider. Block possible?",
        "can_block",
        "can",
        "giant_spider",
        "Yes",
    ),
    (
        "opp swings Serra Angel at me and i've only got Grizzly Bears. a block legal here?",
        "can_block",
        "can",
        "grizzly_bears",
        "No",
    ),
    (
        "Llanowar Elves entered this turn under my control. Swing with them?",
        "can_attack",
        "can",
        "llanowar_elves",
        "No",
    ),
    (
        "I control Goblin Guide, cast it this turn. Attack right away?",
        "can_attack",
        "can",
        "goblin_guide",
        "Yes",
    ),
    (
        "I control Llanowar Elves, I cast them this turn. Mana from them possible?",
        "can_activate",
        "can",
        "llanowar_elves",
        "No",
    ),
    ("I have Sol Ring and two Islands. mana total?", "mana", "amount", None, "4"),
    (
        "Their Colossal Dreadmaw attacks me and I block with Grizzly Bears. bears dead?",
        "combat_damage",
        "dies",
        None,
        "Yes",
    ),
    (
        "I attack with Colossal Dreadmaw and they block with Grizzly Bears. max damage through"
        " to them?",
        "combat_damage",
        "combat",
        None,
        "Your",
    ),
    (
        "I have two Thalia, Guardian of Thraben on my battlefield. legend rule?",
        "after_sba",
        "legend_rule",
        None,
        "Yes",
    ),
]


@pytest.mark.parametrize(("text", "kind", "focus", "about", "first"), LOOSE)
def test_a_question_in_unknown_words_is_read_by_its_content_and_never_verified(
    text: str, kind: str, focus: str, about: str | None, first: str, names: FixtureNames
) -> None:
    reading = _loose(text, names)
    assert reading.question is not None and reading.question["kind"] == kind
    assert reading.focus == focus
    if about is not None:
        assert reading.about == about
    assert routed(text, names)
    reply = answer(reading, names)
    assert not reply.verified
    assert reply.answer.startswith(first), reply.answer


def test_two_things_that_fit_are_asked_back_never_guessed(names: FixtureNames) -> None:
    text = "Their Serra Angel is attacking me. I control Giant Spider and Grizzly Bears. Block?"
    reading = read(text, names)
    assert reading.question is None
    assert ("ambiguous_pronoun", "Giant Spider or Grizzly Bears") in reading.doubts
    assert reading.follow_up is not None and "Giant Spider or Grizzly Bears" in reading.follow_up
    assert answer(reading, names).answer == ""


def test_several_blockers_are_not_one_creatures_block(names: FixtureNames) -> None:
    reading = read(
        "I attack with Colossal Dreadmaw, opp has 2 Grizzly Bears. both block it?", names
    )
    assert "loose_question" not in {d for d, _ in reading.doubts}
    assert not reading.trusted


def test_two_kinds_in_one_question_sentence_are_not_guessed(names: FixtureNames) -> None:
    text = "Their Serra Angel attacks, I have Giant Spider. block and survive?"
    reading = read(text, names)
    assert "loose_question" not in {d for d, _ in reading.doubts}
    assert not reading.trusted


def test_every_cue_family_has_its_companions_and_a_reader() -> None:
    from engine.reader.question import _FAMILY_WORDS, _LOOSE_ASK

    assert set(_LOOSE_CUES) == set(_LOOSE_WITH) == set(_LOOSE_ASK) == set(_FAMILY_WORDS)
    assert all(others <= set(_LOOSE_CUES) for others in _LOOSE_WITH.values())


@pytest.mark.parametrize(
    ("text", "denied", "first"),
    [
        (
            "my opponent attacks with Serra Angel. I have Giant Spider untapped. my friend says"
            " the spider can't block it. is he right?",
            True,
            "No",  # the Spider has reach: it can block, so the claim is wrong
        ),
        (
            "opp attacks with Serra Angel, I have Grizzly Bears untapped. my buddy says the bears"
            " can't block it. is he right?",
            True,
            "Yes",  # flying (702.9b): the claim holds
        ),
        (
            "I control Llanowar Elves that came in this turn. my buddy says I can tap it for"
            " mana. is that true?",
            False,
            "No",  # summoning sick (302.6)
        ),
        (
            "I control two copies of Thalia, Guardian of Thraben. my friend says I have to get"
            " rid of one because of the legend rule. is he right?",
            False,
            "Yes",  # 704.5j
        ),
    ],
)
def test_is_he_right_asks_the_question_the_claim_answers(
    text: str, denied: bool, first: str, names: FixtureNames
) -> None:
    reading = _loose(text, names)
    assert (CLAIM_DENIED if denied else CLAIM_CHECK) in reading.asked
    reply = answer(reading, names)
    assert not reply.verified
    assert reply.answer.startswith(first), reply.answer
    assert ("holds" if first == "Yes" else "is wrong") in reply.answer


# rules questions in the words the loose reading knows: no board, so retrieval answers them
GENERAL = [
    "can a creature block the turn it comes in?",
    "how does trample work with deathtouch?",
    "block possible if the attacker has flying and my creature has reach?",
    "what happens to a creature with 0 toughness?",
    "my friend says a creature can't block the turn it comes in. is he right?",
    "max damage a trampler deals to a player when it's chump blocked?",
    "legend rule?",
    "mana from a summoning sick creature possible?",
]


@pytest.mark.parametrize("text", GENERAL)
def test_a_rules_question_in_loose_words_stays_with_retrieval(
    text: str, names: FixtureNames
) -> None:
    assert not routed(text, names)
    assert "loose_question" not in {d for d, _ in read(text, names).doubts}
