"""The question's shape against the source's own shape (rulings_db/ranking.py, Session 9):
"can I ...?" is answered by a source that says what can, can't or may happen; "does it still
...?" by one that holds even if something changed."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from rulings_db.knowledge import KnowledgeBase
from rulings_db.ranking import (
    _ASKED,
    _STATED,
    MODALITIES,
    Features,
    asked_modalities,
    combine,
    shared_modalities,
    stated_modalities,
)
from rulings_db.retrieval import Candidate, Retriever
from rulings_db.weights import RankingWeights


def test_every_modality_a_question_can_ask_is_one_a_source_can_state() -> None:
    assert set(_ASKED) == set(MODALITIES) == set(_STATED)


@pytest.mark.parametrize(
    ("question", "asked"),
    [
        ("can I tap it for mana the turn it came in?", {"permission"}),
        ("is it legal to equip an opponent's creature", {"permission"}),
        ("if I untap my attacker, is it still attacking?", {"despite"}),
        ("could my opponent still respond?", {"permission", "despite"}),
        ("what happens to the aura when the creature blinks", set()),
    ],
)
def test_a_question_asks_by_its_shape(question: str, asked: set[str]) -> None:
    assert asked_modalities(question) == asked


@pytest.mark.parametrize(
    ("text", "stated"),
    [
        ("A tapped creature can’t block.", {"permission"}),
        ("Equip may be activated only as a sorcery.", {"permission"}),
        ("It remains attacking even if it becomes untapped.", {"despite"}),
        ("Damage is dealt simultaneously.", set()),
    ],
)
def test_a_source_states_by_its_shape(text: str, stated: set[str]) -> None:
    assert stated_modalities(text) == stated


def test_a_question_that_asks_nothing_shares_nothing() -> None:
    assert shared_modalities(frozenset(), "A tapped creature can’t block.") == 0


def test_a_source_stating_what_the_question_asks_ranks_above_an_equal_one() -> None:
    weights = RankingWeights()
    plain = Features("rule", relevance=0.6, bigrams=1, term_bigrams=0, shape=0.4)
    answering = replace(plain, modalities=1)
    assert combine(answering, weights) == pytest.approx(
        combine(plain, weights) + weights.modality_bonus
    )


def test_the_modality_bonus_is_neutral_at_zero() -> None:
    silent = replace(RankingWeights(), modality_bonus=0.0)
    plain = Features("ruling", relevance=0.6, bigrams=0, term_bigrams=0, shape=0.4, evidence=1.0)
    assert combine(replace(plain, modalities=2), silent) == combine(plain, silent)


def test_the_retriever_measures_the_shared_modalities(kb_path: Path) -> None:
    retriever = Retriever(KnowledgeBase(kb_path), -1)
    rule = Candidate("rule", "A tapped creature can’t block.", number="509.1a")
    asking = retriever.build_query("can a tapped creature block?")
    telling = retriever.build_query("what happens when a tapped creature blocks?")
    assert retriever.features(rule, asking).modalities == 1
    assert retriever.features(rule, telling).modalities == 0
