"""Players' words for rules concepts: one curated table (``rulings_db/data/jargon.yaml``).

"fizzle" is 608.2b's "doesn't resolve", "tuck" is putting a card into its owner's library,
"etb" is entering the battlefield. Free questions add an entry's CR words to the query and
favour its rules (``rulings_db.retrieval``); ``KnowledgeBase.jargon()`` looks one up for
``define`` and ``/cr``. ``rulings_db.text`` builds its slang matchers from this table.

Besides players' words the table holds *question shapes* (``kind: shape``): phrases of the
question itself that tell which rule family decides it ("... in response, do I still ..." is
113.7a, "in which order do its triggers ..." 603.3b). A shape is a pattern with its rules; free
questions read it like any other entry.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from typing import Literal, get_args

import yaml

Kind = Literal["word", "shape"]  # a players' word for a concept, or a shape of the question
KINDS: tuple[Kind, ...] = get_args(Kind)


@dataclass(frozen=True)
class JargonEntry:
    """One rules concept in players' words."""

    say: tuple[str, ...]  # the words players type ("fizzle", "fizzles"); empty for a pattern
    means: str  # the CR's words for it
    rules: tuple[str, ...]  # the CR rules that govern it
    example: str  # a question a player would ask with it
    pattern: str | None = None  # a regular expression for phrases with a gap
    define_only: bool = False  # serves define and /cr, not free questions (measured)
    kind: Kind = "word"

    @property
    def label(self) -> str:
        return self.say[0] if self.say else (self.pattern or "")


@dataclass(frozen=True)
class JargonTable:
    entries: tuple[JargonEntry, ...]

    def phrases(self, define_only: bool = True) -> dict[str, str]:
        """Each typed form -> its CR words, in the table's order; without ``define_only``,
        only the entries free questions use (see docs/answering.md)."""
        return {
            form: e.means
            for e in self.entries
            if e.say and (define_only or not e.define_only)
            for form in e.say
        }

    def patterns(self) -> dict[str, str]:
        return {e.pattern: e.means for e in self.entries if e.pattern}

    def rules_of(self, typed_or_means: str) -> tuple[str, ...]:
        """The rules of the entry a typed form (or a pattern's CR words) belongs to."""
        entry = self._by_form().get(typed_or_means.lower())
        return entry.rules if entry is not None else ()

    def lookup(self, word: str) -> JargonEntry | None:
        """The entry for a word or phrase a player typed ("fizzles", "ETB", "tucked")."""
        key = " ".join(word.lower().split())
        by_form = self._by_form()
        if key in by_form:
            return by_form[key]
        for ending in ("s", "es", "d", "ed", "ing"):  # the endings slang matching allows
            if key.endswith(ending) and key[: -len(ending)] in by_form:
                return by_form[key[: -len(ending)]]
        for entry in self.entries:
            if entry.pattern and re.search(entry.pattern, key):
                return entry
        return None

    @lru_cache(maxsize=1)  # noqa: B019 - the table is one frozen object for the process
    def _by_form(self) -> dict[str, JargonEntry]:
        return {form: e for e in self.entries for form in e.say}


def parse_jargon(text: str) -> JargonTable:
    """Read the table; every entry needs `say` or `pattern`, and an example question."""
    data = yaml.safe_load(text) or {}
    entries = []
    for row in data.get("jargon", []):
        say = tuple(str(s).lower() for s in row.get("say", ()))
        pattern = row.get("pattern")
        if bool(say) == bool(pattern):
            raise ValueError(f"jargon.yaml: an entry needs `say` or `pattern`, not both: {row}")
        if not row.get("example"):
            raise ValueError(f"jargon.yaml: an entry without an example question: {row}")
        kind = row.get("kind", "word")
        if kind not in KINDS:
            raise ValueError(f"jargon.yaml: unknown kind {kind!r}: {row}")
        if kind == "shape" and not (pattern and row.get("rules")):
            raise ValueError(f"jargon.yaml: a question shape needs a pattern and rules: {row}")
        entries.append(
            JargonEntry(
                say,
                str(row.get("means") or ""),
                tuple(str(r) for r in row.get("rules", ())),
                str(row["example"]),
                str(pattern) if pattern else None,
                bool(row.get("define_only", False)),
                kind,
            )
        )
    return JargonTable(tuple(entries))


@lru_cache(maxsize=1)
def jargon() -> JargonTable:
    """The table shipped in ``rulings_db/data/jargon.yaml``."""
    text = resources.files("rulings_db").joinpath("data/jargon.yaml").read_text("utf-8")
    return parse_jargon(text)
