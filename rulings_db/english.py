"""How common a word is in everyday English, from a list shipped with the package.

The knowledge base's own statistics come from rulings and rules, which never say "dumb",
"sick" or "argument"; players' questions do. A card name typed only in words this list
holds ("Sick and Tired", "Compelling Argument") needs more evidence that a card is meant.
"""

from __future__ import annotations

from collections import defaultdict
from functools import cache
from importlib import resources

from rapidfuzz import fuzz, process

from rulings_db.typos import typing_distance


@cache
def _zipf_table() -> dict[str, float]:
    text = resources.files("rulings_db").joinpath("data/everyday_english.tsv").read_text("utf-8")
    table: dict[str, float] = {}
    for line in text.splitlines():
        if not line or line.startswith("#"):
            continue
        word, _, zipf = line.partition("\t")
        table[word] = float(zipf)
    return table


def zipf(word: str) -> float:
    """Log10 uses per billion words of English for a lower-case word; 0 when it is rare."""
    return _zipf_table().get(word.lower(), 0.0)


@cache
def _words_by_letter() -> dict[str, list[str]]:
    by_letter: dict[str, list[str]] = defaultdict(list)
    for word in sorted(_zipf_table()):
        by_letter[word[:1]].append(word)
    return by_letter


def everyday_misspellings(word: str, within: float) -> list[str]:
    """The everyday English words ``word`` most likely misspells, all equally close and no
    further than ``within`` (typing distance): "asigned" -> assigned, aligned; "disapear"
    -> disappear. Only words of the same first letter; empty when none is close."""
    word = word.lower()
    hits = process.extract(
        word, _words_by_letter().get(word[:1], []), scorer=fuzz.ratio, score_cutoff=75, limit=8
    )
    close = sorted((typing_distance(word, w), w) for w, _, _ in hits)
    if not close or close[0][0] > within:
        return []
    return [w for d, w in close if d == close[0][0]]
