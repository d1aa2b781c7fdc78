"""Per-person limits on /board and /ask, bounded board work, and mention-safe board replies,
end to end through a real discord.py client and the fake Discord server."""

from __future__ import annotations

import asyncio
import os
import signal
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from bot.service.cooldowns import ASK_BURST, BOARD_BURST
from tests.fake_discord.harness import Harness, assert_within_limits, no_mentions, running_bot
from tests.hostile_boards import expensive_board

SCENARIO = Path(__file__).resolve().parent / "engine" / "scenarios" / "S01.yaml"
EPHEMERAL = 64
QUESTION = "can I tap a creature for mana the turn it came in?"

MENTION_BOARD = b"""cards:
  Grizzly Bears: {mana_cost: '{1}{G}', type_line: Creature \xe2\x80\x94 Bear, pt: 2/2}
board:
  battlefield:
    - {id: '@everyone', card: Grizzly Bears, controller: P1}
    - {id: '<@&123>', card: Grizzly Bears, controller: P2, damage: 5}
questions:
  - {kind: characteristics, object: '@everyone'}
  - {kind: after_sba}
  - {kind: can_block, object: '<@&123>', attacker: '@here'}
"""


@pytest.fixture
async def h(kb_path: Path, tmp_path: Path) -> AsyncIterator[Harness]:
    async with running_bot(kb_path, tmp_path / "state.sqlite") as harness:
        yield harness


def all_text(body: dict[str, Any]) -> str:
    parts = [body.get("content") or ""]
    for embed in body.get("embeds") or []:
        parts += [embed.get("title", ""), embed.get("description", "")]
        parts += [f["value"] for f in embed.get("fields", [])]
    return "\n".join(parts)


async def board(h: Harness, data: bytes, user: Any = None, name: str = "b.yaml") -> dict[str, Any]:
    inter = await h.fake.slash("board", attachments={"file": (name, data)}, user=user)
    return (await h.fake.final_reply(inter, timeout=15)).body


async def test_board_replies_defuse_mentions_in_ids_the_user_chose(h: Harness):
    body = await board(h, MENTION_BOARD)
    assert_within_limits(body)
    assert no_mentions(body)
    text = all_text(body)
    assert "<@&123" not in text and "<@\u200b&123" in text  # the destroyed bears, escaped
    assert "@everyone" not in text.replace("@\u200beveryone", "")
    assert "@here" not in text.replace("@\u200bhere", "")  # the unknown attacker's error


async def test_a_refused_board_file_quotes_it_without_mentions(h: Harness):
    body = await board(h, b"board: {battlefield: [{id: x, card: '@everyone', controller: P1}]}\n")
    assert body["flags"] & EPHEMERAL and no_mentions(body)
    assert "@\u200beveryone" in body["content"] and "@everyone" not in body["content"]


async def test_board_limit_per_person_is_an_ephemeral_try_again(h: Harness):
    user = h.fake.user("boarder")
    spec = SCENARIO.read_bytes()
    for _ in range(BOARD_BURST.limit):
        assert (await board(h, spec, user))["embeds"]
    refused = await board(h, spec, user)
    assert refused["flags"] & EPHEMERAL and no_mentions(refused)
    assert "faster than I can work them out. Try again in" in refused["content"]
    assert (await board(h, spec))["embeds"]  # someone else is not held back
    h.clock.advance(BOARD_BURST.window_s)
    assert (await board(h, spec, user))["embeds"]


async def test_ask_limit_per_person_is_an_ephemeral_try_again(h: Harness):
    user = h.fake.user("asker")
    for _ in range(ASK_BURST.limit):
        inter = await h.fake.slash("ask", {"question": QUESTION}, user=user)
        assert (await h.fake.final_reply(inter)).body["embeds"]
    inter = await h.fake.slash("ask", {"question": QUESTION}, user=user)
    refused = (await h.fake.final_reply(inter)).body
    assert refused["flags"] & EPHEMERAL
    assert "Try again in" in refused["content"]


async def test_heavy_boards_free_their_worker_so_the_next_board_and_ask_are_answered(
    kb_path: Path, tmp_path: Path
):
    # one board worker and a short timeout: two boards whose every question runs into the
    # engine's budget would pin it for minutes if their work were not bounded
    options = {"timeout": 1.5, "workers": 2}
    async with running_bot(kb_path, tmp_path / "s.sqlite", service_options=options) as h:
        heavy = expensive_board().encode()
        hostile = [
            asyncio.create_task(board(h, heavy, h.fake.user(f"hostile{i}"), "heavy.json"))
            for i in range(2)
        ]
        await asyncio.sleep(0.1)
        inter = await h.fake.slash("ask", {"question": QUESTION}, user=h.fake.user("asker"))
        asked = (await h.fake.final_reply(inter, timeout=15)).body
        assert asked["embeds"] and "took too long" not in all_text(asked)
        for reply in await asyncio.gather(*hostile):
            text = all_text(reply)
            assert "Could not decide" in text and "took too long" not in text
        after = await board(h, SCENARIO.read_bytes(), h.fake.user("player"))
        text = all_text(after)
        assert after["embeds"] and "Could not decide" not in text and "took too long" not in text


async def test_an_abandoned_board_whose_child_hangs_frees_its_worker(kb_path: Path, tmp_path: Path):
    async with running_bot(kb_path, tmp_path / "s.sqlite", warm_board_workers=True) as h:
        workers = h.app.service._board_workers
        assert workers is not None
        for _ in range(600):  # the child starts at login, in the background
            if workers.pids():
                break
            await asyncio.sleep(0.05)
        stuck = workers.pids()[0]
        os.kill(stuck, signal.SIGSTOP)  # it will never answer: the request is abandoned
        spec = SCENARIO.read_bytes()
        hung = asyncio.create_task(board(h, spec, h.fake.user("unlucky")))
        await asyncio.sleep(0.1)
        inter = await h.fake.slash("ask", {"question": QUESTION}, user=h.fake.user("asker"))
        assert (await h.fake.final_reply(inter, timeout=15)).body["embeds"]
        refused = await hung
        assert refused["flags"] & EPHEMERAL
        assert "needed more work than I can give one request" in refused["content"]
        assert workers.killed == 1 and stuck not in workers.pids()
        after = await board(h, spec, h.fake.user("next"))
        assert after["embeds"] and "Could not decide" not in all_text(after)
