"""A restart in the middle of posting a tournament's round: the process dies while it
posts a table's very first turn (the round's news claimed, the table's thread opened,
the announcement of its first revision claimed, nothing posted). After the restart
every table of the round has one thread and one first turn, and the round's message is
posted once, whichever of the restart's catch-up and the tournaments' pass comes
first, and whether the new process succeeds the dead one or comes from elsewhere."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest

from bot.discord import announcements, days, tourney_posts
from bot.discord.publish import catch_up
from bot.service import GameService
from bot.store import Store
from campfire_testing.harness import CHANNEL_ID, Harness
from tests.bot.conftest import FakeClock, seeds
from tests.bot.discord.conftest import _ROUTES, _STORES, ALICE, BOB, CAROL, draw_nim
from tests.bot.discord.test_tournaments import ADMIN, DAN, open_nim, register


class Killed(BaseException):
    """The process dies (nothing of it catches this)."""


def turns_in(bot: Harness, thread_id: int) -> list[dict[str, Any]]:
    """The turn messages (with their move buttons) posted in a thread."""
    return [
        m
        for m in bot.posted_in(thread_id)
        if any(
            c.get("custom_id", "").startswith("cf:play:")
            for row in m["components"]
            for c in row["components"]
        )
    ]


async def restarted(
    bot: Harness, db_path: Path, later: timedelta, worker: str | None = None
) -> Harness:
    """A new process on the same database and the same Discord, ``later`` after the
    dead one's last reading of the clock (``worker``: its tournaments' leases)."""
    store = await Store.open(db_path)
    _STORES.append(store)
    clock = FakeClock()
    dead_clock = bot.service.pipeline.clock
    assert isinstance(dead_clock, FakeClock)
    clock.now = dead_clock.now + later
    service = GameService(
        store, seed_source=seeds("again"), clock=clock, drawer=draw_nim, worker=worker
    )
    again = Harness(service)
    again.fake = bot.fake  # the same Discord: the threads and messages made so far
    again.client.http.request = bot.fake.rest  # type: ignore[method-assign]
    _ROUTES.append(again)
    await again.setup()
    return again


@pytest.mark.parametrize("news_first", [False, True], ids=["catch-up first", "news first"])
@pytest.mark.parametrize("successor", [True, False], ids=["same host", "another host"])
async def test_a_round_half_posted_when_the_bot_died_is_posted_once_after_a_restart(
    bot: Harness,
    db_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    news_first: bool,
    successor: bool,
) -> None:
    message = await open_nim(bot, rounds=2, options="stones=3")
    await register(bot, message, ALICE, BOB, CAROL, DAN)
    await bot.service.tournaments.start(1, ADMIN.key, organiser=True)  # nothing posted yet
    tables = (await bot.service.tournaments.round_list(1))[0].tables
    assert len(tables) == 2

    async def dies(*args: Any, **kwargs: Any) -> Any:
        raise Killed

    monkeypatch.setattr(announcements, "post_turn", dies)
    with pytest.raises(Killed):  # the round's news claimed, the first table's thread made
        await tourney_posts.post_news(bot.client)
    monkeypatch.undo()
    first = await bot.service.game(tables[0].game_id or 0)
    assert first.thread_id is not None and turns_in(bot, int(first.thread_id)) == []
    assert (await bot.service.game(tables[1].game_id or 0)).thread_id is None

    again = await restarted(bot, db_path, timedelta(minutes=6))  # the news' lease ran out
    if not successor:
        again.client.worker = "elsewhere/all#0001"
    steps = [catch_up(again.client), tourney_posts.run_pass(again.client)]
    for step in reversed(steps) if news_first else steps:
        await step
    await again.settle()

    threads = [c for c in bot.fake.calls if c.path == "/channels/{channel_id}/threads"]
    assert len(threads) == 2  # one per table, none twice
    for table in tables:
        game = await again.service.game(table.game_id or 0)
        assert game.thread_id is not None
        turns = turns_in(again, int(game.thread_id))
        assert len(turns) == 1, (table.number, turns)
        assert f"<@{game.to_act[0]}>" in turns[0]["content"]
    rounds = [m for m in again.posted_in(CHANNEL_ID) if "round 1 of 2" in (m["content"] or "")]
    assert len(rounds) == 1
    # nothing is left to post: another pass and another catch-up post nothing
    count = len(bot.fake.messages)
    assert await tourney_posts.run_pass(again.client) == 0
    assert await catch_up(again.client) == []
    assert len(bot.fake.messages) == count


async def test_a_thread_made_but_not_remembered_when_the_bot_died_is_taken_over(
    bot: Harness, db_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The process dies between opening the first table's thread and remembering it:
    the restart finds the bot's thread of that name among the channel's active threads
    and posts the table's first turn there, no second thread."""
    message = await open_nim(bot, rounds=2, options="stones=3")
    await register(bot, message, ALICE, BOB, CAROL, DAN)
    await bot.service.tournaments.start(1, ADMIN.key, organiser=True)
    tables = (await bot.service.tournaments.round_list(1))[0].tables

    async def dies(*args: Any, **kwargs: Any) -> Any:
        raise Killed

    monkeypatch.setattr(bot.service, "set_thread", dies)
    with pytest.raises(Killed):
        await tourney_posts.post_news(bot.client)
    monkeypatch.undo()
    made = [c for c in bot.fake.calls if c.path == "/channels/{channel_id}/threads"]
    assert len(made) == 1
    orphan = next(int(i) for i, c in bot.fake.channels.items() if c["type"] == 11)
    assert (await bot.service.game(tables[0].game_id or 0)).thread_id is None

    again = await restarted(bot, db_path, timedelta(minutes=6))
    await catch_up(again.client)
    await tourney_posts.run_pass(again.client)
    await again.settle()

    threads = [c for c in bot.fake.calls if c.path == "/channels/{channel_id}/threads"]
    assert len(threads) == 2  # the orphan taken over, the second table's made
    first = await again.service.game(tables[0].game_id or 0)
    assert first.thread_id == str(orphan)
    for table in tables:
        game = await again.service.game(table.game_id or 0)
        assert len(turns_in(again, int(game.thread_id or 0))) == 1
    rounds = [m for m in again.posted_in(CHANNEL_ID) if "round 1 of 2" in (m["content"] or "")]
    assert len(rounds) == 1


