"""Document frequencies of terms over rulings, rules and glossary, computed once per build.

Retrieval weighs each question term by how rare it is (inverse document frequency); storing
the counts in the database keeps ``rulesbot ask`` from re-reading the corpus on every start.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections import Counter

import sqlite_utils

from rulings_db.text import STOPWORDS, stem, terms

# A word after the start of the text or a sentence end is capitalised by grammar, not by name.
_MID_SENTENCE_WORD = re.compile(r"(?<![.!?:\n“\"(])\s+([A-Za-z][a-z’']+)")

_CORPUS = (
    ("rulings", "text"),
    ("rules", "text || ' ' || coalesce(title, '')"),
    ("glossary", "term || ' ' || text"),
)


def compute_term_stats(db: sqlite_utils.Database) -> None:
    """Fill ``terms`` (term, df), ``ruling_shares`` and meta ``corpus`` (documents, length)."""
    df: Counter[str] = Counter()
    lower: Counter[str] = Counter()
    capital: Counter[str] = Counter()
    documents = 0
    total_length = 0
    for table, expression in _CORPUS:
        for (text,) in db.execute(f"select {expression} from {table}"):
            doc_terms = terms(text or "")
            df.update(set(doc_terms))
            _count_case(text or "", lower, capital)
            documents += 1
            total_length += len(doc_terms)
    db.table("terms").insert_all(
        ({"term": t, "df": n, "lower_share": _share(lower[t], capital[t])} for t, n in df.items()),
        batch_size=5000,
        replace=True,
    )
    shares: Counter[str] = Counter()
    for (text,) in db.execute("select distinct oracle_id || char(0) || text from rulings"):
        shares[ruling_text_key(text.split("\0", 1)[1])] += 1
    db.table("ruling_shares").insert_all(
        ({"text_key": k, "cards": n} for k, n in shares.items()), batch_size=5000, replace=True
    )
    corpus = {"documents": documents, "average_length": total_length / max(documents, 1)}
    db.table("meta").insert({"key": "corpus", "value": json.dumps(corpus)}, replace=True)


def _count_case(text: str, lower: Counter[str], capital: Counter[str]) -> None:
    """Names are capitalised mid-sentence ("… such as Tarmogoyf"), ordinary words are not."""
    for word in _MID_SENTENCE_WORD.findall(text):
        key = word.lower().replace("’", "").replace("'", "")
        if key in STOPWORDS:
            continue
        (lower if word[0].islower() else capital)[stem(key)] += 1


CASE_PRIOR = 4  # uses worth of "don't know" (0.5) mixed in, so a word seen twice decides little


def _share(lower: int, capital: int) -> float:
    """Share of lower-case mid-sentence uses, smoothed toward 0.5 for rarely seen words."""
    return (lower + CASE_PRIOR * 0.5) / (lower + capital + CASE_PRIOR)


def ruling_text_key(text: str) -> str:
    """One key for a ruling's text wherever it is printed (case and spacing folded)."""
    folded = " ".join(text.lower().split())
    return hashlib.sha1(folded.encode("utf-8")).hexdigest()[:16]
