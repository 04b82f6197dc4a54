"""Discord's rate limits (issue 37, point 4), through discord.py's own request code over a
fake HTTP session that answers 429 (``campfire_testing.harness.real_http``):

- a move is stored before the bot makes any call to Discord that could wait: under a
  global 429, with the game's thread not in discord.py's cache (an archived thread), the
  first request the bot sends comes after the move is in the store;
- a short 429, per route or global, is waited out and the post is made;
- a 429 asking for an hour is given up at once (``max_ratelimit_timeout``), logged once
  however many posts meet it, and the table catches up once Discord answers again.
"""

from __future__ import annotations

import logging
import time

import pytest

from bot.discord.publish import catch_up
from bot.discord.ratelimits import MAX_WAIT
from campfire_testing.harness import Harness, Limit, RateLimitedSession, real_http
from tests.bot.discord.conftest import BOB
from tests.bot.discord.test_game_flow import USERS, start_game

POST = "POST /channels/{channel_id}/messages"
HOUR = 3600.0


async def _move(bot: Harness, code: str = "take1") -> int:
    """Whoever is to act in game 1 plays ``code`` with ``/campfire move``; the revision
    after it."""
    game = await bot.service.game(1)
    said = [c.content for c in await bot.command(USERS[game.to_act[0]], "move", move=code)]
    assert any("You played" in text for text in said), said
    return (await bot.service.game(1)).version


def _watch_versions(bot: Harness, session: RateLimitedSession) -> list[tuple[str, int]]:
    """``(request, the game's stored revision when it was sent)`` for each request."""
    seen: list[tuple[str, int]] = []

    async def before(key: str) -> None:
        seen.append((key, (await bot.service.game(1)).version))

    session.before = before
    return seen


async def test_the_client_gives_up_rate_limits_longer_than_the_bound(bot: Harness) -> None:
    assert bot.client.http.max_ratelimit_timeout == MAX_WAIT == 60.0


async def test_a_move_is_stored_before_any_call_to_discord_under_a_global_rate_limit(
    bot: Harness,
) -> None:
    """The issue's probe: the thread is not in discord.py's cache (the harness never
    caches threads, as for an archived one), and Discord answers a global 429 to the
    first request. Before, that request was the thread's fetch, made before the move
    was stored, so the move waited out the whole limit."""
    thread = await start_game(bot, BOB)
    with real_http(bot) as session:
        seen = _watch_versions(bot, session)
        session.limits = [Limit("*", 0.3, is_global=True)]
        began = time.monotonic()
        assert await _move(bot) == 1
        waited = time.monotonic() - began
    assert seen[0][1] == 1, seen  # the first call to Discord: the move was stored already
    assert session.answered[0][1] == 429 and waited >= 0.3
    posted = [key for key, status in session.answered if key == POST and status == 200]
    assert posted and bot.find(thread, "cf:play:1:1")  # waited out, then posted


async def test_a_per_route_rate_limit_is_waited_out_and_the_turn_posted(
    bot: Harness, caplog: pytest.LogCaptureFixture
) -> None:
    thread = await start_game(bot, BOB)
    with real_http(bot) as session:
        session.limits = [Limit(POST, 0.2, times=2)]
        assert await _move(bot) == 1
    assert [s for k, s in session.answered if k == POST][:3] == [429, 429, 200]
    assert bot.find(thread, "cf:play:1:1")
    assert not [r for r in caplog.records if r.name.startswith("campfire")]


@pytest.mark.parametrize("is_global", [True, False], ids=["global", "per-route"])
async def test_a_rate_limit_of_an_hour_is_given_up_logged_once_and_caught_up_later(
    bot: Harness, caplog: pytest.LogCaptureFixture, is_global: bool
) -> None:
    thread = await start_game(bot, BOB)
    caplog.set_level(logging.DEBUG)
    caplog.clear()
    with real_http(bot) as session:
        session.limits = [Limit("*" if is_global else POST, HOUR, is_global, times=1000)]
        began = time.monotonic()
        for expected in (1, 2, 3):  # three moves, each stored and answered at once
            assert await _move(bot) == expected
        assert time.monotonic() - began < 10
        assert not _has(bot, thread, 3)  # nothing posted while Discord asks to wait
        warnings = [r for r in caplog.records if r.levelno >= logging.WARNING]
        assert [r.name for r in warnings] == ["campfire.discord.ratelimits"], [
            (r.name, r.getMessage()) for r in warnings
        ]
        assert "3600 s" in warnings[0].getMessage() and warnings[0].exc_info is None
        assert not any("erroring instead" in r.getMessage() for r in caplog.records)
        given_up = [k for k, s in session.answered if s == 429]
        assert len(given_up) >= 3
        session.limits = []  # Discord answers again: the catch-up posts what was missed
        assert await catch_up(bot.client) == [1]
    assert _has(bot, thread, 3)


def _has(bot: Harness, thread: int, version: int) -> bool:
    """Whether a turn message for ``version`` of game 1 is in ``thread``."""
    try:
        bot.find(thread, f"cf:play:1:{version}")
    except AssertionError:
        return False
    return True
