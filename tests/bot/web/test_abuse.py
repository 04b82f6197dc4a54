"""The web companion under abuse, served as ``campfire web`` serves it (``start``): the
probe's inputs at every route (a plain 404 or aiohttp's 400, never a 500, a traceback
or a token in the log), the security headers and a version-less ``Server`` on every
answer, aiohttp's own included, and a flood above the caps (event streams in all and
per address, connections that never finish their request) that leaves ``/healthz`` and
the pages answering with at most one log line per kind of refusal. The HTTP layer is
the same over both stores: these run on SQLite only (``db_path``)."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import re
import socket
import time
from collections.abc import AsyncIterator, Callable
from pathlib import Path
from typing import Any
from urllib.parse import quote

import pytest
from aiohttp import ClientSession, ClientTimeout, web

from bot.service import GameService
from bot.store.database import SqlStore
from bot.web.app import SITE, Streams, create_app, number, start
from bot.web.hardening import SECURITY_HEADERS
from bot.web.tokens import agenda_subject, player_subject, standings_subject, tournament_subject
from tests.bot.web.conftest import (
    GUILD,
    NOW,
    PEOPLE,
    SECRET,
    game_token,
    open_game,
    play,
    tiny_png,
)

PROBES = (
    "²",
    "١٢",
    "٣",
    "１",
    "-1",
    "+1",
    " 1",
    "1 ",
    "1_0",
    "0x1",
    "1e3",
    "99999999999999999999999999",
    "",
    "junk",
    "\x00",
    "\xff",
    "../../etc/passwd",
    "%",
    "x" * 5000,
)
"""What the probe threw at each part of every address."""


async def served(app: web.Application, idle_seconds: float = 20.0) -> tuple[web.AppRunner, str]:
    return await start(app, "127.0.0.1", 0, idle_seconds=idle_seconds)


@pytest.fixture
async def serving(store: SqlStore) -> AsyncIterator[Callable[..., Any]]:
    """``await serving(**create_app options)``: ``campfire web``'s serving of the app on
    a free port; its address."""
    runners: list[web.AppRunner] = []

    async def make(idle_seconds: float = 20.0, **options: Any) -> tuple[web.Application, str]:
        options.setdefault("clock", lambda: NOW)
        options.setdefault("drawer", tiny_png)
        app = create_app(store, SECRET, **options)
        runner, address = await served(app, idle_seconds)
        runners.append(runner)
        return app, address

    yield make
    for runner in runners:
        await runner.cleanup()


def test_a_step_is_ascii_digits_only() -> None:
    from bot.web.hardening import NotFound

    assert number("0") == 0 and number("123456789") == 123456789
    for text in ("²", "١٢", "１", "-1", "+1", " 1", "1_0", "", "1234567890", "0x1"):
        with pytest.raises(NotFound):
            number(text)


def no_secret_in(caplog: pytest.LogCaptureFixture, *tokens: str) -> None:
    text = caplog.text
    for record in caplog.records:
        text += record.getMessage()
    for token in tokens:
        assert token.rsplit(".", 1)[-1] not in text, "a link's signature reached the log"


async def test_the_probes_inputs_at_every_route(
    store: SqlStore,
    db_path: Path,
    serving: Callable[..., Any],
    nim: None,
    caplog: pytest.LogCaptureFixture,
) -> None:
    caplog.set_level(logging.INFO)
    service = GameService(store)
    try:
        game = await open_game(service, "nim", 2)
        await play(service, game, 7)
        tournament = await service.tournaments.open(
            guild_id=GUILD, channel_id="77", organiser=PEOPLE[0], rules="nim"
        )
        await service.tournaments.register(tournament.id, PEOPLE[1])
        # stopped, as the game is over: its event stream ends at once
        await service.tournaments.cancel(tournament.id, PEOPLE[0].user_id)
    finally:
        service.close()
    app, address = await serving()
    tokens = {
        "token": game_token(game.id),
        "standings": standings_subject(GUILD),
        "player": player_subject(GUILD, "101"),
    }
    from bot.web.tokens import make_token

    good = {
        "token": tokens["token"],
        "mark": "0",
        "layout": "full",
        "lang": "en",
        "kind": "json",
        "name": "campfire.css",
    }
    signed = {
        "/s/{token}": make_token(SECRET, tokens["standings"], NOW),
        "/p/{token}": make_token(SECRET, tokens["player"], NOW),
        **{
            route: make_token(SECRET, agenda_subject("101"), NOW)
            for route in ("/u/{token}", "/u/{token}/fragment", "/u/{token}/poll")
        },
    }
    tournament_token = make_token(SECRET, tournament_subject(tournament.id), NOW)
    for part in ("", "/fragment", "/events", "/poll"):
        signed["/t/{token}" + part] = tournament_token
    patterns = [
        route.resource.canonical for route in app.router.routes() if route.resource is not None
    ]
    assert len(patterns) >= 18
    statuses: dict[int, int] = {}
    async with ClientSession(timeout=ClientTimeout(total=30)) as session:

        async def ask(path: str) -> None:
            async with session.get(address + path) as answer:
                body = await answer.read()
                statuses[answer.status] = statuses.get(answer.status, 0) + 1
                assert answer.status in (200, 404), (path, answer.status)
                assert b"Traceback" not in body, path
                assert answer.headers["Server"] == "campfire", path
                for name in SECURITY_HEADERS:
                    assert name in answer.headers, (path, name)

        for pattern in patterns:
            values = dict(good, token=signed.get(pattern, good["token"]))
            names = re.findall(r"{(\w+)}", pattern)
            await ask(pattern.format(**values))
            for name in names:
                for probe in PROBES:
                    await ask(pattern.format(**dict(values, **{name: quote(probe, safe="")})))
            for field in ("at", "layout", "lang"):
                for probe in PROBES:
                    await ask(f"{pattern.format(**values)}?{field}={quote(probe, safe='')}")
    assert statuses[404] > 500 and statuses[200] > 50
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR]
    assert "Traceback" not in caplog.text
    no_secret_in(caplog, good["token"], *signed.values())
    assert {p for p in patterns if p.startswith("/t/")} <= set(signed)


def raw(address: str, data: bytes, timeout: float = 10.0) -> bytes:
    """Send ``data`` as is and read the answer until the server closes."""
    host, port = address.removeprefix("http://").split(":")
    with socket.create_connection((host, int(port)), timeout=timeout) as sock:
        sock.sendall(data)
        chunks = []
        while chunk := sock.recv(65536):
            chunks.append(chunk)
    return b"".join(chunks)


async def test_malformed_http_gets_a_hardened_400_and_one_log_line(
    store: SqlStore,
    db_path: Path,
    serving: Callable[..., Any],
    nim: None,
    caplog: pytest.LogCaptureFixture,
) -> None:
    caplog.set_level(logging.INFO)
    _, address = await serving()
    token = game_token(1)
    line = f"GET /g/{token}?at=1 HTTP/1.1\r\nHost: x\r\n".encode()
    cases = (
        line + b"X-Big: " + b"a" * 100_000 + b"\r\n\r\n",
        line + b"X-Byte: \xff\x00\r\n\r\n",
        b"\xff\xfe\xfd " + line[4:] + b"\r\n",
        f"FROB /g/{token} HTTP/1.1\r\nHost: x\r\n\r\n".encode(),
        b"GET /healthz HTTP/1.1\r\nHost: x\r\nHost: y\r\nContent-Length: x\r\n\r\n",
    ) * 3
    for data in cases:
        answer = await asyncio.to_thread(raw, address, data)
        head, _, body = answer.partition(b"\r\n\r\n")
        lines = head.decode("latin-1").split("\r\n")
        assert lines[0].split(" ")[1] in ("400", "404", "405", "413", "431"), lines[0]
        headers = {k.lower(): v.strip() for k, _, v in (h.partition(":") for h in lines[1:])}
        assert headers["server"] == "campfire", lines
        for name in SECURITY_HEADERS:
            assert headers.get(name.lower()) == SECURITY_HEADERS[name], (name, lines)
        assert token.encode() not in body
    refused = [r for r in caplog.records if "malformed" in r.getMessage()]
    assert len(refused) == 1, [r.getMessage() for r in caplog.records]
    assert "Traceback" not in caplog.text and not any(r.exc_info for r in caplog.records)
    no_secret_in(caplog, token)


async def test_a_flood_above_the_caps_leaves_the_pages_answering(
    store: SqlStore,
    db_path: Path,
    serving: Callable[..., Any],
    nim: None,
    caplog: pytest.LogCaptureFixture,
) -> None:
    """Caps of 12 streams in all and 4 per address, an idle limit of 1 s: 6 streams from
    one address and 16 from others are 4 + 8 admitted, the rest a 503 with
    ``Retry-After``; 60 connections that never finish a request are closed after the
    idle limit; meanwhile ``/healthz`` and the game's page answer; each kind of refusal
    is logged once."""
    caplog.set_level(logging.INFO)
    service = GameService(store)
    try:
        game = await open_game(service, "nim", 2)
        game = await play(service, game, 3, moves=1)
    finally:
        service.close()
    app, address = await serving(idle_seconds=1.0, streams=Streams(at_once=12, per_address=4))
    token = game_token(game.id)
    site = app[SITE]
    host, port = address.removeprefix("http://").split(":")
    half_open = []
    for n in range(60):
        sock = socket.create_connection((host, int(port)))
        if n % 2:
            sock.sendall(f"GET /g/{token} HTTP/1.1\r\nHost: x\r\nX-Slow: ".encode())
        sock.setblocking(False)
        half_open.append(sock)
    started = time.monotonic()
    async with ClientSession(timeout=ClientTimeout(total=10)) as session:
        streams = []
        refused = []
        forwarded = [None] * 6 + [f"10.0.0.{n}" for n in range(16)]
        for who in forwarded:
            headers = {"X-Forwarded-For": f"203.0.113.9, {who}"} if who else {}
            answer = await session.get(f"{address}/g/{token}/events", headers=headers)
            if answer.status == 200:
                assert (await answer.content.readuntil(b"\n\n")).startswith(b"event: revision")
                streams.append(answer)
            else:
                refused.append(answer)
        assert len(streams) == 12 and site.streams.open == 12
        assert len(refused) == 10
        for answer in refused:
            assert answer.status == 503 and answer.headers["Retry-After"] == "30"
            assert answer.headers["Server"] == "campfire"
            assert "Content-Security-Policy" in answer.headers
            assert "live followers" in await answer.text()
        for _ in range(3):
            health = await session.get(f"{address}/healthz")
            assert health.status == 200 and await health.text() == "ok\n"
            page = await session.get(f"{address}/g/{token}")
            assert page.status == 200
            polled = await session.get(f"{address}/g/{token}/poll")
            assert polled.status == 200
        assert time.monotonic() - started < 1.0  # all this while the half-open ones hold
        await asyncio.sleep(2.5)
        closed = 0
        for sock in half_open:
            with contextlib.suppress(BlockingIOError):
                closed += sock.recv(1) == b""
            sock.close()
        assert closed == len(half_open)  # the idle limit closed every one
        for answer in streams:
            answer.close()
    for _ in range(50):
        if site.streams.open == 0:
            break
        await asyncio.sleep(0.05)
    assert site.streams.open == 0 and site.streams.by_address == {}
    lines = [r.getMessage() for r in caplog.records if "refused" in r.getMessage()]
    assert len(lines) == 2, lines  # one per kind: from one address, in all
    assert any("from one address" in line for line in lines)
    assert any("in all" in line for line in lines)
    assert site.refusals.counts == {"streams.address": 2, "streams.all": 8}
    site.refusals.flush()  # what a stop writes: the counts not written yet
    lines = [r.getMessage() for r in caplog.records if "refused" in r.getMessage()]
    assert "(1 more like it since the last line)" in lines[-2]  # from one address
    assert "(7 more like it since the last line)" in lines[-1]  # in all
    no_secret_in(caplog, token)


async def test_stopping_ends_the_event_streams_at_once(
    store: SqlStore, db_path: Path, nim: None
) -> None:
    service = GameService(store)
    try:
        game = await open_game(service, "nim", 2)
    finally:
        service.close()
    app = create_app(store, SECRET, clock=lambda: NOW, drawer=tiny_png)
    runner, address = await served(app)
    async with ClientSession() as session:
        streams = [await session.get(f"{address}/g/{game_token(game.id)}/events") for _ in range(3)]
        for answer in streams:
            await answer.content.readuntil(b"\n\n")
        started = time.monotonic()
        await runner.cleanup()
        assert time.monotonic() - started < 2.0
        for answer in streams:
            assert await asyncio.wait_for(answer.content.read(), 2) == b""  # ended


async def test_a_failure_is_logged_once_a_minute_without_its_token(
    store: SqlStore,
    db_path: Path,
    serving: Callable[..., Any],
    nim: None,
    caplog: pytest.LogCaptureFixture,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A bug behind a page: a plain 500 to the reader, one ERROR line with its traceback
    (the route's pattern, the token's signature redacted even inside the exception's
    message), and the next ones counted, not written."""
    from bot.web.app import Site

    caplog.set_level(logging.INFO)
    service = GameService(store)
    try:
        game = await open_game(service, "nim", 2)
    finally:
        service.close()

    async def broken(self: Site, archived: Any, token: str, *args: Any) -> Any:
        raise ValueError(f"cannot build the page of {token}")

    monkeypatch.setattr(Site, "game_page", broken)
    _, address = await serving()
    token = game_token(game.id)
    async with ClientSession() as session:
        for _ in range(5):
            async with session.get(f"{address}/g/{token}") as answer:
                assert answer.status == 500
                assert token not in await answer.text()
                assert answer.headers["Server"] == "campfire"
    failures = [r for r in caplog.records if r.levelno >= logging.ERROR]
    assert len(failures) == 1
    assert "GET /g/{token} failed" in failures[0].getMessage()
    assert "cannot build the page of g" in caplog.text and "<signature>" in caplog.text
    no_secret_in(caplog, token)


