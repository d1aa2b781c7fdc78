"""Unseen engine scenarios: run each through `rulesbot board --json` and count the outcomes.

    python benchmarks/engine-blind/measure.py --db DB --split study -v   # per scenario
    python benchmarks/engine-blind/measure.py --db DB --split blind      # totals only

Each scenario in scenarios.yaml holds one board (docs/board-spec.md) and one question. The
scenario is written to a temporary board file (its `board`, optional `cards`, and the question),
run as a subprocess, and its answer is compared with `expect`:

- a regular scenario is correct when every check in `expect` holds (keys below); it is then
  "correct & verified" or "correct unverified", else "wrong & verified" (the worst) or "wrong
  unverified". A refused board (the CLI's error) or an undecided answer is "refused/abstained".
- a hostile scenario (`expect.hostile`) wants a refusal or an unverified answer. A verified
  answer is "wrong & verified" unless `expect.if_verified` is given and all its checks hold
  (some hostile boards are legal, only hard: a verified right answer is fine).

A check whose data the answer doesn't carry is "needs review" (never silently right or wrong).
An error that names an unknown field or card means the scenario file is broken; it is counted
apart as "scenario error", not as a refusal.
"""

from __future__ import annotations

import argparse
import json
import re
import subprocess
import sys
import tempfile
from collections import Counter
from pathlib import Path
from typing import Any

import yaml

HERE = Path(__file__).parent
TIMEOUT_S = 60  # one scenario's subprocess; the CLI's own budget is 10 s a file
OUTCOMES = (
    "correct & verified",
    "correct unverified",
    "wrong & verified",
    "wrong unverified",
    "refused/abstained",
    "needs review",
    "scenario error",
)
# An error message that is about the file, not the board: the scenario itself must be fixed.
SCENARIO_ERROR = re.compile(
    r"(?i)unknown field|unknown card|no card named|did you mean|malformed|not valid"
)


class Unsure(Exception):
    """The answer doesn't carry what a check needs."""


def first_word(answer: str) -> str:
    m = re.match(r"\W*(\w+)", answer)
    return m.group(1).lower() if m else ""


def died(ans: dict[str, Any], obj: str) -> bool:
    """Whether `obj` ended in a graveyard, from the answer's data or its text."""
    data = ans.get("data") or {}
    if isinstance(data.get("graveyard"), list):
        return obj in data["graveyard"]
    if isinstance(data.get("battlefield"), dict):
        return obj not in data["battlefield"]
    texts = [ans.get("answer", "")] + [str(t) for t in data.get("after_sbas") or []]
    if any(f"({obj})" in t for t in texts):
        return any(re.search(rf"\({re.escape(obj)}\)[^.;]*graveyard", t) for t in texts)
    raise Unsure(f"no data on {obj}")


def produced(data: dict[str, Any]) -> set[str]:
    if "sources" in data:
        return {sym for src in data["sources"] for sym in src.get("produces") or []}
    if "produces" in data:
        return set(data["produces"] or [])
    raise Unsure("no produces")


def need(data: dict[str, Any], key: str) -> Any:
    if key not in data:
        raise Unsure(f"no {key}")
    return data[key]


def check_one(key: str, want: Any, ans: dict[str, Any]) -> bool:
    data = ans.get("data") or {}
    text = ans.get("answer", "")
    if key == "yes":
        word = first_word(text)
        if word not in ("yes", "no"):
            raise Unsure("answer is not yes/no")
        return (word == "yes") == want
    if key == "pt":
        return f"{need(data, 'power')}/{need(data, 'toughness')}" == want
    if key in ("mana_value", "name", "is_token"):
        return need(data, key) == want
    if key == "colors":
        return {c.lower() for c in need(data, "colors")} == {c.lower() for c in want}
    if key == "types":
        return set(need(data, "types")) == set(want)
    if key == "types_include":
        return set(want) <= set(need(data, "types"))
    if key == "subtypes_include":
        return set(want) <= set(need(data, "subtypes"))
    if key == "counters":
        have = need(data, "counters")
        return all(have.get(k, 0) == v for k, v in want.items())
    if key == "produces":
        return produced(data) == set(want)
    if key == "amount":  # the data's amount, or the answer text's "N mana" (triggered mana)
        return data.get("amount") == want or re.search(rf"\b{want} mana\b", text) is not None
    if key == "mana_includes":
        return all(sym in produced(data) or "{" + sym + "}" in text for sym in want)
    if key == "life":
        have = need(data, "life")
        return all(have.get(p) == v for p, v in want.items())
    if key == "dies":
        return all(died(ans, obj) for obj in want)
    if key == "survives":
        return not any(died(ans, obj) for obj in want)
    if key == "token_count":
        tokens = need(data, "tokens")
        return sum(int(t.get("count", 1)) if isinstance(t, dict) else 1 for t in tokens) == want
    if key == "match":
        return re.search(want, text) is not None
    raise ValueError(f"unknown check {key!r}")


