"""``campfire db backup`` (online, while another connection writes) and ``campfire db
check`` (SQLite's integrity check, every started game replayed against its snapshot)."""

from __future__ import annotations

import asyncio
import sqlite3
from pathlib import Path

import pytest

from bot.frontends.cli import main
from bot.frontends.dbcommands import check
from bot.service import GameService
from bot.store import Store
from bot.store.maintenance import MaintenanceError, backup, integrity_problems
from tests.bot.conftest import ALICE, BOB, CAROL, running_nim


async def _play_until(service: GameService, stop: asyncio.Event) -> int:
    """Open Nim games and play them out, move after move, until ``stop``; the moves."""
    moves = 0
    while not stop.is_set():
        game_id = await running_nim(service, ALICE, BOB, stones=30)
        while not stop.is_set():
            game = await service.game(game_id)
            if game.status != "running":
                break
            await service.play(game_id, game.to_act[0], "take1")
            moves += 1
            await asyncio.sleep(0)
    return moves


async def _stored_moves(path: Path) -> int:
    async with Store(path) as store:
        rows = await store._fetchall("SELECT COUNT(*) FROM moves")
    return int(rows[0][0])


async def test_backup_while_another_connection_writes_is_a_sound_copy(
    service: GameService, db_path: Path, tmp_path: Path
) -> None:
    stop = asyncio.Event()
    writer = asyncio.create_task(_play_until(service, stop))
    copies = []
    while len(copies) < 4:
        await asyncio.sleep(0.05)
        target = tmp_path / f"backup-{len(copies)}.sqlite3"
        await asyncio.to_thread(backup, db_path, target)
        copies.append(target)
    stop.set()
    played = await writer
    assert played > 0
    counts = []
    for copy in copies:
        assert not Path(f"{copy}-wal").exists()  # one self-contained file
        lines: list[str] = []
        assert await check(copy, lines.append) == 0, lines
        counts.append(await _stored_moves(copy))
    assert counts == sorted(counts) and counts[-1] <= await _stored_moves(db_path)
    assert counts[-1] > 0


async def test_a_backup_restored_plays_on(
    service: GameService, db_path: Path, tmp_path: Path
) -> None:
    game_id = await running_nim(service, ALICE, BOB, CAROL, stones=20)
    await service.play(game_id, ALICE.user_id, "take2")
    target = tmp_path / "copy.sqlite3"
    backup(db_path, target)
    async with Store(target) as restored:
        other = GameService(restored)
        result = await other.play(game_id, BOB.user_id, "take1")
        assert result.game.version == 2


def test_backup_refuses_to_overwrite_or_copy_nothing(db_path: Path, tmp_path: Path) -> None:
    with pytest.raises(MaintenanceError, match="no database file"):
        backup(tmp_path / "missing.sqlite3", tmp_path / "x.sqlite3")
    sqlite3.connect(db_path).close()
    target = tmp_path / "x.sqlite3"
    target.write_bytes(b"keep me")
    with pytest.raises(MaintenanceError, match="already exists"):
        backup(db_path, target)
    assert target.read_bytes() == b"keep me"
    backup(db_path, target, overwrite=True)
    assert target.read_bytes() != b"keep me"
    assert not list(tmp_path.glob(".*partial"))


async def test_backup_creates_the_folder_it_writes_into(
    service: GameService, db_path: Path, tmp_path: Path
) -> None:
    await running_nim(service, ALICE, BOB)
    target = tmp_path / "backups" / "daily" / "campfire.sqlite3"
    assert await asyncio.to_thread(main, ["db", "backup", str(target), "--db", str(db_path)]) == 0
    assert integrity_problems(target) == []


