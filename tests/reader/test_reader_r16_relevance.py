"""(R16, session 14) Unread parts that speak of nothing on the board don't keep the engine's
answer from the player: a fact of the players' mana or cards that names no object matters only
when a card the message names reads it (lands, mana, costs paid with mana; graveyards, hands); a
basic land placed nowhere only makes mana (305.6); "that's my whole mana base" says the board
named is all there is; "…, want to ramp into a 3 drop" is a plan. What isn't read still keeps
the answer unverified."""

from __future__ import annotations

import pytest
from board_routing import routed
from fixture_names import FixtureNames, FixtureNamesWith

from engine.reader import read, relevance

NIGHTMARE = {
    "Nightmare": {
        "mana_cost": "{5}{B}",
        "type_line": "Creature — Nightmare Horse",
        "pt": "*/*",
        "oracle_text": "Flying\nNightmare's power and toughness are each equal to the number of"
        " Swamps you control.",
    }
}
KIRD_APE = {
    "Kird Ape": {
        "mana_cost": "{R}",
        "type_line": "Creature — Ape",
        "pt": "1/1",
        "oracle_text": "Kird Ape gets +1/+2 as long as you control a Forest.",
    }
}


def test_being_short_of_mana_doesnt_decide_whether_a_tap_for_mana_is_allowed(
    names: FixtureNames,
) -> None:
    text = (
        "my fyndhorn elves has been around since last turn, sadly im two mana short of my"
        " combo. can i tap the elves for mana?"
    )
    reading = read(text, names)
    assert reading.unread and not reading.deciding
    assert routed(text, names)
    assert not reading.trusted  # said under "Not read", never verified


def test_the_other_players_lands_dont_decide_a_power_no_card_counts_lands(
    names: FixtureNames,
) -> None:
    text = "my grizzly bears is wearing rancor\nopp: some lands\nwhat p/t is my bear?"
    reading = read(text, names)
    assert reading.question is not None and reading.question["kind"] == "characteristics"
    assert not reading.deciding
    assert routed(text, names)


def test_lands_said_loosely_still_decide_a_power_that_counts_swamps() -> None:
    names = FixtureNamesWith(NIGHTMARE)
    text = "i have nightmare out\nme: some lands\nwhat p/t is my nightmare?"
    reading = read(text, names)
    assert reading.question is not None
    assert reading.deciding  # Nightmare counts Swamps: the lands may be what it is
    assert not routed(text, names)


def test_a_basic_land_placed_nowhere_doesnt_decide_a_creatures_own_tap(
    names: FixtureNames,
) -> None:
    text = (
        "played elvish mystic this turn off a forest, hoping to curve out."
        " can i tap the mystic for mana yet?"
    )
    reading = read(text, names)
    assert "Forest" in reading.unplaced or any("Forest" in u for u in reading.unread)
    assert not reading.deciding
    assert routed(text, names)


def test_a_basic_land_placed_nowhere_decides_a_power_that_reads_forests() -> None:
    names = FixtureNamesWith(KIRD_APE)
    text = "my kird ape has been out a while, got it down off a forest. what p/t is the ape?"
    reading = read(text, names)
    assert reading.question is not None
    assert reading.deciding
    assert not routed(text, names)


def test_the_whole_mana_base_said_agrees_with_the_board_named(names: FixtureNames) -> None:
    text = (
        "sol ring and two forests, all untapped, that's all my lands right now."
        " how much mana can i make?"
    )
    reading = read(text, names)
    assert reading.question is not None and reading.question["kind"] == "mana"
    assert not reading.deciding


def test_a_whole_board_that_goes_on_is_still_news() -> None:
    assert relevance.fact_kinds("that's it, plus a forest") == frozenset({"mana"})
    assert relevance.fact_kinds("those are my only three lands") == frozenset()
    assert relevance.fact_kinds("that's my entire board now") == frozenset()


