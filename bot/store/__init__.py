"""SQLite persistence of games (aiosqlite, WAL): schema migrations, rows, one transaction per move.

``GameStore`` (in ``protocol``) is what the service needs of a store; ``Store`` (in
``database``, SQLite) is the one we have. ``rows`` holds what a store returns and
``schema`` the numbered migrations.
"""

from bot.store.database import DEFAULT_DB, Store, default_path
from bot.store.errors import StoreError
from bot.store.protocol import GameStore
from bot.store.rows import (
    ClockChange,
    ClockRow,
    DueGame,
    DueReminder,
    FinishedRow,
    GameRow,
    GuildSettings,
    MoveRow,
    RatingRow,
    ResultRow,
    SeatClock,
    SeatRow,
    UserSettings,
    epoch,
    from_epoch,
)
from bot.store.schema import MIGRATIONS

__all__ = [
    "ClockChange",
    "ClockRow",
    "DueGame",
    "DueReminder",
    "GuildSettings",
    "SeatClock",
    "UserSettings",
    "DEFAULT_DB",
    "MIGRATIONS",
    "GameRow",
    "GameStore",
    "FinishedRow",
    "MoveRow",
    "RatingRow",
    "ResultRow",
    "SeatRow",
    "Store",
    "StoreError",
    "default_path",
    "epoch",
    "from_epoch",
]
