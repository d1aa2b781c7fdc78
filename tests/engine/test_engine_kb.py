"""Board files whose cards come from a knowledge base built from ../shared/data."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from bot.boards import BoardFileError, KnowledgeBaseCards, load_board_text
from bot.cli import main
from engine.questions import ask
from rulings_db.knowledge import KnowledgeBase

BOARD = """
board:
  turn: {active: P1, number: 5, step: precombat_main}
  battlefield:
    - {id: vazal, card: "Vazal, the Compleat", controller: P1}
    - {id: elves, card: llanowar elves, controller: P2}
    - {id: pool, card: Reflecting Pool, controller: P1}
    - {id: moon, card: Blood Moon, controller: P2}
"""


def test_cards_come_from_the_knowledge_base(shared_kb_path: Path) -> None:
    kb = KnowledgeBase(shared_kb_path)
    board = load_board_text(BOARD, "kb.yaml", KnowledgeBaseCards(kb)).board
    answer = ask(board, {"kind": "mana", "player": "P1"})
    produced = {row["object"]: row["produces"] for row in answer.data["sources"]}
    assert produced["pool"] == ["R"]  # Blood Moon made it a Mountain (305.7)
    assert "G" in [
        t for row in answer.data["sources"] if row["object"] == "vazal" for t in row["produces"]
    ]
    assert "305.7" in answer.rules


def test_unknown_card_suggests_from_the_knowledge_base(shared_kb_path: Path) -> None:
    kb = KnowledgeBase(shared_kb_path)
    with pytest.raises(BoardFileError, match="did you mean 'Llanowar Elves'"):
        load_board_text(
            BOARD.replace("llanowar elves", "Llanowar Elfs"), "kb.yaml", KnowledgeBaseCards(kb)
        )


def test_engine_coverage_over_the_knowledge_base(shared_kb_path: Path) -> None:
    result = CliRunner().invoke(main, ["engine-coverage", "--db", str(shared_kb_path), "--json"])
    assert result.exit_code == 0, result.output
    report = json.loads(result.output)
    assert report["cards"] > 20000
    assert report["share"] >= 0.20
