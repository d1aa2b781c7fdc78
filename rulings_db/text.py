"""Words of questions, rulings and rules: tokenising, a light stemmer, and player slang.

The same ``terms()`` runs over the corpus at build time (document frequencies) and over
each question at answer time, so both sides always agree on what a term is.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import lru_cache

from rulings_db.jargon import jargon

_WORD = re.compile(r"[a-z0-9]+(?:/[a-z0-9+]+)?")
_POSSESSIVE = re.compile(r"(\w)['’]s\b")
_APOSTROPHE = re.compile(r"['’]")

STOPWORDS = frozenset(
    """a about above after again all also am an and any are as at be because been before being
    both but by can could did do does doing down during each few for from further get gets got had
    has have having he her here hers him his how i if in into is it its itself just me more most my
    myself no nor not now of off on once only or other our ours out over same she should so
    some such than that the their theirs them then there these they this those through to too
    under until up very was we were what when where which while who whom why will with would you
    your yours yourself still else whats im ive dont doesnt isnt cant wont didnt thats theres
    happen happens happened okay ok hey thanks please question rules rule work works mean means
    really actually whether way say says said using let lets much something anything
    everything nothing thing things come comes coming go goes going make makes making even
    like know need needs want wants able just kind sort instead basically exactly correct
    right wrong true false guys anyone someone somebody many take takes taking""".split()
)

# Words whose stem the suffix rules would get wrong or split from their family.
_IRREGULAR = {
    "dies": "die",
    "died": "die",
    "dying": "die",
    "killed": "kill",
    "blocker": "block",
    "blockers": "block",
    "attacker": "attack",
    "attackers": "attack",
    "copies": "copy",
    "copied": "copy",
    "abilities": "ability",
    "mana": "mana",
    "has": "have",
    "was": "be",
    "this": "this",
    "x": "x",
}


@lru_cache(maxsize=200_000)
def stem(word: str) -> str:
    """A small, predictable suffix stripper (plural, -ing, -ed, final e).

    Memoised: the corpus has a few tens of thousands of distinct words, seen millions of times.
    """
    if word in _IRREGULAR:
        word = _IRREGULAR[word]
    elif len(word) > 4 and word.endswith(("ies", "ied")):
        word = word[:-3] + "y"
    elif word.endswith("sses"):
        word = word[:-2]
    elif len(word) > 3 and word.endswith("s") and not word.endswith(("ss", "us", "is")):
        word = word[:-1]
    if len(word) > 5 and word.endswith("ing"):
        word = _undouble(word[:-3])
    elif len(word) > 4 and word.endswith("ed"):
        word = _undouble(word[:-2])
    if len(word) > 3 and word.endswith("e"):
        word = word[:-1]
    return word


def _undouble(word: str) -> str:
    if len(word) > 2 and word[-1] == word[-2] and word[-1] not in "lsz":
        return word[:-1]
    return word


def words(text: str) -> list[str]:
    """Lower-cased words with possessives and apostrophes folded ("Vizier's" -> "vizier")."""
    text = _POSSESSIVE.sub(r"\1", text.lower())
    return _WORD.findall(_APOSTROPHE.sub("", text))


def terms(text: str) -> list[str]:
    """Stemmed content words of ``text``, stopwords removed, in order (repeats kept)."""
    return [stem(w) for w in words(_NUMBER.sub(_number_word, text)) if w not in STOPWORDS]


_CARDINALS = (
    "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen"
    " fifteen sixteen seventeen eighteen nineteen twenty"
).split()
_ORDINALS = (
    "zeroth first second third fourth fifth sixth seventh eighth ninth tenth eleventh twelfth"
    " thirteenth fourteenth fifteenth sixteenth seventeenth eighteenth nineteenth twentieth"
).split()
# A small number on its own ("7 cards", "{2}", "4th"), not part of a rule number ("702.4"),
# a power/toughness ("2/2") or a larger number: players type digits, rulings spell them out.
_NUMBER = re.compile(r"(?<![\w./+-])(\d{1,2})(st|nd|rd|th)?(?![\w/]|\.\d)", re.IGNORECASE)


def _number_word(match: re.Match[str]) -> str:
    value = int(match.group(1))
    if value > 20:
        return match.group(0)
    return (_ORDINALS if match.group(2) else _CARDINALS)[value]


# Player vocabulary -> the words the rulings and the CR use, from the one jargon table
# (rulings_db/data/jargon.yaml). Keys are matched on whole words of the lower-cased question;
# values are added to the query with a lower weight. Phrases with a gap ("tap <a land / my
# elves / it> for mana") are regular expressions.
SLANG: dict[str, str] = jargon().phrases(define_only=False)
SLANG_PATTERNS: dict[str, str] = jargon().patterns()


def _whole_words(key: str) -> re.Pattern[str]:
    """A slang key as whole words; a one-word key also with its endings ("walkers",
    "chumped", "died")."""
    endings = "" if " " in key or key.endswith("s") else "(?:s|es|d|ed|ing)?"
    return re.compile(r"(?<![a-z0-9/])" + re.escape(key) + endings + r"(?![a-z0-9/])")


# Each pattern with the text any match of it must contain: a slang key's own words (a plain
# ``in`` test skips the regular expression for the two hundred keys a question doesn't use);
# "" for the patterns with gaps, which are always searched.
_SLANG_PATTERNS = [(_whole_words(k), v, k) for k, v in SLANG.items()] + [
    (re.compile(k), v, "") for k, v in SLANG_PATTERNS.items()
]


def slang_phrases(question: str) -> list[tuple[str, str]]:
    """(what the player typed, the CR-vocabulary phrase it stands for), for each slang use."""
    lowered = _POSSESSIVE.sub(r"\1", question.lower())
    found = [
        (m, v)
        for pattern, v, literal in _SLANG_PATTERNS
        if literal in lowered and (m := pattern.search(lowered))
    ]
    # "the turn it comes in" is one phrase: the "comes in" inside it adds nothing of its own.
    return [
        (m.group(0), v)
        for m, v in found
        if not any(
            o.start() <= m.start() and m.end() <= o.end() and o.span() != m.span() for o, _ in found
        )
    ]


def expand_slang(question: str) -> list[str]:
    """The CR-vocabulary phrases the question's slang stands for (may be empty)."""
    return [phrase for _, phrase in slang_phrases(question)]


def says_phrase(text: str, phrase: str) -> bool:
    """Does lower-case ``text`` hold ``phrase`` as whole words ("stomp" in "countered my
    stomp", but not in "stomping")?"""
    return re.search(rf"(?<![a-z]){re.escape(phrase.lower())}(?![a-z])", text) is not None


def unique(items: Iterable[str]) -> list[str]:
    """Items in first-seen order without repeats."""
    return list(dict.fromkeys(items))
