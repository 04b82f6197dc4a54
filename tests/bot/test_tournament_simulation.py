"""Whole tournaments through the service on a moving clock, no Discord: a 16-player Swiss
of 4 rounds of two-player Nim and a 12-player round robin at three-player tables, with a
withdrawal, a bye, a substitute, a round's deadline that times a game out, a turn clock
that runs out (the reminder loop's pass ends the last game), a process
stopped and another started on the same database mid-round (and one stopped half way
through opening a round), and two service instances sharing the database (shards) that
never do a tournament's work twice.

The checks read the games themselves: every table is a normal game of the server
(seated in the pairing's order, its ratings counted), every result recorded is the
game's, and the final standings are recomputed here, points and opponents' points from
the games' places, then the whole table by the pure ``standings`` of those results.
"""

from __future__ import annotations

import asyncio
import random
from collections import Counter
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from fractions import Fraction
from itertools import combinations
from pathlib import Path

import pytest

from bot.service import GameService, Player
from bot.service.events import Table, TableResult, standings
from bot.service.ratings import display
from bot.service.tournaments import RoundInfo, TableInfo, TournamentInfo
from bot.service.tournaments.rounds import LEASE
from bot.store import SqlStore, open_store
from campfire_testing.clock import seeds

PLAYERS = [Player(f"u{n:02d}", f"Player {n}") for n in range(1, 19)]
LEFT = ("!resign", "!timeout")


class Clock:
    """The service's time, moved only by the test."""

    def __init__(self) -> None:
        self.now = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)

    def __call__(self) -> datetime:
        return self.now

    def advance(self, **delta: float) -> None:
        self.now += timedelta(**delta)


class Node:
    """One process of the bot: a store and a service over the shared database file."""

    def __init__(self, store: SqlStore, service: GameService) -> None:
        self.store = store
        self.service = service

    @classmethod
    async def start(cls, path: Path, clock: Clock, prefix: str) -> Node:
        store = await open_store(str(path))
        return cls(store, GameService(store, seed_source=seeds(prefix), clock=clock))

    async def stop(self) -> None:
        self.service.close()
        await self.store.close()


async def play_out(service: GameService, game_id: int, draw: random.Random) -> None:
    """The seats to act play random legal moves until the game ends."""
    while True:
        game = await service.game(game_id)
        if game.status != "running":
            return
        seat = game.to_act[0]
        moves = await service.legal_moves(game_id, seat)
        await service.play(game_id, seat, draw.choice(moves).code)


async def current(service: GameService, tournament_id: int) -> RoundInfo:
    rounds = await service.tournaments.round_list(tournament_id)
    return rounds[-1]


def running_tables(round_: RoundInfo) -> list[TableInfo]:
    return [t for t in round_.tables if t.game_id is not None and not t.ended]


async def game_count(store: SqlStore) -> int:
    rows = await store.sessions.fetchall("SELECT COUNT(*) FROM games")
    return int(rows[0][0])


async def results_from_games(service: GameService, rounds: tuple[RoundInfo, ...]) -> list[object]:
    """Every table's result read from its game (places, scores, seats that left), not
    from what the tournament recorded."""
    out: list[object] = []
    for round_ in rounds:
        for table in round_.tables:
            seats = Table(table.round, table.places)
            if table.bye:
                out.append(TableResult.bye(seats))
                continue
            assert table.game_id is not None
            place_of = dict(zip(table.players, table.places, strict=True))
            placed = await service.results(table.game_id)
            left = {
                place_of[h.seat] for h in await service.history(table.game_id) if h.code in LEFT
            }
            out.append(
                TableResult(
                    seats,
                    {place_of[p.seat]: p.rank for p in placed},
                    {place_of[p.seat]: float(p.score) for p in placed},
                    frozenset(left),
                )
            )
    return out


