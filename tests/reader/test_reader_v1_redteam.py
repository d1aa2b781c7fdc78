"""Wrong "verified" answers the red team found (V1, session 12; benchmarks/chat-redteam-1):
spells cast in response, facts said under "if ..." or of another game, a fact said of one of
several copies, and predefined tokens. Each test is worded afresh, not a set's message, and each
class has wordings that must stay verified, so the fix doesn't abstain where it needn't."""

from __future__ import annotations

import pytest
from fixture_names import FixtureNames

from engine.reader import answer, read


def _doubts(text: str, names: FixtureNames) -> set[str]:
    return {reason for reason, _ in read(text, names).doubts}


# -- spells in response: last in, first out (405.5, 608.1) ----------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "I pump my Grizzly Bears: I cast Giant Growth on them, and opp responds with Lightning Bolt"
        " on them. Do my Bears die?",
        "I cast Giant Growth on my Grizzly Bears; my opponent responded with Shock targeting it."
        " Does it die?",
        "I cast Giant Growth on my Grizzly Bears and they respond by casting Lightning Bolt on it."
        " Is my Bears dead?",
    ],
)
def test_a_burn_spell_cast_in_response_to_a_pump_resolves_first(
    text: str, names: FixtureNames
) -> None:
    reply = answer(read(text, names), names)
    # the response resolves before the pump: the 2/2 has lethal damage (704.5g)
    assert reply.answer.startswith("Yes"), reply.answer
    assert not reply.verified, text


def test_a_pump_said_before_a_burn_response_isnt_on_the_board_it_resolves_on(
    names: FixtureNames,
) -> None:
    text = (
        "I cast Giant Growth on my Grizzly Bears and my opponent responds with Lightning Bolt on"
        " it. What's the power of my Grizzly Bears?"
    )
    assert not answer(read(text, names), names).verified


@pytest.mark.parametrize(
    "text",
    [
        "My opponent casts Lightning Bolt on my Grizzly Bears and I respond with Giant Growth on"
        " it. Do my Bears die?",
        "They Shock my Grizzly Bears, I respond with Giant Growth on it. Does it survive?",
    ],
)
def test_a_pump_cast_in_response_to_a_burn_spell_still_saves_it_verified(
    text: str, names: FixtureNames
) -> None:
    reply = answer(read(text, names), names)
    assert reply.answer.startswith("Yes" if "survive" in text else "No"), reply.answer
    assert reply.verified, text


# -- hypotheticals and other games: not the board now ---------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "What if I had Glorious Anthem? What would my Grizzly Bears' power be? I control Grizzly"
        " Bears.",
        "I control Tarmogoyf, and graveyards are empty. If I cast Humility, what's the Goyf's"
        " power?",
        "Suppose I control Lord of Atlantis. What's the power of my Grizzly Bears?",
        "If my opponent played Humility, what would my Serra Angel's power be? I control Serra"
        " Angel.",
        "The previous game I had Humility; this game I control Grizzly Bears. What's its power?",
    ],
)
def test_a_permanent_said_under_if_or_of_another_game_is_never_verified(
    text: str, names: FixtureNames
) -> None:
    reading = read(text, names)
    assert "not_now" in {reason for reason, _ in reading.doubts}, text
    assert not answer(reading, names).verified, text


@pytest.mark.parametrize(
    "text",
    [
        "If I Lightning Bolt my opponent's Grizzly Bears, does it die?",
        "I control Grizzly Bears and Glorious Anthem. If I attack with the Bears and nobody blocks,"
        " how much damage does my opponent take?",
        "I control Glorious Anthem and I cast Grizzly Bears this turn. What's the Bears' power?",
    ],
)
def test_a_spell_or_attack_under_if_is_the_question_and_stays_verified(
    text: str, names: FixtureNames
) -> None:
    reading = read(text, names)
    assert "not_now" not in {reason for reason, _ in reading.doubts}, text
    assert answer(reading, names).verified, text


