"""What the store raises when SQLite cannot serve it: keyed errors a user or operator reads.

A file SQLite cannot open (not a database, truncated, read-only, malformed) or a schema
newer than this code is refused when the store opens (``store.unreadable``,
``store.newer_schema``); a database that opened but whose pages turn out damaged, or
that cannot be written any more, fails each call with ``store.damaged`` /
``store.unavailable`` instead of a raw ``sqlite3`` error. ``campfire db check`` finds
the damage; restoring a backup repairs it. The PostgreSQL backend raises the same keys
(a server it cannot reach or that refuses it: ``store.unreachable`` at the start,
``store.unavailable`` later; see ``bot.store.postgres``).
"""

from __future__ import annotations

import sqlite3

from rules.base import CampfireError

# Primary SQLite result codes (https://sqlite.org/rescode.html).
_DAMAGED = {11, 26}  # SQLITE_CORRUPT, SQLITE_NOTADB
_UNAVAILABLE = {3, 5, 6, 8, 10, 13, 14}  # PERM, BUSY, LOCKED, READONLY, IOERR, FULL, CANTOPEN
_UNDECODABLE = "Could not decode to UTF-8"  # sqlite3's own message for such a text


class StoreError(CampfireError):
    """The database cannot serve the request (keys ``store.*`` in ``bot/locales``):

    - ``store.unreadable`` (path, reason): the file cannot be opened as a Campfire database.
    - ``store.unreachable`` (path, reason): the PostgreSQL server cannot be reached or
      refuses the connection (``path``: its URL without the password).
    - ``store.newer_schema`` (path, version, known): written by a newer Campfire.
    - ``store.damaged`` (path): pages of the file are corrupt (run ``campfire db check``).
    - ``store.unavailable`` (path, reason): SQLite refused to read or write (disk full,
      read-only, locked too long, I/O error).
    """


OUTAGES = ("store.unavailable", "store.unreachable")
"""The keys of a database that went away (or refused) in the middle of a call: a change
it was committing may have been stored or not (see ``GamesQueries.entry_at``)."""


def reason(error: BaseException) -> str:
    """A short reason from SQLite or the OS: ``file is not a database``."""
    text = str(error).strip() or type(error).__name__
    return text.splitlines()[0]


def runtime_error(error: sqlite3.Error | UnicodeDecodeError, path: str) -> StoreError | None:
    """The ``StoreError`` a failing statement stands for, or ``None`` when the failure is
    the code's own (a constraint, a bad statement) and must stay as it is.

    A ``UnicodeDecodeError`` is SQLite's own message that Python could not decode: it
    quotes a name of the schema that is not UTF-8 (``malformed database schema
    (...)``), which only damage writes."""
    if isinstance(error, UnicodeDecodeError):
        return StoreError("store.damaged", path=path)
    code = getattr(error, "sqlite_errorcode", None)
    primary = None if code is None else code & 0xFF
    if primary in _DAMAGED or (primary is None and type(error) is sqlite3.DatabaseError):
        return StoreError("store.damaged", path=path)
    if primary is None and _UNDECODABLE in str(error):
        # A stored text that is not UTF-8: Python's sqlite3 refuses the row it read.
        return StoreError("store.damaged", path=path)
    if primary in _UNAVAILABLE:
        return StoreError("store.unavailable", path=path, reason=reason(error))
    return None
