"""Faults end to end: gateway drops, REST 429/5xx, failing syncs, bad tokens, missing intents."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from click.testing import CliRunner

from bot.cli import main
from bot.cli.run import EXIT_CONFIG, EXIT_REJECTED, serve
from bot.discord.config import BotConfig
from tests.fake_discord import FakeDiscord
from tests.fake_discord.harness import Harness, running_bot

MESSAGE_CONTENT_INTENT = 1 << 15


@pytest.fixture
async def h(kb_path: Path, tmp_path: Path) -> AsyncIterator[Harness]:
    async with running_bot(kb_path, tmp_path / "state.sqlite") as harness:
        yield harness


async def test_gateway_drop_resumes_and_keeps_answering(h: Harness):
    await h.fake.drop_gateway()
    inter = await h.fake.slash("card", {"name": "bolt"})  # held by the fake until resumed
    body = (await h.fake.final_reply(inter)).body
    assert body["embeds"][0]["title"].startswith("Lightning Bolt")
    assert h.fake.resumes and h.fake.resumes[-1]["session_id"].startswith("session-")
    message = await h.fake.send_message("[[opt]]")
    assert (await h.reply_to_message(message)).json["embeds"]


async def test_rate_limited_reply_is_retried_after_retry_after(h: Harness):
    h.fake.fail_next("POST", r"/interactions/\d+/[^/]+/callback$", 429, retry_after=0.05)
    inter = await h.fake.slash("card", {"name": "bolt"})
    ok = await h.fake.wait_request_where(
        "POST", rf"/interactions/{inter.id}/", lambda r: r.status == 200
    )
    statuses = [r.status for r in h.fake.requests_to("POST", rf"/interactions/{inter.id}/")]
    assert statuses == [429, 200]
    gap = ok.at - h.fake.requests_to("POST", rf"/interactions/{inter.id}/")[0].at
    assert gap >= 0.05  # the retry waited at least retry_after (behaviour, not a speed target)


async def test_rate_limited_channel_message_is_retried(h: Harness):
    h.fake.fail_next("POST", r"/channels/\d+/messages$", 429, retry_after=0.05)
    message = await h.fake.send_message("[[bolt]]")
    await h.fake.wait_request_where("POST", r"/channels/\d+/messages$", lambda r: r.status == 200)
    assert [r.status for r in h.replies_to_message(message)] == [429, 200]


async def test_service_unavailable_503_on_a_reply_is_retried_until_it_goes_through(h: Harness):
    h.fake.fail_next("POST", r"/channels/\d+/messages$", 503)
    message = await h.fake.send_message("[[bolt]]")
    await h.fake.wait_request_where(
        "POST", r"/channels/\d+/messages$", lambda r: r.status == 200, timeout=10
    )
    assert [r.status for r in h.replies_to_message(message)] == [503, 200]
    assert h.replies_to_message(message)[-1].json["embeds"]


async def test_a_refused_reply_is_survived(h: Harness):
    h.fake.fail_next("POST", r"/channels/\d+/messages$", 403)
    failed = await h.fake.send_message("[[bolt]]")
    await h.fake.wait_request_where("POST", r"/channels/\d+/messages$", lambda r: r.status == 403)
    later = await h.fake.send_message("[[opt]]")
    assert (await h.reply_to_message(later)).json["embeds"]
    assert [r.status for r in h.replies_to_message(failed)] == [403]


async def test_deleted_channel_mid_answer_is_survived(h: Harness):
    h.fake.fail_next("POST", r"/interactions/\d+/[^/]+/callback$", 404)
    gone = await h.fake.slash("card", {"name": "bolt"})
    await h.fake.wait_request_where("POST", rf"/interactions/{gone.id}/", lambda r: r.status == 404)
    body = (await h.fake.final_reply(await h.fake.slash("card", {"name": "opt"}))).body
    assert body["embeds"][0]["title"].startswith("Opt")


async def test_failing_knowledge_base_sync_leaves_the_bot_answering(h: Harness):
    def broken_sync(path: Path) -> None:
        raise OSError("scryfall unreachable")

    h.app.sync = broken_sync
    assert await h.app.refresh_once() is False
    assert h.app.refresh_failures == 1
    body = (await h.fake.final_reply(await h.fake.slash("card", {"name": "bolt"}))).body
    assert body["embeds"][0]["title"].startswith("Lightning Bolt")


async def test_slow_answers_are_deferred_then_followed_up(kb_path: Path, tmp_path: Path):
    async with running_bot(kb_path, tmp_path / "s.sqlite", defer_after=0.0) as h:
        original = h.app.service.card

        async def slow_card(name: str):  # stands in for a lookup slower than the defer window
            await asyncio.sleep(0.05)
            return await original(name)

        h.app.service.card = slow_card  # type: ignore[method-assign]
        inter = await h.fake.slash("card", {"name": "bolt"})
        first = await h.fake.reply_to(inter)
        assert first.json["type"] == 5  # deferred: "thinking…"
        follow = await h.fake.final_reply(inter)
        assert follow.json["embeds"][0]["title"].startswith("Lightning Bolt")
        assert follow.json["allowed_mentions"] == {"parse": []}


async def test_without_message_content_slash_commands_still_work(kb_path: Path, tmp_path: Path):
    async with running_bot(kb_path, tmp_path / "s.sqlite", message_content=False) as h:
        intents = h.fake.identifies[-1]["intents"]
        assert not intents & MESSAGE_CONTENT_INTENT
        body = (await h.fake.final_reply(await h.fake.slash("card", {"name": "bolt"}))).body
        assert body["embeds"][0]["title"].startswith("Lightning Bolt")
        ignored = await h.fake.send_message("[[opt]]")
        answered = await h.fake.final_reply(await h.fake.slash("card", {"name": "opt"}))
        assert answered.body["embeds"]
        await asyncio.sleep(0.05)
        assert h.replies_to_message(ignored) == []


async def test_sharded_bot_identifies_every_shard_and_answers_each_guild(
    kb_path: Path, tmp_path: Path
):
    async with running_bot(kb_path, tmp_path / "s.sqlite", shards=2) as h:
        assert sorted(tuple(i["shard"]) for i in h.fake.identifies) == [(0, 2), (1, 2)]
        for guild in (0, 1):
            inter = await h.fake.slash("card", {"name": "bolt"}, guild=guild)
            assert (await h.fake.final_reply(inter)).body["embeds"]


async def test_rejected_token_exits_with_a_clear_error(
    kb_path: Path, tmp_path: Path, caplog: pytest.LogCaptureFixture
):
    fake = await FakeDiscord().start()
    fake.install()
    try:
        config = BotConfig(
            token="wrong", db_path=kb_path, state_path=tmp_path / "s.sqlite", refresh_hours=0
        )
        code = await serve(config, "wrong")
    finally:
        await fake.stop()
    assert code == EXIT_REJECTED
    assert "rejected the token" in caplog.text


def test_missing_token_exits_with_a_clear_error(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    monkeypatch.delenv("DISCORD_TOKEN", raising=False)
    result = CliRunner().invoke(main, ["run", "--db", str(tmp_path / "kb.sqlite")])
    assert result.exit_code == EXIT_CONFIG
    assert "DISCORD_TOKEN" in result.output


def test_unreadable_config_file_exits_with_a_clear_error(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
):
    monkeypatch.delenv("DISCORD_TOKEN", raising=False)
    bad = tmp_path / "bot.toml"
    bad.write_text("token = [unclosed\n")
    result = CliRunner().invoke(main, ["run", "--config", str(bad)])
    assert result.exit_code == EXIT_CONFIG
    assert "could not read config file" in result.output


async def test_one_process_of_several_runs_only_its_own_shard(kb_path: Path, tmp_path: Path):
    async with running_bot(kb_path, tmp_path / "s.sqlite", shards=2, shard_ids=[1]) as h:
        assert [tuple(i["shard"]) for i in h.fake.identifies] == [(1, 2)]
        guild = next(i for i, g in enumerate(h.fake.guilds) if (int(g.id) >> 22) % 2 == 1)
        inter = await h.fake.slash("card", {"name": "bolt"}, guild=guild)
        assert (await h.fake.final_reply(inter)).body["embeds"]


async def test_server_error_500_is_retried_until_the_reply_goes_through(h: Harness):
    h.fake.fail_next("POST", r"/channels/\d+/messages$", 500)
    message = await h.fake.send_message("[[bolt]]")
    await h.fake.wait_request_where(
        "POST", r"/channels/\d+/messages$", lambda r: r.status == 200, timeout=10
    )
    assert [r.status for r in h.replies_to_message(message)] == [500, 200]


async def test_thread_creation_refused_falls_back_to_a_reply(h: Harness):
    from dataclasses import replace

    g = h.fake.guilds[0]
    settings = h.app.state.settings(int(g.id)).with_channel(int(g.channels[0]), True)
    h.app.state.save_settings(replace(settings, reply_mode="thread"))
    h.fake.fail_next("POST", r"/threads$", 403)
    question = await h.fake.send_message("can I tap llanowar elves for mana the turn it came in?")
    body = (await h.reply_to_message(question)).json
    assert body["embeds"]


async def test_missing_knowledge_base_exits_with_what_to_run(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
):
    config = BotConfig(
        token="t",
        db_path=tmp_path / "none.sqlite",
        state_path=tmp_path / "s.sqlite",
        refresh_hours=0,
    )
    assert await serve(config, "t") == EXIT_CONFIG
    assert "rulesbot sync" in caplog.text


async def test_scheduled_refresh_picks_up_a_swapped_database_while_answering(
    kb_path: Path, tmp_path: Path
):
    import shutil

    live = tmp_path / "kb.sqlite"
    shutil.copy(kb_path, live)
    swaps: list[Path] = []

    def swap_in_new_build(target: Path) -> None:  # what a network sync does, minus the network
        staged = target.with_suffix(".new")
        shutil.copy(kb_path, staged)
        staged.replace(target)
        swaps.append(target)

    async with running_bot(live, tmp_path / "s.sqlite") as h:
        h.app.sync = swap_in_new_build
        refresher = asyncio.create_task(h.app.refresh_forever(0.01))
        try:
            for _ in range(5):
                body = (await h.fake.final_reply(await h.fake.slash("card", {"name": "bolt"}))).body
                assert body["embeds"][0]["title"].startswith("Lightning Bolt")
                await asyncio.sleep(0.02)
        finally:
            refresher.cancel()
        assert swaps and h.app.refreshes >= 1 and h.app.refresh_failures == 0
