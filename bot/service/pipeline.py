"""The unit of work of a game: load → apply → commit → the bookkeeping after a change.

Every change of a running game's log goes through one ``Pipeline`` (``GameService.pipeline``),
whoever makes it: a person's move or resignation (``GameService``), the clock's ``auto``
and ``forfeit`` (``bot.service.timing``), an AI seat (``bot.service.robots``), an undo
(``bot.service.undo``). It owns what they share, and the parts receive it with the
store, nothing else of the service:

- **load**: the game's row and its state (rebuilt from the log, cached: ``loader``);
- **apply**: the rules decide (in a worker thread). Whether an entry can be undone is
  only bounded here (``Game.play(judge=False)``: nothing learned, the generator did not
  move, the game goes on); the full judgement, which plays the entry again in states
  its viewers cannot tell apart, runs when someone asks to undo it
  (``bot.service.undo``);
- **commit**: the entry, the snapshot, the results if it ends the game and the change
  of the clocks (with their reminders) in one store transaction at the revision the
  state was loaded at; then the bookkeeping: the new state cached, the ratings counted
  when the game ended, a pending undo request dropped;
- **result**: a ``PlayResult`` with what an announcement needs: the game as it stands
  (described from what was committed, no second read), the events, the new public
  view and the mover's next legal moves when they decide again.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from datetime import UTC, datetime

from bot.service.clocks import DEFAULT_NUDGE_HOURS, ClockSettings, clock_change
from bot.service.endings import results_of
from bot.service.guards import guard, is_ai_seat
from bot.service.loader import StateCache, load_state, off_loop_if_long
from bot.service.standings import Ratings
from bot.service.values import (
    Event,
    GameInfo,
    GameOver,
    MoveApplied,
    Player,
    PlayResult,
    ServiceError,
    Status,
    TurnClock,
    TurnStarted,
    UndoRequest,
)
from bot.shards import Shards, owns
from bot.store import (
    OUTAGES,
    ClockChange,
    ClockRow,
    GameRow,
    GameStore,
    GuildSettings,
    NewEntry,
    StoreError,
    from_epoch,
)
from rules import registry
from rules.base import Applied, CorruptState, Game, State, Text, from_json, to_json

log = logging.getLogger("campfire.service")

ClockSource = Callable[[], datetime]
"""The service's time: a callable returning aware UTC datetimes."""

FIND_OUT_DELAYS: tuple[float, ...] = (0.0, 0.25, 0.5, 1.0, 2.0)
"""The pauses (seconds) before each look at the log for a move whose commit had no
answer (the database went away during it): about 4 s in all before the outcome is
called unknown (``service.commit_unknown``)."""


@dataclass(frozen=True)
class Unknown:
    """A move whose commit had no answer and whose outcome could not be found out yet:
    ``seat`` played ``code`` (``label``) at revision ``seq``. Settled by that seat's next
    move (``settle``): a move typed again must never apply twice."""

    seat: str
    seq: int
    code: str
    label: Text


@dataclass(frozen=True)
class Loaded:
    """A running game as one change found it: its row, rules and state at ``row.version``."""

    row: GameRow
    game: Game
    state: State


