"""The changes that carry a running game forward: a person's move, a seat leaving, the AI seats.

``GameService.moves`` is the one ``Moves`` of a service. Each change is one
``Pipeline.change`` (load → decide → commit); what differs is only who decides and
what a lost race means:

- **a person's move** (``play``) and **a resignation** (``resign``) are checked again on
  the new state after a race they lost (a button made for the old revision is stale);
- **a forfeit** (``forfeit``: the clock removes a late seat) is the resignation's
  removal, quietly nothing when the game moved on;
- **advance** carries a game forward after any change (a move, a resignation, a
  timeout, a restart's catch-up): its AI seats play through ``Robots.turns`` (the one
  AI driver) until a person must act or the game ends, and the change and their
  decisions come back as one merged ``PlayResult``.

Decisions where the rules and brief are silent:

- **Resigning.** A resignation is an entry of the log (``!resign``, through the
  contract's ``Game.remove_seat``), so replay is exact. Each game says whether the
  others play on without the seat; otherwise the game ends: the resigner ranks last on
  their own, the others by their current totals (ties shared). Termination text:
  ``termination.resigned``. The final places are stored (``results``) in the same
  transaction as the entry that ends a game.
- **Typed moves and races.** A move without ``expected_version`` that loses a race is
  validated again against the fresh state, as often as it loses (each loss means
  another entry was stored): while it is still legal (several seats deciding at once)
  it applies. A move with ``expected_version`` (a button) gets ``service.stale`` as soon
  as the game moved on. Losing a race never drops the winner's state from the cache.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence

from bot.service.guards import guard, require_running, seated
from bot.service.pipeline import Loaded, Pipeline
from bot.service.robots import Robots
from bot.service.values import (
    Event,
    GameInfo,
    GameOver,
    MoveApplied,
    PlayResult,
    ServiceError,
    TurnStarted,
)
from bot.store import GameRow
from rules.base import Applied, IllegalMove

log = logging.getLogger("campfire.service")

__all__ = ["Moves", "merge_results"]


class Moves:
    """The moves, removals and AI turns of a ``GameService``, through its pipeline."""

    def __init__(self, pipeline: Pipeline, robots: Robots) -> None:
        self.pipeline = pipeline
        self.robots = robots

    async def play(
        self, game_id: int, user_id: str, text: str, *, expected_version: int | None = None
    ) -> PlayResult:
        """See ``GameService.play``."""
        await self.pipeline.settle(game_id, user_id)
        lost_at = -1

        def check(row: GameRow) -> bool:
            require_running(row)
            if row.version <= lost_at:  # a store that refused without moving on
                return False
            if not seated(row, user_id):
                raise ServiceError("service.not_in_game")
            if expected_version is not None and row.version != expected_version:
                raise ServiceError("service.stale", version=row.version)
            return True

        async def decide(loaded: Loaded) -> Applied:
            if expected_version is not None and loaded.state.revision != expected_version:
                # Another move landed while the game was being rebuilt.
                raise ServiceError("service.stale", version=loaded.state.revision)
            with guard("play", game_id):
                if user_id not in loaded.game.to_act(loaded.state):
                    raise ServiceError("service.not_your_turn")
                # Off the event loop (a large board's move takes a few ms); whether
                # it can be undone is judged in full only when someone asks.
                return await self.pipeline.apply(loaded, user_id, text)

        while True:
            step = await self.pipeline.change(game_id, decide, check=check)
            if step.result is not None:
                return step.result
            if step.applied is None:
                break
            # Another entry came first (its state is cached now: keep it). A button was
            # made for the old revision: stale. A typed move is checked again on the new
            # state, as many times as it loses, since each loss means the game moved on.
            log.info(
                "game %d: move %s by %s lost a race at v%d",
                game_id,
                step.applied.move.code,
                user_id,
                step.row.version,
            )
            if expected_version is not None:
                break
            lost_at = step.row.version
        row = await self.pipeline.row(game_id)
        require_running(row)
        raise ServiceError("service.stale", version=row.version)

    async def resign(
        self, game_id: int, user_id: str, *, reason: str, expected_version: int | None
    ) -> PlayResult:
        """See ``GameService.resign``."""
        await self.pipeline.settle(game_id, user_id)
        result = await self._remove(game_id, user_id, reason, expected_version, quiet=False)
        assert result is not None  # a person's removal raises rather than doing nothing
        return result

    async def forfeit(self, game_id: int, seat: str) -> PlayResult | None:
        """The late seat is removed (``!timeout``) at the revision read; ``None`` when
        the game moved on, ended, or the seat is gone."""
        return await self._remove(game_id, seat, "timeout", None, quiet=True)

    async def _remove(
        self,
        game_id: int,
        seat: str,
        reason: str,
        expected_version: int | None,
        *,
        quiet: bool,
    ) -> PlayResult | None:
        """``seat`` leaves the game (``Game.remove_seat``). A person's removal
        (``quiet=False``) raises why it cannot be (``service.not_running``,
        ``service.not_in_game``, ``service.stale``) and is tried again on the new state
        after a lost race; the clock's (``quiet``) is ``None`` then."""
        lost_at = -1

        def check(row: GameRow) -> bool:
            if quiet:
                return row.status == "running" and seated(row, seat)
            require_running(row)
            if not seated(row, seat):
                raise ServiceError("service.not_in_game")
            if row.version <= lost_at or (
                expected_version is not None and row.version != expected_version
            ):  # a store that refused without moving on, or a timeout that is stale
                raise ServiceError("service.stale", version=row.version)
            return True

        async def decide(loaded: Loaded) -> Applied | None:
            try:
                with guard("resign", game_id):
                    return loaded.game.remove_seat(loaded.state, seat, reason)
            except IllegalMove as exc:
                if quiet:
                    return None
                raise ServiceError("service.not_in_game") from exc

        while True:
            step = await self.pipeline.change(game_id, decide, check=check)
            if step.result is not None:
                log.info("game %d: %s left (%s)", game_id, seat, reason)
                return step.result
            if quiet or not step.lost:
                return None
            lost_at = step.row.version  # another entry came first: leave on the new state

    async def advance(
        self, game: GameInfo, *, after: PlayResult | None = None
    ) -> PlayResult | None:
        """See ``GameService.advance``."""
        results = [] if after is None else [after]
        try:
            async for result in self.robots.turns(game):
                results.append(result)
        except Exception:
            log.exception("game %s: the AI seats could not play", game.id)
        return merge_results(results) if results else None


def merge_results(results: Sequence[PlayResult]) -> PlayResult:
    """Several requests' events as one: every entry in order, then the end of the game
    or one turn announcement naming everyone newly to act who still is."""
    final = results[-1].game
    events: list[Event] = [e for r in results for e in r.events if isinstance(e, MoveApplied)]
    over = next((e for r in results for e in r.events if isinstance(e, GameOver)), None)
    if over is not None:
        return PlayResult(final, (*events, over), view=results[-1].view)
    fresh: set[str] = set()
    for r in results:
        for e in r.events:
            if isinstance(e, TurnStarted):
                fresh |= set(e.new_seats)
    pinged = tuple(s for s in final.to_act if s in fresh)
    if pinged:
        events.append(TurnStarted(final.id, final.to_act, final.version, pinged))
    return PlayResult(final, tuple(events), view=results[-1].view)
