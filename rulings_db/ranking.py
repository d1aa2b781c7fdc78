"""A candidate's evidence, measured once (``Features``), and the one function that combines
it into the candidate's score (``combine``) with ``RankingWeights``.

``Retriever.score`` is ``combine(retriever.features(candidate, query), weights)``; the fit
script (``benchmarks/fit_weights.py``) measures the features of every candidate of every
labelled question once and refits the weights over them.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from typing import Literal, get_args

from rulings_db.disambiguation import CLEARLY_NAMED
from rulings_db.mechanics import Mechanic
from rulings_db.weights import RankingWeights

# What a question asks, by its shape, that a source's own shape can answer (docs/answering.md,
# "Session 9"): "can I ...?" is answered by a source that permits or forbids ("can", "can't",
# "may", "only"; CR 101.2 states how the two meet); "does it still ...?" by one that holds
# despite a change ("still", "even if", "no matter").
Modality = Literal["permission", "despite"]
MODALITIES: tuple[Modality, ...] = get_args(Modality)
_ASKED: dict[Modality, re.Pattern[str]] = {
    "permission": re.compile(r"\b(?:can|could|may|allowed|able|possible|legal|let me|lets me)\b"),
    "despite": re.compile(r"\bstill\b"),
}
_STATED: dict[Modality, re.Pattern[str]] = {  # case-sensitive: faster than re.IGNORECASE
    "permission": re.compile(r"\b(?:[Cc]an(?:'|’)t|[Cc]annot|[Cc]an|[Mm]ay|[Oo]nly)\b"),
    "despite": re.compile(r"\b(?:[Ss]till|[Ee]ven if|[Ee]ven though|[Rr]egardless|[Nn]o matter)\b"),
}


# The words a ruling uses when it speaks of a card's mechanic without naming the card ("the
# copy", "a token", "sacrifice"): with the card's name, types and keywords they tell that a
# ruling of one named card speaks of another named card (docs/answering.md, "Session 10").
# Mechanics whose words every ruling uses ("control", "cost", "turn") are left out.
MECHANIC_WORDS: dict[Mechanic, tuple[str, ...]] = {
    "prevention": ("prevent",),
    "copy": ("copy",),
    "token_maker": ("token",),
    "sacrifice": ("sacrifice",),
    "plus_counters": ("counter",),
    "minus_counters": ("counter",),
    "face_down": ("face-down",),
    "transform": ("transform",),
    "planeswalker": ("loyalty",),
    "x_cost": ("x",),
}
# Type-line words that tell nothing of one card: most cards in a ruling are creatures.
COMMON_TYPE_WORDS = frozenset(
    {"creature", "legendary", "basic", "snow", "token", "world", "tribal", "kindred"}
)


@dataclass(frozen=True)
class Features:
    kind: str  # "ruling", "rule", "glossary"
    relevance: float  # BM25F against the question's own ceiling (0..1)
    bigrams: int  # question bigrams found in the candidate
    term_bigrams: int  # ...of which glossary terms ("mana value")
    shape: float  # token-set similarity of question and candidate (0..1)
    evidence: float = 0.0  # a ruling: how clearly the question names its card (0..1)
    generality: float = 1.0  # a ruling: factor when its card isn't named (shared rulings)
    variant: bool = False  # a variant's ruling or rule (2HG, 8xx/9xx) the question didn't ask
    heading: bool = False  # a rule that is only a heading
    stub: bool = False  # a rule of fewer than 8 words
    typed_number: bool = False  # a rule whose number the question types
    concept: bool = False  # a rule in a section the glossary ties to a term used
    jargon: bool = False  # a rule the jargon table gives for a player word used
    question_shape: bool = False  # ...for a shape of the question (kind: shape) it has
    interaction: bool = False  # a rule deciding how two named cards' mechanics meet
    mechanic: bool = False  # a rule governing a mechanic of one named card
    defines_term: bool = False  # a definition question, and this defines its term
    interaction_asked: bool = False  # the named cards' mechanics meet (a pair rule applies)
    question_words: int = 0  # the question's length in words (long ones tell of an interaction)
    cards_named: int = 0  # how many different cards the question clearly names
    modalities: int = 0  # how many of the question's modalities the candidate states
    # a ruling of one named card, in a question where several named cards' mechanics meet,
    # that says nothing of the other named cards (names, types, keywords, mechanics' words)
    silent_on_the_others: bool = False
    card_text: float = 0.0  # a rule: BM25 for the named cards' Oracle words unsaid (0..1)


def asked_modalities(question: str) -> frozenset[Modality]:
    """What the question asks by its shape ("can I ...": permission; "still": despite)."""
    lowered = question.lower()
    return frozenset(m for m in MODALITIES if _ASKED[m].search(lowered))


def stated_modalities(text: str) -> frozenset[Modality]:
    """What a source's text states by its shape ("can't", "may": permission; "even if")."""
    return frozenset(m for m in MODALITIES if _states(text, m))


