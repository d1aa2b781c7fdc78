"""Which cards a question means, once its words have been read as names (``mentions``).

A word can name several cards ("vizier", "kefnet"), or sit inside a phrase that names no
card at all ("a board wipe"). What the words alone can't settle is settled here, with the
question's other words and the cards' Oracle text:

- a partial match inside a slang phrase the question uses is no card;
- a first-word match stands, unless a card with the word later in its name fits the
  question far better (``Mention.others``);
- several candidate cards are settled on the one whose Oracle text fits clearly best; a
  name-like word that can't be settled still names each of its cards;
- a partial match that a named card's own Oracle text spells out is weak evidence;
- a card named twice counts more; of several cards named, the one asked about (named most
  often, or first) counts fully and the others a little less.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING

from rulings_db.mentions import PARTIAL, Mention
from rulings_db.names import normalise
from rulings_db.text import expand_slang, says_phrase, terms

if TYPE_CHECKING:
    from rulings_db.knowledge import KnowledgeBase

WEAK_EVIDENCE = 0.3  # a mention weaker than this ("gone" as Dead // Gone) is no evidence
CLEARLY_NAMED = 0.5  # evidence (after WEAK_EVIDENCE) at which a card counts as named
REPEAT_BONUS = 0.15  # per further mention of the same card
AMBIGUOUS_NAMED = 0.6  # evidence of a name-like prefix shared by a few cards, none settled
SETTLE_RATIO = 1.5  # how much better one candidate card must fit to settle an ambiguous name
OVERRIDE_RATIO = 3.0  # how much better a later-word match must fit to beat the first word
SETTLED_NAMED = 0.6  # evidence of a name settled on one card by its Oracle text
OTHER_NAMED_FACTOR = 0.9  # a card the question names beside the one it asks about

_POSSESSIVE = re.compile(r"['’]s\b")

# How well a document (a card's type line and Oracle text, as terms) fits weighted terms.
Fit = Callable[[dict[str, float], list[str]], float]


class Disambiguator:
    def __init__(self, kb: KnowledgeBase, fit: Fit) -> None:
        self.kb = kb
        self.fit = fit

    def settle_all(
        self, mentions: list[Mention], question: str, said: list[tuple[str, str]]
    ) -> list[Mention]:
        """The question's mentions, each on the card it most likely means and weighted by how
        sure that is; ``said`` are the slang phrases the question uses (typed, meaning)."""
        mentions = outside_slang(mentions, said)
        mentions = [self.consider_others(m, question) if m.others else m for m in mentions]
        settled = [self.settle(m, question) if len(m.oracle_ids) > 1 else m for m in mentions]
        settled = self.drop_named_by_others(settled)
        seen: dict[tuple[str, ...], int] = {}
        for mention in settled:
            seen[mention.oracle_ids] = seen.get(mention.oracle_ids, 0) + 1
        counted = [
            replace(m, weight=min(1.0, m.weight + REPEAT_BONUS * (seen[m.oracle_ids] - 1)))
            if m.weight >= WEAK_EVIDENCE
            else m
            for m in settled
        ]
        return favour_subject(counted, seen)

    def consider_others(self, mention: Mention, question: str) -> Mention:
        """ "kefnet ... can i reveal and copy it": the first-word match (Kefnet the Mindful)
        stands unless a card with the word later in its name (God-Eternal Kefnet) fits the
        question far better; a legend's own first name ("karametra" of Karametra, God of
        Harvests) always stands."""
        if self.a_legends_short_name(mention):
            return replace(mention, others=())
        fits = self.fits(mention.oracle_ids + mention.others, mention.text, question)
        best = max((f for f, oid in fits if oid in mention.oracle_ids), default=0.0)
        other, oid = max(((f, oid) for f, oid in fits if oid in mention.others), default=(0, ""))
        if other > 0 and other >= OVERRIDE_RATIO * best:
            return replace(mention, oracle_ids=(oid,), others=())
        return replace(mention, others=())

    def a_legends_short_name(self, mention: Mention) -> bool:
        typed = normalise(_POSSESSIVE.sub("", mention.text))
        return any(
            "," in (name := self.kb.names.full_names.get(oid, ""))
            and normalise(name.split(",")[0]) == typed
            for oid in mention.oracle_ids
        )

    def settle(self, mention: Mention, question: str) -> Mention:
        """ "vizier" (several cards) on the one whose Oracle text fits the question clearly
        best; otherwise a name-like word still names each of its cards."""
        fits = sorted(self.fits(mention.oracle_ids, mention.text, question), reverse=True)
        if len(fits) > 1 and fits[0][0] > 0 and fits[0][0] >= SETTLE_RATIO * fits[1][0]:
            # Settling "vizier" on one card makes it clearly named; "start" stays a word.
            weight = mention.weight
            if weight >= WEAK_EVIDENCE:
                weight = max(weight, SETTLED_NAMED)
            return replace(mention, oracle_ids=(fits[0][1],), weight=weight)
        if mention.how in ("prefix", "words") and mention.weight >= WEAK_EVIDENCE:
            # "entreat", "purphoros": a name-like word is a card even when it can't say which;
            # each candidate's rulings are then judged as named, and the best fit wins.
            return replace(mention, weight=max(mention.weight, AMBIGUOUS_NAMED))
        return mention

    def fits(
        self, oracle_ids: tuple[str, ...], typed: str, question: str
    ) -> list[tuple[float, str]]:
        """How well each card's type line and Oracle text fit the question."""
        marks = ",".join("?" * len(oracle_ids))
        rows = self.kb.conn.execute(
            f"select oracle_id, type_line || ' ' || oracle_text from cards "
            f"where oracle_id in ({marks})",
            oracle_ids,
        )
        # The typed name is in every candidate's name, and in the Oracle text of those that
        # call themselves by name ("Tendrils of Corruption deals X damage"): it can't decide.
        named = set(terms(typed))
        said = terms(" ".join([question, *expand_slang(question)]))  # "etb", "dmg": CR words
        weights = {t: 1.0 for t in said if t not in named}
        return [(self.fit(weights, terms(text)), oid) for oid, text in rows]

    def drop_named_by_others(self, mentions: list[Mention]) -> list[Mention]:
        """ "thespian stage copies dark depths, do i get marit lage": Marit Lage is what Dark
        Depths creates, not the card Marit Lage's Slumber. A partial or fuzzy match that a
        named card's own Oracle text spells out is weak evidence of another card."""
        exact = [m for m in mentions if m.how in ("full", "bracket") and m.resolved]
        if not exact:
            return mentions
        marks = ",".join("?" * len(exact))
        texts = " ".join(
            (text or "").lower()
            for (text,) in self.kb.conn.execute(
                f"select oracle_text from cards where oracle_id in ({marks})",
                [m.oracle_ids[0] for m in exact],
            )
        )
        return [
            replace(m, weight=min(m.weight, WEAK_EVIDENCE))
            if m.how in ("prefix", "words", "fuzzy")
            and re.search(rf"\b{re.escape(m.text.lower())}\b", texts)
            else m
            for m in mentions
        ]


def outside_slang(mentions: list[Mention], said: list[tuple[str, str]]) -> list[Mention]:
    """ "a board wipe destroys it": "wipe" is part of the players' phrase, not Wipe Away. A
    partial match inside a slang phrase the question uses is dropped."""
    typed = " | ".join(t for t, _ in said)
    return [m for m in mentions if m.how not in PARTIAL or not says_phrase(typed, m.text)]


def favour_subject(mentions: list[Mention], seen: dict[tuple[str, ...], int]) -> list[Mention]:
    """When a question clearly names several cards, the one it names most often, or first,
    is what it asks about ("my vizier copied a clone ... what does my vizier become")."""
    named = [m for m in mentions if m.resolved and m.weight >= CLEARLY_NAMED]
    if len({m.oracle_ids for m in named}) < 2:
        return mentions
    subject = min(named, key=lambda m: (-seen[m.oracle_ids], m.start)).oracle_ids
    return [
        m
        if m.oracle_ids == subject or m.weight < CLEARLY_NAMED
        else replace(m, weight=m.weight * OTHER_NAMED_FACTOR)
        for m in mentions
    ]
