"""Operator tools on the database file: an online backup and SQLite's own checks.

Plain ``sqlite3`` (no event loop): ``campfire db backup`` and ``campfire db check`` run
beside the bot, each on its own connection. The backup uses SQLite's online backup API
in one step, so it copies one consistent moment of the database while the bot keeps
writing (WAL mode: the copy reads a snapshot, writers are not blocked); it is written
next to the target and renamed into place, so a failed backup never leaves half a file.
"""

from __future__ import annotations

import contextlib
import os
import sqlite3
from collections.abc import Iterator
from pathlib import Path

from bot.store.schema import MIGRATIONS


class MaintenanceError(Exception):
    """A one-line reason the operation could not be done (for the operator)."""


@contextlib.contextmanager
def _connect(path: Path) -> Iterator[sqlite3.Connection]:
    """A connection to an existing database file (never creates one)."""
    if not path.is_file():
        raise MaintenanceError(f"no database file at {path}")
    connection = sqlite3.connect(f"{path.resolve().as_uri()}?mode=rw", uri=True, timeout=10)
    try:
        yield connection
    finally:
        connection.close()


def _unreadable(path: Path, exc: sqlite3.Error | UnicodeDecodeError) -> MaintenanceError:
    if isinstance(exc, UnicodeDecodeError):  # SQLite's message quotes a name that is not UTF-8
        return MaintenanceError(f"{path} is damaged (a name in its schema is not UTF-8)")
    return MaintenanceError(f"{path} cannot be read by SQLite ({exc})")


def backup(source: str | Path, target: str | Path, *, overwrite: bool = False) -> int:
    """Copy the database ``source`` to ``target`` with SQLite's online backup API, safe
    while the bot runs. Returns the size of the copy in bytes.

    The copy is a complete database file on its own (no ``-wal`` beside it), checked
    with ``PRAGMA quick_check`` before it replaces ``target``; a missing folder of
    ``target`` is created (``backups/campfire-DATE.sqlite3`` from cron). Raises
    ``MaintenanceError`` when ``source`` is missing or unreadable, or ``target`` exists
    (unless ``overwrite``) or cannot be written.
    """
    source, target = Path(source), Path(target)
    if target.exists() and not overwrite:
        raise MaintenanceError(f"{target} already exists (pass --force to replace it)")
    if target.resolve() == source.resolve():
        raise MaintenanceError("the backup must go to another file than the database")
    partial = target.with_name(f".{target.name}.partial")
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise MaintenanceError(f"cannot write {target} ({exc.strerror or exc})") from exc
    try:
        with _connect(source) as db:
            partial.unlink(missing_ok=True)
            copy = sqlite3.connect(partial)
            try:
                db.backup(copy)  # pages=-1: one step, one consistent read transaction
                copy.execute("PRAGMA journal_mode=DELETE")  # a single self-contained file
                verdict = copy.execute("PRAGMA quick_check").fetchone()
            finally:
                copy.close()
        if verdict is None or verdict[0] != "ok":
            raise MaintenanceError(f"the copy of {source} fails its check: {verdict}")
        os.replace(partial, target)
    except (sqlite3.Error, UnicodeDecodeError) as exc:
        raise _unreadable(source, exc) from exc
    except OSError as exc:
        raise MaintenanceError(f"cannot write {target} ({exc.strerror or exc})") from exc
    finally:
        partial.unlink(missing_ok=True)
    return target.stat().st_size


def integrity_problems(path: str | Path) -> list[str]:
    """What SQLite finds wrong with the file, one line each (empty: sound).

    ``PRAGMA integrity_check`` (pages, indexes, constraints), ``PRAGMA
    foreign_key_check``, and the schema version against this code's migrations. Raises
    ``MaintenanceError`` when the file is missing.
    """
    path = Path(path)
    problems: list[str] = []
    with _connect(path) as db:
        try:
            rows = db.execute("PRAGMA integrity_check").fetchall()
            problems += [f"integrity: {r[0]}" for r in rows if r[0] != "ok"]
            if problems:
                return problems
            for table, rowid, parent, _ in db.execute("PRAGMA foreign_key_check").fetchall():
                problems.append(f"integrity: {table} row {rowid} points to a missing {parent}")
            problems += _schema_problems(db, path)
        except (sqlite3.Error, UnicodeDecodeError) as exc:
            problems.append(str(_unreadable(path, exc)))
    return problems


def _schema_problems(db: sqlite3.Connection, path: Path) -> list[str]:
    tables = {r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    if "schema_version" not in tables:
        return [f"schema: {path} is not a Campfire database (no schema_version table)"]
    row = db.execute("SELECT COALESCE(MAX(version), 0) FROM schema_version").fetchone()
    version, current = int(row[0]), len(MIGRATIONS)
    if version > current:
        return [f"schema: version {version} is newer than this code ({current})"]
    if version < current:
        return [
            f"schema: version {version} is older than this code ({current}): "
            "start the bot once to migrate it, then check again"
        ]
    return []


def game_ids(path: str | Path) -> list[int]:
    """Every stored game id, in order (lobbies and finished games included)."""
    path = Path(path)
    with _connect(path) as db:
        try:
            return [int(r[0]) for r in db.execute("SELECT id FROM games ORDER BY id")]
        except (sqlite3.Error, UnicodeDecodeError) as exc:
            raise _unreadable(path, exc) from exc
