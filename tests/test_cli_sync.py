"""``rulesbot sync`` and ``rulesbot status`` through click's CliRunner."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path
from types import SimpleNamespace

import pytest
from click.testing import CliRunner

import rulings_db.fetch
from bot.cli import main
from bot.paths import DB_ENV


@pytest.fixture
def runner() -> CliRunner:
    return CliRunner()


def test_status_without_a_database_says_how_to_make_one(runner: CliRunner, tmp_path: Path):
    db = tmp_path / "absent.sqlite"
    result = runner.invoke(main, ["status", "--db", str(db)])
    assert result.exit_code == 3
    assert f"No knowledge base at {db}." in result.stderr
    assert "rulesbot sync --from PATH" in result.stderr
    assert "Traceback" not in result.output


def test_sync_from_a_folder_then_status_shows_what_it_holds(
    runner: CliRunner, kb_fixture_dir: Path, tmp_path: Path
):
    db = tmp_path / "kb.sqlite"
    built = runner.invoke(main, ["sync", "--from", str(kb_fixture_dir), "--db", str(db)])
    assert built.exit_code == 0, built.output
    assert f"Built {db}" in built.stdout
    assert "Comprehensive Rules effective 2026-01-16" in built.stdout
    status = runner.invoke(main, ["status", "--db", str(db)])
    assert status.exit_code == 0, status.output
    assert "cards 48" in status.stdout
    assert "effective 2026-01-16" in status.stdout
    assert "scryfall/sample-oracle-cards.json" in status.stdout
    assert "just now" in status.stdout


def test_sync_and_status_json(runner: CliRunner, kb_fixture_dir: Path, tmp_path: Path):
    db = tmp_path / "kb.sqlite"
    built = runner.invoke(main, ["sync", "--from", str(kb_fixture_dir), "--db", str(db), "--json"])
    assert built.exit_code == 0, built.output
    report = json.loads(built.stdout)
    assert report["counts"]["cards"] == 48 and report["path"] == str(db)
    status = json.loads(runner.invoke(main, ["status", "--db", str(db), "--json"]).stdout)
    assert status["counts"] == report["counts"]
    assert status["cr_effective_date"] == "2026-01-16"
    assert isinstance(status["age_seconds"], int)


def test_database_path_defaults_to_the_environment_variable(
    runner: CliRunner, kb_fixture_dir: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
):
    db = tmp_path / "from-env.sqlite"
    monkeypatch.setenv(DB_ENV, str(db))
    result = runner.invoke(main, ["sync", "--from", str(kb_fixture_dir / "mtgjson")])
    assert result.exit_code == 0, result.output
    assert db.is_file()
    assert runner.invoke(main, ["status"]).exit_code == 0


def test_sync_from_a_missing_path_fails_without_a_traceback(runner: CliRunner, tmp_path: Path):
    result = runner.invoke(
        main, ["sync", "--from", str(tmp_path / "nowhere"), "--db", str(tmp_path / "kb.sqlite")]
    )
    assert result.exit_code == 1
    assert "no such file or folder" in result.stderr
    assert "Traceback" not in result.output
    assert not (tmp_path / "kb.sqlite").exists()


def test_sync_from_a_folder_without_data_fails_clearly(runner: CliRunner, tmp_path: Path):
    (tmp_path / "notes.txt").write_text("hello")
    result = runner.invoke(main, ["sync", "--from", str(tmp_path), "--db", str(tmp_path / "x")])
    assert result.exit_code == 1
    assert "no recognisable data" in result.stderr


def test_cr_url_with_from_is_refused(runner: CliRunner, kb_fixture_dir: Path, tmp_path: Path):
    args = ["sync", "--from", str(kb_fixture_dir), "--cr-url", "https://x.test/cr.txt"]
    result = runner.invoke(main, [*args, "--db", str(tmp_path / "kb.sqlite")])
    assert result.exit_code == 2
    assert "--cr-url only applies to a network sync" in result.stderr


def test_status_of_another_schema_version_asks_for_a_sync(runner: CliRunner, tmp_path: Path):
    db = tmp_path / "old.sqlite"
    with sqlite3.connect(db) as conn:
        conn.execute("CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT)")
        conn.execute("INSERT INTO meta VALUES ('schema_version', '0')")
    result = runner.invoke(main, ["status", "--db", str(db)])
    assert result.exit_code == 3
    assert "another version of rulesbot" in result.stderr
    assert "Run `rulesbot sync`" in result.stderr


def test_network_sync_failure_is_reported_without_a_traceback(
    runner: CliRunner, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
):
    calls: list[dict[str, object]] = []

    def failing(target: Path, **kwargs: object) -> object:
        calls.append({"target": target, **kwargs})
        raise RuntimeError("https://api.scryfall.com/bulk-data: connection refused (3 attempts)")

    monkeypatch.setattr(rulings_db.fetch, "sync_from_network", failing)
    db = tmp_path / "kb.sqlite"
    result = runner.invoke(main, ["sync", "--db", str(db), "--cr-url", "https://x.test/cr.txt"])
    assert result.exit_code == 3
    assert "sync failed: https://api.scryfall.com/bulk-data: connection refused" in result.stderr
    assert calls[0]["target"] == db and calls[0]["cr_url"] == "https://x.test/cr.txt"


def test_network_sync_with_nothing_new_says_so(
    runner: CliRunner, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
):
    def unchanged(target: Path, **kwargs: object) -> object:
        return SimpleNamespace(target=target, changed=False, build=None, warnings=())

    monkeypatch.setattr(rulings_db.fetch, "sync_from_network", unchanged)
    result = runner.invoke(main, ["sync", "--db", str(tmp_path / "kb.sqlite")])
    assert result.exit_code == 0, result.output
    assert "up to date" in result.stdout
    as_json = runner.invoke(main, ["sync", "--db", str(tmp_path / "kb.sqlite"), "--json"])
    assert json.loads(as_json.stdout) == {"changed": False, "warnings": []}
