"""The limits of rulings_db.safeguards on their own: the shrink rule's edges, the minimums of
the published CR, deadlines."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from rulings_db.build import ExpectedSource, SyncRefused, build_database
from rulings_db.importers import cr
from rulings_db.importers.sniff import SourceKind
from rulings_db.safeguards import (
    COMPARED_KINDS,
    MAX_SHRINK_FRACTION,
    Deadline,
    DeadlinePassed,
    SourceMinimums,
    earliest,
    shrink_refusals,
)

CR_EXCERPT = "cr/comprehensive-rules-excerpt.txt"


def _named(kind: str) -> tuple[str, tuple[str, ...]]:
    return f"built from {kind}.json", (f"{kind}.json",)


def _refused(before: int, after: int) -> list[str]:
    return [r.kind for r in shrink_refusals({"rules": before}, {"rules": after}, _named)]


def test_a_kind_may_lose_up_to_the_fraction_but_not_more():
    assert MAX_SHRINK_FRACTION == 0.25
    assert _refused(1000, 750) == []  # exactly a quarter gone: allowed
    assert _refused(1000, 749) == ["rules"]
    assert _refused(1000, 5000) == []  # growth is always fine


def test_dropping_to_zero_is_refused_even_from_one():
    assert _refused(1, 0) == ["rules"]


def test_a_kind_the_old_database_did_not_have_is_not_compared():
    assert _refused(0, 0) == []
    assert shrink_refusals({}, {"cards": 3}, _named) == []


def test_every_compared_kind_is_checked_and_named_with_its_counts():
    before = {kind: 100 for kind in COMPARED_KINDS}
    refusals = shrink_refusals(before, {}, _named)
    assert [r.kind for r in refusals] == list(COMPARED_KINDS)
    cards = refusals[0]
    assert (cards.before, cards.after, cards.files) == (100, 0, ("cards.json",))
    assert cards.message() == (
        "cards would drop from 100 to 0 (100% fewer; at most 25% may go), built from cards.json"
    )


def test_the_default_minimums_refuse_a_cr_excerpt(kb_fixture_dir: Path, tmp_path: Path):
    expected = [ExpectedSource(CR_EXCERPT, SourceKind.CR, f"{CR_EXCERPT} (a mirror)")]
    with pytest.raises(SyncRefused) as caught:
        build_database(kb_fixture_dir, tmp_path / "kb.sqlite", expected=expected)
    assert "has only 80 rules (the Comprehensive Rules text has at least 1,000)" in str(
        caught.value
    )
    assert caught.value.files == (CR_EXCERPT,) and not (tmp_path / "kb.sqlite").exists()


@pytest.mark.shared
@pytest.mark.parametrize(
    "name", ["MagicCompRules-20260116.txt", "MagicCompRules-20250207-official.txt"]
)
def test_the_default_minimums_accept_the_published_cr(shared_dir: Path, name: str):
    document = cr.parse_file(shared_dir / "data" / "cr" / name)
    least = SourceMinimums()
    assert len(document.rules) >= 3 * least.rules  # 3,269 rules: the minimum is far below
    assert len(document.glossary) >= 5 * least.glossary  # 725 entries


def test_a_deadline_says_what_ran_out_of_time():
    past = Deadline(time.monotonic() - 1, 2.5, "sync")
    assert past.expired() and past.remaining() == 0.0
    with pytest.raises(DeadlinePassed, match=r"the build did not finish within the 2\.5 s sync"):
        past.check("the build")
    later = Deadline.after(60, "download")
    assert not later.expired() and earliest([later, None, past]) is past
    assert earliest([None]) is None
