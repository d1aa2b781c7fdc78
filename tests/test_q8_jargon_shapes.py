"""Question shapes of rulings_db/data/jargon.yaml (session 9, Q8): the shape Q8 added names the
rule family that decides a question of that shape, and a rule a shape gives counts a little more
than a rule a player's word gives (``question_shape_bonus``)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from rulings_db.jargon import jargon
from rulings_db.knowledge import KnowledgeBase
from rulings_db.ranking import Features, combine
from rulings_db.retrieval import Candidate, Retriever
from rulings_db.weights import RankingWeights


@pytest.mark.parametrize(
    "question",
    [
        "does an ability like putrid leech's target the leech, allowing me to use spellskite",
        "does it count as targeting when i equip it",
        "is that targeted, or can hexproof not stop it",
    ],
)
def test_asking_whether_something_targets_is_decided_by_the_targeting_rules(
    question: str,
) -> None:
    entry = jargon().lookup(question)
    assert entry is not None and entry.kind == "shape"
    assert {"115.1", "115.10a"} <= set(entry.rules)


def test_a_spell_that_says_target_creature_is_not_that_question() -> None:
    entry = jargon().lookup("does the spell target creature i control")
    assert entry is None or "115.10a" not in entry.rules


def test_a_rule_a_question_shape_gives_gains_more_than_a_words_rule() -> None:
    weights = RankingWeights()
    word = Features("rule", relevance=0.5, bigrams=0, term_bigrams=0, shape=0.3, jargon=True)
    shaped = replace(word, question_shape=True)
    assert combine(shaped, weights) == pytest.approx(
        combine(word, weights) + weights.question_shape_bonus
    )


def test_the_retriever_marks_the_rules_of_a_question_shape(kb_path: Path) -> None:
    retriever = Retriever(KnowledgeBase(kb_path), -1)
    query = retriever.build_query("does it count as targeting when i equip my creature?")
    assert {"115.1", "115.10a"} <= set(query.shape_rules)
    rule = Candidate("rule", "Some spells and abilities require targets.", number="115.1")
    neighbour = Candidate("rule", "A spell or ability targets only what it says.", number="115.2")
    assert retriever.features(rule, query).question_shape
    assert not retriever.features(neighbour, query).question_shape
