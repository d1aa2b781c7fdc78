"""Question shapes Q8 added to rulings_db/data/jargon.yaml (session 9): each names the rule
family that decides a question of that shape."""

from __future__ import annotations

import pytest

from rulings_db.jargon import jargon


@pytest.mark.parametrize(
    "question",
    [
        "does an ability like putrid leech's target the leech, allowing me to use spellskite",
        "does it count as targeting when i equip it",
        "is that targeted, or can hexproof not stop it",
    ],
)
def test_asking_whether_something_targets_is_decided_by_the_targeting_rules(
    question: str,
) -> None:
    entry = jargon().lookup(question)
    assert entry is not None and entry.kind == "shape"
    assert {"115.1", "115.10a"} <= set(entry.rules)


def test_a_spell_that_says_target_creature_is_not_that_question() -> None:
    entry = jargon().lookup("does the spell target creature i control")
    assert entry is None or "115.10a" not in entry.rules
