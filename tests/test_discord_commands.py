"""Slash commands end to end: a real discord.py client against the loopback fake Discord."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from tests.fake_discord.harness import Harness, assert_within_limits, no_mentions, running_bot
from tests.fake_discord.server import MANAGE_GUILD, MEMBER_PERMISSIONS

EPHEMERAL = 64


@pytest.fixture
async def h(kb_path: Path, tmp_path: Path) -> AsyncIterator[Harness]:
    async with running_bot(kb_path, tmp_path / "state.sqlite") as harness:
        yield harness


def _commands(h: Harness) -> dict[str, dict]:
    return {c["name"]: c for c in h.fake.commands["global"]}


async def test_commands_register_globally_with_autocomplete_and_config_permissions(h: Harness):
    commands = _commands(h)
    assert {"card", "rulings", "cr", "define", "ask", "config", "about"} <= set(commands)
    assert commands["card"]["options"][0]["autocomplete"] is True
    assert commands["rulings"]["options"][0]["autocomplete"] is True
    assert commands["cr"]["options"][0]["autocomplete"] is True
    config = commands["config"]
    assert int(config["default_member_permissions"]) == MANAGE_GUILD
    assert {o["name"] for o in config["options"]} >= {"autoanswer", "threshold", "inline"}
    for command in commands.values():
        assert len(command["description"]) <= 100


async def test_no_command_or_option_description_is_cut_short_and_text_options_are_bounded(
    h: Harness,
):
    # discord.py cuts a description over Discord's 100 characters with an ellipsis; the fake
    # server refuses what Discord refuses (command_problems), so registering at all means valid
    for command in _commands(h).values():
        for option in [command, *(command.get("options") or [])]:
            assert not option["description"].endswith("…"), (command["name"], option["name"])
            if option.get("type") == 3:  # a string option: bounded like Discord bounds it
                assert 0 < option.get("max_length", 0) <= 6000, (command["name"], option["name"])


async def test_card_command_replies_with_the_oracle_text_embed(h: Harness):
    inter = await h.fake.slash("card", {"name": "vizier"})
    rec = await h.fake.final_reply(inter)
    assert rec.json["type"] == 4
    body = rec.body
    assert_within_limits(body)
    assert no_mentions(body)
    embed = body["embeds"][0]
    assert embed["title"].startswith("Vizier of Many Faces")
    assert "Embalm" in embed["description"]
    assert not (body.get("flags") or 0) & EPHEMERAL


async def test_unknown_card_is_an_ephemeral_message_that_cannot_ping(h: Harness):
    inter = await h.fake.slash("card", {"name": "@everyone zzzzqqqq"})
    body = (await h.fake.final_reply(inter)).body
    assert body["flags"] & EPHEMERAL
    assert no_mentions(body)
    assert "@everyone" not in body["content"]


async def test_ambiguous_card_offers_choices_ephemerally(h: Harness):
    inter = await h.fake.slash("card", {"name": "jace"})
    body = (await h.fake.final_reply(inter)).body
    assert body["flags"] & EPHEMERAL
    assert "Jace Beleren" in body["content"] and "Jace, the Mind Sculptor" in body["content"]


async def test_card_autocomplete_answers_at_most_25_choices(h: Harness):
    inter = await h.fake.autocomplete("card", "name", "jac")
    rec = await h.fake.reply_to(inter)
    assert rec.json["type"] == 8
    choices = rec.json["data"]["choices"]
    assert 0 < len(choices) <= 25
    assert all(c["name"].lower().startswith("j") for c in choices)


async def test_rule_autocomplete_accepts_numbers_and_keywords(h: Harness):
    by_number = await h.fake.reply_to(await h.fake.autocomplete("cr", "rule", "702.19"))
    by_keyword = await h.fake.reply_to(await h.fake.autocomplete("cr", "rule", "trample"))
    for rec in (by_number, by_keyword):
        choices = rec.json["data"]["choices"]
        assert 0 < len(choices) <= 25
        assert any(c["value"].startswith("702.19") for c in choices)


async def test_cr_and_define_cite_the_rules(h: Harness):
    cr = (await h.fake.final_reply(await h.fake.slash("cr", {"rule": "702.19b"}))).body
    assert cr["embeds"][0]["title"].startswith("702.19b")
    assert "Comprehensive Rules" in cr["embeds"][0]["footer"]["text"]
    define = (await h.fake.final_reply(await h.fake.slash("define", {"term": "trample"}))).body
    assert define["embeds"][0]["title"] == "Trample"
    assert_within_limits(cr)
    assert_within_limits(define)


async def test_rulings_pages_turn_only_for_the_person_who_asked(h: Harness):
    asker = h.fake.user("asker")
    inter = await h.fake.slash("rulings", {"name": "soul separator"}, user=asker)
    rec = await h.fake.final_reply(inter)
    body = rec.body
    assert "Page 1/" in body["embeds"][0]["footer"]["text"]
    buttons = body["components"][0]["components"]
    prev, nxt = buttons
    assert prev["disabled"] is True and nxt.get("disabled") is not True
    message = h.fake.message_for(rec)

    stranger = await h.fake.click(nxt["custom_id"], message, user=h.fake.user("stranger"))
    refused = await h.fake.reply_to(stranger)
    assert refused.json["type"] == 4 and refused.body["flags"] & EPHEMERAL

    turned = await h.fake.reply_to(await h.fake.click(nxt["custom_id"], message, user=asker))
    assert turned.json["type"] == 7  # update the message in place
    assert "Page 2/" in turned.body["embeds"][0]["footer"]["text"]
    assert_within_limits(turned.body)


async def test_ask_answers_with_sources_confidence_and_feedback_buttons(h: Harness):
    question = "can I tap llanowar elves for mana the turn it came in?"
    rec = await h.fake.final_reply(await h.fake.slash("ask", {"question": question}))
    body = rec.body
    assert_within_limits(body)
    assert no_mentions(body)
    embed = body["embeds"][0]
    assert "Confidence:" in embed["footer"]["text"]
    assert "302.6" in embed["description"] or any("302.6" in f["name"] for f in embed["fields"])
    up, down, *_pages = body["components"][0]["components"]  # then "more sources" pages
    assert up["custom_id"].startswith("rb:fb:up:") and down["custom_id"].startswith("rb:fb:down:")

    voter = h.fake.user("voter")
    thanks = await h.fake.reply_to(
        await h.fake.click(up["custom_id"], h.fake.message_for(rec), user=voter)
    )
    assert thanks.body["flags"] & EPHEMERAL
    summary = h.app.state.feedback_summary()
    assert (summary.answers, summary.up, summary.down) == (1, 1, 0)


async def test_config_refuses_members_without_manage_server(h: Harness):
    inter = await h.fake.slash(
        "config", {"enabled": True}, subcommand="autoanswer", permissions=MEMBER_PERMISSIONS
    )
    body = (await h.fake.final_reply(inter)).body
    assert body["flags"] & EPHEMERAL and "Manage Server" in body["content"]
    assert h.app.state.settings(int(h.fake.guilds[0].id)).auto_answer_channels == frozenset()


async def test_config_saves_settings_for_that_server_only(h: Harness):
    admin = MEMBER_PERMISSIONS | MANAGE_GUILD
    inter = await h.fake.slash(
        "config", {"enabled": True}, subcommand="autoanswer", permissions=admin
    )
    body = (await h.fake.final_reply(inter)).body
    assert body["flags"] & EPHEMERAL and body["content"].startswith("Saved")
    level = await h.fake.slash(
        "config", {"level": "medium"}, subcommand="threshold", permissions=admin
    )
    await h.fake.final_reply(level)
    one = h.app.state.settings(int(h.fake.guilds[0].id))
    two = h.app.state.settings(int(h.fake.guilds[1].id))
    assert one.auto_answer_channels == {int(h.fake.guilds[0].channels[0])}
    assert one.threshold == "medium"
    assert two.auto_answer_channels == frozenset() and two.threshold == "high"


async def test_about_names_the_data_date_and_attribution(h: Harness):
    body = (await h.fake.final_reply(await h.fake.slash("about"))).body
    text = str(body["embeds"][0])
    assert "Scryfall" in text and "Fan Content Policy" in text
    assert "2026-01-16" in text  # the fixture CR's effective date


async def test_commands_work_in_direct_messages(h: Harness):
    body = (await h.fake.final_reply(await h.fake.slash("card", {"name": "bolt"}, dm=True))).body
    assert body["embeds"][0]["title"].startswith("Lightning Bolt")


async def test_hostile_4000_character_input_gets_a_bounded_polite_reply(h: Harness):
    junk = "```" + "@everyone **x** " * 250 + "```"
    for name, options in (
        ("card", {"name": junk}),
        ("ask", {"question": junk}),
        ("cr", {"rule": junk}),
        ("define", {"term": junk}),
    ):
        body = (await h.fake.final_reply(await h.fake.slash(name, options))).body
        assert_within_limits(body)
        assert no_mentions(body)
        assert "@everyone" not in (body.get("content") or "").replace("@\u200beveryone", "")


async def test_server_only_command_in_a_dm_gets_a_polite_ephemeral_refusal(h: Harness):
    inter = await h.fake.slash("config", {}, subcommand="show", dm=True)
    body = (await h.fake.final_reply(inter)).body
    assert body["flags"] & EPHEMERAL
    assert "server" in body["content"]


async def test_did_you_mean_menu_posts_the_picked_card_for_everyone(h: Harness):
    rec = await h.fake.final_reply(await h.fake.slash("card", {"name": "jace"}))
    menu = rec.body["components"][0]["components"][0]
    assert menu["type"] == 3 and len(menu["options"]) <= 25
    assert "Jace Beleren" in [o["value"] for o in menu["options"]]
    picked = await h.fake.click(menu["custom_id"], h.fake.message_for(rec), values=["Jace Beleren"])
    body = (await h.fake.reply_to(picked)).body
    assert body["embeds"][0]["title"].startswith("Jace Beleren")
    assert not (body.get("flags") or 0) & EPHEMERAL
    assert no_mentions(body)


async def test_config_show_reports_settings_and_this_servers_feedback(h: Harness):
    admin = MEMBER_PERMISSIONS | MANAGE_GUILD
    body = (
        await h.fake.final_reply(
            await h.fake.slash("config", {}, subcommand="show", permissions=admin)
        )
    ).body
    assert body["flags"] & EPHEMERAL
    assert "Confidence threshold: high" in body["content"]
    assert "Answers given here: 0" in body["content"]


def test_the_fake_server_refuses_commands_discord_would_refuse():
    from tests.fake_discord.server import command_problems

    good = {"name": "card", "description": "Look up a card", "options": []}
    assert command_problems(good) == []
    too_long = {**good, "options": [{"name": "name", "description": "x" * 101, "type": 3}]}
    bad_name = {**good, "name": "Card Lookup"}
    unbounded = {**good, "options": [{"name": "q", "description": "d", "max_length": 6001}]}
    for bad in (too_long, bad_name, unbounded):
        assert command_problems(bad), bad
