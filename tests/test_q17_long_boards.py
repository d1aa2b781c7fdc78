"""Q17 (session 14): a board told at length — a question of at least 40 words that clearly
names two or more cards — names its cards as the setting; their rulings keep 0.6 of the name
bonus (``several_cards_mention``, ``several_cards_min_words`` in rulings_db/data/weights.json;
rulings_db/ranking.py, ``yielding_factor``), so the general rule that decides what is asked
can lead (docs/answering.md, "Session 14"). Shorter questions, and questions naming one card,
keep the whole bonus; a named card's ruling that fits what is asked still leads."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from rulings_db.knowledge import KnowledgeBase
from rulings_db.ranking import Features, combine
from rulings_db.retrieval import Retriever
from rulings_db.weights import RankingWeights, Weights, shipped_weights

# Two named cards whose mechanics make no pair of interactions.yaml, told at length.
LONG_BOARD = (
    "My friend keeps telling me that his Tarmogoyf and his Dark Confidant both get bigger when "
    "cards go to the graveyard, and that the Confidant makes him reveal a card each upkeep. "
    "Yesterday he revealed a land with the Confidant and the Goyf grew, then he attacked me with "
    "it. How big is the Goyf exactly?"
)
SHORT_BOARD = "His Tarmogoyf and his Dark Confidant are out. How big is the Goyf exactly?"


def _ruling(cards: int, words: int) -> Features:
    return Features(
        "ruling",
        relevance=0.4,
        bigrams=1,
        term_bigrams=0,
        shape=0.5,
        evidence=1.0,
        question_words=words,
        cards_named=cards,
    )


def test_the_shipped_weights_yield_a_named_ruling_only_in_a_long_question_naming_two_cards() -> (
    None
):
    shipped = shipped_weights().ranking
    neutral = replace(shipped, several_cards_mention=1.0)
    assert combine(_ruling(2, 45), shipped) < combine(_ruling(2, 45), neutral)
    # 39 words, or one card named at any length: the whole bonus
    assert combine(_ruling(2, 39), shipped) == combine(_ruling(2, 39), neutral)
    assert combine(_ruling(1, 80), shipped) == combine(_ruling(1, 80), neutral)


def test_a_yielding_ruling_keeps_more_than_an_unnamed_cards_ruling() -> None:
    shipped = shipped_weights().ranking
    unnamed = replace(_ruling(2, 45), evidence=0.0)
    assert combine(_ruling(2, 45), shipped) > combine(unnamed, shipped)


@pytest.fixture(scope="module")
def retrievers(shared_kb_path: Path) -> tuple[Retriever, Retriever]:
    kb = KnowledgeBase(shared_kb_path)
    shipped = shipped_weights()
    neutral = Weights(
        shipped.bm25, replace(shipped.ranking, several_cards_mention=1.0), shipped.confidence
    )
    return Retriever(kb, 0, shipped), Retriever(kb, 0, neutral)


def _top_ruling_score(retriever: Retriever, question: str) -> float:
    answer = retriever.ask(question)
    return max(s.score for s in answer.sources if s.kind == "ruling")


def test_a_long_board_lowers_its_named_cards_rulings(
    retrievers: tuple[Retriever, Retriever],
) -> None:
    shipped, neutral = retrievers
    assert len(LONG_BOARD.split()) >= 40
    assert _top_ruling_score(shipped, LONG_BOARD) < _top_ruling_score(neutral, LONG_BOARD)


def test_a_short_question_about_the_same_board_is_unchanged(
    retrievers: tuple[Retriever, Retriever],
) -> None:
    shipped, neutral = retrievers
    assert _top_ruling_score(shipped, SHORT_BOARD) == _top_ruling_score(neutral, SHORT_BOARD)


def test_a_named_ruling_that_answers_the_long_question_still_leads(
    retrievers: tuple[Retriever, Retriever],
) -> None:
    shipped, _ = retrievers
    answer = shipped.ask(LONG_BOARD)
    assert answer.sources[0].kind == "ruling"
    assert answer.sources[0].card == "Tarmogoyf"


def test_the_yield_is_neutral_at_factor_one() -> None:
    neutral = replace(RankingWeights(), several_cards_mention=1.0, several_cards_min_words=40)
    assert combine(_ruling(3, 60), neutral) == combine(_ruling(1, 60), neutral)