async def test_check_passes_a_sound_database(
    service: GameService, db_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    await running_nim(service, ALICE, BOB)
    finished = await running_nim(service, ALICE, BOB, stones=3)
    await service.resign(finished, BOB.user_id)
    assert await asyncio.to_thread(main, ["db", "check", "--db", str(db_path)]) == 0
    out = capsys.readouterr().out.strip().splitlines()
    assert out == [f"{db_path}: ok (2 game(s), 2 replayed against their snapshot)"]


async def test_check_names_each_bad_game_and_changes_nothing(
    service: GameService, store: Store, db_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    sound = await running_nim(service, ALICE, BOB, stones=20)
    tampered = await running_nim(service, ALICE, BOB, stones=20)
    forged = await running_nim(service, ALICE, BOB, stones=20)
    ended = await running_nim(service, ALICE, BOB, stones=20)
    for game_id in (sound, tampered, forged, ended):
        await service.play(game_id, ALICE.user_id, "take1")
    good = (await store.game(sound)).snapshot  # type: ignore[union-attr]
    await store.db.execute("UPDATE games SET snapshot = ? WHERE id = ?", (good, tampered))
    await store.db.execute(
        "INSERT INTO moves (game_id, seq, seat, code, label, at) "
        "VALUES (?, 1, ?, 'take9', '{\"key\": \"x\"}', '2026-01-01T00:00:00+00:00')",
        (forged, BOB.user_id),
    )
    await store.db.execute("UPDATE games SET status = 'over' WHERE id = ?", (ended,))
    assert await asyncio.to_thread(main, ["db", "check", "--db", str(db_path)]) == 1
    out = capsys.readouterr().out.strip().splitlines()
    assert out[-1] == f"{db_path}: 5 problem(s) found"
    assert out[:-1] == [
        f"game {tampered}: its stored snapshot differs from the replay of its 1 entries",
        f"game {forged}: the log accounts for revision 2, the game is at 1",
        f"game {forged}: its log of 2 entries does not replay: "
        + out[2].split("does not replay: ", 1)[1],
        f"game {ended}: stored as over but its log does not end the game",
        f"game {ended}: over with 0 result(s) for 2 seats",
    ]
    assert "take9" in out[2]
    # A check only reads: the bad snapshot is still there for the operator to see.
    assert (await store.game(tampered)).snapshot == good  # type: ignore[union-attr]


async def test_check_finds_corrupt_pages(
    service: GameService, store: Store, db_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    for _ in range(6):
        game_id = await running_nim(service, ALICE, BOB, CAROL, stones=60)
        for _ in range(12):
            game = await service.game(game_id)
            await service.play(game_id, game.to_act[0], "take1")
    await store.close()  # checkpoint: everything in the main file
    data = bytearray(db_path.read_bytes())
    page = 4096
    assert len(data) > 8 * page
    data[5 * page : 6 * page] = b"\x07" * page
    db_path.write_bytes(bytes(data))
    problems = integrity_problems(db_path)
    assert problems and all(" " in p for p in problems)
    assert await asyncio.to_thread(main, ["db", "check", "--db", str(db_path)]) == 1
    out = capsys.readouterr().out.strip().splitlines()
    assert out[-1].endswith("problem(s) found")


def test_check_of_a_file_sqlite_cannot_read_is_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    junk = tmp_path / "junk.sqlite3"
    junk.write_bytes(b"this is not a database at all" * 40)
    assert main(["db", "check", "--db", str(junk)]) == 1
    out = capsys.readouterr().out.strip().splitlines()
    assert out == [
        f"{junk} cannot be read by SQLite (file is not a database)",
        f"{junk}: 1 problem(s) found",
    ]
    assert main(["db", "check", "--db", str(tmp_path / "none.sqlite3")]) == 2
    assert capsys.readouterr().err.strip() == (
        f"campfire: no database file at {tmp_path / 'none.sqlite3'}"
    )


def test_check_of_a_database_of_another_program(tmp_path: Path) -> None:
    other = tmp_path / "other.sqlite3"
    with sqlite3.connect(other) as db:
        db.execute("CREATE TABLE things (x)")
    assert integrity_problems(other) == [
        f"schema: {other} is not a Campfire database (no schema_version table)"
    ]


async def test_db_commands_default_to_campfire_db(
    service: GameService,
    db_path: Path,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    await running_nim(service, ALICE, BOB)
    monkeypatch.setenv("CAMPFIRE_DB", str(db_path))
    target = tmp_path / "nightly.sqlite3"
    no_env = str(tmp_path / "no.env")
    assert await asyncio.to_thread(main, ["db", "backup", str(target), "--env", no_env]) == 0
    assert capsys.readouterr().out.startswith(f"backed up {db_path} to {target} (")
    assert await asyncio.to_thread(main, ["db", "check", "--env", no_env]) == 0


@pytest.mark.parametrize("action", ["check", "copy"])
def test_db_check_and_copy_against_an_unreachable_server_print_the_sentence(
    tmp_path: Path, action: str
) -> None:
    """In a fresh process (nothing else loaded the bot's messages): the sentence, not
    its key, in one line, without the password."""
    import subprocess
    import sys

    url = "postgresql://nobody:s3cret@127.0.0.1:9/none"
    source = tmp_path / "source.sqlite3"
    sqlite3.connect(source).close()
    argv = (
        ["db", "check", "--db", url]
        if action == "check"
        else ["db", "copy", "--from", str(source), "--to", url]
    )
    done = subprocess.run(
        [sys.executable, "-m", "bot.frontends.cli", *argv],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 2, done.stderr
    assert done.stderr.startswith("campfire: Cannot connect to the database server ")
    assert done.stderr.count("\n") == 1 and "store.unreachable" not in done.stderr
    assert "s3cret" not in done.stderr and "Traceback" not in done.stderr
