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

from bot.service.guards import is_ai_seat, require_running, seated
from bot.service.pipeline import Pipeline
from bot.service.values import ServiceError, UndoAnswer, UndoRequest
from bot.store import GameRow, GameStore

log = logging.getLogger("campfire.service")


class Undos:
    """The undo requests of a ``GameService`` and their answers."""

    def __init__(self, pipeline: Pipeline, store: GameStore) -> None:
        self.pipeline = pipeline
        self.store = store
        self._requests = pipeline.undo_requests  # a committed entry drops its game's

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
        row = await self.pipeline.row(game_id)
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
        state = await self.pipeline.state(row)
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
        row = await self.pipeline.row(game_id)
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
        row = await self.pipeline.row(game_id)
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
        result = await self.pipeline.take_back(await self.pipeline.load(row), request.seat)
        if result is None:
            raise ServiceError("service.undo_expired")
        log.info("game %d: v%d undone at the request of %s", row.id, row.version, request.seat)
        return UndoAnswer(request, "undone", by=by, result=result)
