"""Red-team boards (S2, session 12) that the reader once answered verified and wrong
(benchmarks/chat-redteam-1): turn numbers that say whose turn it is, and tokens whose power,
toughness or abilities the message never gave. Each test is worded afresh, not a set's message."""

from __future__ import annotations

import pytest
from fixture_names import FixtureNames

from engine.reader import answer, read


def _doubts(text: str, names: FixtureNames) -> set[str]:
    return {reason for reason, _ in read(text, names).doubts}


@pytest.mark.parametrize(
    "text",
    [
        "It's turn 8, my opponent's turn. My Llanowar Elves came down on turn 7. Tap it for mana?",
        "Turn 10 now, opp's turn. I played Llanowar Elves on turn 9. can I tap it?",
    ],
)
def test_a_creature_from_the_turn_before_the_opponents_turn_is_still_summoning_sick(
    text: str, names: FixtureNames
) -> None:
    reading = read(text, names)
    elves = (reading.spec or {})["board"]["battlefield"][0]
    assert elves.get("since") == "this_turn"  # it came in during its controller's last turn
    assert answer(reading, names).answer.startswith("No")


def test_turn_numbers_alone_make_whose_turn_a_guess(names: FixtureNames) -> None:
    text = "I played Grizzly Bears on turn 4 and now it's turn 5. Is the Bears able to attack?"
    reading = read(text, names)
    assert (reading.spec or {})["board"]["turn"]["active"] == "P2"  # turns alternate
    assert "assumed_turn" in {reason for reason, _ in reading.doubts}
    reply = answer(reading, names)
    assert reply.answer.startswith("No") and not reply.verified


def test_a_creature_from_two_turns_ago_is_not_summoning_sick(names: FixtureNames) -> None:
    text = "my llanowar elves came down on turn 3, it's turn 5 now. can i tap it for mana?"
    reading = read(text, names)
    assert "assumed_turn" not in {reason for reason, _ in reading.doubts}
    assert answer(reading, names).answer.startswith("Yes")


@pytest.mark.parametrize(
    "text",
    [
        "I swing with my Elf token and they don't block. How much damage do they take?",
        "I have three Saproling tokens. What's the power of each Saproling token?",
        "opp's Knight token attacks and I block with Grizzly Bears. Does the Bears die?",
    ],
)
def test_a_token_said_only_by_its_type_is_never_verified(text: str, names: FixtureNames) -> None:
    reading = read(text, names)
    assert "unknown_card" in {reason for reason, _ in reading.doubts}, text
    assert not answer(reading, names).verified, text


def test_a_token_with_its_size_given_is_still_trusted(names: FixtureNames) -> None:
    text = "I attack with a 2/2 black Zombie token and nobody blocks. How much damage?"
    assert "unknown_card" not in _doubts(text, names)
    assert answer(read(text, names), names).verified


@pytest.mark.parametrize(
    "text",
    [
        "My Llanowar Elves came in this turn. I also have a Forest. Can I tap it for mana?",
        "I just played Llanowar Elves. I've got a Forest as well. Can I tap it?",
        "I control Grizzly Bears, cast this turn. I control Serra Angel too. Can it attack?",
        # a board listed one player at a time: the other player's thing isn't the topic
        "I have Grizzly Bears with a +1/+1 counter. Opp has Serra Angel. How big is it?",
        "I control Llanowar Elves that I cast this turn. They control Serra Angel. Can it attack?",
    ],
)
def test_a_thing_added_in_passing_does_not_take_the_pronoun_from_the_topic(
    text: str, names: FixtureNames
) -> None:
    reading = read(text, names)
    doubts = {reason for reason, _ in reading.doubts}
    assert doubts & {"ambiguous_pronoun", "guessed_pronoun"}, text
    assert not answer(reading, names).verified, text


def test_a_pronoun_right_after_its_only_candidate_is_still_read(names: FixtureNames) -> None:
    text = "I control a Forest. My Llanowar Elves came in this turn. Can I tap it for mana?"
    reading = read(text, names)
    assert reading.question.get("object") == "llanowar_elves"
    assert answer(reading, names).answer.startswith("No")


def test_a_pronoun_after_the_other_players_thing_and_its_own_sentence_is_that_thing(
    names: FixtureNames,
) -> None:
    text = "My opponent controls Serra Angel. It has a +1/+1 counter. What is its power?"
    reply = answer(read(text, names), names)
    assert reply.answer.startswith("Power 5") and reply.verified


def test_a_counter_put_on_it_after_two_things_is_a_guess(names: FixtureNames) -> None:
    text = (
        "I've got Grizzly Bears and opp has Serra Angel. I put a +1/+1 counter on it."
        " What is the power of Grizzly Bears?"
    )
    reading = read(text, names)
    assert "guessed_pronoun" in {reason for reason, _ in reading.doubts}
    assert not answer(reading, names).verified


def test_a_counter_put_on_it_after_one_thing_is_that_thing(names: FixtureNames) -> None:
    reply = answer(
        read("My Grizzly Bears attacks. I put a +1/+1 counter on it. How big is it?", names), names
    )
    assert reply.answer.startswith("Power 3") or "3/3" in reply.answer
    assert reply.verified
