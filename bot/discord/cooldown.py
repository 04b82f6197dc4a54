"""A per-user budget for the costly commands and buttons (a picture, a replay).

Drawing a board or rebuilding a game's state is the CPU work of the bot; one user
pressing *Scores* or ``/campfire board`` in a loop must not slow every other table.
Each user has a token bucket of ``rate`` uses that refills evenly over ``per``
seconds, shared by every costly action (alternating buttons does not escape it). A
refused use raises ``DiscordError('discord.cooldown', seconds=N)`` before anything is
read or drawn: the user reads "try again in N s" in their language and nothing
changes. Moves themselves are never throttled: they are bounded by whose turn it is.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from dataclasses import dataclass

from bot.config import DEFAULT_COOLDOWN
from bot.discord.errors import DiscordError

Clock = Callable[[], float]
"""Seconds on a steady clock (``time.monotonic``; tests pass a fake)."""

MAX_TRACKED_USERS = 10_000


@dataclass
class _Bucket:
    tokens: float
    at: float


class Cooldown:
    """``rate`` costly uses per user per ``per`` seconds (``rate=0``: no limit)."""

    def __init__(
        self,
        rate: int = DEFAULT_COOLDOWN[0],
        per: float = DEFAULT_COOLDOWN[1],
        *,
        clock: Clock = time.monotonic,
        max_users: int = MAX_TRACKED_USERS,
    ) -> None:
        if rate < 0 or per <= 0:
            raise ValueError("a cooldown needs rate >= 0 and per > 0")
        self.rate, self.per = rate, per
        self._clock = clock
        self._max_users = max_users
        self._buckets: dict[str, _Bucket] = {}

    @classmethod
    def off(cls) -> Cooldown:
        """A cooldown that never refuses (tests, or ``CAMPFIRE_COOLDOWN=off``)."""
        return cls(0)

    @classmethod
    def from_setting(cls, setting: tuple[int, float] | None) -> Cooldown:
        """From ``Settings.cooldown`` (``None``: off)."""
        return cls.off() if setting is None else cls(*setting)

    @property
    def enabled(self) -> bool:
        return self.rate > 0

    def __len__(self) -> int:
        """How many users are being tracked now (those not back to a full budget)."""
        return len(self._buckets)

    def spend(self, user_id: str) -> None:
        """Take one use from ``user_id``'s budget, or raise ``discord.cooldown`` with
        the whole seconds to wait (at least 1) and take nothing."""
        if not self.enabled:
            return
        now = self._clock()
        bucket = self._buckets.get(user_id)
        tokens = float(self.rate) if bucket is None else self._refilled(bucket, now)
        if tokens < 1:
            wait = (1 - tokens) * self.per / self.rate
            raise DiscordError("discord.cooldown", seconds=max(1, math.ceil(wait - 1e-9)))
        if bucket is None and len(self._buckets) >= self._max_users:
            self._forget_rested(now)
        self._buckets[user_id] = _Bucket(tokens - 1, now)

    def _refilled(self, bucket: _Bucket, now: float) -> float:
        elapsed = max(0.0, now - bucket.at)
        return min(float(self.rate), bucket.tokens + elapsed * self.rate / self.per)

    def _forget_rested(self, now: float) -> None:
        """Drop users whose budget is full again (they are as good as new); if every
        tracked user is still spending, drop the oldest ones: memory stays bounded."""
        for user_id, bucket in list(self._buckets.items()):
            if self._refilled(bucket, now) >= self.rate:
                del self._buckets[user_id]
        while len(self._buckets) >= self._max_users:
            del self._buckets[next(iter(self._buckets))]