def own_points(results: list[object]) -> tuple[dict[str, Fraction], dict[str, Fraction]]:
    """Points by placing and opponents' points, counted here: at a table of ``n`` seats
    a seat scores the share of the others it finished ahead of (a tie half), a seat that
    left scores nothing and stands below the rest; a bye is a whole point."""
    points: Counter[str] = Counter()
    for result in results:
        assert isinstance(result, TableResult)
        seats = result.table.seats
        if len(seats) == 1:
            points[seats[0]] += Fraction(1)
            continue
        bottom = max(result.places.values()) + 1
        rank = {s: bottom if s in result.forfeits else result.places[s] for s in seats}
        for seat in seats:
            if seat in result.forfeits:
                points[seat] += 0
                continue
            ahead = sum(1 for o in seats if rank[o] > rank[seat])
            tied = sum(1 for o in seats if o != seat and rank[o] == rank[seat])
            points[seat] += (Fraction(ahead) + Fraction(tied, 2)) / (len(seats) - 1)
    largest: Counter[int] = Counter()
    for result in results:
        assert isinstance(result, TableResult)
        largest[result.table.round] = max(largest[result.table.round], len(result.table.seats))
    opponents: Counter[str] = Counter()
    for result in results:
        assert isinstance(result, TableResult)
        seats = result.table.seats
        if len(seats) == 1:  # a bye meets, at each other seat, its own final points
            opponents[seats[0]] += points[seats[0]] * (largest[result.table.round] - 1)
            continue
        for seat in seats:
            opponents[seat] += sum((points[o] for o in seats if o != seat), Fraction(0))
    return dict(points), dict(opponents)


async def check_games_and_standings(
    node: Node, info: TournamentInfo, table_size: int
) -> tuple[RoundInfo, ...]:
    """Every table a normal game as the pairing seated it, every result the game's, and
    the final standings recomputed from the games."""
    service = node.service
    rounds = await service.tournaments.round_list(info.id)
    assert [r.status for r in rounds] == ["over"] * info.rounds
    tables = [t for r in rounds for t in r.tables]
    played = [t for t in tables if not t.bye]
    assert await game_count(node.store) == len(played)  # no game opened twice, none lost
    for table in played:
        assert table.game_id is not None and table.ranks is not None
        game = await service.game(table.game_id)
        assert (game.rules, game.status, game.guild_id, game.channel_id) == (
            "nim",
            "over",
            "g1",
            "c1",
        )
        assert tuple(p.user_id for p in game.seats) == table.players
        assert (game.clock_hours, game.timeout_policy) == (24, "forfeit")
        placed = {p.seat: p.rank for p in await service.results(table.game_id)}
        assert table.ranks == tuple(placed[u] for u in table.players)
        assert len(table.places) in (table_size, table_size - 1)
    results = await results_from_games(service, rounds)
    ratings = {
        e.place: display(r.mu, r.sigma)
        for r in await node.store.ratings("g1", "nim")
        for e in info.holders
        if e.user_id == r.user_id
    }
    expected = standings([e.place for e in info.holders], ratings, results)  # type: ignore[arg-type]
    final = await service.tournaments.standings(info.id)
    assert [(s.place, s.rank, s.points, s.opponents, s.scored) for s in final] == [
        (e.entry, e.rank, e.points, e.opponents, e.scored) for e in expected
    ]
    points, opponents = own_points(results)
    for line in final:
        assert line.points == points.get(line.place, 0), line
        assert line.opponents == opponents.get(line.place, 0), line
    assert [s.rank for s in final] == sorted(s.rank for s in final)
    for user in {u for t in played for u in t.players}:  # the ratings counted every game
        rated = await service.standings("g1", "nim", user)
        assert rated.mine is not None and rated.mine.games >= 1
    return rounds


