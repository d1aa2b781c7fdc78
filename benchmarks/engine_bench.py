"""Rules-engine latency per question over the scenario files.

    python benchmarks/engine_bench.py [--repeat 30] [--dir tests/engine/scenarios]

For every question in every board file: parse once, then time ``ask`` (characteristics through
the layers, plus the question's own work) ``--repeat`` times. Prints the median and p95 per
question kind and overall, and, as a baseline, the time to compute the layers alone (what every
question pays) so the ratio shows what the question kinds add. Targets: median <= 5 ms,
p95 <= 20 ms.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections import defaultdict
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from bot.boards import load_board_file  # noqa: E402
from engine.answer import EngineLimit, Trace  # noqa: E402
from engine.game import Game  # noqa: E402
from engine.questions import QuestionError, ask  # noqa: E402


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--repeat", type=int, default=30)
    parser.add_argument("--dir", type=Path, default=REPO / "tests" / "engine" / "scenarios")
    args = parser.parse_args()
    by_kind: dict[str, list[float]] = defaultdict(list)
    baseline: list[float] = []
    files = sorted(args.dir.glob("*.yaml"))
    for path in files:
        board_file = load_board_file(path)
        for question, _line in board_file.questions:
            try:
                ask(board_file.board, question)  # warm the compiler cache
            except QuestionError:
                continue
            for _ in range(args.repeat):
                start = time.perf_counter()
                ask(board_file.board, question)
                by_kind[str(question["kind"])].append((time.perf_counter() - start) * 1000)
                start = time.perf_counter()
                try:
                    Game(board_file.board, Trace(), time.perf_counter() + 5)
                except EngineLimit:
                    continue  # a board the engine can't decide (a copy loop) has no layer baseline
                baseline.append((time.perf_counter() - start) * 1000)
    every = [v for values in by_kind.values() for v in values]
    print(
        f"{len(files)} board files, {len(every) // args.repeat} questions, {args.repeat} runs each"
    )
    print(f"{'kind':<18}{'n':>6}{'median ms':>12}{'p95 ms':>10}")
    for kind, values in sorted(by_kind.items()):
        print(
            f"{kind:<18}{len(values):>6}"
            f"{statistics.median(values):>12.3f}{pct(values, 0.95):>10.3f}"
        )
    med, p95 = statistics.median(every), pct(every, 0.95)
    base = statistics.median(baseline)
    print(f"{'all':<18}{len(every):>6}{med:>12.3f}{p95:>10.3f}")
    print(f"baseline (layers only): median {base:.3f} ms; question/baseline ratio {med / base:.2f}")
    print(
        f"targets: median <= 5 ms ({'met' if med <= 5 else 'MISSED'}), "
        f"p95 <= 20 ms ({'met' if p95 <= 20 else 'MISSED'})"
    )


if __name__ == "__main__":
    main()
