"""Inline [[card]] syntax and opt-in auto-answers, end to end against the fake Discord."""

from __future__ import annotations

from collections.abc import AsyncIterator
from dataclasses import replace
from pathlib import Path

import pytest

from bot.service import meets_threshold
from tests.fake_discord.harness import Harness, assert_within_limits, no_mentions, running_bot

QUESTION = "can I tap llanowar elves for mana the turn it came in?"


@pytest.fixture
async def h(kb_path: Path, tmp_path: Path) -> AsyncIterator[Harness]:
    async with running_bot(kb_path, tmp_path / "state.sqlite") as harness:
        yield harness


def _opt_in(h: Harness, guild: int = 0, channel: int = 0, **changes: object) -> None:
    g = h.fake.guilds[guild]
    settings = h.app.state.settings(int(g.id)).with_channel(int(g.channels[channel]), True)
    h.app.state.save_settings(replace(settings, **changes))  # type: ignore[arg-type]


async def test_inline_card_reply_has_the_embed_and_pings_nobody(h: Harness):
    message = await h.fake.send_message("what does [[vizier]] do? @everyone")
    body = (await h.reply_to_message(message)).json
    assert_within_limits(body)
    assert no_mentions(body)
    assert body["embeds"][0]["title"].startswith("Vizier of Many Faces")


async def test_inline_rulings_and_image_syntax(h: Harness):
    message = await h.fake.send_message("[[?soul separator]] and [[!bolt]]")
    await h.reply_to_message(message)
    await h.settle()
    embeds = [e for r in h.replies_to_message(message) for e in r.json["embeds"]]
    assert embeds[0]["title"] == "Rulings: Soul Separator"  # with its page buttons
    image = next(e for e in embeds if "image" in e)
    assert image["image"]["url"].endswith("Lightning%20Bolt")
    assert "format=image" in image["image"]["url"]


async def test_inline_answers_at_most_five_lookups(h: Harness):
    names = ["bolt", "opt", "clone", "sol ring", "humility", "blood moon", "fervor"]
    message = await h.fake.send_message(" ".join(f"[[{n}]]" for n in names))
    body = (await h.reply_to_message(message)).json
    assert len(body["embeds"]) == 5
    assert_within_limits(body)


async def test_inline_ambiguous_name_offers_did_you_mean(h: Harness):
    message = await h.fake.send_message("[[jace]]")
    body = (await h.reply_to_message(message)).json
    assert "Did you mean" in body["content"] and "Jace Beleren" in body["content"]


async def test_inline_syntax_inside_code_blocks_is_ignored(h: Harness):
    quoted = await h.fake.send_message("type it like this: ```[[bolt]]``` or `[[opt]]`")
    await h.settle()
    assert h.replies_to_message(quoted) == []


async def test_inline_is_off_when_the_server_turned_it_off(h: Harness):
    guild = int(h.fake.guilds[0].id)
    h.app.state.save_settings(replace(h.app.state.settings(guild), inline_enabled=False))
    ignored = await h.fake.send_message("[[bolt]]", guild=0)
    answered = await h.fake.send_message("[[bolt]]", guild=1)
    await h.reply_to_message(answered)
    await h.settle()
    assert h.replies_to_message(ignored) == []


async def test_bots_are_never_answered(h: Harness):
    _opt_in(h)
    robot = h.fake.user("otherbot", bot=True)
    inline = await h.fake.send_message("[[bolt]]", author=robot)
    question = await h.fake.send_message(QUESTION, author=robot)
    await h.settle()
    assert h.replies_to_message(inline) == [] and h.replies_to_message(question) == []


async def test_inline_works_in_direct_messages(h: Harness):
    message = await h.fake.send_message("[[bolt]]", dm=True)
    rec = await h.reply_to_message(message)
    assert rec.path == f"/channels/{message['channel_id']}/messages"


async def test_hostile_long_message_is_answered_within_limits(h: Harness):
    text = ("@everyone @here <@&123> " * 40 + "[[" + "x" * 140 + "]] [[bolt]] ").ljust(4000, "z")
    message = await h.fake.send_message(text)
    body = (await h.reply_to_message(message)).json
    assert_within_limits(body)
    assert no_mentions(body)
    assert "@everyone" not in (body.get("content") or "")


