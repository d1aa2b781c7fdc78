"""Files are told apart by content, never by name."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from rulings_db.importers.sniff import SourceKind, sniff

KB = Path(__file__).resolve().parent / "fixtures" / "kb"


@pytest.mark.parametrize(
    ("relative", "kind"),
    [
        ("scryfall/sample-oracle-cards.json", SourceKind.SCRYFALL_CARDS),
        ("scryfall/sample-rulings.json", SourceKind.SCRYFALL_RULINGS),
        ("mtgjson/AKH.json", SourceKind.MTGJSON_SET),
        ("mtgjson/AtomicCards.json", SourceKind.MTGJSON_ATOMIC),
        ("cr/comprehensive-rules-excerpt.txt", SourceKind.CR),
        ("../cr_encodings/bom-crlf.txt", SourceKind.CR),
    ],
)
def test_fixture_files_are_recognised_whatever_their_name(tmp_path: Path, relative, kind):
    renamed = tmp_path / "download.bin"
    shutil.copyfile(KB / relative, renamed)
    assert sniff(renamed) is kind


def test_cr_in_a_wrong_encoding_is_still_recognised_so_the_import_can_say_why(tmp_path: Path):
    path = tmp_path / "rules.txt"
    path.write_text((KB / "cr" / "comprehensive-rules-excerpt.txt").read_text(), encoding="utf-16")
    assert sniff(path) is SourceKind.CR


@pytest.mark.parametrize(
    "content",
    [
        b"",
        b"# notes about the Comprehensive Rules\n\nNothing numbered here.\n",
        json.dumps([{"object": "set", "name": "Alpha"}]).encode(),
        json.dumps({"name": "config", "data": {"x": 1}}).encode(),
        b"SQLite format 3\x00" + bytes(100),
    ],
)
def test_other_files_are_not_sources(tmp_path: Path, content: bytes):
    path = tmp_path / "other"
    path.write_bytes(content)
    assert sniff(path) is None
