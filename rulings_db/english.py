"""How common a word is in everyday English, from a list shipped with the package.

The knowledge base's own statistics come from rulings and rules, which never say "dumb",
"sick" or "argument"; players' questions do. A card name typed only in words this list
holds ("Sick and Tired", "Compelling Argument") needs more evidence that a card is meant.
"""

from __future__ import annotations

from functools import cache
from importlib import resources


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
