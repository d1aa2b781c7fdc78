"""Board descriptions through ``rulesbot ask`` (JSON and text): the engine's answer first, with
how the board was read; ordinary questions untouched."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from bot.cli import main

VIZIER = (
    "I control Vizier of Many Faces that entered this turn as a copy of Llanowar Elves, "
    "can I tap it for mana?"
)


def _ask_json(db: Path, question: str) -> dict[str, Any]:
    result = CliRunner().invoke(main, ["ask", "--json", "--db", str(db), question])
    assert result.exit_code in (0, 1), result.output  # 1: nothing found (an answer still)
    payload: dict[str, Any] = json.loads(result.output)
    return payload


def test_the_vizier_example_is_answered_by_the_engine_first(kb_path: Path) -> None:
    payload = _ask_json(kb_path, VIZIER)
    engine, *rest = payload["sources"]
    assert engine["kind"] == "engine" and engine["answer"].startswith("No")
    assert "302.6" in [s["rule"] for s in engine["steps"]]
    assert engine["reading"].startswith("Read as: you control Vizier of Many Faces (entered this")
    assert engine["unread"] == []
    board = engine["board"]["battlefield"]
    vizier = next(o for o in board if o["card"] == "Vizier of Many Faces")
    assert vizier["since"] == "this_turn" and vizier["copy_effects"][0]["via"] == "enter_as_copy"
    assert rest and all(s["kind"] in ("rule", "ruling", "glossary") for s in rest)


def test_an_answer_citing_rules_the_database_lacks_is_not_verified(kb_path: Path) -> None:
    # the fixture CR is an excerpt without 707.5 and 605.1a: the answer is shown, unverified
    engine = _ask_json(kb_path, VIZIER)["sources"][0]
    assert engine["verified"] is False
    assert any("707.5" in c for c in engine["concerns"])


@pytest.mark.shared
def test_the_vizier_example_is_verified_against_the_full_rules(shared_kb_path: Path) -> None:
    engine = _ask_json(shared_kb_path, VIZIER)["sources"][0]
    assert engine["kind"] == "engine" and engine["verified"] is True
    assert engine["answer"].startswith("No") and "302.6" in [s["rule"] for s in engine["steps"]]


@pytest.mark.shared
def test_combat_damage_numbers_are_digits(shared_kb_path: Path) -> None:
    text = (
        "I swing with Colossal Dreadmaw wearing Basilisk Collar and they block with Serra Angel."
        " how much damage does my opponent take?"
    )
    engine = _ask_json(shared_kb_path, text)["sources"][0]
    assert engine["verified"] is True and engine["answer"].startswith("Your opponent takes 5.")
    # (R11) the life totals before and after are a step of their own, not the answer's numbers
    assert any("your opponent 20 → 15" in step["text"] for step in engine["steps"])


@pytest.mark.parametrize(
    "question",
    [
        "how does ward work?",
        "does deathtouch work with trample",
        "can I tap a creature for mana the turn it came in?",
        "can I tap llanowar elves for mana the turn it came in?",
        "Colossal Dreadmaw is on the stack. What's its mana value?",
        "what does Llanowar Elves do?",
    ],
)
def test_general_rules_questions_never_go_to_the_engine(kb_path: Path, question: str) -> None:
    sources = _ask_json(kb_path, question)["sources"]
    assert all(s["kind"] != "engine" for s in sources)


def test_an_unsure_reading_is_shown_unverified_with_what_was_not_read(kb_path: Path) -> None:
    text = "I control Llanowar Elves and Blorpthing the Magnificent. Can I tap the Elves for mana?"
    engine = _ask_json(kb_path, text)["sources"][0]
    assert engine["kind"] == "engine" and engine["verified"] is False
    assert engine["unread"] and any("blorpthing" in c.lower() for c in engine["concerns"])


def test_an_ambiguous_pronoun_is_asked_back_and_retrieval_still_answers(kb_path: Path) -> None:
    text = "I control Vizier of Many Faces and Llanowar Elves. Can I tap it for mana?"
    payload = _ask_json(kb_path, text)
    assert all(s["kind"] != "engine" for s in payload["sources"]) and payload["sources"]
    assert "Vizier of Many Faces or Llanowar Elves" in payload["reading"]["ask_back"]


def test_the_text_reply_starts_with_the_reading_and_the_verdict(kb_path: Path) -> None:
    result = CliRunner().invoke(main, ["ask", "--db", str(kb_path), VIZIER])
    assert result.exit_code == 0
    lines = result.output.splitlines()
    assert lines[0] == "## Rules engine" and lines[1].startswith("Read as: ")
    assert lines[2].startswith("**No") and "`302.6`" in result.output


def test_every_board_description_passes_the_cheap_look_before_reading() -> None:

    from descriptions_set import load_descriptions

    from bot.service.board_questions import might_describe_a_board

    cases = load_descriptions()
    missed = [c["id"] for c in cases if "board" in c and not might_describe_a_board(c["text"])]
    assert missed == []


def test_the_board_as_read_is_a_board_file_that_answers_the_same(kb_path: Path) -> None:
    from bot.boards import KnowledgeBaseCards, load_board_text
    from bot.render.reading import spec_yaml
    from bot.service.board_questions import KnowledgeBaseNames
    from engine.questions import ask
    from engine.reader import read
    from rulings_db.knowledge import KnowledgeBase

    kb = KnowledgeBase(kb_path)
    reading = read(VIZIER, KnowledgeBaseNames(kb))
    text = spec_yaml(reading)
    spec = load_board_text(text, "as-read.yaml", KnowledgeBaseCards(kb))
    ((question, _line),) = spec.questions
    assert ask(spec.board, question).short.startswith("No")
