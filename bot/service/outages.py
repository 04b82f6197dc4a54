"""Changes whose commit had no answer (the database went away during ``COMMIT``): found out.

A commit the database did not answer may have been stored. ``Outages`` reads the log at
the change's revision once the database answers again (``find_out``, ``find_out_undo``);
while it cannot, the outcome is kept as unknown and the seat's next move (or undo)
settles it first (``settle``, ``settle_undo``): a move typed again must never apply
twice. ``Pipeline.outages`` is the one ``Outages`` of a service.
"""

from __future__ import annotations

import asyncio
import logging
from dataclasses import dataclass

from bot.service.values import ServiceError
from bot.store import GameRow, GameStore, StoreError
from rules.base import Text

log = logging.getLogger("campfire.service")

__all__ = ["FIND_OUT_DELAYS", "Outages", "Unknown"]

FIND_OUT_DELAYS: tuple[float, ...] = (0.0, 0.25, 0.5, 1.0, 2.0)
"""The pauses (seconds) before each look at the log for a move whose commit had no
answer (the database went away during it): about 4 s in all before the outcome is
called unknown (``service.commit_unknown``)."""


@dataclass(frozen=True)
class Unknown:
    """A move whose commit had no answer and whose outcome could not be found out yet:
    ``seat`` played ``code`` (``label``) at revision ``seq``. Settled by that seat's next
    move (``settle``): a move typed again must never apply twice."""

    seat: str
    seq: int
    code: str
    label: Text


class Outages:
    """The changes of a service whose outcome an outage left unknown, and finding it out."""

    def __init__(self, store: GameStore) -> None:
        self.store = store
        self.unknown_undos: dict[tuple[int, str], int] = {}
        """The undos whose commit had no answer and could not be found out, by game and
        asking seat: the revision they were stored at (``settle_undo``)."""
        self.unknown: dict[tuple[int, str], Unknown] = {}
        """The moves whose commit had no answer and could not be found out, by game and
        seat (``Pipeline.commit``), until that seat's next move settles them
        (``settle``)."""

    async def _row(self, game_id: int) -> GameRow:
        row = await self.store.game(game_id)
        if row is None:
            raise ServiceError("service.game_not_found", game=game_id)
        return row

    async def find_out(self, game_id: int, move: Unknown, error: StoreError) -> bool:
        """Whether ``move``, whose commit failed with ``error``, was stored after all:
        the log is read at the move's revision once the database answers again (True:
        it was; False: another entry came first, a race lost). Nothing stored there
        raises ``error`` (true now: nothing changed). A database still away after
        ``FIND_OUT_DELAYS`` raises ``service.commit_unknown``, and the move is kept in
        ``unknown`` for the seat's next move to settle."""
        for delay in FIND_OUT_DELAYS:
            if delay:
                await asyncio.sleep(delay)
            try:
                entry = await self.store.entry_at(game_id, move.seq)
            except StoreError:
                continue
            if entry is None:
                log.warning("game %d: the move at v%d was not stored", game_id, move.seq)
                raise error
            stored = entry.seat == move.seat and entry.code == move.code
            log.warning(
                "game %d: the move at v%d had no answer; found %s",
                game_id,
                move.seq,
                "stored" if stored else "another entry there",
            )
            return stored
        self.unknown[(game_id, move.seat)] = move
        log.error("game %d: whether the move at v%d was stored is unknown", game_id, move.seq)
        raise ServiceError("service.commit_unknown", move=move.label) from error

    async def find_out_undo(self, game_id: int, version: int, by: str, error: StoreError) -> bool:
        """Whether the undo stored at ``version`` (asked by ``by``), whose commit failed
        with ``error``, was stored after all: the game at a later revision with no entry
        logged at ``version`` was moved on by that undo (True); an entry there means a
        move came first (False). Nothing stored raises ``error``; a database still away
        raises ``service.undo_unknown`` and keeps it for ``settle_undo``."""
        for delay in FIND_OUT_DELAYS:
            if delay:
                await asyncio.sleep(delay)
            try:
                await self.store.entry_at(game_id, version)  # a change in flight ends
                row = await self.store.game(game_id)
                if row is None or row.version == version:
                    raise error
                stored = await self.store.entry_at(game_id, version) is None
            except StoreError as exc:
                if exc is error:
                    raise
                continue
            log.warning(
                "game %d: the undo at v%d had no answer; stored: %s", game_id, version, stored
            )
            return stored
        self.unknown_undos[(game_id, by)] = version
        log.error("game %d: whether the undo at v%d was stored is unknown", game_id, version)
        raise ServiceError("service.undo_unknown") from error

    async def settle_undo(self, game_id: int, seat: str) -> None:
        """Before ``seat`` asks to undo again in ``game_id``: if its last undo's outcome
        was unknown, find it out now. Stored after all, with nothing since: raises
        ``service.undo_found`` (asking again would take back one more move); otherwise
        nothing. A database still away raises its ``StoreError``."""
        version = self.unknown_undos.get((game_id, seat))
        if version is None:
            return
        row = await self._row(game_id)
        stored = row.version > version and await self.store.entry_at(game_id, version) is None
        self.unknown_undos.pop((game_id, seat), None)
        if stored and row.version == version + 1:  # nothing since: asked again
            raise ServiceError("service.undo_found")

    async def settle(self, game_id: int, seat: str) -> None:
        """Before ``seat`` moves again in ``game_id``: if its last move's outcome was
        unknown, find it out now. Stored after all, with nothing since: raises
        ``service.commit_found`` (nothing more is played: the move typed again would
        apply twice); not stored, or the game moved on since (the others played: the
        seat moves again on purpose): nothing, the new move plays. A database still away
        raises its ``StoreError`` and the outcome stays unknown."""
        move = self.unknown.get((game_id, seat))
        if move is None:
            return
        entry = await self.store.entry_at(game_id, move.seq)
        row = await self._row(game_id)
        self.unknown.pop((game_id, seat), None)
        stored = entry is not None and entry.seat == move.seat and entry.code == move.code
        if stored and row.version == move.seq + 1:
            raise ServiceError("service.commit_found", move=move.label)
