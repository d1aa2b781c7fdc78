"""A list that starts with what a copy copies (S5, session 14): "My Clone is a copy of Serra
Angel, and it has a +1/+1 counter" put the counter on both; a copy doesn't copy counters or
status (707.2), and the fact is the copy's alone."""

from __future__ import annotations

import pytest
from fixture_names import FixtureNames

from engine.reader import read


@pytest.mark.parametrize(
    ("text", "fact"),
    [
        (
            "My Clone is a copy of Serra Angel, and it has a +1/+1 counter. Power of Clone?",
            "1 +1/+1 counter",
        ),
        ("My Clone is a copy of Serra Angel, and my Clone is tapped. Can Clone attack?", "tapped"),
    ],
)
def test_a_fact_after_a_copy_is_the_copys_alone(text: str, fact: str, names: FixtureNames) -> None:
    echo = read(text, names).echo
    assert f"a copy of Serra Angel, {fact}" in echo, echo
    assert f"Serra Angel ({fact}" not in echo, echo


def test_a_list_naming_the_copied_card_in_its_own_sentence_keeps_both(
    names: FixtureNames,
) -> None:
    text = (
        "My Clone is a copy of my Serra Angel. Serra Angel and Clone have a +1/+1 counter. "
        "What's the power of Clone?"
    )
    echo = read(text, names).echo
    assert "Serra Angel (1 +1/+1 counter" in echo, echo
    assert "a copy of Serra Angel, 1 +1/+1 counter" in echo, echo
