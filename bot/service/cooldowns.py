"""Cooldowns and burst limits keyed by (server, channel/user), with an injectable clock."""

from __future__ import annotations

import time
from collections import deque
from collections.abc import Callable, Hashable
from dataclasses import dataclass


@dataclass(frozen=True)
class Burst:
    """At most ``limit`` requests in any ``window_s`` seconds."""

    limit: int
    window_s: float


# per person (across servers): how often each kind of request may come
INLINE_BURST = Burst(5, 10.0)  # messages with inline lookups
ASK_BURST = Burst(6, 60.0)  # /ask: a free question costs a search of the rules
BOARD_BURST = Burst(3, 60.0)  # /board: each file may cost the engine seconds of work
# every other command (/card, /rulings, /cr, /define, /about, /help, /config): cheap, but a
# person pressing them in a loop is refused with a try-again like /ask
LOOKUP_BURST = Burst(20, 60.0)


class RateLimiter:
    """At most ``limit`` events per ``window`` seconds for each key (a cooldown when limit=1)."""

    def __init__(
        self,
        limit: int,
        window: float,
        clock: Callable[[], float] = time.monotonic,
        max_keys: int = 100_000,
    ) -> None:
        self.limit = limit
        self.window = window
        self.clock = clock
        self.max_keys = max_keys
        self._events: dict[Hashable, deque[float]] = {}

    def _recent(self, key: Hashable) -> deque[float]:
        now = self.clock()
        events = self._events.get(key)
        if events is None:
            if len(self._events) >= self.max_keys:
                self._prune(now)
            events = self._events[key] = deque()
        while events and now - events[0] >= self.window:
            events.popleft()
        return events

    def _prune(self, now: float) -> None:
        stale = [k for k, ev in self._events.items() if not ev or now - ev[-1] >= self.window]
        for key in stale:
            del self._events[key]

    def ready(self, key: Hashable) -> bool:
        return self.window <= 0 or len(self._recent(key)) < self.limit

    def hit(self, key: Hashable) -> None:
        if self.window > 0:
            self._recent(key).append(self.clock())

    def retry_after(self, key: Hashable) -> float:
        """Seconds until ``key`` may go again (0 when it may now)."""
        if self.ready(key):
            return 0.0
        events = self._recent(key)
        return max(0.0, self.window - (self.clock() - events[0]))

    @classmethod
    def per(cls, burst: Burst, clock: Callable[[], float] = time.monotonic) -> RateLimiter:
        return cls(burst.limit, burst.window_s, clock)

    def allow(self, key: Hashable) -> bool:
        """Check and count in one step."""
        if not self.ready(key):
            return False
        self.hit(key)
        return True


class AutoAnswerCooldowns:
    """Per-user and per-channel cooldowns for auto-answers; keys include the server."""

    def __init__(
        self,
        user_seconds: float,
        channel_seconds: float,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.users = RateLimiter(1, user_seconds, clock)
        self.channels = RateLimiter(1, channel_seconds, clock)

    def ready(self, guild_id: int, channel_id: int, user_id: int) -> bool:
        return self.users.ready((guild_id, user_id)) and self.channels.ready((guild_id, channel_id))

    def hit(self, guild_id: int, channel_id: int, user_id: int) -> None:
        self.users.hit((guild_id, user_id))
        self.channels.hit((guild_id, channel_id))
