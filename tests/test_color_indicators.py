"""Color indicators (202.2e) travel from the card data to the engine: Scryfall's top-level and
per-face ``color_indicator`` and MTGJSON's ``colorIndicator`` are stored in the knowledge base,
and a face with no mana cost takes its colors from them, so Dryad Arbor is green and verified."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from bot.boards import KnowledgeBaseCards
from engine.board import load_board
from engine.questions import ask
from rulings_db.build import build_database
from rulings_db.importers import mtgjson
from rulings_db.knowledge import KnowledgeBase

CARDS: list[dict[str, Any]] = [
    {
        "object": "card",
        "oracle_id": "00000000-0000-0000-0000-00000000a001",
        "name": "Dryad Arbor",
        "layout": "normal",
        "cmc": 0,
        "type_line": "Land Creature — Forest Dryad",
        "oracle_text": "",
        "power": "1",
        "toughness": "1",
        "color_indicator": ["G"],
    },
    {
        "object": "card",
        "oracle_id": "00000000-0000-0000-0000-00000000a002",
        "name": "Ancestral Vision",
        "layout": "normal",
        "cmc": 0,
        "type_line": "Sorcery",
        "oracle_text": "Suspend 4—{U}\nTarget player draws three cards.",
        "color_indicator": ["U"],
    },
    {
        "object": "card",
        "oracle_id": "00000000-0000-0000-0000-00000000a003",
        "name": "Delver of Secrets // Insectile Aberration",
        "layout": "transform",
        "cmc": 1,
        "type_line": "Creature — Human Wizard // Creature — Human Insect",
        "card_faces": [
            {
                "name": "Delver of Secrets",
                "mana_cost": "{U}",
                "type_line": "Creature — Human Wizard",
                "oracle_text": "",
                "power": "1",
                "toughness": "1",
            },
            {
                "name": "Insectile Aberration",
                "mana_cost": "",
                "type_line": "Creature — Human Insect",
                "oracle_text": "Flying",
                "power": "3",
                "toughness": "2",
                "color_indicator": ["U"],
            },
        ],
    },
    {
        "object": "card",
        "oracle_id": "00000000-0000-0000-0000-00000000a004",
        "name": "Tarmogoyf",
        "layout": "normal",
        "mana_cost": "{1}{G}",
        "cmc": 2,
        "type_line": "Creature — Lhurgoyf",
        "oracle_text": "Tarmogoyf's power is equal to the number of card types among cards in all "
        "graveyards and its toughness is equal to that number plus 1.",
        "power": "*",
        "toughness": "1+*",
    },
]


@pytest.fixture(scope="module")
def kb(tmp_path_factory: pytest.TempPathFactory) -> KnowledgeBase:
    source = tmp_path_factory.mktemp("indicators")
    (source / "oracle-cards.json").write_text(json.dumps(CARDS), encoding="utf-8")
    target = source / "kb.sqlite"
    build_database(source, target)
    return KnowledgeBase(target)


def test_the_knowledge_base_stores_top_level_and_face_color_indicators(kb: KnowledgeBase) -> None:
    arbor = kb.card("Dryad Arbor").card
    assert arbor is not None and arbor.color_indicator == ("G",)
    delver = kb.card("Delver of Secrets").card
    assert delver is not None
    assert [f.color_indicator for f in delver.faces] == [None, ("U",)]
    goyf = kb.card("Tarmogoyf").card
    assert goyf is not None and goyf.color_indicator is None  # none given: not stored as []


def test_a_face_without_mana_cost_takes_the_color_indicator_s_colors(kb: KnowledgeBase) -> None:
    cards = KnowledgeBaseCards(kb)
    board = load_board(
        {
            "battlefield": [
                {"id": "arbor", "card": "Dryad Arbor", "controller": "P1"},
                {"id": "delver", "card": "Delver of Secrets", "controller": "P1", "face": "back"},
            ],
            "players": {"P1": {"graveyard": [{"id": "vision", "card": "Ancestral Vision"}]}},
        },
        cards,
    )
    arbor = ask(board, {"kind": "characteristics", "object": "arbor"})
    assert arbor.verified and arbor.data["colors"] == ["green"]
    delver = ask(board, {"kind": "characteristics", "object": "delver"})
    assert delver.verified and delver.data["colors"] == ["blue"]
    assert delver.data["mana_value"] == 1  # 712.8e: the front face's mana cost
    vision = ask(board, {"kind": "characteristics", "object": "vision"})
    assert vision.verified and vision.data["colors"] == ["blue"]


def test_a_face_without_mana_cost_or_indicator_data_stays_unverified() -> None:
    from engine.cards import DictCardSource, card_from_mapping

    bare = {k: v for k, v in CARDS[0].items() if k != "color_indicator"}
    cards = DictCardSource([card_from_mapping("Dryad Arbor", bare)])
    board = load_board(
        {"battlefield": [{"id": "arbor", "card": "Dryad Arbor", "controller": "P1"}]}, cards
    )
    answer = ask(board, {"kind": "characteristics", "object": "arbor"})
    assert not answer.verified
    assert any("202.2e" in u for u in answer.unmodelled)


def test_mtgjson_color_indicators_are_read(tmp_path: Path) -> None:
    oracle = "00000000-0000-0000-0000-00000000b001"
    entry = {"identifiers": {"scryfallOracleId": oracle}, "layout": "transform"}
    front = {**entry, "name": "Delver of Secrets // Insectile Aberration", "side": "a"}
    front |= {"faceName": "Delver of Secrets", "manaCost": "{U}", "type": "Creature — Human"}
    back = {**entry, "name": "Delver of Secrets // Insectile Aberration", "side": "b"}
    back |= {"faceName": "Insectile Aberration", "type": "Creature — Human Insect"}
    back |= {"colorIndicator": ["U"], "colors": ["U"]}
    data = {"meta": {}, "data": {"code": "TST", "name": "Test", "cards": [front, back]}}
    path = tmp_path / "TST.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    (record,) = list(mtgjson.iter_set_cards(path))
    assert [f["color_indicator"] for f in record.faces] == [None, '["U"]']
