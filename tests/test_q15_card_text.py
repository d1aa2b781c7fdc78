"""A rule that speaks of what the named cards do, in words the player didn't type (session 11,
Q15): a long question names Basilisk Collar and asks about its damage without saying
"deathtouch"; the card's Oracle text says it, and the rule about deathtouch damage (702.2c)
earns ``card_text_bonus`` x its BM25 for those unsaid words (rulings_db/retrieval.py,
``Retriever._card_text_query``; rulings_db/ranking.py, ``Features.card_text``)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from rulings_db.knowledge import KnowledgeBase
from rulings_db.ranking import Features, combine
from rulings_db.retrieval import Retriever
from rulings_db.text import terms
from rulings_db.weights import RankingWeights, Weights

LONG = (
    "my opponent equips basilisk collar to a tiny 1/1 goblin and attacks, and i block with my "
    "big 6/6 dragon that i just cast this turn, so what happens to my dragon and to the goblin "
    "when combat damage is dealt?"
)
ON = replace(RankingWeights(), card_text_bonus=0.3, card_text_min_words=30)


@pytest.fixture(scope="module")
def kb(kb_path: Path) -> KnowledgeBase:
    return KnowledgeBase(kb_path)


def _retriever(kb: KnowledgeBase, ranking: RankingWeights) -> Retriever:
    return Retriever(kb, 0, Weights(ranking=ranking))


def _rule_features(retriever: Retriever, question: str, number: str) -> Features:
    query = retriever.build_query(question)
    candidate = next(c for c in retriever.gather(query) if c.kind == "rule" and c.number == number)
    return retriever.features(candidate, query)


def test_the_named_cards_unsaid_oracle_words_are_a_query_of_their_own(
    kb: KnowledgeBase,
) -> None:
    assert len(LONG.split()) >= 30
    query = _retriever(kb, ON).build_query(LONG)
    assert query.card_text is not None
    unsaid = set(query.card_text.weights)
    assert {"deathtouch", "lifelink"} <= unsaid
    # the question's own words and the card's name are not "unsaid"
    assert not unsaid & set(terms(LONG))
    assert not unsaid & set(terms("basilisk collar"))


def test_a_rule_on_the_named_cards_keyword_earns_the_bonus(kb: KnowledgeBase) -> None:
    with_it = _rule_features(_retriever(kb, ON), LONG, "702.2c")
    assert with_it.card_text > 0
    assert combine(with_it, ON) > combine(replace(with_it, card_text=0.0), ON)


def test_a_short_question_or_one_naming_no_card_gets_no_card_text(kb: KnowledgeBase) -> None:
    retriever = _retriever(kb, ON)
    assert retriever.build_query("does basilisk collar kill a 6/6 dragon?").card_text is None
    no_card = "what happens " + " ".join(["when a big creature deals combat damage"] * 5) + "?"
    assert retriever.build_query(no_card).card_text is None


def test_a_word_the_player_typed_is_not_counted_again(kb: KnowledgeBase) -> None:
    said = LONG.replace("what happens", "does deathtouch kill it, what happens")
    query = _retriever(kb, ON).build_query(said)
    assert query.card_text is not None
    assert "deathtouch" not in query.card_text.weights


def test_the_bonus_at_zero_changes_nothing(kb: KnowledgeBase) -> None:
    off = replace(ON, card_text_bonus=0.0)
    assert _retriever(kb, off).build_query(LONG).card_text is None
    assert _rule_features(_retriever(kb, off), LONG, "702.2c").card_text == 0.0
