"""The transport-agnostic game service: lobbies, moves, views, scores over the store.

Front ends import everything from here::

    from bot.service import GameService, Player, ServiceError, TurnStarted, ...
"""

from bot.service.boards import DEFAULT_PICTURES
from bot.service.core import GameService
from bot.service.hints import Hint
from bot.service.robots import DEFAULT_LEVEL as DEFAULT_AI_LEVEL
from bot.service.robots import LEVELS as AI_LEVELS
from bot.service.robots import ai_name, is_ai_seat
from bot.service.values import (
    ACTIVE_STATUSES,
    MESSAGE_KINDS,
    Announcement,
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
    "AI_LEVELS",
    "DEFAULT_AI_LEVEL",
    "DEFAULT_PICTURES",
    "ai_name",
    "is_ai_seat",
    "Away",
    "ClaimResult",
    "ClockPass",
    "ClockReport",
    "Announcement",
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
    "Hint",
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
