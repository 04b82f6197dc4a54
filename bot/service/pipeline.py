"""The unit of work of a game: load → apply → commit → the bookkeeping after a change.

Every change of a running game's log goes through one ``Pipeline`` (``GameService.pipeline``),
whoever makes it: a person's move or resignation and the clock's ``forfeit``
(``bot.service.moves``), the clock's ``auto`` (``bot.service.timing``), an AI seat
(``bot.service.robots``), each through the one driver ``change``; an undo
(``bot.service.undo``, ``take_back``). It owns what they share, and the parts receive it
with the store, nothing else of the service:

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
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, replace
from datetime import UTC, datetime

from bot.service.clocks import (
    DEFAULT_NUDGE_HOURS,
    ClockSettings,
    clock_change,
    clocks_after,
    turn_clocks,
)
from bot.service.endings import results_of
from bot.service.guards import guard, is_ai_seat
from bot.service.loader import StateCache, load_state, off_loop_if_long
from bot.service.outages import Outages, Unknown
from bot.service.settings import ServerSettings
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
    TurnStarted,
    UndoRequest,
)
from bot.shards import Shards, owns
from bot.store import (
    OUTAGES,
    ClockChange,
    GameRow,
    GameStore,
    GuildSettings,
    NewEntry,
    StoreError,
)
from rules import registry
from rules.base import Applied, CorruptState, Game, State, from_json, to_json

log = logging.getLogger("campfire.service")

ClockSource = Callable[[], datetime]
"""The service's time: a callable returning aware UTC datetimes."""


@dataclass(frozen=True)
class Loaded:
    """A running game as one change found it: its row, rules and state at ``row.version``."""

    row: GameRow
    game: Game
    state: State


Check = Callable[[GameRow], bool]
"""Whether a change still has something to do on the row read (``False``: nothing, no
load); it may raise the ``ServiceError`` that says why not."""
Decide = Callable[[Loaded], Awaitable[Applied | None]]
"""The change decided on the loaded game: the entry to commit (``None``: nothing to do)."""


@dataclass(frozen=True)
class Step:
    """What one ``Pipeline.change`` did: the row it read, the entry decided (``None``:
    nothing to do) and the committed change (``None`` with an entry: another entry came
    first, nothing written)."""

    row: GameRow
    applied: Applied | None = None
    result: PlayResult | None = None

    @property
    def lost(self) -> bool:
        """Another entry came first: the decision was not stored."""
        return self.applied is not None and self.result is None


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
        self.settings = ServerSettings(store, clock)
        """The servers' settings (``bot.service.settings``)."""
        self.lobby_lock = asyncio.Lock()
        """Held by every change of a lobby (seats, start, abort) made in this process."""
        self.undo_requests: dict[int, UndoRequest] = {}
        """The undo request waiting for answers in each game (see ``bot.service.undo``);
        a committed entry drops it."""
        self.outages = Outages(store)
        """The changes whose commit had no answer (``bot.service.outages``)."""
        self.unknown = self.outages.unknown
        self.unknown_undos = self.outages.unknown_undos
        self.on_over: list[Callable[[int], Awaitable[object]]] = []
        """Called with a game's id after the change that ended it is committed (the
        tournaments record their tables); a failure is logged, never the change's."""

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

    async def settle(self, game_id: int, seat: str) -> None:
        """See ``Outages.settle``."""
        await self.outages.settle(game_id, seat)

    async def settle_undo(self, game_id: int, seat: str) -> None:
        """See ``Outages.settle_undo``."""
        await self.outages.settle_undo(game_id, seat)

    # -- the driver ----------------------------------------------------------------------

    async def change(
        self, game_id: int, decide: Decide, *, check: Check | None = None, by_clock: bool = False
    ) -> Step:
        """The one load → decide → commit of every kind of change (a move, a
        resignation, a timeout, an AI seat, the clock playing a late seat): read the
        row, ``check`` it, load the state, ``decide`` the entry and commit it at the
        revision read. Whether to try again after a lost race is the caller's."""
        row = await self.row(game_id)
        if check is not None and not check(row):
            return Step(row)
        loaded = await self.load(row)
        applied = await decide(loaded)
        if applied is None:
            return Step(row)
        return Step(row, applied, await self.commit(loaded, applied, by_clock=by_clock))

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
            stored = await self.outages.find_out(
                row.id, Unknown(applied.seat, row.version, code, applied.move.label), exc
            )
            after = await self.row(game_id) if stored else None
        if after is None:
            return None
        self.cache.put(game_id, new)
        self.undo_requests.pop(game_id, None)
        if results:
            await self._count_ratings(row)
            await self.ended(game_id)
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
            done = await self.outages.find_out_undo(game_id, row.version, by, exc)
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

    async def ended(self, game_id: int) -> None:
        """Tell the ``on_over`` hooks that a game ended; their failures are logged (the
        periodic work of each hook's owner finds what it missed)."""
        for hook in self.on_over:
            try:
                await hook(game_id)
            except Exception:
                log.exception("game %d: a hook of its end failed", game_id)

    async def _count_ratings(self, row: GameRow) -> None:
        """Count a game that just ended in the ratings; a failure there never fails
        the move (the next game that ends, or the next standings, count it)."""
        try:
            await self.ratings.catch_up(row.guild_id, row.rules)
        except Exception:
            log.exception("game %d: the ratings could not be updated", row.id)

    # -- clocks --------------------------------------------------------------------------

    async def guild_settings(self, guild_id: str | None) -> GuildSettings:
        """A server's settings, read from the store (all defaults outside a server)."""
        return await self.settings.read(guild_id)

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


def status_of(text: str) -> Status:
    if text == "lobby":
        return "lobby"
    if text == "running":
        return "running"
    if text == "over":
        return "over"
    return "aborted"
