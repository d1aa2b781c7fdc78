"""How long an `ask` reply is, and whether its lead source is still the right one.

The baseline, in the same run, is the previous shape: the best source in full, then every
other source in full (about 1,470 characters at the median). The new shape
(``bot.render.content.answer_reply``) leads with the deciding source, shows the named
cards' Oracle text and one line per other source; full texts move to the next pages.
Both render the same retrieval answers. hit@1 is measured on the source each shape leads
with (``benchmarks/ask_eval.matches``), over the tuning question sets of the manifest.

    python benchmarks/reply_length.py --db /tmp/kb_h.sqlite [--shared ../shared]
"""

from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "benchmarks"))

from ask_eval import first_hit, load_jsonl, question_sets  # noqa: E402

from bot.render import content  # noqa: E402
from bot.render.reply import Embed, Field, Reply  # noqa: E402
from rulings_db.knowledge import KnowledgeBase  # noqa: E402
from rulings_db.models import Answer  # noqa: E402


def previous_shape(answer: Answer, cr_date: str | None) -> Reply:
    """The reply as it was rendered before (every source's full text)."""
    best, *rest = answer.sources
    embed = Embed(
        title=answer.question,
        description=f"**{content._cite(best)}**\n{best.text}",
        fields=[Field(content._cite(s), s.text) for s in rest],
        footer=f"Confidence: {answer.confidence} · CR effective {cr_date}",
    )
    return Reply(embeds=[embed])


def _stats(values: list[int]) -> str:
    ordered = sorted(values)
    p95 = ordered[round(0.95 * (len(ordered) - 1))]
    return f"median {statistics.median(ordered):6.0f}  p95 {p95:6.0f}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--db", type=Path, required=True)
    parser.add_argument("--shared", type=Path, default=REPO.parent / "shared")
    args = parser.parse_args()
    kb = KnowledgeBase(args.db)
    cr_date = str(kb.status().get("cr_effective_date") or "")
    items = [
        item
        for entry in question_sets(args.shared)
        if entry["role"] == "tuning" and entry["path"].exists()
        for item in load_jsonl(entry["path"])
    ]
    before: list[int] = []
    after: list[int] = []
    hits = {"previous": 0, "new": 0}
    answered = 0
    for item in items:
        answer = kb.ask(item["question"])
        if not answer.sources or answer.confidence == "none":
            continue
        answered += 1
        cards = [c for n in answer.cards[: content.ANSWER_CARDS] if (c := kb.card(n).card)]
        before.append(len(previous_shape(answer, cr_date).to_text(controls=False)))
        after.append(len(content.answer_reply(answer, cr_date, cards).to_text(controls=False)))
        golds = item.get("gold") or []
        hits["previous"] += first_hit(answer.sources[:1], golds) == 1
        hits["new"] += first_hit(content.ordered_sources(answer)[:1], golds) == 1
    print(f"{answered} answered questions of {len(items)} (tuning sets of the manifest)")
    print(f"previous shape (all sources in full): {_stats(before)} characters")
    print(f"new shape (lead + cards + one line each): {_stats(after)} characters")
    ratio = statistics.median(after) / statistics.median(before)
    print(f"median ratio new/previous: {ratio:.2f} (target <= 0.50)")
    for shape, count in hits.items():
        print(f"hit@1 of the lead source, {shape} shape: {count / answered:.3f}")


if __name__ == "__main__":
    main()
