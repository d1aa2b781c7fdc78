"""The one error path of the ``rulesbot`` command line.

Every command runs inside :class:`RulesbotGroup`, whose ``main`` turns whatever a command raises
into one clear line and an :class:`ExitCode`, the same with and without ``--json``:

* without ``--json`` the message goes to stderr as ``error: …``;
* with ``--json`` it is a JSON object on stdout, ``{"error": "…", "exit_code": N}``.

A command signals an expected failure by raising a :class:`CliError` subclass (or
``sys.exit(ExitCode.…)`` after printing its own result). Anything else that escapes — a bug, a
``RecursionError`` on a hostile file, a ``UnicodeEncodeError`` on a strict terminal — is reported
as a data or internal error (exit 3), never as a traceback.

This module imports nothing from ``bot.cli`` so any command module can import it.
"""

from __future__ import annotations

import json
import re
import sys
from collections.abc import Sequence
from contextvars import ContextVar
from enum import IntEnum
from typing import IO, Any

import click

#: The longest error message printed (characters); a longer one is cut with an ellipsis.
MAX_MESSAGE = 500
_SURROGATE = re.compile("[\ud800-\udfff]")
# Whether the running command parsed a --json flag (None until its arguments are parsed).
_JSON_MODE: ContextVar[bool | None] = ContextVar("rulesbot_json_mode", default=None)


class ExitCode(IntEnum):
    """What a ``rulesbot`` process's exit status means (README: "Exit codes")."""

    FOUND = 0  # the command did what was asked (an ambiguous card name offering choices too)
    NOT_FOUND = 1  # nothing matched, or the input was wrong (empty question, bad board file)
    USAGE = 2  # the command line itself was wrong: unknown option, missing argument
    DATA = 3  # the data or the program failed: no or broken knowledge base, internal error
    INTERRUPTED = 130  # Ctrl-C (128 + SIGINT, the shell convention)


class CliError(Exception):
    """An expected failure: its message is shown as it is, and the process exits with its code."""

    exit_code: ExitCode = ExitCode.DATA

    def __init__(self, message: str, exit_code: ExitCode | None = None) -> None:
        super().__init__(message)
        if exit_code is not None:
            self.exit_code = exit_code


class UserError(CliError):
    """The input can't be answered as given (empty question, unreadable board file)."""

    exit_code = ExitCode.NOT_FOUND


class BadUsage(CliError):
    """The command line is wrong in a way click's parser can't see (two exclusive inputs)."""

    exit_code = ExitCode.USAGE


class DataError(CliError):
    """The knowledge base or another data file is missing, broken or refused."""

    exit_code = ExitCode.DATA


# -- text that is always printable -----------------------------------------------------------


def printable(text: str) -> str:
    """``text`` with lone surrogates (undecodable bytes, JSON ``\\ud800``) replaced by U+FFFD.

    Python decodes undecodable argv bytes and ``"\\udXXX"`` JSON escapes to lone surrogates,
    which no UTF-8 stream or SQLite call accepts; everything a command reads passes through this.
    """
    return _SURROGATE.sub("\ufffd", text)


def one_line(text: str, limit: int = MAX_MESSAGE) -> str:
    """A message on one printable line of at most ``limit`` characters."""
    flat = " ".join(printable(text).split())
    return flat if len(flat) <= limit else flat[: limit - 1] + "…"


def emit(text: str, *, err: bool = False, nl: bool = True) -> None:
    """``click.echo`` that can't fail on an encoding: unencodable characters are escaped."""
    stream: IO[Any] = sys.stderr if err else sys.stdout
    try:
        click.echo(text, file=stream, nl=nl)
    except UnicodeEncodeError:
        encoding = getattr(stream, "encoding", None) or "utf-8"
        safe = text.encode(encoding, "backslashreplace").decode(encoding, "replace")
        click.echo(safe, file=stream, nl=nl)


def dumps(payload: object, *, indent: int | None = None) -> str:
    """Strict JSON (no bare NaN/Infinity) of ``payload``, every string printable; escaped
    non-ASCII text when stdout isn't UTF-8 (``PYTHONIOENCODING=ascii``), so it stays JSON."""
    return json.dumps(
        _printable_json(payload),
        ensure_ascii=not _utf8_stdout(),
        indent=indent,
        allow_nan=False,
    )


