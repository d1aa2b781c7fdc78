"""Q16 (session 12): a pair of interactions.yaml decides a question only when the question
speaks of both of its mechanics, or a mechanic is rare enough that its presence tells
(docs/answering.md, "Session 12")."""

from __future__ import annotations

from pathlib import Path
from typing import get_args

import pytest

from rulings_db.knowledge import KnowledgeBase
from rulings_db.mechanics import (
    CardFacts,
    Mechanic,
    interactions,
    mechanic_clause,
    parse_interactions,
    text_mechanics,
)
from rulings_db.retrieval import Retriever
from rulings_db.weights import RankingWeights, Weights

BLOOD_ARTIST_LIKE = CardFacts(
    "Gravecaller Imp",
    "Creature — Imp",
    "Flying\nWhenever another creature you control dies, each opponent loses 1 life.\n"
    "Sacrifice another creature: Gravecaller Imp gets +1/+1 until end of turn.",
    keywords=("Flying",),
)


def test_a_mechanics_clause_is_the_line_that_gives_it() -> None:
    clause = mechanic_clause(BLOOD_ARTIST_LIKE, "leaves_trigger")
    assert "dies, each opponent loses 1 life" in clause
    assert "Sacrifice" not in clause


def test_a_static_effects_clause_is_the_lines_of_the_effects_it_is_made_of() -> None:
    assert "gets +1/+1" in mechanic_clause(BLOOD_ARTIST_LIKE, "static")


def test_a_keyword_is_the_clause_of_the_mechanic_it_makes() -> None:
    rootwalla = CardFacts("Hasty Wurm", "Creature — Wurm", "Trample", keywords=("Trample",))
    assert mechanic_clause(rootwalla, "trample") == "Trample"
    assert mechanic_clause(rootwalla, "lifelink") == ""


def test_every_mechanic_has_the_players_words_for_it() -> None:
    cues = interactions().cues
    assert set(cues) == set(get_args(Mechanic))
    assert all(cues.values())


def test_cues_for_an_unknown_mechanic_are_refused() -> None:
    with pytest.raises(ValueError, match="unknown mechanic"):
        parse_interactions("interactions: []\ncues:\n  not_a_mechanic: [word]\n")


def test_every_mechanic_a_card_can_have_is_read_by_its_clause_or_its_cues() -> None:
    # A mechanic whose card line can't be found (a type, a layout) still has words.
    aura = CardFacts("Pacifying Veil", "Enchantment — Aura", "Enchant creature")
    assert "aura" in text_mechanics(aura)
    assert interactions().cues["aura"]


@pytest.fixture(scope="module")
def retriever(shared_kb_path: Path) -> Retriever:
    kb = KnowledgeBase(shared_kb_path)
    kb.ask("warm up")
    assert kb._retriever is not None
    return kb._retriever


@pytest.mark.shared
def test_common_mechanics_the_question_is_silent_on_give_no_pair_rule(
    retriever: Retriever,
) -> None:
    # Viscera Seer sacrifices, Doom Blade targets: (sacrifice, targets) -> 608.2b. Asked
    # about the cards' mana costs, neither mechanic is in question.
    query = retriever.build_query(
        "Which is cheaper to play, my Viscera Seer or the Doom Blade in my hand?"
    )
    assert query.pairs_met
    assert "608.2b" not in query.interaction_rules
    assert "608.2b" in query.governing_rules  # still one of the cards' own mechanics' rules


@pytest.mark.shared
def test_the_same_cards_with_their_mechanics_spoken_of_give_the_pair_rule(
    retriever: Retriever,
) -> None:
    query = retriever.build_query(
        "They Doom Blade my guy and I sac him to Viscera Seer in response. "
        "Does the Doom Blade do anything with its target gone?"
    )
    assert "608.2b" in query.interaction_rules


@pytest.mark.shared
def test_rare_mechanics_meeting_give_their_pair_rule_unspoken(retriever: Retriever) -> None:
    # A cost reduction and a split card are on few cards: their meeting is the question.
    query = retriever.build_query("Goblin Electromancer and Turn // Burn, how does that go?")
    assert "702.102c" in query.interaction_rules


@pytest.mark.shared
def test_every_pair_counts_when_every_mechanic_is_taken_as_rare(shared_kb_path: Path) -> None:
    kb = KnowledgeBase(shared_kb_path)
    weights = Weights(ranking=RankingWeights(pair_rare_share=1.0))
    everything = Retriever(kb, -1, weights)
    query = everything.build_query(
        "Which is cheaper to play, my Viscera Seer or the Doom Blade in my hand?"
    )
    assert "608.2b" in query.interaction_rules
