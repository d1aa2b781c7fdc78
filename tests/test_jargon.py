"""The one jargon table (rulings_db/data/jargon.yaml): players' words for rules concepts."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from rulings_db.jargon import jargon, parse_jargon
from rulings_db.knowledge import KnowledgeBase
from rulings_db.text import SLANG, slang_phrases


def test_the_table_holds_at_least_150_concepts_each_with_an_example_question() -> None:
    entries = jargon().entries
    assert len(entries) >= 150
    assert all(e.example.strip() for e in entries)


def test_free_questions_use_the_tables_words() -> None:
    assert SLANG["fizzle"] == jargon().lookup("fizzle").means  # type: ignore[union-attr]
    assert ("fizzles", SLANG["fizzle"]) in slang_phrases("does my spell fizzles?")


def test_lookup_finds_inflections_and_rules() -> None:
    entry = jargon().lookup("Fizzles")
    assert entry is not None and "608.2b" in entry.rules
    tucked = jargon().lookup("tucked")
    assert tucked is not None and "903.9b" in tucked.rules
    assert jargon().lookup("tap my elves for mana") is not None  # a pattern entry
    assert jargon().lookup("xyzzy") is None


@pytest.mark.parametrize(
    ("question", "rule"),
    [
        ("could bile blight kill multiple morph creatures?", "708.2a"),
        ("can i counter a replica?", "707.10"),
        ("does giving a mutant stack undying bring them back?", "729.3"),
        ("what colour is an animated land?", "105.2c"),
        ("does my elephant token come back after astral slide exiled it?", "111.8"),
        ("if i turn glacial chasm into a swamp, does it lose its abilities?", "305.7"),
        ("i control my opponent's next turn; do i control their extra turn?", "722.1"),
    ],
)
def test_real_players_words_bring_the_rule_that_decides_them(question: str, rule: str) -> None:
    found = [
        r for typed, _ in slang_phrases(question) if (e := jargon().lookup(typed)) for r in e.rules
    ]
    assert rule in found


def test_an_entry_without_an_example_is_refused() -> None:
    with pytest.raises(ValueError, match="example"):
        parse_jargon("jargon:\n  - say: [etb]\n    means: enters\n")


def test_knowledge_base_jargon_lookup(kb_path: Path) -> None:
    kb = KnowledgeBase(kb_path)
    entry = kb.jargon("ETB")
    assert entry is not None and entry.means.startswith("enters the battlefield")


@pytest.mark.shared
def test_every_rule_of_the_table_is_a_rule_of_the_cr(shared_kb_path: Path) -> None:
    rules = {r for e in jargon().entries for r in e.rules}
    with sqlite3.connect(shared_kb_path) as conn:
        have = {n for (n,) in conn.execute("select number from rules")}
    assert rules - have == set()
