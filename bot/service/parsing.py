"""Reading chat text: inline [[card]] requests, whether a message is a question, console lines."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal, get_args

MAX_INLINE = 5
MAX_NAME = 150
MAX_QUESTION = 1000

InlineKind = Literal["card", "rulings", "image"]
_INLINE = re.compile(r"\[\[([?!]?)([^\[\]\n]{1," + str(MAX_NAME) + r"})\]\]")
_CODE = re.compile(r"```.*?(?:```|$)|`[^`\n]*`", re.DOTALL)
_QUESTION_START = re.compile(
    r"^(can|could|does|do|did|is|are|was|were|will|would|should|shall|how|what|when|why|who|"
    r"which|where|if|whats|what's|in what|am i|may|must)\b",
    re.IGNORECASE,
)
_RULESY = re.compile(
    r"\b(cast|target|trigger|ability|abilities|stack|counter|tap|untap|block|attack|damage|"
    r"sacrifice|exile|graveyard|battlefield|mana|token|copy|copies|control|die|dies|destroy|"
    r"draw|discard|library|spell|creature|planeswalker|enchant|equip|combat|priority|"
    r"trample|deathtouch|lifelink|flying|haste|etb|enters|leaves|cost|rule|legal|play)\w*\b",
    re.IGNORECASE,
)


@dataclass(frozen=True)
class InlineRequest:
    kind: InlineKind
    name: str


def inline_requests(text: str, limit: int = MAX_INLINE) -> list[InlineRequest]:
    """The [[card]], [[?card]] (rulings) and [[!card]] (image) requests in a message.

    Text inside code blocks is ignored (quoting the syntax is not asking); duplicates count
    once; at most ``limit`` requests are returned.
    """
    visible = _CODE.sub(" ", text)
    found: list[InlineRequest] = []
    seen: set[tuple[str, str]] = set()
    kinds: dict[str, InlineKind] = {"": "card", "?": "rulings", "!": "image"}
    for match in _INLINE.finditer(visible):
        name = " ".join(match.group(2).split())
        if not name:
            continue
        request = InlineRequest(kinds[match.group(1)], name)
        key = (request.kind, name.casefold())
        if key in seen:
            continue
        seen.add(key)
        found.append(request)
        if len(found) == limit:
            break
    return found


def looks_like_question(text: str) -> bool:
    """A chat message that asks a rules question (the auto-answer gate, before any lookup).

    Silence beats a wrong answer: it needs a question shape (a question mark or an opening
    question word), a few words, and some game vocabulary.
    """
    text = _CODE.sub(" ", text).strip()
    if not 12 <= len(text) <= MAX_QUESTION or text.startswith(("/", "!", "http")):
        return False
    words = text.split()
    if len(words) < 4:
        return False
    shaped = text.rstrip().endswith("?") or bool(_QUESTION_START.match(text))
    return shaped and bool(_RULESY.search(text))


# The bot's slash commands (bot/discord/cogs), plus what chat lines are; nothing else, so
# the console has exactly the commands the bot has (tests/test_console_channels.py checks).
SlashCommand = Literal["card", "rulings", "cr", "define", "ask", "about", "board", "help", "config"]
ConsoleCommand = Literal[SlashCommand, "unknown", "inline"]


@dataclass(frozen=True)
class ConsoleLine:
    command: ConsoleCommand
    argument: str


_COMMANDS: dict[str, SlashCommand] = {name: name for name in get_args(SlashCommand)}


def parse_line(line: str) -> ConsoleLine | None:
    """What someone typed in chat: a slash command, inline syntax, or a free question."""
    line = line.strip()
    if not line:
        return None
    if line.startswith("/"):
        head, _, rest = line[1:].partition(" ")
        command = _COMMANDS.get(head.lower())
        if command is None:
            return ConsoleLine("unknown", head)
        return ConsoleLine(command, rest.strip())
    if inline_requests(line):
        return ConsoleLine("inline", line)
    return ConsoleLine("ask", line)
