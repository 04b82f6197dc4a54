"""``campfire db backup FILE --db URL``: the machine's ``pg_dump`` in its custom format,
which ``pg_restore`` reads back into a database where the games go on; the password
never on ``pg_dump``'s command line nor in any message; a clear line when ``pg_dump`` is
missing or fails."""

from __future__ import annotations

import asyncio
import os
import shutil
import subprocess
from collections.abc import AsyncIterator
from pathlib import Path
from urllib.parse import urlsplit

import asyncpg
import pytest

from bot.frontends.cli import main
from bot.service import GameService
from bot.store import PostgresStore
from bot.store.pgdump import dump_command
from campfire_testing.pgcluster import Cluster, fresh_database
from tests.bot.conftest import ALICE, BOB, running_nim, seeds
from tests.bot.days import Clock

PASSWORD = "s3cret-Word"


def client_programs() -> None:
    """Skip (fail in CI) without ``pg_dump`` and ``pg_restore`` on ``PATH``."""
    missing = [p for p in ("pg_dump", "pg_restore") if shutil.which(p) is None]
    if missing:
        reason = f"{' and '.join(missing)} not on PATH"
        if os.environ.get("CI", "").lower() == "true":
            pytest.fail(f"CI=true but {reason}", pytrace=False)
        pytest.skip(reason)


@pytest.fixture
async def url(pg_cluster: Cluster) -> AsyncIterator[str]:
    """A fresh schema's URL, with a password (the test cluster trusts, and ignores it)."""
    client_programs()
    async with fresh_database(pg_cluster) as plain:
        yield plain.replace("campfire@", f"campfire:{PASSWORD}@", 1)


async def test_a_backup_of_a_url_is_restored_by_pg_restore_and_plays_on(
    url: str, pg_cluster: Cluster, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    async with PostgresStore(url) as store:
        service = GameService(store, seed_source=seeds(), clock=Clock())
        game = await running_nim(service, ALICE, BOB, stones=9)
        await service.play(game, ALICE.user_id, "take2")
        service.close()
        before = await store.game(game), await store.moves(game)

    target = tmp_path / "backups" / "campfire.dump"
    assert await asyncio.to_thread(main, ["db", "backup", str(target), "--db", url]) == 0
    out, err = capsys.readouterr()
    assert out.startswith("backed up postgresql://campfire:***@127.0.0.1:"), out
    assert "restore it with pg_restore" in out and PASSWORD not in out + err
    assert target.read_bytes()[:5] == b"PGDMP"  # pg_dump's custom format
    assert [p.name for p in target.parent.iterdir()] == ["campfire.dump"]  # no partial file

    # refused over an existing file, unless --force
    assert await asyncio.to_thread(main, ["db", "backup", str(target), "--db", url]) == 2
    assert "already exists" in capsys.readouterr().err
    assert await asyncio.to_thread(main, ["db", "backup", str(target), "--db", url, "--force"]) == 0

    # restored into a new database with pg_restore, the game is the same and goes on
    name = f"restored_{os.getpid()}"
    admin = await asyncpg.connect(pg_cluster.url())
    await admin.execute(f"CREATE DATABASE {name}")
    try:
        restored = await asyncio.to_thread(
            subprocess.run,
            ["pg_restore", "--no-owner", f"--dbname={pg_cluster.url(name)}", str(target)],
            capture_output=True,
            text=True,
        )
        assert restored.returncode == 0, restored.stderr
        schema = urlsplit(url).query.partition("=")[2]
        async with PostgresStore(f"{pg_cluster.url(name)}?search_path={schema}") as copy:
            assert (await copy.game(game), await copy.moves(game)) == before
            service = GameService(copy, clock=Clock())
            assert (await service.play(game, BOB.user_id, "take1")).game.version == 2
            service.close()
    finally:
        await admin.execute(f"DROP DATABASE {name} WITH (FORCE)")
        await admin.close()


def test_the_password_goes_by_the_environment_and_the_schema_is_named(tmp_path: Path) -> None:
    if shutil.which("pg_dump") is None:
        pytest.skip("pg_dump not on PATH")
    command, env = dump_command(
        f"postgresql://campfire:{PASSWORD}@db.example:5433/games?search_path=club&sslmode=require",
        tmp_path / "x.dump",
    )
    assert env == {"PGPASSWORD": PASSWORD}
    assert PASSWORD not in " ".join(command)
    assert "--dbname=postgresql://campfire@db.example:5433/games?sslmode=require" in command
    assert "--schema=club" in command and "--format=custom" in command


def test_a_missing_pg_dump_is_one_clear_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("PATH", str(tmp_path))
    url = f"postgresql://campfire:{PASSWORD}@127.0.0.1:9/none"
    assert main(["db", "backup", str(tmp_path / "x.dump"), "--db", url]) == 2
    err = capsys.readouterr().err
    assert "pg_dump is not installed" in err and len(err.strip().splitlines()) == 1
    assert not (tmp_path / "x.dump").exists()


def test_a_server_pg_dump_cannot_reach_is_one_line_without_the_password(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    if shutil.which("pg_dump") is None:
        pytest.skip("pg_dump not on PATH")
    url = f"postgresql://campfire:{PASSWORD}@127.0.0.1:9/none"
    assert main(["db", "backup", str(tmp_path / "x.dump"), "--db", url]) == 2
    err = capsys.readouterr().err
    assert "pg_dump could not back up postgresql://campfire:***@127.0.0.1:9/none" in err
    assert PASSWORD not in err and len(err.strip().splitlines()) == 1
    assert list(tmp_path.iterdir()) == []
