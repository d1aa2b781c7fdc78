"""Tell source files apart by their content, not their names.

Only the first few kilobytes are read: a Scryfall bulk file is a JSON array whose first object
says ``"object": "card"`` or ``"object": "ruling"``; an MTGJSON file is an object with ``meta``
and ``data`` (set files hold ``data.cards``, AtomicCards maps names to lists of faces); the
Comprehensive Rules are text that names itself and numbers its rules.
"""

from __future__ import annotations

import codecs
import re
from enum import StrEnum
from pathlib import Path

HEAD_BYTES = 64 * 1024


class SourceKind(StrEnum):
    SCRYFALL_CARDS = "scryfall_cards"
    SCRYFALL_RULINGS = "scryfall_rulings"
    MTGJSON_SET = "mtgjson_set"
    MTGJSON_ATOMIC = "mtgjson_atomic"
    CR = "cr"


_OBJECT = re.compile(rb'"object"\s*:\s*"(card|ruling)"')
_META = re.compile(rb'"meta"\s*:\s*\{')
_DATA = re.compile(rb'"data"\s*:\s*\{')
_ATOMIC_DATA = re.compile(rb'"data"\s*:\s*\{\s*"(?:[^"\\]|\\.)*"\s*:\s*\[')
_RULE_LINE = re.compile(r"^\d{3}\.(?:\d+[a-z]?\.?)? ", re.MULTILINE)
_CR_TITLE = "Comprehensive Rules"


def sniff(path: Path) -> SourceKind | None:
    """The kind of source a file holds, or None for anything else."""
    with path.open("rb") as handle:
        head = handle.read(HEAD_BYTES)
    body = head.lstrip(codecs.BOM_UTF8).lstrip()
    if body.startswith(b"["):
        return _sniff_array(body)
    if body.startswith(b"{"):
        return _sniff_object(body)
    return _sniff_text(head)


def _sniff_array(body: bytes) -> SourceKind | None:
    match = _OBJECT.search(body)
    if match is None:
        return None
    return SourceKind.SCRYFALL_CARDS if match.group(1) == b"card" else SourceKind.SCRYFALL_RULINGS


def _sniff_object(body: bytes) -> SourceKind | None:
    if not (_META.search(body) and _DATA.search(body)):
        return None
    return SourceKind.MTGJSON_ATOMIC if _ATOMIC_DATA.search(body) else SourceKind.MTGJSON_SET


def _sniff_text(head: bytes) -> SourceKind | None:
    """CR text, also when it is in the wrong encoding (so that the import says so)."""
    for encoding in ("utf-8-sig", "utf-16", "latin-1"):
        text = _decode_head(head, encoding)
        if text is None or _CR_TITLE not in text:
            continue
        if text.lstrip().startswith("Magic: The Gathering " + _CR_TITLE) or _RULE_LINE.search(text):
            return SourceKind.CR
    return None


def _decode_head(head: bytes, encoding: str) -> str | None:
    if encoding == "utf-16" and not head.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        if b"\x00" not in head[:200]:
            return None
        encoding = "utf-16-le" if head[1:2] == b"\x00" else "utf-16-be"
    decoder = codecs.getincrementaldecoder(encoding)(errors="strict")
    try:
        return decoder.decode(head, final=False)
    except UnicodeDecodeError:
        return None
