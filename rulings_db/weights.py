"""The numbers that shape a free question's answer, in one place.

``Retriever`` takes a ``Weights`` (``DEFAULT_WEIGHTS`` unless told otherwise): the BM25
parameters that every index shares (``BM25``, with the one formula, ``bm25_part``), the
ranking weights that combine a candidate's evidence into its score (``RankingWeights``, used
by ``combine``), and the confidence thresholds (``ConfidenceThresholds``).
``rulings_db/data/weights.json`` holds the values the answers ship with;
``benchmarks/fit_weights.py`` refits them with cross-validation over the labelled question
sets, so a change is a measured refit rather than a hand tweak.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, fields, replace
from functools import lru_cache
from importlib import resources
from typing import Any


@dataclass(frozen=True)
class BM25:
    """One BM25 for rulings, rules and definitions (and the rule index's own postings)."""

    k1: float = 1.2
    b: float = 0.6  # length normalisation
    example_weight: float = 0.5  # a rule's examples, as a field of the rule
    context_weight: float = 1.0  # the titles a rule sits under ("Phasing"), as a field

    def length_norm(self, length: int, average: float) -> float:
        return 1 - self.b + self.b * length / average

    def saturate(self, tf: float) -> float:
        """The term-frequency part of BM25 for an already length-normalised ``tf``."""
        return tf * (self.k1 + 1) / (tf + self.k1)


@dataclass(frozen=True)
class RankingWeights:
    """How a candidate's evidence becomes its score (see ``combine`` and
    docs/answering.md, "Score every candidate on one scale")."""

    mention_bonus: float = 1.2  # a named card's ruling: relevance x (1 + this x evidence)...
    mention_floor: float = 0.2  # ...plus this x evidence...
    speaks_at: float = 0.3  # ...in full only when the ruling itself fits this well...
    silent_floor: float = 0.5  # ...else this share of it
    interaction_mention: float = 1.0  # ...that bonus x this when the named cards' mechanics meet
    interaction_min_words: int = 0  # ...in a question of at least this many words...
    interaction_speaks_at: float = 1.0  # ...and the ruling's own relevance is below this
    one_card_mention: float = 1.0  # ...x this when they meet and it says nothing of the others...
    one_card_min_words: int = 0  # ...in a question of at least this many words
    several_cards_mention: float = 1.0  # ...x this when the question names several cards...
    several_cards_min_words: int = 0  # ...in at least this many words
    named_in_ruling: float = 0.55  # a ruling of another card that names the named card
    other_card_factor: float = 0.5  # a ruling about one card the question does not name
    general_ruling_factor: float = 0.85  # a ruling printed on 3+ cards: a general rule
    variant_factor: float = 0.8  # multiplayer / casual variants when not asked
    phrase_bonus: float = 0.06  # per question bigram found in the candidate...
    term_phrase_extra: float = 1.0  # ...this many times more for a glossary term
    shape_weight: float = 0.3  # rapidfuzz token-set similarity of question and candidate
    modality_bonus: float = 0.03  # per modality the question asks that the candidate states
    heading_factor: float = 0.6  # "702.19. Trample" alone answers nothing
    stub_factor: float = 0.85  # "Haste is a static ability." decides nothing
    rule_number_bonus: float = 1.0  # a rule number the question types
    concept_bonus: float = 0.15  # a rule in a section the glossary ties to a term used
    jargon_bonus: float = 0.15  # a rule the jargon table gives for a player word used
    question_shape_bonus: float = 0.05  # ...and this more when a question shape gives it
    interaction_bonus: float = 0.5  # a rule deciding how two named cards' mechanics meet...
    # ...when the question speaks of both mechanics (a cue word, or a telling word of the card's
    # line for it: one in at most pair_word_share of documents), or a mechanic is on at most
    # pair_rare_share of cards; else its rules count as the cards' own mechanics' rules
    pair_rare_share: float = 1.0
    pair_word_share: float = 0.2
    mechanic_bonus: float = 0.15  # a rule governing a mechanic of one named card
    card_text_bonus: float = 0.0  # x a rule's BM25 for the named cards' Oracle words unsaid...
    card_text_min_words: int = 0  # ...in a question of at least this many words
    term_bonus: float = 0.3  # definition questions: the entry / rule defining the term
    slang_weight: float = 0.6  # CR words of slang the corpus also uses
    standing_in_weight: float = 1.0  # CR words of slang the corpus never uses ("etb")
    name_word_weight: float = 0.1  # words of a recognised card name
    both_kinds_share: float = 0.8  # the best rule / ruling shown when at this share of top...
    both_kinds_score: float = 0.6  # ...or at this score
    both_kinds_slot: int = 4  # ...in this place (0-based)
    governing_share: float = 0.5  # the best rule the tables give shown at this share of top...
    governing_slot: int = 3  # ...in this place (0-based)
    named_ruling_share: float = 0.3  # a named card's best ruling shown at this share of top...
    named_ruling_slot: int = 1  # ...in this place (0-based), when none of its rulings is


@dataclass(frozen=True)
class ConfidenceThresholds:
    high_score: float = 1.2  # "high": the top score at least this...
    high_lead: float = 0.35  # ...ahead of the next source by this...
    high_max_words: int = 12  # ...in a question of at most this many words
    # A rule leading is right far more often than a named card's ruling leading a long real
    # question (docs/answering.md, "Confidence"): it needs this lead, at up to this many words.
    high_rule_lead: float = 0.35
    high_rule_max_words: int = 12
    # A ruling leading a real player's question was right at rank 1 in about a quarter of the
    # real tuning questions, whatever its score, lead or length (docs/answering.md, "Session
    # 10"): when this is false, a ruling leading is never "high".
    high_when_a_ruling_leads: bool = True
    medium_score: float = 0.55  # "medium": the top score at least this


@dataclass(frozen=True)
class Weights:
    bm25: BM25 = BM25()
    ranking: RankingWeights = RankingWeights()
    confidence: ConfidenceThresholds = ConfidenceThresholds()

    def to_json(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Weights:
        """Values from JSON; a part or field it lacks keeps its default, an unknown one is
        refused (a typo must not silently leave a weight at its default)."""
        parts = {"bm25": BM25, "ranking": RankingWeights, "confidence": ConfidenceThresholds}
        unknown = set(data) - set(parts)
        if unknown:
            raise ValueError(f"weights: unknown parts {sorted(unknown)}")
        built: dict[str, Any] = {}
        for name, kind in parts.items():
            given = data.get(name, {})
            names = {f.name: f.type for f in fields(kind)}
            bad = set(given) - set(names)
            if bad:
                raise ValueError(f"weights: unknown {name} fields {sorted(bad)}")
            default = kind()
            built[name] = replace(
                default, **{k: type(getattr(default, k))(v) for k, v in given.items()}
            )
        return cls(**built)


@lru_cache(maxsize=1)
def shipped_weights() -> Weights:
    """The weights in ``rulings_db/data/weights.json`` (the defaults when it is absent)."""
    source = resources.files("rulings_db").joinpath("data/weights.json")
    if not source.is_file():
        return Weights()
    return Weights.from_json(json.loads(source.read_text("utf-8")))
