"""Persistence of games: schema migrations, rows, one transaction per move, two backends.

``GameStore`` (in ``protocol``) is what the service needs of a store. ``SqlStore`` (in
``database``) holds the queries both backends share, composed of repositories by
concern, each in the module of the tables it owns and all over the store's one
``Sessions`` (``session``): ``games`` (games, moves, messages), ``seats`` (seats,
lobbies), ``clocks`` (clocks, reminders, time away), ``settings`` (server settings,
player preferences), ``ratings`` (results, ratings), ``jobs`` (claimed restart work),
``hints``, ``notices`` (the outbox of messages that wait), ``tournaments`` (a server's
events); the protocol follows the same split, and the helpers they share are in the
leaf ``sql``. ``Store`` (in ``sqlite``; aiosqlite, WAL) is the default and
``PostgresStore`` (in ``postgres``; asyncpg) serves several processes at once.
``store_for``/``open_store`` (in ``backend``) pick one from a ``--db`` value: a file
path or a ``postgresql://`` URL.
``rows`` holds what a store returns and ``schema``/``schema_postgres`` the numbered
migrations.
"""

from bot.store.backend import open_store, store_for
from bot.store.database import (
    AI_TURNS,
    DEFAULT_DB,
    INSTANCE,
    SqlStore,
    behind_job,
    default_path,
)
from bot.store.errors import OUTAGES, StoreError
from bot.store.fairness import PlayRecord, SeatEnd, SeatTurn
from bot.store.messages import CLAIM_LEASE, abandoned, parse_claim
from bot.store.postgres import PostgresStore, is_postgres_url
from bot.store.protocol import GameStore
from bot.store.rows import (
    ClockChange,
    ClockRow,
    DueGame,
    DueReminder,
    EndedGame,
    FinishedRow,
    GameRow,
    GuildSettings,
    MoveRow,
    NewEntry,
    NewNotice,
    NoticeRow,
    RatingRow,
    ResultRow,
    SeasonRow,
    SeatClock,
    SeatRow,
    UserSettings,
    epoch,
    from_epoch,
)
from bot.store.schema import MIGRATIONS
from bot.store.schema_postgres import POSTGRES_MIGRATIONS
from bot.store.sqlite import Store
from bot.store.tournament_rows import (
    EntryRow,
    FinalStandingRow,
    NewsRow,
    NewTournament,
    RoundRow,
    TableRow,
    TournamentRow,
)

__all__ = [
    "EntryRow",
    "FinalStandingRow",
    "NewsRow",
    "NewTournament",
    "RoundRow",
    "TableRow",
    "TournamentRow",
    "AI_TURNS",
    "CLAIM_LEASE",
    "abandoned",
    "parse_claim",
    "INSTANCE",
    "behind_job",
    "ClockChange",
    "ClockRow",
    "DueGame",
    "DueReminder",
    "GuildSettings",
    "SeatClock",
    "UserSettings",
    "DEFAULT_DB",
    "MIGRATIONS",
    "POSTGRES_MIGRATIONS",
    "PostgresStore",
    "SqlStore",
    "GameRow",
    "GameStore",
    "FinishedRow",
    "EndedGame",
    "SeasonRow",
    "MoveRow",
    "NewEntry",
    "NewNotice",
    "NoticeRow",
    "RatingRow",
    "ResultRow",
    "SeatRow",
    "Store",
    "OUTAGES",
    "PlayRecord",
    "SeatEnd",
    "SeatTurn",
    "StoreError",
    "default_path",
    "is_postgres_url",
    "open_store",
    "store_for",
    "epoch",
    "from_epoch",
]
