"""Session 15 (Q18): a rule the question's own shape gives ("... in response, does it still
...") weighs more than a plain match; the shipped bonus lifts such a rule over a neighbour that
fits the question's words a little better (docs/answering.md, "Session 15 (Q18)")."""

from rulings_db.ranking import Features, combine
from rulings_db.weights import shipped_weights


def _rule(relevance: float, question_shape: bool) -> Features:
    return Features("rule", relevance, 0, 0, 0.3, question_shape=question_shape)


def test_a_question_shapes_rule_outranks_a_slightly_closer_word_match() -> None:
    w = shipped_weights().ranking
    shaped, closer = _rule(0.5, question_shape=True), _rule(0.6, question_shape=False)
    assert combine(shaped, w) > combine(closer, w)


def test_the_shape_bonus_is_added_once_to_the_rule_it_gives() -> None:
    w = shipped_weights().ranking
    plain, shaped = combine(_rule(0.5, False), w), combine(_rule(0.5, True), w)
    assert abs(shaped - plain - w.question_shape_bonus) < 1e-9
