"""Red-team boards (S4, session 14) that the reader once answered verified and wrong
(benchmarks/chat-redteam-3): a pronoun put under a player's spell or pump after a sentence that
named two creatures, and several copies of a card whose number was never said ("both of my
Bears"). Each test is worded afresh, not a set's message; beside each, wordings that must stay
as they were."""

from __future__ import annotations

import pytest
from fixture_names import FixtureNames

from engine.reader import answer, read


def _doubts(text: str, names: FixtureNames) -> set[str]:
    return {reason for reason, _ in read(text, names).doubts}


@pytest.mark.parametrize(
    "text",
    [
        "My Giant Spider blocks their Goblin Guide. Then I Bolt it. Does the Spider die?",
        "my grizzly bears is blocking their goblin guide and i shock it. does the guide die?",
        "Their Serra Angel attacks and my Giant Spider blocks. They cast Giant Growth on it. "
        "Does my Spider die?",
        "My Colossal Dreadmaw blocks opp's Shivan Dragon. My opponent casts Giant Growth "
        "targeting it. Does my Dreadmaw survive?",
    ],
)
def test_a_pronoun_under_a_spell_after_two_creatures_is_a_guess(
    text: str, names: FixtureNames
) -> None:
    reading = read(text, names)
    # a guess said as one, or (two subjects before) a question back
    assert {"guessed_pronoun", "ambiguous_pronoun"} & {r for r, _ in reading.doubts}, text
    assert not answer(reading, names).verified, text


@pytest.mark.parametrize(
    "text",
    [
        # one creature named before: "it" can only be that creature
        "My Grizzly Bears attacks and nothing blocks. I cast Giant Growth on it. "
        "How much damage does my opponent take?",
        "I control Serra Angel. My opponent Shocks it. Does the Angel die?",
    ],
)
def test_a_pronoun_under_a_spell_with_one_creature_named_stays_trusted(
    text: str, names: FixtureNames
) -> None:
    reading = read(text, names)
    assert "guessed_pronoun" not in {reason for reason, _ in reading.doubts}, text
    assert answer(reading, names).verified, text


@pytest.mark.parametrize(
    "text",
    [
        "I swing with both of my Grizzly Bears and opp doesn't block. How much damage?",
        "Each of my Grizzly Bears attacks and nobody blocks. How much damage do they take?",
        "I attack with all of my Serra Angel and my opponent has no blockers. How much damage?",
    ],
)
def test_several_copies_without_a_number_are_not_verified(text: str, names: FixtureNames) -> None:
    reading = read(text, names)
    assert "unsaid_count" in {reason for reason, _ in reading.doubts}, text
    assert not answer(reading, names).verified, text


def test_both_of_them_after_a_number_is_no_doubt(names: FixtureNames) -> None:
    text = "I have two Grizzly Bears and attack with both of them. No blocks. How much damage?"
    reading = read(text, names)
    assert "unsaid_count" not in _doubts(text, names)
    assert "takes 4" in answer(reading, names).answer


@pytest.mark.parametrize(
    "text",
    [
        "My Fyndhorn Elves used to be summoning sick. Can I tap it for mana?",
        "my grizzly bears used to have two +1/+1 counters. how big is it?",
        "Serra Angel was previously tapped. Opp attacks with Goblin Guide. Can my Angel block?",
    ],
)
def test_a_state_said_of_the_past_is_not_verified(text: str, names: FixtureNames) -> None:
    reading = read(text, names)
    assert "past_state" in {reason for reason, _ in reading.doubts}, text
    assert not answer(reading, names).verified, text


@pytest.mark.parametrize(
    "text",
    [
        "I control Grizzly Bears and a second Grizzly Bears with a -1/-1 counter. "
        "What's the toughness of Grizzly Bears?",
        "I have Serra Angel. I also have another Serra Angel that came in this turn. "
        "Can Serra Angel attack?",
    ],
)
def test_a_question_naming_a_card_of_two_objects_is_not_verified(
    text: str, names: FixtureNames
) -> None:
    reading = read(text, names)
    assert "which_copy" in {reason for reason, _ in reading.doubts}, text
    assert not answer(reading, names).verified, text


