"""Scryfall oracle_cards and rulings: faces, joined values, colours, names, ruling ids."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest

from rulings_db.importers import (
    SourceFormatError,
    colors_from_cost,
    normalise_ruling_text,
    ruling_id,
    scryfall,
)


@pytest.fixture(scope="module")
def cards(kb_fixture_dir: Path) -> dict[str, scryfall.CardRecord]:
    records = scryfall.iter_cards(kb_fixture_dir / "scryfall" / "sample-oracle-cards.json")
    return {r.card["name"]: r for r in records}


def test_single_faced_card_has_one_face_with_its_own_values(cards):
    bolt = cards["Lightning Bolt"]
    assert [f["name"] for f in bolt.faces] == ["Lightning Bolt"]
    assert bolt.card["mana_cost"] == "{R}"
    assert bolt.card["mana_value"] == 1.0
    assert "3 damage" in bolt.card["oracle_text"]


def test_split_card_joins_faces_costs_types_and_texts(cards):
    fire_ice = cards["Fire // Ice"]
    assert [f["name"] for f in fire_ice.faces] == ["Fire", "Ice"]
    assert fire_ice.card["type_line"] == "Instant // Instant"
    assert fire_ice.card["oracle_text"].count("\n//\n") == 1
    assert fire_ice.faces[1]["oracle_text"] in fire_ice.card["oracle_text"]


def test_adventure_card_takes_power_and_toughness_from_the_creature_face(cards):
    giant = cards["Bonecrusher Giant // Stomp"]
    assert [f["name"] for f in giant.faces] == ["Bonecrusher Giant", "Stomp"]
    assert (giant.card["power"], giant.card["toughness"]) == ("4", "3")
    assert giant.faces[1]["type_line"].startswith("Instant")
    assert giant.faces[1]["power"] is None


def test_transform_card_keeps_back_face_values_on_the_back_face(cards):
    delver = cards["Delver of Secrets // Insectile Aberration"]
    front, back = delver.faces
    assert (front["power"], back["power"]) == ("1", "3")
    assert back["mana_cost"] == ""
    assert "Flying" in back["oracle_text"]


def test_colors_are_the_union_of_face_colors_when_the_card_has_none(cards):
    assert json.loads(cards["Fire // Ice"].card["colors"]) == ["U", "R"]
    assert json.loads(cards["Island"].card["colors"]) == []


def test_colors_come_from_the_mana_cost_when_no_colors_are_given():
    assert colors_from_cost("{2}{W}{U}") == ["W", "U"]
    assert colors_from_cost("{G/P}{R/W}") == ["W", "R", "G"]
    assert colors_from_cost("{3}") == []
    assert colors_from_cost(None) == []


def test_rulings_get_ids_stable_across_typography(kb_fixture_dir: Path):
    rulings = list(scryfall.iter_rulings(kb_fixture_dir / "scryfall" / "sample-rulings.json"))
    assert rulings and all(r["id"] == ruling_id(r["oracle_id"], r["text"]) for r in rulings)
    curly = "The token doesn’t copy “when” text."
    straight = 'The token doesn\'t copy "when" text.'
    assert normalise_ruling_text(curly) == normalise_ruling_text(straight)
    assert ruling_id("x", curly) == ruling_id("x", straight)
    assert ruling_id("x", curly) != ruling_id("y", curly)


def test_card_names_hold_full_name_and_each_distinct_face_name(kb_path: Path):
    with sqlite3.connect(kb_path) as db:
        rows = db.execute(
            "SELECT key, kind FROM card_names JOIN cards USING (oracle_id) "
            "WHERE cards.name IN ('Fire // Ice', 'Lightning Bolt') AND kind != 'nickname'"
        ).fetchall()
    assert sorted(rows) == [
        ("fire", "face"),
        ("fire ice", "full"),
        ("ice", "face"),
        ("lightning bolt", "full"),
    ]


def test_card_literally_named_exile_is_a_card(kb_path: Path):
    with sqlite3.connect(kb_path) as db:
        row = db.execute("SELECT type_line FROM cards WHERE name = 'Exile'").fetchone()
    assert row == ("Instant",)


def test_malformed_card_object_names_the_file(tmp_path: Path):
    bad = tmp_path / "cards.json"
    bad.write_text('[{"object": "card", "oracle_id": "x", "name": "X", "card_faces": [{}]}]')
    with pytest.raises(SourceFormatError, match=r"cards\.json"):
        list(scryfall.iter_cards(bad))


def test_meld_card_with_one_face_entry_keeps_its_rules_text_cost_and_stats():
    # Scryfall's meld results (and halves) can hold everything in a single card_faces entry
    brisela = scryfall.card_record(
        {
            "oracle_id": "b2358",
            "name": "Brisela, Voice of Nightmares",
            "layout": "meld",
            "type_line": "Legendary Creature — Eldrazi Angel",
            "card_faces": [
                {
                    "name": "Brisela, Voice of Nightmares",
                    "type_line": "Legendary Creature — Eldrazi Angel",
                    "oracle_text": "Flying, first strike, vigilance, lifelink\nYour opponents "
                    "can't cast spells with mana value 3 or less.",
                    "power": "9",
                    "toughness": "10",
                }
            ],
        }
    )
    assert "mana value 3 or less" in brisela.card["oracle_text"]
    assert (brisela.card["power"], brisela.card["toughness"]) == ("9", "10")


def test_every_meld_card_of_the_shared_data_has_rules_text(shared_dir: Path):
    records = scryfall.iter_cards(shared_dir / "data" / "scryfall" / "oracle-cards.json")
    meld = [r for r in records if r.card["layout"] == "meld"]
    assert len(meld) == 18
    assert [r.card["name"] for r in meld if not r.card["oracle_text"]] == []


@pytest.mark.parametrize(
    ("printing", "funny"),
    [
        ({"set": "m10"}, 0),
        ({"set": "ust"}, 1),  # a trimmed file: the set code alone says Un-set
        ({"set": "unf", "set_type": "funny", "security_stamp": "acorn"}, 1),
        ({"set": "unf", "set_type": "funny", "security_stamp": "triangle"}, 0),  # legal Unfinity
        ({"set": "sld", "border_color": "silver"}, 1),
    ],
)
def test_un_set_cards_are_marked_not_for_real_games(printing: dict, funny: int):
    raw = {"oracle_id": "x", "name": "Some Card", "type_line": "Instant", **printing}
    assert scryfall.card_record(raw).card["funny"] == funny
