"""Long commands say how far they are, as plain lines when stderr is a pipe."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

import bot.cli.board as board_cli
from bot.cli import main


def test_engine_coverage_prints_progress_lines_on_stderr(kb_path: Path, monkeypatch):
    monkeypatch.setattr(board_cli, "PROGRESS_EVERY", 2)
    result = CliRunner().invoke(main, ["engine-coverage", "--db", str(kb_path)])
    assert result.exit_code == 0, result.output
    lines = result.stderr.splitlines()
    assert lines and all(line.startswith("engine-coverage: ") for line in lines)
    assert "cards fully modelled" in result.stdout


def test_engine_coverage_json_stays_clean_when_stderr_is_not_a_terminal(kb_path: Path, monkeypatch):
    monkeypatch.setattr(board_cli, "PROGRESS_EVERY", 2)
    result = CliRunner().invoke(main, ["engine-coverage", "--db", str(kb_path), "--json"])
    assert result.exit_code == 0 and result.stderr == ""


def test_a_piped_sync_reports_each_stage_as_a_plain_line(kb_fixture_dir: Path, tmp_path: Path):
    result = CliRunner().invoke(
        main, ["sync", "--from", str(kb_fixture_dir), "--db", str(tmp_path / "kb.sqlite")]
    )
    assert result.exit_code == 0, result.output
    assert "\r" not in result.stderr and "\033[" not in result.stderr
    stages = [line.strip() for line in result.stderr.splitlines()]
    assert any(s.startswith("cards") for s in stages)
    assert any(s.startswith("validating") for s in stages)
