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
  ``greedy`` with ``:clock:`` instead (``bot.service.timing``); the offline front
  ends' seats (``campfire console --ai``, ``demo --ai``) leave the ``:ai:`` out.
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
from collections.abc import AsyncGenerator, Callable, Mapping

import ai
from bot.service.guards import AI_SEAT, ai_name, is_ai_seat
from bot.service.pipeline import Loaded, Pipeline
from bot.service.values import GameInfo, PlayResult, ServiceError
from bot.store import GameRow, GameStore
from rules.base import Applied, Game, State

log = logging.getLogger("campfire.service.robots")

Chooser = Callable[[Game, State, str, str, str], str]
"""``choose(game, state, seat, level, seed) -> code`` (``ai.choose``)."""

LEVELS: tuple[str, ...] = ai.LEVELS
"""The AI levels, weakest first."""
DEFAULT_LEVEL = "greedy"
CLOCK_LEVEL = "greedy"
"""The level the clock's ``auto`` policy plays a late seat with."""
MAX_AI_MOVES = 500
"""The most AI decisions one run of ``turns`` makes (a guard, never reached)."""
Budget = tuple[float | None, int | None]
"""``strong``'s budget: milliseconds or simulated moves (``None``: its default)."""
NO_BUDGET: Budget = (None, None)

_AI_SEAT = AI_SEAT

__all__ = [
    "CLOCK_LEVEL",
    "DEFAULT_LEVEL",
    "LEVELS",
    "MAX_AI_MOVES",
    "NO_BUDGET",
    "Budget",
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
    """The seed of the AI's decision at ``revision``: replaying a game decides the same.
    An empty ``purpose`` is the offline front ends' (``<seed>:<revision>``)."""
    if not purpose:
        return f"{game_seed}:{revision}"
    return f"{game_seed}:{purpose}:{revision}"


class Robots:
    """The AI side of a ``GameService``: seating AI players and playing for them."""

    def __init__(
        self, pipeline: Pipeline, store: GameStore, chooser: Chooser | None = None
    ) -> None:
        self.pipeline = pipeline
        self.store = store
        self._chooser = chooser

    def choose(
        self, game: Game, state: State, seat: str, level: str, seed: str, budget: Budget = NO_BUDGET
    ) -> str:
        """The AI's decision (blocking: call it in a worker thread); ``budget`` bounds
        ``strong``'s search (an injected chooser has none)."""
        if self._chooser is not None:
            return self._chooser(game, state, seat, level, seed)
        return ai.choose(
            game, state, seat, level, seed, budget_ms=budget[0], budget_moves=budget[1]
        )

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

    async def move(
        self,
        game_id: int,
        *,
        levels: Mapping[str, str] | None = None,
        lead_only: bool = False,
        budget: Budget = NO_BUDGET,
        purpose: str = "ai",
    ) -> PlayResult | None:
        """One decision of the first AI seat (in seat order) to act, stored as one entry;
        ``None`` when no AI seat is to act, the game is not running, or another entry
        came first (whoever stored it goes on).

        The AI seats are those seated with a level (``ai-<n>-<level>``), or ``levels``
        (seat -> level: the offline front ends' seats that play by themselves), then
        only while the first seat to act is one of them (``lead_only``: a terminal asks
        its seats in seat order). ``budget``: ``strong``'s, in milliseconds or
        simulated moves. ``purpose`` goes into the seed (``ai_seed``)."""
        chosen: dict[str, str] = {}

        def check(row: GameRow) -> bool:
            if row.status != "running":
                return False
            if levels is None:
                chosen.update({s.user_id: s.ai_level for s in row.seats if s.ai_level})
            else:
                chosen.update(levels)
            return bool(chosen)

        async def decide(loaded: Loaded) -> Applied | None:
            game, state = loaded.game, loaded.state
            acting = game.to_act(state)
            seats = [s for s in state.seats if s in acting]
            if lead_only:
                seats = seats[:1]
            seat = next((s for s in seats if s in chosen), None)
            if seat is None:
                return None
            level = chosen[seat] or DEFAULT_LEVEL
            seed = ai_seed(loaded.row.seed, state.revision, purpose)
            try:
                code = await asyncio.to_thread(self.choose, game, state, seat, level, seed, budget)
                return await self.pipeline.apply(loaded, seat, code)
            except Exception as exc:
                log.exception("game %d: the AI failed to decide for %s", game_id, seat)
                raise ServiceError("service.internal") from exc

        step = await self.pipeline.change(game_id, decide, check=check)
        if step.applied is None:
            return None
        if step.result is None:
            log.info("game %d: the AI's move for %s lost a race", game_id, step.applied.seat)
            return None
        log.info(
            "game %d: the AI played %s for %s", game_id, step.applied.move.code, step.applied.seat
        )
        return step.result

    async def turns(
        self,
        game: GameInfo,
        *,
        levels: Mapping[str, str] | None = None,
        lead_only: bool = False,
        budget: Budget = NO_BUDGET,
        purpose: str = "ai",
    ) -> AsyncGenerator[PlayResult, None]:
        """The one AI driver: while AI seats are to act in ``game`` (as it stands), each
        decision (``move``, same arguments), one at a time, until a person must act,
        the game ends, or another entry comes first. Nothing is read while no AI seat
        is to act."""

        def is_ai(seat: str) -> bool:
            return is_ai_seat(seat) if levels is None else seat in levels

        for _ in range(MAX_AI_MOVES):
            acting = game.to_act[:1] if lead_only else game.to_act
            if game.status != "running" or not any(is_ai(s) for s in acting):
                return
            result = await self.move(
                game.id, levels=levels, lead_only=lead_only, budget=budget, purpose=purpose
            )
            if result is None:
                return
            yield result
            game = result.game

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
