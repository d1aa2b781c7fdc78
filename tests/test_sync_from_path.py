"""sync_from_path: a folder or one file in, a swapped-in database and its report out."""

from __future__ import annotations

from pathlib import Path

import pytest

from rulings_db.build import BuildError
from rulings_db.sync import KnowledgeBaseMissing, read_status, sync_from_path


def test_folder_source_builds_and_status_reads_it_back(kb_fixture_dir: Path, tmp_path: Path):
    target = tmp_path / "data" / "rulesbot.sqlite"
    report = sync_from_path(kb_fixture_dir, target)
    status = read_status(target)
    assert report.path == target
    assert status["counts"] == report.counts
    assert status["cr_effective_date"] == report.cr_effective_date == "2026-01-16"
    assert [s["file"] for s in status["sources"]] == [s["file"] for s in report.sources]


def test_single_file_source_builds(kb_fixture_dir: Path, tmp_path: Path):
    report = sync_from_path(kb_fixture_dir / "mtgjson" / "AKH.json", tmp_path / "kb.sqlite")
    assert report.counts["cards"] == 2
    assert [s["file"] for s in report.sources] == ["AKH.json"]


def test_progress_callback_is_passed_through(kb_fixture_dir: Path, tmp_path: Path):
    seen: list[tuple[str, int, int | None]] = []
    sync_from_path(kb_fixture_dir, tmp_path / "kb.sqlite", lambda *call: seen.append(call))
    assert ("done", 1, 1) in seen


def test_a_second_sync_replaces_the_first(kb_fixture_dir: Path, tmp_path: Path):
    target = tmp_path / "kb.sqlite"
    sync_from_path(kb_fixture_dir, target)
    cards_only = kb_fixture_dir / "scryfall" / "sample-oracle-cards.json"
    sync_from_path(cards_only, target, allow_shrink=True)
    assert read_status(target)["counts"]["cards"] == 45
    assert sorted(p.name for p in tmp_path.iterdir()) == ["kb.sqlite"]


def test_bad_source_raises_build_error(tmp_path: Path):
    (tmp_path / "notes.txt").write_text("nothing to see")
    with pytest.raises(BuildError, match="no recognisable data"):
        sync_from_path(tmp_path, tmp_path / "kb.sqlite")


def test_status_of_a_missing_or_foreign_file_says_so(tmp_path: Path):
    with pytest.raises(KnowledgeBaseMissing, match="No knowledge base"):
        read_status(tmp_path / "absent.sqlite")
    junk = tmp_path / "junk.sqlite"
    junk.write_text("not a database")
    with pytest.raises(KnowledgeBaseMissing, match="not a rulesbot knowledge base"):
        read_status(junk)
