"""Board files for the rules engine: YAML/JSON parsing with line numbers, and card sources.

The engine is pure; this module does the I/O: it reads a board file, builds a line lookup so
validation errors can name the line, and adapts the knowledge base (or a Scryfall oracle-cards
JSON) to the engine's ``CardSource`` interface.
"""

from __future__ import annotations

import json
import os
import re
import select
import stat
import time
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

from engine.answer import Answer
from engine.board import MAX_OBJECTS, Board, BoardError, load_board
from engine.board import Path as FieldPath
from engine.cards import CardSource, CardText, DictCardSource, LayeredCardSource, card_from_mapping
from engine.questions import DEFAULT_BUDGET_S, EngineError, QuestionError, ask

# the C parser when PyYAML was built with libyaml (the same events, nodes and values, faster)
_YamlLoader: Any = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


@dataclass(frozen=True)
class BoardLimits:
    """What one board file may cost: every limit a board file can hit, in one place.

    Each is checked before anything is built from the file (YAML on the parser's event stream,
    JSON on its text before ``json.loads``), so a hostile file costs at most a bounded scan.
    """

    max_bytes: int = 256_000  # bytes read, whatever the file system says the size is
    max_depth: int = 32  # nesting of mappings and lists
    max_nodes: int = 25_000  # mappings, lists and scalars in the file
    max_string_chars: int = 10_000  # one scalar (no Oracle text reaches 800 characters)
    max_number_chars: int = 15  # one number as written (digits, sign, point, exponent)
    max_questions: int = 25  # questions in one file
    max_objects: int = MAX_OBJECTS  # objects on the board, counts included (the engine's limit)
    question_budget_s: float = DEFAULT_BUDGET_S  # engine time for one question
    file_budget_s: float = 10.0  # engine time for all of a file's questions together
    read_timeout_s: float = 5.0  # a pipe or device that gives no end of file in time


LIMITS = BoardLimits()


class BoardFileError(ValueError):
    """A board file that can't be read: message names the file, the field and the line."""


@dataclass
class BoardFile:
    board: Board
    questions: list[tuple[Mapping[str, Any], int | None]]  # (question, line)
    raw: Mapping[str, Any]


def _too_big(
    name: str, what: str, limit: int, unit: str = "", line: int | None = None
) -> BoardFileError:
    """A refusal that names the limit and its value."""
    where = f"line {line}: " if line is not None else ""
    unit = f" {unit}" if unit else ""
    return BoardFileError(f"{name}: {where}{what}; the limit is {limit:,}{unit}")


def _check_yaml_events(text: str, name: str, limits: BoardLimits) -> None:
    """Walk the parser's events (no node is built) and refuse what a board file never needs.

    Aliases and anchors are refused outright: a board file has no use for them, and expanding
    nested aliases is how a few hundred bytes become gigabytes ("billion laughs").
    """
    resolver = yaml.resolver.Resolver()
    depth = nodes = 0
    for event in yaml.parse(text, Loader=_YamlLoader):
        line = event.start_mark.line + 1 if event.start_mark else None
        if isinstance(event, yaml.AliasEvent) or getattr(event, "anchor", None) is not None:
            raise BoardFileError(
                f"{name}: line {line}: YAML anchors and aliases (&name, *name) are not allowed "
                "in board files; write the value out"
            )
        if isinstance(event, yaml.CollectionStartEvent):
            depth += 1
            nodes += 1
            if depth > limits.max_depth:
                raise _too_big(name, "the file nests too deeply", limits.max_depth, "levels", line)
        elif isinstance(event, yaml.CollectionEndEvent):
            depth -= 1
        elif isinstance(event, yaml.ScalarEvent):
            nodes += 1
            _check_scalar(event, resolver, name, limits, line)
        if nodes > limits.max_nodes:
            raise _too_big(name, "the file has too many values", limits.max_nodes, "values", line)


_NUMBER_TAGS = ("tag:yaml.org,2002:int", "tag:yaml.org,2002:float")


def _check_scalar(
    event: yaml.ScalarEvent,
    resolver: yaml.resolver.Resolver,
    name: str,
    limits: BoardLimits,
    line: int | None,
) -> None:
    value = event.value
    if len(value) > limits.max_string_chars:
        raise _too_big(name, "a value is too long", limits.max_string_chars, "characters", line)
    if len(value) <= limits.max_number_chars:
        return
    tag = event.tag if event.tag not in (None, "!") else None
    if tag is None and event.implicit[0]:
        tag = resolver.resolve(yaml.ScalarNode, value, event.implicit)
    if tag in _NUMBER_TAGS:
        raise _too_big(name, "a number is too long", limits.max_number_chars, "characters", line)


def _line_map(node: yaml.Node, path: FieldPath, out: dict[FieldPath, int]) -> None:
    """Field path -> line; the depth was bounded by ``_check_yaml_events``."""
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


