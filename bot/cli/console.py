"""``rulesbot console``: try the bot without a token. Type what you would type in chat."""

from __future__ import annotations

import asyncio
import io
import sys
from pathlib import Path
from typing import IO, Protocol

import click

from bot.cli import main
from bot.cli.errors import DataError, ExitCode, describe, emit
from bot.paths import default_db_path

#: The longest console line read (bytes); the rest of a longer line is skipped.
MAX_CONSOLE_LINE_BYTES = 64_000
#: How far past an over-long line the console reads looking for its end before it stops.
MAX_CONSOLE_SKIP_BYTES = 16_000_000
TOO_LONG = f"That line is longer than {MAX_CONSOLE_LINE_BYTES // 1000} kB; it was skipped."


@main.command()
@click.option(
    "--db",
    "db_path",
    type=click.Path(path_type=Path),
    default=None,
    help="Knowledge-base file (default: $RULESBOT_DB or the per-user data folder).",
)
def console(db_path: Path | None) -> None:
    """A local prompt that prints what the bot would post (embeds as text).

    Reads lines from stdin, so it works piped: echo '/card vizier' | rulesbot console

    A line that fails prints an error and the session goes on; input that isn't UTF-8 is read
    with U+FFFD in place of the bad bytes, whatever the terminal's encoding.
    """
    from bot.service import RulesService
    from rulings_db.knowledge import KnowledgeBaseError

    path = db_path or default_db_path()
    try:
        service = RulesService.open(path)
    except KnowledgeBaseError as exc:
        raise DataError(str(exc)) from None
    interactive = sys.stdin is not None and sys.stdin.isatty()
    try:
        code = asyncio.run(_loop(service, interactive=interactive))
    finally:
        service.close()
    sys.exit(code)


async def _loop(service: object, *, interactive: bool) -> int:
    """Answer lines until end of input or /quit; the exit code."""
    from bot.service import RulesService, respond_to_line
    from bot.service.core import HELP

    assert isinstance(service, RulesService)
    if interactive:
        emit(HELP + "\n(/quit or Ctrl-D to leave)")
    stream = _binary_stdin()
    while True:
        if interactive:
            emit("> ", nl=False)
        raw = await asyncio.to_thread(stream.readline, MAX_CONSOLE_LINE_BYTES + 1)
        if not raw:
            return ExitCode.FOUND
        if len(raw) > MAX_CONSOLE_LINE_BYTES and not raw.endswith(b"\n"):
            if not await asyncio.to_thread(_skip_to_newline, stream):
                emit(f"error: stopped reading: no end of line in {_mb(MAX_CONSOLE_SKIP_BYTES)}")
                return ExitCode.NOT_FOUND
            emit(f"error: {TOO_LONG}\n")
            continue
        line = raw.decode("utf-8", "replace")
        if line.strip() in ("/quit", "/exit"):
            return ExitCode.FOUND
        try:
            replies = await respond_to_line(service, line)
        except Exception as exc:  # one bad line never ends the session
            emit(f"error: {describe(exc)}\n")
            continue
        for reply in replies:
            emit(reply.to_text())
            emit("")


class _Lines(Protocol):
    def readline(self, size: int = -1, /) -> bytes: ...


def _binary_stdin() -> _Lines:
    """stdin as bytes, so no locale or strict encoding can make a line unreadable."""
    if sys.stdin is None:  # started with stdin closed: no input
        return io.BytesIO()
    buffer = getattr(sys.stdin, "buffer", None)
    if buffer is not None:
        lines: _Lines = buffer
        return lines
    return _EncodedLines(sys.stdin)


class _EncodedLines:
    """A text stream (no ``.buffer``) read as UTF-8 bytes."""

    def __init__(self, text: IO[str]) -> None:
        self.text = text

    def readline(self, size: int = -1, /) -> bytes:
        return self.text.readline(size).encode("utf-8", "surrogatepass")


def _skip_to_newline(stream: _Lines) -> bool:
    """Read past the rest of an over-long line; False when no newline came within the budget."""
    skipped = 0
    while skipped <= MAX_CONSOLE_SKIP_BYTES:
        chunk = stream.readline(MAX_CONSOLE_LINE_BYTES)
        if not chunk:
            return True  # end of input: the next read ends the session
        skipped += len(chunk)
        if chunk.endswith(b"\n"):
            return True
    return False


def _mb(count: int) -> str:
    return f"{count // 1_000_000} MB"
