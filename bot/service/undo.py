"""Undo with consent: a seat asks to take back its last entry, the others answer.

``GameService.undos`` is the one ``Undos`` of a service. Only the seat that made the
last entry a person made may ask; the AI seats' replies after it (if any) are taken
back with it. Every other person still playing must agree (AI seats agree at once), and
one refusal ends the request. A request lives in this process only and expires when the
game reaches another revision (anyone moved). The undone entries stay in the store's
audit record; the state is the replay of the remaining log, at a new revision.

Whether the entries revealed anything is judged in two steps. Each entry is stored with
the cheap upper bound the rules give at once (``Game.play(judge=False)``: nothing
learned, the generator did not move, the game goes on), which decides whether an Undo
button is offered at all (``offer``). The full judgement (every other seat's private
view unchanged, and neither the mover's view nor the public one showing anything that
was hidden: ``Game.play`` with ``judge=True``, which plays the entry again in states its
viewers cannot tell from the real one) costs tens of milliseconds of CPU; it runs only
when someone asks (``request``), in a worker thread, never on the event loop.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from bot.service.guards import guard, is_ai_seat, require_running, seated
from bot.service.pipeline import Pipeline
from bot.service.values import ServiceError, UndoAnswer, UndoRequest
from bot.store import GameRow, GameStore, MoveRow
from rules.base import Game, table_label

log = logging.getLogger("campfire.service")


def taken_back(moves: Sequence[MoveRow], seat: str) -> list[MoveRow]:
    """The entries an undo asked by ``seat`` takes back: its last entry and the AI
    seats' replies after it. Empty when the last entry a person made is someone else's
    (or nobody's)."""
    start = len(moves)
    while start > 0 and is_ai_seat(moves[start - 1].seat) and moves[start - 1].seat != seat:
        start -= 1
    if start == 0 or moves[start - 1].seat != seat:
        return []
    return list(moves[start - 1 :])


def first_revealing(
    game: Game,
    seats: Sequence[str],
    seed: str,
    options: Mapping[str, Any],
    entries: Sequence[tuple[str, str]],
    count: int,
) -> int | None:
    """Which of the last ``count`` entries of the log ``entries`` (0: the first of
    them) revealed something, by the rules' full judgement of each (``Game.play``)
    from the replay of the log before them; ``None``: none did, they can be taken back.
    Pure CPU work: run it in a worker thread."""
    kept = len(entries) - count
    state = game.replay(seats, seed, options, entries[:kept])
    for index, applied in enumerate(game.replay_steps(state, entries[kept:], judge=True)):
        if not applied.undoable:
            return index
    return None


class Undos:
    """The undo requests of a ``GameService`` and their answers."""

    def __init__(self, pipeline: Pipeline, store: GameStore) -> None:
        self.pipeline = pipeline
        self.store = store
        self._requests = pipeline.undo_requests  # a committed entry drops its game's
        self._judged: dict[int, tuple[int, str | None]] = {}
        """The last judgement of each game: (revision, refusal key or ``None``), so that
        pressing Undo again on the same entries does not judge them again."""

    def forget(self, game_id: int) -> None:
        """Drop the request of ``game_id`` (an entry was stored: it cannot be undone)."""
        self._requests.pop(game_id, None)

    async def offer(self, game_id: int, user_id: str) -> int | None:
        """The revision an Undo button for ``user_id`` should carry now, or ``None`` when
        an undo request could never be granted: the game is not running, ``user_id``
        made no entry since the last person's, or one of the entries it would take back
        (``user_id``'s last one and the AI replies after it) is already known to reveal
        something (the stored upper bound: dice, a card drawn, a seat leaving). Cheap (two
        store reads, no judgement): what a turn message or a move's confirmation calls
        to decide whether to show the button."""
        row = await self.pipeline.row(game_id)
        if row.status != "running" or not seated(row, user_id):
            return None
        moves = await self.store.moves(game_id)
        entries = taken_back(moves, user_id)
        if not entries or not all(m.undoable for m in entries):
            return None
        return row.version

    async def request(
        self, game_id: int, user_id: str, *, version: int | None = None
    ) -> UndoAnswer:
        """``user_id`` asks to take back its last entry (and the AI seats' replies after
        it), which must reveal nothing; the other people still playing are asked
        (``waiting``). With nobody to ask (the others are AI seats), the entries are
        taken back at once (``undone``). ``version``: the revision the Undo button was
        made for: the entry's own, or any later one reached by AI replies alone.

        Raises ``service.not_running``, ``service.not_in_game``,
        ``service.undo_nothing`` (no entry of a person yet), ``service.undo_not_yours``,
        ``service.undo_revealed`` (the entry revealed something or was a resignation),
        ``service.undo_ai_revealed`` (an AI reply after it did), ``service.undo_pending``,
        ``service.undo_expired`` (``version`` is from before the entry, or the game moved
        on otherwise), ``service.undo_unknown`` (the database went away while the undo
        was stored, and is still away) and ``service.undo_found`` (the seat's previous
        undo, whose outcome was unknown, was stored after all: nothing more is taken
        back)."""
        await self.pipeline.settle_undo(game_id, user_id)
        row = await self.pipeline.row(game_id)
        require_running(row)
        if not seated(row, user_id):
            raise ServiceError("service.not_in_game")
        moves = await self.store.moves(game_id)
        if not any(not is_ai_seat(m.seat) for m in moves):
            raise ServiceError("service.undo_nothing")
        entries = taken_back(moves, user_id)
        if not entries:
            raise ServiceError("service.undo_not_yours")
        if version is not None and version != row.version:
            # The button of the entry itself, while AI replies followed: the entries
            # must follow each other with no undo since (each entry made revision
            # seq + 1, and the game is at the last one's).
            first, last = entries[0].seq, entries[-1].seq
            contiguous = [m.seq for m in entries] == list(range(first, last + 1))
            if not (contiguous and row.version == last + 1 and first < version <= last + 1):
                raise ServiceError("service.undo_expired")
        own, replies = entries[0], entries[1:]
        if not own.undoable:
            raise ServiceError("service.undo_revealed")
        if not all(m.undoable for m in replies):
            raise ServiceError("service.undo_ai_revealed")
        pending = self._requests.get(game_id)
        if pending is not None and pending.version == row.version:
            raise ServiceError("service.undo_pending")
        loaded = await self.pipeline.load(row)
        judged = self._judged.get(game_id)
        if judged is not None and judged[0] == row.version:
            revealed = judged[1]
        else:
            revealed = await self._reveals(row, loaded.game, moves, len(entries))
            self._judged[game_id] = (row.version, revealed)
        if revealed is not None:
            raise ServiceError(revealed)
        state = loaded.state
        # AI seats never object: only the people still playing are asked.
        waiting = tuple(s for s in state.playing if s != user_id and not is_ai_seat(s))
        label = table_label(
            own.public_label if own.public_label is not None else own.label, own.seat
        )
        request = UndoRequest(game_id, user_id, row.version, label, waiting, count=len(entries))
        if not waiting:
            return await self._take_back(row, request)
        self._requests[game_id] = request
        log.info("game %d: %s asks to undo v%d", game_id, user_id, row.version)
        return UndoAnswer(request, "waiting")

    async def _reveals(
        self, row: GameRow, game: Game, moves: Sequence[MoveRow], count: int
    ) -> str | None:
        """The rules' full judgement of the last ``count`` entries, in a worker thread:
        ``None`` when none revealed anything, else the refusal's key (the seat's own
        entry, or an AI reply)."""
        entries = [(m.seat, m.code) for m in moves]
        seats = [s.user_id for s in row.seats]
        with guard("undo", row.id):
            options = game.check_rules_version(row.rules_version, row.options)
            found = await asyncio.to_thread(
                first_revealing, game, seats, row.seed, options, entries, count
            )
        if found is None:
            return None
        return "service.undo_revealed" if found == 0 else "service.undo_ai_revealed"

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
        request = replace(
            request,
            waiting=tuple(s for s in request.waiting if s != user_id),
            agreed=(*request.agreed, user_id),
        )
        if request.waiting:
            self._requests[game_id] = request
            return UndoAnswer(request, "waiting", by=user_id)
        self._requests.pop(game_id, None)
        return await self._take_back(row, request, by=user_id)

    async def _take_back(
        self, row: GameRow, request: UndoRequest, *, by: str | None = None
    ) -> UndoAnswer:
        """Store the undo of the request's entries: the state is the replay of the log
        without them, at the next revision."""
        loaded = await self.pipeline.load(row)
        result = await self.pipeline.take_back(loaded, request.seat, request.count)
        if result is None:
            raise ServiceError("service.undo_expired")
        log.info("game %d: v%d undone at the request of %s", row.id, row.version, request.seat)
        return UndoAnswer(request, "undone", by=by, result=result)
