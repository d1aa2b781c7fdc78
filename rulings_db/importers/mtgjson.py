"""MTGJSON v5: set files (``{meta, data: {code, name, cards: [...]}}``) and AtomicCards
(``{meta, data: {"Card Name": [face, ...]}}``).

MTGJSON lists each face of a multi-face card as its own entry sharing the full name
("Dusk // Dawn") with ``faceName`` and ``side``; a set file also repeats a card for each
printing. Entries are grouped by ``identifiers.scryfallOracleId`` so that one card comes out
once, faces in side order, with the union of its rulings.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any

from rulings_db.importers import (
    CardRecord,
    SourceFormatError,
    color_indicator,
    colors_from_cost,
    dumps,
    not_for_real_games,
    ordered_colors,
    ruling_id,
    stream_items,
    stream_kvitems,
    text_or_none,
)
from rulings_db.importers.scryfall import FACE_SEPARATOR, TEXT_SEPARATOR

RULING_SOURCE = "mtgjson"
_STATS = ("power", "toughness", "loyalty", "defense")


def iter_set_cards(path: Path) -> Iterator[CardRecord]:
    """The cards of one set file (a set holds at most a few hundred, grouped in memory)."""
    groups: dict[str, list[dict[str, Any]]] = {}
    for entry in stream_items(path, "data.cards.item"):
        oracle_id = _oracle_id(entry)
        if oracle_id:
            groups.setdefault(oracle_id, []).append(entry)
    for oracle_id, entries in groups.items():
        yield _record(path, oracle_id, entries)


def iter_atomic_cards(path: Path) -> Iterator[CardRecord]:
    """The cards of an AtomicCards file, streamed one name at a time."""
    for name, entries in stream_kvitems(path, "data"):
        if not isinstance(entries, list):
            raise SourceFormatError(path, f"data[{name!r}] is not a list of faces")
        groups: dict[str, list[dict[str, Any]]] = {}
        for entry in entries:
            oracle_id = _oracle_id(entry)
            if oracle_id:
                groups.setdefault(oracle_id, []).append({"name": name, **entry})
        for oracle_id, group in groups.items():
            yield _record(path, oracle_id, group)


def _oracle_id(entry: Any) -> str | None:
    if not isinstance(entry, dict):
        return None
    identifiers = entry.get("identifiers") or {}
    value = identifiers.get("scryfallOracleId") if isinstance(identifiers, dict) else None
    return str(value) if value else None


def _record(path: Path, oracle_id: str, entries: list[dict[str, Any]]) -> CardRecord:
    try:
        return _card_record(oracle_id, entries)
    except (KeyError, TypeError, ValueError) as exc:
        raise SourceFormatError(path, f"card {oracle_id} is not an MTGJSON card: {exc}") from exc


def _card_record(oracle_id: str, entries: list[dict[str, Any]]) -> CardRecord:
    by_side: dict[str, dict[str, Any]] = {}
    for entry in entries:
        by_side.setdefault(str(entry.get("side") or "a"), entry)
    ordered = [by_side[side] for side in sorted(by_side)]
    faces = [_face_row(oracle_id, index, entry) for index, entry in enumerate(ordered)]
    front = ordered[0]
    multi = len(faces) > 1
    card: dict[str, Any] = {
        "oracle_id": oracle_id,
        "name": str(front["name"]),
        "layout": str(front.get("layout") or "normal"),
        "mana_cost": FACE_SEPARATOR.join(f["mana_cost"] for f in faces if f["mana_cost"]),
        "mana_value": float(front.get("manaValue", front.get("convertedManaCost")) or 0.0),
        "type_line": FACE_SEPARATOR.join(f["type_line"] for f in faces if f["type_line"]),
        "oracle_text": TEXT_SEPARATOR.join(f["oracle_text"] for f in faces if f["oracle_text"]),
        "colors": dumps(ordered_colors(c for e in ordered for c in _entry_colors(e))),
        "color_indicator": color_indicator(front.get("colorIndicator")) if not multi else None,
        "color_identity": dumps(ordered_colors(front.get("colorIdentity"))),
        "keywords": dumps(_keywords(ordered)),
        "funny": int(_funny(front)),
    }
    for stat in _STATS:
        # A multi-face card's own characteristics are its front face's (CR 712.8a, 715.4)
        card[stat] = faces[0][stat]
    if multi and not card["name"].count(FACE_SEPARATOR):
        card["name"] = FACE_SEPARATOR.join(f["name"] for f in faces)
    return CardRecord(card=card, faces=faces, rulings=_rulings(oracle_id, entries))


def _funny(entry: dict[str, Any]) -> bool:
    """MTGJSON marks Un-set cards ``isFunny``; Unfinity's legal ones carry the triangle stamp."""
    stamp = entry.get("securityStamp")
    if entry.get("isFunny"):
        return stamp != "triangle"
    return not_for_real_games(entry.get("setCode"), None, entry.get("borderColor"), stamp)


def _face_row(oracle_id: str, index: int, entry: dict[str, Any]) -> dict[str, Any]:
    row: dict[str, Any] = {
        "oracle_id": oracle_id,
        "face_index": index,
        "name": str(entry.get("faceName") or entry["name"]),
        "mana_cost": str(entry.get("manaCost") or ""),
        "type_line": str(entry.get("type") or ""),
        "oracle_text": str(entry.get("text") or ""),
        "colors": dumps(ordered_colors(_entry_colors(entry))),
        "color_indicator": color_indicator(entry.get("colorIndicator")),
    }
    for stat in _STATS:
        row[stat] = text_or_none(entry.get(stat))
    return row


def _entry_colors(entry: dict[str, Any]) -> list[str]:
    colors = entry.get("colors")
    return list(colors) if colors is not None else colors_from_cost(entry.get("manaCost"))


def _keywords(entries: Iterable[dict[str, Any]]) -> list[str]:
    seen: dict[str, None] = {}
    for entry in entries:
        for keyword in entry.get("keywords") or []:
            seen.setdefault(str(keyword), None)
    return list(seen)


def _rulings(oracle_id: str, entries: list[dict[str, Any]]) -> list[dict[str, Any]]:
    rows: dict[str, dict[str, Any]] = {}
    for entry in entries:
        for raw in entry.get("rulings") or []:
            text = str(raw.get("text") or "").strip()
            if not text:
                continue
            row_id = ruling_id(oracle_id, text)
            rows.setdefault(
                row_id,
                {
                    "id": row_id,
                    "oracle_id": oracle_id,
                    "published_at": str(raw.get("date") or ""),
                    "source": RULING_SOURCE,
                    "text": text,
                },
            )
    return list(rows.values())
