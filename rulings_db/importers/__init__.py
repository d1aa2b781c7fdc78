"""Readers for the source formats: each yields plain rows for the knowledge-base tables.

One module per format (``scryfall``, ``mtgjson``, ``cr``), ``sniff`` to tell them apart by
content. Importers never write to the database: ``rulings_db.build`` does, in batches.
This module holds what they share: the row shapes, ruling ids, colours from mana costs and
streaming JSON with clear errors.
"""

from __future__ import annotations

import hashlib
import json
import re
import unicodedata
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import ijson

COLOR_ORDER = "WUBRG"


class SourceFormatError(ValueError):
    """A source file that cannot be imported; the message names the file and the problem."""

    def __init__(self, path: Path, problem: str) -> None:
        super().__init__(f"{path}: {problem}")
        self.path = path
        self.problem = problem


@dataclass
class CardRecord:
    """One card ready for the ``cards``, ``card_faces`` and ``card_names`` tables."""

    card: dict[str, Any]
    faces: list[dict[str, Any]]  # at least one; face_index in order
    rulings: list[dict[str, Any]] = field(default_factory=list)  # MTGJSON carries them inline

    @property
    def oracle_id(self) -> str:
        return str(self.card["oracle_id"])


# Sets whose every card is silver-bordered or acorn-stamped: Un-sets, holiday and convention
# cards, playtest cards. Used only when a card file doesn't say so itself (Scryfall's full bulk
# data has ``security_stamp`` / ``border_color`` / ``set_type``; trimmed files keep only ``set``).
# Unfinity (unf) is not here: it mixes acorn cards with tournament-legal ones.
NOT_FOR_REAL_GAMES_SETS = frozenset(
    {"ugl", "unh", "ust", "und", "cmb1", "cmb2", "pust", "punh", "pcel", "hho", "h17", "ptg", "htr"}
)


def not_for_real_games(
    set_code: object = None,
    set_type: object = None,
    border_color: object = None,
    security_stamp: object = None,
) -> bool:
    """An Un-set style card: acorn-stamped or silver-bordered, so its rulings describe a game
    a sanctioned or casual real game doesn't play (the triangle stamp marks Unfinity's legal
    cards)."""
    if security_stamp == "acorn" or border_color == "silver":
        return True
    if security_stamp == "triangle":
        return False
    if set_type == "funny":
        return security_stamp is None and border_color in (None, "silver")
    return isinstance(set_code, str) and set_code.lower() in NOT_FOR_REAL_GAMES_SETS


_QUOTES = str.maketrans({"’": "'", "‘": "'", "“": '"', "”": '"', "—": "-", "–": "-"})
_SPACE = re.compile(r"\s+")


def normalise_ruling_text(text: str) -> str:
    """Fold the typographic differences between Scryfall's and MTGJSON's copies of a ruling."""
    folded = unicodedata.normalize("NFKC", text).translate(_QUOTES)
    return _SPACE.sub(" ", folded).strip().lower()


def ruling_id(oracle_id: str, text: str) -> str:
    """Stable id of a ruling: the same card and text from two sources get the same id."""
    digest = hashlib.sha1(f"{oracle_id}\n{normalise_ruling_text(text)}".encode())
    return digest.hexdigest()[:20]


def colors_from_cost(mana_cost: str | None) -> list[str]:
    """Colours an object gets from its mana cost (CR 202.2), hybrid symbols included.

    Only used when the source gives no colours: it cannot see colour indicators (204) or
    characteristic-defining abilities (604.3).
    """
    if not mana_cost:
        return []
    symbols = re.findall(r"\{([^}]*)\}", mana_cost)
    found = {part for symbol in symbols for part in symbol.split("/")}
    return [c for c in COLOR_ORDER if c in found]


def ordered_colors(colors: Any) -> list[str]:
    """A colour list in WUBRG order, without duplicates."""
    present = set(colors or [])
    return [c for c in COLOR_ORDER if c in present]


def color_indicator(value: Any) -> str | None:
    """A colour indicator (CR 202.2e, 204) as a JSON list in WUBRG order; None when the source
    gives none (Scryfall's ``color_indicator``, MTGJSON's ``colorIndicator``)."""
    if not isinstance(value, list):
        return None
    return dumps(ordered_colors(value))


def dumps(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def stream_items(path: Path, prefix: str) -> Iterator[Any]:
    """Stream the JSON values at ``prefix`` (ijson syntax) with bounded memory.

    Truncated or malformed JSON raises SourceFormatError naming the file and the byte offset.
    """
    with path.open("rb") as handle:
        try:
            yield from ijson.items(handle, prefix, use_float=True)
        except ijson.JSONError as exc:
            raise SourceFormatError(path, f"malformed or truncated JSON ({exc})") from exc


def stream_kvitems(path: Path, prefix: str) -> Iterator[tuple[str, Any]]:
    """Stream the key/value pairs of the JSON object at ``prefix``."""
    with path.open("rb") as handle:
        try:
            yield from ijson.kvitems(handle, prefix, use_float=True)
        except ijson.JSONError as exc:
            raise SourceFormatError(path, f"malformed or truncated JSON ({exc})") from exc


def text_or_none(value: Any) -> str | None:
    """Source values as stored: strings kept, numbers as strings, missing as None."""
    if value is None:
        return None
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)
