"""Scryfall bulk data: ``oracle_cards`` (one object per Oracle card) and ``rulings``.

Both files are JSON arrays that can be hundreds of megabytes: they are streamed with ijson,
one card or ruling at a time.
"""

from __future__ import annotations

from collections.abc import Iterator
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
    text_or_none,
)

FACE_SEPARATOR = " // "
TEXT_SEPARATOR = "\n//\n"
_STATS = ("power", "toughness", "loyalty", "defense")


def iter_cards(path: Path) -> Iterator[CardRecord]:
    """Every card of an ``oracle_cards`` file, faces included."""
    for number, raw in enumerate(stream_items(path, "item")):
        if not isinstance(raw, dict) or raw.get("object", "card") != "card":
            continue
        if not raw.get("oracle_id") or not raw.get("name"):
            # reversible_card entries carry their oracle_id on the faces; nothing to key by
            face_ids = {f.get("oracle_id") for f in raw.get("card_faces") or []}
            if len(face_ids) != 1 or None in face_ids:
                continue
            raw = {**raw, "oracle_id": face_ids.pop()}
        try:
            yield card_record(raw)
        except (KeyError, TypeError, ValueError) as exc:
            raise SourceFormatError(path, f"card #{number} is not a Scryfall card: {exc}") from exc


def card_record(raw: dict[str, Any]) -> CardRecord:
    """One Scryfall card object as table rows.

    Multi-face cards (split, adventure, transform, flip, modal DFC, meld) carry complete
    per-face data in ``card_faces``; the top level may be partial, so joined values are
    rebuilt from the faces when the top level lacks them.
    """
    oracle_id = str(raw["oracle_id"])
    raw_faces = raw.get("card_faces") or [raw]
    faces = [_face_row(oracle_id, index, face) for index, face in enumerate(raw_faces)]
    front = faces[0]
    multi = len(faces) > 1
    # Meld cards (and a few others) can come with one entry in ``card_faces`` and no text,
    # cost or stats at the top level: that one face is the whole card (CR 712.4, 712.8).
    single_face = not multi and bool(raw.get("card_faces"))
    colors = raw.get("colors")
    if colors is None:
        colors = [c for face in raw_faces for c in _face_colors(face)]
    card = {
        "oracle_id": oracle_id,
        "name": raw["name"],
        "layout": raw.get("layout") or "normal",
        "mana_cost": raw.get("mana_cost") or _joined(faces, "mana_cost", FACE_SEPARATOR),
        "mana_value": float(raw.get("cmc") or 0.0),
        "type_line": raw.get("type_line") or _joined(faces, "type_line", FACE_SEPARATOR),
        "oracle_text": _joined(faces, "oracle_text", TEXT_SEPARATOR)
        if multi
        else (raw.get("oracle_text") or (front["oracle_text"] if single_face else "")),
        "colors": dumps(ordered_colors(colors)),
        "color_indicator": color_indicator(raw.get("color_indicator")),
        "color_identity": dumps(ordered_colors(raw.get("color_identity"))),
        "keywords": dumps(list(raw.get("keywords") or [])),
        "funny": int(
            not_for_real_games(
                raw.get("set"),
                raw.get("set_type"),
                raw.get("border_color"),
                raw.get("security_stamp"),
            )
        ),
    }
    for stat in _STATS:
        # A multi-face card's own characteristics are its front face's (CR 712.8a, 715.4)
        card[stat] = text_or_none(raw.get(stat)) or (front[stat] if multi or single_face else None)
    return CardRecord(card=card, faces=faces)


def _face_row(oracle_id: str, index: int, face: dict[str, Any]) -> dict[str, Any]:
    row: dict[str, Any] = {
        "oracle_id": oracle_id,
        "face_index": index,
        "name": face["name"],
        "mana_cost": face.get("mana_cost") or "",
        "type_line": face.get("type_line") or "",
        "oracle_text": face.get("oracle_text") or "",
        "colors": dumps(ordered_colors(_face_colors(face))),
        "color_indicator": color_indicator(face.get("color_indicator")),
    }
    for stat in _STATS:
        row[stat] = text_or_none(face.get(stat))
    return row


def _joined(faces: list[dict[str, Any]], column: str, separator: str) -> str:
    return separator.join(str(face[column]) for face in faces if face[column])


def _face_colors(face: dict[str, Any]) -> list[str]:
    colors = face.get("colors")
    return list(colors) if colors is not None else colors_from_cost(face.get("mana_cost"))


def iter_rulings(path: Path) -> Iterator[dict[str, Any]]:
    """Every ruling of a Scryfall ``rulings`` file as a ``rulings`` row."""
    for number, raw in enumerate(stream_items(path, "item")):
        if not isinstance(raw, dict) or raw.get("object", "ruling") != "ruling":
            continue
        try:
            oracle_id = str(raw["oracle_id"])
            text = str(raw["comment"]).strip()
        except KeyError as exc:
            raise SourceFormatError(path, f"ruling #{number} lacks {exc}") from exc
        if not text:
            continue
        yield {
            "id": ruling_id(oracle_id, text),
            "oracle_id": oracle_id,
            "published_at": str(raw.get("published_at") or ""),
            "source": str(raw.get("source") or "scryfall"),
            "text": text,
        }
