"""Blind chat-description benchmark for `rulesbot ask`.

Runs every message of descriptions.jsonl through `rulesbot ask --batch` (the same `ask --json`
record per message, one process; `--each` runs `rulesbot ask --json --db DB MESSAGE` once per
message instead), reads sources[0] and classifies it. Usage:

    python benchmarks/chat-blind/measure.py --db /tmp/kb_k.sqlite [--out results.jsonl]
    python benchmarks/chat-blind/measure.py --db DB \
        --file benchmarks/chat-blind-2/descriptions.jsonl

`--file` (alias `--set`) runs another set in the same format; expected kinds `must_not_verify`
and `general` are read as `abstain` and `not_board`, and an answer item may carry its own
`match` / `not_match` regexes. KEYWORDS and MANUAL below belong to this directory's own file and
apply only to it. Blind items are counted by totals only: no per-item line is printed for them
(`--split blind -v` is refused), and the default results file leaves them out (an explicit
`--out` records them, for the evaluator).

Correctness of "answer" items is checked automatically against the expected short answer
(yes/no, P/T, numbers, keywords). When the automatic check is unsure, the item is decided by
MANUAL below (a human read the answer text); an unsure item with no manual decision is
reported as "needs review".
"""

from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
import tempfile
from collections import Counter
from pathlib import Path

HERE = Path(__file__).parent
DEFAULT_SET = HERE / "descriptions.jsonl"
# other sets' spellings of the expected kinds
KIND_ALIASES = {"must_not_verify": "abstain", "general": "not_board"}

# Per-item keyword checks for short answers that are not yes/no, P/T or a bare number:
# (regex that must match the answer text, regex that must NOT match it).
KEYWORDS: dict[str, tuple[str, str | None]] = {
    "a10": (r"(?i)elves[^.;]*graveyard|graveyard[^.;]*elves", r"(?i)bears is put into"),
    "a13": (r"(?i)(rats|dreadmaw)[^.]*graveyard[\s\S]*(rats|dreadmaw)[^.]*graveyard", None),
    "a16": (r"(?i)(three|3)\b[\s\S]*1/1[\s\S]*red[\s\S]*goblin", None),
    "a17": (r"(?i)graveyard|legend rule|704\.5j", None),
    "a18": (r"(?i)graveyard|dies|died|704\.5f", None),
    "a19": (r"(?i)(remov|annihilat|704\.5q)", None),
    # mana symbols: case-sensitive, braces required
    "a20": (r"\{G\}", r"\{[WUBRC]\}|(?i:no mana)"),
    "a21": (r"\{U\}[\s\S]*\{R\}|\{R\}[\s\S]*\{U\}", r"\{[WBGC]\}"),
}

# Decisions by reading the answer text, for items the automatic check can't settle (or gets
# wrong). id -> list of (a substring of the answer text, correct?, note); a decision applies
# only to an answer containing that text, so a changed answer is reviewed again.
MANUAL: dict[str, list[tuple[str, bool, str]]] = {
    "a09": [
        (
            "it isn't a creature on the battlefield",
            False,
            "'No' for a false reason: it dropped 'paid 1 to animate it'; the animated Mutavault is"
            " a creature and can't attack only because it came under control this turn (302.6)",
        )
    ],
    "a11": [("Serra Angel assigns 4 to P2", True, "4 damage to P2, P2 20 -> 16")],
    "a20": [
        (
            "Reflecting Pool: no mana",
            False,
            "with a Forest the Pool can make {G}; the reading dropped the Forest",
        )
    ],
}


def ask(db: str, message: str) -> tuple[dict | None, str]:
    proc = subprocess.run(
        ["rulesbot", "ask", "--json", "--db", db, message],
        capture_output=True,
        text=True,
        timeout=120,
    )
    try:
        return json.loads(proc.stdout), ""
    except json.JSONDecodeError:
        return None, f"exit {proc.returncode}: {proc.stderr.strip()[:200]}"


