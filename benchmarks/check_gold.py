"""Check that every gold source of every question set exists in a knowledge base.

    python benchmarks/check_gold.py --db PATH [FILE ...]

Without FILEs it checks every set listed in benchmarks/questions/manifest.json (sets under
../shared are checked when present). A gold `{"rule": N}` must name a rule of the database's
Comprehensive Rules; a gold `{"ruling": {"card": NAME, "contains": TEXT}}` must match an
official ruling of that card (or of any card when NAME is null) whose text contains TEXT,
exactly as benchmarks/ask_eval.py matches it. Prints each failure and exits 1 when any fails.
"""

from __future__ import annotations

import argparse
import json
import sqlite3
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
MANIFEST = REPO / "benchmarks" / "questions" / "manifest.json"


def manifest_paths(shared: Path) -> list[Path]:
    entries = json.loads(MANIFEST.read_text(encoding="utf-8"))["sets"]
    paths = []
    for entry in entries:
        base = shared if entry["file"].startswith("shared:") else MANIFEST.parent
        path = base / entry["file"].removeprefix("shared:")
        if path.exists():
            paths.append(path)
        else:
            print(f"skipped {entry['file']}: {path} not found", file=sys.stderr)
    return paths


def gold_problem(conn: sqlite3.Connection, gold: dict) -> str | None:
    """None when the gold exists in the database, else what is wrong with it."""
    if "rule" in gold:
        row = conn.execute("select 1 from rules where number = ?", (gold["rule"],)).fetchone()
        return None if row else f"no rule {gold['rule']}"
    if "ruling" not in gold:
        return f"unknown gold kind {gold}"
    card, text = gold["ruling"]["card"], gold["ruling"]["contains"]
    query = (
        "select 1 from rulings join cards on cards.oracle_id = rulings.oracle_id "
        "where instr(rulings.text, ?) > 0"
    )
    params: tuple = (text,)
    if card is not None:
        if not conn.execute("select 1 from cards where name = ?", (card,)).fetchone():
            return f"no card named {card!r}"
        query += " and cards.name = ?"
        params = (text, card)
    if conn.execute(query, params).fetchone():
        return None
    return f"no ruling of {card!r} contains {text!r}"


def check_file(conn: sqlite3.Connection, path: Path) -> int:
    failures = 0
    lines = path.read_text(encoding="utf-8").splitlines()
    items = [json.loads(line) for line in lines if line.strip()]
    for item in items:
        if not item.get("gold"):
            print(f"{path.name} {item.get('id')}: no gold")
            failures += 1
        for gold in item.get("gold", []):
            problem = gold_problem(conn, gold)
            if problem:
                print(f"{path.name} {item['id']}: {problem}")
                failures += 1
    print(f"{path.name}: {len(items)} questions, {failures} bad golds", file=sys.stderr)
    return failures


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--db", type=Path, required=True)
    parser.add_argument("--shared", type=Path, default=REPO.parent / "shared")
    parser.add_argument("files", nargs="*", type=Path)
    args = parser.parse_args(argv)
    conn = sqlite3.connect(f"file:{args.db}?mode=ro", uri=True)
    paths = args.files or manifest_paths(args.shared)
    failures = sum(check_file(conn, path) for path in paths)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
