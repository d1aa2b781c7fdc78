"""How the Discord bot is configured: a TOML file and/or the environment."""

from __future__ import annotations

import os
import tomllib
from dataclasses import dataclass, field, fields
from pathlib import Path
from typing import Any

from bot.paths import data_dir, default_db_path
from bot.state import STATE_FILENAME

TOKEN_ENV = "DISCORD_TOKEN"


class ConfigError(Exception):
    """A configuration problem, worded for the person running the bot."""


@dataclass
class BotConfig:
    token: str = ""
    db_path: Path = field(default_factory=default_db_path)
    state_path: Path = field(default_factory=lambda: data_dir() / STATE_FILENAME)
    dev_guild: int | None = None  # sync slash commands to this guild only (instant, for testing)
    shards: int | None = None  # None: one connection; 0: let Discord decide (AutoShardedClient)
    shard_ids: list[int] | None = None  # this process's shards, when several processes share
    message_content: bool = False  # privileged intent: inline [[card]] and auto-answers need it
    refresh_hours: float = 24.0  # knowledge-base refresh from the network; 0 turns it off
    user_cooldown: float = 60.0  # seconds between auto-answers to one person
    channel_cooldown: float = 20.0  # seconds between auto-answers in one channel
    lookup_timeout: float = 5.0
    defer_after: float = 1.5  # defer an interaction when an answer is not ready by then
    warm_board_workers: bool = True  # start the engine's child processes at login

    @classmethod
    def load(cls, path: Path | None = None, **overrides: Any) -> BotConfig:
        """Defaults < config file (``[discord]`` table or top level) < environment < overrides."""
        values: dict[str, Any] = {}
        if path is not None:
            values |= _read_toml(path)
        if os.environ.get(TOKEN_ENV):
            values["token"] = os.environ[TOKEN_ENV]
        values |= {k: v for k, v in overrides.items() if v is not None}
        known = {f.name for f in fields(cls)}
        unknown = sorted(set(values) - known)
        if unknown:
            raise ConfigError(f"unknown setting(s) in config: {', '.join(unknown)}")
        config = cls(**values)
        config.db_path = Path(config.db_path).expanduser()
        config.state_path = Path(config.state_path).expanduser()
        return config

    def require_token(self) -> str:
        token = self.token.strip()
        if not token:
            raise ConfigError(
                f'no Discord bot token: set {TOKEN_ENV} or put token = "..." in a config file '
                "passed with --config (see docs/discord.md)"
            )
        return token


def _read_toml(path: Path) -> dict[str, Any]:
    try:
        data = tomllib.loads(Path(path).read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise ConfigError(f"config file not found: {path}") from None
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as exc:
        raise ConfigError(f"could not read config file {path}: {exc}") from None
    table = data.get("discord", data)
    if not isinstance(table, dict):
        raise ConfigError(f"{path}: [discord] must be a table")
    return dict(table)
