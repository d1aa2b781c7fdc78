"""An in-memory BM25 index over the Comprehensive Rules, for gathering rule candidates.

The CR is small (a few thousand rules), so every rule sharing a word with the question can
be scored with the question's own weights: common but decisive words ("copy", "cast") count,
where a full-text query over only the rarest words would miss "a copy of a spell isn't cast".
"""

from __future__ import annotations

import heapq
import json
import math
import re
import sqlite3
from collections import Counter, defaultdict
from dataclasses import dataclass, field

from rulings_db.text import stem, terms
from rulings_db.weights import BM25

# 205.3g-m list the artifact, enchantment, land, spell and creature types; 205.3j, the
# planeswalker types, is left out: "jace" is a name players type.
SUBTYPE_RULES = ("205.3g", "205.3h", "205.3i", "205.3k", "205.3m")


@dataclass(frozen=True)
class IndexedRule:
    number: str
    title: str | None
    text: str
    examples: str
    context: str = ""  # titles of the rules it sits under, nearest first
    parent: str | None = None


@dataclass
class RuleIndex:
    rules: list[IndexedRule]
    postings: dict[str, list[tuple[int, float]]] = field(default_factory=dict)
    by_number: dict[str, IndexedRule] = field(default_factory=dict)
    children: dict[str, list[IndexedRule]] = field(default_factory=dict)  # in CR order
    bm25: BM25 = field(default_factory=BM25)  # the one BM25 (rulings_db.weights)

    @classmethod
    def load(cls, conn: sqlite3.Connection, bm25: BM25 | None = None) -> RuleIndex:
        rows = list(
            conn.execute(
                "select number, parent, title, text, examples from rules order by position"
            )
        )
        parents = {n: parent for n, parent, *_ in rows}
        titles = {n: title for n, _, title, *_ in rows if title}
        rules = [
            IndexedRule(
                n,
                title,
                text or "",
                " ".join(json.loads(x or "[]")),
                " ".join(_context_titles(n, parents, titles)),
                parent,
            )
            for n, parent, title, text, x in rows
            if n
        ]
        return cls(rules, bm25=bm25 or BM25())

    def __post_init__(self) -> None:
        self.by_number = {r.number: r for r in self.rules}
        for rule in self.rules:
            if rule.parent:
                self.children.setdefault(rule.parent, []).append(rule)
        fields = [(terms(f"{r.title or ''} {r.text}"), terms(r.context)) for r in self.rules]
        average = sum(len(text) for text, _ in fields) / max(len(fields), 1) or 1.0
        postings: dict[str, list[tuple[int, float]]] = defaultdict(list)
        for i, (text, context) in enumerate(fields):
            counts: dict[str, float] = {}
            # The titles a rule sits under ("Phasing") are a field of the rule.
            for field_terms, weight in ((text, 1.0), (context, self.bm25.context_weight)):
                norm = self.bm25.length_norm(len(field_terms), average)
                for term, count in Counter(field_terms).items():
                    counts[term] = counts.get(term, 0.0) + weight * count / norm
            for term, tf in counts.items():
                postings[term].append((i, self.bm25.saturate(tf)))
        self.postings = dict(postings)

    def subtypes(self) -> frozenset[str]:
        """Stemmed subtypes with their plurals ("elf", "elves", "equipment")."""
        found: set[str] = set()
        for number in SUBTYPE_RULES:
            rule = self.by_number.get(number)
            listed = re.sub(r"\([^)]*\)", "", rule.text if rule else "").split(":")[-1]
            for word in re.findall(r"[A-Z][a-z’'-]+", listed.split(" are ", 1)[-1]):
                word = word.lower()
                found |= {stem(word), stem(word + "s")}
                if word.endswith("f"):
                    found.add(stem(word[:-1] + "ves"))  # Elf, Elves; Wolf, Wolves
        return frozenset(found)

    def search(self, weights: dict[str, float], limit: int) -> list[IndexedRule]:
        """The ``limit`` rules with the highest BM25 for the weighted question terms."""
        total = len(self.rules)
        scores: dict[int, float] = defaultdict(float)
        for term, weight in weights.items():
            posting = self.postings.get(term)
            if not posting:
                continue
            idf = math.log(1 + (total - len(posting) + 0.5) / (len(posting) + 0.5))
            for i, saturated in posting:
                scores[i] += weight * idf * saturated
        # The same order as sorting them all, ties in the order first scored, without
        # sorting the thousands of rules a question's common words touch.
        best = heapq.nlargest(limit, scores, key=scores.__getitem__)
        return [self.rules[i] for i in best]


def is_sub_rule(number: str | None, parent: str) -> bool:
    """702.21a and 702.21b are sub-rules of 702.21, and 702.21 of 702; 702.210 is not a
    sub-rule of 702.21, nor 702.103e of 702.10."""
    if not number or not parent or not number.startswith(parent) or len(number) == len(parent):
        return False
    following = number[len(parent)]
    return following.isalpha() or (following == "." and "." not in parent)


def _context_titles(
    number: str, parents: dict[str, str | None], titles: dict[str, str]
) -> list[str]:
    """Titles above a rule, nearest first, without the ten broad sections ("Game Concepts")."""
    found = []
    parent = parents.get(number)
    while parent and len(parent) > 1:
        if parent in titles:
            found.append(titles[parent])
        parent = parents.get(parent)
    return found
