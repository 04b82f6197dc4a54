"""Tournaments: a server's events over many games (``GameService.tournaments``).

``part`` holds the operations (open, register, start, withdraw, substitute, read, the
periodic work and the news), ``rounds`` the round engine (pairing a round, opening its
tables as normal games, recording results, deadlines, the end), ``pairs`` what the
engine asks of the pure pairing and standings (``bot.service.events``), ``values`` what
the front ends receive.
"""

from bot.service.tournaments.part import MAX_ROUNDS, EntryCheck, Tournaments
from bot.service.tournaments.values import (
    FORMATS,
    Entrant,
    News,
    Progress,
    RoundInfo,
    Standing,
    TableInfo,
    TableOpened,
    TournamentInfo,
)

__all__ = [
    "FORMATS",
    "MAX_ROUNDS",
    "Entrant",
    "EntryCheck",
    "News",
    "Progress",
    "RoundInfo",
    "Standing",
    "TableInfo",
    "TableOpened",
    "TournamentInfo",
    "Tournaments",
]
