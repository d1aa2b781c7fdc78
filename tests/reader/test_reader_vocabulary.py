"""The reader's vocabulary is the engine's: every question kind it builds is one the engine
answers, every step is the engine's, every doubt has a sentence to say it with."""

from __future__ import annotations

import ast
from pathlib import Path

from engine.board import STEPS as ENGINE_STEPS
from engine.questions import KINDS
from engine.reader.echo import DOUBT_TEXT, STEP_TEXT
from engine.reader.vocabulary import DOUBTS, QUESTION_KINDS, STEPS

READER = Path(__file__).resolve().parents[2] / "engine" / "reader"


def _string_literals(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return {
        n.value for n in ast.walk(tree) if isinstance(n, ast.Constant) and isinstance(n.value, str)
    }


def test_every_question_kind_the_reader_builds_is_answered_by_the_engine() -> None:
    assert set(QUESTION_KINDS) <= set(KINDS)
    built = _string_literals(READER / "question.py") | _string_literals(READER / "reader.py")
    assert set(QUESTION_KINDS) <= built  # and each one is built somewhere


def test_the_steps_are_the_engines() -> None:
    assert tuple(STEPS) == tuple(ENGINE_STEPS)
    assert set(STEP_TEXT) == set(STEPS)


def test_every_doubt_has_a_sentence_and_is_raised_somewhere() -> None:
    assert set(DOUBT_TEXT) == set(DOUBTS)
    raised: set[str] = set()
    for path in READER.glob("*.py"):
        if path.name not in ("vocabulary.py", "echo.py"):
            raised |= _string_literals(path)
    assert set(DOUBTS) - {"unread_text"} <= raised  # unread_text is said from Reading.unread
