"""Per-server settings and answer feedback, in a state database separate from the knowledge base.

A knowledge-base sync rebuilds and swaps its own file; it never opens this one, so settings and
feedback survive every sync. ``StateStore`` is the small interface the bot uses: SQLite serves
one machine, several machines would put a PostgreSQL implementation behind the same methods.
"""

from __future__ import annotations

import json
import sqlite3
import threading
import time
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Literal, Protocol

import sqlite_utils

Threshold = Literal["high", "medium", "low"]
ReplyMode = Literal["reply", "thread"]
Vote = Literal["up", "down"]
THRESHOLDS: tuple[Threshold, ...] = ("high", "medium", "low")
STATE_FILENAME = "rulesbot-state.sqlite"


@dataclass(frozen=True)
class GuildSettings:
    guild_id: int
    auto_answer_channels: frozenset[int] = field(default_factory=frozenset)
    threshold: Threshold = "high"  # silence beats a wrong answer: only confident answers by default
    inline_enabled: bool = True
    reply_mode: ReplyMode = "reply"

    def with_channel(self, channel_id: int, enabled: bool) -> GuildSettings:
        channels = set(self.auto_answer_channels)
        if enabled:
            channels.add(channel_id)
        else:
            channels.discard(channel_id)
        return replace(self, auto_answer_channels=frozenset(channels))


@dataclass(frozen=True)
class FeedbackSummary:
    answers: int
    up: int
    down: int


class StateStore(Protocol):
    def settings(self, guild_id: int) -> GuildSettings: ...
    def save_settings(self, settings: GuildSettings) -> None: ...
    def record_answer(
        self,
        *,
        guild_id: int | None,
        channel_id: int,
        user_id: int,
        question: str,
        confidence: str,
        sources: list[str],
    ) -> int: ...
    def record_feedback(self, answer_id: int, user_id: int, vote: Vote) -> bool: ...
    def answer_question(self, answer_id: int) -> str | None: ...
    def feedback_summary(self, guild_id: int | None = None) -> FeedbackSummary: ...
    def close(self) -> None: ...


class SqliteState:
    """The SQLite ``StateStore``: tiny writes, safe from the event loop and worker threads."""

    def __init__(self, path: Path | str) -> None:
        if str(path) != ":memory:":
            Path(path).parent.mkdir(parents=True, exist_ok=True)
        conn = sqlite3.connect(str(path), check_same_thread=False, isolation_level=None)
        conn.execute("pragma journal_mode=wal")
        self._db = sqlite_utils.Database(conn)
        self._lock = threading.Lock()
        self._cache: dict[int, GuildSettings] = {}
        self._create()

    def _create(self) -> None:
        self._db.table("guild_settings").create(
            {
                "guild_id": int,
                "channels": str,
                "threshold": str,
                "inline_enabled": int,
                "reply_mode": str,
                "updated_at": float,
            },
            pk="guild_id",
            if_not_exists=True,
        )
        self._db.table("answers").create(
            {
                "id": int,
                "guild_id": int,
                "channel_id": int,
                "user_id": int,
                "question": str,
                "confidence": str,
                "sources": str,
                "asked_at": float,
            },
            pk="id",
            if_not_exists=True,
        )
        self._db.table("feedback").create(
            {"answer_id": int, "user_id": int, "vote": str, "at": float},
            pk=("answer_id", "user_id"),
            if_not_exists=True,
        )

    def settings(self, guild_id: int) -> GuildSettings:
        cached = self._cache.get(guild_id)
        if cached is not None:
            return cached
        with self._lock:
            rows = list(
                self._db.query("select * from guild_settings where guild_id = ?", [guild_id])
            )
        if not rows:
            found = GuildSettings(guild_id)
        else:
            row = rows[0]
            threshold: Threshold = next((t for t in THRESHOLDS if t == row["threshold"]), "high")
            found = GuildSettings(
                guild_id=guild_id,
                auto_answer_channels=frozenset(int(c) for c in json.loads(row["channels"])),
                threshold=threshold,
                inline_enabled=bool(row["inline_enabled"]),
                reply_mode="thread" if row["reply_mode"] == "thread" else "reply",
            )
        self._cache[guild_id] = found
        return found

    def save_settings(self, settings: GuildSettings) -> None:
        row = {
            "guild_id": settings.guild_id,
            "channels": json.dumps(sorted(settings.auto_answer_channels)),
            "threshold": settings.threshold,
            "inline_enabled": int(settings.inline_enabled),
            "reply_mode": settings.reply_mode,
            "updated_at": time.time(),
        }
        with self._lock:
            self._db.table("guild_settings").upsert(row, pk="guild_id")
        self._cache[settings.guild_id] = settings

    def record_answer(
        self,
        *,
        guild_id: int | None,
        channel_id: int,
        user_id: int,
        question: str,
        confidence: str,
        sources: list[str],
    ) -> int:
        row = {
            "guild_id": guild_id,
            "channel_id": channel_id,
            "user_id": user_id,
            "question": question[:1000],
            "confidence": confidence,
            "sources": json.dumps(sources),
            "asked_at": time.time(),
        }
        with self._lock:
            table = self._db.table("answers").insert(row)
            return int(str(table.last_pk))

    def answer_question(self, answer_id: int) -> str | None:
        """The question an answer on record was given to (its pages are rebuilt from it)."""
        with self._lock:
            rows = list(self._db.query("select question from answers where id = ?", [answer_id]))
        return str(rows[0]["question"]) if rows else None

    def record_feedback(self, answer_id: int, user_id: int, vote: Vote) -> bool:
        """One vote per person per answer (a second press changes it); False if no such answer."""
        with self._lock:
            exists = list(self._db.query("select 1 from answers where id = ?", [answer_id]))
            if not exists:
                return False
            self._db.table("feedback").upsert(
                {"answer_id": answer_id, "user_id": user_id, "vote": vote, "at": time.time()},
                pk=("answer_id", "user_id"),
            )
        return True

    def feedback_summary(self, guild_id: int | None = None) -> FeedbackSummary:
        where, params = ("where a.guild_id = ?", [guild_id]) if guild_id is not None else ("", [])
        with self._lock:
            answers = next(self._db.query(f"select count(*) as n from answers a {where}", params))
            votes = {
                row["vote"]: row["n"]
                for row in self._db.query(
                    "select f.vote, count(*) as n from feedback f join answers a "
                    f"on a.id = f.answer_id {where} group by f.vote",
                    params,
                )
            }
        return FeedbackSummary(
            int(answers["n"]), int(votes.get("up", 0)), int(votes.get("down", 0))
        )

    def close(self) -> None:
        with self._lock:
            self._db.conn.close()
