"""Whose mistake an error is: a question's unreadable field is the asker's ("question not
understood"), a failure inside the rules code is the engine's, said as such and never a
traceback."""

from __future__ import annotations

from typing import Any

import pytest

from engine import questions
from engine.questions import EngineError, QuestionError, ask


def test_a_missing_object_id_is_the_askers_mistake(board_from) -> None:  # type: ignore[no-untyped-def]
    board = board_from([{"id": "bears", "card": "Grizzly Bears", "controller": "P1"}])
    with pytest.raises(QuestionError, match="no object with id 'elves'"):
        ask(board, {"kind": "can_attack", "object": "elves"})


def test_a_bug_in_a_handler_is_an_engine_error_not_a_question_error(
    board_from,  # type: ignore[no-untyped-def]
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    board = board_from([{"id": "bears", "card": "Grizzly Bears", "controller": "P1"}])

    def broken(game: Any, q: Any) -> Any:
        return {}["no such key"]

    monkeypatch.setitem(questions.HANDLERS, "can_attack", broken)
    with pytest.raises(EngineError, match="engine error") as caught:
        ask(board, {"kind": "can_attack", "object": "bears"})
    assert not isinstance(caught.value, QuestionError)


def test_a_board_file_reports_an_engine_error_and_answers_its_other_questions(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from bot.boards import answer_questions, load_board_text

    text = (
        "cards:\n  Grizzly Bears: {mana_cost: '{1}{G}', type_line: Creature — Bear,"
        " power: '2', toughness: '2'}\n"
        "board:\n  battlefield:\n    - {id: bears, card: Grizzly Bears, controller: P1}\n"
        "questions:\n  - {kind: can_attack, object: bears}\n"
        "  - {kind: characteristics, object: bears}\n"
    )
    board_file = load_board_text(text, "bug.yaml")

    def broken(game: Any, q: Any) -> Any:
        raise TypeError("a rules-code bug")

    monkeypatch.setitem(questions.HANDLERS, "can_attack", broken)
    first, second = answer_questions(board_file)
    assert first.error is not None and first.error.startswith("engine error")
    assert second.answer is not None and second.answer.data["power"] == 2
