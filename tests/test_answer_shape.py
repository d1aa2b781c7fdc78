"""A free question's answer reads like a judge's: the deciding source, the named cards'
Oracle text, then the other sources compactly (their full texts on the next pages)."""

from __future__ import annotations

from bot.render.content import (
    LEAD_TEXT,
    answer_reply,
    in_rule_order,
    rule_order,
    verdict,
)
from rulings_db.models import Answer, Card, CardFace, Source

GOYF = Card(
    oracle_id="g",
    name="Tarmogoyf",
    layout="normal",
    mana_cost="{1}{G}",
    mana_value=2.0,
    type_line="Creature — Lhurgoyf",
    oracle_text="Tarmogoyf's power is equal to the number of card types among cards in all "
    "graveyards and its toughness is equal to that number plus 1.",
    faces=(CardFace("Tarmogoyf", "{1}{G}", "Creature — Lhurgoyf", "…", "*", "1+*", None, None),),
)
RULING = Source(
    "ruling", "No. Tarmogoyf counts card types, not cards.", 3.0, card="Tarmogoyf",
    date="2021-03-19",
)  # fmt: skip
RULE = Source("rule", "A rule's text. " * 80, 2.0, number="604.3")
GLOSSARY = Source("glossary", "A definition.", 1.0, term="Card Type")


def _answer(*sources: Source, cards: tuple[str, ...] = ()) -> Answer:
    return Answer("does goyf count tokens?", cards, sources, "high")


def test_the_answer_leads_with_the_deciding_source_and_its_verdict():
    reply = answer_reply(_answer(RULING, RULE), None)
    lines = reply.embeds[0].description.split("\n")
    assert lines[:2] == ["**No.**", "**Ruling · Tarmogoyf (2021-03-19)**"]
    assert lines[2] == "Tarmogoyf counts card types, not cards."


def test_a_source_that_states_no_verdict_gets_none():
    assert verdict(RULE) == (None, RULE.text)
    assert verdict(Source("ruling", "Nobody may respond.", 1.0, card="X", date="d"))[0] is None


def test_the_named_cards_oracle_text_follows_the_lead():
    reply = answer_reply(_answer(RULING, cards=("Tarmogoyf",)), None, [GOYF])
    oracle = reply.embeds[0].fields[0]
    assert oracle.name == "Oracle · Tarmogoyf" and "card types" in oracle.value


def test_other_sources_are_cited_in_one_line_each_with_full_texts_on_next_pages():
    reply = answer_reply(_answer(RULING, RULE, GLOSSARY), None)
    more = reply.embeds[0].fields[-1]
    assert more.value == "Rule 604.3\nGlossary · Card Type"
    assert [p.title for p in reply.pages[1:]] == ["Rule 604.3", "Glossary · Card Type"]
    assert reply.pages[1].description == RULE.text


def test_a_long_lead_is_cut_and_given_in_full_on_a_page():
    reply = answer_reply(_answer(RULE, GLOSSARY), None)
    assert len(reply.embeds[0].description) < LEAD_TEXT + 40
    assert reply.pages[1].title == "Rule 604.3" and reply.pages[1].description == RULE.text


def test_sub_rules_are_in_the_crs_order_not_by_score():
    text = "702.19d D.\n702.19b B.\n702.19c C.\n(Rule 702.19 has 3 more sub-rules.)"
    assert in_rule_order(text).split("\n") == [
        "702.19b B.", "702.19c C.", "702.19d D.", "(Rule 702.19 has 3 more sub-rules.)",
    ]  # fmt: skip
    assert sorted(["702.19", "702.9", "702.100a"], key=rule_order) == [
        "702.9",
        "702.19",
        "702.100a",
    ]


def test_the_answer_is_much_shorter_than_every_source_in_full():
    sources = (RULING, RULE, RULE, GLOSSARY, RULE)
    reply = answer_reply(_answer(*sources), None)
    everything = sum(len(s.text) for s in sources)
    assert len(reply.to_text(controls=False)) < everything / 2
