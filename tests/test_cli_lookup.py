"""rulesbot card / rulings / cr / define / ask through click's runner."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from bot.cli import main


@pytest.fixture
def run(kb_path: Path):
    runner = CliRunner()

    def invoke(*args: str):
        return runner.invoke(main, [*args, "--db", str(kb_path)], catch_exceptions=False)

    return invoke


def test_card_prints_the_oracle_text(run):
    result = run("card", "goyf")
    assert result.exit_code == 0 and "Tarmogoyf" in result.output and "Lhurgoyf" in result.output


def test_terminal_output_leaves_out_discord_only_controls(run):
    asked = run("ask", "what does trample do?").output
    ambiguous = run("card", "jace").output
    assert "Confidence:" in asked and "Did you mean" in ambiguous
    assert "buttons" not in asked + ambiguous and "only you can see" not in ambiguous


def test_card_json_marks_ambiguity_with_candidates(run):
    payload = json.loads(run("card", "jace", "--json").output)
    assert payload["ambiguous"] is True and "Jace Beleren" in payload["candidates"]


def test_unknown_card_is_an_error_exit(run):
    result = run("card", "zzqqxx")
    assert result.exit_code == 1 and "No card" in result.output


def test_rulings_json_lists_the_cards_rulings(run):
    payload = json.loads(run("rulings", "soul", "seperator", "--json").output)
    assert payload["name"] == "Soul Separator" and payload["rulings"]


def test_cr_shows_a_rule_and_fails_on_unknown_numbers(run):
    assert "702.19b" in run("cr", "702.19b").output
    result = run("cr", "999.9", "--json")
    assert result.exit_code == 1 and json.loads(result.output)["found"] is False


def test_define_json_and_unknown_term(run):
    assert json.loads(run("define", "trample", "--json").output)["term"] == "Trample"
    assert run("define", "zzqq").exit_code == 1


def test_ask_json_has_sources_and_confidence(run):
    payload = json.loads(run("ask", "--json", "what does trample do?").output)
    assert payload["sources"] and payload["confidence"] in {"high", "medium", "low", "none"}


def test_ask_batch_answers_each_line_and_reports_bad_ones(run, tmp_path):
    batch = tmp_path / "questions.jsonl"
    batch.write_text(
        '{"id": "a", "question": "what does trample do?"}\n'
        "not json\n"
        '{"id": "b"}\n'
        '{"id": "c", "question": "\\"NEAR( *"}\n',
        encoding="utf-8",
    )
    lines = [json.loads(line) for line in run("ask", "--batch", str(batch)).output.splitlines()]
    assert [line.get("id") for line in lines] == ["a", None, "b", "c"]
    assert [line["line"] for line in lines] == [1, 2, 3, 4]
    assert "error" in lines[1] and "error" in lines[2] and "sources" in lines[3]


def test_missing_database_offline_says_what_to_run(tmp_path, monkeypatch):
    monkeypatch.setenv("RULESBOT_AUTO_SYNC", "0")
    result = CliRunner().invoke(main, ["card", "opt", "--db", str(tmp_path / "none.sqlite")])
    assert result.exit_code == 3 and "rulesbot sync" in result.output


@pytest.mark.parametrize(
    ("command", "query"),
    [("define", "tramp zz"), ("cr", "lethal damage wears off"), ("card", "tarmo goyfzz")],
)
def test_not_found_is_an_error_exit_even_with_suggestions(run, command, query):
    result = run(command, query)
    assert result.exit_code == 1 and "No " in result.output and "Did you mean" in result.output


def test_an_ambiguous_name_offers_choices_without_failing(run):
    result = run("card", "jace")
    assert result.exit_code == 0 and "could mean several cards" in result.output
