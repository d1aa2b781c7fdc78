"""Format check for a chat set's descriptions.jsonl (the answers are not checked here).

One JSON object a line; unique ids of one prefix (`c4s-NNN`, `c2-a15`); one split for the
whole file; the fields and vocabularies of benchmarks/chat-blind-2/README.md (the format of
every chat set from chat-blind-2 on; chat-blind's older kinds are not checked); every `match` /
`not_match` compiles; an answer whose short is not yes/no, a P/T or a number carries `match`.
With `--db`, every cited rule must exist in that knowledge base's CR (`rulesbot cr`).

    python benchmarks/chat-blind/validate.py --file benchmarks/chat-study-4/descriptions.jsonl \
        [--db /tmp/kb13.sqlite]
"""

from __future__ import annotations

import argparse
import json
import re
import subprocess
import sys
from collections import Counter
from pathlib import Path

ID = re.compile(r"([a-z0-9]+)-[a-z]*\d+")
SPLITS = ("study", "blind")
FIELDS = {"id", "message", "expect", "why", "split"}
OPTIONAL_FIELDS = {"was_blind"}  # a blind set demoted to study after its measurement
CR_NUMBER = re.compile(r"\d{3}\.\d+[a-z]?")
STANDARD_SHORT = re.compile(r"(?i)yes|no|\d+/\d+|\d+")
WHY_CLASSES = {
    "unknown card",
    "contradiction",
    "two questions",
    "ambiguous pronoun",
    "unmodelled clause",
    "impossible board",
}
EXPECT_KEYS = {
    "answer": ({"kind", "short", "rule"}, {"match", "not_match"}),
    "must_not_verify": ({"kind", "why_class"}, set()),
    "general": ({"kind"}, set()),
}


def check_item(item: object, seen: set[str], first: dict[str, str]) -> list[str]:
    """``first`` holds the id prefix and split of the file's first item: all must share them."""
    if not isinstance(item, dict) or not FIELDS <= set(item) <= FIELDS | OPTIONAL_FIELDS:
        return [f"fields must be {sorted(FIELDS)} (optional {sorted(OPTIONAL_FIELDS)})"]
    errors = []
    id_ = ID.fullmatch(str(item["id"]))
    prefix = first.setdefault("prefix", id_.group(1) if id_ else "")
    if not id_ or id_.group(1) != prefix or item["id"] in seen:
        errors.append(f"bad or repeated id {item['id']!r}")
    seen.add(item["id"])
    split = first.setdefault("split", str(item["split"]))
    if item["split"] not in SPLITS or item["split"] != split:
        errors.append(f"split must be one of {SPLITS}, the same for every item")
    if not str(item["message"]).strip() or not str(item["why"]).strip():
        errors.append("empty message or why")
    expect = item["expect"]
    kind = expect.get("kind") if isinstance(expect, dict) else None
    if kind not in EXPECT_KEYS:
        return [*errors, f"unknown kind {kind!r}"]
    required, optional = EXPECT_KEYS[kind]
    if not required <= set(expect) <= required | optional:
        errors.append(f"{kind} needs {sorted(required)} (optional {sorted(optional)})")
        return errors
    if kind == "must_not_verify" and expect["why_class"] not in WHY_CLASSES:
        errors.append(f"unknown why_class {expect['why_class']!r}")
    if kind == "answer":
        if not CR_NUMBER.fullmatch(expect["rule"]):
            errors.append(f"rule {expect['rule']!r} is not a CR number")
        if not STANDARD_SHORT.fullmatch(expect["short"].strip()) and "match" not in expect:
            errors.append(f"short {expect['short']!r} needs a match regex")
        for key in ("match", "not_match"):
            if key in expect:
                try:
                    re.compile(expect[key])
                except re.error as exc:
                    errors.append(f"{key} does not compile: {exc}")
    return errors


def unknown_rules(items: list[dict], db: str) -> list[str]:
    rules = sorted({i["expect"]["rule"] for i in items if i["expect"]["kind"] == "answer"})
    missing = []
    for rule in rules:
        shown = subprocess.run(["rulesbot", "cr", rule, "--db", db], capture_output=True, text=True)
        if shown.returncode != 0 or f"## {rule}" not in shown.stdout:
            missing.append(f"rule {rule} is not in the CR of {db}")
    return missing


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--file", required=True, help="a chat set's descriptions.jsonl")
    parser.add_argument("--db", help="knowledge base whose CR must hold every cited rule")
    args = parser.parse_args()
    errors: list[str] = []
    items: list[dict] = []
    seen: set[str] = set()
    first: dict[str, str] = {}
    for n, line in enumerate(Path(args.file).read_text(encoding="utf-8").splitlines(), 1):
        try:
            item = json.loads(line)
        except json.JSONDecodeError as exc:
            errors.append(f"line {n}: not JSON ({exc})")
            continue
        found = check_item(item, seen, first)
        errors += [f"line {n}: {e}" for e in found]
        if not found:
            items.append(item)
    if args.db:
        errors += unknown_rules(items, args.db)
    kinds = Counter(i["expect"]["kind"] for i in items)
    classes = Counter(i["expect"].get("why_class") for i in items if "why_class" in i["expect"])
    print(f"{len(items)} valid items: {dict(kinds)}")
    print(f"must_not_verify classes: {dict(classes)}")
    for error in errors:
        print("ERROR", error)
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
