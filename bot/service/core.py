"""GameService: every game action of every front end (Discord, console, demo), over the store.

Ids in, values and events out; nothing here knows Discord. One move = one store
transaction guarded by the game's version (see ``bot.store``).

Lobbies are ``bot.service.lobby``, a running game's changes ``bot.service.moves``, the
players' records ``bot.service.fairness``. Decisions where the rules and brief are silent:
- **Revisions.** ``version`` is the game's revision: it grows with every entry and every
  undo, never goes back, so a button made for an older revision is stale.
- **Turn announcements.** ``TurnStarted`` is emitted when someone new must act (its
  ``new_seats``), so the second step of a multi-step turn (evolve, then choose the
  pawn) announces nothing, and a player finishing a simultaneous choice (say,
  objectives kept at set-up) does not ping again those still choosing.
- **Undo with consent**: see ``bot.service.undo``.
- **Scores at the end.** Once a game is over, ``scores`` returns every seat's full row
  (hidden tokens revealed) whoever asks; before that, the public sheet, or the asking
  seat's own view of it.
"""

from __future__ import annotations

import logging
import secrets
from collections.abc import Callable, Mapping
from dataclasses import replace
from datetime import UTC, datetime, timedelta
from typing import Any

from bot.service.boards import Boards
from bot.service.catchup import pinged_since
from bot.service.fairness import Fairness
from bot.service.guards import guard, seated, status_key
from bot.service.hints import Adviser, Hints
from bot.service.jobs import Jobs
from bot.service.loader import StateCache, off_loop_if_long
from bot.service.lobby import Lobbies
from bot.service.moves import Moves
from bot.service.notices import Notices
from bot.service.pictures import Drawer
from bot.service.pipeline import Pipeline
from bot.service.robots import Chooser, Robots
from bot.service.seasons import Seasons
from bot.service.standings import PlayerStats, Ratings, Standings
from bot.service.timing import Timing
from bot.service.tournaments import Tournaments
from bot.service.undo import Undos
from bot.service.values import (
    Announcement,
    Event,
    GameInfo,
    GameOver,
    HistoryEntry,
    MoveApplied,
    Place,
    PlayResult,
    ServiceError,
    TurnStarted,
)
from bot.shards import Shards
from bot.store import GameRow, GameStore, MoveRow, abandoned, parse_claim
from rules import registry
from rules.base import (
    CampfireError,
    Game,
    InvalidOptions,
    Move,
    Outcome,
    ScoreSheet,
    Section,
    State,
)
from rules.i18n import LANGS

log = logging.getLogger("campfire.service")

FINISHED_LISTED_FOR = timedelta(days=1)
"""How long a finished game stays in the lists of games (``finished_games``)."""


def _now() -> datetime:
    return datetime.now(UTC)


def _new_seed() -> str:
    return secrets.token_hex(8)