class Pipeline:
    """Loads, applies and commits the changes of games, and describes them."""

    def __init__(
        self,
        store: GameStore,
        *,
        clock: ClockSource,
        cache: StateCache,
        ratings: Ratings,
        shards: Shards | None = None,
    ) -> None:
        self.store = store
        self.clock = clock
        self.cache = cache
        self.ratings = ratings
        self.shards = shards
        self.lobby_lock = asyncio.Lock()
        """Held by every change of a lobby (seats, start, abort) made in this process."""
        self.undo_requests: dict[int, UndoRequest] = {}
        """The undo request waiting for answers in each game (see ``bot.service.undo``);
        a committed entry drops it."""
        self.unknown_undos: dict[tuple[int, str], int] = {}
        """The undos whose commit had no answer and could not be found out, by game and
        asking seat: the revision they were stored at (``settle_undo``)."""
        self.unknown: dict[tuple[int, str], Unknown] = {}
        """The moves whose commit had no answer and could not be found out, by game and
        seat (``commit``), until that seat's next move settles them (``settle``)."""

    def now(self) -> datetime:
        return self.clock()

    # -- load ----------------------------------------------------------------------------

    async def row(self, game_id: int) -> GameRow:
        """The stored game. Raises ``service.game_not_found``."""
        row = await self.store.game(game_id)
        if row is None:
            raise ServiceError("service.game_not_found", game=game_id)
        return row

    async def state(self, row: GameRow) -> State:
        """The state of a started game at ``row.version`` (cached, or replayed)."""
        return await load_state(self.store, self.cache, row)

    async def load(self, row: GameRow) -> Loaded:
        """The row with its rules and state."""
        return Loaded(row, registry.get(row.rules), await self.state(row))

    async def started(self, game_id: int) -> Loaded:
        """A started game (running or over). Raises ``service.game_not_found``,
        ``service.not_started``."""
        row = await self.row(game_id)
        if row.snapshot is None:
            raise ServiceError("service.not_started")
        return await self.load(row)

    async def game(self, game_id: int) -> GameInfo:
        """The stored game, described. Raises ``service.game_not_found``."""
        return await self.info(await self.row(game_id))

    def owns(self, row: GameRow) -> bool:
        """Whether the game is on one of this process's shards."""
        return owns(self.shards, row.guild_id)

    # -- apply ---------------------------------------------------------------------------

    async def apply(self, loaded: Loaded, seat: str, code: str) -> Applied:
        """The rules' judgement of ``seat`` playing ``code`` (off the event loop). Its
        ``undoable`` is the cheap upper bound (see ``Game.play``): stored with the
        entry, judged in full only when an undo is asked (``bot.service.undo``)."""
        return await asyncio.to_thread(loaded.game.play, loaded.state, seat, code, judge=False)

    # -- commit --------------------------------------------------------------------------

    async def commit(
        self, loaded: Loaded, applied: Applied, *, by_clock: bool = False
    ) -> PlayResult | None:
        """Store one applied entry with the results if it ends the game and the change
        of the clocks, in one transaction at ``loaded.row.version``, then do the
        bookkeeping and describe the change; ``None`` (nothing written) when another
        entry came first. ``by_clock``: the clock played it for its seat."""
        game, row, before = loaded.game, loaded.row, loaded.state
        game_id = row.id
        new = applied.state
        with guard("commit", game_id):
            outcome = game.outcome(new)
            snapshot = to_json(new)
            acting_before, acting = game.to_act(before), game.to_act(new)
            changed = outcome is None and not acting <= acting_before
            results = () if outcome is None else results_of(game, new, outcome)
        now = self.now()
        clocks, _ = await self.clock_change(row, acting_before, acting, new.revision, now)
        code = new.log[-1][1]
        entry = NewEntry(
            game_id,
            expected_version=row.version,
            seat=applied.seat,
            code=code,
            label=applied.move.label,
            at=now,
            snapshot=snapshot,
            over=outcome is not None,
            turn_started=changed,
            public_label=applied.label if applied.hidden else None,
            notes=tuple(applied.notes),
            undoable=applied.undoable,
            results=tuple(results),
            by_clock=by_clock,
            clocks=clocks,
        )
        try:
            after = await self.store.append_move(entry)
        except StoreError as exc:
            if exc.key not in OUTAGES:
                raise
            # The database went away during the transaction: it may have been stored.
            stored = await self._find_out(
                row.id, Unknown(applied.seat, row.version, code, applied.move.label), exc
            )
            after = await self.row(game_id) if stored else None
        if after is None:
            return None
        self.cache.put(game_id, new)
        self.undo_requests.pop(game_id, None)
        if results:
            await self._count_ratings(row)
        info = await self.info(after)
        events: list[Event] = [
            MoveApplied(
                game_id,
                applied.seat,
                code,
                applied.move.label,
                new.revision,
                applied.label if applied.hidden else None,
                applied.notes,
                applied.undoable,
                by_clock,
            )
        ]
        with guard("after move", game_id):
            new_seats = acting - acting_before
            if outcome is not None:
                events.append(GameOver(game_id, outcome, game.full_scores(new)))
                log.info("game %d: over after %d entries", game_id, new.version)
            elif new_seats:
                fresh = tuple(s for s in info.to_act if s in new_seats)
                events.append(TurnStarted(game_id, info.to_act, new.revision, fresh))
        mover = None if by_clock else applied.seat
        return self.result(game, new, info, events, mover)

    async def _find_out(self, game_id: int, move: Unknown, error: StoreError) -> bool:
        """Whether ``move``, whose commit failed with ``error``, was stored after all:
        the log is read at the move's revision once the database answers again (True:
        it was; False: another entry came first, a race lost). Nothing stored there
        raises ``error`` (true now: nothing changed). A database still away after
        ``FIND_OUT_DELAYS`` raises ``service.commit_unknown``, and the move is kept in
        ``unknown`` for the seat's next move to settle."""
        for delay in FIND_OUT_DELAYS:
            if delay:
                await asyncio.sleep(delay)
            try:
                entry = await self.store.entry_at(game_id, move.seq)
            except StoreError:
                continue
            if entry is None:
                log.warning("game %d: the move at v%d was not stored", game_id, move.seq)
                raise error
            stored = entry.seat == move.seat and entry.code == move.code
            log.warning(
                "game %d: the move at v%d had no answer; found %s",
                game_id,
                move.seq,
                "stored" if stored else "another entry there",
            )
            return stored
        self.unknown[(game_id, move.seat)] = move
        log.error("game %d: whether the move at v%d was stored is unknown", game_id, move.seq)
        raise ServiceError("service.commit_unknown", move=move.label) from error

    async def _find_out_undo(self, game_id: int, version: int, by: str, error: StoreError) -> bool:
        """Whether the undo stored at ``version`` (asked by ``by``), whose commit failed
        with ``error``, was stored after all: the game at a later revision with no entry
        logged at ``version`` was moved on by that undo (True); an entry there means a
        move came first (False). Nothing stored raises ``error``; a database still away
        raises ``service.undo_unknown`` and keeps it for ``settle_undo``."""
        for delay in FIND_OUT_DELAYS:
            if delay:
                await asyncio.sleep(delay)
            try:
                await self.store.entry_at(game_id, version)  # a change in flight ends
                row = await self.store.game(game_id)
                if row is None or row.version == version:
                    raise error
                stored = await self.store.entry_at(game_id, version) is None
            except StoreError as exc:
                if exc is error:
                    raise
                continue
            log.warning(
                "game %d: the undo at v%d had no answer; stored: %s", game_id, version, stored
            )
            return stored
        self.unknown_undos[(game_id, by)] = version
        log.error("game %d: whether the undo at v%d was stored is unknown", game_id, version)
        raise ServiceError("service.undo_unknown") from error

    async def settle_undo(self, game_id: int, seat: str) -> None:
        """Before ``seat`` asks to undo again in ``game_id``: if its last undo's outcome
        was unknown, find it out now. Stored after all, with nothing since: raises
        ``service.undo_found`` (asking again would take back one more move); otherwise
        nothing. A database still away raises its ``StoreError``."""
        version = self.unknown_undos.get((game_id, seat))
        if version is None:
            return
        row = await self.row(game_id)
        stored = row.version > version and await self.store.entry_at(game_id, version) is None
        self.unknown_undos.pop((game_id, seat), None)
        if stored and row.version == version + 1:  # nothing since: asked again
            raise ServiceError("service.undo_found")

    async def settle(self, game_id: int, seat: str) -> None:
        """Before ``seat`` moves again in ``game_id``: if its last move's outcome was
        unknown, find it out now. Stored after all, with nothing since: raises
        ``service.commit_found`` (nothing more is played: the move typed again would
        apply twice); not stored, or the game moved on since (the others played: the
        seat moves again on purpose): nothing, the new move plays. A database still away
        raises its ``StoreError`` and the outcome stays unknown."""
        move = self.unknown.get((game_id, seat))
        if move is None:
            return
        entry = await self.store.entry_at(game_id, move.seq)
        row = await self.row(game_id)
        self.unknown.pop((game_id, seat), None)
        stored = entry is not None and entry.seat == move.seat and entry.code == move.code
        if stored and row.version == move.seq + 1:
            raise ServiceError("service.commit_found", move=move.label)

    def result(
        self,
        game: Game,
        state: State,
        info: GameInfo,
        events: Sequence[Event],
        mover: str | None = None,
    ) -> PlayResult:
        """What an announcement needs of a change: the game, the events, the public view
        and (``mover``, a person) the mover's legal moves when they decide again."""
        with guard("result", info.id):
            view = game.view(state, None)
            next_moves = (
                tuple(game.legal_moves(state, mover))
                if mover is not None and not is_ai_seat(mover) and mover in info.to_act
                else ()
            )
        return PlayResult(info, tuple(events), view=view, next_moves=next_moves)

    async def take_back(self, loaded: Loaded, by: str, count: int = 1) -> PlayResult | None:
        """Store the undo of the last ``count`` entries, asked by ``by``: the state is the
        replay of the log without them, at the next revision; ``None`` when the game
        moved on."""
        game, row, before = loaded.game, loaded.row, loaded.state
        game_id = row.id
        moves = await self.store.moves(game_id)
        args = (
            [s.user_id for s in row.seats],
            row.seed,
            game.check_rules_version(row.rules_version, row.options),
            [(m.seat, m.code) for m in moves[: len(moves) - count]],
        )
        with guard("undo", game_id):
            state = await off_loop_if_long(len(moves), game.replay, *args)
        state.revision = row.version + 1
        now = self.now()
        with guard("undo", game_id):
            acting_before, acting = game.to_act(before), game.to_act(state)
        clocks, away = await self.clock_change(row, acting_before, acting, state.revision, now)
        snapshot = to_json(state)
        store_call = self.store.undo(
            game_id,
            expected_version=row.version,
            count=count,
            by=by,
            at=now,
            snapshot=snapshot,
            clocks=clocks,
        )
        try:
            done = await store_call
        except StoreError as exc:
            if exc.key not in OUTAGES:
                raise
            done = await self._find_out_undo(game_id, row.version, by, exc)
        if not done:
            return None
        self.cache.put(game_id, state)
        self.undo_requests.pop(game_id, None)
        after = replace(
            row,
            version=row.version + 1,
            snapshot=snapshot,
            updated_at=now.astimezone(UTC),
            turn_started_at=now.astimezone(UTC),
            clocks=clocks_after(row.clocks, clocks, away),
        )
        info = await self.info(after)
        fresh = acting - acting_before
        turn = TurnStarted(
            game_id, info.to_act, state.revision, tuple(s for s in info.to_act if s in fresh)
        )
        return self.result(game, state, info, (turn,))

    async def _count_ratings(self, row: GameRow) -> None:
        """Count a game that just ended in the ratings; a failure there never fails
        the move (the next game that ends, or the next standings, count it)."""
        try:
            await self.ratings.catch_up(row.guild_id, row.rules)
        except Exception:
            log.exception("game %d: the ratings could not be updated", row.id)

    # -- clocks --------------------------------------------------------------------------

    async def guild_settings(self, guild_id: str | None) -> GuildSettings:
        """A server's settings (all defaults outside a server)."""
        if guild_id is None:
            return GuildSettings()
        return await self.store.guild_settings(guild_id)

    async def nudge_hours(self, guild_id: str | None) -> int:
        chosen = await self.guild_settings(guild_id)
        return DEFAULT_NUDGE_HOURS if chosen.nudge_hours is None else chosen.nudge_hours

    async def clock_change(
        self,
        row: GameRow,
        before: frozenset[str],
        after: frozenset[str],
        revision: int,
        now: datetime,
    ) -> tuple[ClockChange, dict[str, int]]:
        """The clocks after the seats to act of a game went from ``before`` to
        ``after`` (written by the store in the same transaction as the change), and
        the return dates of the seats whose clock starts (those away)."""
        before = frozenset(s for s in before if not is_ai_seat(s))
        after = frozenset(s for s in after if not is_ai_seat(s))
        if before == after:
            return ClockChange(), {}
        started = sorted(after - before)
        away = await self.store.away_until(started) if started else {}
        settings = ClockSettings(row.clock_hours, await self.nudge_hours(row.guild_id), away)
        return clock_change(before, after, revision, int(now.timestamp()), settings), away

    # -- describing ----------------------------------------------------------------------

    async def info(self, row: GameRow, *, listing: bool = False) -> GameInfo:
        """The front ends' picture of a stored game.

        ``listing``: for lists of games (autocomplete, ``games``) whose states are not
        cached, whose turn it is comes from the snapshot stored with the last move
        (committed in the same transaction) instead of a replay of the whole log; the
        replay, which checks the snapshot, happens when the game itself is used.
        """
        to_act: tuple[str, ...] = ()
        if row.status == "running":
            try:
                state = self.cache.get(row.id, row.version)
                if state is None and listing and row.snapshot is not None:
                    stored = from_json(row.snapshot)
                    # A snapshot in an older layout of the game's data is only an old
                    # cache: the replay below remakes it.
                    if stored.form == registry.get(row.rules).spec.state_form:
                        state = stored
                if state is None:
                    state = await self.state(row)
                if state.revision > row.version:
                    # A move came between reading the row and its log (another
                    # process): describe the game at the state's revision, whole.
                    fresh = await self.store.game(row.id)
                    if fresh is not None and fresh.version == state.revision:
                        return await self.info(fresh, listing=listing)
                with guard("to_act", row.id):
                    acting = registry.get(row.rules).to_act(state)
                to_act = tuple(s for s in state.seats if s in acting)
            except (ServiceError, CorruptState) as exc:
                log.warning("game %d: seats to act unknown (%s)", row.id, exc)
        return GameInfo(
            id=row.id,
            rules=row.rules,
            options=dict(row.options),
            status=status_of(row.status),
            guild_id=row.guild_id,
            channel_id=row.channel_id,
            thread_id=row.thread_id,
            creator=row.creator,
            seats=tuple(Player(s.user_id, s.name, s.ai_level) for s in row.seats),
            version=row.version,
            to_act=to_act,
            min_seats=row.min_seats,
            max_seats=row.max_seats,
            created_at=row.created_at,
            turn_started_at=row.turn_started_at,
            seed=row.seed,
            updated_at=row.updated_at,
            resigned=row.resigned,
            clock_hours=row.clock_hours,
            timeout_policy=row.timeout_policy,
            clocks=turn_clocks(row),
        )

    async def listed(self, rows: Sequence[GameRow]) -> list[GameInfo]:
        """Rows of a list of games, described (``info(listing=True)``)."""
        return [await self.info(row, listing=True) for row in rows]


