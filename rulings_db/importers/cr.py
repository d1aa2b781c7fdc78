"""The Comprehensive Rules as Wizards publishes them: plain text, UTF-8 with or without BOM,
CRLF or LF line ends.

Layout of the document: title, "These rules are effective as of <date>.", introduction,
"Contents" (headings only, skipped), the rules ("1. Game Concepts", "100. General",
"100.1. ...", "100.1a ...", "Example: ..." paragraphs after the rule they illustrate), then
"Glossary" (a term line, its definition lines, a blank line), then "Credits".
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from datetime import date, datetime
from pathlib import Path
from typing import Any

from rulings_db.importers import SourceFormatError, dumps

_EFFECTIVE = re.compile(r"These rules are effective as of ([A-Z][a-z]+ \d{1,2}, \d{4})")
_SECTION = re.compile(r"^(\d)\.\s+(\S.*)$")  # "7. Additional Rules"
_CHAPTER = re.compile(r"^(\d{3})\.\s+(\S.*)$")  # "702. Keyword Abilities"
# "702.19. Trample", "702.19b The ...", and the published file's slips: "119.1d. In",
# "606.5 If", "901.4.All"
_RULE = re.compile(r"^(\d{3}\.\d+)([a-z]*)(?:\.\s*|\s+)(\S.*)$")
_EXAMPLE = re.compile(r"^Example:\s*(.*)$")
_MOJIBAKE = re.compile("â€|Ã[\u0080-\u00bf]")
_REF_NUMBER = r"\d{1,3}(?:\.\d+[a-z]*)?(?:[-–]\w+)?"
_REF_JOIN = r"(?:,\s*(?:and\s+|or\s+)?|\s+(?:and|or|through)\s+)?"
_REFS = re.compile(rf"\b(?:rules?|sections?|[Ss]ee(?: also)?)\s+((?:{_REF_NUMBER}{_REF_JOIN})+)")
_NUMBER = re.compile(r"\d{1,3}(?:\.\d+[a-z]?)?")
_HEADING_END = (".", ":", "”", '"', ")", "?", "!")


@dataclass
class CrDocument:
    """What one CR file holds, ready for the ``rules`` and ``glossary`` tables."""

    effective_date: str | None  # ISO date
    rules: list[dict[str, Any]] = field(default_factory=list)
    glossary: list[dict[str, Any]] = field(default_factory=list)


def read_text(path: Path) -> str:
    """The file's text with LF line ends; a clear error for any encoding but UTF-8."""
    data = path.read_bytes()
    if data.startswith((b"\xff\xfe", b"\xfe\xff")) or b"\x00" in data[:4096]:
        raise SourceFormatError(path, "the text is UTF-16 encoded; save the rules as UTF-8")
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise SourceFormatError(
            path, f"not valid UTF-8 (byte {exc.start}); save the rules as UTF-8"
        ) from exc
    if _MOJIBAKE.search(text[:200_000]):
        raise SourceFormatError(
            path, "the text looks double-encoded (UTF-8 read as Latin-1: 'â€™'); re-download it"
        )
    return text.replace("\r\n", "\n").replace("\r", "\n")


def effective_date(text: str) -> str | None:
    """The ISO date of "These rules are effective as of January 16, 2026." or None."""
    match = _EFFECTIVE.search(text)
    if not match:
        return None
    try:
        return datetime.strptime(match.group(1), "%B %d, %Y").date().isoformat()
    except ValueError:
        return None


def parse_file(path: Path) -> CrDocument:
    """Parse one CR file; SourceFormatError when it has no numbered rules."""
    return parse_text(read_text(path), path)


def parse_text(text: str, path: Path) -> CrDocument:
    lines = [line.rstrip() for line in text.split("\n")]
    start = _rules_start(lines)
    if start is None:
        raise SourceFormatError(path, "no numbered rules found (expected lines like '100.1. ...')")
    glossary_at = _find_line(lines, "Glossary", start)
    credits_at = _find_line(lines, "Credits", glossary_at if glossary_at is not None else start)
    rules_end = next(i for i in (glossary_at, credits_at, len(lines)) if i is not None)
    rules = list(_parse_rules(lines[start:rules_end]))
    if not any("." in rule["number"] for rule in rules):
        raise SourceFormatError(path, "no numbered rules found (expected lines like '100.1. ...')")
    numbers = {rule["number"] for rule in rules}
    glossary: list[dict[str, Any]] = []
    if glossary_at is not None:
        glossary_end = credits_at if credits_at is not None else len(lines)
        glossary = _parse_glossary(lines[glossary_at + 1 : glossary_end], numbers)
    return CrDocument(effective_date=effective_date(text), rules=rules, glossary=glossary)


