"""Which Discord shards a process serves, and which shard a game belongs to.

Discord splits a bot's servers into ``count`` shards: a server's events and interactions
arrive on shard ``(guild_id >> 22) % count`` (direct messages on shard 0). A game
belongs to the shard of the server it is played on, so the process that receives its
buttons is the one that does its scheduled work (reminders, timeouts, catch-up after a
restart, the AI seats' turns). ``Shards`` is one process's part: ``ids`` out of
``count``; ``None`` where a ``Shards`` is optional means every shard (one process).

The stores filter on the same arithmetic in SQL (``Dialect.guild_number`` of each
backend); a game whose server id is not a number (none: played outside a server; tests,
console) belongs to shard 0 like a direct message.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

MAX_SHARDS = 65_536
"""More shards than any bot needs: a bound on what ``--shard-count`` accepts."""


_RANGE = re.compile(r"^\s*(\d+)\s*(?:-\s*(\d+)\s*)?$")


def guild_number(guild_id: str | int | None) -> int:
    """A server id as a number; 0 for none or one that is not a number."""
    if isinstance(guild_id, int):
        return guild_id
    if guild_id is None or not guild_id.isascii() or not guild_id.isdigit():
        return 0
    return int(guild_id)


def shard_of(guild_id: str | int | None, count: int) -> int:
    """The shard of server ``guild_id`` out of ``count``: ``(guild_id >> 22) % count``,
    as Discord routes it (0 outside a server)."""
    return (guild_number(guild_id) >> 22) % count


@dataclass(frozen=True)
class Shards:
    """The shards ``ids`` (sorted, distinct) out of ``count`` that one process serves."""

    ids: tuple[int, ...]
    count: int

    def __post_init__(self) -> None:
        if not 1 <= self.count <= MAX_SHARDS:
            raise ValueError(f"the shard count must be 1 to {MAX_SHARDS}, not {self.count}")
        if not self.ids:
            raise ValueError("a process serves at least one shard")
        if list(self.ids) != sorted(set(self.ids)):
            raise ValueError("shard ids are sorted and distinct")
        if self.ids[0] < 0 or self.ids[-1] >= self.count:
            raise ValueError(
                f"shard ids go from 0 to {self.count - 1} (the count is {self.count}), "
                f"not {self.ids[-1] if self.ids[0] >= 0 else self.ids[0]}"
            )

    @classmethod
    def parse(cls, text: str, count: int) -> Shards:
        """``"0-3"``, ``"5"`` or ``"0-3,6"`` out of ``count``. Raises ``ValueError`` with
        a sentence for the operator."""
        ids: set[int] = set()
        for part in text.split(","):
            match = _RANGE.match(part)
            if match is None:
                raise ValueError(f"shards are written like 0-3 or 0-3,6, not {text!r}")
            first = int(match.group(1))
            last = int(match.group(2)) if match.group(2) is not None else first
            if last < first:
                raise ValueError(f"the range {part.strip()!r} goes backwards")
            if last >= MAX_SHARDS:
                raise ValueError(f"shard ids go up to {MAX_SHARDS - 1}")
            ids.update(range(first, last + 1))
        return cls(tuple(sorted(ids)), count)

    @property
    def is_all(self) -> bool:
        """Whether these are every shard (nothing to filter)."""
        return len(self.ids) == self.count

    def owns(self, guild_id: str | int | None) -> bool:
        """Whether a game on server ``guild_id`` is this process's."""
        return shard_of(guild_id, self.count) in self.ids

    def __str__(self) -> str:
        parts: list[str] = []
        start = previous = self.ids[0]
        for shard in (*self.ids[1:], None):
            if shard is not None and shard == previous + 1:
                previous = shard
                continue
            parts.append(str(start) if start == previous else f"{start}-{previous}")
            if shard is not None:
                start = previous = shard
        return f"{','.join(parts)} of {self.count}"


def owns(shards: Shards | None, guild_id: str | int | None) -> bool:
    """Whether a process serving ``shards`` (``None``: all) owns server ``guild_id``."""
    return shards is None or shards.owns(guild_id)


__all__ = ["MAX_SHARDS", "Shards", "guild_number", "owns", "shard_of"]
