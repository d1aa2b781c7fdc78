"""Un-set cards' rulings and Scryfall's own notes never lead a question about a real game."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from rulings_db.build import build_database
from rulings_db.knowledge import KnowledgeBase

SQUIRREL = "a1c0c0a1-0000-4000-8000-00000000ac0a"
NOTE_CARD = "a1c0c0a1-0000-4000-8000-00000000ac0b"
# Both rulings talk about Lightning Bolt's 3 damage in the words of the questions below, so
# without the rule they would lead a question that only names Lightning Bolt.
UNSET_RULING = (
    "If Lightning Bolt deals 3 damage to Acorn Test Squirrel while you are wearing a hat, "
    "the 3 damage is dealt to a hat instead."
)
SCRYFALL_NOTE = "Lightning Bolt deals its 3 damage while wearing a hat as a hat would."


@pytest.fixture(scope="module")
def kb(kb_fixture_dir: Path, tmp_path_factory: pytest.TempPathFactory) -> KnowledgeBase:
    source = tmp_path_factory.mktemp("unset") / "data"
    shutil.copytree(kb_fixture_dir, source)
    cards_file = source / "scryfall" / "sample-oracle-cards.json"
    cards = json.loads(cards_file.read_text(encoding="utf-8"))
    cards += [
        _card(SQUIRREL, "Acorn Test Squirrel", "ust"),
        _card(NOTE_CARD, "Hatwearer Test Card", "m10"),
    ]
    cards_file.write_text(json.dumps(cards), encoding="utf-8")
    rulings_file = source / "scryfall" / "sample-rulings.json"
    rulings = json.loads(rulings_file.read_text(encoding="utf-8"))
    rulings += [
        _ruling(SQUIRREL, "wotc", UNSET_RULING),
        _ruling(NOTE_CARD, "scryfall", SCRYFALL_NOTE),
    ]
    rulings_file.write_text(json.dumps(rulings), encoding="utf-8")
    target = source.parent / "kb.sqlite"
    build_database(source, target)
    return KnowledgeBase(target)


def _card(oracle_id: str, name: str, set_code: str) -> dict:
    return {
        "object": "card",
        "oracle_id": oracle_id,
        "name": name,
        "layout": "normal",
        "cmc": 1.0,
        "type_line": "Creature — Squirrel",
        "color_identity": ["G"],
        "keywords": [],
        "set": set_code,
        "mana_cost": "{G}",
        "oracle_text": "Whenever you wear a hat, draw a card.",
        "power": "1",
        "toughness": "1",
    }


def _ruling(oracle_id: str, source: str, text: str) -> dict:
    return {
        "object": "ruling",
        "oracle_id": oracle_id,
        "source": source,
        "published_at": "2020-01-01",
        "comment": text,
    }


def _lead(kb: KnowledgeBase, question: str) -> str:
    answer = kb.ask(question)
    assert answer.sources
    return answer.sources[0].text


def test_un_set_ruling_doesnt_lead_a_question_about_a_real_card(kb: KnowledgeBase):
    question = "lightning bolt deals 3 damage while wearing a hat, where does the damage go"
    texts = [s.text for s in kb.ask(question).sources]
    assert UNSET_RULING in texts or SCRYFALL_NOTE in texts  # they are found, just not first
    assert _lead(kb, question) not in (UNSET_RULING, SCRYFALL_NOTE)


def test_un_set_ruling_may_lead_a_question_naming_that_un_set_card(kb: KnowledgeBase):
    question = "acorn test squirrel gets 3 damage from lightning bolt while wearing a hat"
    assert _lead(kb, question) == UNSET_RULING


def test_scryfall_note_never_leads_even_for_its_own_card(kb: KnowledgeBase):
    question = "hatwearer test card: does lightning bolt deal its 3 damage while wearing a hat"
    assert _lead(kb, question) != SCRYFALL_NOTE
