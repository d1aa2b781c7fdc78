"""The read side over the small fixture database: cards, rules, glossary, refresh."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from rulings_db.knowledge import KnowledgeBase, KnowledgeBaseError, clean_rule_number, fts_query


@pytest.fixture(scope="module")
def kb(kb_path: Path) -> KnowledgeBase:
    return KnowledgeBase(kb_path)


@pytest.mark.parametrize(
    ("query", "name", "how"),
    [
        ("Lightning Bolt", "Lightning Bolt", "exact"),
        ("SOL RING", "Sol Ring", "normalised"),
        ("thalia guardian of thraben", "Thalia, Guardian of Thraben", "normalised"),
        ("goyf", "Tarmogoyf", "nickname"),
        ("insectile aberration", "Delver of Secrets // Insectile Aberration", "face"),
        ("stomp", "Bonecrusher Giant // Stomp", "face"),
        ("fire ice", "Fire // Ice", "normalised"),
        ("Springleaf", "Springleaf Drum", "prefix"),
        ("vizier of many face", "Vizier of Many Faces", "prefix"),
        ("soul seperator", "Soul Separator", "fuzzy"),
        ("lightning blot", "Lightning Bolt", "fuzzy"),
        ("tarmogoyd", "Tarmogoyf", "fuzzy"),  # no whole word in common with the name
        ("brainstrom", "Brainstorm", "fuzzy"),
    ],
)
def test_card_names_resolve_by_the_documented_precedence(kb, query, name, how):
    match = kb.card(query)
    assert match.card is not None, match
    assert (match.card.name, match.how) == (name, how)


def test_exact_name_beats_a_longer_name_it_prefixes(kb):
    assert kb.card("opt").card.name == "Opt"


def test_a_name_several_cards_share_returns_candidates_not_a_guess(kb):
    match = kb.card("jace")
    assert match.card is None and match.ambiguous
    assert "Jace, the Mind Sculptor" in match.candidates and "Jace Beleren" in match.candidates


@pytest.mark.parametrize("query", ["zzqqxx", "", "   ", "\x00", "🂡🂡", "x" * 10_000])
def test_unknown_or_hostile_names_are_not_found_without_error(kb, query):
    match = kb.card(query)
    assert match.card is None and not match.ambiguous


def test_multi_face_card_has_every_face(kb):
    card = kb.card("Delver of Secrets").card
    assert [f.name for f in card.faces] == ["Delver of Secrets", "Insectile Aberration"]


def test_autocomplete_offers_at_most_the_limit_and_only_matching_names(kb):
    names = kb.complete_card_name("jace", limit=3)
    assert len(names) == 3 and all(n.startswith("Jace") for n in names)
    assert kb.complete_card_name("") == []


def test_rulings_of_a_card_are_oldest_first(kb):
    rulings = kb.rulings(kb.card("Soul Separator").card)
    assert rulings and all(r.card == "Soul Separator" for r in rulings)
    assert [r.published_at for r in rulings] == sorted(r.published_at for r in rulings)


@pytest.mark.parametrize(
    ("typed", "number"),
    [("702.19b", "702.19b"), ("Rule 702.19B.", "702.19b"), ("702.19.", "702.19"), ("7", "7")],
)
def test_rule_numbers_are_read_the_way_players_type_them(typed, number):
    assert clean_rule_number(typed) == number


@pytest.mark.parametrize("typed", ["abc", "702.19b; drop table rules", "", "1234.5"])
def test_text_that_is_no_rule_number_is_refused(typed):
    assert clean_rule_number(typed) is None


def test_a_rule_comes_with_its_sub_rules_and_examples(kb):
    rule = kb.rule("702.19")
    assert rule.title == "Trample"
    assert "702.19b" in [child.number for child in rule.children]
    assert kb.rule("702.19b").examples


def test_unknown_rule_numbers_are_none(kb):
    assert kb.rule("999.99z") is None and kb.rule("not a rule") is None


def test_rule_autocomplete_by_number_prefix_and_by_title_word(kb):
    assert all(n.startswith("702.19") for n, _ in kb.complete_rule("702.19"))
    assert any(n == "702.19" for n, _ in kb.complete_rule("trample"))


def test_definitions_ignore_case_and_suggest_near_misses(kb):
    assert kb.define("TRAMPLE").term == "Trample"
    assert kb.define("no such term") is None
    assert "Trample" in kb.suggest_terms("trampel")


@pytest.mark.parametrize("text", ['"unbalanced', "trample*", "NEAR(a b)", "-x:y", "(((", "\x00"])
def test_rule_search_treats_fts_syntax_as_plain_words(kb, text):
    kb.search_rules(text)  # must not raise
    assert fts_query(text).count('"') % 2 == 0


def test_missing_database_says_what_to_run(tmp_path):
    with pytest.raises(KnowledgeBaseError, match="rulesbot sync"):
        KnowledgeBase(tmp_path / "absent.sqlite")


def test_a_file_that_is_not_a_database_is_refused_clearly(tmp_path):
    bogus = tmp_path / "bogus.sqlite"
    bogus.write_bytes(b"not sqlite at all" * 100)
    with pytest.raises(KnowledgeBaseError, match="not a rulesbot database"):
        KnowledgeBase(bogus)


def test_refresh_reopens_after_the_file_is_swapped(kb_path, tmp_path, kb_fixture_dir):
    from rulings_db.build import build_database

    path = tmp_path / "kb.sqlite"
    shutil.copy(kb_path, path)
    kb = KnowledgeBase(path)
    assert kb.refresh_if_changed() is False
    smaller = tmp_path / "only-cards"
    (smaller / "scryfall").mkdir(parents=True)
    shutil.copy(kb_fixture_dir / "scryfall" / "sample-oracle-cards.json", smaller / "scryfall")
    build_database(smaller, path, allow_shrink=True)  # a smaller file on purpose
    assert kb.refresh_if_changed() is True
    assert kb.card("Tarmogoyf").card is not None
    assert kb.rule("702.19b") is None  # the new file holds no CR
