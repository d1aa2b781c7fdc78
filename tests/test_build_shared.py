"""The real data in ../shared/data builds into a complete knowledge base (skipped when absent)."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest

pytestmark = pytest.mark.shared


def meta(path: Path) -> dict[str, object]:
    with sqlite3.connect(path) as db:
        return {k: json.loads(v) for k, v in db.execute("SELECT key, value FROM meta")}


def test_counts_are_those_of_the_real_files(shared_kb_path: Path):
    counts = meta(shared_kb_path)["counts"]
    assert isinstance(counts, dict)
    assert counts["cards"] == 23_555  # every oracle_cards entry; MTGJSON adds none of its own
    assert 44_000 <= counts["rulings"] <= 44_464  # Scryfall's 44,464 less exact repeats
    assert counts["rules"] > 3_000 and counts["glossary"] > 700
    assert counts["nicknames"] >= 100


def test_the_newer_cr_is_chosen_over_the_older(shared_kb_path: Path):
    values = meta(shared_kb_path)
    assert values["cr_effective_date"] == "2026-01-16"
    sources = values["sources"]
    assert isinstance(sources, list)
    used = {s["file"]: s["used"] for s in sources if s["format"] == "cr"}
    assert used == {
        "cr/MagicCompRules-20250207-official.txt": False,
        "cr/MagicCompRules-20260116.txt": True,
    }


def test_the_readme_is_not_taken_for_a_source(shared_kb_path: Path):
    files = {s["file"] for s in meta(shared_kb_path)["sources"]}  # type: ignore[union-attr]
    assert "README.md" not in files
    assert len(files) == 13  # 2 Scryfall, 9 MTGJSON sets, 2 CR


def test_every_ruling_belongs_to_a_card_and_multi_face_cards_have_their_faces(
    shared_kb_path: Path,
):
    with sqlite3.connect(shared_kb_path) as db:
        orphans = db.execute(
            "SELECT count(*) FROM rulings WHERE oracle_id NOT IN (SELECT oracle_id FROM cards)"
        ).fetchone()[0]
        faceless = db.execute(
            # meld halves are named "Graf Rats // Chittering Host" but have one face; the
            # melded back face is a card of its own (CR 713)
            "SELECT count(*) FROM cards WHERE name LIKE '% // %' AND layout != 'meld' "
            "AND oracle_id NOT IN (SELECT oracle_id FROM card_faces WHERE face_index = 1)"
        ).fetchone()[0]
        stomp = db.execute(
            "SELECT cards.name FROM card_names JOIN cards USING (oracle_id) WHERE key = 'stomp'"
        ).fetchall()
    assert orphans == 0
    assert faceless == 0
    assert ("Bonecrusher Giant // Stomp",) in stomp
