"""Reading chat descriptions of boards and answering them with the engine, beside plain `ask`.

    python benchmarks/reader_bench.py [--db PATH] [--passes 3]

Over tests/reader/descriptions.yaml: the reader alone and reader + engine with the small
fixture card set, then the bot's real path (the knowledge base's name detection, reader and
engine: bot.service.board_questions.board_question) beside plain retrieval (`kb.ask`) on the same
messages. Prints median and p95 of each and the ratio to plain ask. Then how many ordinary
questions (../shared/eval/questions-dev.jsonl and benchmarks' question sets) the routing sends
to the engine: it should be none. Without --db a knowledge base is built from tests/fixtures/kb.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "tests" / "reader"))

from descriptions_set import load_descriptions  # noqa: E402
from fixture_names import FixtureNames  # noqa: E402

from bot.service.board_questions import board_question  # noqa: E402
from engine.reader import answer, read  # noqa: E402
from rulings_db.knowledge import KnowledgeBase  # noqa: E402


def timed(fn: Callable[[], object]) -> float:
    start = time.perf_counter()
    fn()
    return (time.perf_counter() - start) * 1000


def line(label: str, samples: list[float], baseline: list[float] | None = None) -> str:
    median = statistics.median(samples)
    p95 = statistics.quantiles(samples, n=20)[18] if len(samples) >= 20 else max(samples)
    out = f"  {label:<34} median {median:7.2f} ms   p95 {p95:7.2f} ms   n={len(samples)}"
    if baseline:
        out += f"   ({median / statistics.median(baseline):.2f}x plain ask median)"
    return out


def blind_files() -> set[str]:
    """The question sets the manifest marks blind: their questions are counted, never printed."""
    manifest = REPO / "benchmarks" / "questions" / "manifest.json"
    sets = json.loads(manifest.read_text(encoding="utf-8"))["sets"]
    return {s["file"] for s in sets if s["role"] == "blind" and not s["file"].startswith("shared:")}


def ordinary_questions() -> list[tuple[str, bool]]:
    """(question, from a blind set) over the eval and benchmark question files."""
    files = [REPO.parent / "shared" / "eval" / "questions-dev.jsonl"]
    files += sorted((REPO / "benchmarks").glob("**/*.jsonl"))
    blind = blind_files()
    out = []
    for path in files:
        if path.name == "descriptions.jsonl":
            continue  # chat description sets have no "question"; chat-blind-4 is never opened
        if path.exists():
            hidden = path.name in blind or "blind" in path.parent.name
            for raw in path.read_text(encoding="utf-8").splitlines():
                if raw.strip():
                    question = json.loads(raw).get("question")
                    if isinstance(question, str):
                        out.append((question, hidden))
    return out


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--db", type=Path)
    parser.add_argument("--passes", type=int, default=3)
    args = parser.parse_args()
    cases = load_descriptions()
    texts = [c["text"] for c in cases]
    names = FixtureNames()
    for text in texts:  # warm up
        answer(read(text, names), names)
    reading = [timed(lambda t=t: read(t, names)) for _ in range(args.passes) for t in texts]
    both = [
        timed(lambda t=t: answer(read(t, names), names)) for _ in range(args.passes) for t in texts
    ]
    db = args.db
    if db is None:
        from rulings_db.build import build_database

        db = Path(tempfile.mkdtemp()) / "kb.sqlite"
        build_database(REPO / "tests" / "fixtures" / "kb", db)
    kb = KnowledgeBase(db)
    kb.ask("warm up")
    board_question(kb, texts[0])
    plain = [timed(lambda t=t: kb.ask(t)) for _ in range(args.passes) for t in texts]
    routed = [timed(lambda t=t: board_question(kb, t)) for _ in range(args.passes) for t in texts]
    whole = [
        timed(lambda t=t: (board_question(kb, t), kb.ask(t)))
        for _ in range(args.passes)
        for t in texts
    ]
    print(f"board descriptions, tests/reader/descriptions*.yaml ({len(texts)} messages)")
    print(line("read (fixture names)", reading, plain))
    print(line("read + engine (fixture names)", both, plain))
    print(line(f"read + engine ({db.name} names)", routed, plain))
    print(line("plain ask (retrieval)", plain))
    print(line("ask with board routing (both)", whole, plain))
    asked = ordinary_questions()
    questions = [q for q, _ in asked]
    sent = [(q, hidden) for q, hidden in asked if board_question(kb, q) is not None]
    print(f"\nordinary questions sent to the engine: {len(sent)} of {len(questions)}")
    for q, hidden in sent[:10]:
        print("   ", "(a blind set's question, not shown)" if hidden else q[:120])
    sample = questions[:300]
    plain_q = [timed(lambda q=q: kb.ask(q)) for q in sample]
    look = [timed(lambda q=q: board_question(kb, q)) for q in sample]
    print(f"ordinary questions ({len(sample)}): the board look `ask` now adds to each")
    print(line("board look (gate + reader)", look, plain_q))
    print(line("plain ask (retrieval)", plain_q))


if __name__ == "__main__":
    main()
