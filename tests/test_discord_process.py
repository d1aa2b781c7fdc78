"""The bot as its own process: logs in, answers, and shuts down cleanly on SIGTERM."""

from __future__ import annotations

import asyncio
import signal
from pathlib import Path

from tests.fake_discord import FakeDiscord
from tests.fake_discord.run_against import spawn


async def test_bot_process_answers_then_exits_cleanly_on_sigterm(kb_path: Path, tmp_path: Path):
    fake = await FakeDiscord().start()
    proc = await spawn(fake, kb_path, tmp_path / "state.sqlite", capture=True)
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
