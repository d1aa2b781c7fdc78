"""Check benchmarks/chat-study-5/descriptions.jsonl: one JSON object a line, unique ids, fields."""

import json
import re
import sys
from collections import Counter
from pathlib import Path

KINDS = {"answer", "must_not_verify", "general"}
WHY_CLASSES = {
    "unknown card",
    "contradiction",
    "two questions",
    "ambiguous pronoun",
    "unmodelled clause",
    "impossible board",
}


def check(path: Path) -> list[str]:
    problems: list[str] = []
    seen: set[str] = set()
    kinds: Counter[str] = Counter()
    classes: Counter[str] = Counter()
    for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        try:
            item = json.loads(line)
        except json.JSONDecodeError as err:
            problems.append(f"line {n}: not JSON ({err})")
            continue
        iid = item.get("id", "")
        if not iid.startswith("c5s-") or iid in seen:
            problems.append(f"line {n}: bad or repeated id {iid!r}")
        seen.add(iid)
        if not item.get("message") or not item.get("why") or item.get("split") != "study":
            problems.append(f"{iid}: message, why and split 'study' are required")
        exp = item.get("expect", {})
        kind = exp.get("kind")
        kinds[kind] += 1
        if kind not in KINDS:
            problems.append(f"{iid}: unknown kind {kind!r}")
        if kind == "answer" and not (exp.get("short") and exp.get("rule")):
            problems.append(f"{iid}: an answer needs short and rule")
        if kind == "must_not_verify":
            classes[exp.get("why_class")] += 1
            if exp.get("why_class") not in WHY_CLASSES:
                problems.append(f"{iid}: bad why_class {exp.get('why_class')!r}")
        for key in ("match", "not_match"):
            if key in exp:
                try:
                    re.compile(exp[key])
                except re.error as err:
                    problems.append(f"{iid}: {key} is not a regex ({err})")
    print(len(seen), "items", dict(kinds), dict(classes))
    return problems


if __name__ == "__main__":
    found = check(Path(__file__).with_name("descriptions.jsonl"))
    print("\n".join(found) or "ok")
    sys.exit(1 if found else 0)
