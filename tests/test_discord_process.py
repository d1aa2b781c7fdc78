"""The bot as its own process: logs in, answers, and shuts down cleanly on SIGTERM."""

from __future__ import annotations

import asyncio
import signal
import sys
from pathlib import Path

from tests.fake_discord import FakeDiscord

REPO = Path(__file__).resolve().parents[1]


async def test_bot_process_answers_then_exits_cleanly_on_sigterm(kb_path: Path, tmp_path: Path):
    fake = await FakeDiscord().start()
    proc = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "tests.fake_discord.run_against",
        fake.base_url + "/api/v10",
        fake.gateway_url,
        str(kb_path),
        str(tmp_path / "state.sqlite"),
        fake.token,
        cwd=REPO,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE,
    )
    try:
        await fake.wait_ready(timeout=20)
        await fake.wait_request("PUT", r"/commands$", timeout=10)
        inter = await fake.slash("card", {"name": "bolt"})
        body = (await fake.final_reply(inter, timeout=10)).body
        assert body["embeds"][0]["title"].startswith("Lightning Bolt")
        proc.send_signal(signal.SIGTERM)
        _, stderr = await asyncio.wait_for(proc.communicate(), 20)
    finally:
        if proc.returncode is None:
            proc.kill()
            await proc.wait()
        await fake.stop()
    assert proc.returncode == 0
    log = stderr.decode()
    assert "shutting down" in log and "Traceback" not in log
