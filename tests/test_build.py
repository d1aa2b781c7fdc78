"""build_database: sniff, import, validate, swap atomically; failures leave the old file alone."""

from __future__ import annotations

import fcntl
import json
import os
import shutil
import sqlite3
import stat
from collections.abc import Iterator
from pathlib import Path

import pytest

from rulings_db import build as build_module
from rulings_db.build import BuildError, build_database
from rulings_db.schema import SCHEMA_VERSION
from rulings_db.sync import read_status

FIXTURES = Path(__file__).resolve().parent / "fixtures"


@pytest.fixture
def sources(kb_fixture_dir: Path, tmp_path: Path) -> Path:
    """A writable copy of the fixture sources."""
    copy = tmp_path / "sources"
    shutil.copytree(kb_fixture_dir, copy)
    return copy


@pytest.fixture
def live_db(kb_path: Path, tmp_path: Path) -> Path:
    """A good database already serving at the target path."""
    target = tmp_path / "live" / "rulesbot.sqlite"
    target.parent.mkdir()
    shutil.copyfile(kb_path, target)
    return target


def table_count(path: Path, table: str) -> int:
    with sqlite3.connect(path) as db:
        return int(db.execute(f"SELECT count(*) FROM {table}").fetchone()[0])


def meta(path: Path) -> dict[str, object]:
    with sqlite3.connect(path) as db:
        return {k: json.loads(v) for k, v in db.execute("SELECT key, value FROM meta")}


def test_report_counts_match_the_tables(kb_fixture_dir: Path, tmp_path: Path):
    report = build_database(kb_fixture_dir, tmp_path / "kb.sqlite")
    tables = {"cards": "cards", "faces": "card_faces", "names": "card_names"}
    tables |= {"rulings": "rulings", "rules": "rules", "glossary": "glossary"}
    assert {k: table_count(report.path, t) for k, t in tables.items()} == {
        k: report.counts[k] for k in tables
    }
    assert report.counts["cards"] == 48  # 45 Scryfall + 3 only in MTGJSON
    assert report.cr_effective_date == "2026-01-16"


def test_meta_records_sources_counts_dates_and_schema(kb_path: Path):
    values = meta(kb_path)
    assert values["schema_version"] == SCHEMA_VERSION
    assert values["cr_effective_date"] == "2026-01-16"
    assert values["counts"]["cards"] == 48
    formats = {s["file"]: s["format"] for s in values["sources"]}
    assert formats == {
        "cr/comprehensive-rules-excerpt.txt": "cr",
        "mtgjson/AKH.json": "mtgjson_set",
        "mtgjson/AtomicCards.json": "mtgjson_atomic",
        "scryfall/sample-oracle-cards.json": "scryfall_cards",
        "scryfall/sample-rulings.json": "scryfall_rulings",
    }
    assert all(s["bytes"] > 0 and s["modified"] for s in values["sources"])
    assert str(values["built_at"]).endswith("+00:00")


def test_fetch_metadata_is_stored_and_attached_to_its_file(sources: Path, tmp_path: Path):
    fetched = {"url": "https://example.test/oracle.json", "etag": '"abc"', "fetched_at": "x"}
    fetch_meta = {
        "fingerprint": "fetch:1",
        "sources": {"oracle_cards": {**fetched, "file": "scryfall/sample-oracle-cards.json"}},
    }
    report = build_database(sources, tmp_path / "kb.sqlite", fetch_meta=fetch_meta)
    by_file = {s["file"]: s for s in report.sources}
    assert by_file["scryfall/sample-oracle-cards.json"]["fetch"]["etag"] == '"abc"'
    assert "fetch" not in by_file["scryfall/sample-rulings.json"]
    assert meta(report.path)["fetch"] == fetch_meta


def test_newest_cr_is_imported_when_several_are_present(sources: Path, tmp_path: Path):
    newest = sources / "cr" / "small-newer.txt"
    small = (FIXTURES / "cr_encodings" / "bom-crlf.txt").read_bytes()
    newest.write_bytes(small.replace(b"January 16, 2026", b"March 6, 2026"))
    report = build_database(sources, tmp_path / "kb.sqlite")
    assert report.cr_effective_date == "2026-03-06"
    assert report.counts["glossary"] == 1
    older = next(s for s in report.sources if s["file"] == "cr/comprehensive-rules-excerpt.txt")
    assert older["used"] is False and "older" in older["note"]


def test_a_single_file_source_builds_without_rules(kb_fixture_dir: Path, tmp_path: Path):
    report = build_database(
        kb_fixture_dir / "scryfall" / "sample-oracle-cards.json", tmp_path / "a.sqlite"
    )
    assert report.counts["cards"] == 45
    assert report.counts["rules"] == report.counts["rulings"] == 0
    assert report.cr_effective_date is None


