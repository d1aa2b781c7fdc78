"""Hostile ``ask --batch`` files: exactly one strict-JSON object per input line, in order, and
the run never stops on a bad line."""

from __future__ import annotations

import json
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest
from fuzz_hostile import batch_line
from fuzz_run import FUZZ, assert_json_object, count, run_process, time_limit
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.cli.batch import answer_batch
from bot.cli.errors import ExitCode, dumps
from bot.service.core import RulesService

BOM = b"\xef\xbb\xbf"


@pytest.fixture(scope="module")
def service(kb_path: Path) -> Iterator[RulesService]:
    opened = RulesService.open(kb_path)
    yield opened
    opened.close()


def _file(lines: list[bytes], bom: bool) -> bytes:
    return (BOM if bom else b"") + b"\n".join(lines) + b"\n"


def _check_records(records: list[dict[str, object]], lines: list[bytes]) -> None:
    assert [r["line"] for r in records] == list(range(1, len(lines) + 1))
    for record in records:
        assert ("error" in record) != ("sources" in record), record
        if "error" in record:
            assert record["exit_code"] in (ExitCode.NOT_FOUND, ExitCode.DATA)
            assert isinstance(record["error"], str) and "Traceback" not in record["error"]


@settings(FUZZ, max_examples=15)
@given(lines=st.lists(batch_line(), min_size=20, max_size=60), bom=st.booleans())
def test_every_line_gets_one_strict_json_record(
    service: RulesService, lines: list[bytes], bom: bool
) -> None:
    for line in lines:
        count("batch", line)
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "batch.jsonl"
        path.write_bytes(_file(lines, bom))
        with time_limit(), path.open("rb") as stream:
            records = list(answer_batch(service.ask_json, stream))
    for record in records:
        assert json.loads(dumps(record)) == json.loads(dumps(record))  # strict JSON, no NaN
    _check_records(records, lines)


@settings(FUZZ, max_examples=2)
@given(lines=st.lists(batch_line(), min_size=100, max_size=120), bom=st.booleans())
def test_a_hostile_batch_file_in_a_real_process(kb_path, lines: list[bytes], bom: bool) -> None:
    for line in lines:
        count("batch", ("process", line))
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "batch.jsonl"
        path.write_bytes(_file(lines, bom))
        run = run_process(["ask", "--batch", str(path), "--json"], kb_path=kb_path)
    run.check({ExitCode.FOUND, ExitCode.NOT_FOUND, ExitCode.DATA})
    records = [assert_json_object(line) for line in run.stdout.decode("utf-8").splitlines()]
    _check_records(records, lines)
    assert run.code == max([r.get("exit_code", 0) for r in records])
