"""The CLI's one error path: documented exit codes, alike with and without --json, no traceback."""

from __future__ import annotations

import json
from pathlib import Path

import click
import pytest
from click.testing import CliRunner

from bot.cli import main
from bot.cli.errors import ExitCode

# (arguments, exit code): the same code with and without --json
CASES = [
    (["card", "goyf"], ExitCode.FOUND),
    (["card", "jace"], ExitCode.FOUND),  # ambiguous: choices offered, not a failure
    (["card", "zzqqxx"], ExitCode.NOT_FOUND),
    (["card", ""], ExitCode.NOT_FOUND),
    (["rulings", "soul", "separator"], ExitCode.FOUND),
    (["rulings", "zzqqxx"], ExitCode.NOT_FOUND),
    (["cr", "702.19b"], ExitCode.FOUND),
    (["cr", "999.9"], ExitCode.NOT_FOUND),
    (["cr", ""], ExitCode.NOT_FOUND),
    (["define", "trample"], ExitCode.FOUND),
    (["define", "zzqq"], ExitCode.NOT_FOUND),
    (["define", "\udcff"], ExitCode.NOT_FOUND),  # an undecodable argv byte
    (["ask", "what does trample do?"], ExitCode.FOUND),
    (["ask", ""], ExitCode.NOT_FOUND),
    (["ask", "xyzzy plugh frobnicate"], ExitCode.NOT_FOUND),  # nothing answers it
    (  # a described board: the engine's answer first, then retrieval's
        [
            "ask",
            "I control Vizier of Many Faces that entered this turn as a copy of Llanowar Elves,"
            " can I tap it for mana?",
        ],
        ExitCode.FOUND,
    ),
    (["ask"], ExitCode.USAGE),
    (["card"], ExitCode.USAGE),
    (["card", "goyf", "--no-such-flag"], ExitCode.USAGE),
]


@pytest.fixture
def invoke(kb_path: Path):
    runner = CliRunner()

    def run(*args: str):
        return runner.invoke(main, [*args, "--db", str(kb_path)], catch_exceptions=False)

    return run


@pytest.mark.parametrize(("args", "code"), CASES, ids=[" ".join(a)[:40] for a, _ in CASES])
def test_exit_codes_are_the_same_with_and_without_json(invoke, args, code):
    text = invoke(*args)
    as_json = invoke(*args, "--json")
    assert (text.exit_code, as_json.exit_code) == (code, code), text.output + as_json.output
    assert "Traceback" not in text.output + as_json.output
    payload = json.loads(as_json.stdout)
    assert isinstance(payload, dict)
    if code == ExitCode.USAGE:
        assert payload["exit_code"] == code and payload["error"]


def test_define_json_with_an_undecodable_byte_answers_in_json(invoke):
    result = invoke("define", "--json", "\udcff")
    assert json.loads(result.stdout)["found"] is False and result.exit_code == 1


def test_a_missing_database_is_a_data_error_in_both_modes(tmp_path, monkeypatch):
    monkeypatch.setenv("RULESBOT_AUTO_SYNC", "0")
    missing = str(tmp_path / "none.sqlite")
    text = CliRunner().invoke(main, ["define", "trample", "--db", missing])
    as_json = CliRunner().invoke(main, ["define", "trample", "--db", missing, "--json"])
    assert text.exit_code == as_json.exit_code == ExitCode.DATA
    assert text.stderr.startswith("error: ") and "rulesbot sync" in text.stderr
    assert json.loads(as_json.stdout)["exit_code"] == ExitCode.DATA


def test_an_unexpected_exception_is_one_line_and_exit_3(invoke, monkeypatch):
    from rulings_db.knowledge import KnowledgeBase

    def broken(self, term):
        raise RuntimeError("disk on fire\nsecond line")

    monkeypatch.setattr(KnowledgeBase, "define", broken)
    text = invoke("define", "trample")  # the service words its own failures for users
    as_json = invoke("define", "trample", "--json")
    assert text.exit_code == as_json.exit_code == ExitCode.DATA
    assert text.stderr == "error: Something went wrong looking that up.\n"
    assert json.loads(as_json.stdout) == {
        "error": "internal error (RuntimeError: disk on fire second line)",
        "exit_code": 3,
    }


def test_a_new_command_gets_the_error_path_for_free():
    @main.command("explode-for-test")
    @click.option("--json", "as_json", is_flag=True)
    def explode(as_json: bool) -> None:
        raise RecursionError("maximum recursion depth exceeded")

    try:
        text = CliRunner().invoke(main, ["explode-for-test"])
        as_json = CliRunner().invoke(main, ["explode-for-test", "--json"])
    finally:
        main.commands.pop("explode-for-test")
    assert text.exit_code == as_json.exit_code == ExitCode.DATA
    assert text.stderr == "error: the input is nested too deeply to read\n"
    assert json.loads(as_json.stdout)["exit_code"] == ExitCode.DATA


def test_ask_with_both_a_question_and_a_batch_is_a_usage_error(invoke, tmp_path):
    batch = tmp_path / "q.jsonl"
    batch.write_text('{"question": "what does trample do?"}\n', encoding="utf-8")
    assert invoke("ask", "--batch", str(batch), "trample?").exit_code == ExitCode.USAGE


