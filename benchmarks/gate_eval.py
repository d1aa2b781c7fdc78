"""The auto-answer gate on labelled help-channel chat: precision and recall, with the old
fixed-word gate (``bot.service.parsing.looks_like_question``) as the baseline in the same run.

The set (benchmarks/gate/help_chat.jsonl: half rules questions, half chatter) is split by a
hash of each message into a tuning part (two thirds) and a blind third, reported apart; the
gate was tuned on the tuning part only.

    python benchmarks/gate_eval.py --db /tmp/kb_h.sqlite [--show-errors] [--blind]
"""

from __future__ import annotations

import argparse
import hashlib
import json
import statistics
import time
from pathlib import Path

from bot.service.gate import rules_question
from bot.service.parsing import looks_like_question
from rulings_db.knowledge import KnowledgeBase

SET = Path(__file__).resolve().parent / "gate" / "help_chat.jsonl"


def blind(text: str) -> bool:
    """One message in three, chosen by hash (not by hand) and never tuned on."""
    return int(hashlib.sha256(text.encode()).hexdigest(), 16) % 3 == 0


def score(pairs: list[tuple[bool, bool]]) -> tuple[float, float, int, int]:
    """(precision, recall, passed, rules questions) of (predicted, labelled) pairs."""
    true_pos = sum(1 for p, y in pairs if p and y)
    passed = sum(1 for p, _ in pairs if p)
    positives = sum(1 for _, y in pairs if y)
    precision = true_pos / passed if passed else 1.0
    recall = true_pos / positives if positives else 1.0
    return precision, recall, passed, positives


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--db", type=Path, required=True)
    parser.add_argument("--set", type=Path, default=SET)
    parser.add_argument("--show-errors", action="store_true", help="list the tuning part's misses")
    parser.add_argument("--blind", action="store_true", help="also list the blind third's misses")
    args = parser.parse_args()
    kb = KnowledgeBase(args.db)
    rows = [json.loads(line) for line in args.set.read_text("utf-8").splitlines() if line.strip()]
    kb.mentions("warm up the word statistics")
    kb.rules_vocabulary()
    results: dict[str, dict[str, list[tuple[bool, bool]]]] = {
        "gate": {"tuning": [], "blind": []},
        "old fixed-word gate": {"tuning": [], "blind": []},
    }
    timings: list[float] = []
    errors: list[str] = []
    for row in rows:
        part = "blind" if blind(row["text"]) else "tuning"
        start = time.perf_counter()
        verdict = rules_question(row["text"], kb)
        timings.append(time.perf_counter() - start)
        results["gate"][part].append((verdict.passes, row["rules"]))
        results["old fixed-word gate"][part].append(
            (looks_like_question(row["text"]), row["rules"])
        )
        if verdict.passes != row["rules"] and (part == "tuning" or args.blind):
            errors.append(f"  [{part}] {'FP' if verdict.passes else 'FN'} {row['text']!r}: "
                          f"{verdict.explain()}")  # fmt: skip
    print(f"{len(rows)} messages ({sum(r['rules'] for r in rows)} rules questions)")
    print(f"{'':22} {'part':7} {'n':>4} {'precision':>9} {'recall':>7} {'passed':>7}")
    for name, parts in results.items():
        for part, pairs in parts.items():
            precision, recall, passed, _ = score(pairs)
            print(f"{name:22} {part:7} {len(pairs):4} {precision:9.3f} {recall:7.3f} {passed:7}")
    ordered = sorted(timings)
    p95 = ordered[round(0.95 * (len(ordered) - 1))]
    print(f"gate time per message: median {statistics.median(ordered) * 1e3:.2f} ms, "
          f"p95 {p95 * 1e3:.2f} ms")  # fmt: skip
    if args.show_errors or args.blind:
        print("misses:")
        print("\n".join(errors) or "  none")


if __name__ == "__main__":
    main()
