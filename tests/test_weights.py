"""The ranking weights in one place (rulings_db/weights.py, rulings_db/data/weights.json)."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest

from rulings_db.knowledge import KnowledgeBase
from rulings_db.ranking import Features, combine
from rulings_db.retrieval import Candidate, Retriever, confidence_of
from rulings_db.weights import ConfidenceThresholds, RankingWeights, Weights, shipped_weights

SHIPPED = Path(__file__).resolve().parents[1] / "rulings_db" / "data" / "weights.json"


def test_the_shipped_file_names_every_weight_it_sets() -> None:
    data = json.loads(SHIPPED.read_text("utf-8"))
    assert Weights.from_json(data) == shipped_weights()


def test_an_unknown_weight_is_refused_not_ignored() -> None:
    with pytest.raises(ValueError, match="mention_bonsu"):
        Weights.from_json({"ranking": {"mention_bonsu": 2.0}})
    with pytest.raises(ValueError, match="unknown parts"):
        Weights.from_json({"rankings": {}})


def test_a_missing_weight_keeps_its_default() -> None:
    weights = Weights.from_json({"ranking": {"mention_bonus": 2.0}})
    assert weights.ranking.mention_bonus == 2.0
    assert weights.ranking.mention_floor == RankingWeights().mention_floor


def test_a_named_cards_ruling_gains_with_the_mention_bonus() -> None:
    ruling = Features("ruling", relevance=0.5, bigrams=0, term_bigrams=0, shape=0.2, evidence=1.0)
    low = combine(ruling, replace(RankingWeights(), mention_bonus=0.5))
    high = combine(ruling, replace(RankingWeights(), mention_bonus=1.5))
    assert high > low


def test_a_rule_deciding_an_interaction_gains_its_bonus() -> None:
    plain = Features("rule", relevance=0.4, bigrams=0, term_bigrams=0, shape=0.1)
    deciding = replace(plain, interaction=True)
    weights = RankingWeights()
    assert combine(deciding, weights) == pytest.approx(
        combine(plain, weights) + weights.interaction_bonus
    )


def test_the_retriever_ranks_with_the_weights_it_is_given(kb_path: Path) -> None:
    kb = KnowledgeBase(kb_path)
    question = "what does trample do when the blocker dies?"
    kb.ask(question)
    silent = Weights(ranking=replace(RankingWeights(), shape_weight=0.0))
    shipped = Retriever(kb, -1).ask(question)
    given = Retriever(kb, -1, silent).ask(question)
    assert shipped.sources and given.sources
    assert shipped.sources[0].score != given.sources[0].score


def _interaction_ruling(relevance: float, words: int) -> Features:
    return Features(
        "ruling",
        relevance=relevance,
        bigrams=0,
        term_bigrams=0,
        shape=0.2,
        evidence=1.0,
        interaction_asked=True,
        question_words=words,
    )


def test_a_silent_ruling_in_a_long_interaction_question_loses_its_mention_bonus() -> None:
    weights = replace(
        RankingWeights(),
        interaction_mention=0.0,
        interaction_min_words=30,
        interaction_speaks_at=0.3,
    )
    silent_long = combine(_interaction_ruling(0.1, 40), weights)
    silent_short = combine(_interaction_ruling(0.1, 12), weights)
    speaking_long = combine(_interaction_ruling(0.4, 40), weights)
    assert silent_long < silent_short  # a short question keeps the card's rulings in front
    # a ruling that speaks to what is asked keeps its bonus however long the question
    assert speaking_long == pytest.approx(
        combine(_interaction_ruling(0.4, 40), replace(weights, interaction_mention=1.0))
    )


def test_without_a_meeting_of_mechanics_a_long_question_keeps_the_mention_bonus() -> None:
    weights = replace(RankingWeights(), interaction_mention=0.0, interaction_min_words=30)
    alone = replace(_interaction_ruling(0.1, 40), interaction_asked=False)
    assert combine(alone, weights) == combine(alone, RankingWeights())


def test_a_rule_leading_clearly_is_high_in_a_longer_question_than_a_ruling() -> None:
    thresholds = ConfidenceThresholds(
        high_score=1.2,
        high_lead=0.35,
        high_max_words=12,
        high_rule_lead=0.3,
        high_rule_max_words=30,
    )

    def led_by(kind: str) -> list[Candidate]:
        return [Candidate(kind, "first", score=1.5), Candidate("ruling", "second", score=1.1)]

    assert confidence_of(led_by("rule"), 25, thresholds) == "high"
    assert confidence_of(led_by("ruling"), 25, thresholds) == "medium"
    assert confidence_of(led_by("ruling"), 10, thresholds) == "high"
    assert confidence_of(led_by("rule"), 31, thresholds) == "medium"