def _parse_yaml(text: str, name: str, limits: BoardLimits) -> tuple[Any, dict[FieldPath, int]]:
    _check_yaml_events(text, name, limits)
    lines: dict[FieldPath, int] = {}
    loader = _YamlLoader(text)
    try:
        node = loader.get_single_node()
        if node is None:
            return None, lines
        _line_map(node, (), lines)
        return loader.construct_document(node), lines
    finally:
        loader.dispose()


_JSON_STRING = re.compile(r'"(?:[^"\\]|\\.)*"')
_JSON_BRACKET = re.compile(r"[\[\]{}]")


def _check_json_text(text: str, name: str, limits: BoardLimits) -> None:
    """Nesting depth from the brackets outside strings, before ``json.loads`` recurses."""
    depth = 0
    for match in _JSON_BRACKET.finditer(_JSON_STRING.sub('""', text)):
        depth += 1 if match.group() in "[{" else -1
        if depth > limits.max_depth:
            raise _too_big(name, "the file nests too deeply", limits.max_depth, "levels")


def _check_json_value(data: Any, name: str, limits: BoardLimits) -> None:
    """Values and string lengths of parsed JSON (its depth is already bounded)."""
    nodes = 0
    pending = [data]
    while pending:
        value = pending.pop()
        nodes += 1
        if nodes > limits.max_nodes:
            raise _too_big(name, "the file has too many values", limits.max_nodes, "values")
        if isinstance(value, str) and len(value) > limits.max_string_chars:
            raise _too_big(name, "a value is too long", limits.max_string_chars, "characters")
        if isinstance(value, Mapping):
            pending.extend(value.keys())
            pending.extend(value.values())
        elif isinstance(value, list):
            pending.extend(value)


def _parse_json(text: str, name: str, limits: BoardLimits) -> Any:
    _check_json_text(text, name, limits)

    def number(kind: Callable[[str], Any]) -> Callable[[str], Any]:
        def parse(literal: str) -> Any:
            if len(literal) > limits.max_number_chars:
                raise _too_big(
                    name,
                    "a number is too long",
                    limits.max_number_chars,
                    "characters",
                )
            return kind(literal)

        return parse

    def constant(literal: str) -> Any:
        raise BoardFileError(f"{name}: {literal} is not a JSON number")

    data = json.loads(
        text, parse_int=number(int), parse_float=number(float), parse_constant=constant
    )
    _check_json_value(data, name, limits)
    return data


def parse_text(
    text: str, name: str, limits: BoardLimits = LIMITS
) -> tuple[Any, dict[FieldPath, int]]:
    """Board text -> (data, field path -> line), every limit in ``limits`` checked first."""
    if (
        len(text) > limits.max_bytes
        or len(text.encode("utf-8", "surrogatepass")) > limits.max_bytes
    ):
        raise _too_big(name, "the file is too large", limits.max_bytes, "bytes")
    try:
        if name.endswith(".json"):
            return _parse_json(text, name, limits), {}
        return _parse_yaml(text, name, limits)
    except json.JSONDecodeError as exc:
        raise BoardFileError(
            f"{name}: line {exc.lineno}, column {exc.colno}: malformed JSON: {exc.msg}"
        ) from exc
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        where = f"line {mark.line + 1}, column {mark.column + 1}: " if mark else ""
        problem = getattr(exc, "problem", None) or str(exc)
        raise BoardFileError(f"{name}: {where}malformed YAML: {problem}") from exc
    except (ValueError, OverflowError) as exc:  # a value the YAML constructor can't represent
        if isinstance(exc, BoardFileError):
            raise
        raise BoardFileError(f"{name}: a value can't be read: {exc}") from exc
    except RecursionError as exc:  # pragma: no cover - the depth limit comes first
        raise _too_big(name, "the file nests too deeply", limits.max_depth, "levels") from exc


def read_board_file(path: Path, limits: BoardLimits = LIMITS) -> str:
    """A board file's text, reading at most ``limits.max_bytes`` (+1, to tell it is too big).

    The size the file system reports is not trusted: ``/dev/zero`` or a pipe is read the same
    bounded way, and a pipe that sends nothing is given up on after ``limits.read_timeout_s``.
    """
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK)
    except (OSError, ValueError) as exc:
        raise BoardFileError(f"{path}: {getattr(exc, 'strerror', None) or exc}") from exc
    try:
        if stat.S_ISDIR(os.fstat(fd).st_mode):
            raise BoardFileError(f"{path}: is a folder, not a board file")
        data = _read_bounded(fd, limits.max_bytes + 1, limits.read_timeout_s, path)
    except OSError as exc:
        raise BoardFileError(f"{path}: {exc.strerror or exc}") from exc
    finally:
        os.close(fd)
    if len(data) > limits.max_bytes:
        raise _too_big(str(path), "the file is too large", limits.max_bytes, "bytes")
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise BoardFileError(f"{path}: not UTF-8 text") from exc


