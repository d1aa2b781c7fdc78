"""The top five hold different kinds of evidence (rulings_db/retrieval.py, compose_top):
the best rule the curated tables give for a question is shown beside the named card's rulings."""

from __future__ import annotations

from dataclasses import replace

from rulings_db.retrieval import Candidate, Query, keep_the_governing_rule
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