def test_ctrl_c_exits_130_without_a_traceback(invoke, monkeypatch):
    from rulings_db.knowledge import KnowledgeBase

    def interrupted(self, term):
        raise KeyboardInterrupt

    monkeypatch.setattr(KnowledgeBase, "define", interrupted)
    result = invoke("define", "trample", "--json")
    assert result.exit_code == ExitCode.INTERRUPTED and "Traceback" not in result.output


# -- ask --batch -------------------------------------------------------------------------------


def _batch(invoke, tmp_path: Path, content: bytes):
    path = tmp_path / "batch.jsonl"
    path.write_bytes(content)
    result = invoke("ask", "--batch", str(path))
    return result, [json.loads(line) for line in result.stdout.splitlines()]


def test_batch_keeps_the_first_record_after_a_utf8_bom(invoke, tmp_path):
    result, records = _batch(
        invoke, tmp_path, b'\xef\xbb\xbf{"id": "first", "question": "what does trample do?"}\n'
    )
    assert result.exit_code == 0 and records[0]["id"] == "first" and records[0]["sources"]


def test_batch_answers_a_line_holding_a_lone_surrogate_escape(invoke, tmp_path):
    result, records = _batch(
        invoke, tmp_path, b'{"id": "\\ud800", "question": "\\ud800 what does trample do?"}\n'
    )
    assert result.exit_code == 0 and records[0]["id"] == "\ufffd" and records[0]["sources"]


@pytest.mark.parametrize("constant", [b"NaN", b"Infinity", b"-Infinity", b"1e999"])
def test_batch_refuses_ids_that_are_not_finite_numbers(invoke, tmp_path, constant):
    result, records = _batch(
        invoke, tmp_path, b'{"id": ' + constant + b', "question": "trample"}\n'
    )
    assert result.exit_code == 1 and records[0]["id"] is None and "error" in records[0]


def test_batch_gives_one_record_per_line_whatever_the_line_holds(invoke, tmp_path):
    lines = [
        b'{"id": 1, "question": "what does trample do?"}',
        b"",  # an empty line: an error record, so output line N answers input line N
        b"\xff\xfe not utf-8",
        b"[" * 50_000,  # nested too deeply for json
        b'{"id": "huge", "question": "' + b"x" * 1_000_000 + b'"}',
        b'{"id": 2, "question": 7}',
        b'{"id": 3, "question": "' + b"1" * 5_000 + b'"}',
        b'{"id": 4, "n": 1' + b"1" * 5_000 + b"}",
        b'{"id": 5, "question": "what does trample do?"}',
    ]
    result, records = _batch(invoke, tmp_path, b"\n".join(lines) + b"\n")
    assert [r["line"] for r in records] == list(range(1, len(lines) + 1))
    assert [r["id"] for r in records] == [1, None, None, None, None, 2, 3, None, 5]
    refused = [("error" in r) for r in records]
    assert refused == [False, True, True, True, True, True, False, True, False]
    assert "empty" in records[1]["error"] and "UTF-8" in records[2]["error"]
    assert "nested too deeply" in records[3]["error"] and "64 kB" in records[4]["error"]
    assert result.exit_code == ExitCode.NOT_FOUND


def test_batch_of_dev_zero_stops_at_the_byte_limit(invoke):
    result = invoke("ask", "--batch", "/dev/zero")
    records = [json.loads(line) for line in result.stdout.splitlines()]
    assert result.exit_code == 1 and "stopped reading" in records[-1]["error"]


def test_batch_bom_before_an_over_long_first_line_is_still_one_record(invoke, tmp_path):
    # found by the fuzz suite: the BOM was dropped before the length check, so the first
    # line's unread tail came back as a second record
    head = b'\xef\xbb\xbf{"id": "huge", "question": "' + b"x" * 63_990
    result, records = _batch(invoke, tmp_path, head + b'x"}\n{"id": 2, "question": "trample?"}\n')
    assert [r["line"] for r in records] == [1, 2] and "64 kB" in records[0]["error"]
    assert result.exit_code == ExitCode.NOT_FOUND


def test_an_unreadable_batch_file_is_a_user_error_naming_it(invoke, tmp_path, monkeypatch):
    batch = tmp_path / "locked.jsonl"
    batch.write_text('{"question": "what does trample do?"}\n', encoding="utf-8")
    real_open = Path.open

    def refuse(self, *args, **kwargs):
        if self.name == "locked.jsonl":
            raise PermissionError(13, "Permission denied")
        return real_open(self, *args, **kwargs)

    monkeypatch.setattr(Path, "open", refuse)
    result = invoke("ask", "--batch", str(batch))
    assert result.exit_code == ExitCode.NOT_FOUND
    assert result.stderr == f"error: {batch}: Permission denied\n"


def test_every_exit_code_is_in_the_readme_table_and_nothing_else_is():
    readme = (Path(__file__).resolve().parents[1] / "README.md").read_text(encoding="utf-8")
    section = readme.split("## Errors and exit codes", 1)[1].split("\n## ", 1)[0]
    rows = {
        int(line.split("|")[1])
        for line in section.splitlines()
        if line[:3] in ("| 0", "| 1", "| 2", "| 3")
    }
    assert rows == {int(code) for code in ExitCode}


def test_batch_records_only_carry_documented_exit_codes(invoke, tmp_path):
    lines = [b"", b"{", b'{"id": NaN}', b'{"question": "what does trample do?"}']
    _result, records = _batch(invoke, tmp_path, b"\n".join(lines) + b"\n")
    assert {r.get("exit_code", 0) for r in records} <= {int(code) for code in ExitCode}
