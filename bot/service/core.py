"""GameService: every game action of every front end (Discord, console, demo), over the store.

Ids in, values and events out; nothing here knows Discord. One move = one store
transaction guarded by the game's version (see ``bot.store``).

Decisions where the rules and brief are silent:

- **Leaving a lobby.** Anyone but the creator simply frees their seat. When the creator
  leaves, the lobby is handed over to the player who joined earliest after them; if
  nobody else is seated, the lobby closes (status ``aborted``). Leaving a running game
  is refused (``service.not_lobby``): resign instead.
- **Resigning.** The game contract has no "skip this seat", so a resignation ends the
  game for everybody, for every game: the resigner ranks last on their own, the other
  seats are ranked by their current totals (each seat's full own score, ties shared).
  With two players this is the usual "the other one wins". The resignation is stored
  with the game (not in the move log, which holds rule moves only); the outcome is
  recomputed from it, so it survives restarts. Termination text:
  ``termination.resigned``.
- **Seat order.** ``start(shuffle_seats=True)`` orders seats by a seeded shuffle
  (``rules.rng`` on the game's seed with a ``:seats`` suffix), so the order is random
  but reproducible; ``shuffle_seats=False`` keeps join order.
- **Typed moves and races.** A move without ``expected_version`` that loses a race is
  re-validated once against the fresh state (it may still be legal, e.g. when several
  seats decide at once); a move with ``expected_version`` (a button) gets
  ``service.stale`` as soon as the game moved on.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from datetime import datetime
from typing import Any

from bot.service.values import GameInfo, HistoryEntry, Player, PlayResult
from bot.store import Store
from rules.base import Move, Outcome, ScoreSheet

log = logging.getLogger("campfire.service")


class GameService:
    """The application service. One instance per process, shared by every front end."""

    def __init__(
        self,
        store: Store,
        *,
        seed_source: Callable[[], str] | None = None,
        clock: Callable[[], datetime] | None = None,
        cache_size: int = 256,
    ) -> None:
        """``seed_source`` makes game seeds (default: 16 random hex digits); ``clock``
        returns aware UTC datetimes (default: now); ``cache_size`` bounds the LRU of
        rebuilt game states."""
        raise NotImplementedError

    # -- lobby ---------------------------------------------------------------------------

    async def create_lobby(
        self,
        *,
        rules: str,
        options: dict[str, Any] | None,
        guild_id: str | None,
        channel_id: str,
        creator: Player,
        max_seats: int | None = None,
    ) -> GameInfo:
        """A new lobby of ``rules`` (a ``rules.registry`` id) whose creator holds seat 1.

        ``options`` are validated by the game's spec (defaults filled in);
        ``max_seats`` may lower the spec's maximum. Raises ``InvalidOptions``
        (``game.unknown``, ``options.*``) or ``ServiceError('service.bad_seat_limit')``.
        """
        raise NotImplementedError

    async def join(self, game_id: int, player: Player) -> GameInfo:
        """Take a seat. Raises ``service.game_not_found``, ``service.not_lobby``,
        ``service.already_joined``, ``service.lobby_full``."""
        raise NotImplementedError

    async def leave(self, game_id: int, user_id: str) -> GameInfo:
        """Free a lobby seat (creator leaving: hand-over or close, see module doc).
        Raises ``service.game_not_found``, ``service.not_lobby``, ``service.not_in_game``."""
        raise NotImplementedError

    async def start(self, game_id: int, user_id: str, *, shuffle_seats: bool = True) -> PlayResult:
        """The creator starts the game: seats ordered, rules ``setup`` run, state stored.
        Events: ``TurnStarted``. Raises ``service.not_creator``, ``service.not_lobby``,
        ``service.not_enough_players``."""
        raise NotImplementedError

    # -- playing -------------------------------------------------------------------------

    async def play(
        self, game_id: int, user_id: str, text: str, *, expected_version: int | None = None
    ) -> PlayResult:
        """Apply one decision typed or clicked by ``user_id`` (a code, or forgiving text).

        Events: ``MoveApplied``, then ``GameOver`` or (if the seats to act changed)
        ``TurnStarted``. Raises ``service.game_not_found``, ``service.not_running``,
        ``service.not_in_game``, ``service.not_your_turn``, ``service.stale`` (version),
        or the rules' ``InvalidMove`` / ``IllegalMove`` / ``AmbiguousMove``. Nothing
        changes when it raises.
        """
        raise NotImplementedError

    async def legal_moves(self, game_id: int, user_id: str) -> list[Move]:
        """Every legal decision of ``user_id`` now; ``[]`` if they are not to act (or the
        game is not running). Raises ``service.game_not_found``."""
        raise NotImplementedError

    async def resign(self, game_id: int, user_id: str) -> PlayResult:
        """``user_id`` gives up: the game ends (see module doc). Events: ``GameOver``.
        Raises ``service.not_running``, ``service.not_in_game``."""
        raise NotImplementedError

    async def abort(self, game_id: int, user_id: str, *, is_moderator: bool = False) -> GameInfo:
        """Stop a lobby or running game without result. Allowed to the creator, or to a
        moderator (``is_moderator``: the caller decided, e.g. Manage Server/Threads).
        Raises ``service.not_allowed``, ``service.not_running`` (already ended)."""
        raise NotImplementedError

    # -- reading -------------------------------------------------------------------------

    async def game(self, game_id: int) -> GameInfo:
        """The stored game. Raises ``service.game_not_found``."""
        raise NotImplementedError

    async def public_view(self, game_id: int) -> dict[str, Any]:
        """The rules' public view (``view(state, None)``). Raises ``service.not_started``."""
        raise NotImplementedError

    async def private_view(self, game_id: int, user_id: str) -> dict[str, Any]:
        """The rules' view for ``user_id``'s seat. Raises ``service.not_in_game``,
        ``service.not_started``."""
        raise NotImplementedError

    async def scores(self, game_id: int, user_id: str | None = None) -> ScoreSheet:
        """The public score sheet, or (``user_id`` seated) the sheet as that seat sees it.
        Once the game is over, the full final sheet. Raises ``service.not_started``."""
        raise NotImplementedError

    async def outcome(self, game_id: int) -> Outcome | None:
        """``None`` unless the game is over (normally or by resignation)."""
        raise NotImplementedError

    async def history(self, game_id: int) -> list[HistoryEntry]:
        """Every applied move in order: ``(seat, code, label, at)``."""
        raise NotImplementedError

    async def games_in_channel(
        self, channel_id: str, *, active_only: bool = True
    ) -> list[GameInfo]:
        """Games created in ``channel_id`` (newest first); active = lobby or running."""
        raise NotImplementedError

    async def games_of_user(self, user_id: str, *, active_only: bool = True) -> list[GameInfo]:
        """Games where ``user_id`` has a seat (newest first)."""
        raise NotImplementedError

    async def game_for_thread(self, thread_id: str) -> GameInfo | None:
        """The game whose thread is ``thread_id`` (the newest, if several)."""
        raise NotImplementedError

    async def set_thread(self, game_id: int, thread_id: str) -> None:
        """Remember the thread the front end opened for the game."""
        raise NotImplementedError

    async def set_message(self, game_id: int, kind: str, message_id: str) -> None:
        """Remember a message to edit later; ``kind`` in ``MESSAGE_KINDS`` or any short
        word (one message per kind, the latest wins)."""
        raise NotImplementedError

    async def messages(self, game_id: int) -> dict[str, str]:
        """``{kind: message_id}`` remembered for the game."""
        raise NotImplementedError

    async def guild_language(self, guild_id: str | None) -> str | None:
        """The language chosen for a guild (``None``: not set, use the user's locale)."""
        raise NotImplementedError

    async def set_guild_language(self, guild_id: str, lang: str) -> None:
        """Choose the guild's language (``en`` or ``fr``; others raise ``InvalidOptions``)."""
        raise NotImplementedError

    # -- pictures ------------------------------------------------------------------------

    async def render_board(self, game_id: int, lang: str) -> bytes:
        """PNG of the public view through ``render.registry.draw`` (run in a worker
        thread). Raises ``service.not_started``."""
        raise NotImplementedError
