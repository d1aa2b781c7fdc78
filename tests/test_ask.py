"""Free questions over the fixture database: what comes first, and hostile input."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest

from rulings_db.disambiguation import Disambiguator, outside_slang
from rulings_db.knowledge import KnowledgeBase
from rulings_db.mentions import Mention
from rulings_db.retrieval import MAX_QUESTION, Candidate, Retriever, confidence_of


@pytest.fixture(scope="module")
def kb(kb_path: Path) -> KnowledgeBase:
    return KnowledgeBase(kb_path)


def test_a_question_naming_a_card_puts_that_cards_ruling_first(kb):
    answer = kb.ask("soul seperator exiles sage of ancient lore, how big is the zombie token")
    assert "Soul Separator" in answer.cards
    top = answer.sources[0]
    assert top.kind == "ruling" and top.card == "Soul Separator"
    assert "power and toughness" in top.text


@pytest.mark.parametrize(
    ("subject", "other"), [("Vizier of Many Faces", "Clone"), ("Clone", "Vizier of Many Faces")]
)
def test_of_two_cards_named_the_one_named_twice_is_the_subject(kb, subject, other):
    short = {"Vizier of Many Faces": "vizier", "Clone": "clone"}
    question = (
        f"my {short[subject]} copied my opponents {short[other]} that was copying a dragon, "
        f"what does my {short[subject]} become"
    )
    answer = kb.ask(question)
    assert {subject, other} <= set(answer.cards)
    assert [s.card for s in answer.sources[:2]] == [subject, subject]


def test_a_definition_question_puts_the_defining_rule_first(kb):
    answer = kb.ask("what does trample do?")
    assert answer.sources[0].kind == "rule"
    assert answer.sources[0].number.startswith("702.19")


@pytest.mark.parametrize("question", ["trample", "Trample?", " deathtouch "])
def test_a_bare_cr_term_is_asked_for_its_definition(kb, question):
    answer = kb.ask(question)
    assert answer.sources[0].kind == "rule" and answer.confidence == "high"
    assert answer.sources[0].number.startswith(("702.19", "702.2"))


@pytest.mark.parametrize("question", ["graveyard", "what is a counter", "lethal?"])
def test_one_everyday_word_is_never_answered_with_confidence(kb, question):
    # Each matches rules that score well against the one word's small ceiling...
    retriever = Retriever(kb, 0)
    query = retriever.build_query(question)
    candidates = retriever.gather(query)
    for candidate in candidates:
        candidate.score = retriever.score(candidate, query)
    assert confidence_of(retriever.rank(candidates)) in {"high", "medium"}
    # ...but one word that names no card and no CR term can't be trusted.
    assert kb.ask(question).confidence == "low"


def test_the_other_face_of_a_named_card_is_a_name_not_a_topic(kb):
    question = "opp countered my stomp, can i still cast the bonecrusher from exile later"
    weights = Retriever(kb, 0).build_query(question).weights
    assert weights["stomp"] < 0.5 <= weights["counter"]


def test_slang_reaches_the_rules_words(kb):
    answer = kb.ask("can I tap a creature for mana the turn I played it?")
    assert "302.6" in [s.number for s in answer.sources[:3]]


def test_a_state_the_question_names_also_searches_for_its_opposite(kb):
    # "can a tapped creature block?" is answered by "the chosen creatures must be untapped"
    weights = Retriever(kb, 0).build_query("can a tapped creature block").weights
    assert 0 < weights["untap"] < weights["tap"]
    assert "unblock" not in weights  # only states ("tapped"), not actions ("block")


def test_slang_the_corpus_never_uses_weighs_as_much_as_a_word_through_its_expansion(kb):
    retriever = Retriever(kb, 0)
    typed = retriever.build_query("is it an etb ability").weights
    spelled = retriever.build_query("is it an enter ability").weights
    assert "etb" not in retriever.df
    assert typed["battlefield"] > 0.5 * spelled["enter"]


def test_a_partial_name_that_a_named_cards_oracle_text_spells_out_is_weak(kb):
    # "soul separator ... is the black zombie a copy": the Zombie is what Soul Separator
    # creates, not some card whose name starts with "black zombie".
    separator = Mention(
        "soul separator", 0, 2, ("f1da52a4-08a0-4427-a461-a1dc6627b98e",), "full", 1.0
    )
    zombie = Mention("black zombie", 4, 6, ("some-card",), "prefix", 0.8)
    kept = Retriever(kb, 0).disambiguator.drop_named_by_others([separator, zombie])
    assert kept[0].weight == 1.0 and kept[1].weight <= 0.3


def test_a_name_like_prefix_of_a_few_cards_counts_as_naming_each_when_none_fits_better(kb):
    jaces = tuple(kb.names.complete_ids("jace", 9, whole_words=True))
    retriever = Retriever(kb, 0)
    unsettled = retriever.disambiguator.settle(
        Mention("jace", 0, 1, jaces, "prefix", 0.3), "zzz qqq"
    )
    assert unsettled.oracle_ids == jaces and unsettled.weight >= 0.6
    weak = retriever.disambiguator.settle(Mention("jace", 0, 1, jaces, "prefix", 0.2), "zzz qqq")
    assert weak.weight == 0.2  # below the weak-evidence line, a word stays a word


def test_a_prefix_is_settled_by_the_question_not_by_the_name_it_repeats(kb):
    # Each Jace's Oracle text may say "Jace"; only the rest of the question can decide.
    jaces = tuple(kb.names.complete_ids("jace", 9, whole_words=True))
    retriever = Retriever(kb, 0)
    settled = retriever.disambiguator.settle(
        Mention("jace", 0, 1, jaces, "prefix", 0.5), "jace jace jace"
    )
    assert settled.oracle_ids == jaces


def test_a_later_word_match_replaces_the_first_word_only_when_it_fits_far_better(kb):
    ids = {kb.names.full_names[i]: i for i in kb.names.complete_ids("jace", 9, whole_words=True)}
    mention = Mention(
        "jace", 0, 1, (ids["Jace Beleren"],), "prefix", 0.9, (ids["Jace, the Mind Sculptor"],)
    )
    retriever = Retriever(kb, 0)
    fits = retriever.disambiguator.consider_others(
        mention, "jace shuffles their hand into their library"
    )
    assert fits.oracle_ids == (ids["Jace, the Mind Sculptor"],) and not fits.others
    stays = retriever.disambiguator.consider_others(mention, "is jace any good")
    assert stays.oracle_ids == (ids["Jace Beleren"],) and not stays.others


def test_a_partial_name_inside_a_slang_phrase_is_not_a_card():
    wipe = Mention("wipe", 5, 6, ("some-card",), "prefix", 0.9)
    named = Mention("kayas ghostform", 0, 2, ("other-card",), "full", 1.0)
    said = [("board wipe", "destroy all creatures")]
    assert outside_slang([named, wipe], said) == [named]


def test_sources_are_best_first_and_distinct(kb):
    answer = kb.ask("two legendary permanents with the same name")
    scores = [s.score for s in answer.sources]
    assert scores == sorted(scores, reverse=True)
    keys = [(s.kind, s.number or s.text) for s in answer.sources]
    assert len(keys) == len(set(keys))


def test_a_ruling_printed_on_several_cards_is_one_source(kb):
    answer = kb.ask("embalm token game play supplement booster packs", limit=10)
    texts = [s.text for s in answer.sources if s.kind == "ruling"]
    assert len(texts) == len(set(texts))


@pytest.mark.parametrize(
    "question",
    ['"', "trample*", "NEAR(a b)", "a - b: c", "(((", "AND OR NOT", "🃏🔥", "\x00\x00", "?!"],
)
def test_fts_syntax_emoji_and_nul_bytes_never_raise(kb, question):
    answer = kb.ask(question)
    assert answer.confidence in {"high", "medium", "low", "none"}


def test_an_empty_question_has_no_sources_and_says_why(kb):
    answer = kb.ask("   ")
    assert answer.sources == () and answer.confidence == "none" and answer.notes


def test_a_very_long_question_is_cut_and_the_answer_says_so(kb):
    answer = kb.ask("does trample work with deathtouch " * 400)
    assert len("does trample work with deathtouch " * 400) > MAX_QUESTION
    assert any("first" in note for note in answer.notes)
    assert answer.sources


def test_gibberish_gets_low_confidence_not_a_confident_answer(kb):
    assert kb.ask("qwzx vbnm plok").confidence in {"low", "none"}


def test_answer_json_has_the_documented_shape(kb):
    payload = kb.ask("how does trample work with deathtouch").to_json()
    assert set(payload) == {"question", "cards", "sources", "confidence"}
    for source in payload["sources"]:
        assert source["kind"] in {"ruling", "rule", "glossary"}
        assert {"text", "score"} <= set(source)
        if source["kind"] == "ruling":
            assert {"card", "date"} <= set(source)
        elif source["kind"] == "rule":
            assert "number" in source
        else:
            assert "term" in source
    json.dumps(payload)


@pytest.mark.parametrize("prefix", ["@everyone ", "<@123456789> ", "<@!42> hey "])
def test_chat_mentions_are_not_part_of_the_question(kb, prefix):
    plain = kb.ask("what does trample do?")
    mentioned = kb.ask(prefix + "what does trample do?")
    assert [s.number for s in mentioned.sources] == [s.number for s in plain.sources]


def _rule(number: str, score: float) -> Candidate:
    return Candidate("rule", f"text of {number}", number=number, score=score)


def test_sibling_sub_rules_that_both_earn_a_place_are_cited_as_their_rule(kb):
    retriever = Retriever(kb, 0)
    ranked = [_rule("702.19c", 1.0), _rule("702.2c", 0.9), _rule("702.19b", 0.8)]
    grouped = retriever.group_sub_rules(ranked, limit=5)
    assert [c.number for c in grouped] == ["702.19", "702.2c"]
    top = grouped[0]
    assert top.parts == ["702.19c", "702.19b"] and top.score == 1.0
    # The quoted sub-rules come best first, each under its own number, and the rest is counted.
    assert top.text.startswith("702.19c text of 702.19c\n702.19b text of 702.19b")
    assert "more sub-rules" in top.text


def test_a_lone_sub_rule_keeps_its_own_number(kb):
    grouped = Retriever(kb, 0).group_sub_rules([_rule("702.19b", 1.0)], limit=5)
    assert [(c.number, c.parts) for c in grouped] == [("702.19b", [])]


def test_a_sibling_below_the_shown_places_is_neither_quoted_nor_shown_again(kb):
    ranked = [_rule("702.19b", 1.0), _rule("702.2c", 0.9), _rule("702.19d", 0.1)]
    grouped = Retriever(kb, 0).group_sub_rules(ranked, limit=2)
    assert [(c.number, c.parts) for c in grouped] == [("702.19b", []), ("702.2c", [])]


def test_grouped_sub_rules_free_places_for_other_sources(kb):
    answer = kb.ask("does trample damage still go to the player if the blocker is gone")
    numbers = [s.number for s in answer.sources if s.kind == "rule"]
    assert numbers[0] == "702.19" and answer.sources[0].sub_rules
    # No sub-rule of 702.19 is repeated as a source of its own.
    assert not any(n and n.startswith("702.19") for n in numbers[1:])
    assert all(f"{n} " in answer.sources[0].text for n in answer.sources[0].sub_rules)
    assert answer.sources[0].to_json()["sub_rules"] == list(answer.sources[0].sub_rules)


def test_a_legends_first_name_is_never_replaced_by_a_later_word_match(kb):
    # "karametra out and i cast ..." is Karametra, God of Harvests, not Dictate of Karametra.
    ids = {kb.names.full_names[i]: i for i in kb.names.complete_ids("jace", 9, whole_words=True)}
    mention = Mention(
        "jace", 0, 1, (ids["Jace, the Mind Sculptor"],), "prefix", 0.9, (ids["Jace Beleren"],)
    )
    question = "jace: each player draws a card, then target player mills twenty cards"

    def beleren_fits_far_better(weights: dict[str, float], doc_terms: list[str]) -> float:
        return 10.0 if any(t.startswith("twent") for t in doc_terms) else 1.0

    disambiguator = Disambiguator(kb, beleren_fits_far_better)
    stays = disambiguator.consider_others(mention, question)
    assert stays.oracle_ids == (ids["Jace, the Mind Sculptor"],) and not stays.others
    # The same fit does replace a first word that is no legend's own first name.
    plain = replace(mention, text="jace the")
    assert disambiguator.consider_others(plain, question).oracle_ids == (ids["Jace Beleren"],)
