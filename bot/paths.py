"""Where rulesbot keeps its files when the user does not say."""

from __future__ import annotations

import os
from pathlib import Path

DB_ENV = "RULESBOT_DB"
DB_FILENAME = "rulesbot.sqlite"


def data_dir() -> Path:
    """The per-user data folder: $XDG_DATA_HOME/rulesbot, else ~/.local/share/rulesbot."""
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "rulesbot"


def default_db_path() -> Path:
    """The knowledge-base file: $RULESBOT_DB if set, else the per-user data folder."""
    override = os.environ.get(DB_ENV)
    return Path(override) if override else data_dir() / DB_FILENAME