def test_rulings_for_cards_absent_from_the_card_data_are_dropped_with_a_warning(
    sources: Path, tmp_path: Path
):
    cards_file = sources / "scryfall" / "sample-oracle-cards.json"
    cards = json.loads(cards_file.read_text(encoding="utf-8"))
    cards_file.write_text(json.dumps(cards[:5]), encoding="utf-8")
    shutil.rmtree(sources / "mtgjson")
    report = build_database(sources, tmp_path / "kb.sqlite")
    assert any("absent from the card data" in w for w in report.warnings)
    with sqlite3.connect(report.path) as db:
        orphans = db.execute(
            "SELECT count(*) FROM rulings WHERE oracle_id NOT IN (SELECT oracle_id FROM cards)"
        ).fetchone()[0]
    assert orphans == 0


def test_progress_reports_each_stage(kb_fixture_dir: Path, tmp_path: Path):
    stages: list[str] = []
    build_database(
        kb_fixture_dir, tmp_path / "kb.sqlite", progress=lambda s, d, t: stages.append(s)
    )
    for stage in ("cards", "rulings", "mtgjson", "rules", "index", "validate", "done"):
        assert stage in stages
    assert stages[-1] == "done"


def test_a_database_of_another_schema_version_is_replaced(kb_fixture_dir: Path, tmp_path: Path):
    target = tmp_path / "kb.sqlite"
    with sqlite3.connect(target) as db:
        db.execute("CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT)")
        db.execute("INSERT INTO meta VALUES ('schema_version', '0')")
    build_database(kb_fixture_dir, target)
    assert read_status(target)["schema_version"] == SCHEMA_VERSION


# --- failures: the old database keeps serving, nothing is left behind ---------------------


def assert_untouched(live_db: Path, before: bytes) -> None:
    assert live_db.read_bytes() == before
    assert sorted(p.name for p in live_db.parent.iterdir()) == [live_db.name]


def test_truncated_json_fails_naming_the_file_and_keeps_the_old_database(
    sources: Path, live_db: Path
):
    cards = sources / "scryfall" / "sample-oracle-cards.json"
    cards.write_bytes(cards.read_bytes()[:5000])
    before = live_db.read_bytes()
    with pytest.raises(BuildError, match=r"sample-oracle-cards\.json.*truncated"):
        build_database(sources, live_db)
    assert_untouched(live_db, before)


def test_malformed_json_fails_naming_the_file(sources: Path, live_db: Path):
    rulings = sources / "scryfall" / "sample-rulings.json"
    rulings.write_bytes(rulings.read_bytes().replace(b'"comment":', b'"comment"', 1))
    before = live_db.read_bytes()
    with pytest.raises(BuildError, match=r"rulings\.json"):
        build_database(sources, live_db)
    assert_untouched(live_db, before)


def test_unreadable_cr_fails_and_keeps_the_old_database(sources: Path, live_db: Path):
    cr_file = sources / "cr" / "comprehensive-rules-excerpt.txt"
    cr_file.write_text(cr_file.read_text(encoding="utf-8"), encoding="utf-16")
    before = live_db.read_bytes()
    with pytest.raises(BuildError, match=r"comprehensive-rules-excerpt\.txt.*UTF-16"):
        build_database(sources, live_db)
    assert_untouched(live_db, before)


def test_cr_without_rules_fails_and_keeps_the_old_database(sources: Path, live_db: Path):
    cr_file = sources / "cr" / "comprehensive-rules-excerpt.txt"
    cr_file.write_text("Magic: The Gathering Comprehensive Rules\n\nContents\n\n1. Game Concepts\n")
    before = live_db.read_bytes()
    with pytest.raises(BuildError, match="no numbered rules"):
        build_database(sources, live_db)
    assert_untouched(live_db, before)


def test_empty_folder_fails_clearly_and_creates_nothing(tmp_path: Path):
    empty = tmp_path / "empty"
    empty.mkdir()
    target = tmp_path / "out" / "kb.sqlite"
    with pytest.raises(BuildError, match="no recognisable data"):
        build_database(empty, target)
    assert not target.exists()
    assert not target.parent.exists()


def test_folder_with_only_rules_fails_because_cards_are_required(sources: Path, live_db: Path):
    shutil.rmtree(sources / "scryfall")
    shutil.rmtree(sources / "mtgjson")
    before = live_db.read_bytes()
    with pytest.raises(BuildError, match="no card data"):
        build_database(sources, live_db)
    assert_untouched(live_db, before)


def test_missing_source_fails_clearly(tmp_path: Path):
    with pytest.raises(BuildError, match="no such file or folder"):
        build_database(tmp_path / "nowhere", tmp_path / "kb.sqlite")