def _utf8_stdout() -> bool:
    encoding = (getattr(sys.stdout, "encoding", None) or "utf-8").lower().replace("-", "")
    return encoding in ("utf8", "utf8sig")


def _printable_json(value: object) -> object:
    if isinstance(value, str):
        return printable(value)
    if isinstance(value, dict):
        return {printable(str(k)): _printable_json(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_printable_json(v) for v in value]
    return value


# -- the error path ---------------------------------------------------------------------------


def describe(error: BaseException) -> str:
    """One line saying what went wrong, without internals a user can't act on."""
    if isinstance(error, CliError | click.ClickException):
        text = error.format_message() if isinstance(error, click.ClickException) else str(error)
        return one_line(text)
    if isinstance(error, RecursionError):
        return "the input is nested too deeply to read"
    if isinstance(error, MemoryError):
        return "out of memory"
    detail = str(error)
    name = type(error).__name__
    return one_line(f"internal error ({name}: {detail})" if detail else f"internal error ({name})")


def exit_code_of(error: BaseException) -> int:
    if isinstance(error, click.UsageError):
        return ExitCode.USAGE
    if isinstance(error, CliError):
        return int(error.exit_code)
    if isinstance(error, click.ClickException):
        return ExitCode.NOT_FOUND if error.exit_code == 1 else error.exit_code
    if isinstance(error, KeyboardInterrupt | click.Abort):
        return ExitCode.INTERRUPTED
    return ExitCode.DATA


def report(error: BaseException, *, as_json: bool) -> int:
    """Print ``error`` the documented way; the exit code to end with."""
    code = exit_code_of(error)
    message = "interrupted" if code == ExitCode.INTERRUPTED else describe(error)
    try:
        if as_json:
            emit(dumps({"error": message, "exit_code": code}))
        elif isinstance(error, click.UsageError):
            error.show()  # click's usage line and "Try 'rulesbot X -h' for help."
        else:
            emit(click.style("error: ", fg="red") + message, err=True)
    except Exception:  # stdout/stderr gone (a closed pipe): the exit code still tells
        pass
    return code


def wants_json(args: Sequence[str]) -> bool:
    """Whether a command line that didn't parse asked for ``--json`` (options end at ``--``)."""
    for arg in args:
        if arg == "--":
            return False
        if arg == "--json":
            return True
    return False


def exit_status(code: object) -> int:
    """A ``SystemExit`` code as a process status (``None`` is success, a message is 1)."""
    if code is None:
        return ExitCode.FOUND
    if isinstance(code, int):
        return code
    emit(one_line(str(code)), err=True)
    return ExitCode.NOT_FOUND


class RulesbotCommand(click.Command):
    """A subcommand whose text arguments arrive printable (see :func:`printable`)."""

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        rest = super().parse_args(ctx, args)
        _JSON_MODE.set(bool(ctx.params.get("as_json")))  # as parsed: "--db --json" is a path
        return rest

    def invoke(self, ctx: click.Context) -> Any:
        ctx.params = {name: _printable_param(value) for name, value in ctx.params.items()}
        return super().invoke(ctx)


def _printable_param(value: object) -> object:
    if isinstance(value, str):
        return printable(value)
    if isinstance(value, tuple):
        return tuple(_printable_param(v) for v in value)
    return value


class RulesbotGroup(click.Group):
    """The ``rulesbot`` group: every subcommand, present and future, runs inside ``main`` here."""

    command_class = RulesbotCommand

    def main(
        self,
        args: Sequence[str] | None = None,
        prog_name: str | None = None,
        complete_var: str | None = None,
        standalone_mode: bool = True,
        **extra: Any,
    ) -> Any:
        argv = list(sys.argv[1:] if args is None else args)
        parsed = _JSON_MODE.set(None)
        try:
            outcome = super().main(argv, prog_name, complete_var, standalone_mode=False, **extra)
            code = outcome if isinstance(outcome, int) else ExitCode.FOUND
        except SystemExit as exc:
            code = exit_status(exc.code)
        except BaseException as exc:  # the one place any failure becomes a message and a code
            as_json = _JSON_MODE.get()
            code = report(exc, as_json=wants_json(argv) if as_json is None else as_json)
        finally:
            _JSON_MODE.reset(parsed)
        if standalone_mode:
            sys.exit(int(code))
        return int(code)
