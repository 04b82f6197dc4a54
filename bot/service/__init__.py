"""The transport-agnostic game service: lobbies, moves, views, scores over the store.

Front ends import everything from here::

    from bot.service import GameService, Player, ServiceError, TurnStarted, ...
"""

from bot.service.core import GameService
from bot.service.values import (
    ACTIVE_STATUSES,
    MESSAGE_KINDS,
    Away,
    BoardPicture,
    ClaimResult,
    ClockPass,
    ClockReport,
    Event,
    GameInfo,
    GameOver,
    HistoryEntry,
    MoveApplied,
    Place,
    Player,
    PlayResult,
    Rematch,
    Reminder,
    ServiceError,
    Status,
    TurnClock,
    TurnStarted,
    UndoAnswer,
    UndoRequest,
)
from bot.store import GuildSettings
from rules.i18n import register_package

register_package("bot")

__all__ = [
    "Away",
    "ClaimResult",
    "ClockPass",
    "ClockReport",
    "GuildSettings",
    "Reminder",
    "TurnClock",
    "ACTIVE_STATUSES",
    "MESSAGE_KINDS",
    "BoardPicture",
    "Event",
    "GameInfo",
    "GameOver",
    "GameService",
    "HistoryEntry",
    "MoveApplied",
    "Place",
    "Player",
    "PlayResult",
    "Rematch",
    "ServiceError",
    "Status",
    "TurnStarted",
    "UndoAnswer",
    "UndoRequest",
]