def test_failed_validation_removes_the_new_file(
    kb_fixture_dir: Path, live_db: Path, monkeypatch: pytest.MonkeyPatch
):
    def failing(*args: object) -> Iterator[str]:
        yield "card name 'X' does not resolve"

    monkeypatch.setattr(build_module, "_problems", failing)
    before = live_db.read_bytes()
    with pytest.raises(BuildError, match="failed validation: card name 'X' does not resolve"):
        build_database(kb_fixture_dir, live_db)
    assert_untouched(live_db, before)


def test_an_interrupted_build_leaves_nothing_behind(kb_fixture_dir: Path, live_db: Path):
    def interrupt(stage: str, done: int, total: int | None) -> None:
        if stage == "index":
            raise KeyboardInterrupt

    before = live_db.read_bytes()
    with pytest.raises(KeyboardInterrupt):
        build_database(kb_fixture_dir, live_db, progress=interrupt)
    assert_untouched(live_db, before)


def test_a_reader_of_the_old_file_keeps_answering_across_the_swap(
    kb_fixture_dir: Path, live_db: Path
):
    reader = sqlite3.connect(f"file:{live_db}?mode=ro", uri=True)
    try:
        old_count = reader.execute("SELECT count(*) FROM cards").fetchone()[0]
        cards_only = kb_fixture_dir / "scryfall" / "sample-oracle-cards.json"
        build_database(cards_only, live_db, allow_shrink=True)
        # the old connection still reads the file it opened, complete and consistent
        assert reader.execute("SELECT count(*) FROM cards").fetchone()[0] == old_count
        assert reader.execute("SELECT count(*) FROM rules").fetchone()[0] > 0
    finally:
        reader.close()
    assert table_count(live_db, "cards") == 45 != old_count
    assert table_count(live_db, "rules") == 0


def test_missing_rulings_and_rules_are_reported_as_warnings(kb_fixture_dir: Path, tmp_path: Path):
    report = build_database(
        kb_fixture_dir / "scryfall" / "sample-oracle-cards.json", tmp_path / "a.sqlite"
    )
    assert any("no rulings" in w for w in report.warnings)
    assert any("no Comprehensive Rules" in w for w in report.warnings)


def test_half_built_files_of_dead_builds_are_cleaned_up(kb_fixture_dir: Path, tmp_path: Path):
    target = tmp_path / "kb.sqlite"
    abandoned = tmp_path / "kb.sqlite.999999999.new"  # no such process
    abandoned.write_bytes(b"half a database")
    unrelated = tmp_path / "other.sqlite.1.new"
    unrelated.write_bytes(b"not ours")
    build_database(kb_fixture_dir, target)
    assert not abandoned.exists()
    assert unrelated.exists()


def test_an_mtgjson_file_without_cards_is_reported(sources: Path, tmp_path: Path):
    all_printings = {"meta": {"version": "5"}, "data": {"AKH": {"code": "AKH", "cards": []}}}
    (sources / "mtgjson" / "AllPrintings.json").write_text(json.dumps(all_printings))
    report = build_database(sources, tmp_path / "kb.sqlite")
    assert "mtgjson/AllPrintings.json: no cards found in it (AllPrintings is not read)" in (
        report.warnings
    )


def test_hidden_files_and_unfinished_downloads_are_not_read(sources: Path, tmp_path: Path):
    cards = (sources / "scryfall" / "sample-oracle-cards.json").read_bytes()
    (sources / "scryfall" / "sample-oracle-cards.json.part").write_bytes(cards[:1000])
    (sources / ".cache").mkdir()
    (sources / ".cache" / "old-cards.json").write_bytes(cards)
    report = build_database(sources, tmp_path / "kb.sqlite")
    assert all(".part" not in s["file"] and ".cache" not in s["file"] for s in report.sources)


def test_the_new_file_is_fsynced_before_the_swap_and_its_folder_after(
    kb_fixture_dir: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
):
    target = tmp_path / "kb.sqlite"
    steps: list[str] = []
    real_fsync, real_replace = os.fsync, os.replace

    def fsync(fd: int) -> None:
        steps.append("fsync folder" if stat.S_ISDIR(os.fstat(fd).st_mode) else "fsync file")
        real_fsync(fd)

    def replace(src: str | os.PathLike[str], dst: str | os.PathLike[str]) -> None:
        steps.append(f"replace {Path(dst).name}")
        real_replace(src, dst)

    monkeypatch.setattr(build_module.os, "fsync", fsync)
    monkeypatch.setattr(build_module.os, "replace", replace)
    build_database(kb_fixture_dir, target)
    assert steps == ["fsync file", "replace kb.sqlite", "fsync folder"]


def test_a_build_file_a_running_build_holds_is_left_alone(kb_fixture_dir: Path, tmp_path: Path):
    target = tmp_path / "kb.sqlite"
    running = tmp_path / "kb.sqlite.1-feedface.new"
    with running.open("wb") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        build_database(kb_fixture_dir, target)
        assert running.exists()
    build_database(kb_fixture_dir, target)  # its build is gone now: removed
    assert not running.exists()
