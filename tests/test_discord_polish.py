"""Discord details, end to end against the fake Discord: ephemeral errors after a defer,
auto-answers beside [[card]], threads that opted in, /help, answer and inline pages."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from dataclasses import replace
from pathlib import Path

import pytest

from tests.fake_discord.harness import Harness, running_bot

EPHEMERAL = 64
QUESTION = "can I tap llanowar elves for mana the turn it came in?"


@pytest.fixture
async def h(kb_path: Path, tmp_path: Path) -> AsyncIterator[Harness]:
    async with running_bot(kb_path, tmp_path / "state.sqlite") as harness:
        yield harness


def _opt_in(h: Harness, channel_id: int | None = None, **changes: object) -> None:
    g = h.fake.guilds[0]
    settings = h.app.state.settings(int(g.id))
    settings = settings.with_channel(channel_id or int(g.channels[0]), True)
    h.app.state.save_settings(replace(settings, threshold="low", **changes))  # type: ignore[arg-type]


async def test_an_error_after_the_defer_is_shown_only_to_the_asker(kb_path: Path, tmp_path: Path):
    async with running_bot(kb_path, tmp_path / "s.sqlite", defer_after=0.0) as h:
        original = h.app.service.card

        async def slow_card(name: str):
            await asyncio.sleep(0.05)
            return await original(name)

        h.app.service.card = slow_card  # type: ignore[method-assign]
        since = len(h.fake.requests)
        inter = await h.fake.slash("card", {"name": "zzqqxxzz"})
        assert (await h.fake.reply_to(inter)).json["type"] == 5
        sent = await h.fake.wait_request_where(
            "POST", rf"/webhooks/\d+/{inter.token}$", lambda r: True, since=since
        )
        assert sent.json["flags"] & EPHEMERAL
        deleted = h.fake.requests_to("DELETE", rf"/webhooks/\d+/{inter.token}/messages/@original")
        assert deleted, "the public 'thinking…' message is removed"


async def test_a_question_that_also_has_an_inline_card_gets_both(h: Harness):
    _opt_in(h)
    message = await h.fake.send_message(
        "can I tap [[llanowar elves]] for mana the turn it came in?"
    )
    for _ in range(100):  # the inline reply and the auto-answer come separately
        replies = h.replies_to_message(message)
        if len(replies) >= 2:
            break
        await asyncio.sleep(0.05)
    footers = [e.get("footer", {}).get("text", "") for r in replies for e in r.json["embeds"]]
    assert any("Confidence:" in f for f in footers)  # the auto-answer
    assert any(e["title"].startswith("Llanowar Elves") for r in replies for e in r.json["embeds"])


async def test_a_thread_of_an_opted_in_channel_is_answered(h: Harness):
    g = h.fake.guilds[0]
    parent = g.channels[0]
    _opt_in(h, int(parent))
    thread = {**h.fake._thread(parent, "rules"), "newly_created": True}
    await h.fake.dispatch("THREAD_CREATE", thread)
    await h.settle()
    message = await h.fake.send_message(QUESTION, channel_id=thread["id"])
    reply = await h.reply_to_message(message)
    assert "Confidence:" in reply.json["embeds"][0]["footer"]["text"]


async def test_help_says_what_the_bot_answers(h: Harness):
    body = (await h.fake.final_reply(await h.fake.slash("help", {}))).body
    assert "/card NAME" in body["content"] and "[[card]]" in body["content"]
    assert body["flags"] & EPHEMERAL


async def test_an_answers_more_sources_button_turns_to_the_next_page(h: Harness):
    asker = h.fake.user("asker")
    inter = await h.fake.slash("ask", {"question": "does deathtouch work with trample damage?"},
                               user=asker)  # fmt: skip
    rec = await h.fake.final_reply(inter)
    buttons = rec.body["components"][0]["components"]
    more = next(
        b for b in buttons if b["custom_id"].startswith("rb:ap:") and b["label"] != "◀ Previous"
    )
    turned = await h.fake.reply_to(
        await h.fake.click(more["custom_id"], h.fake.message_for(rec), user=asker)
    )
    assert turned.json["type"] == 7  # the message is updated in place
    assert turned.json["data"]["embeds"][0]["title"] != rec.body["embeds"][0]["title"]
    stranger = await h.fake.reply_to(
        await h.fake.click(more["custom_id"], h.fake.message_for(rec), user=h.fake.user("x"))
    )
    assert stranger.json["data"]["flags"] & EPHEMERAL  # only the asker turns the pages


async def test_inline_rulings_have_working_page_buttons(h: Harness):
    message = await h.fake.send_message("[[?soul separator]]")
    reply = await h.reply_to_message(message)
    buttons = [c for row in reply.json.get("components", []) for c in row["components"]]
    assert any(b["custom_id"].startswith("rb:pg:") for b in buttons)


def _options(command: dict) -> list[dict]:
    """Every option of a command, its subcommands' options included."""
    found = []
    for option in command.get("options", []):
        found.append(option)
        found.extend(option.get("options", []))
    return found


async def test_every_option_is_described_and_every_text_option_has_a_maximum(h: Harness):
    for command in h.fake.commands["global"]:
        for option in _options(command):
            assert option["description"] not in ("…", "...", ""), (command["name"], option)
            free_text = option["type"] == 3 and not option.get("choices")  # 3: a string
            if free_text and command["name"] != "board":
                assert 0 < option.get("max_length", 0) <= 1000, (command["name"], option)


async def test_define_autocomplete_offers_terms(h: Harness):
    rec = await h.fake.reply_to(await h.fake.autocomplete("define", "term", "tram"))
    assert rec.json["data"]["choices"][0]["value"] == "Trample"


@pytest.mark.parametrize(("command", "options"), [("card", {"name": "bolt"}), ("help", {})])
async def test_every_command_has_a_per_person_limit(h: Harness, command: str, options: dict):
    spammer = h.fake.user("spammer")
    limit = h.app.lookup_limiter.limit
    for _ in range(limit):
        await h.fake.final_reply(await h.fake.slash(command, options, user=spammer))
    refused = (await h.fake.final_reply(await h.fake.slash(command, options, user=spammer))).body
    assert refused["flags"] & EPHEMERAL and "Try again in" in refused["content"]
    other = (await h.fake.final_reply(await h.fake.slash(command, options))).body
    assert "Try again in" not in (other.get("content") or "")


async def test_a_feedback_record_keeps_the_source_the_answer_led_with(h: Harness):
    import json

    question = "does deathtouch work with trample damage?"
    rec = await h.fake.final_reply(await h.fake.slash("ask", {"question": question}))
    lead = rec.body["embeds"][0]["description"].split("\n")[0].strip("*")
    rows = list(h.app.state._db.query("select sources from answers"))  # type: ignore[attr-defined]
    assert json.loads(rows[-1]["sources"])[0] == lead
