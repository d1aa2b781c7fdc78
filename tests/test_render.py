"""Rendering never exceeds Discord's limits, and echoed user text cannot ping or inject markdown."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from bot.discord.send import pack_embeds
from bot.render import limits
from bot.render.content import answer_reply, rulings_pages
from bot.render.reply import Embed, Field, Reply
from rulings_db.models import Answer, Card, CardFace, Ruling, Source


def _card(name: str = "Test Card") -> Card:
    face = CardFace(name=name, mana_cost="{1}", type_line="Artifact", oracle_text="Text.")
    return Card(
        oracle_id="0000-1111",
        name=name,
        layout="normal",
        mana_cost="{1}",
        mana_value=1.0,
        type_line="Artifact",
        oracle_text="Text.",
        faces=(face,),
    )


def _within_limits(embed: Embed) -> None:
    assert len(embed.title) <= limits.EMBED_TITLE
    assert len(embed.description) <= limits.EMBED_DESCRIPTION
    assert len(embed.fields) <= limits.FIELDS
    assert all(
        len(f.name) <= limits.FIELD_NAME and len(f.value) <= limits.FIELD_VALUE
        for f in embed.fields
    )
    assert embed.size() <= limits.EMBED_TOTAL


@given(
    title=st.text(max_size=400),
    description=st.text(max_size=6000),
    fields=st.lists(st.tuples(st.text(max_size=300), st.text(max_size=1500)), max_size=40),
)
def test_any_embed_is_fitted_within_every_limit(title, description, fields):
    embed = Embed(
        title=title,
        description=description,
        fields=[Field(n, v) for n, v in fields],
        footer="footer",
    )
    _within_limits(embed.fitted())


def test_too_many_fields_end_with_and_n_more():
    embed = Embed(fields=[Field(f"f{i}", "v") for i in range(40)]).fitted()
    assert len(embed.fields) == 25
    assert embed.fields[-1].value == "… and 16 more"


def test_join_within_summarises_what_does_not_fit():
    items = [f"item number {i}" for i in range(100)]
    joined = limits.join_within(items, 200)
    assert len(joined) <= 200
    shown = joined.count("item number")
    assert joined.endswith(f"… and {100 - shown} more")


def test_quote_user_defuses_mentions_and_markdown():
    quoted = limits.quote_user("@everyone **bold** `code` <@&123> @here")
    assert "@everyone" not in quoted and "@here" not in quoted
    assert "**" not in quoted.replace("\\*", "")
    assert "`" not in quoted.replace("\\`", "")


def test_clean_input_strips_invisible_and_control_characters():
    assert limits.clean_input("Li\u200bght\u202ening\x00 Bolt", 100) == "Lightning Bolt"
    assert limits.clean_input("ｂｏｌｔ", 100) == "bolt"  # fullwidth folded by NFKC


def test_many_rulings_are_paged_each_page_within_limits():
    rulings = [
        Ruling("0000-1111", "Test Card", f"2020-01-{i % 28 + 1:02d}", "wotc", "x" * 900)
        for i in range(40)
    ]
    reply = rulings_pages(_card(), rulings)
    assert len(reply.pages) == 7
    assert all("Page" in p.footer for p in reply.pages)
    for page in reply.pages:
        _within_limits(page.fitted())


def test_answer_reply_cites_every_source_and_states_confidence():
    sources = (
        Source("rule", "A rule text." * 50, 3.0, number="302.6"),
        Source("ruling", "A ruling text.", 2.0, card="Llanowar Elves", date="2020-01-01"),
        Source("glossary", "A definition.", 1.0, term="Summoning Sickness"),
    )
    reply = answer_reply(Answer("q?", ("Llanowar Elves",), sources, "medium"), "2026-01-16")
    embed = reply.embeds[0]
    assert "Rule 302.6" in embed.description
    assert [f.name for f in embed.fields] == ["More sources (next pages)"]
    assert (
        embed.fields[0].value
        == "Ruling · Llanowar Elves (2020-01-01)\nGlossary · Summoning Sickness"
    )
    assert "Confidence: medium" in embed.footer and "2026-01-16" in embed.footer
    assert reply.feedback and reply.confidence == "medium"


def test_a_rule_cited_as_a_whole_names_the_sub_rules_it_quotes_in_rule_order():
    quoted = "702.19c First.\n702.19b Second.\n(Rule 702.19 has 5 more sub-rules.)"
    source = Source("rule", quoted, 2.0, number="702.19", sub_rules=("702.19c", "702.19b"))
    reply = answer_reply(Answer("q?", (), (source,), "high"), None)
    assert reply.embeds[0].description.startswith(
        "**Rule 702.19 · 702.19b, 702.19c**\n702.19b Second.\n702.19c First."
    )


def test_an_answer_without_sources_says_so_instead_of_guessing():
    reply = answer_reply(Answer("q?", (), (), "none"), None)
    assert not reply.embeds and not reply.feedback
    assert "couldn't find" in reply.content


def test_embeds_are_packed_into_messages_within_the_total_limit():
    big = [Embed(description="d" * 4000) for _ in range(5)]
    groups = pack_embeds(big)
    assert len(groups) == 5  # two 4000-character embeds would pass 6000 together
    small = [Embed(description="d" * 10) for _ in range(12)]
    assert [len(g) for g in pack_embeds(small)] == [10, 2]


def test_reply_text_shows_pages_choices_and_buttons():
    text = Reply(content="hi", choices=["A", "B"], feedback=True, ephemeral=True).to_text()
    assert "A" in text and "👍" in text and "only you" in text
    plain = Reply(content="hi", choices=["A"], feedback=True, ephemeral=True).to_text(False)
    assert "A" in plain and "👍" not in plain and "only you" not in plain


def test_the_question_echoed_in_an_answer_title_is_defused():
    source = Source("rule", "text", 1.0, number="302.6")
    reply = answer_reply(Answer("@everyone ```x``` can I?", (), (source,), "high"), None)
    title = reply.embeds[0].title
    assert "@everyone" not in title and "```" not in title
