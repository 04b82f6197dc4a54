"""The service's shared checks: unexpected failures turned into one keyed error, and the
game row's status and seats checked before an action."""

from __future__ import annotations

import logging
import re
from collections.abc import Iterator
from contextlib import contextmanager

from bot.service.values import ServiceError
from bot.store import GameRow
from rules.base import CampfireError

log = logging.getLogger("campfire.service")

AI_SEAT = re.compile(r"ai-(\d+)-([a-z]+)")
"""An AI seat's id: ``ai-<n>-<level>`` (see ``bot.service.robots``)."""


def is_ai_seat(seat: str) -> bool:
    """Whether ``seat`` is an AI seat's id."""
    return AI_SEAT.fullmatch(seat) is not None


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
