"""Accuracy and latency of free-question answers, card-name resolution and lookups.

    python benchmarks/ask_eval.py [--db PATH] [--shared ../shared] [--role tuning|blind]
        [--set TEXT] [--show-misses] [--quick]

Without --db it builds a knowledge base from ../shared/data into a temporary folder first.
The question sets, their role (tuning or blind) and history are listed in
benchmarks/questions/manifest.json; sets under ../shared are skipped when absent.
Prints hit@1/3/5 and MRR on each set beside a plain-bm25 baseline measured in the same run;
the share of eval/cardnames-dev.jsonl resolved correctly beside a naive fuzzy match; and
latency medians and p95 of ask, card lookup and autocomplete-style prefix search.
--show-misses lists the misses of tuning sets only: blind sets' misses are never printed.
"""

from __future__ import annotations

import argparse
import json
import sqlite3
import statistics
import sys
import tempfile
import time
from collections.abc import Callable, Iterable
from pathlib import Path

from rapidfuzz import fuzz, process

from rulings_db.knowledge import KnowledgeBase, fts_query
from rulings_db.models import Source
from rulings_db.rule_index import is_sub_rule
from rulings_db.text import STOPWORDS, words

REPO = Path(__file__).resolve().parents[1]


def load_jsonl(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line]


def matches(source: Source, gold: dict) -> bool:
    if "rule" in gold:
        number, wanted = source.number or "", gold["rule"]
        return source.kind == "rule" and (
            number == wanted or is_sub_rule(number, wanted) or is_sub_rule(wanted, number)
        )
    want = gold["ruling"]
    if source.kind != "ruling" or want["contains"] not in source.text:
        return False
    return want["card"] is None or source.card == want["card"]


def first_hit(sources: Iterable[Source], golds: list[dict]) -> int | None:
    for rank, source in enumerate(sources, start=1):
        if any(matches(source, g) for g in golds):
            return rank
    return None


def accuracy(ranks: list[int | None]) -> dict[str, float]:
    n = len(ranks) or 1
    return {
        "hit@1": sum(1 for r in ranks if r and r <= 1) / n,
        "hit@3": sum(1 for r in ranks if r and r <= 3) / n,
        "hit@5": sum(1 for r in ranks if r and r <= 5) / n,
        "mrr": sum(1 / r for r in ranks if r) / n,
    }


def latency(samples: list[float]) -> str:
    ordered = sorted(samples)
    p95 = ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]
    return f"median {statistics.median(ordered):7.2f} ms   p95 {p95:7.2f} ms   n={len(ordered)}"


def timed(function: Callable[[], object]) -> tuple[object, float]:
    start = time.perf_counter()
    result = function()
    return result, (time.perf_counter() - start) * 1000


class PlainBM25:
    """Baseline: one FTS5 table (default tokenizer, bm25 ranking) holding every ruling with its
    card's name, and every rule with its number, queried with the question's content words
    (stopwords dropped, OR-ed). No slang, no card detection, no reranking."""

    def __init__(self, kb: KnowledgeBase) -> None:
        self.conn = sqlite3.connect(":memory:")
        self.conn.execute("create virtual table docs using fts5(kind, label, body)")
        rulings = kb.conn.execute(
            "select 'ruling', cards.name, cards.name || ': ' || rulings.text from rulings "
            "join cards on cards.oracle_id = rulings.oracle_id"
        )
        rules = kb.conn.execute("select 'rule', number, text from rules")
        self.conn.executemany("insert into docs values (?, ?, ?)", rulings)
        self.conn.executemany("insert into docs values (?, ?, ?)", rules)

    def ask(self, question: str, limit: int = 5) -> list[Source]:
        query = fts_query(" ".join(w for w in words(question) if w not in STOPWORDS))
        if not query:
            return []
        rows = self.conn.execute(
            "select kind, label, body, bm25(docs) from docs where docs match ? "
            "order by bm25(docs) limit ?",
            (query, limit),
        )
        sources = []
        for kind, label, body, score in rows:
            if kind == "rule":
                sources.append(Source("rule", body, -score, number=label))
            else:
                text = body[len(label) + 2 :]
                sources.append(Source("ruling", text, -score, card=label))
        return sources