def clocks_after(
    clocks: Sequence[ClockRow], change: ClockChange, away: dict[str, int]
) -> tuple[ClockRow, ...]:
    """A game's clocks once ``change`` is stored, as the store reads them back (ordered
    by seat; a started clock carries its seat's return date when they are away)."""
    gone = {*change.stopped, *(c.seat for c in change.started)}
    kept = [c for c in clocks if c.seat not in gone]
    started = [
        ClockRow(
            c.seat,
            c.revision,
            from_epoch(c.started) or datetime.fromtimestamp(0, UTC),
            from_epoch(c.deadline),
            from_epoch(c.paused),
            from_epoch(away.get(c.seat)),
        )
        for c in change.started
    ]
    return tuple(sorted([*kept, *started], key=lambda c: c.seat))


def turn_clocks(row: GameRow) -> tuple[TurnClock, ...]:
    """The clocks of a running game's seats to act, as the front ends see them."""
    if row.status != "running":
        return ()
    return tuple(
        TurnClock(c.seat, c.started, c.deadline, c.away_until if c.paused is not None else None)
        for c in row.clocks
    )


def status_of(text: str) -> Status:
    if text == "lobby":
        return "lobby"
    if text == "running":
        return "running"
    if text == "over":
        return "over"
    return "aborted"
