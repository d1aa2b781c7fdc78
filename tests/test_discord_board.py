"""/board end to end: a board spec as an attached file or as text -> engine answers with steps."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from tests.fake_discord.harness import Harness, assert_within_limits, no_mentions, running_bot

SCENARIOS = Path(__file__).resolve().parent / "engine" / "scenarios"
EPHEMERAL = 64


@pytest.fixture
async def h(kb_path: Path, tmp_path: Path) -> AsyncIterator[Harness]:
    async with running_bot(kb_path, tmp_path / "state.sqlite") as harness:
        yield harness


def _scenario() -> Path:
    files = sorted(SCENARIOS.glob("*.yaml"))
    if not files:
        pytest.skip("no engine scenarios in tests/engine/scenarios")
    return files[0]


async def test_board_command_is_registered_with_text_and_file_options(h: Harness):
    board = next(c for c in h.fake.commands["global"] if c["name"] == "board")
    assert {o["name"]: o["type"] for o in board["options"]} == {"spec": 3, "file": 11}


async def test_attached_board_file_gets_an_answer_per_question_with_cr_steps(h: Harness):
    spec = _scenario()
    inter = await h.fake.slash("board", attachments={"file": (spec.name, spec.read_bytes())})
    body = (await h.fake.final_reply(inter)).body
    assert_within_limits(body)
    assert no_mentions(body)
    first = body["embeds"][0]
    assert first["title"].startswith("Question 1")
    assert "**Steps**" in first["description"] and "`" in first["description"]
    assert "Rules engine" in first["footer"]["text"]


async def test_unreadable_board_text_is_a_clear_ephemeral_message(h: Harness):
    inter = await h.fake.slash("board", {"spec": "board: [1, 2"})
    body = (await h.fake.final_reply(inter)).body
    assert body["flags"] & EPHEMERAL
    assert "couldn't read that board" in body["content"]


async def test_board_without_spec_or_file_explains_what_to_give(h: Harness):
    body = (await h.fake.final_reply(await h.fake.slash("board"))).body
    assert body["flags"] & EPHEMERAL and "attach a file" in body["content"]


async def test_binary_attachment_is_refused_politely(h: Harness):
    inter = await h.fake.slash("board", attachments={"file": ("x.yaml", b"\xff\xfe\x00garbage")})
    body = (await h.fake.final_reply(inter)).body
    assert body["flags"] & EPHEMERAL and "UTF-8" in body["content"]
