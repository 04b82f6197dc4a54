"""Lobbies: opening one, taking and freeing seats, a rematch, and the start of the game.

``GameService.lobbies`` is the one ``Lobbies`` of a service (its methods are also the
service's own: ``GameService.create_lobby`` and so on). Every change of a lobby holds
``Pipeline.lobby_lock``. Decisions where the rules and brief are silent:

- **Leaving a lobby.** Anyone but the creator simply frees their seat. When the creator
  leaves, the lobby is handed over to the player who joined earliest after them; if
  nobody else is seated, the lobby closes (status ``aborted``). Leaving a running game
  is refused (``service.not_lobby``): resign instead.
- **A fair table.** A lobby may ask a completion rate or a number of finished games of
  those who join (``requirement``, checked at join), and a server may cap the games one
  player plays at once (checked when a lobby opens, at join and at start): see
  ``bot.service.fairness``.
- **Seat order.** ``start(shuffle_seats=True)`` orders seats by a seeded shuffle
  (``rules.rng`` on the game's seed with a ``:seats`` suffix), so the order is random
  but reproducible; ``shuffle_seats=False`` keeps join order.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

from bot.service.endings import seeded_seat_order
from bot.service.fairness import Fairness, Requirement
from bot.service.guards import guard, is_ai_seat, require_lobby, seated, status_key
from bot.service.pipeline import Pipeline
from bot.service.robots import DEFAULT_LEVEL, Robots
from bot.service.robots import LEVELS as AI_LEVELS
from bot.service.timing import Timing
from bot.service.values import GameInfo, Player, PlayResult, Rematch, ServiceError, TurnStarted
from bot.store import GameRow, GameStore
from rules import registry
from rules.base import to_json

log = logging.getLogger("campfire.service")

__all__ = ["Lobbies", "rotated_order"]


class Lobbies:
    """The lobbies of a ``GameService``, up to the start of their games."""

    def __init__(
        self,
        pipeline: Pipeline,
        store: GameStore,
        robots: Robots,
        timing: Timing,
        seed_source: Callable[[], str],
        fairness: Fairness,
    ) -> None:
        """``robots`` seats the AI players, ``timing`` says a new lobby's clock,
        ``seed_source`` makes the games' seeds, ``fairness`` checks a lobby's
        requirements and the server's cap."""
        self.pipeline = pipeline
        self.store = store
        self.robots = robots
        self.timing = timing
        self.seed_source = seed_source
        self.fairness = fairness

    async def _status(self, game_id: int) -> str:
        """The game's status as an error's parameter (read again: it just changed)."""
        return status_key((await self.pipeline.row(game_id)).status)

    async def create_lobby(
        self,
        *,
        rules: str,
        options: dict[str, Any] | None,
        guild_id: str | None,
        channel_id: str,
        creator: Player,
        max_seats: int | None = None,
        clock_hours: int | None = None,
        timeout_policy: str | None = None,
        anywhere: bool = False,
        ai: int = 0,
        ai_level: str = DEFAULT_LEVEL,
        requirement: Requirement | None = None,
        capped: bool = True,
    ) -> GameInfo:
        """A new lobby of ``rules`` (a ``rules.registry`` id) whose creator holds seat 1.

        ``options`` are validated by the game's spec (defaults filled in);
        ``max_seats`` may lower the spec's maximum. ``clock_hours`` (one of
        ``CLOCK_HOURS``, 0: none) and ``timeout_policy`` (one of ``POLICIES``) default to
        the server's settings. A server that chose one channel for games refuses the
        others unless ``anywhere`` (a rematch, where the last game was). ``ai`` AI
        seats of ``ai_level`` are seated after the creator. ``requirement``: what the
        lobby asks of those who join (``bot.service.fairness``). Raises
        ``InvalidOptions`` (``game.unknown``, ``options.*``) or ``ServiceError``
        (``service.bad_seat_limit``, ``service.bad_clock``, ``service.bad_policy``,
        ``service.wrong_channel``, ``service.ai_too_many`` (max), ``service.bad_ai_level``,
        ``service.fair.bad_*``, ``service.fair.cap``: the creator plays as many
        games as the server allows; ``capped=False``: not checked, for a tournament's
        table, which its players committed to by registering).
        """
        game = registry.get(rules)
        spec = game.spec
        valid_options = spec.validate_options(options)
        limit = spec.max_seats if max_seats is None else max_seats
        if not spec.min_seats <= limit <= spec.max_seats:
            raise ServiceError("service.bad_seat_limit", min=spec.min_seats, max=spec.max_seats)
        if not 0 <= ai < limit:  # the creator keeps a seat: at least one person plays
            raise ServiceError("service.ai_too_many", max=limit - 1)
        if ai and ai_level not in AI_LEVELS:
            raise ServiceError("service.bad_ai_level", choices=", ".join(AI_LEVELS))
        if requirement is not None:
            requirement.validate()
        clock_hours, policy = await self.timing.lobby_clock(
            guild_id, channel_id, clock_hours, timeout_policy, anywhere=anywhere
        )
        if capped:
            await self.fairness.check_cap(guild_id, [(creator.user_id, creator.name)])
        game_id = await self.store.create_game(
            guild_id=guild_id,
            channel_id=channel_id,
            rules=spec.id,
            rules_version=spec.rules_version,
            options=valid_options,
            seed=self.seed_source(),
            creator=creator.user_id,
            creator_name=creator.name,
            min_seats=spec.min_seats,
            max_seats=limit,
            at=self.pipeline.now(),
            clock_hours=clock_hours or None,
            timeout_policy=policy,
        )
        log.info("game %d: lobby of %s opened by %s", game_id, spec.id, creator.user_id)
        if requirement is not None and requirement.asks:
            await self.fairness.set_requirement(game_id, requirement)
        for _ in range(ai):
            await self.robots.add(game_id, creator.user_id, ai_level)
        return await self.pipeline.game(game_id)

    async def join(self, game_id: int, player: Player, *, capped: bool = True) -> GameInfo:
        """Take a seat. Raises ``service.game_not_found``, ``service.not_lobby``,
        ``service.already_joined``, ``service.lobby_full``, ``service.fair.cap`` (the
        player plays as many games as the server allows; ``capped=False``: not checked,
        as for ``create_lobby``) or, when the lobby asks a record the player's lacks,
        ``service.fair.*`` (``Fairness.check``)."""
        async with self.pipeline.lobby_lock:
            for attempt in range(2):
                row = await self.pipeline.row(game_id)
                require_lobby(row)
                if seated(row, player.user_id):
                    raise ServiceError("service.already_joined")
                if is_ai_seat(player.user_id):
                    raise ServiceError("service.not_allowed")
                if len(row.seats) >= row.max_seats:
                    raise ServiceError("service.lobby_full", max=row.max_seats)
                if attempt == 0:
                    await self._check_fair(row, player, capped)
                if attempt == 0 and await self.store.add_seat(
                    game_id, player.user_id, player.name, self.pipeline.now()
                ):
                    return await self.pipeline.game(game_id)
            # Another process changed the lobby between our read and our write, twice.
            raise ServiceError("service.stale", version=row.version)

    async def _check_fair(self, row: GameRow, player: Player, capped: bool) -> None:
        """The server's cap (``capped``), then what the lobby asks (``Fairness.check``)."""
        if capped:
            await self.fairness.check_cap(row.guild_id, [(player.user_id, player.name)])
        asked = await self.fairness.requirement(row.id)
        await self.fairness.check(row.guild_id, player.user_id, asked)

    async def leave(self, game_id: int, user_id: str) -> GameInfo:
        """Free a lobby seat (creator leaving: hand-over or close, see module doc).
        Raises ``service.game_not_found``, ``service.not_lobby``, ``service.not_in_game``."""
        async with self.pipeline.lobby_lock:
            row = await self.pipeline.row(game_id)
            require_lobby(row)
            if not seated(row, user_id):
                raise ServiceError("service.not_in_game")
            now = self.pipeline.now()
            if user_id == row.creator:
                heirs = [s.user_id for s in row.seats if s.user_id != user_id and not s.ai_level]
                if not heirs:
                    await self.store.set_status(game_id, "aborted", now, when_in=("lobby",))
                    log.info("game %d: lobby closed by its creator leaving", game_id)
                    return await self.pipeline.game(game_id)
                done = await self.store.remove_seat(game_id, user_id, now, new_creator=heirs[0])
                log.info("game %d: lobby handed over to %s", game_id, heirs[0])
            else:
                done = await self.store.remove_seat(game_id, user_id, now)
            if not done:
                raise ServiceError(
                    "service.not_lobby",
                    status=await self._status(game_id),
                )
        return await self.pipeline.game(game_id)

    async def rematch(self, game_id: int, player: Player) -> Rematch:
        """A finished game's Rematch: the first press by one of its players opens a
        lobby in the same channel with the same rules, options and seat limit, the
        presser seated (and the finished game's AI seats, at their levels); later
        presses join it while it is a lobby. Its start orders the seats as the finished
        game's, rotated by one (newcomers after). Raises
        ``service.not_over``, ``service.not_in_game``."""
        async with self.pipeline.lobby_lock:
            row = await self.pipeline.row(game_id)
            if row.status != "over":
                raise ServiceError("service.not_over", status=await self._status(game_id))
            if not seated(row, player.user_id):
                raise ServiceError("service.not_in_game")
            existing = await self.store.rematch_of(game_id)
        opened = existing is None
        if existing is None:
            lobby = await self.create_lobby(
                rules=row.rules,
                options=row.options,
                guild_id=row.guild_id,
                channel_id=row.channel_id,
                creator=player,
                max_seats=row.max_seats,
                clock_hours=row.clock_hours or 0,
                timeout_policy=row.timeout_policy,
                anywhere=True,
                requirement=await self.fairness.requirement(game_id),
            )
            existing = lobby.id
            if not await self.store.set_rematch(existing, game_id):  # another process won
                await self.store.set_status(
                    existing, "aborted", self.pipeline.now(), when_in=("lobby",)
                )
                existing, opened = await self.store.rematch_of(game_id), False
                assert existing is not None
            log.info("game %d: rematch lobby %d opened by %s", game_id, existing, player.user_id)
            if opened:  # the AI seats of the last game sit again, at their levels
                for seat in row.seats:
                    if seat.ai_level:
                        await self.robots.add(existing, player.user_id, seat.ai_level)
        info = await self.pipeline.game(existing)
        if not opened and info.status == "lobby" and not info.has_seat(player.user_id):
            info = await self.join(existing, player)
        present = {s.user_id for s in info.seats}
        invited = tuple(s.user_id for s in row.seats if s.user_id not in present and not s.ai_level)
        return Rematch(info, opened, invited)

    async def start(
        self,
        game_id: int,
        user_id: str,
        *,
        shuffle_seats: bool = True,
        allow_all_ai: bool = False,
        capped: bool = True,
    ) -> PlayResult:
        """The creator starts the game: seats ordered, rules ``setup`` run, state stored.
        Events: ``TurnStarted``. Raises ``service.not_creator``, ``service.not_lobby``,
        ``service.not_enough_players``, ``service.all_ai`` (no person seated, unless
        ``allow_all_ai``: the console and the demo), ``service.fair.cap`` (a person
        seated plays as many games as the server allows; ``capped=False``: not
        checked, for a caller that decided so, such as an event's table)."""
        async with self.pipeline.lobby_lock:
            row = await self.pipeline.row(game_id)
            require_lobby(row)
            if user_id != row.creator:
                raise ServiceError("service.not_creator")
            if len(row.seats) < row.min_seats:
                raise ServiceError(
                    "service.not_enough_players", count=len(row.seats), min=row.min_seats
                )
            if not allow_all_ai and all(s.ai_level for s in row.seats):
                raise ServiceError("service.all_ai")
            if capped:
                people = [(s.user_id, s.name) for s in row.seats if not s.ai_level]
                await self.fairness.check_cap(row.guild_id, people)
            order = [s.user_id for s in row.seats]
            previous = await self.store.previous_game(game_id)
            if previous is not None:  # a rematch: the last game's order, rotated by one
                order = rotated_order(order, await self.pipeline.row(previous))
            elif shuffle_seats:
                order = seeded_seat_order(order, row.seed)
            game = registry.get(row.rules)
            with guard("start", game_id):
                state = game.setup(order, row.seed, row.options)
                acting = game.to_act(state)
            now = self.pipeline.now()
            clocks, _ = await self.pipeline.clock_change(
                row, frozenset(), acting, state.revision, now
            )
            if not await self.store.start_game(game_id, order, to_json(state), now, clocks):
                raise ServiceError(
                    "service.not_lobby",
                    status=await self._status(game_id),
                )
            self.pipeline.cache.put(game_id, state)
        info = await self.pipeline.game(game_id)
        log.info("game %d: started with seats %s", game_id, order)
        return PlayResult(info, (TurnStarted(game_id, info.to_act, 0, info.to_act),))


def rotated_order(seated: list[str], previous: GameRow) -> list[str]:
    """The previous game's turn order rotated by one (its second player first), kept to
    those seated now; anyone new follows in join order."""
    before = [s.user_id for s in previous.seats]
    turned = before[1:] + before[:1]
    return [u for u in turned if u in seated] + [u for u in seated if u not in turned]
