"""Routing, question grammar and names (R7, session 10): two questions are never one verified
answer; the same engine question asked twice stays one; a characteristics question sends the
engine the part it asks about (``about``); "what happens to X after damage" says whether it dies
without a Yes/No; general rules questions in this session's new shapes (hedges, "my question is
whether", "who's right") stay with retrieval; spells said as verbs ("i shock it", "opp pushes my
elves") are the cards on the real data, ordinary verbs are not."""

from __future__ import annotations

from pathlib import Path
from typing import get_args

import pytest
from board_routing import routed
from fixture_names import FixtureNames

from engine.questions import CharacteristicAbout
from engine.reader import answer, read
from engine.reader.vocabulary import FOCUSES

# ordinary rules questions said in the shapes this session taught: they stay with retrieval
GENERAL = [
    "my question is whether a creature can block the turn it came in",
    "i'm wondering if a creature with summoning sickness can block?",
    "who's right, does a 0/0 creature die before its counters are put on?",
    "what happens to a creature after damage wears off at end of turn?",
    "what mana can a land actually make if it has no mana ability?",
    "who is still alive after combat if both creatures have deathtouch?",
    "is a creature allowed to block if it is tapped?",
    "what color or colors does a colorless artifact count as?",
    "how many goblins does a token maker make when it has no creatures to count?",
    "i think trample goes over? how much damage goes through a chump blocker?",
]


@pytest.mark.parametrize("text", GENERAL)
def test_a_rules_question_in_this_sessions_shapes_stays_with_retrieval(
    text: str, names: FixtureNames
) -> None:
    assert not routed(text, names)


@pytest.mark.parametrize(
    "text",
    [
        "Opp's Serra Angel blocks my Colossal Dreadmaw, they're at 20. Who dies, and what's their"
        " life after combat?",
        "my grizzly bears attack and their serra angel blocks. does my bears die? how much damage"
        " does opp take?",
        "my dreadmaw attacks, they block with grizzly bears. how much damage goes through, and"
        " what dies?",
    ],
)
def test_two_questions_about_one_combat_are_never_one_verified_answer(
    text: str, names: FixtureNames
) -> None:
    reading = read(text, names)
    assert "two_questions" in {d for d, _ in reading.doubts}
    assert not reading.trusted and not answer(reading, names).verified
    assert reading.follow_up is not None  # said back to the player: ask one at a time


def test_the_same_combat_question_asked_twice_stays_one(names: FixtureNames) -> None:
    text = (
        "my serra angel attacks and nobody blocks, opp is at 20. how much damage does opp take?"
        " what's their life after combat?"
    )
    reading = read(text, names)
    assert "two_questions" not in {d for d, _ in reading.doubts}
    assert reading.question == {"kind": "combat_damage"}
    assert answer(reading, names).verified


def test_what_happens_to_a_blocker_after_damage_says_whether_it_dies(
    names: FixtureNames,
) -> None:
    text = (
        "my darksteel myr blocks their attacking colossal dreadmaw. what happens to the myr after"
        " damage?"
    )
    survives = answer(read(text, names), names)
    assert survives.answer.startswith("Darksteel Myr survives"), survives.answer  # indestructible
    dies = answer(
        read(
            "Their Grizzly Bears blocks my Serra Angel. What happens to the bears in combat?", names
        ),
        names,
    )
    assert dies.answer.startswith("Grizzly Bears dies"), dies.answer


def test_a_characteristics_question_sends_the_part_it_asks_about(names: FixtureNames) -> None:
    colour = read("i have a Clone copying their tarmogoyf. what colour is my Clone?", names)
    assert colour.question == {"kind": "characteristics", "object": "clone"}
    assert colour.engine_question == {**colour.question, "about": "colors"}
    value = read("my Clone is copying opp's tarmogoyf. what's the Clone's mana value", names)
    assert (value.engine_question or {}).get("about") == "mana_value"
    # the mana value doesn't depend on the graveyards the message doesn't give (613.1, 202.3)
    reply = answer(value, names)
    assert reply.answer.startswith("Mana value 2") and reply.verified, reply
    size = read("my Clone is copying opp's tarmogoyf. what's the Clone's p/t", names)
    assert "about" not in (size.engine_question or {})  # power and toughness: all of it


def test_every_part_the_engine_can_be_asked_about_is_a_part_the_reader_asks() -> None:
    assert set(get_args(CharacteristicAbout)) <= set(FOCUSES)


def test_a_lone_spell_is_it_when_nothing_else_is_named(names: FixtureNames) -> None:
    reading = read("I'm casting Lightning Bolt, it's on the stack. whats its mana value", names)
    assert reading.question == {"kind": "characteristics", "object": "lightning_bolt"}


@pytest.mark.shared
def test_spells_said_as_verbs_are_the_cards_on_the_real_data(shared_kb_path: Path) -> None:
    from bot.service.board_questions import KnowledgeBaseNames
    from rulings_db.knowledge import KnowledgeBase

    names = KnowledgeBaseNames(KnowledgeBase(shared_kb_path))
    shocked = read(
        "opp's centaur courser already took 1 damage this turn. i shock it. dies?", names
    )
    assert shocked.question is not None and shocked.question.get("card") == "Shock"
    assert answer(shocked, names).answer.startswith("Yes")
    pushed = read("opp pushes my llanowar elves, does it die?", names)
    assert pushed.question is not None and pushed.question.get("card") == "Fatal Push"
    # ordinary verbs that are also card names are never read as the card
    hit = read("my grizzly bears hit it and exile it", names)
    assert {"Hit // Run", "Exile"}.isdisjoint(hit.labels.values())


@pytest.mark.shared
def test_a_format_or_a_person_saying_something_is_no_card_on_the_real_data(
    shared_kb_path: Path,
) -> None:
    from bot.service.board_questions import KnowledgeBaseNames
    from rulings_db.knowledge import KnowledgeBase

    names = KnowledgeBaseNames(KnowledgeBase(shared_kb_path))
    reading = read(
        "Bit of a silly one from last night's commander game. My friend insists Ornithopter is"
        " blue. I have one on the battlefield. What color is it?",
        names,
    )
    assert {"Goldnight Commander", "Insist"}.isdisjoint(reading.labels.values())
    assert reading.question == {"kind": "characteristics", "object": "ornithopter"}
    assert answer(reading, names).answer.startswith("Colorless")


@pytest.mark.parametrize(
    "text",
    [
        "what do i get when my hangarback walker dies? it has two +1/+1 counters on it",
        "i control sol ring since last turn. what do i get?",
        "I have Hangarback Walker with one counter. if it dies, what do we get?",
    ],
)
def test_what_do_i_get_is_never_read_as_a_mana_question(text: str, names: FixtureNames) -> None:
    """ "what do I get when Siege-Gang enters?" was once a verified "None — no mana abilities":
    "get" asks for mana only when mana, a colour or the sources are said."""
    reading = read(text, names)
    assert reading.question is None or reading.question["kind"] != "mana"
