"""Check descriptions.jsonl's format (not its answers): one JSON object a line, unique ids,
the fields and vocabularies of README.md, regexes that compile, and cited rules that exist in
the CR of a knowledge base (`--db`, optional; uses `rulesbot cr`).

    python benchmarks/chat-study-3/validate.py [--db /tmp/kb11.sqlite]
"""

from __future__ import annotations

import argparse
import collections
import json
import re
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
KINDS = ("answer", "must_not_verify", "general")
WHY_CLASSES = (
    "unknown card",
    "contradiction",
    "two questions",
    "ambiguous pronoun",
    "unmodelled clause",
    "impossible board",
)
RULE = re.compile(r"\d{3}\.\d+[a-z]?")
FIELDS = {"id", "message", "expect", "why", "split"}


def problems(lines: list[str]) -> tuple[list[str], list[dict]]:
    errors: list[str] = []
    items: list[dict] = []
    seen: set[str] = set()
    for n, line in enumerate(lines, 1):
        try:
            item = json.loads(line)
        except json.JSONDecodeError as exc:
            errors.append(f"line {n}: not JSON ({exc})")
            continue
        if not isinstance(item, dict) or set(item) != FIELDS:
            errors.append(f"line {n}: fields must be exactly {sorted(FIELDS)}")
            continue
        iid = item["id"]
        if not re.fullmatch(r"c3s-\d{3}", iid) or iid in seen:
            errors.append(f"line {n}: bad or repeated id {iid!r}")
        seen.add(iid)
        if item["split"] != "study":
            errors.append(f"{iid}: split must be 'study'")
        if not item["message"].strip() or not item["why"].strip():
            errors.append(f"{iid}: empty message or why")
        exp = item["expect"]
        kind = exp.get("kind")
        if kind not in KINDS:
            errors.append(f"{iid}: unknown kind {kind!r}")
        elif kind == "answer":
            allowed = {"kind", "short", "rule", "match", "not_match"}
            if not {"short", "rule"} <= set(exp) or not set(exp) <= allowed:
                errors.append(f"{iid}: an answer needs short and rule (and only match/not_match)")
            elif not RULE.fullmatch(exp["rule"]):
                errors.append(f"{iid}: rule {exp['rule']!r} is not a CR number")
            short = exp.get("short", "").strip().lower()
            standard = short in ("yes", "no") or re.fullmatch(r"\d+/\d+|\d+", short)
            if not standard and "match" not in exp:
                errors.append(f"{iid}: short {short!r} is not yes/no, P/T or a number: add match")
            for key in ("match", "not_match"):
                if key in exp:
                    try:
                        re.compile(exp[key])
                    except re.error as exc:
                        errors.append(f"{iid}: {key} doesn't compile ({exc})")
        elif kind == "must_not_verify":
            if set(exp) != {"kind", "why_class"} or exp["why_class"] not in WHY_CLASSES:
                errors.append(f"{iid}: must_not_verify needs exactly a known why_class")
        elif set(exp) != {"kind"}:
            errors.append(f"{iid}: a general item carries only kind")
        items.append(item)
    return errors, items


def missing_rules(items: list[dict], db: str) -> list[str]:
    rules = sorted({i["expect"]["rule"] for i in items if i["expect"]["kind"] == "answer"})
    bad = []
    for rule in rules:
        out = subprocess.run(["rulesbot", "cr", rule, "--db", db], capture_output=True, text=True)
        if out.returncode != 0 or f"## {rule}" not in out.stdout:
            bad.append(f"rule {rule} not found in the CR of {db}")
    return bad


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--file", default=str(HERE / "descriptions.jsonl"))
    parser.add_argument("--db", help="knowledge base whose CR the cited rules must exist in")
    args = parser.parse_args()
    lines = Path(args.file).read_text(encoding="utf-8").splitlines()
    errors, items = problems(lines)
    if args.db:
        errors += missing_rules(items, args.db)
    kinds = collections.Counter(i["expect"]["kind"] for i in items)
    classes = collections.Counter(
        i["expect"]["why_class"] for i in items if i["expect"]["kind"] == "must_not_verify"
    )
    print(f"{len(items)} items: " + ", ".join(f"{k} {kinds[k]}" for k in KINDS))
    print("must_not_verify: " + ", ".join(f"{c} {classes[c]}" for c in WHY_CLASSES))
    for error in errors:
        print("ERROR", error)
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
