"""Hostile board files through ``rulesbot board`` and the console's ``/board``: a clear refusal
or an answer, bounded in time and memory, never a traceback."""

from __future__ import annotations

import tempfile
from pathlib import Path

import pytest
from fuzz_hostile import VALID_BOARD, billion_laughs, board_file
from fuzz_run import FUZZ, assert_json_object, count, invoke, run_process
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.cli.errors import ExitCode

ANSWERED_OR_REFUSED = {ExitCode.FOUND, ExitCode.NOT_FOUND}


@settings(FUZZ, max_examples=150)
@given(content=board_file(), as_json=st.booleans())
def test_a_hostile_board_file_is_answered_or_refused(
    kb_path: Path, content: bytes, as_json: bool
) -> None:
    count("board", content)
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "board.yaml"
        path.write_bytes(content)
        result, _ = invoke(kb_path, ["board", str(path), *(["--json"] if as_json else [])])
    assert result.exit_code in ANSWERED_OR_REFUSED, result.output[-1000:]
    if as_json:
        payload = assert_json_object(result.stdout)
        assert ("answers" in payload) != ("error" in payload)  # refused whole, or answered
        assert result.exit_code == ExitCode.NOT_FOUND or "answers" in payload
    elif result.exit_code == ExitCode.NOT_FOUND and "Q1" not in result.stdout:
        assert result.stderr.startswith("error: ") and result.stderr.count("\n") == 1


@settings(FUZZ, max_examples=4)
@given(contents=st.lists(board_file(), min_size=10, max_size=20))
def test_console_board_answers_or_refuses_each_file(kb_path: Path, contents: list[bytes]) -> None:
    with tempfile.TemporaryDirectory() as folder:
        lines = []
        for i, content in enumerate(contents):
            count("board", ("console", content))
            path = Path(folder) / f"board{i}.yaml"
            path.write_bytes(content)
            lines.append(f"/board {path}")
        session = "\n".join([*lines, "/define trample"]) + "\n"
        result, _ = invoke(kb_path, ["console"], stdin=session.encode())
    assert result.exit_code == ExitCode.FOUND and "## Trample" in result.stdout


# The issue's own hostile files, each in a real process: time and peak memory measured.
HOSTILE_FILES = {
    "billion-laughs-341-bytes": billion_laughs(9, 9).encode(),
    "billion-laughs-wide": billion_laughs(6, 30).encode(),
    "nested-100k": b"board: " + b"[" * 100_000 + b"]" * 100_000 + b"\n",
    "json-nested-100k": b'{"board": ' + b"[" * 100_000 + b"]" * 100_000 + b"}",
    "number-5000-digits": VALID_BOARD.replace(
        "life: 20}, P2", "life: " + "9" * 5_000 + "}, P2"
    ).encode(),
    "questions-5000": (VALID_BOARD + "  - kind: combat_damage\n" * 5_000).encode(),
    "file-4-MB": b"notes: '" + b"x" * 4_000_000 + b"'\n",
}


@pytest.mark.parametrize("name", HOSTILE_FILES, ids=list(HOSTILE_FILES))
def test_the_issues_hostile_files_in_a_real_process(kb_path, tmp_path, name):
    count("board", ("process", name))
    path = tmp_path / f"{name}.yaml"
    path.write_bytes(HOSTILE_FILES[name])
    run = run_process(["board", str(path), "--json"], kb_path=kb_path)
    run.check(ANSWERED_OR_REFUSED)
    payload = assert_json_object(run.stdout.decode("utf-8"))
    assert run.code == ExitCode.FOUND or "error" in payload or "answers" in payload


def test_board_of_dev_zero_is_refused_in_time(kb_path):
    count("board", ("process", "/dev/zero"))
    run = run_process(["board", "/dev/zero"], kb_path=kb_path)
    run.check({ExitCode.NOT_FOUND})
    assert run.stderr.startswith(b"error: /dev/zero")


def test_console_board_of_every_hostile_file_in_a_real_process(kb_path, tmp_path):
    lines = []
    for name, content in HOSTILE_FILES.items():
        count("board", ("console process", name))
        path = tmp_path / f"{name}.yaml"
        path.write_bytes(content)
        lines.append(f"/board {path}")
    session = "\n".join([*lines, "/board /dev/zero", "/board a\x00b", "/define trample"]) + "\n"
    run = run_process(["console"], stdin=session.encode(), kb_path=kb_path)
    run.check({ExitCode.FOUND})
    assert b"## Trample" in run.stdout
