"""Discord's size limits and the helpers that keep every reply inside them."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence

MESSAGE = 2000
EMBED_TITLE = 256
EMBED_DESCRIPTION = 4096
FIELD_NAME = 256
FIELD_VALUE = 1024
FIELDS = 25
FOOTER = 2048
EMBED_TOTAL = 6000
EMBEDS_PER_MESSAGE = 10
CHOICES = 25
CHOICE_NAME = 100
CHOICE_VALUE = 100
ELLIPSIS = "…"

# Zero-width and direction-override characters: invisible tricks in names and questions.
_INVISIBLE = dict.fromkeys(
    [
        0x200B,
        0x200C,
        0x200D,
        0x2060,
        0xFEFF,
        0x202A,
        0x202B,
        0x202C,
        0x202D,
        0x202E,
        0x2066,
        0x2067,
        0x2068,
        0x2069,
        0x00AD,
    ]
)
_MARKDOWN = re.compile(r"([\\*_~`|>#\[\]()-])")
_MENTION = re.compile(r"@(?=everyone|here|[!&]?\d)")


def truncate(text: str, limit: int) -> str:
    """``text`` cut to ``limit`` characters, ending in an ellipsis when cut."""
    if len(text) <= limit:
        return text
    return text[: max(limit - 1, 0)].rstrip() + ELLIPSIS


def join_within(items: Sequence[str], limit: int, sep: str = "\n") -> str:
    """Join as many items as fit in ``limit``; the rest are summarised as "… and N more"."""
    out: list[str] = []
    used = 0
    for index, item in enumerate(items):
        remaining = len(items) - index
        tail = f"{sep}{ELLIPSIS} and {remaining - 1} more" if remaining > 1 else ""
        piece = (sep if out else "") + item
        if used + len(piece) + len(tail) <= limit:
            out.append(piece)
            used += len(piece)
            continue
        summary = f"{ELLIPSIS} and {remaining} more"
        if not out:
            return truncate(item, limit - len(summary) - len(sep)) + sep + summary
        return "".join(out) + sep + summary
    return "".join(out)


def _visible(text: str) -> str:
    """NFKC, with control and invisible characters gone; line breaks kept."""
    text = unicodedata.normalize("NFKC", text).translate(_INVISIBLE)
    return "".join(ch for ch in text if ch == "\n" or unicodedata.category(ch)[0] != "C")


def clean_input(text: str, limit: int) -> str:
    """User text made safe to look up: NFKC, no control or invisible characters, bounded."""
    return " ".join(_visible(text).split())[:limit]


def clean_lines(text: str, limit: int) -> str:
    """``clean_input`` that keeps the message's line breaks (R13): a board laid out on lines
    ("me: X, Y" / "opp: Z", a list, a code block) is read line by line. Each line's spaces are
    collapsed and blank lines dropped, so its length is what ``clean_input`` gives."""
    lines = (" ".join(line.split()) for line in _visible(text).split("\n"))
    return "\n".join(line for line in lines if line)[:limit]


def defuse(text: str) -> str:
    """Text that carries words a user chose (a board's ids, a file's error): markdown escaped
    and mentions defused as in ``quote_user``, but its length and lines kept."""
    text = text.translate(_INVISIBLE)
    return _MENTION.sub("@\u200b", _MARKDOWN.sub(r"\\\1", text))


def quote_user(text: str, limit: int = 100) -> str:
    """User text echoed back: markdown escaped, mentions defused, one line, bounded.

    ``allowed_mentions`` none is still set on every send; this keeps the text itself harmless too.
    """
    text = clean_input(text, limit * 2)
    text = _MARKDOWN.sub(r"\\\1", truncate(text, limit))
    return _MENTION.sub("@\u200b", text)