async def test_a_swiss_of_sixteen_survives_a_withdrawal_a_restart_and_a_deadline(
    db_path: Path, nim: None
) -> None:
    clock = Clock()
    draw = random.Random(43)
    one, two = await Node.start(db_path, clock, "a"), await Node.start(db_path, clock, "b")
    info = await one.service.tournaments.open(
        guild_id="g1",
        channel_id="c1",
        organiser=PLAYERS[0],
        rules="nim",
        options={"stones": 4},
        clock_hours=24,
        timeout_policy="forfeit",
        format="swiss",
        rounds=4,
        closes_at=clock.now + timedelta(days=1),
        round_hours=72,
    )
    for player in PLAYERS[:16]:
        await two.service.tournaments.register(info.id, player)
    assert [p for p in await asyncio.gather(one.service.tournaments.tick())] == [[]]

    # The closing date: two processes sharing the database tick at once; one starts it.
    clock.advance(days=1, seconds=1)
    done = await asyncio.gather(one.service.tournaments.tick(), two.service.tournaments.tick())
    assert sum(len(d) for d in done) == 1
    round1 = await current(one.service, info.id)
    assert (round1.number, round1.status, len(round1.tables)) == (1, "running", 8)
    assert await game_count(one.store) == 8
    news = await asyncio.gather(one.service.tournaments.news(), two.service.tournaments.news())
    assert sorted(len(n) for n in news) == [0, 1]
    (item,) = news[0] or news[1]
    assert (item.kind, item.round is not None and item.round.number) == ("round", 1)
    await (one if news[0] else two).service.tournaments.posted([item])
    assert await one.service.tournaments.news() == []

    # Round 1, played through both processes: the last game's end opens round 2.
    for n, table in enumerate(round1.tables):
        assert table.game_id is not None
        await play_out((one, two)[n % 2].service, table.game_id, draw)
    round2 = await current(one.service, info.id)
    assert (round2.number, len(round2.tables)) == (2, 8)
    assert await game_count(one.store) == 16

    # Round 2: half the games end, a player withdraws mid-game, then both processes stop.
    for table in round2.tables[:4]:
        assert table.game_id is not None
        await play_out(one.service, table.game_id, draw)
    quitter_table = round2.tables[5]
    quitter = quitter_table.players[0]
    progress = await one.service.tournaments.withdraw(info.id, quitter)
    assert [g.game.id for g in progress.ended] == [quitter_table.game_id]
    await one.stop()
    await two.stop()

    # A new process on the same database plays the rest: round 3 opens with a bye.
    clock.advance(hours=2)
    three = await Node.start(db_path, clock, "c")
    service = three.service
    for table in running_tables(await current(service, info.id)):
        assert table.game_id is not None
        await play_out(service, table.game_id, draw)
    round3 = await current(service, info.id)
    assert round3.number == 3
    byes = [t for t in round3.tables if t.bye]
    assert len(byes) == 1 and len(round3.tables) == 8
    assert all(quitter not in t.players for t in round3.tables)

    # Round 3: all but one game end; a substitute takes a finished place for round 4;
    # the round's deadline passes and the last game times out.
    unfinished, *others = running_tables(round3)
    for table in others:
        assert table.game_id is not None
        await play_out(service, table.game_id, draw)
    sub_place = others[0].places[1]
    replaced = others[0].players[1]
    await service.tournaments.substitute(info.id, sub_place, PLAYERS[16], PLAYERS[0].user_id)
    assert (await current(service, info.id)).number == 3
    clock.advance(hours=80)
    (progress,) = await service.tournaments.tick()
    assert unfinished.game_id is not None
    log = [h.code for h in await service.history(unfinished.game_id)]
    assert "!timeout" in log
    assert progress.round == 4 and progress.opened
    round4 = await current(service, info.id)
    seated = {u for t in round4.tables for u in t.players}
    assert PLAYERS[16].user_id in seated and replaced not in seated

    # Round 4 ends the tournament: a player lets their turn clock run out (the clock's
    # pass removes them), the other games are played; final standings and their news.
    late, *rest = running_tables(round4)
    for table in rest:
        assert table.game_id is not None
        await play_out(service, table.game_id, draw)
    assert (await service.tournaments.tournament(info.id)).status == "running"
    clock.advance(hours=25)
    done = await service.timing.clock_pass("clock")
    await service.timing.finish_clock_pass(done)
    assert late.game_id is not None
    assert "!timeout" in [h.code for h in await service.history(late.game_id)]
    info = await service.tournaments.tournament(info.id)
    assert info.status == "over"
    kinds = [n.kind for n in await service.tournaments.news()]
    assert kinds[-1] == "over"

    rounds = await check_games_and_standings(three, info, 2)
    met: Counter[frozenset[str]] = Counter()
    bye_count: Counter[str] = Counter()
    for table in (t for r in rounds for t in r.tables):
        if table.bye:
            bye_count[table.places[0]] += 1
        else:
            met[frozenset(table.places)] += 1
    assert max(met.values()) == 1  # no rematch while one can be avoided
    assert max(bye_count.values()) == 1  # never a second bye
    results = await results_from_games(service, rounds)
    for round_ in rounds:  # the bye goes to the lowest score of the places playing on
        before, _ = own_points([r for r in results if r.table.round < round_.number])  # type: ignore[attr-defined]
        playing = [p for t in round_.tables for p in t.places]
        for table in round_.tables:
            if table.bye:
                lowest = min(before.get(p, Fraction(0)) for p in playing)
                assert before.get(table.places[0], Fraction(0)) == lowest
    await three.stop()


