"""``campfire db backup|check|copy``: the operator's database tools.

``backup`` and ``check`` take the database from ``--db`` or, by default, ``CAMPFIRE_DB``
(``.env`` and the environment, as ``campfire run`` reads them), and both are safe while
the bot runs. ``check`` prints one line per problem and a summary; its exit status is 0
when nothing is wrong, 1 otherwise. Nothing here writes to the checked database. On a
``postgresql://`` URL, ``check`` replays the games (the server checks its own pages) and
``backup`` runs the machine's ``pg_dump`` (``bot.store.pgdump``).

``copy --from FILE --to URL`` moves a SQLite database into an empty PostgreSQL one
(``bot.store.transfer``), then replays every game on the target; status 0 when every
table arrived whole and every game replays there.
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import sqlite3
from collections.abc import Callable, Sequence
from pathlib import Path

from bot.config import load_settings
from bot.store import GameStore, PostgresStore, Store, StoreError
from bot.store.errors import reason
from bot.store.maintenance import MaintenanceError, backup, game_ids, integrity_problems
from bot.store.pgdump import pg_backup
from bot.store.postgres import is_postgres_url, shown_url
from bot.store.transfer import copy_into, read_only

log = logging.getLogger("campfire.db")

PROBLEMS_FOUND = 1

Printer = Callable[[str], None]


def add_parser(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """The ``db`` command and its subcommands, on the ``campfire`` parser."""
    db = commands.add_parser("db", help="back up, check or copy the database")
    actions = db.add_subparsers(dest="db_command", required=True, metavar="ACTION")
    save = actions.add_parser("backup", help="copy the database to FILE (safe while running)")
    save.add_argument("file", type=Path, metavar="FILE", help="where to write the copy")
    save.add_argument("--force", action="store_true", help="replace FILE if it exists")
    check = actions.add_parser(
        "check", help="integrity check, and every started game replayed against its snapshot"
    )
    for sub in (save, check):
        sub.add_argument("--db", help="database file or URL (default: CAMPFIRE_DB)")
        sub.add_argument("--env", default=".env", help="settings file (default: .env)")
    move = actions.add_parser(
        "copy", help="copy a SQLite database into an empty PostgreSQL one, then replay its games"
    )
    move.add_argument("--from", dest="source", type=Path, required=True, metavar="FILE")
    move.add_argument("--to", dest="target", required=True, metavar="URL")


def database_of(args: argparse.Namespace) -> str:
    if args.db is not None:
        return str(args.db)
    return load_settings(args.env).db_path


async def run(args: argparse.Namespace, out: Printer = print) -> int:
    """Run ``campfire db ...``; returns the exit status. ``MaintenanceError`` (a missing
    or unreadable file, an existing target) is left to the caller's one-line handler."""
    if args.db_command == "copy":
        return await copy(args.source, args.target, out)
    database = database_of(args)
    if args.db_command == "backup":
        if is_postgres_url(database):
            size = await asyncio.to_thread(pg_backup, database, args.file, overwrite=args.force)
            out(
                f"backed up {shown_url(database)} to {args.file} ({size:,} bytes, "
                "pg_dump's custom format: restore it with pg_restore)"
            )
            return 0
        size = backup(Path(database), args.file, overwrite=args.force)
        out(f"backed up {database} to {args.file} ({size:,} bytes)")
        return 0
    return await check(database, out)


async def check(database: str | Path, out: Printer = print) -> int:
    """Print each problem of ``database`` (a SQLite file or a PostgreSQL URL) on its own
    line, then a summary."""
    if is_postgres_url(database):
        name = shown_url(str(database))
        async with PostgresStore(str(database)) as store:
            ids = await store.game_ids()
            problems, replayed = await _audit_games(store, ids)
        checked = len(ids)
    else:
        path = Path(database)
        name = str(path)
        problems = integrity_problems(path)
        checked = replayed = 0
        if not problems:  # only a sound file of this schema is opened as a store
            checked, replayed, game_problems = await _audit_file(path)
            problems += game_problems
    return _report(
        problems,
        out,
        failed=f"{name}: {len(problems)} problem(s) found",
        ok=f"{name}: ok ({checked} game(s), {replayed} replayed against their snapshot)",
    )


async def copy(source: Path, target: str, out: Printer = print) -> int:
    """``campfire db copy``: every table of ``source`` into the empty database at
    ``target``, then each game replayed there."""
    if not is_postgres_url(target):
        raise MaintenanceError(f"--to must be a postgresql:// URL, not {target!r}")
    with read_only(source):  # a missing source is refused before the target is touched
        pass
    async with PostgresStore(target) as store:
        copied = await copy_into(source, store)
        ids = await store.game_ids()
        problems, replayed = await _audit_games(store, ids)
        counted = {
            table: int((await store._fetchall(f"SELECT COUNT(*) FROM {table}"))[0][0])
            for table in copied
        }
        rows = ", ".join(f"{n} {table}" for table, n in copied.items() if n)
        out(f"copied {source} to {store.path}: {rows or 'no rows'}")
    problems += [
        f"{table}: {copied[table]} row(s) copied, {counted[table]} found"
        for table in copied
        if counted[table] != copied[table]
    ]
    return _report(
        problems,
        out,
        failed=f"{len(problems)} problem(s) found on the target",
        ok=f"ok: {len(ids)} game(s) on the target, {replayed} replayed against their snapshot",
    )


def _report(problems: Sequence[str], out: Printer, *, failed: str, ok: str) -> int:
    """Each problem on its line, then ``failed`` (status 1), or ``ok`` alone (status 0)."""
    for problem in problems:
        out(problem)
    out(failed if problems else ok)
    return PROBLEMS_FOUND if problems else 0


async def _audit_file(path: Path) -> tuple[int, int, list[str]]:
    ids = game_ids(path)
    try:
        async with Store(path) as store:
            problems, replayed = await _audit_games(store, ids)
    except sqlite3.Error as exc:
        raise MaintenanceError(f"{path} cannot be opened ({exc})") from exc
    return len(ids), replayed, problems


async def _audit_games(store: GameStore, ids: Sequence[int]) -> tuple[list[str], int]:
    """Each game of ``ids`` replayed on ``store``: its problems, one line each, and how
    many were replayed."""
    from bot.service.audit import audit_game

    problems: list[str] = []
    replayed = 0
    for game_id in ids:
        try:
            verdict = await audit_game(store, game_id)
        except sqlite3.Error as exc:
            problems.append(f"game {game_id}: cannot be read ({exc})")
            continue
        except StoreError as exc:
            if exc.key != "store.damaged":
                raise
            problems.append(f"game {game_id}: cannot be read ({reason(exc.__cause__ or exc)})")
            continue
        replayed += verdict.replayed
        problems += [f"game {game_id}: {p}" for p in verdict.problems]
    return problems, replayed
