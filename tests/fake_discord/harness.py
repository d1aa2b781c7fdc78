"""A running bot (real discord.py client, real service and state) logged into a FakeDiscord."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bot.discord.app import AnyBot, BotApp, create_bot
from bot.discord.config import BotConfig
from bot.service import RulesService
from bot.state import SqliteState

from .server import FakeDiscord, Recorded

log = logging.getLogger(__name__)


@dataclass
class FakeClock:
    now: float = 1000.0

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


@dataclass
class Harness:
    fake: FakeDiscord
    bot: AnyBot
    app: BotApp
    clock: FakeClock
    extra: dict[str, Any] = field(default_factory=dict)

    async def reply_to_message(self, message: dict[str, Any], timeout: float = 5.0) -> Recorded:
        """The bot's channel message that replies to ``message`` (by message_reference)."""
        mid = message["id"]

        def is_reply(rec: Recorded) -> bool:
            ref = (rec.json or {}).get("message_reference") or {}
            return str(ref.get("message_id")) == mid

        return await self.fake.wait_request_where(
            "POST", r"/channels/\d+/messages$", is_reply, timeout=timeout
        )

    def replies_to_message(self, message: dict[str, Any]) -> list[Recorded]:
        mid = message["id"]
        return [
            r
            for r in self.fake.requests_to("POST", r"/channels/\d+/messages$")
            if str(((r.json or {}).get("message_reference") or {}).get("message_id")) == mid
        ]

    async def settle(self, sentinel: Callable[[], Any] | None = None) -> None:
        """Let earlier events finish: post an inline lookup and wait for its reply."""
        probe = await self.fake.send_message("[[Lightning Bolt]]", guild=1, channel=1)
        await self.reply_to_message(probe)
        await asyncio.sleep(0.05)


@asynccontextmanager
async def running_bot(
    kb_path: Path,
    state_path: Path,
    *,
    message_content: bool = True,
    service_options: dict[str, Any] | None = None,
    **config: Any,
) -> AsyncIterator[Harness]:
    """``service_options`` go to ``RulesService.open`` (timeout, workers); ``config`` to
    ``BotConfig``."""
    fake = await FakeDiscord().start()
    fake.install()
    clock = FakeClock()
    config.setdefault("warm_board_workers", False)  # most tests never send a /board
    settings = BotConfig(
        token=fake.token,
        db_path=kb_path,
        state_path=state_path,
        message_content=message_content,
        refresh_hours=0,
        **config,
    )
    service = RulesService.open(kb_path, **(service_options or {}))
    state = SqliteState(state_path)
    app = BotApp(service, state, settings, clock=clock)
    bot = create_bot(app, guild_ready_timeout=0.05)

    async def identify_now(shard_id: int | None, *, initial: bool = False) -> None:
        """The fake has no identify rate limit: skip discord.py's 5 s wait between shards."""

    bot.before_identify_hook = identify_now  # type: ignore[method-assign]
    task = asyncio.create_task(bot.start(fake.token))
    try:
        await fake.wait_ready()
        await asyncio.wait_for(bot.wait_until_ready(), 5)
        yield Harness(fake, bot, app, clock)
    finally:
        # A teardown that waits on the network must not hang the suite: each step is bounded,
        # and a bot that hasn't stopped by then is cancelled.
        await _bounded(bot.close(), "bot.close()")
        if not await _bounded(asyncio.gather(task, return_exceptions=True), "the bot's task"):
            task.cancel()
        service.close()
        state.close()
        await _bounded(fake.stop(), "the fake server's stop")


TEARDOWN_SECONDS = 10.0


async def _bounded(step: Awaitable[Any], what: str) -> bool:
    try:
        await asyncio.wait_for(step, TEARDOWN_SECONDS)
        return True
    except TimeoutError:
        log.warning("teardown: %s took over %.0f s; going on without it", what, TEARDOWN_SECONDS)
        return False


def assert_within_limits(body: dict[str, Any]) -> None:
    """Discord's message and embed limits, and no mentions allowed."""
    assert len(body.get("content") or "") <= 2000
    embeds = body.get("embeds") or []
    assert len(embeds) <= 10
    total = 0
    for embed in embeds:
        assert len(embed.get("title", "")) <= 256
        assert len(embed.get("description", "")) <= 4096
        fields = embed.get("fields", [])
        assert len(fields) <= 25
        for f in fields:
            assert 0 < len(f["name"]) <= 256 and 0 < len(f["value"]) <= 1024
        total += len(embed.get("title", "")) + len(embed.get("description", ""))
        total += sum(len(f["name"]) + len(f["value"]) for f in fields)
        total += len((embed.get("footer") or {}).get("text", ""))
    assert total <= 6000
    assert body.get("allowed_mentions") == {"parse": []} or "allowed_mentions" in body


def no_mentions(body: dict[str, Any]) -> bool:
    return (body.get("allowed_mentions") or {}).get("parse") == []
