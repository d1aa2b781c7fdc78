"""``rulesbot console``: try the bot without a token. Type what you would type in chat."""

from __future__ import annotations

import asyncio
import io
import sys
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import IO, Any, Literal, Protocol

import click

from bot.cli import main
from bot.cli.errors import DataError, ExitCode, describe, dumps, emit
from bot.discord.config import BotConfig
from bot.paths import default_db_path
from bot.render import limits
from bot.render.reply import Reply
from bot.service.cooldowns import AutoAnswerCooldowns
from bot.state import THRESHOLDS

#: The longest console line read (bytes); the rest of a longer line is skipped.
MAX_CONSOLE_LINE_BYTES = 64_000
#: How far past an over-long line the console reads looking for its end before it stops.
MAX_CONSOLE_SKIP_BYTES = 16_000_000
TOO_LONG = f"That line is longer than {MAX_CONSOLE_LINE_BYTES // 1000} kB; it was skipped."


ChannelKind = Literal["auto", "help", "plain"]
CHANNELS: dict[ChannelKind, str] = {
    "auto": "an auto-answer channel: questions are answered unasked, as replies",
    "help": "an auto-answer help channel that answers in a new thread (replies: thread)",
    "plain": "a channel without auto-answers: only slash commands and [[card]] are answered",
}
#: the console is one person in one channel of one server (the cooldowns' key)
CONSOLE_KEY = (0, 0, 0)


