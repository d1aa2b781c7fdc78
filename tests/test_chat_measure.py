"""The chat-set measurer's automatic check: sure only when the answer text settles it."""

from __future__ import annotations

import importlib.util
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]


def _measure():
    path = REPO / "benchmarks" / "chat-blind" / "measure.py"
    spec = importlib.util.spec_from_file_location("chat_measure", path)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


measure = _measure()


def test_a_number_answer_with_the_expected_digit_alone_is_right():
    assert measure.standard_check("2", "2 mana — Llanowar Elves and Springleaf Drum") is True


def test_a_number_answer_with_only_other_digits_is_wrong():
    assert measure.standard_check("2", "1 mana — Llanowar Elves") is False


def test_a_negative_number_is_not_the_positive_one():
    assert measure.standard_check("1", "Your life total: -1.") is False
    assert measure.standard_check("3", "Power 3 — Grizzly Bears: 3/3; counters: 1 -1/-1") is None


def test_a_spelled_out_expected_number_beside_other_digits_is_unsure_not_wrong():
    # "Two mana: 1 from … and 1 from …" is right; the item's regex or a reader decides
    assert measure.standard_check("2", "Two mana: 1 from the Elves and 1 from the Drum") is None


def test_a_spelled_out_other_number_does_not_rescue_a_wrong_answer():
    assert measure.standard_check("3", "Two mana: 1 from the Elves and 1 from the Drum") is False


def test_an_unsure_number_falls_to_the_items_own_regex():
    item = {"id": "x", "expect": {"short": "2", "match": r"(?i)\btwo mana\b"}}
    assert measure.auto_correct(item, "Two mana: 1 from the Elves and 1 from the Drum") is True


def test_the_held_out_half_is_the_even_numbered_ids():
    assert measure.in_half("c5b-004", "held-out")
    assert not measure.in_half("c5b-003", "held-out")
    assert measure.in_half("c5b-003", "studied")
    assert not measure.in_half("c5b-110", "studied")
