"""(R13) Boards laid out on lines reach the reader with their lines: `ask` used to flatten
every message to one line before reading it, so "my side:" / "- X" lists and code blocks ran
into each other ("Bonesplitter - Glorious Anthem") and went to retrieval."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from bot.cli import main
from bot.render import limits

LISTED = (
    "my side:\n- Grizzly Bears, equipped with Bonesplitter\n- Glorious Anthem\n"
    "how big are the bears?"
)


def _ask_json(db: Path, question: str) -> dict[str, Any]:
    result = CliRunner().invoke(main, ["ask", "--json", "--db", str(db), question])
    assert result.exit_code in (0, 1), result.output
    payload: dict[str, Any] = json.loads(result.output)
    return payload


def test_clean_lines_keeps_line_breaks_and_cleans_each_line() -> None:
    text = "me:\u200b  Grizzly   Bears\n\n\n opp:   nothing \x00\nq?"
    assert limits.clean_lines(text, 100) == "me: Grizzly Bears\nopp: nothing\nq?"
    # the same characters as clean_input, so the one-over-the-limit cut falls in the same place
    assert len(limits.clean_lines(text, 100)) == len(limits.clean_input(text, 100))
    assert limits.clean_lines("a\nb" * 10, 5) == "a\nba\n"


@pytest.mark.shared
def test_a_board_listed_on_lines_is_read_line_by_line_by_ask(shared_kb_path: Path) -> None:
    engine = _ask_json(shared_kb_path, LISTED)["sources"][0]
    assert engine["kind"] == "engine" and engine["answer"].startswith("5/3")
    assert engine["unread"] == []
    assert {o["card"] for o in engine["board"]["battlefield"]} >= {
        "Grizzly Bears",
        "Bonesplitter",
        "Glorious Anthem",
    }


@pytest.mark.shared
def test_retrieval_still_reads_the_message_as_one_line(shared_kb_path: Path) -> None:
    # the retrieval record is the one the flattened message gets: the lines are only the reader's
    lined = _ask_json(shared_kb_path, "how does\nward work?")
    flat = _ask_json(shared_kb_path, "how does ward work?")
    assert lined["sources"] == flat["sources"]
    assert lined["sources"][0]["kind"] != "engine"