def test_two_objects_of_one_card_in_a_total_stay_trusted(names: FixtureNames) -> None:
    text = "I attack with Grizzly Bears and another Grizzly Bears. No blocks. How much damage?"
    reading = read(text, names)
    assert not {"which_copy", "unsaid_count"} & _doubts(text, names)
    reply = answer(reading, names)
    assert reply.verified and "takes 4" in reply.answer


@pytest.mark.parametrize(
    "text",
    [
        "I swing with Goblin Guide, Grizzly Bears and Goblin Guide. No blocks. How much damage?",
        "i attack with serra angel and serra angel, nothing blocks. how much damage do they take?",
    ],
)
def test_a_card_named_twice_in_one_list_is_not_verified(text: str, names: FixtureNames) -> None:
    reading = read(text, names)
    assert "unsaid_count" in {reason for reason, _ in reading.doubts}, text
    assert not answer(reading, names).verified, text


@pytest.mark.parametrize(
    "text",
    [
        "Opp controls Glorious Anthem, and so do I. What's the power of my Grizzly Bears?",
        "My opponent has Glorious Anthem. Me too. How big is my Serra Angel?",
        "They have a Glorious Anthem out, same here. What's my Goblin Guide's power?",
    ],
)
def test_a_clause_saying_so_do_i_is_not_dropped_as_glue(text: str, names: FixtureNames) -> None:
    reading = read(text, names)
    assert reading.unread, text
    assert not answer(reading, names).verified, text


@pytest.mark.parametrize(
    "text",
    [
        "I control two Fyndhorn Elves. One entered this turn. Can I tap Fyndhorn Elves for mana?",
        "I've got two Grizzly Bears, but only one has a -1/-1 counter. What's the Bears' power?",
        "i have 2 llanowar elves. just one is tapped. how much mana can i make?",
    ],
)
def test_a_bare_one_of_a_group_is_not_verified(text: str, names: FixtureNames) -> None:
    reading = read(text, names)
    assert "one_of_several" in {reason for reason, _ in reading.doubts}, text
    assert not answer(reading, names).verified, text


def test_one_before_a_card_name_is_a_count_not_one_of_a_group(names: FixtureNames) -> None:
    text = "I control two Llanowar Elves and one Forest, all since my last turn. How much mana?"
    assert "one_of_several" not in _doubts(text, names)


@pytest.mark.parametrize(
    "text",
    [
        "I was about to Lightning Bolt opp's Serra Angel. Does the Angel die?",
        "I wanted to cast Giant Growth on my Goblin Guide. How big is it?",
        "i was gonna put a +1/+1 counter on my grizzly bears. what's its power?",
    ],
)
def test_what_a_player_meant_to_do_is_not_verified(text: str, names: FixtureNames) -> None:
    reading = read(text, names)
    assert "intended" in {reason for reason, _ in reading.doubts}, text
    assert not answer(reading, names).verified, text


def test_a_spell_cast_is_no_plan(names: FixtureNames) -> None:
    text = "I cast Lightning Bolt on opp's Goblin Guide. Does the Guide die?"
    reading = read(text, names)
    assert "intended" not in _doubts(text, names)
    assert answer(reading, names).verified


@pytest.mark.parametrize(
    "text",
    [
        "I have Fyndhorn Elves and Llanowar Elves. The elves entered this turn. "
        "Can I tap Fyndhorn Elves for mana?",
        "My Llanowar Elves and my Fyndhorn Elves are out; the Elves is tapped. How much mana?",
    ],
)
def test_a_word_of_two_named_cards_names_is_a_guess(text: str, names: FixtureNames) -> None:
    reading = read(text, names)
    assert "guessed_pronoun" in {reason for reason, _ in reading.doubts}, text
    assert not answer(reading, names).verified, text


