"""Undo with consent: a seat asks to take back its last entry, the others answer.

``GameService.undos`` is the one ``Undos`` of a service. Only the seat that made the
last entry may ask, and only when the rules said the entry revealed nothing
(``Applied.undoable``, stored per entry); every other person still playing must agree
(AI seats never object), and one refusal ends the request. A request lives in this
process only and expires when the game reaches another revision (anyone moved). The
undone entry stays in the store's audit record; the state is the replay of the
remaining log, at a new revision.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

from bot.service.guards import guard, require_running, seated
from bot.service.loader import load_state, off_loop_if_long
from bot.service.robots import is_ai_seat
from bot.service.values import PlayResult, ServiceError, TurnStarted, UndoAnswer, UndoRequest
from bot.store import GameRow
from rules import registry
from rules.base import to_json

if TYPE_CHECKING:
    from bot.service.core import GameService

log = logging.getLogger("campfire.service")


class Undos:
    """The undo requests of a ``GameService`` and their answers."""

    def __init__(self, service: GameService) -> None:
        self._service = service
        self.store = service.store
        self._requests: dict[int, UndoRequest] = {}

    def forget(self, game_id: int) -> None:
        """Drop the request of ``game_id`` (an entry was stored: it cannot be undone)."""
        self._requests.pop(game_id, None)

    async def request(self, game_id: int, user_id: str) -> UndoAnswer:
        """``user_id`` asks to take back the last entry, which must be theirs and
        undoable; the other seats still playing are asked (``waiting``). With nobody
        to ask, the entry is taken back at once (``undone``). Raises
        ``service.not_running``, ``service.not_in_game``, ``service.undo_nothing`` (no
        entry yet), ``service.undo_not_yours``, ``service.undo_revealed`` (the entry
        revealed something or was a resignation), ``service.undo_pending``."""
        row = await self._service._row(game_id)
        require_running(row)
        if not seated(row, user_id):
            raise ServiceError("service.not_in_game")
        moves = await self.store.moves(game_id)
        if not moves:
            raise ServiceError("service.undo_nothing")
        last = moves[-1]
        if last.seat != user_id:
            raise ServiceError("service.undo_not_yours")
        if not last.undoable:
            raise ServiceError("service.undo_revealed")
        pending = self._requests.get(game_id)
        if pending is not None and pending.version == row.version:
            raise ServiceError("service.undo_pending")
        state = await load_state(self.store, self._service._cache, row)
        # AI seats never object: only the people still playing are asked.
        waiting = tuple(s for s in state.playing if s != user_id and not is_ai_seat(s))
        label = last.public_label if last.public_label is not None else last.label
        request = UndoRequest(game_id, user_id, row.version, label, waiting)
        if not waiting:
            return await self._take_back(row, request)
        self._requests[game_id] = request
        log.info("game %d: %s asks to undo v%d", game_id, user_id, row.version)
        return UndoAnswer(request, "waiting")

    async def pending(self, game_id: int) -> UndoRequest | None:
        """The undo request waiting for answers in ``game_id`` (``None``: none, or it
        expired because the game moved on)."""
        request = self._requests.get(game_id)
        if request is None:
            return None
        row = await self._service._row(game_id)
        if row.status != "running" or row.version != request.version:
            self._requests.pop(game_id, None)
            return None
        return request

    async def answer(
        self, game_id: int, user_id: str, agree: bool, *, version: int | None = None
    ) -> UndoAnswer:
        """``user_id`` agrees to or refuses the undo request of ``game_id`` (made at
        revision ``version``, when given). A refusal ends the request (``refused``);
        the last agreement takes the entry back (``undone``). Raises
        ``service.undo_expired`` (no request, or the game moved on),
        ``service.undo_not_asked`` (not a seat asked, or already answered)."""
        row = await self._service._row(game_id)
        request = self._requests.get(game_id)
        if (
            request is None
            or row.status != "running"
            or row.version != request.version
            or (version is not None and version != request.version)
        ):
            if request is not None and request.version != row.version:
                self._requests.pop(game_id, None)
            raise ServiceError("service.undo_expired")
        if user_id not in request.waiting:
            raise ServiceError("service.undo_not_asked")
        if not agree:
            self._requests.pop(game_id, None)
            log.info("game %d: %s refused the undo of v%d", game_id, user_id, row.version)
            return UndoAnswer(request, "refused", by=user_id)
        request = UndoRequest(
            game_id,
            request.seat,
            request.version,
            request.label,
            tuple(s for s in request.waiting if s != user_id),
            (*request.agreed, user_id),
        )
        if request.waiting:
            self._requests[game_id] = request
            return UndoAnswer(request, "waiting", by=user_id)
        self._requests.pop(game_id, None)
        return await self._take_back(row, request, by=user_id)

    async def _take_back(
        self, row: GameRow, request: UndoRequest, *, by: str | None = None
    ) -> UndoAnswer:
        """Store the undo of the last entry: the state is the replay of the log without
        it, at the next revision."""
        game_id = row.id
        game = registry.get(row.rules)
        before = await load_state(self.store, self._service._cache, row)
        moves = await self.store.moves(game_id)
        args = (
            [s.user_id for s in row.seats],
            row.seed,
            game.check_rules_version(row.rules_version, row.options),
            [(m.seat, m.code) for m in moves[:-1]],
        )
        with guard("undo", game_id):
            state = await off_loop_if_long(len(moves), game.replay, *args)
        state.revision = row.version + 1
        now = self._service._clock()
        with guard("undo", game_id):
            acting_before, acting = game.to_act(before), game.to_act(state)
        clocks = await self._service.timing.clock_change(
            row, acting_before, acting, state.revision, now
        )
        done = await self.store.undo(
            game_id,
            expected_version=row.version,
            count=1,
            by=request.seat,
            at=now,
            snapshot=to_json(state),
            clocks=clocks,
        )
        if not done:
            raise ServiceError("service.undo_expired")
        self._service._cache.put(game_id, state)
        log.info("game %d: v%d undone at the request of %s", game_id, row.version, request.seat)
        info = await self._service.game(game_id)
        with guard("undo", game_id):
            fresh = game.to_act(state) - game.to_act(before)
        turn = TurnStarted(
            game_id, info.to_act, state.revision, tuple(s for s in info.to_act if s in fresh)
        )
        return UndoAnswer(request, "undone", by=by, result=PlayResult(info, (turn,)))
