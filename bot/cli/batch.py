"""``rulesbot ask --batch FILE``: one JSON object out for every line in, whatever the line holds.

Line N of the output answers line N of the input. A line that isn't a question record — not
UTF-8, not JSON, strict JSON's NaN/Infinity, nested too deeply, too long, empty, no
``"question"`` string, an ``"id"`` that isn't a string, a finite number or null — gets an error
record ``{"line": N, "id": …, "error": "…", "exit_code": 1}`` and the run goes on with the next
line. A question the knowledge base fails on gets the same record with ``exit_code`` 3. Reading
stops (with one last error record) after :data:`MAX_BATCH_LINES` lines or
:data:`MAX_BATCH_BYTES` bytes, so even ``/dev/zero`` ends.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import IO, Any

from bot.cli.errors import ExitCode, describe, dumps, printable
from bot.render import limits
from bot.service.parsing import MAX_QUESTION

#: The longest line read (bytes); a question is at most MAX_QUESTION characters.
MAX_BATCH_LINE_BYTES = 64_000
#: The most lines one batch reads; later lines get one "stopped" record.
MAX_BATCH_LINES = 100_000
#: The most bytes one batch reads (with the line cap this bounds time and memory).
MAX_BATCH_BYTES = 16_000_000
#: A question shorter than this (after cleaning) is refused, as the service refuses it.
MIN_QUESTION = 3
BOM = b"\xef\xbb\xbf"
EMPTY_QUESTION = "Ask a rules question, for example: can I tap a creature the turn it entered?"

Record = dict[str, Any]
Id = str | int | float | None


#: A question -> its ``ask --json`` record (``RulesService.ask_json``).
Asker = Callable[[str], dict[str, Any]]


class _Refused(Exception):
    """A line that isn't a question record (the message says why)."""


@dataclass
class _Line:
    number: int
    data: bytes | None  # None: longer than MAX_BATCH_LINE_BYTES (the rest was skipped)
    stopped: bool = False  # the batch's line or byte cap: this line and the rest are not read


def answer_batch(ask: Asker, stream: IO[bytes]) -> Iterator[Record]:
    """One record per line of ``stream`` (see the module docstring)."""
    for line in _read_lines(stream):
        if line.stopped:
            yield _refusal(
                line.number,
                None,
                f"line {line.number}: stopped reading: a batch holds at most "
                f"{MAX_BATCH_LINES:,} lines and {MAX_BATCH_BYTES // 1_000_000} MB",
            )
            return
        yield answer_line(ask, line.number, line.data)


def answer_line(ask: Asker, number: int, data: bytes | None) -> Record:
    """The record for line ``number`` holding ``data`` (never raises)."""
    item_id: Id = None
    try:
        item = _parse(number, data)
        item_id = _id_of(item)
        question = _question_of(item)
    except _Refused as refusal:
        return _refusal(number, item_id, f"line {number}: {refusal}")
    try:
        return _checked({"line": number, "id": item_id, **ask(question)})
    except Exception as error:  # one question failing never stops the batch
        return _refusal(number, item_id, f"line {number}: {describe(error)}", ExitCode.DATA)


def answered(record: Record) -> bool:
    """Whether an ``ask --json`` record found something: a verified engine answer, or sources
    retrieval is not "none" about (the text reply's confidence, so both modes exit alike)."""
    sources = [s for s in record.get("sources") or [] if isinstance(s, dict)]
    if any(s.get("kind") == "engine" and s.get("verified") for s in sources):
        return True
    found = [s for s in sources if s.get("kind") != "engine"]
    return bool(found) and record.get("confidence") != "none"


def record_exit_code(record: Record) -> int:
    return int(record.get("exit_code", ExitCode.FOUND))


def _read_lines(stream: IO[bytes]) -> Iterator[_Line]:
    """Lines as bytes (BOM dropped from the first), bounded in length, count and total size."""
    total = 0
    for number in range(1, MAX_BATCH_LINES + 2):
        if number > MAX_BATCH_LINES or total > MAX_BATCH_BYTES:
            if stream.read(1):  # more input than a batch may hold
                yield _Line(number, None, stopped=True)
            return
        data = stream.readline(MAX_BATCH_LINE_BYTES + 1)
        if not data:
            return
        total += len(data)
        if len(data) > MAX_BATCH_LINE_BYTES and not data.endswith(b"\n"):
            total += _skip_to_newline(stream, MAX_BATCH_BYTES - total)
            yield _Line(number, None)
            continue
        yield _Line(number, data.removeprefix(BOM) if number == 1 else data)


def _skip_to_newline(stream: IO[bytes], budget: int) -> int:
    """Read past the rest of an over-long line without keeping it; the bytes read."""
    skipped = 0
    while skipped <= budget:
        chunk = stream.readline(MAX_BATCH_LINE_BYTES)
        skipped += len(chunk)
        if not chunk or chunk.endswith(b"\n"):
            break
    return skipped


def _parse(number: int, data: bytes | None) -> dict[str, Any]:
    import json

    if data is None:
        raise _Refused(f"longer than {MAX_BATCH_LINE_BYTES // 1000} kB")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as error:
        raise _Refused(f"not UTF-8 (byte {error.start + 1} is 0x{data[error.start]:02x})") from None
    if not text.strip():
        raise _Refused('empty; expected {"id": …, "question": "…"}')
    try:
        item = json.loads(text, parse_constant=_no_constant)
    except RecursionError:
        raise _Refused("not a question record (JSON nested too deeply)") from None
    except ValueError as error:  # JSONDecodeError, NaN/Infinity, a number too long to read
        reason = "a number has too many digits" if "digits" in str(error) else str(error)
        raise _Refused(f"not a question record ({printable(reason)})") from None
    if not isinstance(item, dict):
        raise _Refused('not a question record (expected a JSON object {"question": "…"})')
    return item


def _no_constant(name: str) -> float:
    raise ValueError(f"{name} is not valid JSON")


def _id_of(item: dict[str, Any]) -> Id:
    value = item.get("id")
    if value is None or isinstance(value, str):
        return value if value is None else printable(value)
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    if isinstance(value, float) and math.isfinite(value):
        return value
    raise _Refused('"id" must be a string, a finite number or null')


def _question_of(item: dict[str, Any]) -> str:
    if "question" not in item:
        raise _Refused('not a question record (no "question")')
    question = item["question"]
    if not isinstance(question, str):
        raise _Refused('"question" must be a string')
    # One character over the limit, as the service does, so the answer notes the cut.
    cleaned = limits.clean_lines(question, MAX_QUESTION + 1)  # lines kept for the reader (R13)
    if len(cleaned) < MIN_QUESTION:
        raise _Refused(EMPTY_QUESTION)
    return cleaned


def _refusal(number: int, item_id: Id, message: str, code: ExitCode = ExitCode.NOT_FOUND) -> Record:
    return {"line": number, "id": item_id, "error": printable(message), "exit_code": int(code)}


def _checked(record: Record) -> Record:
    """``record`` if it serialises as strict JSON, else an error record saying it didn't."""
    try:
        dumps(record)
    except ValueError as error:
        return _refusal(
            record["line"], record["id"], f"line {record['line']}: {describe(error)}", ExitCode.DATA
        )
    return record
