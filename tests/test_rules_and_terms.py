"""`cr` and `define` read rules and terms the way players write them."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from bot.render import content
from bot.service.core import RulesService
from rulings_db.knowledge import KnowledgeBase, clean_rule_number, term_forms
from rulings_db.models import GlossaryEntry


@pytest.fixture(scope="module")
def kb(kb_path: Path) -> KnowledgeBase:
    return KnowledgeBase(kb_path)


@pytest.fixture(scope="module")
def service(kb_path: Path) -> RulesService:
    return RulesService.open(kb_path, board_processes=False)


@pytest.mark.parametrize(
    "typed", ["702.19b", "CR 702.19b", "cr702.19b", "702.19b.", "rule 702.19b", "§ 702.19b"]
)
def test_rule_references_are_read_as_players_write_them(typed):
    assert clean_rule_number(typed) == "702.19b"


@pytest.mark.parametrize("typed", ["CR 702.19b", "rule 702.19b.", "702.19b."])
def test_cr_shows_exactly_the_rule_asked_for(service, typed):
    reply = asyncio.run(service.rule(typed))
    assert reply.embeds and reply.embeds[0].title == "702.19b"


def test_a_rule_number_written_in_search_text_comes_first(kb):
    assert kb.search_rules("what does 702.19b say about trample", 5)[0].number == "702.19b"


def test_rule_autocomplete_reads_a_cr_prefix(kb):
    assert kb.complete_rule("CR 702.19")[0][0] == "702.19"


@pytest.mark.parametrize(
    ("typed", "form"),
    [("tramples", "trample"), ("the stack", "stack"), ("Stack?", "Stack"), ("blocked", "block")],
)
def test_term_forms_drop_articles_and_inflections(typed, form):
    assert form in term_forms(typed)


@pytest.mark.parametrize("typed", ["trample", "tramples", "Trample?"])
def test_define_understands_inflected_terms(kb, typed):
    assert kb.define(typed).term == "Trample"


def test_define_reads_abbreviations_of_a_terms_words(kb):
    assert kb.define("sba").term == "State-Based Actions"


def test_a_glossary_entry_that_points_at_a_rule_shows_what_the_rule_says(service):
    reply = asyncio.run(service.define("trample"))
    text = reply.to_text()
    assert "Rule 702.19" in text
    assert "first assigns damage to the creature(s) blocking it" in text  # 702.19b's words


def test_a_self_contained_definition_is_not_padded_with_a_rule():
    long = GlossaryEntry("Enters the Battlefield", "x" * 300, ("403.3", "603.6a"))
    assert content.pointed_rule(long) is None
    short = GlossaryEntry("Trample", "A keyword ability. See rule 702.19.", ("702.19",))
    assert content.pointed_rule(short) == "702.19"


def test_define_autocomplete_offers_terms_by_start_word_and_abbreviation(service):
    assert service.complete_term("tram")[0] == "Trample"
    assert service.complete_term("sba") == ["State-Based Actions"]
    assert "State-Based Actions" in service.complete_term("based")


# -- the real glossary ----------------------------------------------------------------------


@pytest.fixture(scope="module")
def shared_kb(shared_kb_path: Path) -> KnowledgeBase:
    return KnowledgeBase(shared_kb_path)


@pytest.mark.parametrize(
    ("typed", "term"),
    [
        ("etb", "Enters the Battlefield"),
        ("ltb", "Leaves the Battlefield"),
        ("sba", "State-Based Actions"),
        ("lki", "Last Known Information"),
        ("cmc", "Converted Mana Cost (Obsolete)"),
        ("the stack", "Stack"),
        ("summoning sickness", "Summoning Sickness Rule"),
        ("tramples", "Trample"),
        ("enter", "Enters the Battlefield"),  # "Enter: See “Enters the Battlefield.”" followed
    ],
)
def test_real_define_understands_what_players_type(shared_kb, typed, term):
    entry = shared_kb.define(typed)
    assert entry is not None and entry.term == term


def test_real_two_letter_abbreviations_come_from_the_jargon_table_not_initials(shared_kb):
    assert shared_kb.define("pw").term == "Planeswalker"  # not "Partner", whose initial is P


@pytest.fixture(scope="module")
def shared_service(shared_kb_path: Path) -> RulesService:
    return RulesService.open(shared_kb_path, board_processes=False)


def test_a_players_word_the_glossary_lacks_is_defined_by_its_jargon_rule(shared_service):
    reply = asyncio.run(shared_service.define("fizzle"))
    text = reply.to_text()
    assert "players' term" in text and "Rule 608.2b" in text
    assert "doesn’t resolve" in text or "doesn't resolve" in text  # the rule's own words


def test_a_jargon_word_with_a_glossary_entry_gets_that_entry(shared_kb):
    assert shared_kb.define("etbs").term == "Enters the Battlefield"
    assert shared_kb.define("dmg").term == "Damage"


def test_cr_finds_the_rule_a_players_word_names(shared_service):
    reply = asyncio.run(shared_service.rule("fizzle"))
    assert reply.embeds and reply.embeds[0].title == "608.2b"


def test_every_definition_source_is_credited():
    from typing import get_args

    from rulings_db.models import DefinitionSource

    assert set(content.DEFINITION_SOURCES) == set(get_args(DefinitionSource))


def test_cr_json_finds_a_keyword_as_the_text_reply_does(kb_path: Path):
    import json

    from click.testing import CliRunner

    from bot.cli import main

    result = CliRunner().invoke(main, ["cr", "trample", "--db", str(kb_path), "--json"])
    assert result.exit_code == 0 and json.loads(result.stdout)["number"] == "702.19"
