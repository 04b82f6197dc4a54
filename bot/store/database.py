"""The queries of the store, shared by its two backends: a transaction per move, every read.

The move log is the truth; ``games.snapshot`` is a cache of the state after the last
move that the service checks against a replay of the log when it loads a game. A move
commits only if the game is still at the version the mover saw (a conditional
``UPDATE games ... WHERE version = ?`` inside the move's transaction), so of two
simultaneous moves exactly one applies, on SQLite and on PostgreSQL alike.

``SqlStore`` holds every query, written once in the SQL both databases speak (``?``
placeholders, which the PostgreSQL backend numbers); a backend (``bot.store.sqlite``,
``bot.store.postgres``) supplies the connection, its transactions (``Session``), its
errors and the few fragments that differ (``Dialect``).

The queries live by concern, each part in its module over the tables it owns (all of
them over the one ``SqlBase`` of ``session``): ``games`` (games, moves, messages),
``seats`` (seats and lobbies), ``clocks`` (clocks, reminders, time away), ``settings``
(server settings and player preferences), ``ratings`` (results and ratings) and ``jobs``
(the claimed restart work), ``hints`` (the hints each seat took). ``SqlStore`` is all of them.
"""

from __future__ import annotations

from bot.store.clocks import CLAIM_DUE, CLAIM_DUE_ON_SHARDS, ClocksQueries, claim_statement
from bot.store.games import GamesQueries
from bot.store.hints import HintsQueries
from bot.store.jobs import AI_TURNS, BEHIND, INSTANCE, JobsQueries, behind_job, job_candidates
from bot.store.ratings import RatingsQueries
from bot.store.seats import SeatsQueries
from bot.store.session import DEFAULT_DB, Dialect, SqlBase, default_path, on_shards
from bot.store.settings import SettingsQueries
from bot.store.sql import Session

__all__ = [
    "AI_TURNS",
    "BEHIND",
    "CLAIM_DUE",
    "INSTANCE",
    "CLAIM_DUE_ON_SHARDS",
    "DEFAULT_DB",
    "Dialect",
    "Session",
    "SqlBase",
    "SqlStore",
    "behind_job",
    "claim_statement",
    "default_path",
    "job_candidates",
    "on_shards",
]


class SqlStore(
    GamesQueries,
    SeatsQueries,
    ClocksQueries,
    SettingsQueries,
    RatingsQueries,
    JobsQueries,
    HintsQueries,
):
    """The queries of a store over a backend's ``Session``s, every part of them. Open
    with ``await Cls.open(target)`` or ``async with``; close it."""
