"""A database file SQLite cannot use is refused in one line by every front end, and a
damaged one fails each call with a clear error instead of a raw ``sqlite3`` one."""

from __future__ import annotations

import asyncio
import os
import shutil
import sqlite3
import subprocess
import sys
import threading
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path

import pytest

from bot.service import GameService
from bot.store import Store, StoreError
from rules.base import CampfireError, Text
from rules.i18n import translate

ROOT = Path(__file__).resolve().parents[2]
AT = datetime(2026, 1, 1, tzinfo=UTC)
PAGE = 4096


async def _fill(path: Path, games: int = 30) -> None:
    async with Store(path) as store:
        for _ in range(games):
            await store.create_game(
                guild_id="g",
                channel_id="c",
                rules="nim",
                rules_version=1,
                options={"padding": "x" * 200},
                seed="s",
                creator="u1",
                creator_name="Alice",
                min_seats=2,
                max_seats=4,
                at=AT,
            )


@pytest.fixture
def good_file(tmp_path: Path) -> Path:
    path = tmp_path / "good.sqlite3"
    asyncio.run(_fill(path))
    assert sqlite3.connect(path).execute("PRAGMA page_size").fetchone()[0] == PAGE
    return path


def _root_page(path: Path, table: str) -> int:
    connection = sqlite3.connect(path)
    try:
        (page,) = connection.execute(
            "SELECT rootpage FROM sqlite_master WHERE name = ?", (table,)
        ).fetchone()
    finally:
        connection.close()
    return int(page)


def _broken(kind: str, good: Path, into: Path) -> Path:
    """A copy of ``good`` damaged the way ``kind`` says."""
    data = bytearray(good.read_bytes())
    path = into / f"{kind}.sqlite3"
    if kind == "truncated":
        data = data[:2000]
    elif kind == "bad-header":
        data[:16] = b"NOT A DATABASE!!"
    elif kind == "malformed":  # the schema page is garbage after the header
        data[100:PAGE] = b"\xff" * (PAGE - 100)
    elif kind == "corrupt-pages":  # the schema is fine, the games table is not
        page = _root_page(good, "games") - 1
        data[page * PAGE : (page + 1) * PAGE] = b"\x07" * PAGE
    elif kind == "newer-schema":
        shutil.copy(good, path)
        connection = sqlite3.connect(path)
        connection.execute("INSERT INTO schema_version VALUES (99, '2099-01-01')")
        connection.commit()
        connection.close()
        return path
    else:
        raise AssertionError(kind)
    path.write_bytes(bytes(data))
    return path


@pytest.fixture
def read_only_file(good_file: Path, tmp_path: Path) -> Iterator[Path]:
    """A valid database SQLite may not write (immutable for root, else mode 0444)."""
    path = tmp_path / "read-only.sqlite3"
    shutil.copy(good_file, path)
    if os.geteuid() != 0:
        path.chmod(0o444)
        yield path
        path.chmod(0o644)
        return
    if shutil.which("chattr") is None:
        pytest.skip("no way to make a file read-only for root")
    if subprocess.run(["chattr", "+i", str(path)], capture_output=True).returncode != 0:
        pytest.skip("chattr +i is not supported here")
    try:
        yield path
    finally:
        subprocess.run(["chattr", "-i", str(path)], check=False)


def _bad_file(kind: str, good: Path, tmp_path: Path, read_only: Path | None) -> Path:
    if kind == "read-only":
        assert read_only is not None
        return read_only
    return _broken(kind, good, tmp_path)


UNREADABLE = ["truncated", "bad-header", "read-only", "malformed"]


def _worker_threads() -> list[threading.Thread]:
    """aiosqlite's worker threads still alive (given a moment to finish)."""
    for _ in range(50):
        alive = [t for t in threading.enumerate() if "_connection_worker_thread" in t.name]
        if not alive:
            return []
        threading.Event().wait(0.02)
    return alive