def _read_bounded(fd: int, most: int, timeout_s: float, path: Path) -> bytes:
    deadline = time.monotonic() + timeout_s
    chunks: list[bytes] = []
    got = 0
    while got < most:
        remaining = deadline - time.monotonic()
        if remaining <= 0:
            raise BoardFileError(f"{path}: no end of file after {timeout_s:g} s")
        ready, _, _ = select.select([fd], [], [], remaining)
        if not ready:
            continue
        try:
            chunk = os.read(fd, min(65_536, most - got))
        except BlockingIOError:
            continue
        if not chunk:
            break
        chunks.append(chunk)
        got += len(chunk)
    return b"".join(chunks)


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


def load_board_file(
    path: Path, fallback: CardSource | None = None, limits: BoardLimits = LIMITS
) -> BoardFile:
    return load_board_text(read_board_file(path, limits), str(path), fallback, limits)


def load_board_text(
    text: str, name: str, fallback: CardSource | None = None, limits: BoardLimits = LIMITS
) -> BoardFile:
    """The one loader behind ``rulesbot board``, the console's and Discord's ``/board``."""
    data, lines = parse_text(text, name, limits)
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
    if len(board.objects) > limits.max_objects:
        raise _too_big(name, "too many objects on the board", limits.max_objects, "objects")
    raw_questions = data.get("questions") or []
    if not isinstance(raw_questions, list):
        raise BoardFileError(f"{name}: questions (line {lookup(('questions',))}): expected a list")
    if len(raw_questions) > limits.max_questions:
        raise _too_big(
            name,
            f"too many questions ({len(raw_questions):,})",
            limits.max_questions,
            "questions",
            lookup(("questions",)),
        )
    questions = []
    for i, q in enumerate(raw_questions):
        if not isinstance(q, Mapping):
            raise BoardFileError(
                f"{name}: questions[{i}] (line {lookup(('questions', i))}): expected a mapping"
            )
        questions.append((q, lookup(("questions", i))))
    return BoardFile(board, questions, data)


@dataclass(frozen=True)
class QuestionOutcome:
    """One question of a board file: the engine's answer, or why the question was not read."""

    number: int  # 1-based, as the user counts them
    question: Mapping[str, Any]
    line: int | None
    answer: Answer | None
    error: str | None = None


def out_of_time(kind: str, budget_s: float) -> Answer:
    """The answer for a question the file's time budget left no time for."""
    reason = f"the board file's time budget ({budget_s:g} s for all its questions) ran out"
    return Answer(kind, False, f"Could not decide: {reason}.", {}, (), (reason,), decided=False)


def answer_questions(
    board_file: BoardFile,
    limits: BoardLimits = LIMITS,
    budget_s: float | None = None,
    clock: Callable[[], float] = time.perf_counter,
) -> list[QuestionOutcome]:
    """Every question of a board file, all of them within one time budget.

    Each question gets at most ``limits.question_budget_s`` and never more than what is left
    of the file's budget (``budget_s``, default ``limits.file_budget_s``); once it is spent the
    remaining questions are "could not decide", so a file costs at most its budget (plus one
    engine step), however many questions it asks.
    """
    total = limits.file_budget_s if budget_s is None else budget_s
    deadline = clock() + total
    out: list[QuestionOutcome] = []
    for number, (question, line) in enumerate(board_file.questions, start=1):
        kind = str(question.get("kind", "?"))
        left = deadline - clock()
        if left <= 0:
            out.append(QuestionOutcome(number, question, line, out_of_time(kind, total)))
            continue
        try:
            answer = ask(board_file.board, question, min(limits.question_budget_s, left))
        except QuestionError as exc:
            out.append(QuestionOutcome(number, question, line, None, str(exc)))
            continue
        except EngineError as exc:  # a bug in the engine: said as such, the other questions go on
            out.append(QuestionOutcome(number, question, line, None, f"{exc} — please report it"))
            continue
        out.append(QuestionOutcome(number, question, line, answer))
    return out


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
        CardText(
            f.name,
            f.mana_cost,
            f.type_line,
            f.oracle_text,
            f.power,
            f.toughness,
            f.loyalty,
            colors=printed_colors(f.colors, f.color_indicator),
        )
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
            colors=first.colors,
            layout=card.layout,
        )
    return CardText(
        card.name,
        card.mana_cost,
        card.type_line,
        card.oracle_text,
        card.power,
        card.toughness,
        card.loyalty,
        colors=printed_colors(card.colors, card.color_indicator),
        layout=card.layout,
    )


def printed_colors(
    colors: tuple[str, ...], indicator: tuple[str, ...] | None
) -> tuple[str, ...] | None:
    """The colors the engine may use for a face without a mana cost (202.2e): its color
    indicator when the knowledge base stores one; else the source's colors (Scryfall's
    card_faces[].colors carry indicators); empty means not known, never colorless."""
    if indicator is not None:
        return indicator
    return tuple(colors) or None


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
    "LIMITS",
    "BoardFile",
    "BoardFileError",
    "BoardLimits",
    "DictCardSource",
    "KnowledgeBaseCards",
    "QuestionOutcome",
    "answer_questions",
    "iter_kb_cards",
    "iter_scryfall_cards",
    "load_board_file",
    "load_board_text",
    "read_board_file",
]
