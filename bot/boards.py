"""Board files for the rules engine: YAML/JSON parsing with line numbers, and card sources.

The engine is pure; this module does the I/O: it reads a board file, builds a line lookup so
validation errors can name the line, and adapts the knowledge base (or a Scryfall oracle-cards
JSON) to the engine's ``CardSource`` interface.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

from engine.board import Board, BoardError, load_board
from engine.board import Path as FieldPath
from engine.cards import CardSource, CardText, DictCardSource, LayeredCardSource, card_from_mapping

MAX_FILE_BYTES = 2_000_000


class BoardFileError(ValueError):
    """A board file that can't be read: message names the file, the field and the line."""


@dataclass
class BoardFile:
    board: Board
    questions: list[tuple[Mapping[str, Any], int | None]]  # (question, line)
    raw: Mapping[str, Any]


def _line_map(node: yaml.Node, path: FieldPath, out: dict[FieldPath, int]) -> None:
    out[path] = node.start_mark.line + 1
    if isinstance(node, yaml.MappingNode):
        for key, value in node.value:
            k = key.value
            out[(*path, k)] = key.start_mark.line + 1
            _line_map(value, (*path, k), out)
            out[(*path, k)] = key.start_mark.line + 1
    elif isinstance(node, yaml.SequenceNode):
        for i, item in enumerate(node.value):
            _line_map(item, (*path, i), out)


def parse_text(text: str, name: str) -> tuple[Any, dict[FieldPath, int]]:
    lines: dict[FieldPath, int] = {}
    try:
        if name.endswith(".json"):
            return json.loads(text), lines
        node = yaml.compose(text, Loader=yaml.SafeLoader)
        if node is not None:
            _line_map(node, (), lines)
        return yaml.safe_load(text), lines
    except json.JSONDecodeError as exc:
        raise BoardFileError(
            f"{name}: line {exc.lineno}, column {exc.colno}: malformed JSON: {exc.msg}"
        ) from exc
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        where = f"line {mark.line + 1}, column {mark.column + 1}: " if mark else ""
        problem = getattr(exc, "problem", None) or str(exc)
        raise BoardFileError(f"{name}: {where}malformed YAML: {problem}") from exc


def inline_cards(raw: Any) -> list[CardText]:
    if raw is None:
        return []
    if not isinstance(raw, Mapping):
        raise BoardError(("cards",), "expected a mapping of card name -> card fields")
    out = []
    for name, fields in raw.items():
        if not isinstance(fields, Mapping):
            raise BoardError(
                ("cards", str(name)),
                "expected card fields (mana_cost, type_line, oracle_text, ...)",
            )
        out.append(card_from_mapping(str(name), fields))
    return out


def load_board_file(path: Path, fallback: CardSource | None = None) -> BoardFile:
    try:
        if path.stat().st_size > MAX_FILE_BYTES:
            raise BoardFileError(f"{path}: the file is larger than {MAX_FILE_BYTES // 1000} kB")
        text = path.read_text(encoding="utf-8-sig")
    except OSError as exc:
        raise BoardFileError(f"{path}: {exc.strerror or exc}") from exc
    except UnicodeDecodeError as exc:
        raise BoardFileError(f"{path}: not UTF-8 text") from exc
    return load_board_text(text, str(path), fallback)


def load_board_text(text: str, name: str, fallback: CardSource | None = None) -> BoardFile:
    data, lines = parse_text(text, name)
    if not isinstance(data, Mapping):
        raise BoardFileError(f"{name}: expected a mapping with board: and questions:")

    def lookup(path: FieldPath) -> int | None:
        while path:
            if path in lines:
                return lines[path]
            path = path[:-1]
        return None

    try:
        unknown = [
            k
            for k in data
            if k not in ("cards", "board", "questions", "id", "title", "source", "notes")
        ]
        if unknown:
            raise BoardError(
                (unknown[0],),
                "unknown top-level field (use cards, board, questions)",
                lookup((unknown[0],)),
            )
        try:
            cards = inline_cards(data.get("cards"))
        except BoardError as exc:
            raise BoardError(exc.path, exc.message, lookup(exc.path)) from exc
        source: CardSource = DictCardSource(cards)
        if fallback is not None:
            source = LayeredCardSource(source, fallback)
        board = load_board(data.get("board"), source, lookup)
    except BoardError as exc:
        raise BoardFileError(f"{name}: {exc.describe()}") from exc
    raw_questions = data.get("questions") or []
    if not isinstance(raw_questions, list):
        raise BoardFileError(f"{name}: questions (line {lookup(('questions',))}): expected a list")
    questions = []
    for i, q in enumerate(raw_questions):
        if not isinstance(q, Mapping):
            raise BoardFileError(
                f"{name}: questions[{i}] (line {lookup(('questions', i))}): expected a mapping"
            )
        questions.append((q, lookup(("questions", i))))
    return BoardFile(board, questions, data)


class KnowledgeBaseCards:
    """The knowledge base as the engine's CardSource."""

    def __init__(self, kb: Any) -> None:
        self.kb = kb

    def get(self, name: str) -> CardText | None:
        match = self.kb.card(name)
        if match.card is None or match.how not in ("exact", "normalised", "face"):
            return None
        return card_text(match.card)

    def suggest(self, name: str) -> list[str]:
        match = self.kb.card(name)
        if match.card is not None:
            return [match.card.name]
        return list(match.candidates)[:3]


def card_text(card: Any) -> CardText:
    """rulings_db.models.Card -> CardText."""
    faces = tuple(
        CardText(f.name, f.mana_cost, f.type_line, f.oracle_text, f.power, f.toughness, f.loyalty)
        for f in card.faces
    )
    if len(faces) > 1:
        first = faces[0]
        return CardText(
            card.name,
            first.mana_cost,
            first.type_line,
            first.oracle_text,
            first.power,
            first.toughness,
            first.loyalty,
            faces,
        )
    return CardText(
        card.name,
        card.mana_cost,
        card.type_line,
        card.oracle_text,
        card.power,
        card.toughness,
        card.loyalty,
    )


def iter_scryfall_cards(path: Path) -> Iterator[CardText]:
    """Stream a Scryfall oracle-cards JSON file (skipping tokens and non-game objects)."""
    import ijson

    skip = {"token", "emblem", "art_series", "double_faced_token", "vanguard", "scheme", "planar"}
    with path.open("rb") as fh:
        for item in ijson.items(fh, "item"):
            if item.get("layout") in skip:
                continue
            yield card_from_mapping(str(item.get("name", "")), item)


def iter_kb_cards(kb: Any) -> Iterator[CardText]:
    skip = {"token", "emblem", "art_series", "double_faced_token", "vanguard", "scheme", "planar"}
    for card in kb.iter_cards():
        if card.layout in skip:
            continue
        yield card_text(card)


__all__ = [
    "BoardFile",
    "BoardFileError",
    "DictCardSource",
    "KnowledgeBaseCards",
    "iter_kb_cards",
    "iter_scryfall_cards",
    "load_board_file",
    "load_board_text",
]
