"""Refit the ranking weights (rulings_db/weights.py) on the labelled question sets, with
cross-validation, so a change to them is a measured refit rather than a hand tweak.

    python benchmarks/fit_weights.py --db PATH [--folds 5] [--rounds 2] [--write]

Every candidate of every tuning question (benchmarks/questions/manifest.json, role tuning)
has its features measured once (``Retriever.features``); a set of weights is then scored by
re-ranking those candidates with ``rulings_db.ranking.combine`` exactly as ``ask`` does
(glossary ties, Un-set rulings never leading, the top five's composition through
``Retriever.compose_top``, sibling sub-rules grouped),
over each question's ``--keep`` best candidates by the shipped weights. The fit is
coordinate ascent over the fields of ``RankingWeights`` listed in FITTED (or ``--fields``):
each in turn is tried at a few multiples of its value (a count of words at a few lengths,
a weight of 0 at a few small values; the pairs in JOINT together, over every pair of their
trial values) and kept at the best, for ``--rounds`` rounds.
The objective is hit@1 + 0.5 x hit@3 + 0.25 x hit@5, summed over the questions, real
players' questions counting ``--real-weight`` times.

Cross-validation: the question sets are dealt into ``--folds`` folds (whole sets, so no set
is both fitted and judged; the real tuning set counts as REAL_PARTS sets of every third
question, so that each fold's fit sees real questions); each fold is judged with weights
fitted on the others, beside the shipped weights. It prints both, per fold and in total.
With ``--write`` the weights fitted on all the sets are written to
rulings_db/data/weights.json (only when the cross-validated total beats the shipped
weights; say --force to write anyway).
Blind sets are never read.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from ask_eval import REPO, load_jsonl, matches, question_sets

from rulings_db.knowledge import KnowledgeBase
from rulings_db.ranking import Features, combine
from rulings_db.retrieval import Candidate, Query, Retriever, clean_question
from rulings_db.weights import RankingWeights, Weights, shipped_weights

FITTED = (
    "mention_bonus",
    "mention_floor",
    "speaks_at",
    "silent_floor",
    "named_in_ruling",
    "other_card_factor",
    "general_ruling_factor",
    "phrase_bonus",
    "shape_weight",
    "modality_bonus",
    "concept_bonus",
    "jargon_bonus",
    "question_shape_bonus",
    "interaction_bonus",
    "mechanic_bonus",
    "card_text_bonus",
    "both_kinds_score",
    "interaction_mention",
    "interaction_min_words",
    "interaction_speaks_at",
    "one_card_mention",
    "one_card_min_words",
    "governing_share",
    "several_cards_mention",
    "several_cards_min_words",
    "named_ruling_share",
)
STEPS = (0.0, 0.5, 0.75, 1.25, 1.5, 2.0)  # multiples of a weight's current value tried
FROM_ZERO = (0.05, 0.1, 0.2, 0.5)  # values tried for a weight that is 0 now
WORDS = (0, 10, 15, 20, 25, 30, 40)  # values tried for a count of words
# Weights that act only together (a factor and the length from which it applies) are
# fitted together, over every pair of their trial values.
JOINT = (
    ("interaction_mention", "interaction_min_words"),
    ("one_card_mention", "one_card_min_words"),
    ("several_cards_mention", "several_cards_min_words"),
)
REAL_PARTS = 3  # the real tuning set is dealt into this many parts, so folds can hold them out
KEEP = 40  # candidates kept per question (best first by the shipped weights), to fit faster
WEIGHTS_FILE = REPO / "rulings_db" / "data" / "weights.json"


@dataclass
class Measured:
    """One question with its candidates' features, ready to be re-ranked."""

    set_name: str
    real: bool
    gold: list[dict]
    query: Query
    candidates: list[Candidate]
    features: list[Features]


def measure(
    kb: KnowledgeBase, retriever: Retriever, shared: Path, keep: int = KEEP
) -> list[Measured]:
    out = []
    for entry in question_sets(shared):
        if entry["role"] != "tuning" or not entry["path"].exists():
            continue
        real = "real" in entry["file"]
        for n, item in enumerate(load_jsonl(entry["path"])):
            cleaned, _ = clean_question(item["question"])
            query = retriever.build_query(cleaned)
            candidates = retriever.gather(query)
            features = [retriever.features(c, query) for c in candidates]
            if keep:
                shipped = retriever.weights.ranking
                best = sorted(range(len(candidates)), key=lambda i: -combine(features[i], shipped))
                chosen = sorted(best[:keep])
                candidates = [candidates[i] for i in chosen]
                features = [features[i] for i in chosen]
            out.append(
                Measured(
                    f"{entry['file']}#{n % REAL_PARTS}" if real else entry["file"],
                    real,
                    item["gold"],
                    query,
                    candidates,
                    features,
                )
            )
    return out


