"""Board files worked out away from the bot's event loop: in child processes, under a deadline.

The engine is pure Python and CPU-bound. In a thread it holds the GIL, so two hostile boards
slow every other answer several times over; in a child process (at a lower CPU priority) it
can't. Each board runs under a cooperative deadline (``bot.boards.answer_questions``); a child
that is still busy ``OVERRUN_GRACE_S`` after it is killed and replaced, so an abandoned request
always frees its worker.
"""

from __future__ import annotations

import contextlib
import logging
import os
import queue
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Iterable
from dataclasses import dataclass
from multiprocessing.connection import Connection
from pathlib import Path
from typing import Any

from bot.render.board import BoardAnswer

log = logging.getLogger(__name__)

# past its deadline, how long a child may take before it is killed: less than what is left of
# the request's timeout (the bot gives boards 80% of 5 s), so the user hears why
OVERRUN_GRACE_S = 0.5
WORKER_NICENESS = 19  # children yield the CPU to the bot's event loop
WORKER_START_TIMEOUT_S = 30.0  # opening the knowledge base in a new child
CHILD_MODULE = "bot.service.board_child"


@dataclass(frozen=True)
class BoardResult:
    """A board file's answers, or the reader's refusal (a message that names the file)."""

    answers: tuple[BoardAnswer, ...] = ()
    rejected: str | None = None


def run_board(kb: Any, text: str, name: str, deadline: float, cr_date: str | None) -> BoardResult:
    """Read a board file against ``kb`` and answer its questions by ``deadline``
    (``time.monotonic()``, the same clock in every process)."""
    from bot.boards import BoardFileError, KnowledgeBaseCards, answer_questions, load_board_text

    try:
        spec = load_board_text(text, name, KnowledgeBaseCards(kb))
    except BoardFileError as exc:
        return BoardResult(rejected=f"I couldn't read that board: {exc}")
    out: list[BoardAnswer] = []
    for outcome in answer_questions(spec, budget_s=deadline - time.monotonic()):
        number, question, a = outcome.number, outcome.question, outcome.answer
        if a is None:
            kind = str(question.get("kind", "?"))
            out.append(BoardAnswer(number, kind, "", False, False, (), (), error=outcome.error))
            continue
        steps = tuple((s.rule, s.text) for s in a.steps)
        missing = uncited_rules(kb, (rule for rule, _ in steps), cr_date)
        verified = a.verified and not missing
        unmodelled = (*a.unmodelled, *missing)
        out.append(BoardAnswer(number, a.kind, a.short, verified, a.decided, steps, unmodelled))
    return BoardResult(tuple(out))


def uncited_rules(kb: Any, numbers: Iterable[str], cr_date: str | None) -> tuple[str, ...]:
    """Rules an answer cites that the CR in this database lacks: such an answer is not
    verified against the rules the user is reading."""
    missing = sorted({n for n in numbers if kb.rule(n) is None})
    edition = cr_date or "unknown date"
    return tuple(
        f"rule {n} is not in the Comprehensive Rules this database holds ({edition})"
        for n in missing
    )


class BoardWorkerError(Exception):
    """A child died or overran its deadline (it has been replaced)."""


def _child(jobs: Connection, results: Connection, db_path: str) -> None:
    """A child's life: open the knowledge base, then answer jobs until the pipe closes."""
    from rulings_db.knowledge import KnowledgeBase

    with contextlib.suppress(OSError):  # a platform without nice: the same priority
        os.nice(WORKER_NICENESS)
    kb = KnowledgeBase(Path(db_path))
    results.send("ready")
    while True:
        try:
            text, name, deadline, cr_date = jobs.recv()
        except (EOFError, OSError):
            return
        try:
            kb.refresh_if_changed()  # a sync may have swapped the file since the last job
            result: BoardResult | str = run_board(kb, text, name, deadline, cr_date)
        except Exception as exc:  # reported to the parent, which logs it; never a traceback
            result = f"{type(exc).__name__}: {exc}"
        results.send(result)


def main(argv: list[str]) -> None:
    """One child, started by ``BoardWorkers`` as ``python -m bot.service.board_child JOBS_FD
    RESULTS_FD DB``: a fresh interpreter, so nothing of the bot's threads or sockets."""
    # Ctrl-C reaches the whole process group: the parent decides, and closes the pipes
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    jobs_fd, results_fd, db_path = int(argv[1]), int(argv[2]), argv[3]
    jobs, results = Connection(jobs_fd, writable=False), Connection(results_fd, readable=False)
    with contextlib.suppress(EOFError, OSError):  # the parent went away: leave quietly
        _child(jobs, results, db_path)