async def test_inline_spam_burst_is_limited_per_person(h: Harness):
    spammer = h.fake.user("spammer")
    sent = [await h.fake.send_message("[[bolt]]", author=spammer) for _ in range(8)]
    await h.settle()
    answered = [m for m in sent if h.replies_to_message(m)]
    assert len(answered) == 5


async def test_no_auto_answer_in_channels_that_did_not_opt_in(h: Harness):
    question = await h.fake.send_message(QUESTION)
    await h.settle()
    assert h.replies_to_message(question) == []


async def test_auto_answer_in_an_opted_in_channel_with_feedback_buttons(h: Harness):
    _opt_in(h)
    question = await h.fake.send_message(QUESTION)
    body = (await h.reply_to_message(question)).json
    assert_within_limits(body)
    assert no_mentions(body)
    assert "Confidence: high" in body["embeds"][0]["footer"]["text"]
    assert body["components"][0]["components"][0]["custom_id"].startswith("rb:fb:up:")


async def test_chatter_that_is_not_a_question_gets_no_auto_answer(h: Harness):
    _opt_in(h)
    chatter = await h.fake.send_message("good game everyone, see you next week")
    await h.settle()
    assert h.replies_to_message(chatter) == []


async def test_auto_answers_only_at_or_above_the_server_threshold(h: Harness):
    vague = "what happens to the thing with the stuff on the stack?"
    confidence = (await h.app.service.ask(vague)).confidence
    for level in ("high", "medium", "low"):
        _opt_in(h, threshold=level)
        h.clock.advance(3600)
        message = await h.fake.send_message(vague, author=h.fake.user(level))
        await h.settle()
        expected = 1 if meets_threshold(confidence, level) else 0
        assert len(h.replies_to_message(message)) == expected, (level, confidence)


async def test_auto_answer_cooldowns_per_user_and_per_channel(h: Harness):
    _opt_in(h)
    alice, bob = h.fake.user("alice"), h.fake.user("bob")
    first = await h.fake.send_message(QUESTION, author=alice)
    await h.reply_to_message(first)
    again = await h.fake.send_message(QUESTION, author=alice)
    other_user_same_channel = await h.fake.send_message(QUESTION, author=bob)
    await h.settle()
    assert h.replies_to_message(again) == []
    assert h.replies_to_message(other_user_same_channel) == []

    h.clock.advance(h.app.config.channel_cooldown + 1)  # the channel is free, alice is not
    bob_later = await h.fake.send_message(QUESTION, author=bob)
    await h.reply_to_message(bob_later)
    h.clock.advance(h.app.config.channel_cooldown + 1)
    alice_too_soon = await h.fake.send_message(QUESTION, author=alice)
    await h.settle()
    assert h.replies_to_message(alice_too_soon) == []

    h.clock.advance(h.app.config.user_cooldown + 1)
    alice_later = await h.fake.send_message(QUESTION, author=alice)
    await h.reply_to_message(alice_later)


async def test_opting_in_one_server_does_not_leak_to_another(h: Harness):
    _opt_in(h, guild=0, channel=0)
    elsewhere = await h.fake.send_message(QUESTION, guild=1, channel=0)
    await h.settle()
    assert h.replies_to_message(elsewhere) == []
    assert h.app.state.settings(int(h.fake.guilds[1].id)).auto_answer_channels == frozenset()


async def test_thread_mode_answers_inside_a_new_thread(h: Harness):
    _opt_in(h, reply_mode="thread")
    question = await h.fake.send_message(QUESTION)
    thread = await h.fake.wait_request("POST", rf"/messages/{question['id']}/threads$")
    assert thread.json["name"].startswith("can I tap")
    answer = await h.fake.wait_request(
        "POST", r"/channels/\d+/messages$", since=h.fake.requests.index(thread)
    )
    assert answer.path != f"/channels/{question['channel_id']}/messages"
    assert answer.json["embeds"]


async def test_missing_permission_to_post_is_survived(h: Harness):
    h.fake.fail_next("POST", r"/channels/\d+/messages$", 403)
    refused = await h.fake.send_message("[[bolt]]")
    await h.fake.wait_request_where("POST", r"/channels/\d+/messages$", lambda r: r.status == 403)
    later = await h.fake.send_message("[[opt]]")
    assert (await h.reply_to_message(later)).json["embeds"]
    assert [r.status for r in h.replies_to_message(refused)] == [403]