class GameService:
    """The application service. One instance per process, shared by every front end."""

    def __init__(
        self,
        store: GameStore,
        *,
        seed_source: Callable[[], str] | None = None,
        clock: Callable[[], datetime] | None = None,
        cache_size: int = 256,
        drawer: Drawer | None = None,
        render_workers: int | None = None,
        render_processes: bool = False,
        chooser: Chooser | None = None,
        shards: Shards | None = None,
        adviser: Adviser | None = None,
        worker: str | None = None,
    ) -> None:
        """``seed_source`` makes game seeds (default: 16 random hex digits); ``clock``
        returns aware UTC datetimes (default: now); ``cache_size`` bounds the LRU of
        rebuilt game states; ``drawer`` replaces ``render.registry.draw``, ``chooser``
        ``ai.choose`` and ``adviser`` ``ai.advise`` (tests). Pictures are drawn in a pool
        of ``render_workers`` (default: one per core) threads, or processes with
        ``render_processes`` (``render.registry.draw`` only; ``bot.service.pictures``);
        ``close`` stops it. ``shards``: the Discord shards this process serves (``None``:
        all): its scheduled work (reminders, timeouts, catch-up, AI seats left to play)
        is only that of the games on them (see ``bot.shards``). ``worker``: this
        process in the tournaments' leases (``Tournaments``)."""
        self.store = store
        self.shards = shards
        self._seed_source = seed_source or _new_seed
        self._clock = clock or _now
        self.ratings = Ratings(store)
        self.pipeline = Pipeline(
            store,
            clock=self._clock,
            cache=StateCache(cache_size),
            ratings=self.ratings,
            shards=shards,
        )
        self.settings = self.pipeline.settings  # fresh or as posts read them: service.settings
        self.robots = Robots(self.pipeline, store, chooser)
        self.moves = Moves(self.pipeline, self.robots)
        self.timing = Timing(self.pipeline, store, self.robots, self.moves)
        self.fairness = Fairness(store, self._clock, self.settings)  # records, the cap
        self.lobbies = Lobbies(
            self.pipeline, store, self.robots, self.timing, self._seed_source, self.fairness
        )
        self.create_lobby = self.lobbies.create_lobby
        self.join = self.lobbies.join
        self.leave = self.lobbies.leave
        self.rematch = self.lobbies.rematch
        self.start = self.lobbies.start
        self.undos = Undos(self.pipeline, store)
        self.boards = Boards(
            self.pipeline, store, drawer, workers=render_workers, processes=render_processes
        )
        self.jobs = Jobs(self.pipeline, store)
        self.hints = Hints(self.pipeline, store, adviser)
        self.seasons = Seasons(store, self._clock)  # the servers' seasons and their standings
        self.notices = Notices(self.pipeline, store)  # who is told what, and when
        self.follows = self.pipeline.follows  # per-game mutes and followers
        self.tournaments = Tournaments(self.pipeline, store, self.lobbies, self.moves, worker)

    def close(self) -> None:
        """Stop the render pool's workers (the store is the caller's to close)."""
        self.boards.close()

    def now(self) -> datetime:
        """The service's time (its injected clock): what deadlines are counted from."""
        return self._clock()

    # -- playing -------------------------------------------------------------------------

    async def play(
        self, game_id: int, user_id: str, text: str, *, expected_version: int | None = None
    ) -> PlayResult:
        """Apply one decision typed or clicked by ``user_id`` (a code, or forgiving text).

        Events: ``MoveApplied``, then ``GameOver`` or (if someone new must act)
        ``TurnStarted``. Raises ``service.game_not_found``, ``service.not_running``,
        ``service.not_in_game``, ``service.not_your_turn``, ``service.stale`` (version),
        or the rules' ``InvalidMove`` / ``IllegalMove`` / ``AmbiguousMove``. Nothing
        changes when it raises, with two exceptions the store's outages bring
        (``Pipeline.commit``): ``service.commit_unknown`` (the database went away while
        the move was stored and is still away: it may have been), and
        ``service.commit_found`` (the seat's previous move, whose outcome was unknown,
        was stored after all: this one is not played).
        """
        return await self.moves.play(game_id, user_id, text, expected_version=expected_version)

    async def legal_moves(self, game_id: int, user_id: str) -> list[Move]:
        """Every legal decision of ``user_id`` now; ``[]`` if they are not to act (or the
        game is not running). Raises ``service.game_not_found``."""
        row = await self._row(game_id)
        if row.status != "running" or not seated(row, user_id):
            return []
        game = registry.get(row.rules)
        state = await self.pipeline.state(row)
        with guard("legal_moves", game_id):
            return game.legal_moves(state, user_id)

    async def resign(
        self,
        game_id: int,
        user_id: str,
        *,
        reason: str = "resign",
        expected_version: int | None = None,
    ) -> PlayResult:
        """``user_id`` gives up (see module doc), or (``reason="timeout"``) is removed
        because their clock ran out. Events: ``MoveApplied`` (the removal), then
        ``GameOver`` or, when the others play on and someone new must act,
        ``TurnStarted``. Raises ``service.not_running``, ``service.not_in_game``,
        ``service.stale`` (the game is not at ``expected_version`` any more)."""
        return await self.moves.resign(
            game_id, user_id, reason=reason, expected_version=expected_version
        )

    async def advance(
        self, game: GameInfo, *, after: PlayResult | None = None
    ) -> PlayResult | None:
        """Carry ``game`` (as a change left it) forward: its AI seats to act play, one
        entry each, until a person must act or the game ends (``Robots.turns``, the one
        AI driver); nothing is read when no AI seat is to act. Returns the change
        ``after`` (when given) and their decisions merged into one result, ``None``
        when nothing happened. A failure of the AI is logged and stops it there: what
        was played is returned, and the next change (or the next start) tries again.
        Every front end calls it after a change: Discord after a move, a resignation,
        a timeout or a catch-up, a restart for the games it left undone."""
        return await self.moves.advance(game, after=after)

    async def abort(self, game_id: int, user_id: str, *, is_moderator: bool = False) -> GameInfo:
        """Stop a lobby or running game without result. Allowed to the creator, or to a
        moderator (``is_moderator``: the caller decided, e.g. Manage Server/Threads).
        Raises ``service.not_allowed``, ``service.not_running`` (already ended)."""
        async with self.pipeline.lobby_lock:
            row = await self._row(game_id)
            if row.status not in ("lobby", "running"):
                raise ServiceError("service.not_running", status=status_key(row.status))
            if user_id != row.creator and not is_moderator:
                raise ServiceError("service.not_allowed")
            done = await self.store.set_status(
                game_id, "aborted", self._clock(), when_in=("lobby", "running"), by=user_id
            )
            if not done:
                await self._raise_not_running(game_id)
        log.info("game %d: aborted by %s (moderator=%s)", game_id, user_id, is_moderator)
        return await self.game(game_id)

    # -- reading -------------------------------------------------------------------------

    async def game(self, game_id: int) -> GameInfo:
        """The stored game. Raises ``service.game_not_found``."""
        return await self._info(await self._row(game_id))

    async def public_view(self, game_id: int) -> dict[str, Any]:
        """The rules' public view (``view(state, None)``). Raises ``service.not_started``.
        The dict may share data with the cached state: do not mutate it."""
        game, state, _ = await self._started(game_id)
        with guard("public_view", game_id):
            return dict(game.view(state, None))

    async def private_view(self, game_id: int, user_id: str) -> dict[str, Any]:
        """The rules' view for ``user_id``'s seat. Raises ``service.not_in_game``,
        ``service.not_started``."""
        game, state, row = await self._started(game_id)
        if not seated(row, user_id):
            raise ServiceError("service.not_in_game")
        with guard("private_view", game_id):
            return dict(game.view(state, user_id))

    async def private_sections(self, game_id: int, user_id: str) -> list[Section]:
        """What only ``user_id``'s seat may see, as the game presents it
        (``Game.private_sections``: titled sections of translatable texts); empty when
        nothing of theirs is hidden. Raises ``service.not_in_game``,
        ``service.not_started``."""
        game, state, row = await self._started(game_id)
        if not seated(row, user_id):
            raise ServiceError("service.not_in_game")
        with guard("private_sections", game_id):
            return game.private_sections(state, user_id)

    async def scores(self, game_id: int, user_id: str | None = None) -> ScoreSheet:
        """The public score sheet, or (``user_id`` seated) the sheet as that seat sees it.
        Once the game is over, the full final sheet. Raises ``service.not_started``."""
        game, state, row = await self._started(game_id)
        with guard("scores", game_id):
            if row.status == "over":
                return game.full_scores(state)
            if user_id is not None and seated(row, user_id):
                return game.scores(state, user_id)
            return game.scores(state, None)

    async def outcome(self, game_id: int) -> Outcome | None:
        """``None`` unless the game is over (normally or by resignation)."""
        row = await self._row(game_id)
        if row.status != "over":
            return None
        game = registry.get(row.rules)
        state = await self.pipeline.state(row)
        with guard("outcome", game_id):
            return game.outcome(state)

    async def history(self, game_id: int) -> list[HistoryEntry]:
        """Every entry of the log in order: who, code, label, when, what the table read."""
        await self._row(game_id)
        return [
            HistoryEntry(m.seat, m.code, m.label, m.at, m.public_label, m.notes, m.by_clock)
            for m in await self.store.moves(game_id)
        ]

    async def entries_since(self, game_id: int, since: int) -> tuple[MoveApplied, ...]:
        """The entries of the log stored at revision ``since`` or later, oldest first
        (what a turn message posted at ``since`` lists); one read, no replay."""
        return tuple(applied(game_id, m) for m in await self.store.moves(game_id) if m.seq >= since)

    async def missed(self, game_id: int, since: int) -> PlayResult:
        """What a table that last saw revision ``since`` missed, as the events of one
        request: a ``MoveApplied`` for every entry stored since (oldest first), then
        ``GameOver``, or ``TurnStarted`` whose ``new_seats`` are the seats the missed
        entries made to act that must still act (see ``catchup``); no ``TurnStarted``
        when nobody new must act. Raises ``service.not_started``, ``service.corrupt``."""
        game, state, row = await self._started(game_id)
        info = await self._info(row)
        moves = await self.store.moves(game_id)
        first = next((i for i, m in enumerate(moves) if m.seq >= since), len(moves))
        events: list[Event] = [applied(game_id, m) for m in moves[first:]]
        with guard("missed", game_id):
            outcome = game.outcome(state)
            if outcome is not None:
                events.append(GameOver(game_id, outcome, game.full_scores(state)))
                return PlayResult(info, tuple(events))
        args = (
            [s.user_id for s in row.seats],
            row.seed,
            game.check_rules_version(row.rules_version, row.options),
            [(m.seat, m.code) for m in moves],
            first,
        )
        try:
            pinged = await off_loop_if_long(len(moves), pinged_since, game, *args)
        except CampfireError as exc:
            log.error("game %d (%s) does not replay: %s", game_id, row.rules, exc)
            raise ServiceError("service.corrupt", game=game_id) from exc
        fresh = tuple(s for s in info.to_act if s in pinged)
        if fresh:
            events.append(TurnStarted(game_id, info.to_act, row.version, fresh))
        return PlayResult(info, tuple(events))

    async def results(self, game_id: int) -> tuple[Place, ...]:
        """The final places of a finished game, best first (empty unless it is over)."""
        return tuple(Place(r.seat, r.rank, r.score) for r in await self.store.results(game_id))

    async def standings(self, guild_id: str | None, rules: str | None, user_id: str) -> Standings:
        """The top of the ratings of ``rules`` (``None``: the most played there) on a
        server and ``user_id``'s line. Raises ``InvalidOptions('game.unknown')`` when
        ``rules`` is no game's id."""
        if rules is not None:
            registry.get(rules)
        return await self.ratings.standings(guild_id, rules, user_id)

    async def stats(self, guild_id: str | None, user_id: str) -> PlayerStats:
        """``user_id``'s games, wins, ratings and record (``fairness``) on a server."""
        found = await self.ratings.stats(guild_id, user_id)
        return replace(found, reliability=await self.fairness.reliability(guild_id, user_id))

    async def finished_games(
        self, user_id: str, channel_id: str | None, *, within: timedelta = FINISHED_LISTED_FOR
    ) -> list[GameInfo]:
        """Games over for less than ``within`` of ``user_id`` or ``channel_id``, newest first."""
        since = self._clock() - within
        found: dict[int, GameRow] = {}
        rows = await self.store.games_of_user(user_id, active_only=False)
        if channel_id is not None:
            rows += await self.store.games_in_channel(channel_id, active_only=False)
        for row in rows:
            if row.status == "over" and row.updated_at >= since:
                found.setdefault(row.id, row)
        newest = sorted(found.values(), key=lambda r: r.id, reverse=True)
        return [await self._info(row, listing=True) for row in newest]

    async def games_in_channel(
        self, channel_id: str, *, active_only: bool = True
    ) -> list[GameInfo]:
        """Games created in ``channel_id`` (newest first); active = lobby or running."""
        rows = await self.store.games_in_channel(channel_id, active_only=active_only)
        return [await self._info(row, listing=True) for row in rows]

    async def games_of_user(self, user_id: str, *, active_only: bool = True) -> list[GameInfo]:
        """Games where ``user_id`` has a seat (newest first)."""
        rows = await self.store.games_of_user(user_id, active_only=active_only)
        return [await self._info(row, listing=True) for row in rows]

    async def running_games(self) -> list[GameInfo]:
        """Every game being played on this process's shards, oldest first (front ends
        catching up after a restart)."""
        rows = await self.store.running_games()
        return [await self._info(row, listing=True) for row in rows if self._owns(row)]

    async def running_games_behind(self, kind: str) -> list[GameInfo]:
        """Running games whose message ``kind`` (see ``set_message``) records a revision
        other than theirs, oldest first; games without such a message are left out. One
        query that reads no other game (front ends catching up after a restart); only
        those on this process's shards."""
        rows = await self.store.running_games_behind(kind)
        return [await self._info(row, listing=True) for row in rows if self._owns(row)]

    def _owns(self, row: GameRow) -> bool:
        """Whether the game is on one of this process's shards."""
        return self.pipeline.owns(row)

    async def game_for_thread(self, thread_id: str) -> GameInfo | None:
        """The game whose thread is ``thread_id`` (the newest, if several)."""
        row = await self.store.game_for_thread(thread_id)
        return None if row is None else await self._info(row)

    async def set_thread(self, game_id: int, thread_id: str) -> None:
        """Remember the thread the front end opened for the game."""
        if not await self.store.set_thread(game_id, thread_id):
            raise ServiceError("service.game_not_found", game=game_id)

    async def set_message(self, game_id: int, kind: str, message_id: str) -> None:
        """Remember a message to edit later; ``kind`` in ``MESSAGE_KINDS`` or any short
        word (one message per kind, the latest wins)."""
        await self._row(game_id)
        await self.store.set_message(game_id, kind, message_id)

    async def record_posts(
        self, game_id: int, messages: Mapping[str, str], *, seen: tuple[str, int] | None = None
    ) -> None:
        """After posting a change of a game the caller just made (the game exists):
        remember its messages (``{kind: message_id}``) and (``seen``: ``(kind,
        version)``) the revision the table has now seen, never going back; one write."""
        if messages or seen is not None:
            await self.store.record_messages(game_id, messages, revision=seen)

    async def claim_announcement(
        self, game_id: int, revision: int, kind: str = "announced", *, holder: str = ""
    ) -> Announcement | None:
        """Claim the posting of ``revision`` at the game's table, before posting it: the
        table's record ``kind`` holds a pending claim of ``revision`` by ``holder`` (the
        process's worker name) by one conditional write, on either backend, and becomes
        the revision posted once ``record_posts`` says so. ``None``: that revision or a
        later one is claimed (by this process or another serving the same shards, a
        catch-up or an AI turn): post nothing. A claim whose holder died before posting
        (killed between the commit and the post) is taken over by its successor, or by
        anyone once ``CLAIM_LEASE`` has passed: nothing claimed is lost. Whoever posts a
        change calls this first."""
        at = int(self.now().timestamp())
        before = await self.store.claim_revision(game_id, kind, revision, holder=holder, at=at)
        return None if before is None else Announcement(game_id, revision, kind, before, holder)

    async def release_announcement(self, claim: Announcement) -> None:
        """The posting of a claimed revision failed: give the claim back, so that the
        catch-up posts it later (unless a later revision was claimed meanwhile)."""
        await self.store.unclaim_revision(
            claim.game_id, claim.kind, claim.revision, claim.before, holder=claim.holder
        )

    def abandoned_announcement(self, text: str, holder: str) -> str | None:
        """The revision last posted when the table's record ``text`` is a pending claim
        that its holder abandoned (seen by ``holder`` now), so that a catch-up posts
        what it claimed; ``None`` otherwise."""
        pending = parse_claim(text)
        if pending is None:
            return None
        _, before, since, by = pending
        at = int(self.now().timestamp())
        return before if abandoned(since, by, holder, at) else None

    async def messages(self, game_id: int) -> dict[str, str]:
        """``{kind: message_id}`` remembered for the game."""
        return await self.store.messages(game_id)

    async def guild_language(self, guild_id: str | None) -> str | None:
        """The language chosen for a guild (``None``: not set, use the user's locale)."""
        if guild_id is None:
            return None
        return await self.store.guild_language(guild_id)

    async def set_guild_language(self, guild_id: str, lang: str) -> None:
        """Choose the guild's language (``en`` or ``fr``; others raise ``InvalidOptions``)."""
        if lang not in LANGS:
            raise InvalidOptions(
                "options.bad_choice", option="language", value=lang, choices=", ".join(LANGS)
            )
        await self.store.set_guild_language(guild_id, lang, self._clock())

    # -- internals -----------------------------------------------------------------------

    async def _row(self, game_id: int) -> GameRow:
        return await self.pipeline.row(game_id)

    async def _started(self, game_id: int) -> tuple[Game, State, GameRow]:
        loaded = await self.pipeline.started(game_id)
        return loaded.game, loaded.state, loaded.row

    async def _info(self, row: GameRow, *, listing: bool = False) -> GameInfo:
        return await self.pipeline.info(row, listing=listing)

    async def _raise_not_running(self, game_id: int) -> None:
        status = status_key((await self._row(game_id)).status)
        raise ServiceError("service.not_running", status=status)


def applied(game_id: int, m: MoveRow) -> MoveApplied:
    """The event of a stored entry of the log (``m``, at revision ``m.seq + 1``)."""
    fields = (m.seat, m.code, m.label, m.seq + 1, m.public_label, m.notes, m.undoable)
    return MoveApplied(game_id, *fields, m.by_clock)
