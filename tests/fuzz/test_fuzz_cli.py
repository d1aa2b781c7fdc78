"""Hostile command lines: every lookup command exits 0-3, prints JSON under --json, and never
shows a traceback, whatever its arguments hold."""

from __future__ import annotations

from itertools import pairwise
from pathlib import Path

import pytest
from fuzz_hostile import FTS5_SYNTAX, ODD_PIECES, cli_arguments
from fuzz_run import (
    DOCUMENTED_EXITS,
    FUZZ,
    assert_json_object,
    count,
    invoke,
    run_process,
    wants_help,
)
from hypothesis import given, settings

from bot.cli.errors import ExitCode, wants_json


def _json_expected(args: list[str]) -> bool:
    """--json was asked for and not swallowed as --db's value or shadowed by --help."""
    if not wants_json(args) or wants_help(args):
        return False
    return not any(a == "--db" and b == "--json" for a, b in pairwise(args))


@settings(FUZZ, max_examples=150)
@given(args=cli_arguments())
def test_hostile_command_lines_exit_as_documented(kb_path: Path, args: list[str]) -> None:
    count("cli", args)
    result, _ = invoke(kb_path, args)
    assert result.exit_code in DOCUMENTED_EXITS, (args, result.output[-500:])
    if _json_expected(args):
        payload = assert_json_object(result.stdout)
        if result.exit_code in (ExitCode.USAGE, ExitCode.DATA):
            assert payload["exit_code"] == result.exit_code


WORDS = [*FTS5_SYNTAX, *ODD_PIECES, "x" * 10_000, '"' * 10_000, "NEAR(" * 2_000]


@pytest.mark.parametrize("command", ["card", "rulings", "cr", "define", "ask"])
def test_each_command_answers_every_odd_word_with_and_without_json(kb_path, command):
    for word in WORDS:
        for args in ([command, word], [command, word, "--json"]):
            count("cli", args)
            result, _ = invoke(kb_path, args)
            assert result.exit_code in (ExitCode.FOUND, ExitCode.NOT_FOUND), (args, result.output)
            if "--json" in args:
                assert_json_object(result.stdout)


# Real processes: argv bytes that aren't UTF-8 reach Python as surrogates, and the stdio
# encoding is the locale's — strict UTF-8 on an ordinary desktop, ASCII-ish under LC_ALL=C.
STDIO = {
    "strict-utf8": {"PYTHONIOENCODING": "utf-8:strict", "LC_ALL": "C.UTF-8"},
    "C-locale": {"LC_ALL": "C", "PYTHONIOENCODING": ""},
    "default": {},
    "ascii": {"PYTHONIOENCODING": "ascii:strict"},
}
HOW_MANY = {"strict-utf8": 7, "C-locale": 3, "default": 2, "ascii": 2}  # a process each, ~0.7 s
RAW_ARGUMENTS = [
    [b"define", b"--json", b"\xff"],
    [b"card", b"--json", "\U0001f44d tarmogoyf \u2014".encode()],
    [b"define", b"\xff\xfe"],
    [b"card", b"--json", b"\xc3\x28 goyf"],
    [b"rulings", b"\xed\xa0\x80"],  # an encoded lone surrogate
    [b"cr", b"--json", b"702.19\xff"],
    [b"ask", b"--json", b"can \xff trample"],
    [b"ask", b"what does \xe2\x80\xae trample do?"],
]


@pytest.mark.parametrize("stdio", STDIO, ids=list(STDIO))
def test_undecodable_argv_bytes_under_each_stdio_encoding(kb_path, stdio):
    for args in RAW_ARGUMENTS[: HOW_MANY[stdio]]:
        count("cli", (stdio, args))
        run = run_process(args, env=STDIO[stdio], kb_path=kb_path)
        run.check({ExitCode.FOUND, ExitCode.NOT_FOUND})
        if b"--json" in args:
            assert_json_object(run.stdout.decode("utf-8"))