@pytest.mark.parametrize("kind", UNREADABLE)
async def test_an_unreadable_file_is_refused_and_its_worker_thread_closed(
    kind: str, good_file: Path, tmp_path: Path, request: pytest.FixtureRequest
) -> None:
    read_only = request.getfixturevalue("read_only_file") if kind == "read-only" else None
    path = _bad_file(kind, good_file, tmp_path, read_only)
    before = set(_worker_threads())
    with pytest.raises(StoreError) as refused:
        await Store.open(path)
    assert refused.value.key == "store.unreadable"
    assert refused.value.params["path"] == str(path) and refused.value.params["reason"]
    assert set(_worker_threads()) <= before  # nothing left that keeps the process alive


async def test_a_newer_schema_is_refused_with_a_keyed_error(
    good_file: Path, tmp_path: Path
) -> None:
    path = _broken("newer-schema", good_file, tmp_path)
    with pytest.raises(StoreError) as refused:
        await Store.open(path)
    assert refused.value.key == "store.newer_schema"
    assert refused.value.params["version"] == 99
    text = translate(Text(refused.value.key, refused.value.params), "en")
    assert "newer Campfire" in text and "\n" not in text


async def test_corrupt_pages_fail_each_call_with_a_clear_service_error(
    good_file: Path, tmp_path: Path, nim: None
) -> None:
    path = _broken("corrupt-pages", good_file, tmp_path)
    store = await Store.open(path)  # the schema is intact: it opens
    try:
        service = GameService(store)
        for call in (service.game(3), service.games_in_channel("c"), service.running_games()):
            with pytest.raises(CampfireError) as failed:
                await call
            assert failed.value.key == "store.damaged"
            assert not isinstance(failed.value, sqlite3.Error)
        for lang in ("en", "fr"):
            assert "campfire db check" in translate(Text("store.damaged"), lang)
    finally:
        await store.close()


def _campfire(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "bot.frontends.cli", *args],
        input="1\nquit\n",
        capture_output=True,
        text=True,
        timeout=60,  # before the fix, the console hung here forever
        cwd=ROOT,
        env={**os.environ, **(env or {})},
    )


def _assert_one_line(run: subprocess.CompletedProcess[str], *needles: str) -> None:
    err = run.stderr.strip()
    assert run.returncode == 2, err
    assert "Traceback" not in err and len(err.splitlines()) == 1, err
    assert err.startswith("campfire: ")
    for needle in needles:
        assert needle in err


FRONT_ENDS = ["console", "demo", "run"]


def _front_end(front: str, path: Path, tmp_path: Path) -> subprocess.CompletedProcess[str]:
    if front == "console":
        return _campfire("console", "origin-junior", "--players", "2", "--db", str(path))
    if front == "demo":
        out = str(tmp_path / "out")
        return _campfire(
            "demo",
            "origin-junior",
            "--players",
            "2",
            "--seed",
            "1",
            "--out",
            out,
            "--db",
            str(path),
        )
    settings = {"DISCORD_TOKEN": "not-a-token", "CAMPFIRE_DB": str(path)}
    return _campfire("run", "--env", str(tmp_path / "none.env"), env=settings)


@pytest.mark.parametrize("front", FRONT_ENDS)
@pytest.mark.parametrize("kind", UNREADABLE)
def test_every_front_end_refuses_an_unreadable_file_in_one_line_and_exits(
    front: str, kind: str, good_file: Path, tmp_path: Path, request: pytest.FixtureRequest
) -> None:
    read_only = request.getfixturevalue("read_only_file") if kind == "read-only" else None
    path = _bad_file(kind, good_file, tmp_path, read_only)
    _assert_one_line(_front_end(front, path, tmp_path), "Cannot use the database", str(path))