async def test_a_request_dripped_a_byte_at_a_time_is_cut_at_the_idle_limit(
    store: SqlStore, db_path: Path, serving: Callable[..., Any], nim: None
) -> None:
    """Headers sent slowly (a byte every 0.1 s, never finished) do not keep the
    connection: it is closed once the idle limit (here 1 s) has passed since it opened."""
    _, address = await serving(idle_seconds=1.0)
    host, port = address.removeprefix("http://").split(":")
    reader, writer = await asyncio.open_connection(host, int(port))
    started = time.monotonic()
    request = b"GET /healthz HTTP/1.1\r\nHost: x\r\nX-Slow: " + b"a" * 100
    closed = False
    try:
        for byte in request:
            writer.write(bytes([byte]))
            with contextlib.suppress(TimeoutError):
                if await asyncio.wait_for(reader.read(1), 0.1) == b"":
                    closed = True
                    break
    except ConnectionError:
        closed = True
    finally:
        writer.close()
    took = time.monotonic() - started
    assert closed and 0.9 < took < 3.0, took


async def test_a_reader_who_stops_reading_is_dropped_after_the_send_limit(
    store: SqlStore,
    db_path: Path,
    serving: Callable[..., Any],
    nim: None,
    caplog: pytest.LogCaptureFixture,
) -> None:
    """A picture too big for the socket buffers, asked by a reader who never reads it:
    the connection is dropped once the send limit (here 1 s) has passed, with one log
    line; a reader who reads gets it whole."""
    caplog.set_level(logging.INFO)
    service = GameService(store)
    try:
        game = await open_game(service, "nim", 2)
    finally:
        service.close()
    big = b"\x89PNG" + bytes(24 * 1024 * 1024)
    app, address = await serving(drawer=lambda *_, **__: big, send_seconds=1.0)
    path = f"/g/{game_token(game.id)}/board/0-full-en.png"
    host, port = address.removeprefix("http://").split(":")
    sock = socket.socket()
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    sock.connect((host, int(port)))
    sock.sendall(f"GET {path} HTTP/1.1\r\nHost: x\r\n\r\n".encode())
    started = time.monotonic()
    await asyncio.sleep(2.5)  # never reading meanwhile
    sock.setblocking(False)
    received = 0
    gone = False
    with contextlib.suppress(BlockingIOError):
        while chunk := sock.recv(1 << 20):
            received += len(chunk)
        gone = True
    if not gone:  # what was in flight is read; then the end must come
        sock.setblocking(True)
        sock.settimeout(5)
        with contextlib.suppress(ConnectionResetError):
            while chunk := sock.recv(1 << 20):
                received += len(chunk)
        gone = True
    sock.close()
    assert gone and received < len(big), received
    assert time.monotonic() - started < 8
    lines = [r.getMessage() for r in caplog.records if "took no answer" in r.getMessage()]
    assert len(lines) == 1
    async with ClientSession() as session, session.get(address + path) as answer:
        assert answer.status == 200 and len(await answer.read()) == len(big)
