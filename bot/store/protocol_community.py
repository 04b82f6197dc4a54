"""The parts of ``GameStore`` (``bot.store.protocol``) that serve a server's community
around its games: seasons, tournaments, players' records (a fair table), the notices
that wait and the per-game follows. ``protocol`` composes them with the others."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Protocol

from bot.shards import Shards
from bot.store.fairness import PlayRecord
from bot.store.rows import EndedGame, NewNotice, NoticeRow, RatingRow, SeasonRow
from bot.store.tournament_rows import (
    EntryRow,
    FinalStandingRow,
    NewsRow,
    NewTournament,
    RoundRow,
    TableRow,
    TournamentRow,
)


class SeasonsStore(Protocol):
    """A server's seasons and their frozen tables (``bot.store.seasons``)."""

    async def seasons_of(self, guild_id: str) -> list[SeasonRow]:
        """Every season of a server, the latest first."""
        ...

    async def start_season(self, guild_id: str, name: str, at: datetime) -> SeasonRow | None:
        """A new running season; ``None`` if one runs or the name was used."""
        ...

    async def end_season(self, season_id: int, at: datetime, table: Sequence[RatingRow]) -> bool:
        """End a running season and store its final table in one transaction; ``False``
        if it had ended."""
        ...

    async def season_ratings(self, season_id: int, rules: str | None = None) -> list[RatingRow]:
        """A season's frozen final table."""
        ...

    async def games_ended(
        self, guild_id: str, since: datetime, until: datetime | None = None
    ) -> list[EndedGame]:
        """The finished games of a server whose last entry lies in ``[since, until)``."""
        ...


class TournamentsStore(Protocol):
    """Tournaments, their entries, rounds, tables and news (``bot.store.tournaments``)."""

    async def create_tournament(self, new: NewTournament) -> int: ...

    async def tournament(self, tournament_id: int) -> TournamentRow | None: ...

    async def tournaments_in(
        self, guild_id: str | None, channel_id: str | None = None, *, active_only: bool = True
    ) -> list[TournamentRow]: ...

    async def set_tournament_status(
        self, tournament_id: int, status: str, at: datetime, *, when_in: Sequence[str]
    ) -> bool: ...

    async def start_tournament(self, tournament_id: int, rounds: int, at: datetime) -> bool: ...

    async def claim_tournament(
        self, tournament_id: int, worker: str, now: int, until: int
    ) -> bool: ...

    async def release_tournament(self, tournament_id: int, worker: str) -> bool: ...

    async def due_tournaments(
        self, now: int, shards: Shards | None = None, *, only: int | None = None
    ) -> list[int]: ...

    async def entries(self, tournament_id: int) -> list[EntryRow]: ...

    async def add_entry(
        self, tournament_id: int, user_id: str, name: str, at: datetime
    ) -> str | None: ...

    async def remove_entry(self, tournament_id: int, user_id: str) -> bool: ...

    async def set_entry_status(
        self, tournament_id: int, place: str, user_id: str, status: str, *, when_in: Sequence[str]
    ) -> bool: ...

    async def substitute(
        self,
        tournament_id: int,
        place: str,
        user_id: str,
        name: str,
        from_round: int,
        at: datetime,
    ) -> bool: ...

    async def tournaments_of_user(self, user_id: str) -> list[int]: ...

    async def add_round(
        self,
        tournament_id: int,
        number: int,
        tables: Sequence[tuple[Sequence[str], Sequence[str], str | None]],
        deadline: int | None,
        at: datetime,
    ) -> bool: ...

    async def set_round_status(
        self, tournament_id: int, number: int, status: str, *, when_in: Sequence[str]
    ) -> bool: ...

    async def rounds(self, tournament_id: int) -> list[RoundRow]: ...

    async def tables(self, tournament_id: int, round: int | None = None) -> list[TableRow]: ...

    async def table_of_game(self, game_id: int) -> TableRow | None: ...

    async def set_table_game(
        self, tournament_id: int, round: int, number: int, game_id: int
    ) -> bool: ...

    async def record_table(
        self, tournament_id: int, round: int, number: int, result: str
    ) -> bool: ...

    async def claim_news(
        self, worker: str, now: int, until: int, shards: Shards | None = None
    ) -> list[NewsRow]: ...

    async def finish_news(self, worker: str, ids: Sequence[int], *, posted: bool) -> int: ...

    async def release_worker(self, worker: str) -> int: ...


class FinalStandingsStore(Protocol):
    """A tournament's end and its frozen final standings
    (``bot.store.tournament_standings``)."""

    async def finish_tournament(
        self, tournament_id: int, at: datetime, table: Sequence[FinalStandingRow]
    ) -> bool: ...

    async def final_standings(self, tournament_id: int) -> list[FinalStandingRow]: ...

    async def freeze_standings(
        self, tournament_id: int, table: Sequence[FinalStandingRow]
    ) -> bool: ...


class FairnessStore(Protocol):
    """How players end their games and a lobby's requirements (``bot.store.fairness``)."""

    async def play_records(
        self, guild_id: str, user_ids: Sequence[str], since: datetime
    ) -> PlayRecord:
        """How the started games of a server that changed since ``since`` stand for
        each of ``user_ids``, and their entries in them, in one statement."""
        ...

    async def playing_counts(self, guild_id: str, user_ids: Sequence[str]) -> dict[str, int]:
        """How many running games of a server each of ``user_ids`` plays (seated, not
        removed)."""
        ...

    async def lobby_requirement(self, game_id: int) -> tuple[int | None, int | None]: ...

    async def set_lobby_requirement(
        self, game_id: int, min_completion: int | None, min_finished: int | None
    ) -> None: ...


class NoticesStore(Protocol):
    """The notices outbox: messages to players that wait (``bot.store.notices``)."""

    async def add_notices(self, notices: Sequence[NewNotice]) -> int:
        """Store those of ``notices`` whose ``dedupe`` key is new; how many."""
        ...

    async def claim_notices(
        self, now: int, worker: str, lease_until: int, limit: int
    ) -> list[NoticeRow]:
        """Claim every due unsent notice of up to ``limit`` players that nobody holds,
        for ``worker`` until ``lease_until`` (one conditional write: two processes never
        claim one row)."""
        ...

    async def finish_notices(self, worker: str, ids: Sequence[int], at: int) -> int:
        """Mark sent the claimed notices ``worker`` holds; old sent ones are dropped."""
        ...

    async def postpone_notices(self, worker: str, ids: Sequence[int], due: int) -> int:
        """Give back the claimed notices ``worker`` holds, due again at ``due``."""
        ...

    async def drop_notices(self, user_id: str, kind: str) -> int:
        """Forget a player's unsent, unclaimed notices of ``kind``."""
        ...

    async def pending_notices(self, user_id: str) -> list[NoticeRow]:
        """A player's unsent notices, soonest first."""
        ...


class FollowsStore(Protocol):
    """Per-game choices: mutes of players, followers without a seat (``bot.store.follows``)."""

    async def set_follow(self, game_id: int, user_id: str, mode: str | None, at: int) -> None:
        """``user_id``'s choice in ``game_id`` is ``mode`` from ``at`` (``None``: none)."""
        ...

    async def follows_of_game(self, game_id: int) -> dict[str, str]:
        """``{user: mode}``: every choice made in a game."""
        ...

    async def follows_of_user(self, user_id: str) -> dict[int, str]:
        """``{game id: mode}``: every choice ``user_id`` made."""
        ...
