"""The ``rulesbot board`` and ``rulesbot engine-coverage`` commands."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from bot.cli import main

SCENARIOS = Path(__file__).parent / "scenarios"


def test_board_prints_answers_with_steps() -> None:
    result = CliRunner().invoke(
        main, ["board", str(SCENARIOS / "S28.yaml"), "--db", "/nonexistent.sqlite"]
    )
    assert result.exit_code == 3  # an explicit --db that doesn't exist is a data error
    result = CliRunner(env={"RULESBOT_DB": "/nonexistent.sqlite"}).invoke(
        main, ["board", str(SCENARIOS / "S28.yaml")]
    )
    assert result.exit_code == 0, result.output
    assert "702.19b" in result.output
    assert "(verified)" in result.output


def test_board_json_output() -> None:
    result = CliRunner(env={"RULESBOT_DB": "/nonexistent.sqlite"}).invoke(
        main, ["board", str(SCENARIOS / "S05.yaml"), "--json"]
    )
    data = json.loads(result.output)
    assert data["answers"][0]["verified"] is True
    assert {"106.7", "106.5"} <= {s["rule"] for s in data["answers"][0]["steps"]}


def test_board_errors_are_messages_not_tracebacks(tmp_path: Path) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text("board:\n  battlefield:\n    - {id: x, card: No Such Card}\n", encoding="utf-8")
    result = CliRunner(env={"RULESBOT_DB": "/nonexistent.sqlite"}).invoke(main, ["board", str(bad)])
    assert result.exit_code != 0
    assert "line 3" in result.output and "unknown card" in result.output
    assert "Traceback" not in result.output
    missing = CliRunner().invoke(main, ["board", str(tmp_path / "nope.yaml")])
    assert missing.exit_code != 0 and "Traceback" not in missing.output


def test_board_question_errors_are_reported_per_question(tmp_path: Path) -> None:
    text = (SCENARIOS / "S06.yaml").read_text(encoding="utf-8").split("questions:")[0]
    path = tmp_path / "q.yaml"
    path.write_text(
        text + "questions:\n  - {kind: characteristics, object: ghost}\n", encoding="utf-8"
    )
    result = CliRunner(env={"RULESBOT_DB": "/nonexistent.sqlite"}).invoke(
        main, ["board", str(path)]
    )
    assert result.exit_code == 1
    assert "questions[0] (line" in result.output and "ghost" in result.output


def test_engine_coverage_from_a_cards_file(tmp_path: Path) -> None:
    cards = [
        {
            "name": "Grizzly Bears",
            "layout": "normal",
            "type_line": "Creature — Bear",
            "oracle_text": "",
            "mana_cost": "{1}{G}",
        },
        {
            "name": "Weird",
            "layout": "normal",
            "type_line": "Enchantment",
            "oracle_text": "Whenever the moon is full, you win.",
        },
        {"name": "A Token", "layout": "token", "type_line": "Token Creature", "oracle_text": ""},
    ]
    path = tmp_path / "cards.json"
    path.write_text(json.dumps(cards), encoding="utf-8")
    result = CliRunner().invoke(main, ["engine-coverage", "--cards", str(path), "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["cards"] == 2 and data["fully_modelled"] == 1
    assert data["top_unsupported"][0]["template"].startswith("Whenever the moon is full")
