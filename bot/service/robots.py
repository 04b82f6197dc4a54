"""AI seats: seating them in a lobby, naming them, and playing their decisions.

``GameService.robots`` is the one ``Robots`` of a service. The decisions come from
``ai.choose`` (the pure AI package), run in a worker thread so the event loop never
waits on a search; each decision is one entry of the log, stored in its own
transaction like a person's move.

Choices where the issue is silent (see also the README):

- **Seat ids.** An AI seat's id is ``ai-<n>-<level>`` (``n`` the smallest number free in
  the game): never a Discord id (all digits), so never a mention and never pinged; the
  id alone says what it is. The store also keeps the level with the seat
  (``seats.ai_level``). Its name is "AI 1 (greedy)" / "IA 1 (glouton)" (``ai_name``),
  made from the id in the language of whatever shows it; the store keeps the id as its
  name, never a name in one language.
- **Seeds.** The AI's seed for a decision is the game's seed, ``:ai:`` and the revision
  it decides at, so the same game plays the same way again; the clock's ``auto`` uses
  ``greedy`` with ``:clock:`` instead (``bot.service.timing``).
- **Order.** When several AI seats are to act at once (a simultaneous choice), they
  decide in seat order, one entry each.
- **No clocks.** AI seats get no turn clock and no reminders (they decide at once).
- **An all-AI table** is refused at start unless the front end allows it
  (``allow_all_ai``: the console and the demo). Discord never does.
- **Standings.** AI seats keep their place in a game's results but are never rated:
  the ratings count the people only (``bot.service.ratings``).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable

import ai
from bot.service.guards import AI_SEAT, ai_name, is_ai_seat
from bot.service.pipeline import Pipeline
from bot.service.values import GameInfo, PlayResult, ServiceError
from bot.store import GameRow, GameStore
from rules.base import Game, State

log = logging.getLogger("campfire.service.robots")

Chooser = Callable[[Game, State, str, str, str], str]
"""``choose(game, state, seat, level, seed) -> code`` (``ai.choose``)."""

LEVELS: tuple[str, ...] = ai.LEVELS
"""The AI levels, weakest first."""
DEFAULT_LEVEL = "greedy"
CLOCK_LEVEL = "greedy"
"""The level the clock's ``auto`` policy plays a late seat with."""
MAX_AI_MOVES = 500
"""The most AI decisions one call of ``play_all`` makes (a guard, never reached)."""

_AI_SEAT = AI_SEAT

__all__ = [
    "CLOCK_LEVEL",
    "DEFAULT_LEVEL",
    "LEVELS",
    "MAX_AI_MOVES",
    "Chooser",
    "Robots",
    "ai_level_of",
    "ai_name",
    "ai_seat_id",
    "ai_seed",
    "is_ai_seat",
]


def ai_seat_id(number: int, level: str) -> str:
    return f"ai-{number}-{level}"


def ai_level_of(seat: str) -> str | None:
    """The level in an AI seat's id (``None``: a person)."""
    found = _AI_SEAT.fullmatch(seat)
    return None if found is None else found.group(2)


def ai_seed(game_seed: str, revision: int, purpose: str = "ai") -> str:
    """The seed of the AI's decision at ``revision``: replaying a game decides the same."""
    return f"{game_seed}:{purpose}:{revision}"