def ask_batch(db: str, messages: list[str]) -> list[tuple[dict | None, str]]:
    """Every message through one `rulesbot ask --batch` (the same `ask --json` record per line,
    one process: the knowledge base is opened once)."""
    with tempfile.NamedTemporaryFile("w", suffix=".jsonl", delete=False) as f:
        for i, message in enumerate(messages):
            f.write(json.dumps({"id": i, "question": message}) + "\n")
    try:
        proc = subprocess.run(
            ["rulesbot", "ask", "--batch", f.name, "--db", db],
            capture_output=True,
            text=True,
            timeout=60 + 10 * len(messages),
        )
    finally:
        os.unlink(f.name)
    records: dict[int, dict] = {}
    for line in proc.stdout.splitlines():
        try:
            record = json.loads(line)
        except json.JSONDecodeError:
            continue
        if isinstance(record, dict) and isinstance(record.get("id"), int):
            records[record["id"]] = record
    out: list[tuple[dict | None, str]] = []
    for i in range(len(messages)):
        record = records.get(i)
        if record is None or "error" in record:
            why = record["error"] if record else f"exit {proc.returncode}: {proc.stderr[:200]}"
            out.append((None, why))
        else:
            out.append((record, ""))
    return out


def keyword_check(
    must: str, must_not: str | None, text: str, flags: re.RegexFlag = re.NOFLAG
) -> bool | None:
    ok = re.search(must, text, flags) is not None
    bad = must_not is not None and re.search(must_not, text, flags) is not None
    return True if ok and not bad else None  # never auto-fail a keyword check: review it


def auto_correct(item: dict, answer: str, own_tables: bool = True) -> bool | None:
    """True/False when sure, None when unsure."""
    text = answer.strip()
    keywords = KEYWORDS.get(item["id"]) if own_tables else None
    if keywords is not None:
        return keyword_check(keywords[0], keywords[1], text)
    ok = standard_check(item["expect"]["short"].strip().lower(), text)
    if ok is None and "match" in item["expect"]:  # the item's own regexes settle what's unsure
        # an item's own regexes are case-insensitive (the sets' READMEs say so); the KEYWORDS
        # table is not, because its mana symbols ("{G}") are case-sensitive
        expect = item["expect"]
        return keyword_check(expect["match"], expect.get("not_match"), text, re.IGNORECASE)
    return ok


def standard_check(short: str, text: str) -> bool | None:
    """Yes/no, P/T and bare numbers: True/False when sure, None when unsure."""
    low = text.lower()
    if short in ("yes", "no"):
        first = re.match(r"\W*(\w+)", low)
        word = first.group(1) if first else ""
        if word == short:
            return True
        if word in ("yes", "no"):
            return False
        return None
    m = re.fullmatch(r"(\d+)/(\d+)", short)
    if m:
        pts = re.findall(r"(?<![\d+-])(\d+)/(\d+)(?![\d])", text)
        if (m.group(1), m.group(2)) in pts:
            return True
        return False if pts else None
    if re.fullmatch(r"\d+", short):
        # whole numbers, not parts of P/T or of rule numbers; a sentence's full stop is fine
        # a minus sign is part of the number ("your life total: -1" is not 1); a hyphen after a
        # word or digit ("1-2") is not
        number = r"(?<![\d/])(?<!\d\.)(?:(?<![\w-])-)?\d+(?![\d/])(?!\.\d)"
        nums = re.findall(number, re.sub(r"\(\d{3}\.\d+[a-z]?\)", "", text))
        if short in nums:
            return True if len(set(nums)) == 1 else None
        if _spelled(short, low):  # "Two mana: 1 from … and 1 from …" — unsure, not wrong
            return None
        return False if nums else None
    return None


NUMBER_WORDS = (
    "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen"
    " fifteen sixteen seventeen eighteen nineteen twenty"
).split()


def _spelled(short: str, low: str) -> bool:
    """Whether the expected number appears spelled out as a word in the (lower-cased) answer."""
    n = int(short)
    return n < len(NUMBER_WORDS) and re.search(rf"\b{NUMBER_WORDS[n]}\b", low) is not None


def classify(item: dict, out: dict | None, err: str, own_tables: bool = True) -> tuple[str, dict]:
    kind = KIND_ALIASES.get(item["expect"]["kind"], item["expect"]["kind"])
    src = (out or {}).get("sources") or [{}]
    s0 = src[0] if src else {}
    engine = s0.get("kind") == "engine"
    verified = bool(s0.get("verified")) if engine else False
    answer = s0.get("answer", "") if engine else ""
    info = {
        "engine": engine,
        "verified": verified,
        "answer": answer,
        "reading": s0.get("reading", ""),
        "first_source": s0.get("kind", err or "none"),
        "ask_back": ((out or {}).get("reading") or {}).get("ask_back", ""),
    }
    if kind == "not_board":
        return ("nb:went_to_engine (bad)" if engine else "nb:retrieval (good)"), info
    if kind == "abstain":
        if engine and verified:
            return "ab:verified (bad)", info
        return "ab:not verified (good)", info
    # answer
    if not engine:
        return "ans:not sent to engine", info
    ok = auto_correct(item, answer, own_tables)
    for text, decided, note in MANUAL.get(item["id"], []) if own_tables else []:
        if text in answer:
            ok = decided
            info["manual"] = note
    if ok is None:
        return "ans:needs review" + (" (verified)" if verified else " (unverified)"), info
    if ok:
        return "ans:correct+verified" if verified else "ans:correct unverified", info
    return "ans:WRONG+VERIFIED" if verified else "ans:wrong unverified", info