async def test_three_player_round_robin_of_twelve_with_a_process_stopped_mid_opening(
    db_path: Path, nim: None
) -> None:
    clock = Clock()
    draw = random.Random(7)
    one = await Node.start(db_path, clock, "a")
    info = await one.service.tournaments.open(
        guild_id="g1",
        channel_id="c1",
        organiser=PLAYERS[0],
        rules="nim",
        options={"stones": 4},
        clock_hours=24,
        timeout_policy="forfeit",
        format="round_robin",
        table_size=3,
    )
    for player in PLAYERS[:12]:
        await one.service.tournaments.register(info.id, player)
    progress = await one.service.tournaments.start(info.id, PLAYERS[0].user_id)
    info = progress.tournament
    assert info.rounds >= 6 and len(progress.opened) == 4
    assert [len(t.table.places) for t in progress.opened] == [3, 3, 3, 3]

    # Round 1 is played, except that the process dies while opening round 2: after
    # starting two of its games it stops, its lease still held.
    round1 = await current(one.service, info.id)
    started = 0
    real_start = one.service.lobbies.start

    async def dying_start(game_id: int, user_id: str, **kwargs: bool) -> object:
        nonlocal started
        if started == 2:
            raise SystemExit("the process is killed")
        started += 1
        return await real_start(game_id, user_id, **kwargs)

    one.service.tournaments.rounds.lobbies.start = dying_start  # type: ignore[method-assign,assignment]
    release: Callable[..., object] = one.store.release_tournament
    one.store.release_tournament = _never  # type: ignore[method-assign,assignment]
    *early, last = round1.tables
    for table in early:
        assert table.game_id is not None
        await play_out(one.service, table.game_id, draw)
    assert last.game_id is not None
    with pytest.raises(SystemExit):
        await play_out(one.service, last.game_id, draw)
    assert started == 2 and callable(release)
    await one.stop()

    two = await Node.start(db_path, clock, "b")
    service = two.service
    assert await service.tournaments.tick() == []  # the dead process's lease holds it
    clock.advance(seconds=LEASE + 1)
    (progress,) = await service.tournaments.tick()
    assert progress.round == 2 and len(progress.opened) == 2  # the two it had not started
    round2 = await current(service, info.id)
    assert round2.status == "running" and len(running_tables(round2)) == 4

    # A withdrawal in round 2, then every round is played to the end.
    quitter = round2.tables[0].players[2]
    await service.tournaments.withdraw(info.id, quitter)
    for _ in range(info.rounds + 1):
        live = running_tables(await current(service, info.id))
        if not live:
            break
        for table in live:
            assert table.game_id is not None
            await play_out(service, table.game_id, draw)
    info = await service.tournaments.tournament(info.id)
    assert info.status == "over"
    rounds = await check_games_and_standings(two, info, 3)
    meetings: Counter[frozenset[str]] = Counter()
    for table in (t for r in rounds for t in r.tables):
        meetings.update(frozenset(pair) for pair in combinations(table.places, 2))
    # Twelve at tables of three cannot meet exactly once each (66 pairs, 72 meetings
    # in six rounds): each pair meets at most twice, and almost all of them meet.
    everyone = [e.place for e in info.entries if e.user_id != quitter]
    unmet = [p for p in combinations(everyone, 2) if not meetings[frozenset(p)]]
    assert max(meetings.values()) == 2 and len(unmet) <= 3
    await two.stop()


async def _never(*args: object, **kwargs: object) -> bool:
    """A dead process gives nothing back."""
    return False
