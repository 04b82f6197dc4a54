"""Per-game choices: a player mutes one game's pings, someone without a seat follows a
game by direct message (``/campfire follow``).

A choice is stored per (game, user) and survives restarts. The modes:

- ``mute`` (a player): no ping of the game's turns or result; its reminders still come;
- ``mute_all`` (a player): no ping at all from the game, reminders included;
- ``result`` (a spectator): a direct message when the game ends;
- ``turns`` (a spectator): a direct message at every new turn, and at its end.

``unmute`` and ``unfollow`` drop the choice. Whether a notice reaches someone is one pure
function (``hears``) of a choice made, asked by the one decision of who is told what
(``bot.service.notices.Notices.route``) and by the posts' pings, so a muted game is
silent in the thread, in direct messages and in what waits alike. A game's choices are
read once and remembered ``CACHE_SECONDS`` (each post asks), and refreshed at once by a
choice made in this process.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from datetime import datetime

from bot.service.values import GameInfo, ServiceError
from bot.store import GameStore

PLAYER_MODES = ("mute", "mute_all")
SPECTATOR_MODES = ("result", "turns")
MODES = (*PLAYER_MODES, *SPECTATOR_MODES)
CHOICES = ("mute", "mute_all", "unmute", "result", "turns", "unfollow")
"""What ``/campfire follow mode:`` offers: the modes and the two ways back."""
CACHE_SECONDS = 60.0
"""How long a game's choices are remembered (a choice made in another process shows
within this time)."""


def hears(mode: str | None, kind: str, *, seated: bool) -> bool:
    """Whether a notice of ``kind`` (``turn``, ``reminder``, ``ended``) of a game reaches
    someone whose choice there is ``mode``: a player unless muted (``mute`` keeps the
    reminders), someone without a seat only when following (``result``: the end;
    ``turns``: every turn and the end; never a reminder: the clock is not theirs)."""
    if seated:
        if mode == "mute":
            return kind == "reminder"
        return mode != "mute_all"
    if mode == "turns":
        return kind in ("turn", "ended")
    if mode == "result":
        return kind == "ended"
    return False


def is_follower(game: GameInfo, user_id: str, mode: str | None) -> bool:
    """Whether ``user_id`` follows ``game`` without playing it (a spectator's mode, no
    seat). Only a choice made counts: someone else told of a game (a rematch's
    invitation) is routed as ever."""
    return mode in SPECTATOR_MODES and not game.has_seat(user_id)


class Follows:
    """The per-game choices of a service: made, read (remembered a while), applied."""

    def __init__(
        self, store: GameStore, clock: Callable[[], datetime], *, seconds: float = CACHE_SECONDS
    ) -> None:
        self.store = store
        self.clock = clock
        self.seconds = seconds
        self._known: dict[int, tuple[float, dict[str, str]]] = {}

    async def of_game(self, game_id: int) -> dict[str, str]:
        """``{user: mode}`` of a game, read at most once every ``seconds``."""
        now = self.clock().timestamp()
        known = self._known.get(game_id)
        if known is not None and now - known[0] < self.seconds:
            return known[1]
        found = await self.store.follows_of_game(game_id)
        if len(self._known) > 4096:  # games long over: forget the oldest half
            for old in sorted(self._known, key=lambda g: self._known[g][0])[:2048]:
                del self._known[old]
        self._known[game_id] = (now, found)
        return found

    async def mode(self, game_id: int, user_id: str) -> str | None:
        return (await self.of_game(game_id)).get(user_id)

    async def audible(self, game: GameInfo, seats: Sequence[str], kind: str) -> list[str]:
        """Those of ``seats`` (players of ``game``) whom a notice of ``kind`` reaches."""
        chosen = await self.of_game(game.id)
        return [s for s in seats if hears(chosen.get(s), kind, seated=True)]

    async def followers(self, game: GameInfo, kind: str) -> list[str]:
        """The people without a seat whom a notice of ``kind`` of ``game`` reaches."""
        chosen = await self.of_game(game.id)
        return [
            user
            for user, mode in sorted(chosen.items())
            if not game.has_seat(user) and hears(mode, kind, seated=False)
        ]

    async def choose(self, game: GameInfo, user_id: str, choice: str) -> str | None:
        """Make ``choice`` (one of ``CHOICES``) for ``user_id`` in ``game``; the mode now
        (``None``: none). Raises ``service.follow.bad_choice``, ``service.follow.over``
        (a game over or stopped), ``service.follow.not_a_player`` (a mute without a
        seat), ``service.follow.plays`` (following a game one plays); nothing changes."""
        if choice not in CHOICES:
            raise ServiceError("service.follow.bad_choice", choices=", ".join(CHOICES))
        if not game.is_active:
            raise ServiceError("service.follow.over", game=game.id)
        seated = game.has_seat(user_id)
        if choice in PLAYER_MODES and not seated:
            raise ServiceError("service.follow.not_a_player", game=game.id)
        if choice in SPECTATOR_MODES and seated:
            raise ServiceError("service.follow.plays", game=game.id)
        mode = choice if choice in MODES else None
        await self.store.set_follow(game.id, user_id, mode, int(self.clock().timestamp()))
        self._known.pop(game.id, None)
        return mode

    async def of_user(self, user_id: str) -> dict[int, str]:
        """``{game id: mode}``: every choice of ``user_id`` (read now)."""
        return await self.store.follows_of_user(user_id)


__all__ = [
    "CACHE_SECONDS",
    "CHOICES",
    "MODES",
    "PLAYER_MODES",
    "SPECTATOR_MODES",
    "Follows",
    "hears",
    "is_follower",
]
