"""What a sync must see before it replaces a serving knowledge base, and how long it may take.

Every limit the sync enforces lives here, so docs/sync.md and docs/knowledge-base.md can name
one place:

- **Positive recognition.** A downloaded file must be the kind of source it was fetched as (the
  Scryfall card file holds cards, the rulings file a non-empty list of rulings, the CR text
  parses into thousands of numbered rules and a glossary): ``SourceMinimums``.
- **No big shrink.** A kind of row (cards, rulings, rules, glossary, ...) that would drop to
  zero or lose more than ``MAX_SHRINK_FRACTION`` of the rows of the database being replaced
  refuses the swap, unless the operator allows it: ``shrink_refusals``.
- **Deadlines.** Each download, and each sync as a whole, has a wall-clock deadline (not just
  a per-read timeout): ``Deadline``.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass

# A kind may lose at most this fraction of its rows against the database it replaces. Real
# updates only grow (Scryfall adds cards and rulings; a CR release changes a few percent of its
# rules); a quarter gone is a broken or truncated source, never a routine release.
MAX_SHRINK_FRACTION = 0.25

# The kinds compared with the database being replaced (names as in BuildReport.counts).
COMPARED_KINDS = ("cards", "faces", "names", "rulings", "rules", "glossary")

# The published CR (2026-01-16) parses into 3,269 numbered rules and 725 glossary entries.
PUBLISHED_CR_RULES = 1000
PUBLISHED_CR_GLOSSARY = 100

# Wall-clock limits of the network sync, in seconds. Scryfall's largest file we fetch is about
# 30 MB gzip-encoded: 15 minutes is a 35 KB/s line, retries and backoff included.
DOWNLOAD_DEADLINE_SECONDS = 900.0
SYNC_DEADLINE_SECONDS = 1800.0


@dataclass(frozen=True)
class SourceMinimums:
    """The least a downloaded source must import to count as that source at all.

    The defaults describe the published data; tests (whose fixtures are excerpts) pass smaller
    ones through ``FetchConfig.minimums``.
    """

    cards: int = 1
    rulings: int = 1
    rules: int = PUBLISHED_CR_RULES
    glossary: int = PUBLISHED_CR_GLOSSARY


@dataclass(frozen=True)
class Refusal:
    """One reason a new build was not swapped in."""

    kind: str  # "cards", "rulings", "rules", "glossary", ...
    source: str  # content check: the file (and URL); shrink: "built from <files>" or "no file ..."
    before: int | None  # rows in the database being replaced; None for a content check
    after: int  # rows the new build holds (or the source imported)
    reason: str  # one clause: "is an HTML page, not ..." or "would drop from 3,269 to 0 ..."
    files: tuple[str, ...] = ()  # the source files at fault (relative to the source folder)

    def message(self) -> str:
        if self.before is None:
            return f"{self.kind}: {self.source} {self.reason}"
        return f"{self.kind} {self.reason}, {self.source}"

    def to_json(self) -> dict[str, object]:
        return {
            "kind": self.kind,
            "source": self.source,
            "before": self.before,
            "after": self.after,
            "reason": self.reason,
        }


def shrink_refusals(
    before: Mapping[str, int],
    after: Mapping[str, int],
    sources: Callable[[str], tuple[str, tuple[str, ...]]],
    *,
    max_shrink: float = MAX_SHRINK_FRACTION,
) -> list[Refusal]:
    """The kinds that drop to zero or lose more than ``max_shrink`` of their rows.

    ``sources(kind)`` names where a kind comes from (a description and the files).
    """
    refusals = []
    for kind in COMPARED_KINDS:
        old, new = int(before.get(kind) or 0), int(after.get(kind) or 0)
        if old <= 0 or not _shrinks(old, new, max_shrink):
            continue
        described, files = sources(kind)
        lost = (old - new) / old
        reason = (
            f"would drop from {old:,} to {new:,} ({lost:.0%} fewer; "
            f"at most {max_shrink:.0%} may go)"
        )
        refusals.append(Refusal(kind, described, old, new, reason, files))
    return refusals


def _shrinks(old: int, new: int, max_shrink: float) -> bool:
    return new == 0 or new < old * (1.0 - max_shrink)


class DeadlinePassed(Exception):
    """Raised by ``Deadline.check``; the message says what ran out of time."""


@dataclass(frozen=True)
class Deadline:
    """A wall-clock point (``time.monotonic``) by which some work must be over."""

    at: float
    seconds: float
    what: str  # "download", "sync"

    @classmethod
    def after(cls, seconds: float, what: str) -> Deadline:
        return cls(time.monotonic() + seconds, seconds, what)

    def remaining(self) -> float:
        return max(0.0, self.at - time.monotonic())

    def expired(self) -> bool:
        return time.monotonic() >= self.at

    def describe(self) -> str:
        return f"the {self.seconds:g} s {self.what} deadline"

    def check(self, doing: str) -> None:
        if self.expired():
            raise DeadlinePassed(f"{doing} did not finish within {self.describe()}")


def earliest(deadlines: Iterable[Deadline | None]) -> Deadline | None:
    present = [d for d in deadlines if d is not None]
    return min(present, key=lambda d: d.at) if present else None