def test_a_plan_said_without_who_plans_it() -> None:
    assert relevance.fact_kinds("then wanted to tap both for the combo") == frozenset({"plan"})
    assert relevance.fact_kinds("@1 , trying to race them") == frozenset({"plan"})
    assert "tapped" in relevance.fact_kinds("the wanted poster is tapped")


def test_without_card_texts_every_players_fact_still_matters() -> None:
    fact = relevance.UnreadFact("opp: some lands", frozenset({"mana"}), frozenset())
    assert relevance.matters(fact, "characteristics", None, {})
    assert relevance.matters(fact, "characteristics", None, {"token": None})
    assert not relevance.matters(fact, "characteristics", None, {"Grizzly Bears": ""})


def test_a_card_said_with_its_own_keywords_is_no_news(names: FixtureNames) -> None:
    text = (
        "i attack with my serra angel, a flyer with vigilance. opp blocks with giant spider."
        " who dies?"
    )
    reading = read(text, names)
    assert reading.unread and not reading.deciding
    assert routed(text, names) and not reading.trusted


def test_a_keyword_the_card_lacks_is_news(names: FixtureNames) -> None:
    text = "i attack with my grizzly bears, a flyer now. opp blocks with giant spider. who dies?"
    assert read(text, names).deciding
    assert not routed(text, names)


def test_a_clause_saying_what_isnt_there_after_a_comma_is_no_news(names: FixtureNames) -> None:
    text = (
        "I swing with my Shivan Dragon, the opponent has no fliers or reach so nothing blocks."
        " how much damage do they take?"
    )
    reading = read(text, names)
    assert reading.unread and not reading.deciding
    assert routed(text, names)


def test_absent_clauses_leave_the_facts_said_around_them() -> None:
    assert relevance.fact_kinds("@1 , the opponent has no fliers") == frozenset()
    assert relevance.fact_kinds("@1 , tapped with no counters") >= {"tapped"}
    assert relevance.fact_kinds("@1 , no counters , tapped") == frozenset({"tapped"})
    assert relevance.fact_kinds("@1 , no two counters") == frozenset({"counters"})


def test_the_time_a_combat_question_asks_about_is_its_own(names: FixtureNames) -> None:
    text = (
        "my serra angel attacks and nobody blocks. after combat damage, what's my opponent's life?"
    )
    reading = read(text, names)
    assert reading.question is not None and reading.question["kind"] == "combat_damage"
    assert reading.unread and not reading.deciding


@pytest.mark.parametrize(
    "said",
    [
        "I've got Fyndhorn Elves. I didn't play it this turn.",
        "my fyndhorn elves wasn't cast this turn.",
        "I have Fyndhorn Elves, it did not come in this turn.",
    ],
)
def test_not_new_this_turn_is_what_the_reading_takes(said: str, names: FixtureNames) -> None:
    reading = read(f"{said} can I tap it for mana?", names)
    assert reading.question is not None and reading.question["kind"] == "can_activate"
    assert reading.unread and not reading.deciding
    assert "since your last turn" in reading.echo


def test_not_new_said_against_a_reading_of_when_is_not_taken_as_agreeing() -> None:
    fact = relevance.UnreadFact(
        "Fyndhorn Elves didn't enter this turn",
        frozenset({"timing"}),
        frozenset({"Fyndhorn Elves"}),
    )
    told = relevance.Known.of(["Fyndhorn Elves entered this turn"], ["Fyndhorn Elves"])
    assert not relevance._not_new(fact, told)
    assert relevance._not_new(fact, relevance.Known.of([], ["Fyndhorn Elves"]))


def test_a_not_left_over_may_turn_what_was_read_around(names: FixtureNames) -> None:
    # "wasn't" left when "tapped" was read beside it: the reading may hold the opposite ("isn't
    # tapped" is read as untapped since S5, prepare.py)
    reading = read("my serra angel wasn't tapped. can it block?", names)
    assert reading.deciding
    assert not routed("my serra angel wasn't tapped. can it block?", names)
    assert "negation" not in relevance.fact_kinds("can it attack or not")