def evaluate_questions(
    kb: KnowledgeBase, plain: PlainBM25, items: list[dict], show_misses: bool
) -> list[float]:
    """Prints the set's accuracy; returns the time of each question's first ask (ms)."""
    ranks, baseline, times = [], [], []
    by_confidence: dict[str, list[bool]] = {}
    for item in items:
        answer, ms = timed(lambda item=item: kb.ask(item["question"]))
        times.append(ms)
        rank = first_hit(answer.sources, item["gold"])  # type: ignore[attr-defined]
        ranks.append(rank)
        by_confidence.setdefault(answer.confidence, []).append(rank == 1)  # type: ignore[attr-defined]
        baseline.append(first_hit(plain.ask(item["question"]), item["gold"]))
        if show_misses and rank != 1:
            print(f"  miss {item['id']} rank={rank}: {item['question'][:90]}")
            for s in answer.sources[:3]:  # type: ignore[attr-defined]
                label = s.number or s.card or s.term
                print(f"      {s.score:.3f} {s.kind:8} {label}: {s.text[:100]}")
    ours, base = accuracy(ranks), accuracy(baseline)
    print(f"  {'':10} {'hit@1':>6} {'hit@3':>6} {'hit@5':>6} {'MRR':>6}")
    for label, row in (("rulesbot", ours), ("plain bm25", base)):
        print(
            f"  {label:10} "
            + " ".join(f"{row[k]:6.3f}" for k in ("hit@1", "hit@3", "hit@5", "mrr"))
        )
    print("  ask latency: " + latency(times))
    for level in ("high", "medium", "low", "none"):
        if level in by_confidence:
            hits = by_confidence[level]
            print(f"  confidence {level:6}: {sum(hits)}/{len(hits)} correct at rank 1")
    return times


def evaluate_card_names(kb: KnowledgeBase, items: list[dict]) -> None:
    names = sorted(kb.names.full_names.values())
    ours = naive = 0
    times = []
    for item in items:
        match, ms = timed(lambda item=item: kb.card(item["query"]))
        times.append(ms)
        expect = item["expect"]
        got = match.card.name if match.card else None  # type: ignore[attr-defined]
        ok = match.ambiguous if expect.get("ambiguous") else got == expect["name"]  # type: ignore[attr-defined]
        ours += ok
        best = process.extractOne(item["query"], names, scorer=fuzz.WRatio)
        naive += (
            (not expect.get("ambiguous")) and best is not None and best[0] == expect.get("name")
        )
        if not ok:
            print(f"  miss {item['id']} {item['query']!r}: got {got!r}, expected {expect}")
    print(f"  resolved correctly: rulesbot {ours}/{len(items)}   naive WRatio {naive}/{len(items)}")
    print("  card lookup latency (dev set): " + latency(times))


