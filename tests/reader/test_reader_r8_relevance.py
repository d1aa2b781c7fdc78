"""(R8, session 11) What wasn't read keeps a message from the engine only when it could change
the answer to the question asked (engine/reader/relevance.py): a board fact of a kind the
question's answer turns on, about an object it depends on. Chat, claims, the story around the
board, a restatement of what was read and the question's own words don't; they are listed under
"Not read" and the answer is never verified. The phrasings are this file's own, not a set's."""

from __future__ import annotations

from typing import get_args

import pytest
from board_routing import routed
from fixture_names import FixtureNames

from bot.service.board_questions import routes_to_engine
from engine.reader import answer, read
from engine.reader.relevance import (
    FACT_KINDS,
    FACT_WORDS,
    MATTERS,
    QUESTION_WORDS,
    deciding,
    fact_kinds,
)
from engine.reader.vocabulary import QUESTION_KINDS, QuestionKind

BEARS = {"grizzly_bears": "Grizzly Bears"}
BOARD = {"grizzly_bears": "Grizzly Bears", "hill_giant": "Hill Giant"}


def _deciding(
    part: str,
    kind: QuestionKind,
    about: str | None = None,
    labels: dict[str, str] | None = None,
    **said: tuple[str, ...],
) -> tuple[str, ...]:
    return deciding(
        said.get("facts", (part,)),
        said.get("unplaced", ()),
        said.get("events", ()),
        labels if labels is not None else BOARD,
        kind,
        about,
        read=said.get("read", ()),
        asked_parts=said.get("asked", ()),
        unread=said.get("unread", (part,)),
    )


def test_every_fact_kind_is_said_by_words_and_read_by_some_question() -> None:
    assert set(FACT_WORDS) == set(FACT_KINDS)
    consumed = set().union(*MATTERS.values())
    assert consumed == set(FACT_KINDS), set(FACT_KINDS) - consumed
    assert set(MATTERS) == set(QUESTION_KINDS) == set(get_args(QuestionKind))
    assert set(QUESTION_WORDS) == set(QUESTION_KINDS)


@pytest.mark.parametrize(
    "part",
    [
        "my playgroup says the Bears take 3 damage and die",
        "the guy across the table insisted that blockers don't matter",
        "we had a weird one at the lgs last night",
        "i'm on a mono-green stompy deck",
        "Hill Giant has been beating me down all game",
        "no flyers or reach on their side",
    ],
)
def test_chat_claims_stories_and_absences_state_no_board_fact(part: str) -> None:
    assert fact_kinds(part) == frozenset()


def test_an_unread_block_matters_to_what_dies() -> None:
    part = "Grizzly Bears were picked as the blocker for Hill Giant"
    assert _deciding(part, "after_sba") == (part,)
    assert _deciding(part, "combat_damage") == (part,)


def test_an_unread_tap_or_attack_cannot_change_a_power() -> None:
    part = "Grizzly Bears attacked last turn and it stayed tapped"
    assert _deciding(part, "characteristics", "grizzly_bears") == ()
    assert _deciding(part, "can_attack", "grizzly_bears") == (part,)


def test_another_creatures_arrival_doesnt_decide_whether_this_one_can_attack() -> None:
    part = "Hill Giant came down this turn"
    assert _deciding(part, "can_attack", "grizzly_bears") == ()
    assert _deciding(part, "can_attack", "hill_giant") == (part,)


def test_a_life_total_not_read_matters_to_combat_not_to_mana() -> None:
    part = "life totals are me 7 and opp 9"
    assert _deciding(part, "combat_damage") == (part,)
    assert _deciding(part, "mana") == ()


def test_a_restatement_of_what_was_read_is_no_news_but_a_new_number_is() -> None:
    read_ = ("Hill Giant: 2 +1/+1 counters",)
    same = "Hill Giant , which is big now, two +1/+1 counters"
    more = "Hill Giant , which is big now, three +1/+1 counters"
    assert _deciding(same, "characteristics", "hill_giant", read=read_) == ()
    assert _deciding(more, "characteristics", "hill_giant", read=read_) == (more,)


def test_a_card_named_only_in_a_claim_doesnt_keep_the_answer_back() -> None:
    claim = "my buddy reckons Lightning Bolt can't touch it"
    # the reader judges a claim no fact and appends the card it placed nowhere as a fact
    kept = _deciding(
        "Lightning Bolt",
        "can_attack",
        "grizzly_bears",
        facts=("Lightning Bolt",),
        unplaced=("Lightning Bolt",),
        unread=(claim, "Lightning Bolt"),
    )
    assert kept == ()


def test_a_card_placed_nowhere_still_keeps_the_answer_back() -> None:
    kept = _deciding(
        "Forest",
        "mana",
        facts=("Forest",),
        unplaced=("Forest",),
        unread=("Forest",),
    )
    assert kept == ("Forest",)


def test_a_plan_matters_to_what_dies_but_not_to_tapping_for_mana() -> None:
    plan = "and i'm planning to cast Pyroclasm next"
    said = {"unplaced": ("Pyroclasm",), "facts": (plan, "Pyroclasm"), "unread": (plan,)}
    assert _deciding(plan, "after_sba", **said) == (plan,)
    assert _deciding(plan, "can_activate", "grizzly_bears", **said) == ()


def test_the_questions_own_words_are_not_board_facts() -> None:
    part = "Grizzly Bears or does flying stop that"
    assert _deciding(part, "can_block", "grizzly_bears", asked=(part,)) == ()
    assert _deciding(part, "can_block", "grizzly_bears") == (part,)  # said as a statement


def test_where_a_read_fact_came_from_is_no_new_fact() -> None:
    part = "from my friend's Prodigal Sorcerer"
    said = {"unplaced": ("Prodigal Sorcerer",), "facts": (part, "Prodigal Sorcerer")}
    assert _deciding(part, "after_sba", **said) == ()


def test_removing_a_card_from_a_graveyard_is_a_fact_for_a_size() -> None:
    part = "Grizzly Bears , removing Hill Giant from my yard"
    assert _deciding(part, "characteristics", "grizzly_bears") == (part,)


def test_a_board_told_inside_a_story_is_answered_unverified(names: FixtureNames) -> None:
    text = (
        "so at my lgs last night my buddy and i argued for ages about this one. i control"
        " grizzly bears and opp controls serra angel attacking me. my buddy says the bears can"
        " block it. can my bears block the angel?"
    )
    reading = read(text, names)
    assert reading.unread and not reading.deciding
    assert routed(text, names)
    reply = answer(reading, names)
    assert reply.answer.startswith("No") and not reply.verified


def test_a_name_repeated_in_chat_doesnt_keep_the_answer_back(names: FixtureNames) -> None:
    text = (
        "opp controls serra angel, it has been hitting me in the face every single game we"
        " play. i control grizzly bears. can my bears block their serra angel?"
    )
    reading = read(text, names)
    assert any("every single game" in u for u in reading.unread)
    assert not reading.deciding
    assert routes_to_engine(reading)
    reply = answer(reading, names)
    assert reply.answer.startswith("No") and not reply.verified  # flying (702.9c), not read all


def test_an_unread_pump_keeps_a_size_question_from_the_engine(names: FixtureNames) -> None:
    text = (
        "i control grizzly bears, and earlier i pumped the bears twice with some effect lol, +2/+2"
        " until end of turn each time. how big are my bears?"
    )
    reading = read(text, names)
    if "+2/+2" in " ".join(reading.read):
        pytest.skip("the grammar reads this pump now")
    assert reading.deciding
    assert not routes_to_engine(reading)
