"""Read-only queries of the service for readers that show games and write nothing: the
web companion's pages, pictures, standings and records.

``Reads`` is made from the store, like the service's other parts, and never writes to
it: the standings are the stored ratings with the finished games they do not count yet
rated in memory (``standings_as_read``), where ``GameService`` would store them. The
games themselves come from the read model (``bot.service.archive``: a game's row and log
while its revision stands, its positions replayed from checkpoints, its pictures by
position); the layouts and the text twin are the boards' (``bot.service.boards``), so a
page and a thread show a game alike. A server's settings (whether its games may be seen)
are read fresh at every call, as the service reads them (``ServerSettings.read``). Only
public things leave it: the public view, the public score sheet, the labels the table
read, the public description.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import logging
import zlib
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any, Protocol

from bot.service.agenda import Waiting, waiting_on
from bot.service.archive import ROW_SECONDS, Archive, Archived
from bot.service.boards import describe, picture_layouts
from bot.service.core import GameService
from bot.service.fairness import Fairness, Reliability
from bot.service.ratings import Standing
from bot.service.seasons import Seasons
from bot.service.settings import ServerSettings
from bot.service.standings import standings_as_read
from bot.service.tournaments.values import RoundInfo, TournamentInfo
from bot.service.tournaments.values import Standing as TournamentStanding
from bot.service.values import ServiceError
from bot.store import GameStore, GuildSettings, SeasonRow, open_store
from render import registry as renderers
from rules import registry
from rules.core.scores import ScoreSheet

log = logging.getLogger("campfire.service.reads")

STANDING_LINES = 50
"""Lines of each rule set's standings on a server's page."""

Drawer = Callable[..., bytes]


@dataclass(frozen=True)
class TournamentRead:
    """A tournament as its page shows it: the event and its entrants, every round with
    its tables, the standings, and each table's game as ``(revision, status)``."""

    info: TournamentInfo
    rounds: tuple[RoundInfo, ...]
    standings: tuple[TournamentStanding, ...]
    games: dict[int, tuple[int, str]]
    rates: dict[str, int] = field(default_factory=dict)
    """While registering: each entrant's completion rate on the server (percent), where
    they have one."""


class Closing(Protocol):
    """A store this object opened, and so closes."""

    async def close(self) -> None: ...


