"""The top five hold different kinds of evidence (rulings_db/retrieval.py, compose_top): the
best rule the curated tables give for a question is shown beside the named card's rulings; and
a long question naming several cards lets their rulings yield (rulings_db/ranking.py)."""

from __future__ import annotations

from dataclasses import replace

from rulings_db.ranking import Features, combine
from rulings_db.retrieval import (
    Candidate,
    Query,
    keep_a_named_cards_ruling,
    keep_the_governing_rule,
)
from rulings_db.weights import RankingWeights

WEIGHTS = replace(RankingWeights(), governing_share=0.5, governing_slot=3)


def _crowded(governing_score: float) -> list[Candidate]:
    """Five rulings of the named card, then a neighbouring rule, then the governing rule."""
    rulings = [Candidate("ruling", f"ruling {n}", score=1.5 - 0.1 * n) for n in range(5)]
    return [
        *rulings,
        Candidate("rule", "a neighbour", number="117.3", score=0.9),
        Candidate(
            "rule", "exile every object on the stack", number="723.1b", score=governing_score
        ),
    ]


def test_a_governing_rule_below_the_top_five_takes_its_place_among_them() -> None:
    ranked = keep_the_governing_rule(_crowded(0.8), {"723.1b"}, 5, WEIGHTS)
    assert [c.number for c in ranked[:5]].index("723.1b") == WEIGHTS.governing_slot


def test_the_others_keep_their_order_when_the_governing_rule_moves_up() -> None:
    before = _crowded(0.8)
    after = keep_the_governing_rule(before, {"723.1b"}, 5, WEIGHTS)
    assert [c for c in after if c.number != "723.1b"] == [c for c in before if c.number != "723.1b"]


def test_a_governing_rule_far_below_the_top_score_stays_where_it_is() -> None:
    before = _crowded(0.7)  # below half of the top score, 1.5
    assert keep_the_governing_rule(before, {"723.1b"}, 5, WEIGHTS) == before


def test_nothing_moves_when_a_governing_rule_is_already_shown() -> None:
    before = _crowded(0.8)
    assert keep_the_governing_rule(before, {"723.1b", "ruling-free", "117.3"}, 6, WEIGHTS) == before


def test_nothing_moves_when_the_tables_give_no_rule() -> None:
    before = _crowded(0.8)
    assert keep_the_governing_rule(before, set(), 5, WEIGHTS) == before


def test_a_ruling_is_never_taken_for_a_governing_rule() -> None:
    ruling = Candidate("ruling", "says 723.1b", number="723.1b", score=1.0)
    before = [*(Candidate("ruling", f"r{n}", score=2.0) for n in range(5)), ruling]
    assert keep_the_governing_rule(before, {"723.1b"}, 5, WEIGHTS) == before


def test_the_governing_rules_are_the_pairs_the_mechanics_and_the_jargon() -> None:
    query = Query({}, set(), [], [], "", "")
    query.interaction_rules = ["616.1"]
    query.mechanic_rules = ["603.10a"]
    query.jargon_rules = ["608.2b"]
    assert query.governing_rules == {"616.1", "603.10a", "608.2b"}


def _named_ruling(cards: int, words: int) -> Features:
    return Features(
        "ruling",
        relevance=0.3,
        bigrams=0,
        term_bigrams=0,
        shape=0.2,
        evidence=1.0,
        question_words=words,
        cards_named=cards,
    )


SEVERAL = replace(RankingWeights(), several_cards_mention=0.0, several_cards_min_words=30)


def test_a_long_question_naming_several_cards_takes_their_rulings_bonus_away() -> None:
    assert combine(_named_ruling(2, 40), SEVERAL) < combine(_named_ruling(1, 40), SEVERAL)


def test_a_short_question_naming_several_cards_keeps_their_rulings_bonus() -> None:
    assert combine(_named_ruling(2, 20), SEVERAL) == combine(_named_ruling(1, 20), SEVERAL)


def test_several_cards_named_is_neutral_at_factor_one() -> None:
    neutral = replace(SEVERAL, several_cards_mention=1.0)
    assert combine(_named_ruling(3, 40), neutral) == combine(_named_ruling(1, 40), neutral)


RULING_WEIGHTS = replace(RankingWeights(), named_ruling_share=0.3, named_ruling_slot=1)


def _rules_first(ruling_score: float) -> list[Candidate]:
    """Five rules lead; the named card's ruling follows in seventh place."""
    rules = [
        Candidate("rule", f"rule {n}", number=f"603.{n}", score=2.0 - 0.1 * n) for n in range(6)
    ]
    return [*rules, Candidate("ruling", "the named card's ruling", score=ruling_score)]


def _named(c: Candidate) -> bool:
    return c.kind == "ruling"


def test_the_named_cards_best_ruling_follows_the_governing_rule() -> None:
    ranked = keep_a_named_cards_ruling(_rules_first(0.9), _named, 5, RULING_WEIGHTS)
    assert ranked[RULING_WEIGHTS.named_ruling_slot].kind == "ruling"
    assert ranked[0].number == "603.0"  # the rule still leads


def test_a_named_cards_ruling_with_little_evidence_is_not_lifted() -> None:
    before = _rules_first(0.5)  # below 0.3 of the top score, 2.0
    assert keep_a_named_cards_ruling(before, _named, 5, RULING_WEIGHTS) == before


def test_nothing_moves_when_a_named_cards_ruling_is_already_shown() -> None:
    before = _rules_first(0.9)
    before.insert(2, Candidate("ruling", "shown already", score=1.9))
    assert keep_a_named_cards_ruling(before, _named, 5, RULING_WEIGHTS) == before
