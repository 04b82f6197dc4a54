"""Discord's rate limits: waited out up to a bound, given up beyond it, logged once.

discord.py waits out a 429 (per route, or global: every request of the bot waits) and
tries again. A 429 that asks for more than ``MAX_WAIT`` seconds (Discord may ask for
an hour) is given up instead (discord.py's ``max_ratelimit_timeout``, which raises
``discord.RateLimited``): holding a table's posting queue, or every post of the bot, for
that long would leave every game silent. ``give_up_long_waits`` turns that error into
``GaveUp``, a ``discord.HTTPException``, so every place that already survives Discord
refusing a post (the table's queue releases its claim, the catch-up posts it later)
survives this too, and logs it once per rate limit: one warning when Discord first asks
for a long wait, none for the requests given up until that time has passed.

Moves never wait for Discord: a move is stored before the Discord layer makes any call
that could wait (``bot.discord.actions.play``); only its announcement waits.
"""

from __future__ import annotations

import functools
import logging
import time
from collections.abc import Callable, Coroutine
from types import SimpleNamespace
from typing import Any, cast

import discord

log = logging.getLogger("campfire.discord.ratelimits")

MAX_WAIT = 60.0
"""The longest rate limit waited out, in seconds (discord.py's
``max_ratelimit_timeout``; it accepts 30 at least)."""


class GaveUp(discord.HTTPException):
    """A request given up because Discord asked to wait more than ``MAX_WAIT`` seconds
    (``retry_after``): the table catches up later, like after any refused post."""

    def __init__(self, retry_after: float) -> None:
        response = SimpleNamespace(status=429, reason="Too Many Requests")
        message = f"rate limited for {retry_after:.0f} s (more than {MAX_WAIT:.0f} s): given up"
        # discord.py types it as an aiohttp response; it reads .status and .reason
        super().__init__(cast(Any, response), {"code": 0, "message": message})
        self.retry_after = retry_after


class LongWaits:
    """When the rate limit being given up ends (monotonic time), so that it is logged
    once: the first request given up logs a warning, the next ones until then only at
    debug level."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self.clock = clock
        self.until = 0.0

    def gave_up(self, retry_after: float, method: str, path: str) -> None:
        now = self.clock()
        if now >= self.until:
            log.warning(
                "Discord asks the bot to wait %.0f s (%s %s), more than the %.0f s it waits "
                "out: posts are given up until then, and each table catches up later",
                retry_after,
                method,
                path,
                MAX_WAIT,
            )
        else:
            log.debug("given up under the same rate limit: %s %s", method, path)
        self.until = max(self.until, now + retry_after)


Request = Callable[..., Coroutine[Any, Any, Any]]


def give_up_long_waits(request: Request, waits: LongWaits) -> Request:
    """``request`` (``HTTPClient.request``) raising ``GaveUp`` where discord.py gives up
    a rate limit longer than its ``max_ratelimit_timeout``, logged once by ``waits``."""

    @functools.wraps(request)
    async def requesting(route: discord.http.Route, **kwargs: Any) -> Any:
        try:
            return await request(route, **kwargs)
        except discord.RateLimited as exc:
            waits.gave_up(exc.retry_after, route.method, route.path)
            raise GaveUp(exc.retry_after) from exc

    return requesting


class _GivenUpLine(logging.Filter):
    """Drops discord.py's own warning for each request it gives up (``Timeout of ...
    was too long, erroring instead``): ``LongWaits`` says it once."""

    def filter(self, record: logging.LogRecord) -> bool:
        return "erroring instead" not in str(record.msg)


GIVEN_UP_LINE = _GivenUpLine()
logging.getLogger(discord.http.__name__).addFilter(GIVEN_UP_LINE)  # the same filter each import
