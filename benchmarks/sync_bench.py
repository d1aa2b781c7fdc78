"""Time ``rulesbot sync --from`` and measure its peak memory, on the shared data and on a
scaled copy of it.

    python benchmarks/sync_bench.py                       # ../shared/data, 3 runs; 10x, 1 run
    python benchmarks/sync_bench.py --runs 5 --factor 10 --scaled-runs 2

Each sync runs in its own subprocess; its peak RSS is that child's ``ru_maxrss`` (from
``os.wait4``, the per-child form of ``getrusage(RUSAGE_CHILDREN)``). Baselines: a stream parse of
the same JSON files with ijson and nothing else (time), and an interpreter that only imports
the CLI (memory). Targets: shared data <= 60 s; 10x data <= 400 MB peak RSS.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from benchmarks.scale_data import scale  # noqa: E402

SHARED_DATA = REPO / ".." / "shared" / "data"
SYNC = "from bot.cli import main; main()"
IMPORT_ONLY = "import bot.cli, rulings_db.build"
PARSE_ONLY = """
import sys, ijson
from pathlib import Path
for path in sorted(Path(sys.argv[1]).rglob("*.json")):
    with path.open("rb") as f:
        prefix = "item" if f.read(1) == b"[" else "data"
        f.seek(0)
        for _ in ijson.items(f, prefix, use_float=True):
            pass
"""


@dataclass
class Run:
    seconds: float
    peak_mb: float


def run_child(args: list[str]) -> Run:
    """Run ``python <args>`` and return its wall time and peak RSS; fail loudly on error."""
    started = time.perf_counter()
    child = subprocess.Popen([sys.executable, *args], cwd=REPO, stdout=subprocess.DEVNULL)
    _, status, usage = os.wait4(child.pid, 0)
    child.returncode = os.waitstatus_to_exitcode(status)
    seconds = time.perf_counter() - started
    if child.returncode != 0:
        raise SystemExit(f"benchmark child failed ({child.returncode}): {' '.join(args)}")
    return Run(seconds, usage.ru_maxrss / 1024)  # ru_maxrss is in KiB on Linux


def sync_runs(source: Path, runs: int, workdir: Path) -> list[Run]:
    target = workdir / "bench.sqlite"
    return [
        run_child(["-c", SYNC, "sync", "--from", str(source), "--db", str(target)])
        for _ in range(runs)
    ]


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    index = min(len(ordered) - 1, max(0, round(fraction * (len(ordered) - 1))))
    return ordered[index]


def input_mb(source: Path) -> float:
    return sum(p.stat().st_size for p in source.rglob("*") if p.is_file()) / 1e6


def row(label: str, source: Path, runs: list[Run], baseline: Run, idle: Run) -> str:
    times = [r.seconds for r in runs]
    median = statistics.median(times)
    peak = max(r.peak_mb for r in runs)
    return (
        f"{label:<14} {input_mb(source):>8.0f} {len(runs):>4} {median:>8.1f} "
        f"{percentile(times, 0.95):>7.1f} {median / baseline.seconds:>9.1f}x "
        f"{peak:>9.0f} {peak - idle.peak_mb:>10.0f}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--source", type=Path, default=SHARED_DATA)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--factor", type=int, default=10)
    parser.add_argument("--scaled-runs", type=int, default=1)
    args = parser.parse_args()
    if not args.source.is_dir():
        raise SystemExit(f"{args.source} not found: the benchmark needs ../shared/data")
    idle = run_child(["-c", IMPORT_ONLY])
    header = (
        f"{'data':<14} {'input MB':>8} {'runs':>4} {'median s':>8} {'p95 s':>7} "
        f"{'vs parse':>10} {'peak MB':>9} {'above idle':>10}"
    )
    lines = [header, "-" * len(header)]
    with tempfile.TemporaryDirectory(prefix="rulesbot-bench-") as tmp:
        work = Path(tmp)
        baseline = run_child(["-c", PARSE_ONLY, str(args.source)])
        lines.append(
            row("shared", args.source, sync_runs(args.source, args.runs, work), baseline, idle)
        )
        scaled = work / "scaled"
        scale(args.source, scaled, args.factor)
        scaled_baseline = run_child(["-c", PARSE_ONLY, str(scaled)])
        scaled_runs = sync_runs(scaled, args.scaled_runs, work)
        lines.append(row(f"{args.factor}x Scryfall", scaled, scaled_runs, scaled_baseline, idle))
    lines.append(
        f"(idle interpreter with the CLI imported: {idle.peak_mb:.0f} MB; "
        "'vs parse' = sync time / time to stream-parse the same JSON files)"
    )
    print("\n".join(lines))


if __name__ == "__main__":
    main()
