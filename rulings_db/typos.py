"""How far a typed word is from a name, as a person types: a keyboard-aware edit distance.

Plain edit distance calls "blot" equally far from "blow" and "bolt". People swap adjacent
letters and hit neighbouring keys far more often than they type an unrelated letter, so
those two mistakes cost half as much here. Used to rerank the few closest fuzzy matches.
"""

from __future__ import annotations

from functools import cache

_ROWS = ("1234567890", "qwertyuiop", "asdfghjkl", "zxcvbnm")
_POSITION = {ch: (r, c) for r, row in enumerate(_ROWS) for c, ch in enumerate(row)}

CHEAP = 0.5  # an adjacent-key slip or a swap of two neighbouring letters
FULL = 1.0  # anything else: a missing, extra or unrelated letter


@cache
def substitution_cost(a: str, b: str) -> float:
    if a == b:
        return 0.0
    pa, pb = _POSITION.get(a), _POSITION.get(b)
    if pa and pb and abs(pa[0] - pb[0]) <= 1 and abs(pa[1] - pb[1]) <= 1:
        return CHEAP
    return FULL


def typing_distance(typed: str, target: str) -> float:
    """Weighted optimal-string-alignment distance between two normalised strings."""
    rows = len(typed) + 1
    cols = len(target) + 1
    d = [[0.0] * cols for _ in range(rows)]
    for i in range(rows):
        d[i][0] = float(i)
    for j in range(cols):
        d[0][j] = float(j)
    for i in range(1, rows):
        for j in range(1, cols):
            best = min(
                d[i - 1][j] + FULL,
                d[i][j - 1] + FULL,
                d[i - 1][j - 1] + substitution_cost(typed[i - 1], target[j - 1]),
            )
            if (
                i > 1
                and j > 1
                and typed[i - 1] == target[j - 2]
                and typed[i - 2] == target[j - 1]
                and typed[i - 1] != typed[i - 2]
            ):
                best = min(best, d[i - 2][j - 2] + CHEAP)
            d[i][j] = best
    return d[-1][-1]
