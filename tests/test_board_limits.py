"""Board files that would cost unbounded time or memory are refused, with the limit named.

Every refusal is a ``BoardFileError`` whose message names the file, the limit and its value.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
from dataclasses import replace
from pathlib import Path

import pytest

from bot.boards import (
    LIMITS,
    BoardFileError,
    answer_questions,
    load_board_file,
    load_board_text,
)
from engine.board import MAX_OBJECTS

REPO = Path(__file__).resolve().parents[1]
BEARS = "cards:\n  Grizzly Bears: {mana_cost: '{1}{G}', type_line: Creature — Bear, pt: 2/2}\n"


def billion_laughs(levels: int = 9) -> str:
    """Nine levels of nine aliases: 341 bytes that expand to 9**9 strings."""
    lines = ['a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]']
    for i in range(1, levels):
        prev, cur = chr(96 + i), chr(97 + i)
        lines.append(f"{cur}: &{cur} [" + ",".join([f"*{prev}"] * 9) + "]")
    return "\n".join(lines) + "\n"


def refusal(text: str, name: str = "hostile.yaml") -> str:
    with pytest.raises(BoardFileError) as info:
        load_board_text(text, name)
    return str(info.value)


def test_billion_laughs_is_refused_before_anything_expands() -> None:
    text = billion_laughs()
    assert len(text) < 400
    msg = refusal(text)
    assert msg.startswith("hostile.yaml: line 1: YAML anchors and aliases")


def test_a_single_anchor_is_refused_too() -> None:
    assert "anchors and aliases" in refusal("board: &b {}\n")


def test_an_alias_in_a_merge_key_is_refused() -> None:
    assert "anchors and aliases" in refusal("x: &x {life: 3}\nboard: {<<: *x}\n")


def test_deeply_nested_yaml_names_the_depth_limit() -> None:
    text = "".join(" " * i + "a:\n" for i in range(200))
    msg = refusal(text)
    assert f"nests too deeply; the limit is {LIMITS.max_depth} levels" in msg


def test_deeply_nested_yaml_flow_lists_are_refused() -> None:
    msg = refusal("[" * 50_000 + "]" * 50_000)
    assert "hostile.yaml" in msg and "nest" in msg


def test_deeply_nested_json_names_the_depth_limit() -> None:
    msg = refusal("[" * 100_000 + "]" * 100_000, "hostile.json")
    assert msg == f"hostile.json: the file nests too deeply; the limit is {LIMITS.max_depth} levels"


def test_json_brackets_inside_strings_do_not_count_as_nesting() -> None:
    text = json.dumps({"notes": "[" * 100 + '\\"{', "board": {}})
    assert load_board_text(text, "ok.json").questions == []


def test_a_5000_digit_yaml_number_is_refused() -> None:
    msg = refusal("board: {turn: {number: " + "9" * 5000 + "}}\n")
    assert f"a number is too long; the limit is {LIMITS.max_number_chars} characters" in msg
    assert "line 1" in msg


def test_a_5000_digit_json_number_is_refused() -> None:
    msg = refusal('{"board": {"turn": {"number": ' + "9" * 5000 + "}}}", "hostile.json")
    assert "a number is too long" in msg


def test_a_long_float_and_an_explicitly_tagged_int_are_refused() -> None:
    assert "a number is too long" in refusal("board: {x: 1" + "0" * 400 + ".5}\n")
    assert "a number is too long" in refusal("board: {x: !!int '" + "9" * 100 + "'}\n")


def test_a_long_quoted_digit_string_is_text_not_a_number() -> None:
    board = load_board_text("notes: '" + "9" * 100 + "'\nboard: {}\n", "ok.yaml")
    assert board.raw["notes"] == "9" * 100


def test_json_nan_and_infinity_are_refused() -> None:
    assert "NaN is not a JSON number" in refusal('{"board": NaN}', "x.json")
    assert "Infinity is not a JSON number" in refusal('{"board": -Infinity}', "x.json")


def test_a_string_over_the_limit_is_refused() -> None:
    msg = refusal("notes: " + "x" * (LIMITS.max_string_chars + 1) + "\n")
    assert f"a value is too long; the limit is {LIMITS.max_string_chars:,} characters" in msg


def test_text_bigger_than_the_cap_is_refused() -> None:
    msg = refusal("notes: x\n" * (LIMITS.max_bytes // 9 + 1))
    assert f"the file is too large; the limit is {LIMITS.max_bytes:,} bytes" in msg


def test_too_many_values_is_refused() -> None:
    limits = replace(LIMITS, max_nodes=100)
    with pytest.raises(BoardFileError, match="too many values; the limit is 100 values"):
        load_board_text("board: {}\nnotes: [" + "1, " * 200 + "1]\n", "x.yaml", limits=limits)


def test_too_many_questions_is_refused() -> None:
    text = BEARS + "board: {}\nquestions:\n" + "  - {kind: after_sba}\n" * 200
    msg = refusal(text)
    assert f"too many questions (200); the limit is {LIMITS.max_questions} questions" in msg


def test_questions_at_the_limit_are_accepted() -> None:
    text = "board: {}\nquestions:\n" + "  - {kind: after_sba}\n" * LIMITS.max_questions
    assert len(load_board_text(text, "ok.yaml").questions) == LIMITS.max_questions


def test_too_many_objects_is_refused() -> None:
    text = (
        BEARS
        + "board:\n  battlefield:\n"
        + "    - {id: a, card: Grizzly Bears, controller: P1, count: 400}\n"
        + "    - {id: b, card: Grizzly Bears, controller: P1, count: 400}\n"
    )
    assert f"the limit is {MAX_OBJECTS}" in refusal(text)
    assert LIMITS.max_objects == MAX_OBJECTS


def test_dev_zero_is_read_only_up_to_the_cap(tmp_path: Path) -> None:
    if not Path("/dev/zero").exists():
        pytest.skip("no /dev/zero on this system")
    with pytest.raises(BoardFileError, match="the file is too large; the limit is"):
        load_board_file(Path("/dev/zero"))


def test_a_regular_file_bigger_than_the_cap_is_refused(tmp_path: Path) -> None:
    big = tmp_path / "big.yaml"
    big.write_text("notes: x\n" * (LIMITS.max_bytes // 9 + 10))
    with pytest.raises(BoardFileError, match=f"{big}: the file is too large"):
        load_board_file(big)


def test_a_fifo_that_never_ends_is_given_up_on(tmp_path: Path) -> None:
    if not hasattr(os, "mkfifo"):
        pytest.skip("no FIFOs on this system")
    fifo = tmp_path / "board.yaml"
    os.mkfifo(fifo)
    held = threading.Event()

    def writer() -> None:  # opens the pipe, writes a little, never closes it in time
        with open(fifo, "w") as fh:
            fh.write("board: {}\n")
            fh.flush()
            held.wait(5)

    thread = threading.Thread(target=writer, daemon=True)
    thread.start()
    try:
        with pytest.raises(BoardFileError, match=r"no end of file after 0\.2 s"):
            load_board_file(fifo, limits=replace(LIMITS, read_timeout_s=0.2))
    finally:
        held.set()
        thread.join(5)


def test_a_fifo_with_a_board_is_read(tmp_path: Path) -> None:
    if not hasattr(os, "mkfifo"):
        pytest.skip("no FIFOs on this system")
    fifo = tmp_path / "board.yaml"
    os.mkfifo(fifo)

    def writer() -> None:
        with open(fifo, "w") as fh:
            fh.write("board: {}\nquestions: [{kind: after_sba}]\n")

    thread = threading.Thread(target=writer, daemon=True)
    thread.start()
    try:
        assert len(load_board_file(fifo).questions) == 1
    finally:
        thread.join(5)


def test_a_folder_or_a_null_byte_path_is_a_clear_error(tmp_path: Path) -> None:
    with pytest.raises(BoardFileError, match="is a folder"):
        load_board_file(tmp_path)
    with pytest.raises(BoardFileError, match="null byte"):
        load_board_file(Path("a\0b"))


MEASURE = """
import resource, sys
from pathlib import Path
from bot.boards import BoardFileError, load_board_file
before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
for name in sys.argv[1:]:
    try:
        load_board_file(Path(name))
    except BoardFileError:
        pass
after = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
print((after - before) // 1024)
"""


def test_hostile_files_cost_little_memory(tmp_path: Path) -> None:
    files = {
        "laughs.yaml": billion_laughs(),
        "deep.yaml": "".join(" " * i + "a:\n" for i in range(2000)),
        "deep.json": "[" * 200_000 + "]" * 200_000,
        "number.yaml": "board: {turn: {number: " + "9" * 5000 + "}}\n",
        "questions.yaml": "board: {}\nquestions:\n" + "  - {kind: after_sba}\n" * 5000,
        "big.yaml": "notes: x\n" * 1_000_000,
    }
    for name, text in files.items():
        (tmp_path / name).write_text(text)
    paths = [str(tmp_path / n) for n in files]
    if Path("/dev/zero").exists():
        paths.append("/dev/zero")
    out = subprocess.run(
        [sys.executable, "-c", MEASURE, *paths],
        capture_output=True,
        text=True,
        cwd=REPO,
        timeout=60,
        check=True,
    )
    grown_mb = int(out.stdout.strip())
    assert grown_mb < 50, f"peak memory grew by {grown_mb} MB reading hostile board files"


class StepClock:
    """A clock that moves one second each time it is read."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        self.now += 1.0
        return self.now


def test_a_file_s_questions_share_one_time_budget() -> None:
    text = "board: {}\nquestions:\n" + "  - {kind: after_sba}\n" * 5
    board_file = load_board_text(text, "ok.yaml")
    outcomes = answer_questions(board_file, budget_s=2.5, clock=StepClock())
    answers = [o.answer for o in outcomes]
    assert all(a is not None for a in answers)
    assert [a.decided for a in answers if a] == [True, True, False, False, False]
    last = answers[-1]
    assert last is not None and "time budget (2.5 s for all its questions) ran out" in last.short
    assert not last.verified


def test_an_unreadable_question_is_reported_and_the_rest_answered() -> None:
    text = "board: {}\nquestions:\n  - {kind: nonsense}\n  - {kind: after_sba}\n"
    first, second = answer_questions(load_board_text(text, "ok.yaml"))
    assert first.answer is None and first.error and "unknown question kind" in first.error
    assert first.line == 3
    assert second.answer is not None and second.answer.decided