def test_a_word_of_one_named_cards_name_stays_trusted(names: FixtureNames) -> None:
    text = "I control Llanowar Elves and Serra Angel. The elves entered this turn. Tap it for mana?"
    reading = read(text, names)
    assert "guessed_pronoun" not in _doubts(text, names)
    assert answer(reading, names).answer.startswith("No")


@pytest.mark.parametrize(
    "text",
    [
        "My Colossal Dreadmaw attacks. Their Giant Spider blocks it. It has two -1/-1 counters. "
        "Does my Dreadmaw die?",
        "my grizzly bears blocks opp's goblin guide. it has a +1/+1 counter. does my bears die?",
    ],
)
def test_a_state_said_of_it_after_two_creatures_fight_is_a_guess(
    text: str, names: FixtureNames
) -> None:
    reading = read(text, names)
    assert "guessed_pronoun" in {reason for reason, _ in reading.doubts}, text
    assert not answer(reading, names).verified, text


def test_a_state_said_of_it_after_one_attacker_stays_trusted(names: FixtureNames) -> None:
    text = "My Serra Angel attacks. It has a +1/+1 counter. Nobody blocks. How much damage?"
    reading = read(text, names)
    assert "guessed_pronoun" not in _doubts(text, names)
    assert answer(reading, names).verified


@pytest.mark.parametrize(
    "text",
    [
        "My Clone came in this turn as a copy of Llanowar Elves. Can I tap Llanowar Elves?",
        "Vizier of Many Faces is copying my Serra Angel and has a -1/-1 counter. "
        "What's Serra Angel's toughness?",
    ],
)
def test_a_question_naming_a_card_that_is_also_copied_is_not_verified(
    text: str, names: FixtureNames
) -> None:
    reading = read(text, names)
    assert "which_copy" in {reason for reason, _ in reading.doubts}, text
    assert not answer(reading, names).verified, text


def test_a_question_naming_the_copy_itself_stays_trusted(names: FixtureNames) -> None:
    text = "I control Clone that entered this turn as a copy of Llanowar Elves. Can I tap Clone?"
    reading = read(text, names)
    assert "which_copy" not in _doubts(text, names)
    reply = answer(reading, names)
    assert reply.verified and reply.answer.startswith("No")


@pytest.mark.parametrize(
    "text",
    [
        "I've got four Forests, all but two are tapped. How much mana can I make?",
        "My Fyndhorn Elves and Llanowar Elves are all tapped except the Fyndhorn Elves. "
        "How much mana can I make?",
    ],
)
def test_a_fact_said_of_a_group_but_some_is_not_verified(text: str, names: FixtureNames) -> None:
    reading = read(text, names)
    assert "excepted" in {reason for reason, _ in reading.doubts}, text
    assert not answer(reading, names).verified, text


def test_no_block_said_of_one_of_several_attackers_is_not_verified(names: FixtureNames) -> None:
    text = (
        "I have Wall of Stone. Opp swings with Shivan Dragon and Goblin Guide. I don't block "
        "the Goblin Guide. How much damage do I take?"
    )
    reading = read(text, names)
    assert "excepted" in {reason for reason, _ in reading.doubts}
    assert not answer(reading, names).verified


def test_no_block_of_the_one_attacker_stays_trusted(names: FixtureNames) -> None:
    text = "My opponent attacks with Serra Angel. I don't block the Angel. How much damage?"
    reading = read(text, names)
    assert "excepted" not in _doubts(text, names)
    assert answer(reading, names).verified


@pytest.mark.parametrize(
    "text",
    [
        "I swing with Shivan Dragon and Grizzly Bears; one gets blocked by their Wall of Stone. "
        "How much damage do they take?",
        "I attack with Serra Angel and Goblin Guide, and one is blocked by opp's Giant Spider. "
        "How much damage?",
    ],
)
def test_a_bare_one_after_two_creatures_is_a_guess(text: str, names: FixtureNames) -> None:
    reading = read(text, names)
    assert "guessed_pronoun" in {reason for reason, _ in reading.doubts}, text
    assert not answer(reading, names).verified, text