def shared_modalities(asked: frozenset[Modality], text: str) -> int:
    """How many of the modalities asked the text states; only those asked are looked for."""
    return sum(_states(text, m) for m in asked)


@lru_cache(maxsize=65536)
def _states(text: str, modality: Modality) -> bool:
    # Candidate texts recur across questions (the CR's rules above all): read each once.
    return _STATED[modality].search(text) is not None


def combine(f: Features, w: RankingWeights) -> float:
    """The candidate's score (docs/answering.md, "Score every candidate on one scale")."""
    score = f.relevance
    # A shared CR term of two words ("mana value", "first strike") is one exact concept.
    score += w.phrase_bonus * (f.bigrams + w.term_phrase_extra * f.term_bigrams)
    score += w.shape_weight * f.shape
    if f.kind == "ruling":
        # The card being named makes its rulings likelier, the more so the better they fit;
        # the floor lifts a named card's ruling in full only when the ruling itself fits.
        floor = w.mention_floor if score >= w.speaks_at else w.mention_floor * w.silent_floor
        # Where the named cards' mechanics meet, in a long question, a ruling that doesn't speak
        # to what is asked yields to the rule deciding their meeting (issue 14, item 2).
        bonus = w.mention_bonus * yielding_factor(f, w)
        score = score * (1 + bonus * f.evidence) + floor * f.evidence
        # A ruling of a card the question barely names is judged like one it doesn't name.
        named = min(1.0, f.evidence / CLEARLY_NAMED)
        score *= named + (1 - named) * f.generality
        if f.variant:
            score *= w.variant_factor  # "In a Two-Headed Giant game, ..." when not asked
    elif f.kind == "rule":
        if f.heading:
            score *= w.heading_factor
        elif f.stub:
            score *= w.stub_factor  # "Deathtouch is a static ability." decides nothing
        if f.typed_number:
            score += w.rule_number_bonus
        elif f.variant:
            score *= w.variant_factor
        score += w.card_text_bonus * f.card_text  # speaks of what the named cards do
        if f.concept:
            score += w.concept_bonus  # in a section the CR ties to a term the player used
        if f.jargon:
            score += w.jargon_bonus  # governs what the player's own word names
        if f.question_shape:
            # A shape ("... in response, do I still ...") is the question's own structure,
            # more telling than a word: its rule gets a little more (session 9).
            score += w.question_shape_bonus
        if f.interaction:
            score += w.interaction_bonus  # decides how the named cards' mechanics meet
        elif f.mechanic:
            score += w.mechanic_bonus  # governs a mechanic of a named card
    if f.defines_term:
        # A rule that defines the term the question names goes just above the glossary.
        score += w.term_bonus + (0.05 if f.kind == "rule" else 0.0)
    # "can I ...?" is answered by what may or can't happen, "still" by what holds even if: a
    # tie-breaker between sources that fit the question's words alike, whatever their kind.
    return score + w.modality_bonus * f.modalities


def yielding_factor(f: Features, w: RankingWeights) -> float:
    """How much of its mention bonus a named card's ruling keeps: none where the named cards'
    mechanics meet in a long question (``yields_to_the_rule``), ``one_card_mention`` where they
    meet and the ruling speaks only of its own card (``speaks_only_of_its_card``; the smaller
    factor when both hold), ``several_cards_mention`` where
    a long question names several cards (a board told at length: the cards are its setting,
    what decides it is usually a general rule), all of it otherwise."""
    yielded = [
        *([w.interaction_mention] if yields_to_the_rule(f, w) else []),
        *([w.one_card_mention] if speaks_only_of_its_card(f, w) else []),
    ]
    if yielded:
        return min(yielded)
    if f.cards_named >= 2 and f.question_words >= w.several_cards_min_words:
        return w.several_cards_mention
    return 1.0


def yields_to_the_rule(f: Features, w: RankingWeights) -> bool:
    """A named card's ruling in a question about how the named cards' mechanics meet (a pair
    rule of rulings_db/data/interactions.yaml applies), told at length, that shares little with
    the question beyond the card's name: the governing rule should lead, the ruling follow."""
    return (
        f.interaction_asked
        and f.question_words >= w.interaction_min_words
        and f.relevance < w.interaction_speaks_at
    )


def speaks_only_of_its_card(f: Features, w: RankingWeights) -> bool:
    """A ruling of a card the question clearly names, in a question of at least
    ``one_card_min_words`` words where the named cards' mechanics meet, that says nothing of the
    other named cards: it answers something about its own card, not their meeting, so the rule
    deciding the meeting should lead and the ruling follow (issue 14, item 2)."""
    return (
        f.silent_on_the_others
        and f.evidence >= CLEARLY_NAMED
        and f.question_words >= w.one_card_min_words
    )