def rank_of(retriever: Retriever, item: Measured, weights: RankingWeights) -> int | None:
    for candidate, f in zip(item.candidates, item.features, strict=True):
        candidate.score = combine(f, weights)
    ranked = retriever.lead_for_a_real_game(retriever.rank(item.candidates), item.query)
    shown = retriever.group_sub_rules(retriever.compose_top(ranked, item.query, 5, weights), 5)
    for position, candidate in enumerate(shown, start=1):
        source = retriever._source(candidate, item.query)
        if any(matches(source, g) for g in item.gold):
            return position
    return None


def objective(
    retriever: Retriever, items: list[Measured], weights: RankingWeights, real_weight: float
) -> tuple[float, int, int, int]:
    total, at1, at3, at5 = 0.0, 0, 0, 0
    for item in items:
        rank = rank_of(retriever, item, weights)
        gain = (rank == 1) + 0.5 * (rank is not None and rank <= 3) + 0.25 * (rank is not None)
        total += gain * (real_weight if item.real else 1.0)
        at1 += rank == 1
        at3 += rank is not None and rank <= 3
        at5 += rank is not None
    return total, at1, at3, at5


def fit(
    retriever: Retriever,
    items: list[Measured],
    start: RankingWeights,
    rounds: int,
    real_weight: float,
    fields: tuple[str, ...] = FITTED,
) -> RankingWeights:
    best = start
    best_score = objective(retriever, items, best, real_weight)[0]
    for _ in range(rounds):
        for first, second in (j for j in JOINT if set(j) <= set(fields)):
            for a in trials(getattr(best, first)):
                for b in trials(getattr(best, second)):
                    changes: dict[str, Any] = {first: a, second: b}
                    trial = replace(best, **changes)
                    score = objective(retriever, items, trial, real_weight)[0]
                    if score > best_score + 1e-9:
                        best, best_score = trial, score
        for name in fields:
            for value in trials(getattr(best, name)):
                trial = replace(best, **{name: value})  # type: ignore[arg-type]
                score = objective(retriever, items, trial, real_weight)[0]
                if score > best_score + 1e-9:
                    best, best_score = trial, score
    return best


def trials(value: float) -> list[float]:
    """The values tried for one weight: a count of words any of WORDS, a weight that is 0
    a few small values, any other a few multiples of itself."""
    if isinstance(value, int):
        return list(WORDS)
    if value == 0:
        return list(FROM_ZERO)
    return [value * step for step in STEPS]


def folds_of(items: list[Measured], folds: int) -> list[list[str]]:
    names = sorted({i.set_name for i in items})
    return [names[k::folds] for k in range(folds)]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--db", type=Path, required=True)
    parser.add_argument("--shared", type=Path, default=REPO.parent / "shared")
    parser.add_argument("--folds", type=int, default=5)
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--real-weight", type=float, default=2.0)
    parser.add_argument("--fields", default=",".join(FITTED), help="weights to fit, by name")
    parser.add_argument("--keep", type=int, default=KEEP, help="candidates per question; 0: all")
    parser.add_argument("--write", action="store_true")
    parser.add_argument("--force", action="store_true")
    args = parser.parse_args(argv)
    kb = KnowledgeBase(args.db)
    shipped = shipped_weights()
    retriever = Retriever(kb, -1, shipped)
    started = time.perf_counter()
    fields = tuple(f for f in args.fields.split(",") if f)
    unknown = [f for f in fields if f not in FITTED]
    if unknown:
        parser.error(f"not fitted weights: {unknown}")
    items = measure(kb, retriever, args.shared, args.keep)
    print(f"measured {len(items)} tuning questions in {time.perf_counter() - started:.0f} s")
    cv_shipped = cv_fitted = 0
    for k, held in enumerate(folds_of(items, args.folds), start=1):
        train = [i for i in items if i.set_name not in held]
        test = [i for i in items if i.set_name in held]
        fitted = fit(retriever, train, shipped.ranking, args.rounds, args.real_weight, fields)
        base = objective(retriever, test, shipped.ranking, args.real_weight)
        new = objective(retriever, test, fitted, args.real_weight)
        cv_shipped += base[1]
        cv_fitted += new[1]
        print(
            f"fold {k} ({len(test)} questions: {', '.join(held)})\n"
            f"  shipped hit@1/3/5 {base[1]}/{base[2]}/{base[3]}   "
            f"fitted on the others {new[1]}/{new[2]}/{new[3]}"
        )
    print(f"cross-validated hit@1: shipped {cv_shipped}, fitted {cv_fitted} of {len(items)}")
    final = fit(retriever, items, shipped.ranking, args.rounds, args.real_weight, fields)
    changed = {
        n: (getattr(shipped.ranking, n), getattr(final, n))
        for n in fields
        if getattr(final, n) != getattr(shipped.ranking, n)
    }
    print("fitted on all sets: " + (json.dumps(changed) if changed else "no change"))
    if args.write:
        if cv_fitted <= cv_shipped and not args.force:
            print("not written: the fit does not beat the shipped weights under cross-validation")
            return 0
        weights = Weights(shipped.bm25, final, shipped.confidence)
        WEIGHTS_FILE.write_text(json.dumps(weights.to_json(), indent=2) + "\n", "utf-8")
        print(f"wrote {WEIGHTS_FILE}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
