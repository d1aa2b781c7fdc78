"""Which cards each tuning question is read as naming, beside its gold cards (Q7, issue 14).

For every question of the tuning sets (never a blind one) it prints the settled mentions the
ranking uses (card, how, weight) and flags likely detection errors:

- ``MISSED-GOLD``: a card whose ruling is gold, not among the clearly named cards;
- ``CAPS?``: a capitalised run mid-sentence that no mention covers (perhaps a missed name);
- ``WEAK``/``PARTIAL``: a card read from part of its name or weakly (worth a look).

    python benchmarks/mention_audit.py --db /tmp/kb11.sqlite [--set real-tuning] [--errors]
"""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(REPO / "benchmarks"))

from ask_eval import load_jsonl, question_sets  # noqa: E402

from rulings_db.disambiguation import CLEARLY_NAMED  # noqa: E402
from rulings_db.knowledge import KnowledgeBase  # noqa: E402
from rulings_db.mentions import token_spans  # noqa: E402
from rulings_db.names import normalise  # noqa: E402

_CAPS = re.compile(r"(?<![.!?]\s)(?<!^)\b[A-Z][a-z']+(?:[ ,-]+(?:of|the|and|[A-Z][a-z']+))*")
_NOT_NAMES = frozenset(
    "I I'm I've Is It If In On Do Does Can When What How Who Why Which Will Would The This "
    "That They My You Yes No And But So Or Then EDH Commander Magic MTG".split()
)


def gold_cards(item: dict) -> set[str]:
    return {
        normalise(g["ruling"]["card"])
        for g in item.get("gold", [])
        if isinstance(g, dict) and isinstance(g.get("ruling"), dict) and g["ruling"].get("card")
    }


def audit(kb: KnowledgeBase, item: dict, errors_only: bool) -> list[str]:
    question = item["question"]
    retriever = kb._retriever
    assert retriever is not None
    query = retriever.build_query(question)
    names = kb.names.full_names
    named = {
        normalise(names.get(m.oracle_ids[0], ""))
        for m in query.mentions
        if m.resolved and m.weight >= CLEARLY_NAMED
    }
    lines = []
    for gold in sorted(gold_cards(item) - named):
        lines.append(f"  MISSED-GOLD {gold}")
    spans = token_spans(question)
    covered = set()
    for m in query.mentions:
        if m.start >= 0:
            covered |= set(range(spans[m.start][0], spans[m.end - 1][1]))
    for c in _CAPS.finditer(question):
        word = c.group(0).split()[0]
        if word in _NOT_NAMES or any(i in covered for i in range(c.start(), c.end())):
            continue
        lines.append(f"  CAPS? {c.group(0)!r}")
    for m in query.mentions:
        card = " / ".join(names.get(i, i) for i in m.oracle_ids[:3])
        flag = "WEAK" if m.weight < CLEARLY_NAMED else ("PARTIAL" if m.how != "full" else "")
        if errors_only and not flag:
            continue
        lines.append(f"  {flag:8} {m.text!r} -> {card} ({m.how}, {m.weight:.2f})")
    if lines or not errors_only:
        lines.insert(0, f"{item['id']}: {question[:300]}")
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--db", default="/tmp/kb11.sqlite")
    parser.add_argument("--shared", default=str(REPO.parent / "shared"))
    parser.add_argument("--set", action="append", default=[])
    parser.add_argument("--errors", action="store_true", help="only questions with a flag")
    args = parser.parse_args()
    kb = KnowledgeBase(args.db)
    kb.mentions("warm up")
    for entry in question_sets(Path(args.shared)):
        if entry.get("role") != "tuning" or not entry["path"].exists():
            continue
        if args.set and not any(s in entry["path"].name for s in args.set):
            continue
        items = load_jsonl(entry["path"])
        print(f"== {entry['path'].name} ({len(items)})")
        for item in items:
            for line in audit(kb, item, args.errors):
                print(line)


if __name__ == "__main__":
    main()