@main.command()
@click.option(
    "--db",
    "db_path",
    type=click.Path(path_type=Path),
    default=None,
    help="Knowledge-base file (default: $RULESBOT_DB or the per-user data folder).",
)
@click.option(
    "--channel",
    type=click.Choice(list(CHANNELS)),
    default="auto",
    show_default=True,
    help="The kind of channel to imitate: auto-answer (auto), auto-answer in threads (help), "
    "or a channel without auto-answers (plain).",
)
@click.option(
    "--threshold",
    type=click.Choice(list(THRESHOLDS)),
    default="high",
    show_default=True,
    help="The server's least confidence for auto-answers (/config threshold).",
)
@click.option("--why", is_flag=True, help="Say why the bot would post or stay silent.")
@click.option("--json", "as_json", is_flag=True, help="One JSON object per input line.")
def console(
    db_path: Path | None, channel: ChannelKind, threshold: str, why: bool, as_json: bool
) -> None:
    """A local prompt that prints what the bot would post (embeds as text).

    Reads lines from stdin, so it works piped: echo '/card vizier' | rulesbot console

    Each line is a message in the channel --channel imitates: slash commands and [[card]] are
    answered everywhere; other chat only in an auto-answer channel, through the same gate,
    cooldowns and threshold as the bot (so "lol" gets no answer).

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
    interactive = sys.stdin is not None and sys.stdin.isatty() and not as_json
    room = _Room(channel, threshold, why, as_json)
    try:
        code = asyncio.run(_loop(service, room, interactive=interactive))
    finally:
        service.close()
    sys.exit(code)


@dataclass
class _Room:
    """The channel the console imitates, and how to print what happens in it."""

    channel: ChannelKind
    threshold: str
    why: bool
    as_json: bool
    line: int = 0
    cooldowns: AutoAnswerCooldowns = field(
        default_factory=lambda: AutoAnswerCooldowns(
            BotConfig.user_cooldown, BotConfig.channel_cooldown
        )
    )


@dataclass
class _Heard:
    """What the bot does with one message: the posts, and why."""

    posts: list[Reply]
    why: str
    thread: str | None = None  # the posts open a thread with this title


async def _loop(service: object, room: _Room, *, interactive: bool) -> int:
    """Answer lines until end of input or /quit; the exit code."""
    from bot.render.content import HELP

    if interactive:
        emit(HELP + "\n(/quit or Ctrl-D to leave)")
    stream = _binary_stdin()
    while True:
        if interactive:
            emit("> ", nl=False)
        raw = await asyncio.to_thread(stream.readline, MAX_CONSOLE_LINE_BYTES + 1)
        if not raw:
            return ExitCode.FOUND
        room.line += 1
        if len(raw) > MAX_CONSOLE_LINE_BYTES and not raw.endswith(b"\n"):
            if not await asyncio.to_thread(_skip_to_newline, stream):
                _error(room, f"stopped reading: no end of line in {_mb(MAX_CONSOLE_SKIP_BYTES)}")
                return ExitCode.NOT_FOUND
            _error(room, TOO_LONG)
            continue
        line = raw.decode("utf-8", "replace")
        if line.strip() in ("/quit", "/exit"):
            return ExitCode.FOUND
        try:
            heard = await _hear(service, room, line)
        except Exception as exc:  # one bad line never ends the session
            _error(room, describe(exc))
            continue
        _print(room, line, heard)


async def _hear(service: object, room: _Room, line: str) -> _Heard:
    """The bot's decision for one message in ``room``'s channel."""
    from bot.service import RulesService, respond_to_line
    from bot.service.auto_answer import decide
    from bot.service.parsing import parse_line

    assert isinstance(service, RulesService)
    parsed = parse_line(line)
    if parsed is None:
        return _Heard([], "silent: an empty message")
    if parsed.command not in ("inline", "ask"):
        replies = await respond_to_line(service, line)
        if parsed.command == "unknown":
            return _Heard(replies, "posts help: not one of the bot's slash commands")
        return _Heard(replies, f"posts: /{parsed.command} is one of the bot's slash commands")
    posts: list[Reply] = []
    reasons: list[str] = []
    if parsed.command == "inline":  # posted in the channel for everyone, misses too
        posts = [replace(r, ephemeral=False) for r in await service.inline(line)]
        reasons.append("posts: [[card]] lookups are answered in every channel")
    if room.channel == "plain":
        if parsed.command == "ask":
            reasons.append("silent: chat in a channel without auto-answers (ask with /ask)")
        return _Heard(posts, "; ".join(reasons))
    decision = await decide(
        service, line, threshold=room.threshold, cooldowns=room.cooldowns, key=CONSOLE_KEY
    )
    reasons.append(("auto-answer " if posts else "") + decision.why())
    thread = None
    if decision.reply is not None:
        posts.append(decision.reply)
        if room.channel == "help":
            thread = limits.truncate(limits.clean_input(line, 200), 90) or "Rules question"
    return _Heard(posts, "; ".join(reasons), thread)


def _print(room: _Room, line: str, heard: _Heard) -> None:
    if room.as_json:
        emit(
            dumps(
                {
                    "line": room.line,
                    "message": line.rstrip("\r\n"),
                    "channel": room.channel,
                    "posts": [_post_json(r) for r in heard.posts],
                    "thread": heard.thread,
                    "why": heard.why,
                }
            )
        )
        return
    if heard.thread is not None and heard.posts:
        emit(f"[in a new thread: {heard.thread}]")
    for reply in heard.posts:
        emit(reply.to_text())
        emit("")
    if room.why:
        emit(f"[why: {heard.why}]")
        emit("")


def _post_json(reply: Reply) -> dict[str, Any]:
    """A post as Discord would get it: content, embeds, pages, choices, who can see it."""
    return {
        "content": reply.message_content(),
        "embeds": [e.to_dict() for e in reply.first_embeds()],
        "pages": len(reply.pages),
        "choices": list(reply.choices),
        "ephemeral": reply.ephemeral,
        "confidence": reply.confidence,
        "feedback_buttons": reply.feedback,
    }


def _error(room: _Room, message: str) -> None:
    if room.as_json:
        emit(dumps({"line": room.line, "error": message, "exit_code": int(ExitCode.NOT_FOUND)}))
    else:
        emit(f"error: {message}\n")


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
