"""The state database: per-server settings and feedback, separate from the knowledge base."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from bot.state import GuildSettings, SqliteState


def test_settings_default_to_silent_and_survive_a_reopen(tmp_path: Path):
    path = tmp_path / "state.sqlite"
    state = SqliteState(path)
    assert state.settings(1) == GuildSettings(1)
    state.save_settings(
        replace(
            GuildSettings(1).with_channel(10, True),
            threshold="medium",
            inline_enabled=False,
            reply_mode="thread",
        )
    )
    state.close()
    again = SqliteState(path)
    saved = again.settings(1)
    assert saved.auto_answer_channels == {10}
    assert (saved.threshold, saved.inline_enabled, saved.reply_mode) == ("medium", False, "thread")
    assert again.settings(2) == GuildSettings(2)
    again.close()


def test_turning_a_channel_off_removes_only_that_channel():
    settings = (
        GuildSettings(1).with_channel(10, True).with_channel(11, True).with_channel(10, False)
    )
    assert settings.auto_answer_channels == {11}


def test_one_vote_per_person_per_answer_and_summaries_per_server(tmp_path: Path):
    state = SqliteState(tmp_path / "state.sqlite")
    one = state.record_answer(
        guild_id=1,
        channel_id=10,
        user_id=5,
        question="q?",
        confidence="high",
        sources=["Rule 302.6"],
    )
    two = state.record_answer(
        guild_id=2, channel_id=20, user_id=6, question="q?", confidence="low", sources=[]
    )
    assert state.record_feedback(one, 7, "up")
    assert state.record_feedback(one, 7, "down")  # changed their mind: still one vote
    assert state.record_feedback(one, 8, "up")
    assert state.record_feedback(two, 7, "down")
    assert not state.record_feedback(999, 7, "up")
    s1 = state.feedback_summary(1)
    assert (s1.answers, s1.up, s1.down) == (1, 1, 1)
    everyone = state.feedback_summary()
    assert (everyone.answers, everyone.up, everyone.down) == (2, 1, 2)
    state.close()


def test_state_file_is_separate_from_the_knowledge_base(kb_path: Path, tmp_path: Path):
    before = kb_path.stat().st_mtime_ns
    state = SqliteState(tmp_path / "state.sqlite")
    state.save_settings(GuildSettings(1).with_channel(10, True))
    state.close()
    assert kb_path.stat().st_mtime_ns == before