class Robots:
    """The AI side of a ``GameService``: seating AI players and playing for them."""

    def __init__(
        self, pipeline: Pipeline, store: GameStore, chooser: Chooser | None = None
    ) -> None:
        self.pipeline = pipeline
        self.store = store
        self._chooser = chooser

    def choose(self, game: Game, state: State, seat: str, level: str, seed: str) -> str:
        """The AI's decision (blocking: call it in a worker thread)."""
        if self._chooser is not None:
            return self._chooser(game, state, seat, level, seed)
        return ai.choose(game, state, seat, level, seed)

    # -- lobby ---------------------------------------------------------------------------

    async def add(self, game_id: int, user_id: str, level: str = DEFAULT_LEVEL) -> GameInfo:
        """The creator seats an AI player of ``level`` in the lobby. Raises
        ``service.bad_ai_level`` (choices), ``service.not_creator``,
        ``service.not_lobby``, ``service.lobby_full``."""
        if level not in LEVELS:
            raise ServiceError("service.bad_ai_level", choices=", ".join(LEVELS))
        async with self.pipeline.lobby_lock:
            row = await self._creators_lobby(game_id, user_id)
            if len(row.seats) >= row.max_seats:
                raise ServiceError("service.lobby_full", max=row.max_seats)
            taken = {int(m.group(1)) for s in row.seats if (m := _AI_SEAT.fullmatch(s.user_id))}
            number = next(n for n in range(1, len(taken) + 2) if n not in taken)
            seat = ai_seat_id(number, level)
            if not await self.store.add_seat(
                game_id, seat, seat, self.pipeline.now(), ai_level=level
            ):
                raise ServiceError("service.stale", version=row.version)
        log.info("game %d: %s seated by %s", game_id, seat, user_id)
        return await self.pipeline.game(game_id)

    async def _creators_lobby(self, game_id: int, user_id: str) -> GameRow:
        """The lobby's row, if ``user_id`` created it. Raises ``service.not_lobby``,
        ``service.not_creator``."""
        row = await self.pipeline.row(game_id)
        if row.status != "lobby":
            raise ServiceError("service.not_lobby", status=f"@service.status.{row.status}")
        if user_id != row.creator:
            raise ServiceError("service.not_creator")
        return row

    async def remove(self, game_id: int, user_id: str) -> GameInfo:
        """The creator takes back the lobby's most recently seated AI player (the one with
        the highest number). Raises ``service.not_creator``, ``service.not_lobby``,
        ``service.no_ai_seat``."""
        async with self.pipeline.lobby_lock:
            row = await self._creators_lobby(game_id, user_id)
            seated = [
                (int(m.group(1)), s.user_id)
                for s in row.seats
                if (m := _AI_SEAT.fullmatch(s.user_id))
            ]
            if not seated:
                raise ServiceError("service.no_ai_seat")
            seat = max(seated)[1]
            if not await self.store.remove_seat(game_id, seat, self.pipeline.now()):
                raise ServiceError("service.stale", version=row.version)
        log.info("game %d: %s removed by %s", game_id, seat, user_id)
        return await self.pipeline.game(game_id)

    # -- playing -------------------------------------------------------------------------

    async def move(self, game_id: int) -> PlayResult | None:
        """One decision of the first AI seat (in seat order) to act, stored as one entry;
        ``None`` when no AI seat is to act, the game is not running, or another entry
        came first (whoever stored it goes on)."""
        row = await self.pipeline.row(game_id)
        if row.status != "running":
            return None
        levels = {s.user_id: s.ai_level for s in row.seats if s.ai_level}
        if not levels:
            return None
        loaded = await self.pipeline.load(row)
        game, state = loaded.game, loaded.state
        acting = game.to_act(state)
        seat = next((s for s in state.seats if s in acting and s in levels), None)
        if seat is None:
            return None
        level = levels[seat] or DEFAULT_LEVEL
        seed = ai_seed(row.seed, state.revision)
        try:
            code = await asyncio.to_thread(self.choose, game, state, seat, level, seed)
            applied = await self.pipeline.apply(loaded, seat, code)
        except Exception as exc:
            log.exception("game %d: the AI failed to decide for %s", game_id, seat)
            raise ServiceError("service.internal") from exc
        result = await self.pipeline.commit(loaded, applied)
        if result is None:
            log.info("game %d: the AI's move for %s lost a race", game_id, seat)
            return None
        log.info("game %d: the AI played %s for %s", game_id, applied.move.code, seat)
        return result

    async def clock_move(self, game: Game, state: State, seat: str) -> str:
        """The clock's decision for a late seat: ``greedy``, seeded by the game's seed
        and revision (``auto`` policy)."""
        seed = ai_seed(state.seed, state.revision, "clock")
        return await asyncio.to_thread(self.choose, game, state, seat, CLOCK_LEVEL, seed)

    async def waiting(self) -> list[GameInfo]:
        """Running games where an AI seat is to act (oldest first): what a restart left
        undone."""
        rows = [r for r in await self.store.running_games() if self.pipeline.owns(r)]
        return [g for g in await self.pipeline.listed(rows) if any(is_ai_seat(s) for s in g.to_act)]
