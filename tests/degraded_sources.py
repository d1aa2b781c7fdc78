"""Degraded sources for the sync safeguard tests and benchmarks/sync_faults.py.

The fixture data (tests/fixtures/kb) served or copied in place of the real downloads, the
ways a source can come back wrong, and the lookups a serving database must keep answering.
"""

from __future__ import annotations

import json
import sqlite3
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import Any

from fake_sources import CR_NAME, CR_PATH, ORACLE_PATH, RULINGS_PATH, FakeSources

from rulings_db.fetch import FetchConfig
from rulings_db.knowledge import KnowledgeBase
from rulings_db.models import Card
from rulings_db.safeguards import SourceMinimums

KB = Path(__file__).resolve().parent / "fixtures" / "kb"
KB_ORACLE = KB / "scryfall" / "sample-oracle-cards.json"  # 45 cards
KB_RULINGS = KB / "scryfall" / "sample-rulings.json"  # 153 rulings of those cards
KB_CR = KB / "cr" / "comprehensive-rules-excerpt.txt"  # 80 rules, 11 glossary entries
# The excerpt is a fraction of the published CR: the minimums scale down with it, and still
# refuse a rules file cut to a few rules.
EXCERPT_MINIMUMS = SourceMinimums(rules=50, glossary=5)
HTML = (
    b"<!DOCTYPE html>\n<html><head><title>503 Service Unavailable</title></head>"
    b"<body><h1>We'll be right back</h1></body></html>\n"
)
CR_FILE = f"cr/{CR_NAME}"
ORACLE_FILE = "scryfall/oracle-cards.json"
RULINGS_FILE = "scryfall/rulings.json"


def first(path: Path, fraction: float) -> bytes:
    items = json.loads(path.read_text(encoding="utf-8"))
    return json.dumps(items[: max(1, int(len(items) * fraction))]).encode()


def cut_text(path: Path, fraction: float) -> bytes:
    data = path.read_bytes()
    return data[: int(len(data) * fraction)]


@dataclass
class Lookups:
    """card, rulings, cr and define lookups the serving database answered, with its answers."""

    cards: list[str]
    rules: list[str]
    terms: list[str]
    answers: dict[str, object] = field(default_factory=dict)

    @classmethod
    def taken_from(cls, db: Path) -> Lookups:
        with sqlite3.connect(f"file:{db}?mode=ro", uri=True) as conn:
            cards = [
                row[0]
                for row in conn.execute(
                    "SELECT c.name FROM cards c JOIN rulings r USING (oracle_id) "
                    "GROUP BY c.oracle_id ORDER BY count(*) DESC, c.name LIMIT 6"
                )
            ]
            rules = [
                r[0] for r in conn.execute("SELECT number FROM rules ORDER BY rowid LIMIT 40")
            ][::8]
            terms = [t[0] for t in conn.execute("SELECT term FROM glossary ORDER BY term LIMIT 4")]
        lookups = cls(cards, rules, terms)
        lookups.answers = lookups.answer(db)
        unanswered = [key for key, value in lookups.answers.items() if not value]
        if unanswered:
            raise ValueError(f"{db} does not answer {unanswered}")
        return lookups

    def answer(self, db: Path) -> dict[str, object]:
        kb = KnowledgeBase(db)
        try:
            out: dict[str, object] = {}
            for name in self.cards:
                card: Card | None = kb.card(name).card
                out[f"card {name}"] = card
                out[f"rulings {name}"] = kb.rulings(card) if card else None
            for number in self.rules:
                out[f"cr {number}"] = kb.rule(number)
            for term in self.terms:
                out[f"define {term}"] = kb.define(term)
            return out
        finally:
            kb.close()

    def still_answered(self, db: Path) -> int:
        now = self.answer(db)
        return sum(1 for key, value in self.answers.items() if now.get(key) == value)

    def __len__(self) -> int:
        return len(self.answers)


def leftovers(*folders: Path) -> list[str]:
    return sorted(
        p.name
        for folder in folders
        if folder.is_dir()
        for p in folder.rglob("*")
        if p.name.endswith((".part", ".new", "-journal"))
    )


def serve_fixture_data(fake: FakeSources) -> None:
    """The fixture's 45 cards, 153 rulings and 80-rule CR excerpt instead of the tiny defaults."""
    fake.put(ORACLE_PATH, KB_ORACLE.read_bytes(), "application/json", gzip=True)
    fake.put(RULINGS_PATH, KB_RULINGS.read_bytes(), "application/json", gzip=True)
    fake.put(CR_PATH, KB_CR.read_bytes(), "text/plain; charset=utf-8")


def short_config(**overrides: object) -> partial[FetchConfig]:
    settings: dict[str, Any] = {
        "minimums": EXCERPT_MINIMUMS,
        "connect_timeout": 2.0,
        "read_timeout": 30.0,  # longer than any deadline below: only a deadline ends a drip
        "download_deadline": 5.0,
        "sync_deadline": 10.0,
        "max_attempts": 2,
        "backoff_base": 0.01,
        "jitter": lambda: 0.0,
    }
    return partial(FetchConfig, **(settings | overrides))


NETWORK_CASES = {
    "empty rules file": (CR_PATH, b"", "text/plain", CR_FILE, "is empty, not the Compre"),
    "HTML rules file": (CR_PATH, HTML, "text/html", CR_FILE, "is an HTML page, not the Compre"),
    "rules file cut short": (
        CR_PATH,
        cut_text(KB_CR, 0.3),
        "text/plain",
        CR_FILE,
        "has only 0 glossary entries",
    ),
    "[] rulings": (RULINGS_PATH, b"[]", "application/json", RULINGS_FILE, "is an empty JSON list"),
    "HTML rulings": (RULINGS_PATH, HTML, "text/html", RULINGS_FILE, "is an HTML page, not Scry"),
    "90% fewer rulings": (
        RULINGS_PATH,
        first(KB_RULINGS, 0.1),
        "application/json",
        RULINGS_FILE,
        "rulings would drop from 153 to 15",
    ),
    "short card file (4 of 45)": (
        ORACLE_PATH,
        first(KB_ORACLE, 0.1),
        "application/json",
        ORACLE_FILE,
        "cards would drop from 45 to 4",
    ),
    "cards as a JSON error object": (
        ORACLE_PATH,
        b'{"object": "error", "status": 503}',
        "application/json",
        ORACLE_FILE,
        "is a JSON object of another shape, not Scryfall oracle cards",
    ),
    "cards as an empty list": (
        ORACLE_PATH,
        b"[]",
        "application/json",
        ORACLE_FILE,
        "is an empty JSON list, not Scryfall oracle cards",
    ),
}


FOLDER_CASES = {
    "empty rules file": (
        "cr/comprehensive-rules-excerpt.txt",
        b"",
        "rules would drop from 80 to 0",
    ),
    "HTML rules file": (
        "cr/comprehensive-rules-excerpt.txt",
        HTML,
        "rules would drop from 80 to 0",
    ),
    "[] rulings": ("scryfall/sample-rulings.json", b"[]", "rulings would drop from 173 to"),
    "HTML rulings": ("scryfall/sample-rulings.json", HTML, "rulings would drop from 173 to"),
    "short card file": (
        "scryfall/sample-oracle-cards.json",
        first(KB_ORACLE, 0.1),
        "cards would drop from 48 to",
    ),
}
