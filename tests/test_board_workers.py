"""Board files answered in child processes: a stuck child is killed and replaced, and the
hostile files the limits admit keep a child's memory small."""

from __future__ import annotations

import os
import signal
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from bot.service.board_work import BoardWorkerError, BoardWorkers
from tests.hostile_boards import expensive_board
from tests.test_board_limits import billion_laughs

SCENARIO = Path(__file__).resolve().parent / "engine" / "scenarios" / "S01.yaml"


@pytest.fixture
def workers(kb_path: Path) -> Iterator[BoardWorkers]:
    pool = BoardWorkers(kb_path, 1)
    try:
        yield pool
    finally:
        pool.close()


def soon(seconds: float = 5.0) -> float:
    return time.monotonic() + seconds


def test_a_board_is_answered_in_a_child_process(workers: BoardWorkers) -> None:
    result = workers.answer(SCENARIO.read_text(), SCENARIO.name, soon(), None)
    assert result.rejected is None and result.answers
    assert all(a.decided for a in result.answers)
    (pid,) = workers.pids()
    assert pid != os.getpid()


def test_a_refused_file_comes_back_as_the_readers_message(workers: BoardWorkers) -> None:
    result = workers.answer(billion_laughs(), "laughs.yaml", soon(), None)
    assert result.rejected is not None and "anchors and aliases" in result.rejected


def test_a_board_out_of_time_ends_could_not_decide(
    workers: BoardWorkers, monkeypatch: pytest.MonkeyPatch
) -> None:
    # what is pinned is the child's own deadline check, not how fast a loaded machine lets it
    # report back: a generous grace keeps a busy CI machine from killing it first
    monkeypatch.setattr("bot.service.board_work.OVERRUN_GRACE_S", 10.0)
    result = workers.answer(expensive_board(), "heavy.json", soon(0.3), None)
    assert result.answers and not any(a.decided for a in result.answers)


def test_a_stuck_child_is_killed_and_replaced(workers: BoardWorkers) -> None:
    workers.answer(SCENARIO.read_text(), SCENARIO.name, soon(), None)
    (stuck,) = workers.pids()
    os.kill(stuck, signal.SIGSTOP)  # it can no longer answer, whatever its deadline says
    with pytest.raises(BoardWorkerError, match="overran its deadline"):
        workers.answer(SCENARIO.read_text(), SCENARIO.name, soon(0.1), None)
    assert workers.killed == 1 and workers.pids() == []
    result = workers.answer(SCENARIO.read_text(), SCENARIO.name, soon(), None)
    assert result.answers
    (fresh,) = workers.pids()
    assert fresh != stuck


def peak_rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) / 1024
    raise AssertionError("no VmHWM")


def test_hostile_boards_keep_a_child_small(workers: BoardWorkers) -> None:
    if not Path("/proc/self/status").exists():
        pytest.skip("no /proc to read a child's peak memory from")
    hostile = {
        "laughs.yaml": billion_laughs(),
        "deep.json": "[" * 60_000 + "]" * 60_000,
        "number.yaml": "board: {turn: {number: " + "9" * 5000 + "}}\n",
        "heavy.json": expensive_board(),
    }
    for name, text in hostile.items():
        workers.answer(text, name, soon(1.0), None)
    (pid,) = workers.pids()
    assert peak_rss_mb(pid) < 300


def test_warm_starts_the_children_before_any_board(workers: BoardWorkers) -> None:
    workers.warm()
    deadline = soon(30)
    while not workers.pids() and time.monotonic() < deadline:
        time.sleep(0.05)
    (pid,) = workers.pids()
    assert workers.answer(SCENARIO.read_text(), SCENARIO.name, soon(), None).answers
    assert workers.pids() == [pid]
