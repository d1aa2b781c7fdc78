"""Do two versions of the code give the same answers? A speed change must not move any answer.

    python benchmarks/ask_same.py --db PATH --write before.json [--role tuning] [--set TEXT]
    python benchmarks/ask_same.py --db PATH --check before.json [--role tuning] [--set TEXT]

``--write`` records, for every question of the selected sets (tuning sets by default), the
answer's confidence, the cards it names, its notes and its top five sources (kind, label,
text, sub-rules, score to 9 decimals). ``--check`` asks the same questions with the code as
it is now and lists every question whose record differs; it exits 1 when any does. Only
answers are compared, never gold: no hit or miss of any set is printed.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from ask_eval import MANIFEST, load_jsonl, question_sets, selected

from rulings_db.knowledge import KnowledgeBase
from rulings_db.models import Answer

REPO = Path(__file__).resolve().parents[1]


def record(answer: Answer) -> dict:
    """Everything a user sees of an answer, with the scores that ordered it."""
    return {
        "confidence": answer.confidence,
        "cards": list(answer.cards),
        "notes": list(answer.notes),
        "sources": [
            {
                "kind": s.kind,
                "label": s.number or s.card or s.term,
                "text": s.text,
                "sub_rules": list(s.sub_rules),
                "score": round(s.score, 9),
            }
            for s in answer.sources
        ],
    }


def questions(shared: Path, roles: list[str], names: list[str]) -> list[tuple[str, str]]:
    """(id, question) of every selected set that exists, in manifest order."""
    found = []
    for entry in question_sets(shared, MANIFEST):
        if not selected(entry, roles, names) or not entry["path"].exists():
            continue
        found += [
            (f"{entry['file']}:{item['id']}", item["question"])
            for item in load_jsonl(entry["path"])
        ]
    return found


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--db", type=Path, required=True)
    parser.add_argument("--shared", type=Path, default=REPO.parent / "shared")
    parser.add_argument("--role", action="append", choices=("tuning", "blind"), default=[])
    parser.add_argument("--set", action="append", default=[], dest="names", metavar="TEXT")
    action = parser.add_mutually_exclusive_group(required=True)
    action.add_argument("--write", type=Path, metavar="JSON")
    action.add_argument("--check", type=Path, metavar="JSON")
    args = parser.parse_args(argv)
    kb = KnowledgeBase(args.db)
    asked = questions(args.shared, args.role or ["tuning"], args.names)
    answers = {key: record(kb.ask(question)) for key, question in asked}
    if args.write:
        args.write.write_text(json.dumps(answers, indent=1, sort_keys=True), encoding="utf-8")
        print(f"wrote {len(answers)} answers to {args.write}")
        return 0
    before = json.loads(args.check.read_text(encoding="utf-8"))
    differ = [key for key in answers if answers[key] != before.get(key)]
    missing = [key for key in before if key not in answers]
    for key in differ:
        print(f"differs: {key}")
    print(
        f"{len(answers) - len(differ)}/{len(answers)} answers identical"
        + (f"; {len(missing)} recorded questions not asked" if missing else "")
    )
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
