"""Typed text made safe to search: rule numbers as players type them, and FTS5 queries.

Shared by ``knowledge`` and ``retrieval`` (which must not import each other both ways).
"""

from __future__ import annotations

import re

__all__ = ["clean_rule_number", "fts_query"]

_RULE_NUMBER = re.compile(r"^(\d{1,3})(?:\.(\d+)([a-z])?)?\.?$")
_RULE_PREFIX = re.compile(r"^(?:comprehensive rules?|cr|rules?|r\.|§)\s*", re.IGNORECASE)


def clean_rule_number(text: str) -> str | None:
    """ "Rule 702.19B." / "CR 702.19b" / "§702.19b" -> "702.19b"; None when it is not shaped
    like a rule number."""
    candidate = _RULE_PREFIX.sub("", text.strip()).strip().lower().rstrip(".")
    match = _RULE_NUMBER.match(candidate)
    if not match:
        return None
    section, sub, letter = match.groups()
    if sub is None:
        return section
    return f"{section}.{sub}{letter or ''}"


def fts_query(text: str, max_terms: int = 32) -> str:
    """User text as a safe FTS5 query: each word quoted, joined by OR."""
    from rulings_db.text import words  # its tables load only when a search runs

    tokens = [w for w in words(text[:2000]) if len(w) > 1 or w == "x"][:max_terms]
    return " OR ".join(f'"{token}"' for token in dict.fromkeys(tokens))
