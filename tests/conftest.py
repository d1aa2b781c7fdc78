"""Shared fixtures: a knowledge base built once per session from the small hand-written
fixture files, and (when ../shared is present) one built from the real data."""

from __future__ import annotations

from pathlib import Path

import pytest

from rulings_db.build import build_database

REPO = Path(__file__).resolve().parents[1]
FIXTURES = REPO / "tests" / "fixtures"
KB_FIXTURE = FIXTURES / "kb"
SHARED = REPO / ".." / "shared"


@pytest.fixture(scope="session")
def kb_fixture_dir() -> Path:
    """The small source files (Scryfall, MTGJSON, CR excerpt) the test KB is built from."""
    return KB_FIXTURE


@pytest.fixture(scope="session")
def kb_path(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A knowledge base built once per session from tests/fixtures/kb. Treat it as read-only."""
    target = tmp_path_factory.mktemp("kb") / "rulesbot.sqlite"
    build_database(KB_FIXTURE, target)
    return target


@pytest.fixture(scope="session")
def shared_dir() -> Path:
    """../shared (design doc, real data, eval sets), or skip when it is absent."""
    if not (SHARED / "data").is_dir():
        pytest.skip(f"../shared/data not present: {SHARED.resolve()} (real-data tests skipped)")
    return SHARED.resolve()


@pytest.fixture(scope="session")
def shared_kb_path(shared_dir: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A knowledge base built once per session from ../shared/data (takes a few seconds)."""
    target = tmp_path_factory.mktemp("shared_kb") / "rulesbot.sqlite"
    build_database(shared_dir / "data", target)
    return target
