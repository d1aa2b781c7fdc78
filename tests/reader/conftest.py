"""The reader's tests use a small fixture card set (no ../shared needed)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

from fixture_names import FixtureNames


@pytest.fixture(scope="session")
def names() -> FixtureNames:
    return FixtureNames()
