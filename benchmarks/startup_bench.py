"""How long a one-shot command takes, against the bare imports it cannot avoid.

The baseline, in the same run, is a Python process that only imports click, sqlite-utils and
rapidfuzz (the libraries every lookup needs). Each command runs as its own process, as a
person typing it would; it prints median, p95 and the ratio of medians to the baseline.

    python benchmarks/startup_bench.py --db /tmp/kb_h.sqlite            # the real data
    python benchmarks/startup_bench.py --runs 30                          # the fixture KB
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
BASELINE = "import click, sqlite_utils, rapidfuzz"
COMMANDS = (
    ("cr 302.6", ["cr", "302.6"]),
    ("define trample", ["define", "trample"]),
    ("card goyf", ["card", "goyf"]),
)
TARGET_RATIO = 2.5  # issue 15: `rulesbot cr 302.6` at most 2.5x the bare imports


def _timed(argv: list[str]) -> float:
    start = time.perf_counter()
    done = subprocess.run(argv, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, check=False)
    elapsed = time.perf_counter() - start
    if done.returncode not in (0, 1):
        raise SystemExit(f"{' '.join(argv)} failed ({done.returncode}): {done.stderr[-400:]!r}")
    return elapsed


def _stats(samples: list[float]) -> tuple[float, float]:
    ordered = sorted(samples)
    p95 = ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]
    return statistics.median(ordered), p95


def _rulesbot() -> list[str]:
    script = Path(sys.executable).with_name("rulesbot")
    if script.exists():
        return [str(script)]
    found = shutil.which("rulesbot")
    return [found] if found else [sys.executable, "-c", "from bot.cli import main; main()"]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--db", type=Path, help="knowledge base (default: built from fixtures)")
    parser.add_argument("--runs", type=int, default=20)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as scratch:
        db = args.db
        if db is None:
            from rulings_db.build import build_database

            db = Path(scratch) / "kb.sqlite"
            build_database(REPO / "tests" / "fixtures" / "kb", db)
        rulesbot = _rulesbot()
        argvs = {"baseline (bare imports)": [sys.executable, "-c", BASELINE]}
        for label, command in COMMANDS:
            argvs[f"rulesbot {label}"] = [*rulesbot, *command, "--db", str(db)]
        argvs["rulesbot --help"] = [*rulesbot, "--help"]
        samples: dict[str, list[float]] = {label: [] for label in argvs}
        for argv in argvs.values():  # one warm-up each (page cache, .pyc files)
            _timed(argv)
        for _ in range(args.runs):  # interleaved, so load on the machine hits all alike
            for label, argv in argvs.items():
                samples[label].append(_timed(argv))
    base, _ = _stats(samples["baseline (bare imports)"])
    print(f"{'':28} {'median':>8} {'p95':>8} {'ratio':>6}   ({args.runs} runs each, db {db})")
    for label, values in samples.items():
        median, p95 = _stats(values)
        print(f"{label:28} {median * 1000:6.0f}ms {p95 * 1000:6.0f}ms {median / base:5.2f}x")
    ratio = _stats(samples["rulesbot cr 302.6"])[0] / base
    verdict = "within" if ratio <= TARGET_RATIO else "over"
    print(
        f"rulesbot cr 302.6: {ratio:.2f}x the bare imports ({verdict} the {TARGET_RATIO}x target)"
    )


if __name__ == "__main__":
    main()
