"""``rulesbot sync`` over the network, pointed at ``FakeSources`` through the environment."""

from __future__ import annotations

import json
from collections.abc import Iterator
from functools import partial
from pathlib import Path

import pytest
from click.testing import CliRunner
from fake_sources import INDEX_PATH, RULES_PAGE_PATH, FakeSources, running_sources

from bot.cli import main
from rulings_db.fetch import network
from rulings_db.fetch.config import (
    BULK_INDEX_ENV,
    CACHE_DIR_ENV,
    CR_URL_ENV,
    RULES_PAGE_ENV,
    FetchConfig,
)
from rulings_db.safeguards import SourceMinimums


@pytest.fixture
def sources(monkeypatch: pytest.MonkeyPatch) -> Iterator[FakeSources]:
    for name in (CR_URL_ENV, CACHE_DIR_ENV):
        monkeypatch.delenv(name, raising=False)
    # the served CR is an 11-rule excerpt, not the published thousands of rules
    excerpt = SourceMinimums(rules=5, glossary=1)
    monkeypatch.setattr(network, "FetchConfig", partial(FetchConfig, minimums=excerpt))
    for fake in running_sources():
        monkeypatch.setenv(BULK_INDEX_ENV, fake.url(INDEX_PATH))
        monkeypatch.setenv(RULES_PAGE_ENV, fake.url(RULES_PAGE_PATH))
        yield fake


def test_sync_downloads_builds_then_reports_up_to_date(
    sources: FakeSources, tmp_path: Path
) -> None:
    db = tmp_path / "kb.sqlite"
    first = CliRunner().invoke(main, ["sync", "--db", str(db), "--json"])
    assert first.exit_code == 0, first.output
    report = json.loads(first.output)
    assert report["changed"] is True and report["counts"]["cards"] == 5
    assert [d["name"] for d in report["downloads"]] == ["oracle-cards", "rulings", "cr"]
    again = CliRunner().invoke(main, ["sync", "--db", str(db)])
    assert again.exit_code == 0 and "up to date" in again.output
    assert (tmp_path / "downloads" / "scryfall" / "rulings.json").is_file()


def test_sync_with_a_bad_cr_url_fails_with_a_message_not_a_traceback(
    sources: FakeSources, tmp_path: Path
) -> None:
    db = tmp_path / "kb.sqlite"
    bad = sources.url("/downloads/MagicCompRules-missing.txt")
    result = CliRunner().invoke(main, ["sync", "--db", str(db), "--cr-url", bad])
    assert result.exit_code == 3
    assert "Comprehensive Rules text: GET " + bad + " answered HTTP 404" in result.output
    assert "Traceback" not in result.output and not db.exists()
