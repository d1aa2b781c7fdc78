"""(Session 15) A part the reader didn't read that could change the answer keeps the engine's
answer from the player only when it may overturn the board as read (``Reading.overturning``):
an event, a removal, the cards a card counts, a card placed nowhere, a "not", an "only" or a
correction, or the very fact the question's answer is made of (who attacks and blocks and the
combat keywords for combat's result; tapped for tapping, blocking and mana). Any other deciding
part gets the engine's answer on the board as read, never verified, with the part said under
"Not read ... (it may change the answer)" (issue 13, item 4)."""

from __future__ import annotations

from board_routing import routed
from fixture_names import FixtureNames

from engine.reader import answer, read, relevance


def test_an_unread_keyword_beside_a_mana_question_gets_the_answer_unverified(
    names: FixtureNames,
) -> None:
    text = (
        "my llanowar elves has been out since last turn, and it has trample now somehow."
        " can i tap the elves for mana?"
    )
    reading = read(text, names)
    assert reading.deciding and not reading.overturning
    assert routed(text, names)
    reply = answer(reading, names)
    assert reply.answer.startswith("Yes") and not reply.verified
    assert any("it may change the answer" in c for c in reading.concerns)


def test_something_done_to_the_thing_asked_about_keeps_its_size_from_the_engine(
    names: FixtureNames,
) -> None:
    text = (
        "i control grizzly bears. earlier my opponent shrank the bears with some effect."
        " what is the bears' power?"
    )
    reading = read(text, names)
    assert reading.overturning
    assert not routed(text, names)


def test_an_unread_combat_keyword_keeps_a_combat_question_from_the_engine(
    names: FixtureNames,
) -> None:
    text = (
        "opp has serra angel attacking me, i control a giant spider, which has been around"
        " forever and has deathtouch now. does the angel die if the spider blocks it?"
    )
    assert read(text, names).overturning  # 702.2b: deathtouch is the answer
    assert not routed(text, names)


def test_an_only_said_beside_more_things_keeps_the_answer_back(names: FixtureNames) -> None:
    text = (
        "i only control one creature. it is a grizzly bears and my hill giant attacks. how"
        " much damage does opp take?"
    )
    assert read(text, names).overturning
    assert not routed(text, names)


def test_a_not_left_beside_a_read_state_keeps_a_block_question_back(names: FixtureNames) -> None:
    text = "i control grizzly bears, its not untapped. can the bears block their hill giant?"
    assert read(text, names).overturning
    assert not routed(text, names)


def test_every_overturning_kind_is_a_fact_kind_and_every_answered_by_row_a_question_kind() -> None:
    from typing import get_args

    from engine.reader.vocabulary import QuestionKind

    fact_kinds = set(relevance.FACT_KINDS)
    assert not relevance.OVERTURNING_KINDS - fact_kinds
    assert not set(relevance.ANSWERED_BY) - set(get_args(QuestionKind))
    for kind, kinds in relevance.ANSWERED_BY.items():
        # a kind that is the answer must be one the question's answer can turn on at all
        assert not kinds - relevance.MATTERS[kind]
