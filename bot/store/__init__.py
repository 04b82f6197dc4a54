"""SQLite persistence of games (aiosqlite, WAL): schema migrations, rows, one transaction per move.

``Store`` (in ``database``) is the only way in; ``rows`` holds what it returns and
``schema`` the numbered migrations.
"""

from bot.store.database import DEFAULT_DB, Store, default_path
from bot.store.rows import GameRow, MoveRow, ResultRow, SeatRow
from bot.store.schema import MIGRATIONS

__all__ = [
    "DEFAULT_DB",
    "MIGRATIONS",
    "GameRow",
    "MoveRow",
    "ResultRow",
    "SeatRow",
    "Store",
    "default_path",
]
