"""Which part of an unread clause was not understood, and by which sub-grammar.

Run only when a paragraph is unsupported (the compiler's result is already settled): it re-reads
the paragraph piece by piece and names the first piece no template reads. The result is for
people extending the compiler (``rulesbot engine-coverage``, the snapshot test); the rules core
reads only that the clause is unsupported.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from engine.abilities import AddMana
from engine.oracle.costs import parse_cost
from engine.oracle.effects import parse_effect_sentence
from engine.oracle.keywords import parse_keyword
from engine.oracle.text import source_pronoun, split_cost, split_sentences
from engine.oracle.triggers import (
    SUBJECT_TRIGGER,
    TRIGGERS,
    reads_intervening_if,
    subject_event,
)


@dataclass(frozen=True)
class Diagnosis:
    grammar: str  # the sub-grammar that failed: "effects", "costs", "triggers", "statics", ...
    part: str  # the smallest piece of the clause it could not read

    def __str__(self) -> str:
        return f"{self.grammar} can't read {self.part!r}"


def first_unread_sentence(text: str) -> Diagnosis | None:
    """The first effect sentence no effect template reads (None if all are read)."""
    for sentence in split_sentences(text):
        parsed = parse_effect_sentence(sentence)
        if parsed is None:
            return Diagnosis("effects", sentence.strip())
        if any(isinstance(e, AddMana) for e in parsed):
            return Diagnosis("mana", f"{sentence.strip()} (mana here is not a mana ability)")
    return None


def diagnose(paragraph: str, is_spell: bool) -> Diagnosis:
    p = paragraph.strip()
    if "\n•" in p:
        head, *bullets = p.split("\n")
        for bullet in bullets:
            found = first_unread_sentence(source_pronoun(bullet.lstrip("• ").strip()))
            if found is not None:
                return found
        return Diagnosis("modes", head.strip())
    if is_spell:
        return first_unread_sentence(p) or Diagnosis("effects", p)
    cost_split = split_cost(p)
    if cost_split and not re.match(r"(when|whenever|at)\b", p, re.IGNORECASE):
        cost_text, effect_text = cost_split
        if parse_cost(cost_text) is None:
            return Diagnosis("costs", cost_text)
        found = first_unread_sentence(source_pronoun(effect_text))
        return found or Diagnosis("activated", effect_text)
    m = re.fullmatch(r"((?:When|Whenever|At) [^,]+), (.+)", p, flags=re.DOTALL)
    if m:
        trigger = m.group(1).lower()
        if not (
            any(re.fullmatch(pat, trigger) for pat, _ in TRIGGERS)
            or SUBJECT_TRIGGER.fullmatch(trigger)
            or subject_event(trigger)
        ):
            return Diagnosis("triggers", m.group(1))
        body = m.group(2)
        cond = re.fullmatch(r"if ([^,]+), (.+)", body, flags=re.DOTALL)
        if cond:
            if not reads_intervening_if(cond.group(1)):  # E2
                return Diagnosis("triggers", f"if {cond.group(1)}")
            body = cond.group(2)
        return first_unread_sentence(source_pronoun(body)) or Diagnosis("triggers", p)
    parts = [x for x in re.split(r",\s*|;\s*", p) if x.strip()]
    if len(parts) > 1 and any(parse_keyword(x) for x in parts):
        unread = next(x for x in parts if parse_keyword(x) is None)
        return Diagnosis("keywords", unread.strip())
    return Diagnosis("statics", p.rstrip("."))
