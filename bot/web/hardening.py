"""The companion's defences: bounded, token-free logs; plain refusals; headers; a hard request.

Everything a stranger on the internet may send is answered short and logged once in a
while (``Refusals``); no token reaches a log line (``Redacted``, ``redact``); every
answer carries the security headers (``harden``).
"""

from __future__ import annotations

import ipaddress
import logging
import re
import time
from collections.abc import Callable

from aiohttp import web
from aiohttp.http_exceptions import HttpProcessingError

log = logging.getLogger("campfire.web")


IDLE_SECONDS = 20.0
"""A connection that has not sent a whole request for this long is closed: an idle
keep-alive connection, or one still sending its request line and headers."""
SEND_SECONDS = 120.0
"""An answer (a page, a picture, a replay) the reader has not taken in this long is
dropped with its connection: a reader that stops reading holds nothing for long."""
LOG_EVERY_SECONDS = 60.0
"""At most one log line per kind of refusal in this time (the others are counted)."""
SERVER = "campfire"
"""The ``Server`` header of every answer (no version of anything)."""
SECURITY_HEADERS = {
    "Content-Security-Policy": (
        "default-src 'none'; img-src 'self'; style-src 'self'; script-src 'self'; "
        "connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
    ),
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
}


class NotFound(Exception):
    """Answer the plain 404 page."""


_TOKEN_TEXT = re.compile(r"([gsp][0-9][0-9A-Za-z_-]{0,63})\.([0-9a-z]{1,10})\.[0-9A-Za-z_-]{22}")


def redact(text: str) -> str:
    """``text`` with the signature of every link token in it replaced (the subject and
    issue time stay: they say which page, not how to open it)."""
    return _TOKEN_TEXT.sub(r"\1.\2.<signature>", text)


class Redacted(logging.Filter):
    """No token in a log line: the message and its traceback go through ``redact``."""

    _formatter = logging.Formatter()

    def filter(self, record: logging.LogRecord) -> bool:
        message = record.getMessage()
        clean = redact(message)
        if clean != message:
            record.msg, record.args = clean, None
        if record.exc_info and record.exc_text is None:
            record.exc_text = redact(self._formatter.formatException(record.exc_info))
        return True


class Refusals:
    """One log line per kind of refusal per ``every`` seconds, whatever the flood: the
    first of a kind is written at once, the next ones are counted and the count goes
    with the next line of that kind."""

    def __init__(
        self,
        logger: logging.Logger,
        every: float = LOG_EVERY_SECONDS,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.logger = logger
        self.every = every
        self.clock = clock
        self._last: dict[str, float] = {}
        self._unsaid: dict[str, int] = {}
        self._said: dict[str, tuple[str, tuple[object, ...], int]] = {}
        self.counts: dict[str, int] = {}
        """Refusals of each kind since the start."""

    def note(self, kind: str, message: str, *args: object, level: int = logging.WARNING) -> None:
        """Count a refusal of ``kind``; log it unless one was logged in the last
        ``every`` seconds (an ``ERROR`` carries the traceback being handled)."""
        self.counts[kind] = self.counts.get(kind, 0) + 1
        now = self.clock()
        last = self._last.get(kind)
        if last is not None and now - last < self.every:
            self._unsaid[kind] = self._unsaid.get(kind, 0) + 1
            return
        self._last[kind] = now
        self._said[kind] = (message, args, level)
        more = self._unsaid.pop(kind, 0)
        suffix = f" ({more} more like it since the last line)" if more else ""
        self.logger.log(level, message + suffix, *args, exc_info=level >= logging.ERROR)

    def flush(self) -> None:
        """Write the counts not written yet (the process is stopping)."""
        for kind, more in sorted(self._unsaid.items()):
            message, args, level = self._said[kind]
            self.logger.log(
                min(level, logging.WARNING),
                message + f" ({more} more like it since the last line)",
                *args,
            )
        self._unsaid.clear()


class HttpLog(logging.Filter):
    """What aiohttp's server logs (its logger is ``campfire.web.http``): a malformed
    request (its 400) becomes one line per minute naming the kind of error, without the
    request line or a traceback; anything else is kept, redacted."""

    def __init__(self, refusals: Refusals) -> None:
        super().__init__()
        self.refusals = refusals

    def filter(self, record: logging.LogRecord) -> bool:
        problem = record.exc_info[1] if record.exc_info else None
        if isinstance(problem, HttpProcessingError):
            self.refusals.note(
                "malformed", "refused malformed HTTP with a 400 (%s)", type(problem).__name__
            )
            return False
        return Redacted().filter(record)


def client_address(request: web.BaseRequest) -> str:
    """Who asks: the peer's address, or behind a reverse proxy on this machine (a
    loopback peer) the last address of its ``X-Forwarded-For``."""
    peer = request.remote or "?"
    forwarded = request.headers.get("X-Forwarded-For")
    if forwarded:
        try:
            loopback = ipaddress.ip_address(peer).is_loopback
        except ValueError:
            loopback = False
        if loopback:
            last = forwarded.rsplit(",", 1)[-1].strip()[:64]
            if last:
                return last
    return peer


def harden(response: web.StreamResponse) -> None:
    """The security headers and a ``Server`` without versions, on any answer."""
    response.headers["Server"] = SERVER
    for name, value in SECURITY_HEADERS.items():
        response.headers.setdefault(name, value)


async def harden_prepared(request: web.Request, response: web.StreamResponse) -> None:
    harden(response)


class Request(web.Request):
    """A request whose answer is hardened even when no route was reached: aiohttp's own
    400 for malformed HTTP bypasses middlewares and ``on_response_prepare``
    (aio-libs/aiohttp#6463), but not this hook; its text becomes the bare status."""

    async def _prepare_hook(self, response: web.StreamResponse) -> None:
        if self._match_info is None:
            harden(response)
            if isinstance(response, web.Response) and response.status >= 400:
                # aiohttp's text quotes the request line back (a link's token in it)
                response.text = f"{response.status} {response.reason}\n"
        await super()._prepare_hook(response)


class AcceptLog(logging.Filter):
    """asyncio's "socket.accept() out of system resource" (a flood that reached the
    open-file limit): one line per minute, without its traceback."""

    def __init__(self, refusals: Refusals) -> None:
        super().__init__()
        self.refusals = refusals

    def filter(self, record: logging.LogRecord) -> bool:
        if not str(record.msg).startswith("socket.accept() out of system resource"):
            return True
        self.refusals.note("accept", "connections refused: the open-file limit is reached")
        return False
