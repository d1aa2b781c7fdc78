"""Settings for the network sync: where each source lives, timeouts, retries, the cache folder.

Every URL is a field so tests (and mirrors) can point the sync at another host; the sleeping
and the jitter are injectable so retry tests run without waiting.
"""

from __future__ import annotations

import os
import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from importlib import metadata
from pathlib import Path

from rulings_db.safeguards import (
    DOWNLOAD_DEADLINE_SECONDS,
    MAX_SHRINK_FRACTION,
    SYNC_DEADLINE_SECONDS,
    SourceMinimums,
)

BULK_INDEX = "https://api.scryfall.com/bulk-data"
RULES_PAGE = "https://magic.wizards.com/en/rules"
PROJECT_URL = "https://github.com/rulesbot/rulesbot"
CR_URL_ENV = "RULESBOT_CR_URL"
BULK_INDEX_ENV = "RULESBOT_SCRYFALL_BULK_URL"  # a mirror of the index (or a test server)
RULES_PAGE_ENV = "RULESBOT_RULES_PAGE_URL"
CACHE_DIR_ENV = "RULESBOT_CACHE_DIR"

Progress = Callable[[str, int, int | None], None]


def _env(name: str, default: str) -> str:
    return os.environ.get(name, "").strip() or default


def _env_path(name: str) -> Path | None:
    value = os.environ.get(name, "").strip()
    return Path(value).expanduser() if value else None


def package_version() -> str:
    """The installed rulesbot version, or "0+unknown" when running from an uninstalled tree."""
    try:
        return metadata.version("rulesbot")
    except metadata.PackageNotFoundError:
        return "0+unknown"


def default_user_agent() -> str:
    """Scryfall asks every client to name itself; this says who we are and where to find us."""
    return f"rulesbot/{package_version()} (+{PROJECT_URL})"


@dataclass
class FetchConfig:
    """How ``sync_from_network`` talks to the sources. Defaults are the real public endpoints."""

    # Defaults read $RULESBOT_SCRYFALL_BULK_URL / $RULESBOT_RULES_PAGE_URL / $RULESBOT_CACHE_DIR.
    scryfall_bulk_url: str = field(default_factory=lambda: _env(BULK_INDEX_ENV, BULK_INDEX))
    rules_page_url: str = field(default_factory=lambda: _env(RULES_PAGE_ENV, RULES_PAGE))
    cr_url: str | None = None  # skips the rules page; the argument wins, $RULESBOT_CR_URL loses
    cache_dir: Path | None = field(default_factory=lambda: _env_path(CACHE_DIR_ENV))
    # cache_dir None: <folder of the target>/downloads
    user_agent: str = field(default_factory=default_user_agent)
    connect_timeout: float = 10.0
    read_timeout: float = 60.0  # between two chunks, not for the whole body
    download_deadline: float = DOWNLOAD_DEADLINE_SECONDS  # one request, retries included
    sync_deadline: float = SYNC_DEADLINE_SECONDS  # every download and the build
    minimums: SourceMinimums = field(default_factory=SourceMinimums)  # what each source holds
    max_shrink: float = MAX_SHRINK_FRACTION  # see rulings_db/safeguards.py
    max_attempts: int = 4  # per request, the first try included
    backoff_base: float = 1.0  # seconds before the 2nd attempt; doubles each time
    backoff_max: float = 60.0
    max_retry_after: float = 300.0  # a longer Retry-After fails the request instead of waiting
    chunk_size: int = 1 << 16
    max_document_bytes: int = 16 << 20  # the index and the rules page are read whole
    sleep: Callable[[float], None] = time.sleep
    jitter: Callable[[], float] = random.random  # in [0, 1)

    def resolve_cache_dir(self, target: Path) -> Path:
        return self.cache_dir if self.cache_dir is not None else target.parent / "downloads"

    def resolve_cr_url(self, argument: str | None) -> str | None:
        """The CR override, first found wins: the argument, this config, then $RULESBOT_CR_URL."""
        for candidate in (argument, self.cr_url, os.environ.get(CR_URL_ENV)):
            if candidate and candidate.strip():
                return candidate.strip()
        return None
