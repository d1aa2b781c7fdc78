"""MTGJSON set files and AtomicCards: faces grouped into one card, rulings deduplicated
against Scryfall's, cards added only when Scryfall lacks them."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest

from rulings_db.build import build_database
from rulings_db.importers import SourceFormatError, mtgjson


@pytest.fixture(scope="module")
def set_cards(kb_fixture_dir: Path) -> dict[str, mtgjson.CardRecord]:
    records = mtgjson.iter_set_cards(kb_fixture_dir / "mtgjson" / "AKH.json")
    return {r.card["name"]: r for r in records}


@pytest.fixture(scope="module")
def atomic_cards(kb_fixture_dir: Path) -> dict[str, mtgjson.CardRecord]:
    records = mtgjson.iter_atomic_cards(kb_fixture_dir / "mtgjson" / "AtomicCards.json")
    return {r.card["name"]: r for r in records}


def test_set_file_faces_of_one_card_become_one_card_in_side_order(set_cards):
    dusk_dawn = set_cards["Dusk // Dawn"]
    assert [f["name"] for f in dusk_dawn.faces] == ["Dusk", "Dawn"]
    assert dusk_dawn.card["mana_cost"] == "{2}{W}{W} // {3}{W}{W}"
    assert dusk_dawn.card["type_line"] == "Sorcery // Sorcery"
    assert dusk_dawn.card["layout"] == "aftermath"


def test_set_file_rulings_are_deduplicated_across_faces(set_cards):
    rulings = set_cards["Dusk // Dawn"].rulings
    assert rulings
    assert len({r["id"] for r in rulings}) == len(rulings)
    assert {r["source"] for r in rulings} == {"mtgjson"}


def test_atomic_file_streams_cards_by_name(atomic_cards):
    assert set(atomic_cards) == {"Counterspell", "Wear // Tear", "Tarmogoyf"}
    wear_tear = atomic_cards["Wear // Tear"]
    assert [f["name"] for f in wear_tear.faces] == ["Wear", "Tear"]
    assert json.loads(wear_tear.card["colors"]) == ["W", "R"]


def test_mtgjson_adds_only_cards_scryfall_did_not_provide(kb_path: Path):
    with sqlite3.connect(kb_path) as db:
        names = dict(db.execute("SELECT name, count(*) FROM cards GROUP BY name").fetchall())
        goyf_faces = db.execute(
            "SELECT count(*) FROM card_faces JOIN cards USING (oracle_id) "
            "WHERE cards.name = 'Tarmogoyf'"
        ).fetchone()[0]
    assert names["Counterspell"] == names["Dusk // Dawn"] == names["Tarmogoyf"] == 1
    assert goyf_faces == 1


def test_mtgjson_ruling_with_the_same_text_as_scryfalls_is_stored_once(kb_path: Path, atomic_cards):
    goyf = atomic_cards["Tarmogoyf"]
    assert goyf.rulings, "the fixture gives Tarmogoyf MTGJSON rulings"
    with sqlite3.connect(kb_path) as db:
        stored = db.execute(
            "SELECT id, source FROM rulings WHERE oracle_id = ?", [goyf.oracle_id]
        ).fetchall()
    # the fixture's MTGJSON copies use straight apostrophes; Scryfall's are curly
    assert {r["id"] for r in goyf.rulings} <= {row[0] for row in stored}
    assert {row[1] for row in stored} == {"wotc"}


def test_rulings_of_mtgjson_only_cards_are_kept(kb_path: Path):
    with sqlite3.connect(kb_path) as db:
        count = db.execute(
            "SELECT count(*) FROM rulings JOIN cards USING (oracle_id) "
            "WHERE cards.name = 'Dusk // Dawn' AND source = 'mtgjson'"
        ).fetchone()[0]
    assert count > 0


def test_mtgjson_card_without_an_oracle_id_is_skipped(tmp_path: Path):
    source = tmp_path / "set.json"
    card = {"name": "Nameless", "type": "Instant", "identifiers": {}, "rulings": []}
    source.write_text(json.dumps({"meta": {}, "data": {"code": "X", "cards": [card]}}))
    assert list(mtgjson.iter_set_cards(source)) == []


def test_truncated_set_file_raises_a_format_error_naming_it(kb_fixture_dir: Path, tmp_path: Path):
    whole = (kb_fixture_dir / "mtgjson" / "AKH.json").read_bytes()
    cut = tmp_path / "AKH.json"
    cut.write_bytes(whole[: len(whole) // 2])
    with pytest.raises(SourceFormatError, match=r"AKH\.json.*truncated"):
        list(mtgjson.iter_set_cards(cut))


def test_atomic_file_alone_builds_a_database(kb_fixture_dir: Path, tmp_path: Path):
    report = build_database(kb_fixture_dir / "mtgjson" / "AtomicCards.json", tmp_path / "kb.sqlite")
    assert report.counts["cards"] == 3
    assert report.counts["rulings"] > 0


@pytest.mark.parametrize(
    ("entry", "funny"),
    [
        ({"setCode": "M10"}, False),
        ({"setCode": "UNF", "isFunny": True, "securityStamp": "acorn"}, True),
        ({"setCode": "UNF", "isFunny": True, "securityStamp": "triangle"}, False),
        ({"setCode": "CMB1"}, True),
    ],
)
def test_un_set_cards_are_marked_not_for_real_games(entry: dict, funny: bool):
    assert mtgjson._funny(entry) is funny
