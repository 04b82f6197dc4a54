"""``campfire web``: refuses to start without its secret (one line, status 2), reads the
same settings as the bot, and serves pages from its own process; the signed links."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

from bot.config import ConfigError, load_settings
from bot.frontends.cli import main
from bot.web.tokens import (
    LINK_SECONDS,
    SKEW_SECONDS,
    WebLinks,
    game_subject,
    make_token,
    player_subject,
    verify,
)

SECRET = b"0123456789abcdef-secret"


def test_without_a_secret_it_does_not_start(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.delenv("CAMPFIRE_WEB_SECRET", raising=False)
    status = main(["web", "--env", str(tmp_path / "none.env"), "--port", "0"])
    err = capsys.readouterr().err
    assert status == 2
    assert err.startswith("campfire: CAMPFIRE_WEB_SECRET is not set") and err.count("\n") == 1


def test_settings_of_the_companion(tmp_path: Path) -> None:
    env = {"CAMPFIRE_WEB_SECRET": "x" * 16, "CAMPFIRE_WEB_URL": "https://example.org/c"}
    settings = load_settings(None, env)
    links = settings.web_links()
    assert links == WebLinks("https://example.org/c", b"x" * 16)
    assert "x" * 16 not in repr(settings)
    assert load_settings(None, {"CAMPFIRE_WEB_SECRET": "x" * 16}).web_links() is None
    with pytest.raises(ConfigError, match="at least 16"):
        load_settings(None, {"CAMPFIRE_WEB_SECRET": "short"})
    with pytest.raises(ConfigError, match="http"):
        load_settings(None, {"CAMPFIRE_WEB_URL": "example.org"})


def test_links_expire_and_cannot_be_moved_to_another_subject() -> None:
    now = 1_800_000_000
    token = make_token(SECRET, game_subject(12), now)
    assert verify(SECRET, token, now) is not None
    assert verify(SECRET, token, now + LINK_SECONDS) is not None
    assert verify(SECRET, token, now + LINK_SECONDS + 1) is None
    assert verify(SECRET, token, now - SKEW_SECONDS) is not None  # another machine's clock
    assert verify(SECRET, token, now - SKEW_SECONDS - 1) is None
    _, issued, mac = token.split(".")
    assert verify(SECRET, f"{game_subject(13)}.{issued}.{mac}", now) is None
    assert verify(SECRET, f"{game_subject(12)}.{issued}1.{mac}", now) is None
    assert verify(b"another-secret-entirely", token, now) is None
    player = verify(SECRET, make_token(SECRET, player_subject("42", "1001"), now), now)
    assert player is not None and (player.guild_id, player.user_id) == ("42", "1001")
    url = WebLinks("https://example.org/c/", SECRET).game_url(12, now)
    assert url == f"https://example.org/c/g/{token}"
    with pytest.raises(ValueError):
        make_token(SECRET, "g12/../x", now)


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def test_campfire_web_serves_from_its_own_process(tmp_path: Path) -> None:
    port = free_port()
    env = {
        **os.environ,
        "CAMPFIRE_WEB_SECRET": SECRET.decode(),
        "CAMPFIRE_DB": str(tmp_path / "campfire.sqlite3"),
    }
    process = subprocess.Popen(
        [sys.executable, "-m", "bot.frontends.cli", "web", "--port", str(port), "--env", "none"],
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    try:
        assert process.stdout is not None
        line = ""
        for _ in range(40):  # the log of the migrations, then the address
            line = process.stdout.readline()
            if "serving on" in line or not line:
                break
        assert f"serving on http://127.0.0.1:{port}" in line
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=10) as answer:
            assert answer.read() == b"ok\n"
        token = make_token(SECRET, game_subject(1), time.time())
        with pytest.raises(urllib.error.HTTPError) as missing:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/g/{token}", timeout=10)
        assert missing.value.code == 404
    finally:
        process.terminate()
        process.wait(timeout=20)


def started_game(db: Path) -> int:
    """A running two-player Nim game in a new database at ``db``; its id."""
    import asyncio

    from bot.service import GameService, Player
    from bot.store import open_store

    async def make() -> int:
        store = await open_store(str(db))
        service = GameService(store)
        try:
            lobby = await service.create_lobby(
                rules="nim", options=None, guild_id="9", channel_id="7", creator=Player("1", "A")
            )
            await service.join(lobby.id, Player("2", "B"))
            return (await service.start(lobby.id, "1")).game.id
        finally:
            service.close()
            await store.close()

    return asyncio.run(make())


@pytest.mark.parametrize("stop", [signal.SIGINT, signal.SIGTERM], ids=["ctrl-c", "sigterm"])
def test_campfire_web_stops_at_once_with_readers_connected(
    tmp_path: Path, stop: signal.Signals
) -> None:
    """Three readers follow a running game's events; Ctrl+C (or a service manager's
    SIGTERM) stops ``campfire web`` within two seconds, their streams ended."""
    db = tmp_path / "campfire.sqlite3"
    game_id = started_game(db)
    port = free_port()
    env = {**os.environ, "CAMPFIRE_WEB_SECRET": SECRET.decode(), "CAMPFIRE_DB": str(db)}
    process = subprocess.Popen(
        [sys.executable, "-m", "bot.frontends.cli", "web", "--port", str(port), "--env", "none"],
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    readers: list[socket.socket] = []
    try:
        assert process.stdout is not None
        for _ in range(40):
            if "serving on" in process.stdout.readline():
                break
        token = make_token(SECRET, game_subject(game_id), time.time())
        for _ in range(3):
            reader = socket.create_connection(("127.0.0.1", port), timeout=10)
            reader.sendall(f"GET /g/{token}/events HTTP/1.1\r\nHost: x\r\n\r\n".encode())
            first = b""
            while b"event: revision" not in first:
                first += reader.recv(4096)
            readers.append(reader)
        started = time.monotonic()
        process.send_signal(stop)
        status = process.wait(timeout=20)
        assert time.monotonic() - started < 2.0
        assert status == (130 if stop == signal.SIGINT else 0)
        for reader in readers:
            rest = b""
            while chunk := reader.recv(4096):
                rest += chunk
            assert rest.endswith(b"0\r\n\r\n")  # each stream ended properly
        output = process.stdout.read()
        assert "Traceback" not in output, output
    finally:
        for reader in readers:
            reader.close()
        if process.poll() is None:
            process.kill()
            process.wait()


def test_the_open_file_limit_is_raised_to_the_hard_limit() -> None:
    import resource

    from bot.web.app import raise_file_limit

    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    try:
        resource.setrlimit(resource.RLIMIT_NOFILE, (min(256, hard), hard))
        wanted = hard if hard != resource.RLIM_INFINITY else 65_536
        assert raise_file_limit() == wanted
        assert resource.getrlimit(resource.RLIMIT_NOFILE) == (wanted, hard)
    finally:
        resource.setrlimit(resource.RLIMIT_NOFILE, (soft, hard))
