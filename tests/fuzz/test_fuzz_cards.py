"""Hostile cards files through ``rulesbot engine-coverage --cards``: measured or refused with
one line, never a traceback, and memory bounded however deep the JSON nests."""

from __future__ import annotations

import tempfile
from pathlib import Path

import pytest
from fuzz_hostile import cards_file
from fuzz_run import FUZZ, assert_json_object, count, invoke, run_process
from hypothesis import given, settings

from bot.cli.errors import ExitCode


@settings(FUZZ, max_examples=40)
@given(content=cards_file())
def test_a_hostile_cards_file_is_measured_or_refused(kb_path: Path, content: bytes) -> None:
    count("cli", ("cards", content))
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "oracle-cards.json"
        path.write_bytes(content)
        result, _ = invoke(kb_path, ["engine-coverage", "--cards", str(path), "--json"])
    assert result.exit_code in (ExitCode.FOUND, ExitCode.NOT_FOUND), result.output[-500:]
    payload = assert_json_object(result.stdout)
    assert ("cards" in payload) == (result.exit_code == ExitCode.FOUND)


# 100,000 nested lists made ijson's item builder take 24 GB; each runs in its own process.
DEEP = {
    "list-100k": b"[" * 100_000,
    "inside-a-card-100k": b'[{"name": "x", "oracle_text": ' + b"[" * 100_000,
    "objects-50k": b'[{"a": ' * 50_000,
}


@pytest.mark.parametrize("name", DEEP, ids=list(DEEP))
def test_deeply_nested_cards_files_in_a_real_process(kb_path, tmp_path, name):
    count("cli", ("cards process", name))
    path = tmp_path / "oracle-cards.json"
    path.write_bytes(DEEP[name])
    run = run_process(["engine-coverage", "--cards", str(path)], kb_path=kb_path)
    run.check({ExitCode.NOT_FOUND})
    assert b"nested more than" in run.stderr
