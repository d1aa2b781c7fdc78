"""Regular-expression pieces every sub-grammar shares, and numbers told in words."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from engine.oracle.text import NUMBERS
from engine.reader.draft import Draft
from engine.reader.vocabulary import Player

# the Oracle text's number words, and the ones players add ("a single", "no counters")
NUMBER_WORDS = {**NUMBERS, "single": 1, "no": 0, "zero": 0}
NUM = r"(?:\d{1,4}|a|an|one|two|three|four|five|six|seven|eight|nine|ten|no|zero)"
OBJ = r"@\d+"
# what a rule read is hidden by this character in the sentence the next rules match (reader.py)
MASK = "¦"
# a list of names: "@0, @1 and @2"
_JOIN = r"(?:\s*,\s*(?:and\s+|plus\s+|as well as\s+|also\s+)?|\s+(?:and|plus|as well as|&)\s+)"
OBJS = rf"{OBJ}(?:{_JOIN}{OBJ})*"
# a list a control statement ends: "opp has X, Y is mine" is X, then a clause about Y
_CLAUSE_VERB = (
    r"\s+(?:is|are|was|were|has|have|had|'s|got|gets|attacks?|attacking|blocks?|blocking|came"
    r"|comes|entered|enters|can|taps?|tapped|untapped)\b"
)
_AND_JOIN = r"(?:\s*,\s*(?:and|plus|as well as|also)\s+|\s+(?:and|plus|as well as|&)\s+)"
CONTROL_OBJS = rf"{OBJ}(?:\s*,\s*{OBJ}(?!{_CLAUSE_VERB})|{_AND_JOIN}{OBJ})*"
AND_OBJS = rf"{OBJ}(?:{_AND_JOIN}{OBJ})*"  # "X and Y is mine": no comma (that ends a clause)
ME = r"(?:i|we|you|i've|ive|we've|you've|i'm|im)"
OPPONENT = r"(?:(?:my|your|the)\s+)?(?:opponent|opp|opps|oppo|enemy|other player|p2)|they|he|she"
OPP_POSSESSIVE = (
    r"(?:their|his|her|(?:my\s+|your\s+|the\s+)?(?:opponent|opp|opps|oppo|enemy|p2)['’]?s?)"
)
COLORS = r"(?:white|blue|black|red|green|colorless)"
MANA_SYMBOL = r"(?:\{[wubrgc]\}|\b[wubrgc]\b)"


def number(word: str) -> int:
    word = word.strip().lower()
    return int(word) if word.isdigit() else NUMBER_WORDS.get(word, 1)


def player_of(words: str) -> Player:
    """ "i", "my", "you" -> P1; the opponent's words -> P2."""
    w = words.strip().lower()
    return "P1" if re.fullmatch(r"(?:i|we|you|me|my|your|mine|p1)", w) else "P2"


def placeholders(text: str) -> list[str]:
    return re.findall(OBJ, text)


# A rule: a pattern and what to do with a match, in the order the message says it. ``apply``
# returns how it was read (for the reading report), or None when the words fit the pattern
# but not the board (then they are listed as not read).
Apply = Callable[[re.Match[str], Draft], str | None]


# Whether a match is this rule's at all, judged before any rule claims its words (the names are
# known by then): "equipped Collar to my Ace" is no spell cast at the Ace.
Accepts = Callable[[re.Match[str], Draft], bool]


@dataclass(frozen=True)
class Rule:
    name: str
    pattern: re.Pattern[str]
    apply: Apply
    questions_only: bool = False  # only in a sentence that asks something
    accepts: Accepts | None = None


def rule(
    name: str, pattern: str, questions_only: bool = False, accepts: Accepts | None = None
) -> Callable[[Apply], Rule]:
    def wrap(fn: Apply) -> Rule:
        return Rule(name, re.compile(pattern), fn, questions_only, accepts)

    return wrap


def names_a(group: str, kind: str) -> Accepts:
    """A match whose ``group`` placeholder names a card whose type line has ``kind``."""

    def accepts(m: re.Match[str], draft: Draft) -> bool:
        occ = draft.occurrence(m[group] or "")
        entity = draft.entities.get(occ.entity) if occ and occ.entity else None
        type_line = entity.text.type_line if entity and entity.text else ""
        return re.search(kind, type_line) is not None

    return accepts
