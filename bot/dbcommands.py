"""``campfire db backup FILE`` and ``campfire db check``: the operator's database tools.

Both take the database from ``--db`` or, by default, ``CAMPFIRE_DB`` (``.env`` and the
environment, as ``campfire run`` reads them), and both are safe while the bot runs.
``check`` prints one line per problem and a summary; its exit status is 0 when nothing
is wrong, 1 otherwise. Nothing here writes to the checked database.
"""

from __future__ import annotations

import argparse
import logging
import sqlite3
from collections.abc import Callable
from pathlib import Path

from bot.config import load_settings
from bot.store.maintenance import MaintenanceError, backup, game_ids, integrity_problems

log = logging.getLogger("campfire.db")

PROBLEMS_FOUND = 1

Printer = Callable[[str], None]


def add_parser(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """The ``db`` command and its two subcommands, on the ``campfire`` parser."""
    db = commands.add_parser("db", help="back up or check the database")
    actions = db.add_subparsers(dest="db_command", required=True, metavar="ACTION")
    save = actions.add_parser("backup", help="copy the database to FILE (safe while running)")
    save.add_argument("file", type=Path, metavar="FILE", help="where to write the copy")
    save.add_argument("--force", action="store_true", help="replace FILE if it exists")
    check = actions.add_parser(
        "check", help="integrity check, and every started game replayed against its snapshot"
    )
    for sub in (save, check):
        sub.add_argument("--db", type=Path, help="database file (default: CAMPFIRE_DB)")
        sub.add_argument("--env", default=".env", help="settings file (default: .env)")


def database_of(args: argparse.Namespace) -> Path:
    if args.db is not None:
        return Path(args.db)
    return Path(load_settings(args.env).db_path)


async def run(args: argparse.Namespace, out: Printer = print) -> int:
    """Run ``campfire db ...``; returns the exit status. ``MaintenanceError`` (a missing
    or unreadable file, an existing target) is left to the caller's one-line handler."""
    path = database_of(args)
    if args.db_command == "backup":
        size = backup(path, args.file, overwrite=args.force)
        out(f"backed up {path} to {args.file} ({size:,} bytes)")
        return 0
    return await check(path, out)


async def check(path: Path, out: Printer = print) -> int:
    """Print each problem of the database at ``path`` on its own line, then a summary."""
    problems = integrity_problems(path)
    checked = replayed = 0
    if not problems:  # only a sound file of this schema is opened as a store
        checked, replayed, game_problems = await _audit_games(path)
        problems += game_problems
    for problem in problems:
        out(problem)
    if problems:
        out(f"{path}: {len(problems)} problem(s) found")
        return PROBLEMS_FOUND
    out(f"{path}: ok ({checked} game(s), {replayed} replayed against their snapshot)")
    return 0


async def _audit_games(path: Path) -> tuple[int, int, list[str]]:
    from bot.service.audit import audit_game
    from bot.store import Store

    problems: list[str] = []
    replayed = 0
    ids = game_ids(path)
    try:
        async with Store(path) as store:
            for game_id in ids:
                try:
                    verdict = await audit_game(store, game_id)
                except sqlite3.Error as exc:
                    problems.append(f"game {game_id}: cannot be read ({exc})")
                    continue
                replayed += verdict.replayed
                problems += [f"game {game_id}: {p}" for p in verdict.problems]
    except sqlite3.Error as exc:
        raise MaintenanceError(f"{path} cannot be opened ({exc})") from exc
    return len(ids), replayed, problems