def checks_hold(checks: dict[str, Any], ans: dict[str, Any]) -> bool | None:
    """True/False, or None when some check can't be decided from the answer."""
    unsure = False
    for key, want in checks.items():
        try:
            if not check_one(key, want, ans):
                return False
        except Unsure:
            unsure = True
    return None if unsure else True


def board_file(scn: dict[str, Any]) -> dict[str, Any]:
    spec: dict[str, Any] = {"id": scn["id"], "title": scn["title"], "board": scn["board"]}
    if scn.get("cards"):
        spec["cards"] = scn["cards"]
    spec["questions"] = [scn["question"]]
    return spec


def run(db: str, scn: dict[str, Any], tmp: Path) -> dict[str, Any]:
    path = tmp / f"{scn['id']}.yaml"
    path.write_text(yaml.safe_dump(board_file(scn), sort_keys=False, allow_unicode=True))
    proc = subprocess.run(
        ["rulesbot", "board", "--json", "--db", db, str(path)],
        capture_output=True,
        text=True,
        timeout=TIMEOUT_S,
    )
    try:
        out = json.loads(proc.stdout)
    except json.JSONDecodeError:
        return {"error": f"exit {proc.returncode}: {proc.stderr.strip()[:300]}"}
    return out if isinstance(out, dict) else {"error": "unexpected output"}


def classify(scn: dict[str, Any], out: dict[str, Any]) -> tuple[str, str]:
    expect = scn["expect"]
    if "error" in out:
        if SCENARIO_ERROR.search(str(out["error"])):
            return "scenario error", str(out["error"])
        return "refused/abstained", str(out["error"])
    answers = out.get("answers") or []
    if not answers:
        return "refused/abstained", "no answer"
    ans = answers[0]
    text = str(ans.get("answer", ""))
    verified = bool(ans.get("verified"))
    if not ans.get("decided", True):
        return "refused/abstained", text
    if expect.get("hostile"):
        if not verified:
            return "refused/abstained", text
        checks = expect.get("if_verified")
        ok = checks_hold(checks, ans) if checks else False
    else:
        checks = {k: v for k, v in expect.items()}
        ok = checks_hold(checks, ans)
    if ok is None:
        return "needs review", text
    if ok:
        return ("correct & verified" if verified else "correct unverified"), text
    return ("wrong & verified" if verified else "wrong unverified"), text


def cited(scn: dict[str, Any], out: dict[str, Any]) -> tuple[int, int]:
    """How many of the scenario's `rules` the answer's steps cite (a prefix match counts)."""
    steps = ((out.get("answers") or [{}])[0]).get("steps") or []
    got = [str(s.get("rule", "")) for s in steps]
    rules = [str(r) for r in scn.get("rules", [])]
    hit = sum(1 for r in rules if any(g.startswith(r) or r.startswith(g) for g in got if g))
    return hit, len(rules)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--db", required=True)
    ap.add_argument("--file", default=str(HERE / "scenarios.yaml"))
    ap.add_argument("--split", choices=("study", "blind"), help="only this half")
    ap.add_argument("-v", "--verbose", action="store_true", help="per-scenario lines (not blind)")
    args = ap.parse_args()
    if args.split == "blind" and args.verbose:
        ap.error("--split blind prints totals only; -v is refused")
    doc = yaml.safe_load(Path(args.file).read_text())
    scenarios = [s for s in doc["scenarios"] if args.split in (None, s.get("split"))]
    totals: dict[str, Counter[str]] = {}
    cite_hit = cite_all = 0
    with tempfile.TemporaryDirectory() as tmp:
        for scn in scenarios:
            out = run(args.db, scn, Path(tmp))
            outcome, text = classify(scn, out)
            hostile = bool(scn["expect"].get("hostile"))
            group = f"{scn.get('split', '?')} {'hostile' if hostile else 'regular'}"
            totals.setdefault(group, Counter())[outcome] += 1
            if outcome.startswith("correct") and not hostile:
                hit, n = cited(scn, out)
                cite_hit, cite_all = cite_hit + hit, cite_all + n
            if args.verbose and scn.get("split") != "blind":  # blind: totals only
                print(f"{scn['id']:5} {outcome:20} | {scn['title']}\n      -> {text[:200]}")
    print(f"\n== totals ({args.file}) ==")
    print(f"{'group':18}" + "".join(f"{o:>21}" for o in OUTCOMES))
    for group in sorted(totals):
        print(f"{group:18}" + "".join(f"{totals[group][o]:>21}" for o in OUTCOMES))
    all_counts: Counter[str] = sum(totals.values(), Counter())
    n = sum(all_counts.values())
    good = all_counts["correct & verified"] + all_counts["correct unverified"]
    print(
        f"all {n}: correct {good}, wrong & verified {all_counts['wrong & verified']}, "
        f"refused/abstained {all_counts['refused/abstained']}"
    )
    print(f"rules cited by correct regular answers: {cite_hit}/{cite_all}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
