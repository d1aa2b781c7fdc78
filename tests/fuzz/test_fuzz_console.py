"""Hostile console sessions: every line gets a reply or an error and the session goes on to the
end of its input, whatever the bytes and the terminal's encoding."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pytest
from fuzz_hostile import console_line
from fuzz_run import FUZZ, HANG_S, RULESBOT, count, invoke, run_process
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.cli.errors import ExitCode

# answered only if the session is still reading after every hostile line before it
SENTINEL = b"/define trample"
ANSWERED = "## Trample"


def _session(lines: list[bytes]) -> bytes:
    return b"\n".join([*lines, SENTINEL]) + b"\n"


@settings(FUZZ, max_examples=12)
@given(lines=st.lists(console_line(), min_size=10, max_size=40))
def test_a_hostile_session_answers_its_last_line(kb_path: Path, lines: list[bytes]) -> None:
    for line in lines:
        count("console", line)
    result, _ = invoke(kb_path, ["console"], stdin=_session(lines))
    assert result.exit_code == ExitCode.FOUND, result.output[-1000:]
    assert ANSWERED in result.stdout


HOSTILE_SESSION = [
    b"/board a\x00b",  # a NUL in a path
    b"/board \xff\xfe.yaml",
    b"/board /dev/zero",
    b"/board /",
    b"/board /nonexistent/board.yaml",
    b"/board",
    b"\xff\xfe\xfd",
    b"/card \xff",
    b"/define \xed\xa0\x80",  # an encoded lone surrogate
    b"/cr \xc3\x28",
    b"/ask can \x80 trample?",
    b"[[\xff]]",
    b"[[?\x00]]",
    b"\x00\x00\x00",
    b"\r",
    b"\xef\xbb\xbf/card goyf",
    b"/card " + b'"' * 5_000,
    b"/ask " + b"NEAR(" * 2_000,
    b"/ask " + "Ｔａｒｍｏｇｏｙｆ ^ * ".encode() * 100,
    b"/rulings " + b"x" * 70_000,  # longer than the console's line cap
    b"/ask " + b"y" * 1_000_000,
    b"\x1b[31m/card jace",
    b"/cr 999.999z",
    "/image \u202e goyf".encode(),
    b"/nonsense \xff",
    b"//",
    b"/",
    b"/about",
]
STDIO = {
    "strict-utf8": {"PYTHONIOENCODING": "utf-8:strict", "LC_ALL": "C.UTF-8"},
    "C-locale": {"LC_ALL": "C", "PYTHONIOENCODING": ""},
    "default": {},
}


@pytest.mark.parametrize("stdio", STDIO, ids=list(STDIO))
def test_undecodable_input_under_each_stdio_encoding(kb_path, stdio):
    for line in HOSTILE_SESSION:
        count("console", (stdio, line))
    run = run_process(
        ["console"], stdin=_session(HOSTILE_SESSION), env=STDIO[stdio], kb_path=kb_path
    )
    run.check({ExitCode.FOUND})
    out = run.stdout.decode("utf-8", "replace")
    assert ANSWERED in out and "embedded null byte" in out and "longer than 64 kB" in out


def test_console_reading_dev_zero_stops(kb_path, tmp_path):
    count("console", "/dev/zero as stdin")
    run = run_process(["console"], stdin_path=Path("/dev/zero"), kb_path=kb_path)
    run.check({ExitCode.NOT_FOUND})
    assert b"stopped reading" in run.stdout


def test_console_with_stdin_closed_ends_cleanly(kb_path):
    count("console", "stdin closed")
    done = subprocess.run(
        [*RULESBOT, "console"],
        preexec_fn=lambda: os.close(0),  # Python then starts with sys.stdin None
        capture_output=True,
        env={**os.environ, "RULESBOT_DB": str(kb_path)},
        timeout=HANG_S,
    )
    assert done.returncode == ExitCode.FOUND, done.stderr
    assert b"Traceback" not in done.stdout + done.stderr