class _Worker:
    def __init__(self, db_path: Path) -> None:
        jobs_r, jobs_w = os.pipe()
        results_r, results_w = os.pipe()
        try:
            self.process = subprocess.Popen(
                [sys.executable, "-m", CHILD_MODULE, str(jobs_r), str(results_w), str(db_path)],
                pass_fds=(jobs_r, results_w),
                stdin=subprocess.DEVNULL,
                stdout=subprocess.DEVNULL,
            )
        finally:
            os.close(jobs_r)
            os.close(results_w)
        self.jobs = Connection(jobs_w, readable=False)
        self.results = Connection(results_r, writable=False)
        try:
            ready = self.results.poll(WORKER_START_TIMEOUT_S) and self.results.recv() == "ready"
        except (EOFError, OSError):
            ready = False
        if not ready:
            self.kill()
            raise BoardWorkerError("a board worker did not start")

    @property
    def pid(self) -> int:
        return self.process.pid

    def kill(self) -> None:
        if self.process.poll() is None:
            self.process.kill()
        with contextlib.suppress(subprocess.TimeoutExpired):
            self.process.wait(5)
        self.jobs.close()
        self.results.close()


class BoardWorkers:
    """``size`` child processes that answer board files; thread-safe, started on first use."""

    def __init__(self, db_path: Path, size: int) -> None:
        self.db_path = db_path
        self.size = size
        self._idle: queue.Queue[_Worker | None] = queue.Queue()
        for _ in range(size):
            self._idle.put(None)  # a slot whose child starts when it is first needed
        self._all: set[_Worker] = set()
        self._lock = threading.Lock()
        self._closed = False
        self.killed = 0  # children killed for overrunning their deadline (or dying)

    def answer(self, text: str, name: str, deadline: float, cr_date: str | None) -> BoardResult:
        """Blocks until a child has answered; raises ``BoardWorkerError`` when it overran."""
        try:
            worker = self._idle.get(timeout=max(0.0, deadline - time.monotonic()))
        except queue.Empty:
            return BoardResult(rejected="The rules engine is busy. Please try again in a moment.")
        try:
            worker = worker or self._start()
        except BoardWorkerError:
            self._idle.put(None)
            raise
        try:
            worker.jobs.send((text, name, deadline, cr_date))
            wait = max(0.0, deadline - time.monotonic()) + OVERRUN_GRACE_S
            if not worker.results.poll(wait):
                raise BoardWorkerError(f"a board worker overran its deadline by {wait:.1f} s")
            result = worker.results.recv()
        except (BoardWorkerError, EOFError, OSError) as exc:
            self._retire(worker)
            self._idle.put(None)
            raise BoardWorkerError(str(exc) or "a board worker died") from None
        self._idle.put(worker)
        if isinstance(result, str):
            raise BoardWorkerError(f"a board worker failed: {result}")
        return result

    def warm(self) -> None:
        """Start the children now, in the background, so no request waits for a start-up."""
        threading.Thread(target=self._warm, name="rulesbot-board-warm", daemon=True).start()

    def _warm(self) -> None:
        for _ in range(self.size):
            try:
                slot = self._idle.get_nowait()
            except queue.Empty:  # every slot is busy answering: those children have started
                return
            try:
                slot = slot or self._start()
            except BoardWorkerError as exc:
                log.warning("board worker did not start: %s", exc)
            self._idle.put(slot)

    def _start(self) -> _Worker:
        worker = _Worker(self.db_path)
        with self._lock:
            if self._closed:
                worker.kill()
                raise BoardWorkerError("the board workers are shut down")
            self._all.add(worker)
        return worker

    def _retire(self, worker: _Worker) -> None:
        self.killed += 1
        log.warning("killing board worker %s (overran or died)", worker.pid)
        with self._lock:
            self._all.discard(worker)
        worker.kill()

    def pids(self) -> list[int]:
        with self._lock:
            return [w.pid for w in self._all]

    def close(self) -> None:
        with self._lock:
            self._closed = True
            workers, self._all = list(self._all), set()
        for worker in workers:
            worker.kill()
