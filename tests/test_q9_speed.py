"""The fast paths of `ask` find exactly what the slow ones found (issue 14, speed)."""

from __future__ import annotations

import bisect
import math
import os
import shutil
from pathlib import Path

import pytest

from rulings_db import retrieval
from rulings_db.cards import NameEntry, NameIndex
from rulings_db.jargon import jargon
from rulings_db.knowledge import KnowledgeBase
from rulings_db.retrieval import CANDIDATES_PER_KIND, Retriever
from rulings_db.schema import NAME_FULL, NAME_NICKNAME
from rulings_db.text import _POSSESSIVE, _SLANG_PATTERNS, slang_phrases


@pytest.fixture(scope="module")
def kb(kb_path: Path) -> KnowledgeBase:
    return KnowledgeBase(kb_path)


def _names(*keys: str) -> NameIndex:
    return NameIndex(
        [NameEntry(k, k.title(), f"id-{k}", NAME_FULL) for k in keys]
        + [NameEntry("opt x", "Opt X", "id-nick", NAME_NICKNAME)]
    )


def _walk_every_key(names: NameIndex, key: str, limit: int) -> list[str]:
    """The reference: every key starting with ``key``, those ending there or at a space."""
    ids: list[str] = []
    for candidate in names.sorted_keys[bisect.bisect_left(names.sorted_keys, key) :]:
        if not candidate.startswith(key):
            break
        if len(candidate) > len(key) and candidate[len(key)] != " ":
            continue
        for entry in names.by_key[candidate]:
            if entry.kind != NAME_NICKNAME and entry.oracle_id not in ids:
                ids.append(entry.oracle_id)
        if len(ids) >= limit:
            break
    return ids


@pytest.mark.parametrize("key", ["opt", "op", "opt x", "optimus", "o", "opt 2", "zzz", "opts"])
@pytest.mark.parametrize("limit", [1, 2, 9])
def test_a_name_prefix_at_a_word_boundary_finds_what_a_walk_over_every_key_finds(
    key: str, limit: int
) -> None:
    names = _names(
        "opt", "optimus", "opt 2", "opt x", "opt x y", "opts", "op", "opal", "optx", "oz"
    )
    assert names.complete_ids(key, limit, whole_words=True) == _walk_every_key(names, key, limit)


def test_a_partly_typed_word_still_completes_when_no_word_ends_there() -> None:
    names = _names("optimus prime", "optical illusion")
    assert names.complete_ids("opti", 9) == ["id-optical illusion", "id-optimus prime"]
    assert names.complete_ids("opti", 9, whole_words=True) == []


def _every_pattern_searched(question: str) -> list[tuple[str, str]]:
    """The reference: each slang pattern's regular expression run over the whole question."""
    lowered = _POSSESSIVE.sub(r"\1", question.lower())
    found = [(m, v) for pattern, v, _ in _SLANG_PATTERNS if (m := pattern.search(lowered))]
    return [
        (m.group(0), v)
        for m, v in found
        if not any(
            o.start() <= m.start() and m.end() <= o.end() and o.span() != m.span() for o, _ in found
        )
    ]


def test_slang_found_by_its_words_first_is_the_slang_every_pattern_finds() -> None:
    questions = [e.example for e in jargon().entries if e.example]
    questions += [
        "My ETBs died; it chumped, then the walkers' pw fizzled?",
        "does it come in tapped when i tap my elves for mana",
        "",
    ]
    assert len(questions) > 150
    for question in questions:
        assert slang_phrases(question) == _every_pattern_searched(question), question
    assert any(slang_phrases(q) for q in questions)


def test_ruling_full_text_search_keeps_the_best_rows_in_their_order(kb: KnowledgeBase) -> None:
    retriever = Retriever(kb, 0)
    join_first = (
        "select rulings.oracle_id, rulings.published_at, rulings.text, rulings.source "
        "from rulings_fts join rulings on rulings.rowid = rulings_fts.rowid "
        "where rulings_fts match ? order by bm25(rulings_fts) limit ?"
    )
    for fts in ('"counter"', '"copy" OR "token"', '"damage" OR "creature" OR "target"', '"x"'):
        expected = list(kb.conn.execute(join_first, (fts, CANDIDATES_PER_KIND)))
        assert retriever._fts_rulings(fts) == expected
        expected_few = list(kb.conn.execute(join_first, (fts, 2)))
        assert list(retriever._fts_rulings(fts))[:2] == expected_few


def test_idf_is_remembered_only_for_terms_the_corpus_uses(kb: KnowledgeBase) -> None:
    retriever = Retriever(kb, 0)
    retriever.ask("does a copy of zzqxv enter the battlefield with counters")
    assert retriever._idfs
    assert set(retriever._idfs) <= set(retriever.df)
    for term, idf in retriever._idfs.items():
        df = retriever.df[term]
        assert idf == math.log(1 + (retriever.documents - df + 0.5) / (df + 0.5))
    unknown = retriever.idf("zzqxv")
    assert "zzqxv" not in retriever._idfs
    assert unknown == math.log(1 + (retriever.documents + 0.5) / 0.5)


QUESTIONS = [
    "does a copy of a creature token enter the battlefield with counters",
    "can i counter a spell with trample",
    "what happens when the target of my spell is gone",
    "does deathtouch work with first strike damage",
]


def _answers(retriever: Retriever) -> list[tuple]:
    return [
        (a.confidence, [(s.kind, s.number, s.card, s.text, s.score) for s in a.sources])
        for a in map(retriever.ask, QUESTIONS)
    ]


def test_the_document_memo_is_bounded_and_changes_no_answer(
    kb: KnowledgeBase, monkeypatch: pytest.MonkeyPatch
) -> None:
    unbounded = Retriever(kb, 0)
    expected = _answers(unbounded)
    assert _answers(unbounded) == expected  # asked again, every document from the memo
    monkeypatch.setattr(retrieval, "DOCUMENT_MEMO", 5)
    small = Retriever(kb, 0)
    assert _answers(small) == expected
    assert 0 < len(small._documents) <= 5
    assert len(unbounded._documents) > 5


def test_a_replaced_database_is_read_with_a_new_memo(kb_path: Path, tmp_path: Path) -> None:
    path = tmp_path / "kb.sqlite"
    shutil.copy(kb_path, path)
    base = KnowledgeBase(path)
    first = base.ask(QUESTIONS[0])
    old = base._retriever
    assert old._documents and old._idfs
    replacement = tmp_path / "new.sqlite"
    shutil.copy(kb_path, replacement)
    os.replace(replacement, path)  # what a sync does
    assert base.refresh_if_changed()
    again = base.ask(QUESTIONS[0])
    assert base._retriever is not old
    assert again.sources == first.sources


def test_bm25_with_the_query_weighed_once_is_the_term_by_term_formula(kb: KnowledgeBase) -> None:
    retriever = Retriever(kb, 0)
    query = retriever.build_query("can a copy of a token with trample block a flying creature")
    bm25 = retriever.weights.bm25
    for document in (["copy", "token", "trampl"], ["fly", "creature", "block", "block"], ["zz"]):
        normalised = retriever._normalised([(document, 1.0)])
        total = ceiling = 0.0
        for term, weight in query.weights.items():
            idf = retriever.idf(term)
            ceiling += weight * idf
            if normalised.get(term):
                total += weight * idf * bm25.saturate(normalised[term])
        assert retriever._relevance(query, normalised) == total / ceiling
    assert query.weighted is not None and len(query.weighted[0]) == len(query.weights)
