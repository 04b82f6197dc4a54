"""The service's shared checks: unexpected failures turned into one keyed error, and the
game row's status and seats checked before an action."""

from __future__ import annotations

import logging
from collections.abc import Iterator
from contextlib import contextmanager

from bot.service.values import AI_SEAT, ServiceError, ai_name, is_ai_seat
from bot.store import GameRow
from rules.base import CampfireError

log = logging.getLogger("campfire.service")

__all__ = ["AI_SEAT", "ai_name", "guard", "is_ai_seat", "seat_names", "status_key"]


def seat_names(row: GameRow, lang: str) -> dict[str, str]:
    """``{seat: display name}`` of a stored game, AI seats named in ``lang``."""
    return {
        s.user_id: ai_name(s.user_id, lang) if is_ai_seat(s.user_id) else s.name for s in row.seats
    }


@contextmanager
def guard(action: str, game_id: int | None) -> Iterator[None]:
    """Let keyed errors through; log anything else and answer ``service.internal``."""
    try:
        yield
    except CampfireError:
        raise
    except Exception as exc:
        log.exception("unexpected failure in %s (game %s)", action, game_id)
        raise ServiceError("service.internal") from exc


def status_key(status: str) -> str:
    """A message-key parameter (``@service.status.running``) translated with the error."""
    return f"@service.status.{status}"


def seated(row: GameRow, user_id: str) -> bool:
    """Whether ``user_id`` has a seat in the game."""
    return any(s.user_id == user_id for s in row.seats)


def require_lobby(row: GameRow) -> None:
    """Raise ``service.not_lobby`` unless the game is a lobby."""
    if row.status != "lobby":
        raise ServiceError("service.not_lobby", status=status_key(row.status))


def require_running(row: GameRow) -> None:
    """Raise ``service.not_started`` / ``service.not_running`` unless the game runs."""
    if row.status == "lobby":
        raise ServiceError("service.not_started")
    if row.status != "running":
        raise ServiceError("service.not_running", status=status_key(row.status))
