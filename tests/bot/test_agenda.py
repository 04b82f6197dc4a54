"""The games waiting on one player (``bot.service.agenda``): running games with their
seat to act only, the nearest deadline first, then those without one (no clock, or the
player away: the clock paused), the longest waiting first, then by number."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from bot.service import GameInfo, Player, TurnClock
from bot.service.agenda import waiting_on

T0 = datetime(2026, 12, 1, 12, tzinfo=UTC)


def game(
    number: int,
    to_act: tuple[str, ...] = ("ann",),
    *,
    status: str = "running",
    since: float = 0,
    deadline: float | None = None,
    away: bool = False,
) -> GameInfo:
    started = T0 + timedelta(hours=since)
    clocks = tuple(
        TurnClock(
            seat,
            started,
            None if deadline is None else T0 + timedelta(hours=deadline),
            T0 + timedelta(days=3) if away else None,
        )
        for seat in to_act
    )
    return GameInfo(
        id=number,
        rules="nim",
        options={},
        status=status,  # type: ignore[arg-type]
        guild_id="1",
        channel_id="2",
        thread_id=None,
        creator="ann",
        seats=(Player("ann", "Ann"), Player("bob", "Bob")),
        version=1,
        to_act=to_act if status == "running" else (),
        min_seats=2,
        max_seats=2,
        created_at=T0,
        turn_started_at=started,
        clocks=clocks,
    )


def test_the_nearest_deadline_first_then_the_longest_waiting() -> None:
    games = [
        game(1, since=5),  # no clock, waiting since 5
        game(2, deadline=48),
        game(3, deadline=12),
        game(4, since=1),  # no clock, waiting longer
        game(5, deadline=1, away=True),  # away: paused, among those without a deadline
        game(6, ("bob",), deadline=2),  # waiting on Bob
        game(7, status="over"),
        game(3, deadline=12),  # listed twice (the caller's and the channel's): once
    ]
    order = [w.game.id for w in waiting_on(games, "ann")]
    assert order == [3, 2, 5, 4, 1]
    first = waiting_on(games, "ann")[0]
    assert first.deadline == T0 + timedelta(hours=12) and first.since == T0
    paused = waiting_on(games, "ann")[2]
    assert paused.away_until == T0 + timedelta(days=3)


def test_a_game_without_a_clock_row_waits_since_its_turn_began() -> None:
    bare = game(9)
    bare = GameInfo(**{**bare.__dict__, "clocks": ()})
    (only,) = waiting_on([bare], "ann")
    assert only.deadline is None and only.since == T0
    assert waiting_on([bare], "bob") == []
