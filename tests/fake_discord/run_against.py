"""Run the real ``rulesbot run`` serving path in its own process, pointed at a fake Discord.

    python -m tests.fake_discord.run_against API_BASE GATEWAY_URL DB STATE TOKEN

Used by the process-level tests (SIGTERM, logging) and by the benchmark's RSS measurement.
"""

from __future__ import annotations

import asyncio
import logging
import sys
from pathlib import Path
from typing import TYPE_CHECKING

import discord
import discord.gateway
import discord.http
import yarl

if TYPE_CHECKING:
    pass

REPO = Path(__file__).resolve().parents[2]


async def spawn(
    fake: object, db: Path, state: Path, *, capture: bool
) -> asyncio.subprocess.Process:
    """Start this module as a separate process serving ``fake`` (a started FakeDiscord)."""
    output = asyncio.subprocess.PIPE if capture else asyncio.subprocess.DEVNULL
    return await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "tests.fake_discord.run_against",
        fake.base_url + "/api/v10",
        fake.gateway_url,
        str(db),
        str(state),
        fake.token,
        cwd=REPO,
        stdout=output,
        stderr=output,
    )


def main() -> int:
    base, gateway, db, state, token = sys.argv[1:6]
    discord.http.Route.BASE = base
    discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(gateway)
    discord.utils.setup_logging(level=logging.INFO, root=True)

    from bot.cli.run import serve
    from bot.discord.config import BotConfig

    config = BotConfig(
        token=token, db_path=Path(db), state_path=Path(state), refresh_hours=0, message_content=True
    )
    return asyncio.run(serve(config, token, guild_ready_timeout=0.05))


if __name__ == "__main__":
    sys.exit(main())
