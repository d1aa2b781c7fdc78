"""``rulesbot console``: what the bot would post, as text, from lines on stdin."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

from bot.cli import main


def test_console_answers_commands_inline_syntax_and_questions(kb_path: Path):
    lines = "\n".join(
        [
            "/card vizier",
            "/rulings soul separator",
            "/cr 702.19b",
            "/define trample",
            "[[?soul separator]]",
            "can I tap llanowar elves for mana the turn it came in?",
            "/nonsense",
        ]
    )
    result = CliRunner().invoke(main, ["console", "--db", str(kb_path)], input=lines + "\n")
    assert result.exit_code == 0, result.output
    out = result.output
    assert "## Vizier of Many Faces" in out
    assert "## Rulings: Soul Separator" in out and "[page 1/" in out
    assert "## 702.19b" in out
    assert "## Trample" in out
    assert "Confidence:" in out and "[buttons: 👍 👎]" in out
    assert "Unknown command /nonsense" in out


def test_console_without_a_database_says_what_to_run(tmp_path: Path):
    result = CliRunner().invoke(
        main, ["console", "--db", str(tmp_path / "missing.sqlite")], input="/card bolt\n"
    )
    assert result.exit_code != 0
    assert "Traceback" not in result.output
    assert "error" in result.output.lower()


def test_console_board_runs_the_engine_on_a_spec_file(kb_path: Path):
    scenarios = sorted((Path(__file__).resolve().parent / "engine" / "scenarios").glob("*.yaml"))
    if not scenarios:
        import pytest

        pytest.skip("no engine scenarios in tests/engine/scenarios")
    result = CliRunner().invoke(
        main,
        ["console", "--db", str(kb_path)],
        input=f"/board {scenarios[0]}\n/board /no/such/file.yaml\n",
    )
    assert result.exit_code == 0, result.output
    assert "## Question 1" in result.output and "**Steps**" in result.output
    assert "Couldn't read" in result.output