def _rules_start(lines: list[str]) -> int | None:
    """Index of the section heading that opens the rules, past the table of contents.

    The contents repeat the section and chapter headings but hold no "100.1." style rule, so
    the rules begin at the last section heading before the first such rule.
    """
    first_rule = next((i for i, line in enumerate(lines) if _RULE.match(line)), None)
    if first_rule is None:
        return None
    for index in range(first_rule, -1, -1):
        if _SECTION.match(lines[index]):
            return index
    return first_rule


def _find_line(lines: list[str], wanted: str, after: int) -> int | None:
    return next((i for i in range(after, len(lines)) if lines[i].strip() == wanted), None)


def parent_of(number: str) -> str | None:
    """ "702.19b" -> "702.19" -> "702" -> "7" -> None."""
    if "." in number:
        base, sub = number.split(".", 1)
        return f"{base}.{sub.rstrip('abcdefghijklmnopqrstuvwxyz')}" if sub[-1].isalpha() else base
    return number[0] if len(number) == 3 else None


def _parse_rules(lines: list[str]) -> Iterator[dict[str, Any]]:
    current: dict[str, Any] | None = None
    examples: list[str] = []
    position = 0
    seen: set[str] = set()
    for line in lines:
        if not line.strip():
            continue
        heading = _heading(line)
        if heading is None:
            if current is None:
                continue
            example = _EXAMPLE.match(line.strip())
            if example:
                examples.append(example.group(1))
            elif examples:  # a paragraph continuing the last example
                examples[-1] += "\n" + line.strip()
            else:  # an indented paragraph continuing the rule
                current["text"] += "\n" + line.strip()
            continue
        if current is not None:
            yield _finish(current, examples)
        number, text, is_heading = heading
        if number in seen:
            current = None  # a repeated number (never in a published CR): keep the first
            examples = []
            continue
        seen.add(number)
        position += 1
        current = {
            "number": number,
            "parent": parent_of(number),
            "section": number[0],
            "title": text if is_heading else None,
            "text": text,
            "position": position,
        }
        examples = []
    if current is not None:
        yield _finish(current, examples)


def _heading(line: str) -> tuple[str, str, bool] | None:
    """(number, text, is a heading) when the line opens a section, chapter or rule."""
    if match := _SECTION.match(line):
        return match.group(1), match.group(2).strip(), True
    if match := _CHAPTER.match(line):
        return match.group(1), match.group(2).strip(), True
    if match := _RULE.match(line):
        number = match.group(1) + match.group(2)
        text = match.group(3).strip()
        # "702.19. Trample": a titled rule has a short text with no sentence punctuation
        titled = not match.group(2) and len(text) <= 80 and not text.endswith(_HEADING_END)
        return number, text, titled
    return None


def _finish(rule: dict[str, Any], examples: list[str]) -> dict[str, Any]:
    return {**rule, "examples": dumps(examples)}


def _parse_glossary(lines: list[str], numbers: set[str]) -> list[dict[str, Any]]:
    entries: dict[str, dict[str, Any]] = {}
    block: list[str] = []
    for line in [*lines, ""]:
        if line.strip():
            block.append(line.strip())
            continue
        if len(block) >= 2:
            term, text = block[0], "\n".join(block[1:])
            if term in entries:  # never in a published CR: merge rather than drop
                entries[term]["text"] += "\n" + text
            else:
                entries[term] = {"term": term, "text": text}
        block = []
    return [
        {**entry, "rule_refs": dumps(rule_refs(entry["text"], numbers))}
        for entry in entries.values()
    ]


def rule_refs(text: str, known: set[str] | None = None) -> list[str]:
    """Rule numbers a text points at ("See rules 613.2, 707.2, and 707.3."), in order.

    With ``known``, only numbers that exist in the document are kept.
    """
    found: dict[str, None] = {}
    for match in _REFS.finditer(text):
        for number in _NUMBER.findall(match.group(1)):
            if known is None or number in known:
                found.setdefault(number, None)
    return list(found)


def parse_date(value: str | None) -> date | None:
    """An ISO date string as a date (None when absent or malformed)."""
    if not value:
        return None
    try:
        return date.fromisoformat(value)
    except ValueError:
        return None
