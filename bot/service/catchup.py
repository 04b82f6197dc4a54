"""What a table missed: the entries stored after the revision it last saw, and whom to ping.

A front end that stopped between storing a move and posting it tells the table later.
It names every entry it missed (the thread never skips a move) and pings exactly the
seats the normal flow would have pinged that must still act: those who became to act
with one of the missed entries (``TurnStarted.new_seats`` of each), not everyone to act.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rules.base import Game


def pinged_since(
    game: Game,
    seats: Sequence[str],
    seed: str,
    options: Mapping[str, Any] | None,
    entries: Sequence[tuple[str, str]],
    first_missed: int,
) -> frozenset[str]:
    """The seats to ping after ``entries[first_missed:]`` were stored unannounced: every
    seat some missed entry made newly to act, if it must still act after the last one.
    Raises ``CorruptState`` when the log does not replay."""
    state = game.replay(seats, seed, options, entries[:first_missed])
    pinged: set[str] = set()
    for applied in game.replay_steps(state, entries[first_missed:]):
        before = game.to_act(state)
        state = applied.state
        pinged |= game.to_act(state) - before
    return frozenset(pinged & game.to_act(state))