# -- one of several copies ------------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "I have three Llanowar Elves, one of them came in this turn. How much mana can I make?",
        "I control two Llanowar Elves, one of which entered this turn. How much mana do I have?",
    ],
)
def test_one_of_several_copies_entering_this_turn_isnt_said_of_all_of_them(
    text: str, names: FixtureNames
) -> None:
    reply = answer(read(text, names), names)
    # the others aren't summoning sick (302.6): one fewer than the copies
    assert reply.answer.startswith(str(int("three" in text) + 1)), reply.answer
    assert not reply.verified  # whose the one copy is rests on the group's


def test_what_is_said_of_one_of_the_opponents_copies_is_never_verified(
    names: FixtureNames,
) -> None:
    text = "Opp has two Llanowar Elves, one of them came down this turn. What mana can they make?"
    assert not answer(read(text, names), names).verified


def test_all_copies_entering_this_turn_stay_summoning_sick(names: FixtureNames) -> None:
    text = "I control two Llanowar Elves that entered this turn. How much mana can I make?"
    reply = answer(read(text, names), names)
    assert reply.answer.startswith("0"), reply.answer


# -- predefined tokens (111.10): R18 (s14) gives a Treasure, Powerstone or Gold its ability ---
# (tests/reader/test_reader_r18_predefined_tokens.py); "a Blood token" is still not one


@pytest.mark.parametrize(
    "text",
    [
        "I control a Blood token and Llanowar Elves. How much mana can I make?",
    ],
)
def test_a_predefined_token_is_never_verified(text: str, names: FixtureNames) -> None:
    assert not answer(read(text, names), names).verified, text


def test_a_permanent_the_question_asks_about_under_if_is_its_own_event(
    names: FixtureNames,
) -> None:
    text = "If I cast Llanowar Elves this turn, am I able to tap it for mana immediately?"
    reading = read(text, names)
    assert "not_now" not in {reason for reason, _ in reading.doubts}
    reply = answer(reading, names)
    assert reply.answer.startswith("No") and reply.verified  # summoning sick (302.6)


def test_a_fact_of_a_game_said_as_where_it_was_played_is_still_another_game(
    names: FixtureNames,
) -> None:
    text = "In my previous game I had Humility. Now I have Grizzly Bears. What's the Bears' power?"
    reading = read(text, names)
    assert "not_now" in {reason for reason, _ in reading.doubts}
    assert not answer(reading, names).verified


# -- a word of one card's name that is another named card's creature type ------------------


@pytest.mark.parametrize(
    "text",
    [
        "I have Llanowar Elves and Elvish Mystic. The elves entered this turn. Can I tap Elvish"
        " Mystic for mana?",
        "I control Elvish Mystic and Llanowar Elves; the elf came in this turn. Can I tap Llanowar"
        " Elves for mana?",
    ],
)
def test_a_name_word_that_is_another_cards_creature_type_is_a_guess(
    text: str, names: FixtureNames
) -> None:
    reading = read(text, names)
    assert "guessed_pronoun" in {reason for reason, _ in reading.doubts}, reading.doubts
    assert not answer(reading, names).verified


def test_a_name_word_no_other_card_shares_is_still_that_card(names: FixtureNames) -> None:
    text = "I have Llanowar Elves and Grizzly Bears. The elves came in this turn. Tap them for G?"
    reading = read(text, names)
    assert "guessed_pronoun" not in {reason for reason, _ in reading.doubts}
    reply = answer(reading, names)
    assert reply.answer.startswith("No") and reply.verified


# -- "its power" is a creature's (208.3: a noncreature permanent has none) -----------------


@pytest.mark.parametrize(
    "text",
    [
        "I control Grizzly Bears. I cast Glorious Anthem this turn, what is its toughness?",
        "I have Tarmogoyf. Graveyards are empty. I played Humility. How big is it now?",
    ],
)
def test_its_power_after_a_noncreature_is_the_creature_named_further_back(
    text: str, names: FixtureNames
) -> None:
    reply = answer(read(text, names), names)
    assert "None" not in reply.answer, reply.answer
    assert not reply.verified  # a guess, said as one