def in_half(item_id: str, half: str) -> bool:
    """Held-out half: the items whose id ends in an even number ("c5b-004"); studied: odd."""
    digits = re.search(r"(\d+)$", item_id)
    even = digits is not None and int(digits.group(1)) % 2 == 0
    return even if half == "held-out" else not even


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--db", required=True)
    ap.add_argument("--set", "--file", dest="set", default=str(DEFAULT_SET))
    ap.add_argument("--out", help="per-item results (default: a file in the temp folder)")
    ap.add_argument(
        "--split", choices=("study", "blind"), help="only this half (blind: totals only, no -v)"
    )
    ap.add_argument(
        "--half",
        choices=("studied", "held-out"),
        help="odd-numbered ids (studied) or even-numbered ids (held-out: totals only, no -v)",
    )
    ap.add_argument("-v", "--verbose", action="store_true")
    ap.add_argument(
        "--each",
        action="store_true",
        help="one `rulesbot ask --json` process per message (default: one `ask --batch` run)",
    )
    args = ap.parse_args()
    blind = args.split == "blind" or args.half == "held-out"
    if blind and args.verbose:
        ap.error("--split blind and --half held-out print totals only; -v is refused")
    own_tables = Path(args.set).resolve() == DEFAULT_SET.resolve()
    explicit_out = args.out is not None
    if args.out is None and not blind:
        args.out = str(Path(tempfile.gettempdir()) / "chat-blind-results.jsonl")
    items = [json.loads(line) for line in Path(args.set).read_text().splitlines() if line.strip()]
    if args.split:
        items = [item for item in items if item.get("split") == args.split]
    if args.half:
        items = [item for item in items if in_half(item["id"], args.half)]
    counts: Counter[str] = Counter()
    asked_back: Counter[str] = Counter()  # not sent to the engine, but the reader asked back
    if args.each:
        answers = [ask(args.db, item["message"]) for item in items]
    else:
        answers = ask_batch(args.db, [item["message"] for item in items])
    with open(args.out or os.devnull, "w") as f:
        for item, (out, err) in zip(items, answers, strict=True):
            cls, info = classify(item, out, err, own_tables)
            counts[cls] += 1
            if not info["engine"] and info["ask_back"]:
                asked_back[KIND_ALIASES.get(item["expect"]["kind"], item["expect"]["kind"])] += 1
            rec = {"id": item["id"], "class": cls, "expect": item["expect"], **info}
            is_blind = item.get("split") == "blind" or args.half == "held-out"
            if explicit_out or not is_blind:
                f.write(json.dumps(rec) + "\n")
            if not is_blind and (args.verbose or "WRONG" in cls or "review" in cls):
                print(
                    f"{item['id']:4} {cls:28} | {item['message']}"
                    + f"\n     -> {info['answer'] or info['first_source']}"
                    + (f"\n     ask_back: {info['ask_back']}" if info["ask_back"] else "")
                    + (f"\n     manual: {info['manual']}" if "manual" in info else "")
                )
    state = subprocess.run(
        ["git", "-C", str(HERE.parent.parent), "status", "--porcelain", "--", "engine", "bot"],
        capture_output=True,
        text=True,
    ).stdout.split()
    head = subprocess.run(
        ["git", "-C", str(HERE.parent.parent), "rev-parse", "--short", "HEAD"],
        capture_output=True,
        text=True,
    ).stdout.strip()
    print(f"\n== counts == (HEAD {head}; uncommitted under engine/ bot/: {len(state) // 2} files)")
    for k in sorted(counts):
        print(f"{counts[k]:3}  {k}")
    print("asked back instead of answering (per expected kind):", dict(asked_back))
    n_ans = sum(v for k, v in counts.items() if k.startswith("ans:"))
    n_ok = counts["ans:correct+verified"] + counts["ans:correct unverified"]
    print(
        f"answer items correct: {n_ok}/{n_ans} = {n_ok / max(n_ans, 1):.2f}"
        f" (correct+verified {counts['ans:correct+verified']}/{n_ans})"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
