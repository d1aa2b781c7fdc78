"""What the knowledge base hands out: plain dataclasses, no SQLite rows leak past this module."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal


@dataclass(frozen=True)
class CardFace:
    name: str
    mana_cost: str
    type_line: str
    oracle_text: str
    power: str | None = None
    toughness: str | None = None
    loyalty: str | None = None
    defense: str | None = None
    colors: tuple[str, ...] = ()
    color_indicator: tuple[str, ...] | None = None  # 202.2e; None: the source gives none


@dataclass(frozen=True)
class Card:
    oracle_id: str
    name: str  # full name, faces joined by " // "
    layout: str
    mana_cost: str
    mana_value: float
    type_line: str
    oracle_text: str
    faces: tuple[CardFace, ...]  # one face for single-faced cards
    colors: tuple[str, ...] = ()
    color_identity: tuple[str, ...] = ()
    keywords: tuple[str, ...] = ()
    power: str | None = None
    toughness: str | None = None
    loyalty: str | None = None
    defense: str | None = None
    color_indicator: tuple[str, ...] | None = None  # 202.2e; None: the source gives none


MatchKind = Literal["exact", "normalised", "nickname", "face", "prefix", "fuzzy"]


@dataclass(frozen=True)
class CardMatch:
    """The answer to "which card does this name mean?".

    Exactly one of three outcomes: ``card`` is set (resolved, ``how`` says by which step);
    ``candidates`` holds several names (ambiguous: offer choices, never pick one);
    neither (not found; ``candidates`` may hold close suggestions, ``ambiguous`` is False).
    """

    query: str
    card: Card | None = None
    how: MatchKind | None = None
    ambiguous: bool = False
    candidates: tuple[str, ...] = ()


@dataclass(frozen=True)
class Ruling:
    oracle_id: str
    card: str  # the card's full name
    published_at: str  # ISO date
    source: str
    text: str


@dataclass(frozen=True)
class Rule:
    number: str  # "702.19b"
    text: str
    title: str | None = None
    examples: tuple[str, ...] = ()
    children: tuple[Rule, ...] = ()  # sub-rules, in document order (filled by rule lookups)


# Where a definition comes from: the CR glossary, or the jargon table (rulings_db/jargon.py)
# for a players' word the glossary lacks ("fizzle"); rendered differently (bot.render.content).
DefinitionSource = Literal["glossary", "jargon"]


@dataclass(frozen=True)
class GlossaryEntry:
    term: str
    text: str
    rule_refs: tuple[str, ...] = ()
    source: DefinitionSource = "glossary"


SourceKind = Literal["ruling", "rule", "glossary"]


@dataclass(frozen=True)
class Source:
    """One cited source in an answer to a free question, best first in ``Answer.sources``."""

    kind: SourceKind
    text: str
    score: float
    card: str | None = None  # rulings
    date: str | None = None  # rulings
    number: str | None = None  # rules
    term: str | None = None  # glossary
    sub_rules: tuple[str, ...] = ()  # a rule cited as a whole: the sub-rules its text quotes

    def to_json(self) -> dict[str, object]:
        base: dict[str, object] = {"kind": self.kind}
        if self.kind == "ruling":
            base |= {"card": self.card, "date": self.date}
        elif self.kind == "rule":
            base |= {"number": self.number}
            if self.sub_rules:
                base |= {"sub_rules": list(self.sub_rules)}
        else:
            base |= {"term": self.term}
        return base | {"text": self.text, "score": round(self.score, 4)}


Confidence = Literal["high", "medium", "low", "none"]


@dataclass(frozen=True)
class Answer:
    question: str
    cards: tuple[str, ...]  # full names of the cards the question mentions
    sources: tuple[Source, ...]
    confidence: Confidence
    notes: tuple[str, ...] = field(default=())  # e.g. "question truncated to 1000 characters"

    def to_json(self) -> dict[str, object]:
        return {
            "question": self.question,
            "cards": list(self.cards),
            "sources": [s.to_json() for s in self.sources],
            "confidence": self.confidence,
        }
