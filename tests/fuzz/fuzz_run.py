"""Running hostile input through ``rulesbot``, in-process (click's runner) or as a real process,
and the checks every run must pass: no traceback, bounded time and memory, documented exits."""

from __future__ import annotations

import hashlib
import json
import os
import signal
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from click.testing import CliRunner, Result
from hypothesis import HealthCheck, settings

from bot.cli import main
from bot.cli.errors import ExitCode

HANG_S = 15.0  # a run still going after this is a hang: killed, and the test fails
MAX_RSS_MB = 600  # peak resident memory of one rulesbot process
# Address space a child may map (RLIMIT_AS): far above what a run needs, so a regression that
# explodes fails there (a MemoryError) instead of taking a shared machine's memory with it.
CHILD_ADDRESS_SPACE_MB = 4096
DOCUMENTED_EXITS = {int(code) for code in ExitCode} - {ExitCode.INTERRUPTED}

# Derandomised, so CI runs the same hostile inputs every time and a failure reproduces;
# RULESBOT_FUZZ_RANDOM=1 draws fresh ones.
FUZZ = settings(
    derandomize=os.environ.get("RULESBOT_FUZZ_RANDOM") != "1",
    database=None,
    deadline=None,
    print_blob=True,
    suppress_health_check=[
        HealthCheck.too_slow,
        HealthCheck.data_too_large,
        HealthCheck.large_base_example,
        HealthCheck.function_scoped_fixture,
    ],
)

# distinct hostile inputs run, by kind (printed at the end of the session)
TALLY: dict[str, set[str]] = {"cli": set(), "console": set(), "batch": set(), "board": set()}


def count(kind: str, item: object) -> None:
    digest = hashlib.sha1(repr(item).encode("utf-8", "surrogatepass")).hexdigest()
    TALLY[kind].add(digest)


# every real process run: (seconds, peak RSS in MB)
PROCESSES: list[tuple[float, float]] = []


def tally_lines() -> list[str]:
    total = sum(len(seen) for seen in TALLY.values())
    parts = ", ".join(f"{kind} {len(seen)}" for kind, seen in TALLY.items())
    lines = [f"hostile inputs run: {total} ({parts})"]
    if PROCESSES:
        slowest = max(seconds for seconds, _ in PROCESSES)
        biggest = max(rss for _, rss in PROCESSES)
        lines.append(
            f"real processes: {len(PROCESSES)}, slowest {slowest:.1f} s (limit {HANG_S:g}), "
            f"peak RSS {biggest:.0f} MB (limit {MAX_RSS_MB})"
        )
    return lines


# -- checks ----------------------------------------------------------------------------------


def assert_no_traceback(*texts: str) -> None:
    for text in texts:
        assert "Traceback" not in text, text[-3000:]


def assert_json_object(text: str) -> dict[str, object]:
    payload = json.loads(text, parse_constant=_reject_constant)
    assert isinstance(payload, dict), text[:500]
    return payload


def _reject_constant(name: str) -> object:
    raise AssertionError(f"{name} is not valid JSON")


def wants_help(args: Sequence[str]) -> bool:
    for arg in args:
        if arg == "--":
            return False
        if arg in ("-h", "--help"):
            return True
    return False


# -- in-process ------------------------------------------------------------------------------


class Hang(BaseException):
    """Raised in the main thread when an in-process run passes HANG_S."""


@contextmanager
def time_limit(seconds: float = HANG_S) -> Iterator[None]:
    def expire(signum: int, frame: object) -> None:
        raise Hang(f"still running after {seconds:g} s")

    previous = signal.signal(signal.SIGALRM, expire)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def invoke(kb_path: Path, args: Sequence[str], stdin: bytes | None = None) -> tuple[Result, float]:
    """``rulesbot ARGS`` through click's runner: the result and its wall time, hangs failed."""
    runner = CliRunner(env={"RULESBOT_DB": str(kb_path), "RULESBOT_AUTO_SYNC": "0"})
    peak_before = self_peak_rss_mb()
    start = time.perf_counter()
    with time_limit():
        result = runner.invoke(main, list(args), input=stdin)
    seconds = time.perf_counter() - start
    assert seconds < HANG_S, f"hang: {args!r} ran {seconds:.1f} s"
    # in-process, memory is the test process's: its peak may not rise by more than the limit
    growth = self_peak_rss_mb() - peak_before
    assert growth <= MAX_RSS_MB, f"{args!r} raised the peak RSS by {growth:.0f} MB"
    assert result.exception is None or isinstance(result.exception, SystemExit), (
        f"{args!r} raised {result.exception!r}"
    )
    assert_no_traceback(result.stdout, result.stderr)
    return result, seconds


def self_peak_rss_mb() -> float:
    import resource

    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


# -- a real process --------------------------------------------------------------------------


@dataclass
class ProcessRun:
    code: int
    stdout: bytes
    stderr: bytes
    seconds: float
    peak_rss_mb: float
    hung: bool

    def check(self, allowed: set[int] = DOCUMENTED_EXITS) -> None:
        """No hang, no traceback, memory within bounds, a documented exit code."""
        assert not self.hung, f"hang: killed after {HANG_S:g} s"
        out = self.stdout.decode("utf-8", "replace")
        err = self.stderr.decode("utf-8", "replace")
        assert_no_traceback(out, err)
        assert self.peak_rss_mb <= MAX_RSS_MB, f"peak memory {self.peak_rss_mb:.0f} MB"
        assert self.code in allowed, f"exit {self.code}: {err[-2000:]}"


def _limit_address_space() -> None:
    import resource

    limit = CHILD_ADDRESS_SPACE_MB * 1024 * 1024
    resource.setrlimit(resource.RLIMIT_AS, (limit, limit))


RULESBOT = [
    sys.executable,
    "-c",
    "import sys; from bot.cli import main; main(prog_name='rulesbot')",
]


def run_process(
    args: Sequence[str | bytes],
    *,
    stdin: bytes = b"",
    stdin_path: Path | None = None,
    env: dict[str, str] | None = None,
    kb_path: Path | None = None,
) -> ProcessRun:
    """``rulesbot ARGS`` as a child process: killed after HANG_S, its own peak memory measured."""
    child_env = {**os.environ, "RULESBOT_AUTO_SYNC": "0", **(env or {})}
    if kb_path is not None:
        child_env["RULESBOT_DB"] = str(kb_path)
    with (
        tempfile.TemporaryFile() as given,
        tempfile.TemporaryFile() as out,
        tempfile.TemporaryFile() as err,
    ):
        given.write(stdin)
        given.seek(0)
        source = given if stdin_path is None else stdin_path.open("rb")
        start = time.perf_counter()
        with source:
            proc = subprocess.Popen(
                [*RULESBOT, *args],
                stdin=source,
                stdout=out,
                stderr=err,
                env=child_env,
                preexec_fn=_limit_address_space,
            )
        killed = threading.Event()

        def kill() -> None:
            killed.set()
            proc.kill()

        timer = threading.Timer(HANG_S, kill)
        timer.start()
        try:
            _, status, usage = os.wait4(proc.pid, 0)  # the child's own rusage
        finally:
            timer.cancel()
        proc.returncode = os.waitstatus_to_exitcode(status)
        seconds = time.perf_counter() - start
        out.seek(0)
        err.seek(0)
        PROCESSES.append((seconds, usage.ru_maxrss / 1024))
        return ProcessRun(
            code=proc.returncode,
            stdout=out.read(),
            stderr=err.read(),
            seconds=seconds,
            peak_rss_mb=usage.ru_maxrss / 1024,
            hung=killed.is_set(),
        )
