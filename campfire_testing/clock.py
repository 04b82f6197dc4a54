"""A clock and seeds for tests, benchmarks and scripts: known times, known games."""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime, timedelta

__all__ = ["FakeClock", "seeds"]


class FakeClock:
    """A clock that moves one second per reading, so timestamps are distinct and known."""

    def __init__(self) -> None:
        self.now = datetime(2026, 1, 1, 12, 0, tzinfo=UTC)

    def __call__(self) -> datetime:
        self.now += timedelta(seconds=1)
        return self.now


def seeds(prefix: str = "seed") -> Callable[[], str]:
    counter = iter(range(1_000_000))
    return lambda: f"{prefix}{next(counter)}"
