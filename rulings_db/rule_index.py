"""An in-memory BM25 index over the Comprehensive Rules, for gathering rule candidates.

The CR is small (a few thousand rules), so every rule sharing a word with the question can
be scored with the question's own weights: common but decisive words ("copy", "cast") count,
where a full-text query over only the rarest words would miss "a copy of a spell isn't cast".
"""

from __future__ import annotations

import json
import math
import sqlite3
from collections import Counter, defaultdict
from dataclasses import dataclass, field

from rulings_db.text import terms

K1 = 1.2
B = 0.6


@dataclass(frozen=True)
class IndexedRule:
    number: str
    title: str | None
    text: str
    examples: str


@dataclass
class RuleIndex:
    rules: list[IndexedRule]
    postings: dict[str, list[tuple[int, float]]] = field(default_factory=dict)

    @classmethod
    def load(cls, conn: sqlite3.Connection) -> RuleIndex:
        rows = conn.execute("select number, title, text, examples from rules")
        rules = [
            IndexedRule(n, t, text or "", " ".join(json.loads(x or "[]")))
            for n, t, text, x in rows
            if n
        ]
        return cls(rules)

    def __post_init__(self) -> None:
        documents = [terms(f"{r.title or ''} {r.text}") for r in self.rules]
        average = sum(map(len, documents)) / max(len(documents), 1) or 1.0
        postings: dict[str, list[tuple[int, float]]] = defaultdict(list)
        for i, document in enumerate(documents):
            norm = K1 * (1 - B + B * len(document) / average)
            for term, tf in Counter(document).items():
                postings[term].append((i, tf * (K1 + 1) / (tf + norm)))
        self.postings = dict(postings)

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
        best = sorted(scores, key=lambda i: -scores[i])[:limit]
        return [self.rules[i] for i in best]