async def test_a_first_turn_discord_refused_is_posted_by_the_catch_up(
    bot: Harness, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Discord refuses a table's first turn (an outage of a moment) while the round's
    message goes through: the process goes on, and its periodic catch-up posts that
    first turn once the claim of posting it has run out, once."""
    from bot.discord.client import CATCH_UP_PASSES
    from campfire_testing.harness import http_error

    message = await open_nim(bot, rounds=2, options="stones=3")
    await register(bot, message, ALICE, BOB, CAROL, DAN)
    real = announcements.post_turn
    refused: list[int] = []

    async def refuses_once(*args: Any, **kwargs: Any) -> Any:
        if not refused:
            refused.append(1)
            raise http_error(503, 0, "Service Unavailable")
        return await real(*args, **kwargs)

    monkeypatch.setattr(announcements, "post_turn", refuses_once)
    await bot.command(ADMIN, "tournament start")
    await bot.settle()
    tables = (await bot.service.tournaments.round_list(1))[0].tables
    games = [await bot.service.game(t.game_id or 0) for t in tables]
    shown = [len(turns_in(bot, int(g.thread_id or 0))) for g in games]
    assert sorted(shown) == [0, 1] and refused
    rounds = [m for m in bot.posted_in(CHANNEL_ID) if "round 1 of 2" in (m["content"] or "")]
    assert len(rounds) == 1
    clock = bot.service.pipeline.clock
    assert isinstance(clock, FakeClock)
    clock.now += timedelta(minutes=3)  # the claim of posting it ran out
    for _ in range(CATCH_UP_PASSES):
        await bot.client.reminder_pass()
    await bot.settle()
    assert [len(turns_in(bot, int(g.thread_id or 0))) for g in games] == [1, 1]
    for _ in range(CATCH_UP_PASSES):
        await bot.client.reminder_pass()
    await bot.settle()
    assert [len(turns_in(bot, int(g.thread_id or 0))) for g in games] == [1, 1]


@pytest.mark.parametrize("successor", [True, False], ids=["same host", "another host"])
async def test_a_restart_of_the_same_shards_posts_the_round_at_once(
    bot: Harness, db_path: Path, monkeypatch: pytest.MonkeyPatch, successor: bool
) -> None:
    """The bot dies while it posts a round (its news claimed under its worker, as
    ``CampfireClient`` names it: host and shards, then its instance) and comes back
    seconds later: its first pass posts every table and the round's message, without
    waiting for the dead process's lease to run out. A process of another identity
    leaves that lease alone until it does."""
    bot.service.tournaments.rounds.worker = bot.client.worker  # as the bot runs it
    message = await open_nim(bot, rounds=2, options="stones=3")
    await register(bot, message, ALICE, BOB, CAROL, DAN)
    await bot.service.tournaments.start(1, ADMIN.key, organiser=True)
    tables = (await bot.service.tournaments.round_list(1))[0].tables

    async def dies(*args: Any, **kwargs: Any) -> Any:
        raise Killed

    monkeypatch.setattr(announcements, "post_turn", dies)
    with pytest.raises(Killed):
        await tourney_posts.post_news(bot.client)
    monkeypatch.undo()

    worker = days.worker_id() if successor else "elsewhere/all#0001"
    again = await restarted(bot, db_path, timedelta(seconds=5), worker=worker)
    if not successor:
        again.client.worker = worker

    def round_posts() -> list[dict[str, Any]]:
        return [m for m in again.posted_in(CHANNEL_ID) if "round 1 of 2" in (m["content"] or "")]

    await tourney_posts.run_pass(again.client)
    await again.settle()
    if not successor:  # the lease is another process's: waited out (five minutes)
        assert round_posts() == []
        clock = again.service.pipeline.clock
        assert isinstance(clock, FakeClock)
        clock.now += timedelta(minutes=5, seconds=1)
        await tourney_posts.run_pass(again.client)
        await again.settle()
    assert len(round_posts()) == 1
    for table in tables:
        game = await again.service.game(table.game_id or 0)
        assert game.thread_id is not None
        assert len(turns_in(again, int(game.thread_id))) == 1
