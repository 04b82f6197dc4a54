"""The round engine of tournaments: pair a round, open its tables as normal games, record
each game's result, end a round at its deadline, and go on to the next round or the end.

All of a tournament's work is done by the process holding its lease
(``GameStore.claim_tournament``, ``LEASE`` seconds, given back when done), so that with
several processes (shards, a restart) it runs once; every step is also a conditional
write that says whether it happened, so a process that died half way leaves a state
the next holder finishes:

- a round is stored with its tables (``opening``) in one transaction, then each table's
  game is opened and linked (``set_table_game``, once), then the round runs (its news);
- a table's result is recorded once (``record_table``), by whoever sees its game end
  first: the hook the pipeline calls when a game ends, or the work of the tournament,
  which looks for ended games not recorded;
- when every table of the round has its result, the next round is paired, or the
  tournament ends: its status, its news and its final standings (computed then, with
  the players' ratings of that moment) in one transaction. Whatever shows an ended
  tournament afterwards (the announcement, the standings command, the web page) reads
  that frozen table, never the ratings as they move on. A tournament that ended before
  final tables were kept is frozen the first time the work gets to it
  (``due_tournaments`` lists it; until then the readers compute it as before): its
  points and the first two tie-breaks come from the stored tables, unchanged; only
  the rating tie-break is that of the moment it is frozen, the end's being lost.

The lease's holder is named ``<identity>#<instance>`` by the bot (its host and shard
range, then a fresh instance at every start: ``bot.discord.days.worker_id``): a
restarted process of the same shards takes back at once the work and the news its
dead predecessor held (``bot.store.jobs.successor_prefix``), instead of waiting
``LEASE`` out, while what another live process holds (another identity) is left to it
until its lease runs out. Why an identity rather than a short lease renewed while
working: the news' posts and a round's opening wait on Discord (rate limits) for as
long as they take, and a process that comes back knows who it was. A process that
stops cleanly gives everything back (``Tournaments.release``).

Decisions where the brief is silent:

- A table's game is a normal game of the server (its ratings count), opened in the
  tournament's channel by its first seat, with the places' holders seated in the
  pairing's order, the tournament's options and clock. The server's cap on the games
  one player plays at once (``bot.service.fairness``) does not hold a table back: its
  players committed to it by registering, and a round waits for all its tables.
- At a round's deadline, the seats still to act in an unfinished game time out one after
  another (``Moves.forfeit``, the clock's removal, ``!timeout`` in the log) until the game
  ends: the others rank by their scores then, as after any timeout.
- A game aborted by a moderator counts as a table where every place shares the first
  rank and scores nothing.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from datetime import timedelta

from bot.service.lobby import Lobbies
from bot.service.moves import Moves
from bot.service.pipeline import Pipeline
from bot.service.ratings import display
from bot.service.tournaments import pairs
from bot.service.tournaments.rows import (
    bye_result,
    final_rows,
    result_of,
    round_info,
    standing_of,
    table_info,
    tournament_info,
)
from bot.service.tournaments.values import (
    Progress,
    RoundInfo,
    Standing,
    TableInfo,
    TableOpened,
    TournamentInfo,
)
from bot.service.values import GameInfo, Player, PlayResult, ServiceError
from bot.store import GameStore, TableRow, epoch
from rules.base import REMOVAL_PREFIX

log = logging.getLogger("campfire.service.tournaments")

__all__ = ["LEASE", "MAX_TIMEOUTS", "Rounds"]

LEASE = 300
"""Seconds a process holds a tournament's work before another may take it."""
LEFT = (f"{REMOVAL_PREFIX}resign", f"{REMOVAL_PREFIX}timeout")
"""The log entries of a seat leaving a game (a forfeit of the table)."""
AGAIN = 3
"""How many times one call of ``Rounds.work`` takes a tournament that is still due."""
MAX_TIMEOUTS = 64
"""The most seats timed out in one game at a round's deadline."""


