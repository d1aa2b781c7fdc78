"""A named card's ruling leads only when it speaks to what is asked (issue 14, item 2): in a
question where the named cards' mechanics meet, a ruling of one of them that says nothing of
the others (their names, types, keywords, mechanics' words) loses its mention bonus, so the
rule deciding their meeting leads and the ruling follows (rulings_db/ranking.py,
``speaks_only_of_its_card``; rulings_db/retrieval.py, ``CardWords``)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import get_args

import pytest

from rulings_db.knowledge import KnowledgeBase
from rulings_db.mechanics import Mechanic
from rulings_db.ranking import MECHANIC_WORDS, Features, combine
from rulings_db.retrieval import Candidate, CardWords, Retriever, confidence_of
from rulings_db.text import terms
from rulings_db.weights import ConfidenceThresholds, RankingWeights

QUESTION = (
    "i control humility and a glorious anthem, so how big are my creatures once both of them "
    "apply to them?"
)
SHIPPED_LIKE = replace(RankingWeights(), one_card_mention=0.0, one_card_min_words=15)


@pytest.fixture(scope="module")
def kb(kb_path: Path) -> KnowledgeBase:
    return KnowledgeBase(kb_path)


@pytest.fixture(scope="module")
def retriever(kb: KnowledgeBase) -> Retriever:
    return Retriever(kb, 0)


def _ruling(silent: bool, words: int = 20, evidence: float = 1.0) -> Features:
    return Features(
        "ruling",
        relevance=0.3,
        bigrams=0,
        term_bigrams=0,
        shape=0.4,
        evidence=evidence,
        interaction_asked=True,
        question_words=words,
        cards_named=2,
        silent_on_the_others=silent,
    )


def test_a_ruling_silent_on_the_other_named_card_loses_its_mention_bonus() -> None:
    silent, speaking = combine(_ruling(True), SHIPPED_LIKE), combine(_ruling(False), SHIPPED_LIKE)
    assert silent < speaking
    # the floor (the card being named at all) stays: it still beats an unnamed card's ruling
    assert silent > combine(_ruling(True, evidence=0.0), SHIPPED_LIKE)


def test_a_short_question_keeps_the_mention_bonus_of_a_silent_ruling() -> None:
    short = _ruling(True, words=10)
    assert combine(short, SHIPPED_LIKE) == combine(short, RankingWeights())


def test_the_factor_at_one_changes_nothing() -> None:
    neutral = replace(SHIPPED_LIKE, one_card_mention=1.0)
    assert combine(_ruling(True), neutral) == combine(_ruling(False), neutral)


def test_a_card_is_spoken_of_by_name_type_keyword_or_mechanic_word() -> None:
    collar = CardWords("c", ("basilisk collar",), frozenset(terms("artifact equipment equip")))
    said = [
        "Basilisk Collar gives deathtouch.",
        "An Equipment that becomes unattached stays on the battlefield.",
        "You may pay its equip cost again.",
    ]
    for text in said:
        assert collar.spoken_of(text, terms(text)), text
    silent = "The creature deals damage to any target."
    assert not collar.spoken_of(silent, terms(silent))
    # names are whole words: "collar" inside another word is not the card
    fire = CardWords("f", ("fire",), frozenset())
    assert not fire.spoken_of("It fires twice.", terms("It fires twice."))


def test_a_cards_words_are_its_telling_types_keywords_and_mechanics(retriever) -> None:
    ids = {name: oid for oid, name in retriever.kb.names.full_names.items()}
    collar = retriever.card_words(ids["Basilisk Collar"])
    assert collar.names == ("basilisk collar",)
    assert set(terms("artifact equipment equip")) <= collar.words
    clone = retriever.card_words(ids["Clone"])
    assert "creature" not in clone.words  # most cards in a ruling are creatures: no evidence
    assert set(terms("shapeshifter copy")) <= clone.words  # its type, and its copy mechanic
    split = retriever.card_words(ids["Fire // Ice"])
    assert split.names == ("fire", "ice")


def test_every_mechanic_with_words_is_a_mechanic_the_cards_are_read_with() -> None:
    assert set(MECHANIC_WORDS) <= set(get_args(Mechanic))
    assert all(MECHANIC_WORDS.values())


def test_where_two_named_cards_meet_their_silent_rulings_are_marked(retriever) -> None:
    query = retriever.build_query(QUESTION)
    assert query.pairs_met and len(query.named_cards) == 2
    humility = next(c for c in query.named_cards if c.names == ("humility",))
    silent = Candidate("ruling", "Removes all creature abilities.", oracle_ids=[humility.oracle_id])
    about_anthem = replace(silent, text="Glorious Anthem's bonus applies after Humility's.")
    about_an_enchantment = replace(silent, text="Each other enchantment is a creature.")
    assert retriever.features(silent, query).silent_on_the_others
    assert not retriever.features(about_anthem, query).silent_on_the_others
    assert not retriever.features(about_an_enchantment, query).silent_on_the_others


def test_one_named_card_marks_no_ruling_silent(retriever) -> None:
    query = retriever.build_query("how big are my creatures when humility is on the battlefield?")
    ruling = Candidate(
        "ruling", "Removes all creature abilities.", oracle_ids=[query.named_cards[0].oracle_id]
    )
    assert not retriever.features(ruling, query).silent_on_the_others


def test_the_rule_deciding_the_meeting_leads_over_a_silent_ruling(kb) -> None:
    answer = kb.ask(QUESTION)
    assert answer.sources[0].kind == "rule" and answer.sources[0].number.startswith("613")
    assert any(s.kind == "ruling" and s.card == "Humility" for s in answer.sources)


def test_a_ruling_leading_is_not_high_when_the_thresholds_say_so() -> None:
    """Real players' questions led by a ruling were right at rank 1 about a quarter of the
    time whatever the lead (docs/answering.md, "Session 10"): ``high_when_a_ruling_leads``."""
    wary = ConfidenceThresholds(high_max_words=12, high_when_a_ruling_leads=False)

    def led_by(kind: str) -> list[Candidate]:
        return [Candidate(kind, "first", score=2.0), Candidate("rule", "second", score=1.0)]

    assert confidence_of(led_by("ruling"), 8, wary) == "medium"
    assert confidence_of(led_by("rule"), 8, wary) == "high"
    trusting = replace(wary, high_when_a_ruling_leads=True)
    assert confidence_of(led_by("ruling"), 8, trusting) == "high"
