"""Board facts the grammar leaves unread, read loosely (R9, session 11): counters, loyalty,
damage, tapped, since when, a zone and life totals, found by their fact words in a clause
about exactly one thing that fits them; never verified, said in the echo, and never read from a
claim, a condition, a question, or a clause whose thing isn't clear. Every text is our own
wording, with the fixture cards."""

from __future__ import annotations

import time

from fixture_names import FixtureNames

from engine.reader import read
from engine.reader.reader import Reading


def _thing(reading: Reading, card: str) -> dict:
    assert reading.spec is not None
    found = [o for o in reading.spec["board"]["battlefield"] if o.get("card") == card]
    assert len(found) == 1, reading.spec
    return found[0]


def _loose(reading: Reading) -> list[str]:
    return [d for r, d in reading.doubts if r == "loose_reading"]


# -- read loosely ----------------------------------------------------------------------------


def test_counters_said_after_a_relative_clause_are_read_loosely(names: FixtureNames) -> None:
    r = read(
        "I control Walking Ballista, which got pretty big, three +1/+1 counters on it. "
        "What's its power?",
        names,
    )
    assert _thing(r, "Walking Ballista")["counters"] == {"+1/+1": 3}
    assert _loose(r) and not r.trusted


def test_counters_without_their_kind_take_the_one_kind_the_card_speaks_of(
    names: FixtureNames,
) -> None:
    r = read("i have a Hangarback Walker. it's up to 5 counters by now. how big is it?", names)
    assert _thing(r, "Hangarback Walker")["counters"] == {"+1/+1": 5}
    assert not r.trusted


def test_loyalty_goes_to_the_one_planeswalker_in_the_sentence(names: FixtureNames) -> None:
    r = read(
        "I have Grizzly Bears and Jace Beleren, showing 2 loyalty. Can the Bears attack?", names
    )
    assert _thing(r, "Jace Beleren")["counters"] == {"loyalty": 2}
    assert "counters" not in _thing(r, "Grizzly Bears")
    assert not r.trusted


def test_damage_dealt_to_it_earlier_is_marked_loosely(names: FixtureNames) -> None:
    r = read(
        "opp has a Serra Angel, which is sitting on 3 damage from a fight this turn. "
        "What's the angel's toughness?",
        names,
    )
    assert _thing(r, "Serra Angel").get("damage") == 3
    assert not r.trusted


def test_what_it_has_been_doing_all_game_says_since_before_this_turn(
    names: FixtureNames,
) -> None:
    r = read("Colossal Dreadmaw has been stomping around all game. Can it attack?", names)
    assert r.question is not None and not r.unread
    assert "since before this turn" in r.echo
    assert not r.trusted


def test_life_totals_as_a_heading_are_read(names: FixtureNames) -> None:
    # (R12) read by the grammar since session 12 (zones.life_list), no longer loosely
    r = read(
        "Life totals: me 7, opp 3. My Serra Angel attacks and nobody blocks. "
        "What's their life after damage?",
        names,
    )
    assert r.spec is not None
    players = r.spec["board"]["players"]
    assert players["P1"]["life"] == 7 and players["P2"]["life"] == 3
    assert "life" not in " ".join(r.unread)
    assert not any(reason == "loose_reading" for reason, _ in r.doubts)


def test_a_loose_fact_that_disagrees_with_the_grammar_is_a_contradiction(
    names: FixtureNames,
) -> None:
    r = read(
        "Walking Ballista has two +1/+1 counters. it's grown to 4 counters since. "
        "what's its power?",
        names,
    )
    assert any(reason == "contradiction" for reason, _ in r.doubts)
    assert not r.trusted


def test_the_echo_says_what_was_read_loosely(names: FixtureNames) -> None:
    r = read(
        "I control Hangarback Walker, it's huge, six +1/+1 counters on it. What's its power?",
        names,
    )
    assert "6 +1/+1 counters" in r.echo
    assert any("loosely" in c for c in r.concerns)


# -- not read loosely ------------------------------------------------------------------------


def test_a_claim_is_never_a_loose_fact(names: FixtureNames) -> None:
    r = read(
        "I control Walking Ballista. my friend says it's grown to 4 counters. what's its power?",
        names,
    )
    assert "counters" not in _thing(r, "Walking Ballista")
    assert not _loose(r)


def test_a_condition_is_never_a_loose_fact(names: FixtureNames) -> None:
    r = read("I control Walking Ballista. if it got up to 4 counters, how big would it be?", names)
    assert "counters" not in _thing(r, "Walking Ballista")


def test_counters_between_two_creatures_are_not_given_to_either(names: FixtureNames) -> None:
    r = read(
        "I have Grizzly Bears and Llanowar Elves, and there are two +1/+1 counters in play. "
        "what's the bears' power?",
        names,
    )
    assert "counters" not in _thing(r, "Grizzly Bears")
    assert "counters" not in _thing(r, "Llanowar Elves")
    assert not r.trusted


def test_counters_of_a_card_with_no_single_kind_are_not_guessed(names: FixtureNames) -> None:
    r = read("I control Grizzly Bears. it's up to 3 counters by now. how big is it?", names)
    assert "counters" not in _thing(r, "Grizzly Bears")
    assert r.unread


def test_damage_it_deals_is_not_damage_on_it(names: FixtureNames) -> None:
    r = read("my Shivan Dragon, it deals 5 damage to them every turn. can it attack?", names)
    assert not _thing(r, "Shivan Dragon").get("damage")


def test_damage_from_last_turn_is_not_marked_now(names: FixtureNames) -> None:
    r = read("opp has a Serra Angel, took 3 damage last turn. What's the angel's toughness?", names)
    assert not _thing(r, "Serra Angel").get("damage")
    assert r.unread


def test_a_number_of_another_thing_is_not_a_counter(names: FixtureNames) -> None:
    r = read(
        "I control Walking Ballista, cast it off 4 lands, with 2 counters on a Hangarback "
        "Walker too. what's the ballista's power?",
        names,
    )
    assert "counters" not in _thing(r, "Walking Ballista")


def test_a_question_is_not_read_as_a_fact(names: FixtureNames) -> None:
    r = read("I control Walking Ballista. or has it grown to 3 counters?", names)
    assert "counters" not in _thing(r, "Walking Ballista") and not _loose(r)


def test_a_long_message_of_clauses_is_read_in_bounded_time(names: FixtureNames) -> None:
    text = "I control Hangarback Walker, which is big, four +1/+1 counters on it. " * 50
    start = time.perf_counter()
    read(text + "what's its power?", names)
    assert time.perf_counter() - start < 5.0
