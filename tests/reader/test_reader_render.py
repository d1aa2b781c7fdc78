"""The board as read, for "That's not my board" and `/board`: a YAML block within one Discord
message (cut at a line, with a note, when the board is too big), and specs told apart from
descriptions."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import yaml

from bot.render import limits
from bot.render.reading import spec_message, spec_yaml
from bot.service.board_questions import is_board_spec_text


@dataclass
class _Reading:
    spec: dict[str, Any] | None
    question: dict[str, Any] | None = field(default=None)


def _board(n: int) -> _Reading:
    things = [
        {"id": f"llanowar_elves_{i}", "card": "Llanowar Elves", "controller": "P1"}
        for i in range(n)
    ]
    return _Reading(
        {"board": {"battlefield": things}}, {"kind": "mana", "object": "llanowar_elves_0"}
    )


def test_a_small_board_is_shown_whole_as_a_yaml_board_file() -> None:
    text = spec_message(_board(2))
    block = text.split("```yaml\n", 1)[1].removesuffix("```")
    assert yaml.safe_load(block) == yaml.safe_load(spec_yaml(_board(2)))
    assert "cut:" not in text


def test_a_big_board_is_cut_at_a_line_within_one_message_and_says_so() -> None:
    text = spec_message(_board(300))
    assert len(text) <= limits.MESSAGE
    block, note = text.split("```yaml\n", 1)[1].split("```", 1)
    assert block.endswith("\n") and "llanowar_elves_0" in block
    shown = block.count("- id:")
    assert "more lines not shown" in note and "rulesbot ask --json" in note
    assert 0 < shown < 300


def test_no_board_says_so() -> None:
    assert "didn't build a board" in spec_message(_Reading(None))


def test_specs_and_descriptions_are_told_apart() -> None:
    assert is_board_spec_text("board:\n  battlefield: []")
    assert is_board_spec_text('{"board": {"battlefield": []}}')
    assert is_board_spec_text("cards:\n  X: {}\nboard: {}")
    assert not is_board_spec_text("I control Llanowar Elves. Can I tap it for mana?")
    assert not is_board_spec_text("my board: llanowar elves. opp has a bear, can i swing")