class Reads:
    """What a reader may ask of stored games, over one store (cached per revision)."""

    def __init__(
        self,
        store: GameStore,
        *,
        drawer: Drawer | None = None,
        row_seconds: float = ROW_SECONDS,
    ) -> None:
        """``drawer`` replaces ``render.registry.draw`` (tests); ``row_seconds``: how
        often a running game's row (its clocks) is read again without a move."""
        self._store = store
        self._drawer = drawer
        self.archive = Archive(store, drawer=drawer, row_seconds=row_seconds)
        self.settings = ServerSettings(store, lambda: datetime.now(UTC))
        """The servers' settings, read as the bot's service reads them."""
        self.seasons = Seasons(store, lambda: datetime.now(UTC))
        """The servers' seasons (only read here: a running season is rated in memory)."""
        self._fairness = Fairness(store, lambda: datetime.now(UTC), self.settings)
        self._service: GameService | None = None
        self._opened: Closing | None = None

    @classmethod
    async def open(cls, db: str) -> Reads:
        """The reads of the database ``db`` (a SQLite path or a ``postgresql://`` URL),
        opened for them: ``aclose`` closes it."""
        store = await open_store(db)
        reads = cls(store)
        reads._opened = store
        return reads

    def close(self) -> None:
        """Stop the render worker of the records and replays, if one was started."""
        if self._service is not None:
            self._service.close()
            self._service = None

    async def aclose(self) -> None:
        """``close``, and the store too when ``open`` opened it."""
        self.close()
        if self._opened is not None:
            await self._opened.close()

    # -- games ---------------------------------------------------------------------------

    async def game(self, game_id: int) -> Archived | None:
        """A started game as it stands (``None``: no such game, or a lobby)."""
        return await self.archive.game(game_id)

    async def revisions(self, game_ids: Sequence[int]) -> dict[int, tuple[int, str]]:
        """``{game id: (revision, status)}``: one small read for every game followed."""
        return await self._store.revisions(game_ids)

    async def guild_settings(self, guild_id: str | None) -> GuildSettings:
        """A server's settings (whether its games may be seen on the web), read from the
        store at every call as the service reads them (``ServerSettings.read``): a
        change the bot saves shows at once (all defaults outside a server)."""
        return await self.settings.read(guild_id)

    def layouts(self, rules: str) -> tuple[str, ...]:
        """The layouts pictures of ``rules`` games come in (``picture_layouts``)."""
        return picture_layouts(rules, self._drawer)

    def has_words(self, rules: str) -> bool:
        """Whether ``rules`` games have a text twin (the board in words)."""
        return renderers.has(rules, "twin")

    async def kept(
        self, archived: Archived, key: tuple[Any, ...], make: Callable[[], Awaitable[Any]]
    ) -> Any:
        """What ``make`` computes once for this revision of the game (a page)."""
        return await self.archive.derived(archived, key, make)

    async def facts(self, archived: Archived, step: int, lang: str) -> tuple[ScoreSheet, str]:
        """The table's score sheet at ``step`` and the board's short description (empty
        without a text twin), computed once per revision in a worker thread."""
        rules = archived.row.rules
        names = archived.names(lang)

        def compute() -> tuple[ScoreSheet, str]:
            sheet = archived.scores(step)
            short = ""
            if self.has_words(rules):
                short = describe(rules, archived.public_view(step), lang, names)
            return sheet, short

        async def computed() -> tuple[ScoreSheet, str]:
            return await asyncio.to_thread(compute)

        found: tuple[ScoreSheet, str] = await self.kept(archived, ("facts", step, lang), computed)
        return found

    async def words(self, archived: Archived, step: int, lang: str) -> str | None:
        """The board in words at ``step`` (the text twin's long form); ``None``: the game
        has no text twin."""
        rules = archived.row.rules
        if not self.has_words(rules):
            return None
        names = archived.names(lang)

        def long_form() -> str:
            view = archived.public_view(step)
            return renderers.describe(rules, view, lang=lang, names=names, form="long")

        async def make() -> str:
            return await asyncio.to_thread(long_form)

        found: str = await self.kept(archived, ("words", step, lang), make)
        return found

    def to_act(self, archived: Archived) -> frozenset[str]:
        """The seats to act in a running game now (none once it is over, or when its
        position does not read)."""
        if archived.row.status != "running":
            return frozenset()
        with contextlib.suppress(Exception):
            return frozenset(archived.game.to_act(archived.state_at(archived.steps)))
        return frozenset()

    async def places(self, archived: Archived) -> tuple[tuple[int, str, int], ...]:
        """``(place, seat, score)`` of a finished game, best first (none before)."""
        if archived.row.status != "over":
            return ()
        return tuple((r.rank, r.seat, r.score) for r in await self._store.results(archived.row.id))

    async def picture(self, archived: Archived, step: int, layout: str, lang: str) -> bytes:
        """The public picture of ``step`` (PNG), drawn once per position."""
        return await self.archive.picture(archived, step, layout, lang)

    def service(self) -> GameService:
        """A ``GameService`` over the store for what it builds from a whole game (the
        record, the animated replay); made on first use, one render worker."""
        if self._service is None:
            self._service = GameService(self._store, render_workers=1, drawer=self._drawer)
        return self._service

    async def animation(self, archived: Archived, lang: str) -> bytes | None:
        """The animated replay of a finished game (``None``: not over, or no pictures),
        made once per revision."""
        if archived.row.status != "over" or not self.layouts(archived.row.rules):
            return None

        async def make() -> bytes:
            data: bytes = await self.service().boards.animation(archived.row.id, lang)
            return data

        found: bytes = await self.kept(archived, ("replay", lang), make)
        return found

    # -- a player's waiting games ---------------------------------------------------------

    async def waiting(self, user_id: str) -> list[Waiting]:
        """The games waiting on ``user_id`` in every server that lets its games be seen
        on the web (``web_links`` not off, read now), by time left (``bot.service.agenda``)."""
        games = await self.service().games_of_user(user_id)
        allowed: dict[str | None, bool] = {}
        found = []
        for waiting in waiting_on(games, user_id):
            guild = waiting.game.guild_id
            if guild not in allowed:
                allowed[guild] = (await self.guild_settings(guild)).web_links is not False
            if allowed[guild]:
                found.append(waiting)
        return found

    async def waiting_mark(self, user_id: str) -> str:
        """A short mark of the turns waiting on ``user_id`` (which games, since which
        revision, until when, paused or not), one read of their clocks: it changes when
        the list of ``waiting`` may have changed (what a personal page polls)."""
        clocks = await self._store.clocks_of_user(user_id)
        seen = [
            (game_id, c.revision, c.deadline and c.deadline.timestamp(), c.paused is not None)
            for game_id, c in clocks
        ]
        return hashlib.sha256(repr(sorted(seen)).encode()).hexdigest()[:16]

    # -- standings -----------------------------------------------------------------------

    async def ladder(self, guild_id: str, rules: str) -> list[Standing]:
        """``/campfire standings`` of ``rules`` on a server, without writing anything."""
        return await standings_as_read(self._store, guild_id, rules)

    async def standings(self, guild_id: str) -> list[tuple[str, list[Standing]]]:
        """Each rule set played on a server (rated, or with a finished game waiting to
        be), with its first ``STANDING_LINES`` lines; none without a rated player."""
        played = {r.rules for r in await self._store.ratings(guild_id)}
        for rules in registry.ids():
            if rules not in played and await self._store.finished_results(
                guild_id, rules, unrated_only=True
            ):
                played.add(rules)
        boards = []
        for rules in sorted(played):
            lines = await self.ladder(guild_id, rules)
            if lines:
                boards.append((rules, lines[:STANDING_LINES]))
        return boards

    async def season_standings(
        self, guild_id: str, season_id: int
    ) -> tuple[list[SeasonRow], SeasonRow | None, list[tuple[str, list[Standing]]]]:
        """A server's seasons (the latest first), the one ``season_id`` names (``None``:
        none of them) and each rule set's standings in it, their first
        ``STANDING_LINES`` lines: rated in memory while it runs, its final table after."""
        seasons = await self.seasons.all(guild_id)
        chosen = next((s for s in seasons if s.id == season_id), None)
        if chosen is None:
            return seasons, None, []
        boards = await self.seasons.boards(chosen)
        return seasons, chosen, [(rules, lines[:STANDING_LINES]) for rules, lines in boards]

    async def reliability(self, guild_id: str, user_id: str) -> Reliability:
        """How a player ended the games they started on a server over the last 180 days
        (``Fairness.reliability``: the record ``/campfire stats`` shows)."""
        return await self._fairness.reliability(guild_id, user_id)

    async def own_language(self, user_id: str) -> str | None:
        """The language a player chose for what Campfire sends them (``/campfire me
        language:``); ``None``: none chosen."""
        chosen = (await self._store.user_settings([user_id])).get(user_id)
        return chosen.language if chosen is not None else None

    async def user_names(self, user_ids: Sequence[str]) -> dict[str, str]:
        """The name each player last joined a game with."""
        return await self._store.user_names(user_ids)

    async def player(
        self, guild_id: str, user_id: str
    ) -> tuple[list[Standing], tuple[int, int], str]:
        """A player on a server: their line in each rule set's standings, the hints they
        took (and in how many games), and their name."""
        lines: list[Standing] = []
        rated = {r.rules for r in await self._store.ratings_of_user(guild_id, user_id)}
        for rules in sorted(rated):
            ladder = await self.ladder(guild_id, rules)
            lines.extend(line for line in ladder if line.user_id == user_id)
        hints = await self._store.hints_of_user(guild_id, user_id)
        name = (await self._store.user_names([user_id])).get(user_id, user_id)
        return lines, hints, name

    # -- tournaments ---------------------------------------------------------------------

    async def tournament(self, tournament_id: int) -> TournamentRead | None:
        """A tournament's page: the event, its rounds and tables, its standings (none
        before its first round) and its games' revisions (``None``: no such tournament)."""
        tournaments = self.service().tournaments
        try:
            info = await tournaments.tournament(tournament_id)
        except ServiceError:
            return None
        rounds = await tournaments.round_list(tournament_id)
        standings = await tournaments.standings(tournament_id) if rounds else ()
        ids = [t.game_id for r in rounds for t in r.tables if t.game_id is not None]
        games = await self._store.revisions(ids) if ids else {}
        rates: dict[str, int] = {}
        if info.status == "open":
            users = [e.user_id for e in info.entries if e.plays]
            records = await self.service().fairness.reliabilities(info.guild_id, users)
            rates = {u: r.percent for u, r in records.items() if r.percent is not None}
        return TournamentRead(info, rounds, standings, games, rates)

    async def tournament_of_game(self, game_id: int) -> tuple[TournamentInfo, int] | None:
        """The tournament a game is a table of, and its round (``None``: any other game),
        for the game's page to link back to it."""
        return await self.service().tournaments.of_game(game_id)

    async def tournament_stamps(self, tournament_ids: Sequence[int]) -> dict[int, tuple[int, str]]:
        """``{tournament id: (stamp, status)}``: the stamp changes whenever its page would
        (an entrant, a round, a table's result, a move in one of its games)."""
        found: dict[int, tuple[int, str]] = {}
        for tournament_id in tournament_ids:
            row = await self._store.tournament(tournament_id)
            if row is None:
                continue
            entries = await self._store.entries(tournament_id)
            tables = await self._store.tables(tournament_id, row.current_round)
            ids = [t.game_id for t in tables if t.game_id is not None]
            games = await self._store.revisions(ids) if ids else {}
            signature = repr(
                (
                    row.status,
                    row.current_round,
                    [(e.place, e.user_id, e.status) for e in entries],
                    [(t.number, t.game_id, t.result) for t in tables],
                    sorted(games.items()),
                )
            )
            found[tournament_id] = (zlib.crc32(signature.encode()), row.status)
        return found


__all__ = ["STANDING_LINES", "Archived", "Reads", "TournamentRead"]
