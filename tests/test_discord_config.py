"""Bot configuration: file < environment < options; minimal intents."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.discord.app import intents_for
from bot.discord.config import BotConfig, ConfigError


def test_config_file_environment_and_options_layer_in_that_order(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
):
    path = tmp_path / "bot.toml"
    path.write_text(
        '[discord]\ntoken = "from-file"\ndev_guild = 42\nshards = 0\n'
        'state_path = "~/state.sqlite"\nuser_cooldown = 5\n'
    )
    monkeypatch.delenv("DISCORD_TOKEN", raising=False)
    config = BotConfig.load(path)
    assert (config.token, config.dev_guild, config.shards, config.user_cooldown) == (
        "from-file",
        42,
        0,
        5,
    )
    assert "~" not in str(config.state_path)
    monkeypatch.setenv("DISCORD_TOKEN", "from-env")
    assert BotConfig.load(path).token == "from-env"
    assert BotConfig.load(path, dev_guild=7).dev_guild == 7


def test_unknown_settings_and_missing_token_are_clear_errors(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
):
    monkeypatch.delenv("DISCORD_TOKEN", raising=False)
    path = tmp_path / "bot.toml"
    path.write_text('tokn = "typo"\n')
    with pytest.raises(ConfigError, match="unknown setting"):
        BotConfig.load(path)
    with pytest.raises(ConfigError, match="DISCORD_TOKEN"):
        BotConfig.load(None).require_token()
    with pytest.raises(ConfigError, match="not found"):
        BotConfig.load(tmp_path / "missing.toml")


def test_intents_are_minimal_and_message_content_only_when_configured():
    plain = intents_for(BotConfig())
    assert plain.guilds and plain.guild_messages
    assert not plain.message_content and not plain.members and not plain.presences
    reading = intents_for(BotConfig(message_content=True))
    assert reading.message_content and reading.dm_messages