def lookup_latency(kb: KnowledgeBase) -> None:
    names = sorted(kb.names.full_names.values())
    step = max(1, len(names) // 400)
    sample = names[::step]
    typos = [n[:-2] + n[-1] + n[-2] if len(n) > 4 else n for n in sample[:200]]
    exact = [timed(lambda n=n: kb.card(n))[1] for n in sample]
    fuzzy = [timed(lambda n=n: kb.card(n))[1] for n in typos]
    prefixes = [timed(lambda n=n: kb.complete_card_name(n[:3]))[1] for n in sample]
    print("  card lookup, exact names:     " + latency(exact))
    print("  card lookup, swapped letters: " + latency(fuzzy))
    print("  autocomplete (3-char prefix): " + latency(prefixes))


MANIFEST = REPO / "benchmarks" / "questions" / "manifest.json"


def question_sets(shared: Path, manifest: Path = MANIFEST) -> list[dict]:
    """The sets listed in the manifest, each with its resolved `path`: a file is relative to
    the manifest's folder, or to `shared` when it starts with "shared:"."""
    entries = json.loads(manifest.read_text(encoding="utf-8"))["sets"]
    for entry in entries:
        name = entry["file"]
        base = shared if name.startswith("shared:") else manifest.parent
        entry["path"] = base / name.removeprefix("shared:")
    return entries


def selected(entry: dict, roles: list[str], names: list[str]) -> bool:
    if roles and entry["role"] not in roles:
        return False
    return not names or any(n in entry["file"] for n in names)


def ask_latency(
    kb: KnowledgeBase,
    plain: PlainBM25,
    questions: list[str],
    first_asks: list[float],
    passes: int = 3,
) -> None:
    """Every question of every set, several passes, beside the plain-bm25 baseline's time;
    and the first time each question was asked (in its set, above), before anything the
    answer computes about its candidates was remembered from an earlier pass."""
    ours = [timed(lambda q=q: kb.ask(q))[1] for _ in range(passes) for q in questions]
    base = [timed(lambda q=q: plain.ask(q))[1] for _ in range(passes) for q in questions]
    ratio = statistics.median(ours) / max(statistics.median(base), 1e-9)
    print(f"\nask latency, all {len(questions)} questions x {passes}")
    print("  rulesbot:   " + latency(ours))
    print("  plain bm25: " + latency(base) + f"   (rulesbot median = {ratio:.1f}x baseline)")
    print("  rulesbot, each question's first ask: " + latency(first_asks))


def build_temporary(shared: Path, folder: Path) -> Path:
    from rulings_db.sync import sync_from_path

    target = folder / "rulesbot.sqlite"
    start = time.perf_counter()
    sync_from_path(shared / "data", target)
    print(f"built {target} from {shared / 'data'} in {time.perf_counter() - start:.1f} s")
    return target


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--db", type=Path)
    parser.add_argument("--shared", type=Path, default=REPO.parent / "shared")
    parser.add_argument(
        "--role",
        action="append",
        choices=("tuning", "blind"),
        default=[],
        help="only the sets of this role (repeatable)",
    )
    parser.add_argument(
        "--set",
        action="append",
        default=[],
        dest="names",
        metavar="TEXT",
        help="only the sets whose file name contains TEXT (repeatable)",
    )
    parser.add_argument(
        "--show-misses",
        action="store_true",
        help="list the misses of tuning sets (never of blind ones)",
    )
    parser.add_argument(
        "--quick", action="store_true", help="skip the latency and card-name measurements"
    )
    args = parser.parse_args(argv)
    if not (args.shared / "data").exists() and args.db is None:
        print(f"{args.shared}/data not found and no --db: nothing to measure", file=sys.stderr)
        return 1
    sets = [e for e in question_sets(args.shared) if selected(e, args.role, args.names)]
    if not sets:
        print("no question set matches --role/--set", file=sys.stderr)
        return 1
    with tempfile.TemporaryDirectory() as folder:
        db = args.db or build_temporary(args.shared, Path(folder))
        kb, ms = timed(lambda: KnowledgeBase(db))
        print(f"opened knowledge base in {ms:.0f} ms")
        assert isinstance(kb, KnowledgeBase)
        kb.ask("warm up")
        plain = PlainBM25(kb)
        asked: list[str] = []
        first_asks: list[float] = []
        for entry in sets:
            path = entry["path"]
            if not path.exists():
                print(f"\nskipped {entry['file']}: {path} not found")
                continue
            items = load_jsonl(path)
            print(
                f"\nfree questions, {entry['file']} ({entry['role']}, {len(items)}): "
                f"{entry['description']}"
            )
            show = args.show_misses and entry["role"] == "tuning"
            if args.show_misses and not show:
                print("  (blind set: misses not shown)")
            first_asks += evaluate_questions(kb, plain, items, show)
            asked += [item["question"] for item in items]
        if args.quick:
            return 0
        ask_latency(kb, plain, asked, first_asks)
        cardnames = args.shared / "eval/cardnames-dev.jsonl"
        if cardnames.exists():
            print("\ncard names, eval/cardnames-dev.jsonl")
            evaluate_card_names(kb, load_jsonl(cardnames))
        else:
            print(f"\nskipped card names: {cardnames} not found")
        print("\nlookup latency over the whole card list")
        lookup_latency(kb)
    return 0


if __name__ == "__main__":
    sys.exit(main())
