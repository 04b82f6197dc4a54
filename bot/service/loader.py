"""Rebuild game states from the move log (verified against the stored snapshot), with an LRU.

A stored game is ``(rules, seed, options, seats, moves)``; its state is the replay of
the log. The ``snapshot`` column is only a cache: on load we replay, compare, and if
they disagree we trust the log, log a warning and rewrite the snapshot. A snapshot in an
older layout of the game's data (``GameSpec.state_form``) is rewritten without a warning.
"""

from __future__ import annotations

import asyncio
import logging
from collections import OrderedDict
from collections.abc import Callable
from typing import Any, TypeVar

from bot.service.values import ServiceError
from bot.store import GameRow, GameStore
from rules import registry
from rules.base import CampfireError, State, from_json, to_json

log = logging.getLogger("campfire.service.loader")

T = TypeVar("T")

THREADED_REPLAY = 40
"""Logs longer than this are replayed in a worker thread so the gateway never stalls."""


class StateCache:
    """States by game id, newest use last, at most ``size`` of them."""

    def __init__(self, size: int = 256) -> None:
        if size < 1:
            raise ValueError("cache size must be at least 1")
        self.size = size
        self._states: OrderedDict[int, State] = OrderedDict()

    def __len__(self) -> int:
        return len(self._states)

    def __contains__(self, game_id: int) -> bool:
        return game_id in self._states

    def get(self, game_id: int, version: int) -> State | None:
        """The cached state of ``game_id`` if it is exactly at revision ``version``."""
        state = self._states.get(game_id)
        if state is None or state.revision != version:
            return None
        self._states.move_to_end(game_id)
        return state

    def put(self, game_id: int, state: State) -> None:
        """Remember ``state`` unless a newer version of the game is already cached."""
        known = self._states.get(game_id)
        if known is not None and known.revision > state.revision:
            return
        self._states[game_id] = state
        self._states.move_to_end(game_id)
        while len(self._states) > self.size:
            self._states.popitem(last=False)

    def forget(self, game_id: int) -> None:
        self._states.pop(game_id, None)


async def off_loop_if_long(moves: int, work: Callable[..., T], *args: Any) -> T:
    """``work(*args)``, a replay of ``moves`` entries: in a thread when the log is longer
    than ``THREADED_REPLAY`` (CPU work off the event loop), inline otherwise."""
    if moves > THREADED_REPLAY:
        return await asyncio.to_thread(work, *args)
    return work(*args)


async def load_state(store: GameStore, cache: StateCache, row: GameRow) -> State:
    """The state of a started game at revision ``row.version``: cached, or replayed and
    verified. A game stored under an older rules version replays with the options the
    game gives for it (``Game.check_rules_version``), or is refused.

    Raises ``service.not_started`` (no state yet), ``game.rules_changed`` (the rules
    changed in a way the game cannot carry) or ``service.corrupt`` (the log does not
    replay; logged with its cause).
    """
    cached = cache.get(row.id, row.version)
    if cached is not None:
        return cached
    if row.snapshot is None:
        raise ServiceError("service.not_started")
    game = registry.get(row.rules)
    options = game.check_rules_version(row.rules_version, row.options)
    for _ in range(3):
        moves = await store.moves(row.id)
        if await store.log_revision(row.id) == row.version:
            break
        # A move committed between reading the row and the log: read both again.
        fresh = await store.game(row.id)
        if fresh is None:
            raise ServiceError("service.game_not_found", game=row.id)
        row = fresh
    else:
        log.error("game %d: log has %d entries but revision is %d", row.id, len(moves), row.version)
        raise ServiceError("service.corrupt", game=row.id)
    try:
        args = (
            [s.user_id for s in row.seats],
            row.seed,
            options,
            [(m.seat, m.code) for m in moves],
        )
        state = await off_loop_if_long(len(moves), game.replay, *args)
    except CampfireError as exc:
        log.error("game %d (%s) does not replay: %s", row.id, row.rules, exc)
        raise ServiceError("service.corrupt", game=row.id) from exc
    except Exception as exc:
        log.exception("game %d (%s): replay crashed", row.id, row.rules)
        raise ServiceError("service.corrupt", game=row.id) from exc
    state.revision = row.version  # undos make the revision run ahead of the log
    if _older_form(row, state):
        log.info(
            "game %d: stored snapshot is in an older layout of the %s state; remade in form %d",
            row.id,
            row.rules,
            state.form,
        )
        await store.repair_snapshot(row.id, row.version, to_json(state))
    elif not _snapshot_matches(row, state):
        log.warning(
            "game %d: stored snapshot differs from the replay of its %d moves; "
            "trusting the log and rewriting the snapshot",
            row.id,
            len(moves),
        )
        await store.repair_snapshot(row.id, row.version, to_json(state))
    cache.put(row.id, state)
    return state


def _older_form(row: GameRow, state: State) -> bool:
    """Whether the stored snapshot is in an older layout of the game's data than the
    replay (``GameSpec.state_form``): a cache to remake, not a disagreement."""
    if row.snapshot is None:
        return False
    try:
        return from_json(row.snapshot).form < state.form
    except CampfireError:
        return False


def _snapshot_matches(row: GameRow, state: State) -> bool:
    if row.snapshot is None:
        return False
    try:
        return from_json(row.snapshot) == state
    except CampfireError:
        return False