class Rounds:
    """The rounds of the tournaments of a ``GameService``."""

    def __init__(
        self, pipeline: Pipeline, store: GameStore, lobbies: Lobbies, moves: Moves, worker: str
    ) -> None:
        """``worker`` names this process in the tournaments' leases."""
        self.pipeline = pipeline
        self.store = store
        self.lobbies = lobbies
        self.moves = moves
        self.worker = worker
        self._working: set[int] = set()
        """The tournaments whose work runs in this process now (a game it ends calls
        the hook back: that one only records)."""

    # -- reading -------------------------------------------------------------------------

    async def info(self, tournament_id: int) -> TournamentInfo:
        """The stored tournament. Raises ``service.tournament.not_found``."""
        row = await self.store.tournament(tournament_id)
        if row is None:
            raise ServiceError("service.tournament.not_found", tournament=tournament_id)
        return tournament_info(row, await self.store.entries(tournament_id))

    async def rounds(self, tournament_id: int) -> tuple[RoundInfo, ...]:
        """Every round so far with its tables."""
        tables = await self.store.tables(tournament_id)
        return tuple(round_info(r, tables) for r in await self.store.rounds(tournament_id))

    async def standings(self, info: TournamentInfo) -> tuple[Standing, ...]:
        """The standings: an ended tournament's final table as it was frozen at its end,
        else those of the results so far, with the ratings as they are now."""
        if info.status == "over":
            frozen = await self.store.final_standings(info.id)
            if frozen:
                return tuple(standing_of(r) for r in frozen)
        return await self._computed(info)

    async def _computed(self, info: TournamentInfo) -> tuple[Standing, ...]:
        """The standings of the stored results (``pairs.ranking``), ratings now."""
        tables = [table_info(t) for t in await self.store.tables(info.id)]
        ratings = await self._ratings(info)
        return pairs.ranking(info, tables, ratings)

    async def _ratings(self, info: TournamentInfo) -> dict[str, float]:
        """Each place's holder's rating in the server for the tournament's game, as it
        is now (the last tie-break: the players' pages say so; the rating of a place is
        its current holder's, a substitute's own)."""
        if info.guild_id is None:
            return {}
        rated = {
            r.user_id: display(r.mu, r.sigma)
            for r in await self.store.ratings(info.guild_id, info.rules)
        }
        return {e.place: rated.get(e.user_id, 0.0) for e in info.holders}

    # -- the work of a tournament -------------------------------------------------------

    async def work(self, tournament_id: int) -> Progress | None:
        """Do what is due in a tournament, under its lease: start it at its closing
        date, open a round's games, record ended games, end a round at its deadline,
        pair the next round or end it. ``None`` when another process holds it (or this
        process is already at it).

        A game that ends while the lease is held elsewhere is recorded by its own
        process, whose claim then fails: so the holder, once it gave the lease back,
        looks again whether the tournament is due (``AGAIN`` times at most) and takes
        it again; what would still be missed, the periodic ``tick`` finds."""
        if tournament_id in self._working:
            return None
        done: Progress | None = None
        for _ in range(AGAIN):
            now = epoch(self.pipeline.now())
            if not await self.store.claim_tournament(tournament_id, self.worker, now, now + LEASE):
                return done
            self._working.add(tournament_id)
            try:
                progress = await self._work(tournament_id)
            finally:
                self._working.discard(tournament_id)
                await self.store.release_tournament(tournament_id, self.worker)
            done = progress if done is None else merged(done, progress)
            shards = self.pipeline.shards
            if not await self.store.due_tournaments(now, shards, only=tournament_id):
                break
        return done

    async def _work(self, tournament_id: int) -> Progress:
        info = await self.info(tournament_id)
        if info.status == "over":  # ended before final tables were kept: freeze it now
            if not await self.store.final_standings(tournament_id):
                table = final_rows(await self._computed(info))
                if await self.store.freeze_standings(tournament_id, table):
                    log.info("tournament %d: its final standings frozen", tournament_id)
            return Progress(info)
        if info.status == "open":
            closes = info.closes_at
            if closes is None or closes > self.pipeline.now():
                return Progress(info)
            if not await self.begin(info):
                return Progress(await self.info(tournament_id))
            info = await self.info(tournament_id)
        opened: tuple[TableOpened, ...] = ()
        byes: tuple[TableInfo, ...] = ()
        ended: list[PlayResult] = []
        opened_round: int | None = None
        finished: tuple[Standing, ...] | None = None
        for _ in range(2 * info.rounds + 2):  # each pass opens, ends or pairs a round
            if info.status != "running":
                break
            number = info.current_round
            current = next(
                (r for r in await self.store.rounds(info.id) if r.number == number), None
            )
            if current is not None and current.status == "opening":
                tables = await self.store.tables(tournament_id, number)
                games = await self._open_tables(info, tables)
                if games is None:
                    break
                if await self.store.set_round_status(
                    tournament_id, number, "running", when_in=("opening",)
                ):
                    opened_round, opened = number, tuple(games)
                    byes = tuple(table_info(t) for t in tables if t.game_id is None and t.result)
                continue
            if current is not None and not await self._round_over(info, ended):
                break
            if number >= info.rounds or not await self._pair(info):
                await self._finish(info)
                info = await self.info(tournament_id)
                finished = await self.standings(info)
                break
            info = await self.info(tournament_id)
        info = await self.info(tournament_id)
        return Progress(info, opened_round, opened, byes, tuple(ended), finished)

    async def begin(self, info: TournamentInfo) -> bool:
        """Start an open tournament (its closing date, or the organiser's word) with
        the rounds its format plans for its entrants; cancel it when too few registered
        (fewer than a table). Whether it started."""
        count = len(info.playing)
        now = self.pipeline.now()
        if count < info.table_size:
            await self.store.set_tournament_status(info.id, "cancelled", now, when_in=("open",))
            log.info("tournament %d: cancelled, %d registered", info.id, count)
            return False
        rounds = pairs.planned_rounds(info.format, count, info.table_size, info.rounds)
        started = await self.store.start_tournament(info.id, rounds, now)
        if started:
            log.info("tournament %d: started with %d places, %d rounds", info.id, count, rounds)
        return started

    async def _pair(self, info: TournamentInfo) -> bool:
        """Store the next round's tables (the pairing of the places still playing);
        ``False`` when fewer than a table still play."""
        playing = info.playing
        if len(playing) < info.table_size:
            return False
        number = info.current_round + 1
        history = [table_info(t) for t in await self.store.tables(info.id)]
        ratings = await self._ratings(info)
        seating = pairs.pair(info, number, history, ratings)
        holders = {e.place: e.user_id for e in playing}
        tables: list[tuple[Sequence[str], Sequence[str], str | None]] = []
        for places in seating:
            players = [holders[p] for p in places]
            tables.append((places, players, bye_result() if len(places) == 1 else None))
        now = self.pipeline.now()
        deadline = None
        if info.round_hours:
            deadline = epoch(now + timedelta(hours=info.round_hours))
        if await self.store.add_round(info.id, number, tables, deadline, now):
            log.info("tournament %d: round %d paired, %d tables", info.id, number, len(tables))
        return True

    async def _open_tables(
        self, info: TournamentInfo, tables: Sequence[TableRow]
    ) -> list[TableOpened] | None:
        """Open and start a game for every table of an opening round (not a bye) whose
        game is not started; the games started. ``None`` when a game could not be
        opened (the round stays opening: tried again by the next pass)."""
        opened: list[TableOpened] = []
        names = info.names()
        for table in tables:
            if table.result is not None:
                continue
            try:
                game = await self._open_game(info, table, names)
            except ServiceError as exc:
                log.error(
                    "tournament %d: table %d.%d could not open: %s",
                    info.id,
                    table.round,
                    table.number,
                    exc.key,
                )
                return None
            if game is None:
                continue
            pinged = tuple(p.user_id for p in game.seats if not p.ai_level)
            linked = TableRow(
                table.tournament_id,
                table.round,
                table.number,
                table.places,
                table.players,
                game.id,
                None,
            )
            opened.append(TableOpened(table_info(linked), game, pinged))
        return opened

    async def _open_game(
        self, info: TournamentInfo, table: TableRow, names: dict[str, str]
    ) -> GameInfo | None:
        """A normal game for one table, started with its seats in the pairing's order:
        a lobby opened by the first seat, the others seated, linked to the table, then
        started. A table already linked to a lobby (its opener stopped half way) is
        seated and started; ``None`` when its game already started."""
        first = table.players[0]
        game_id = table.game_id
        if game_id is None:
            lobby = await self.lobbies.create_lobby(
                rules=info.rules,
                options=info.options,
                guild_id=info.guild_id,
                channel_id=info.channel_id,
                creator=Player(first, names.get(first, first)),
                max_seats=len(table.players),
                clock_hours=info.clock_hours or 0,
                timeout_policy=info.timeout_policy,
                anywhere=True,
                capped=False,
            )
            if not await self.store.set_table_game(info.id, table.round, table.number, lobby.id):
                await self.store.set_status(
                    lobby.id, "aborted", self.pipeline.now(), when_in=("lobby",)
                )
                return None
            game_id = lobby.id
        game = await self.pipeline.game(game_id)
        if game.status != "lobby":
            return None
        for user in table.players:
            if not game.has_seat(user):
                await self.lobbies.join(game_id, Player(user, names.get(user, user)), capped=False)
        started = await self.lobbies.start(game_id, first, shuffle_seats=False, capped=False)
        log.info(
            "tournament %d: table %d.%d is game %d", info.id, table.round, table.number, game_id
        )
        return started.game

    async def _round_over(self, info: TournamentInfo, ended: list[PlayResult]) -> bool:
        """Record the ended games of the current round, end the unfinished ones at its
        deadline (their results added to ``ended``), and say whether every table of the
        round has its result (the round is then ``over``)."""
        number = info.current_round
        rounds = {r.number: r for r in await self.store.rounds(info.id)}
        current = rounds.get(number)
        if current is None or current.status == "opening":
            return False
        past = current.deadline is not None and current.deadline <= epoch(self.pipeline.now())
        tables = await self.store.tables(info.id, number)
        for table in tables:
            if table.result is not None or table.game_id is None:
                continue
            if past:
                ended += await self.time_out(table.game_id)
            await self.record(table)
        tables = await self.store.tables(info.id, number)
        if any(t.result is None for t in tables):
            return False
        await self.store.set_round_status(info.id, number, "over", when_in=("running",))
        return True

    async def time_out(self, game_id: int) -> list[PlayResult]:
        """End an unfinished game at a round's deadline: its seats to act time out, one
        after another, until it ends."""
        results: list[PlayResult] = []
        for _ in range(MAX_TIMEOUTS):
            game = await self.pipeline.game(game_id)
            if game.status != "running" or not game.to_act:
                break
            result = await self.moves.forfeit(game_id, game.to_act[0])
            if result is not None:
                results.append(result)
        return results

    async def record(self, table: TableRow) -> bool:
        """Record a table's result once its game is over (or aborted); whether it is
        recorded now (by this call)."""
        if table.game_id is None or table.result is not None:
            return False
        row = await self.store.game(table.game_id)
        if row is None or row.status not in ("over", "aborted"):
            return False
        results = await self.store.results(table.game_id) if row.status == "over" else []
        left = [m.seat for m in await self.store.moves(table.game_id) if m.code in LEFT]
        done = await self.store.record_table(
            table.tournament_id, table.round, table.number, result_of(table, results, left)
        )
        if done:
            log.info(
                "tournament %d: table %d.%d (game %d) recorded",
                table.tournament_id,
                table.round,
                table.number,
                table.game_id,
            )
        return done

    async def _finish(self, info: TournamentInfo) -> None:
        """End the tournament with its final standings, frozen as computed now."""
        table = final_rows(await self._computed(info))
        if await self.store.finish_tournament(info.id, self.pipeline.now(), table):
            log.info("tournament %d: over after %d rounds", info.id, info.current_round)

    # -- the hook ------------------------------------------------------------------------

    async def game_over(self, game_id: int) -> Progress | None:
        """A game ended (the pipeline's hook, or a front end that saw it end): if it is a
        tournament table, record its result and do the tournament's work (the next
        round when it was the last table). ``None`` for any other game."""
        table = await self.store.table_of_game(game_id)
        if table is None:
            return None
        await self.record(table)
        return await self.work(table.tournament_id)


def merged(first: Progress, then: Progress) -> Progress:
    """Two passes of a tournament's work as one: the later round opened and standings,
    every game ended."""
    if then.round is None:
        opened, byes, number = first.opened, first.byes, first.round
    else:
        opened, byes, number = then.opened, then.byes, then.round
    ended = (*first.ended, *then.ended)
    finished = then.finished if then.finished is not None else first.finished
    return Progress(then.tournament, number, opened, byes, ended, finished)