@pytest.mark.parametrize("front", FRONT_ENDS)
def test_every_front_end_refuses_a_newer_schema_in_one_line(
    front: str, good_file: Path, tmp_path: Path
) -> None:
    path = _broken("newer-schema", good_file, tmp_path)
    _assert_one_line(_front_end(front, path, tmp_path), "newer Campfire", str(path))


async def test_a_stored_text_that_is_not_utf8_is_a_damaged_store(
    good_file: Path, nim: None
) -> None:
    """Bytes that are not UTF-8 in a text column (written by another tool, or a flipped
    bit): ``store.damaged`` for each call that reads the row, not a raw sqlite3 error."""
    connection = sqlite3.connect(good_file)
    connection.execute("UPDATE games SET seed = CAST(x'41ff42' AS TEXT) WHERE id = 3")
    connection.commit()
    connection.close()
    store = await Store.open(good_file)
    try:
        service = GameService(store)
        with pytest.raises(CampfireError) as failed:
            await service.game(3)
        assert failed.value.key == "store.damaged"
        assert not isinstance(failed.value, sqlite3.Error)
        assert (await service.game(2)).id == 2  # the other rows still read
    finally:
        await store.close()


def test_db_check_names_the_game_whose_text_is_not_utf8(
    good_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from bot.frontends.cli import main

    connection = sqlite3.connect(good_file)
    connection.execute("UPDATE games SET seed = CAST(x'41ff42' AS TEXT) WHERE id = 3")
    connection.commit()
    connection.close()
    assert main(["db", "check", "--db", str(good_file)]) == 1
    out = capsys.readouterr().out.strip().splitlines()
    assert out[0].startswith("game 3: cannot be read (Could not decode to UTF-8")
    assert out[-1] == f"{good_file}: 1 problem(s) found"


def _schema_name_not_utf8(good: Path, into: Path) -> Path:
    """A copy of ``good`` whose schema names an index in bytes that are not UTF-8 (what
    random page damage writes): SQLite's own error then quotes that name, and Python
    cannot decode the message."""
    path = into / "schema-names.sqlite3"
    shutil.copy(good, path)
    connection = sqlite3.connect(path)
    connection.execute("PRAGMA writable_schema = ON")
    changed = connection.execute(
        "UPDATE sqlite_master SET name = CAST(x'67616d6573ff' AS TEXT) "
        "WHERE name = 'games_by_channel'"
    ).rowcount
    connection.commit()
    connection.close()
    assert changed == 1
    return path


async def test_a_schema_name_that_is_not_utf8_is_a_damaged_store(
    good_file: Path, tmp_path: Path
) -> None:
    path = _schema_name_not_utf8(good_file, tmp_path)
    before = set(_worker_threads())
    with pytest.raises(StoreError) as refused:
        await Store.open(path)
    assert refused.value.key == "store.damaged"
    assert isinstance(refused.value.__cause__, UnicodeDecodeError)
    assert set(_worker_threads()) <= before


@pytest.mark.parametrize("front", FRONT_ENDS)
def test_every_front_end_refuses_a_schema_name_that_is_not_utf8_in_one_line(
    front: str, good_file: Path, tmp_path: Path
) -> None:
    path = _schema_name_not_utf8(good_file, tmp_path)
    _assert_one_line(_front_end(front, path, tmp_path), "database is damaged", "db check")


def test_db_check_and_backup_report_a_schema_name_that_is_not_utf8(
    good_file: Path, tmp_path: Path
) -> None:
    path = _schema_name_not_utf8(good_file, tmp_path)
    check = _campfire("db", "check", "--db", str(path))
    assert "Traceback" not in check.stderr and check.returncode == 1, check.stderr
    assert check.stdout.splitlines() == [
        f"{path} is damaged (a name in its schema is not UTF-8)",
        f"{path}: 1 problem(s) found",
    ]
    copy = _campfire("db", "backup", "--db", str(path), str(tmp_path / "copy.sqlite3"))
    _assert_one_line(copy, "is damaged (a name in its schema is not UTF-8)")
