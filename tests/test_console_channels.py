"""`rulesbot console` is the bot: the channel it imitates decides what it answers."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import get_args

import pytest
from click.testing import CliRunner

from bot.cli import main
from bot.service.parsing import SlashCommand

REPO = Path(__file__).resolve().parents[1]


def _console(kb_path: Path, lines: list[str], *options: str) -> str:
    result = CliRunner().invoke(
        main, ["console", "--db", str(kb_path), *options], input="\n".join(lines) + "\n"
    )
    assert result.exit_code == 0, result.output
    return result.stdout


def test_an_auto_answer_channel_stays_silent_on_chatter(kb_path: Path):
    out = _console(kb_path, ["lol", "gg wp everyone", "anyone want my playmat?"])
    assert out.strip() == ""


def test_why_says_which_step_kept_the_bot_silent(kb_path: Path):
    out = _console(kb_path, ["lol", "anyone want to trade my playmat?"], "--why")
    assert "[why: silent: gate: too short to be a question]" in out
    assert "names no card, keyword or rules term" in out


def test_a_plain_channel_answers_only_commands_and_inline(kb_path: Path):
    out = _console(
        kb_path, ["does trample work with deathtouch?", "/card goyf"], "--channel", "plain", "--why"
    )
    assert "chat in a channel without auto-answers" in out
    assert "## Tarmogoyf" in out


def test_a_low_threshold_channel_answers_a_rules_question(kb_path: Path):
    out = _console(
        kb_path, ["does deathtouch work with trample damage?"], "--threshold", "low", "--why"
    )
    assert "Confidence:" in out and "[why: posts:" in out


def test_the_help_channel_answers_in_a_thread(kb_path: Path):
    out = _console(
        kb_path, ["does deathtouch work with trample damage?"], "--channel", "help",
        "--threshold", "low",
    )  # fmt: skip
    assert out.startswith("[in a new thread: does deathtouch work with trample damage?]")


def test_the_cooldown_keeps_a_second_answer_back(kb_path: Path):
    question = "does deathtouch work with trample damage?"
    out = _console(kb_path, [question, question], "--threshold", "low", "--why")
    assert out.count("Confidence:") == 1
    assert "answered this person or channel too recently" in out


def test_an_inline_miss_is_public_as_on_discord(kb_path: Path):
    out = _console(kb_path, ["[[zzqqxx]]"])
    assert "No card named" in out and "only you can see this" not in out


def test_json_gives_one_object_per_line_with_posts_and_why(kb_path: Path):
    out = _console(kb_path, ["lol", "/card goyf"], "--json")
    records = [json.loads(line) for line in out.splitlines()]
    assert [r["line"] for r in records] == [1, 2]
    assert records[0]["posts"] == [] and records[0]["why"].startswith("silent")
    assert records[1]["posts"][0]["embeds"][0]["title"].startswith("Tarmogoyf")


def test_the_console_has_exactly_the_bots_slash_commands(kb_path: Path):
    cogs = "\n".join(p.read_text("utf-8") for p in (REPO / "bot/discord/cogs").glob("*.py"))
    top_level = set(re.findall(r'app_commands\.command\(name="([a-z]+)"', cogs))
    groups = set(re.findall(r'app_commands\.Group\(\s*name="([a-z]+)"', cogs))
    groups |= set(re.findall(r'class \w+\(.*commands\.GroupCog, group_name="([a-z]+)"', cogs))
    bot_commands = (top_level - {"show", "autoanswer", "threshold", "inline", "replies"}) | groups
    assert set(get_args(SlashCommand)) == bot_commands


@pytest.mark.parametrize("gone", ["/image goyf", "/rule 702.19b"])
def test_commands_the_bot_lacks_get_the_help_text(kb_path: Path, gone: str):
    out = _console(kb_path, [gone])
    assert "Unknown command" in out and "/define TERM" in out
