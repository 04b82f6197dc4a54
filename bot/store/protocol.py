"""``GameStore``: what the game service needs of a store, so a second store can come.

The service (``bot.service``) and its loader are typed against this protocol, never
against the SQLite ``Store``, which satisfies it (mypy checks that where a service is
built over it; ``tests/bot/test_store_protocol.py`` compares the signatures too).

Every method that changes a game is one transaction and returns ``False`` (nothing
written) when the game is not in the state the change needs: that is how concurrent
clicks cannot both apply.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import datetime
from typing import Any, Protocol

from bot.shards import Shards
from bot.store.protocol_community import (
    FairnessStore,
    FinalStandingsStore,
    FollowsStore,
    NoticesStore,
    SeasonsStore,
    TournamentsStore,
)
from bot.store.rows import (
    ClockChange,
    ClockRow,
    DueReminder,
    FinishedRow,
    GameRow,
    GuildSettings,
    MoveRow,
    NewEntry,
    RatingRow,
    ResultRow,
    SeatClock,
    UserSettings,
)


class GamesStore(Protocol):
    """Games and their moves (``bot.store.games``)."""

    async def create_game(
        self,
        *,
        guild_id: str | None,
        channel_id: str,
        rules: str,
        rules_version: int,
        options: dict[str, Any],
        seed: str,
        creator: str,
        creator_name: str,
        min_seats: int,
        max_seats: int,
        at: datetime,
        clock_hours: int | None = None,
        timeout_policy: str = "remind",
        creator_level: str | None = None,
    ) -> int:
        """Insert a lobby with its creator in seat 0 and its turn clock (hours, ``None``:
        none) and timeout policy; return the new game id. ``creator_level``: the
        creator's seat is the AI's, at that level (an offline all-AI table)."""
        ...

    async def game(self, game_id: int) -> GameRow | None: ...

    async def revisions(self, game_ids: Sequence[int]) -> dict[int, tuple[int, str]]:
        """``{game id: (revision, status)}`` of the stored ones of ``game_ids``."""
        ...

    async def games_in_channel(self, channel_id: str, *, active_only: bool) -> list[GameRow]: ...

    async def games_of_user(self, user_id: str, *, active_only: bool) -> list[GameRow]: ...

    async def running_games(self) -> list[GameRow]: ...

    async def running_games_behind(self, kind: str) -> list[GameRow]:
        """Running games whose message ``kind`` holds a revision other than theirs."""
        ...

    async def game_for_thread(self, thread_id: str) -> GameRow | None: ...

    async def set_status(
        self,
        game_id: int,
        status: str,
        at: datetime,
        *,
        when_in: Sequence[str],
        by: str | None = None,
    ) -> bool:
        """Change the status (a game that ends loses its clocks and reminders); ``by``:
        who stopped it (an abort)."""
        ...

    async def append_move(self, entry: NewEntry) -> GameRow | None:
        """Log ``entry`` with what the table reads of it, the new snapshot, (``over``)
        the results, a resigning seat and the change of the clocks in one transaction,
        only if the game is at revision ``entry.expected_version``: the game as
        committed, as the database answered it, or ``None`` (nothing written)."""
        ...

    async def undo(
        self,
        game_id: int,
        *,
        expected_version: int,
        count: int,
        by: str,
        at: datetime,
        snapshot: str,
        clocks: ClockChange | None = None,
    ) -> bool:
        """Mark the last ``count`` entries undone (kept), grow the revision, change the
        clocks."""
        ...

    async def moves(self, game_id: int) -> list[MoveRow]: ...

    async def undone_moves(self, game_id: int) -> list[MoveRow]: ...

    async def undo_sizes(self, game_id: int) -> list[int]:
        """How many entries each undo took back, oldest first."""
        ...

    async def log_revision(self, game_id: int) -> int: ...

    async def entry_at(self, game_id: int, seq: int) -> MoveRow | None:
        """The entry logged at ``seq`` (the revision it was made at), taken back since or
        not; ``None``: none was. Waits for a change of the game in flight first."""
        ...

    async def repair_snapshot(self, game_id: int, version: int, snapshot: str) -> bool: ...

    async def set_rematch(self, game_id: int, previous: int) -> bool:
        """Link a lobby to the game it is a rematch of; ``False`` if that has one."""
        ...

    async def rematch_of(self, previous: int) -> int | None: ...

    async def previous_game(self, game_id: int) -> int | None: ...

    async def set_thread(self, game_id: int, thread_id: str | None) -> bool: ...


class MessagesStore(Protocol):
    """The messages front ends remember of a game (and of a tournament) and the claims
    of announcing a revision (``bot.store.messages``)."""

    async def set_message(self, game_id: int, kind: str, message_id: str) -> None: ...

    async def record_messages(
        self,
        game_id: int,
        messages: Mapping[str, str],
        *,
        revision: tuple[str, int] | None = None,
    ) -> None: ...

    async def messages(self, game_id: int) -> dict[str, str]: ...

    async def set_tournament_message(
        self, tournament_id: int, kind: str, message_id: str
    ) -> None: ...

    async def tournament_messages(self, tournament_id: int) -> dict[str, str]:
        """``{kind: message_id}`` remembered for a tournament (its registration message)."""
        ...

    async def claim_revision(
        self, game_id: int, kind: str, revision: int, *, holder: str = "", at: int = 0
    ) -> str | None:
        """Claim the posting of ``revision`` (message ``kind`` records a pending claim by
        ``holder`` at ``at``): the revision last posted, or ``None`` when that revision
        or a later one is claimed by someone alive."""
        ...

    async def unclaim_revision(
        self, game_id: int, kind: str, revision: int, before: str, *, holder: str = ""
    ) -> bool:
        """Give back a claim whose posting failed (unless a later one was made since)."""
        ...


class SeatsStore(Protocol):
    """Seats and lobbies (``bot.store.seats``); ``False``: the game was not a lobby."""

    async def user_names(self, user_ids: Sequence[str]) -> dict[str, str]:
        """``{user id: the name they last joined a game with}`` of those who ever sat."""
        ...

    async def add_seat(
        self, game_id: int, user_id: str, name: str, at: datetime, *, ai_level: str | None = None
    ) -> bool: ...

    async def remove_seat(
        self, game_id: int, user_id: str, at: datetime, *, new_creator: str | None = None
    ) -> bool: ...

    async def start_game(
        self,
        game_id: int,
        seat_order: Sequence[str],
        snapshot: str,
        at: datetime,
        clocks: ClockChange | None = None,
    ) -> bool: ...


class ClocksStore(Protocol):
    """Clocks, reminders and time away (``bot.store.clocks``)."""

    async def claim_reminders(
        self, now: int, worker: str, lease_until: int, limit: int, shards: Shards | None = None
    ) -> list[DueReminder]:
        """Claim the reminders due at ``now`` that nobody holds, for ``worker`` until
        ``lease_until`` (one conditional write: two processes never claim one row), of the
        games on ``shards`` only (``None``: every game; the shard of a game is its
        server's, see ``bot.shards``: a server id that is not a number is shard 0).
        PostgreSQL picks the rows with ``FOR UPDATE SKIP LOCKED``."""
        ...

    async def finish_reminders(self, worker: str, ids: Sequence[int]) -> int: ...

    async def reschedule_clock(self, game_id: int, clock: SeatClock) -> bool:
        """Replace a seat's deadline, pause and reminders if its turn is still the one
        that began at ``clock.revision``."""
        ...

    async def reschedule_clocks(self, changes: Sequence[tuple[int, SeatClock]]) -> list[bool]:
        """``reschedule_clock`` for many seats in one transaction; which applied."""
        ...

    async def clocks_of_user(self, user_id: str) -> list[tuple[int, ClockRow]]: ...

    async def away_until(self, user_ids: Sequence[str]) -> dict[str, int]: ...

    async def set_away(self, user_id: str, since: int, until: int | None) -> None: ...


class SettingsStore(Protocol):
    """Server settings and player preferences (``bot.store.settings``)."""

    async def guild_settings(self, guild_id: str) -> GuildSettings: ...

    async def save_guild_settings(
        self, guild_id: str, settings: GuildSettings, at: datetime
    ) -> None: ...

    async def user_settings(self, user_ids: Sequence[str]) -> dict[str, UserSettings]: ...

    async def save_user_settings(self, user_id: str, settings: UserSettings) -> None: ...

    async def set_client_language(self, user_id: str, language: str | None) -> None: ...

    async def guild_language(self, guild_id: str) -> str | None: ...

    async def set_guild_language(
        self, guild_id: str, language: str | None, at: datetime
    ) -> None: ...


class RatingsStore(Protocol):
    """Results and ratings (``bot.store.ratings``)."""

    async def results(self, game_id: int) -> list[ResultRow]: ...

    async def finished_results(
        self, guild_id: str, rules: str, *, unrated_only: bool
    ) -> list[FinishedRow]:
        """Places of the games of ``rules`` over on ``guild_id``, in the order they ended."""
        ...

    async def ratings(self, guild_id: str, rules: str | None = None) -> list[RatingRow]: ...

    async def ratings_of_user(self, guild_id: str, user_id: str) -> list[RatingRow]: ...

    async def save_ratings(
        self, guild_id: str, rules: str, game_ids: Sequence[int], ratings: Sequence[RatingRow]
    ) -> bool:
        """Mark the games rated and store their ratings in one transaction; ``False`` if
        one was rated already."""
        ...


class JobsStore(Protocol):
    """The claimed restart work of games (``bot.store.jobs``)."""

    async def claim_games(
        self,
        job: str,
        worker: str,
        now: int,
        lease_until: int,
        *,
        after: int = 0,
        limit: int = 50,
        shards: Shards | None = None,
        fresh: bool = True,
    ) -> list[GameRow]:
        """Claim ``job`` (the AI seats' turns, or a table's catch-up) in the games due for
        it above ``after`` on ``shards`` that nobody holds, for ``worker`` until
        ``lease_until`` (one conditional write: two processes never claim one game's
        job); the games claimed. PostgreSQL picks the rows with ``FOR UPDATE SKIP
        LOCKED``. A worker named ``<identity>#<instance>`` also takes back what another
        instance of its identity holds (a dead predecessor); ``fresh=False`` (a sweep)
        claims only rows already there, whose holder's lease ran out."""
        ...

    async def renew_game(self, job: str, worker: str, game_id: int, lease_until: int) -> bool:
        """Extend ``worker``'s lease of ``job`` in a game; ``False`` if it lost it."""
        ...

    async def release_games(self, job: str, worker: str, game_ids: Sequence[int]) -> int:
        """End ``worker``'s hold of ``job`` in ``game_ids``."""
        ...


class HintsStore(Protocol):
    """The hints each seat took (``bot.store.hints``)."""

    async def record_hint(self, game_id: int, seat: str, revision: int) -> int:
        """Count a hint of ``seat`` at ``revision`` (once per revision); the seat's count."""
        ...

    async def hint_counts(self, game_id: int) -> dict[str, int]:
        """``{seat: hints taken}`` for the seats that took any."""
        ...

    async def hints_of_user(self, guild_id: str, user_id: str) -> tuple[int, int]:
        """Hints a user took in a server's games (``''``: outside one), and in how many."""
        ...


class GameStore(
    GamesStore,
    MessagesStore,
    SeatsStore,
    ClocksStore,
    SettingsStore,
    RatingsStore,
    JobsStore,
    HintsStore,
    SeasonsStore,
    TournamentsStore,
    FinalStandingsStore,
    FairnessStore,
    NoticesStore,
    FollowsStore,
    Protocol,
):
    """The persistence of games, lobbies, move logs and front-end bookkeeping: every
    part, as ``bot.store.database.SqlStore`` is every part of the queries."""

    @property
    def path(self) -> str:
        """Where the games are kept (a file path, a URL), for messages to the user."""
        ...
