"""The read model of stored games (``bot.service.reads``, what the web companion shows):
a game's row and log (cached while its revision stands), its positions step by step
(replayed from checkpoints), and its public pictures (an LRU by position, layout and
language: a position's picture never changes). What it keeps is bounded for all games
together: pictures and pages by bytes, positions by count.

The position now is read from the stored snapshot (the bot checks it against the replay of
the log when it loads a game, and rewrites it if they differ; ``campfire db check`` too);
earlier ones are replayed from the log.

A *step* is a position of the log as it stands: 0 the opening, ``n`` after its ``n``-th
entry. A step's *mark* is the revision its last entry was logged at plus one (0 for the
opening): an undo may take entries back, but a mark, once made, always names the same
position, so pictures are addressed and cached by mark.

Only public things leave this module: the public view (``view(state, None)``), the
public score sheet, the labels the table read.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import sys
import time
from collections import OrderedDict
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from bot.service.guards import seat_names
from bot.store import GameRow, GameStore, MoveRow
from render import registry as renderers
from rules import registry
from rules.base import CampfireError, State, from_json
from rules.core.game import Game
from rules.core.scores import ScoreSheet

log = logging.getLogger("campfire.service.archive")

CHECKPOINT = 32
"""A position is kept every this many steps; any other is at most this many moves away."""
GAMES_KEPT = 128
"""Games whose row, log and checkpoints stay in memory (LRU)."""
POSITIONS_KEPT = 1024
"""Positions kept for all games together (each about 30 KB in memory): past it, the
least recently read games forget theirs."""
PICTURE_BYTES = 32 * 1024 * 1024
"""Pictures kept in memory (LRU, by total size: about 400 boards)."""
DERIVED_BYTES = 16 * 1024 * 1024
"""Pages, text twins and replays kept in memory, all games together (LRU, by size)."""
KEPT_PER_GAME = 12
"""Positions off the checkpoints kept per game (the most recently used)."""
DERIVED_PER_GAME = 32
"""Pages (one per reader's link, position, language and layout), twins and replays kept
per game (the most recently used; ``DERIVED_BYTES`` bounds them all)."""
ROW_SECONDS = 30.0
"""A running game's row is read again after this long even when no move came: its
clocks change without one (a player away, back, a deadline moved)."""
SMALL_BYTES = 2048
"""What a computed value that is not text or bytes is counted as (a score sheet)."""
DRAWING_AT_ONCE = 2
"""Pictures drawn at the same time (each is a worker thread's CPU work)."""


def _retrieved(task: asyncio.Task[bytes]) -> None:
    """A drawing whose every reader left: its failure is theirs, not asyncio's to log."""
    if not task.cancelled():
        task.exception()


@dataclass
class Archived:
    """A game as read at one revision: its row, its log, and positions replayed so far."""

    row: GameRow
    moves: tuple[MoveRow, ...]
    game: Game
    options: Mapping[str, Any]
    states: dict[int, State] = field(default_factory=dict)
    """Checkpoints by step (every ``CHECKPOINT`` steps, the opening and the last)."""
    recent: OrderedDict[int, State] = field(default_factory=OrderedDict)
    """Other positions asked for lately (at most ``KEPT_PER_GAME``)."""
    derived: OrderedDict[tuple[Any, ...], tuple[Any, int]] = field(default_factory=OrderedDict)
    """What pages computed from it (HTML, text twins), by their key, with its size in
    bytes (at most ``DERIVED_PER_GAME``, and ``DERIVED_BYTES`` for all games)."""
    read_at: float = field(default_factory=time.monotonic)
    """When its row was read (``time.monotonic``)."""

    @property
    def steps(self) -> int:
        """The last step (the number of entries in the log)."""
        return len(self.moves)

    def mark(self, step: int) -> int:
        return self.moves[step - 1].seq + 1 if step else 0

    def step_of(self, mark: int) -> int | None:
        """The step whose mark is ``mark``; ``None``: no position of the log has it."""
        if mark == 0:
            return 0
        for index, move in enumerate(self.moves):
            if move.seq + 1 == mark:
                return index + 1
        return None

    def names(self, lang: str) -> dict[str, str]:
        return seat_names(self.row, lang)

    def state_at(self, step: int) -> State:
        """The position after ``step`` entries (CPU work: at most ``CHECKPOINT`` moves)."""
        if not 0 <= step <= self.steps:
            raise IndexError(step)
        # positions may be dropped meanwhile by the event loop (``Archive`` keeps at most
        # ``POSITIONS_KEPT``): every read here survives it (one dict operation at a time)
        found = self.states.get(step)
        if found is not None:
            return found
        found = self.recent.get(step)
        if found is not None:
            with contextlib.suppress(KeyError):
                self.recent.move_to_end(step)
            return found
        if step == self.steps and self.row.snapshot is not None:
            try:  # the position now: the stored snapshot, which the bot keeps equal to
                state = from_json(self.row.snapshot)  # the replay of the log
            except CampfireError:
                log.warning("game %d: its snapshot does not read; replaying", self.row.id)
            else:
                self.states[step] = state
                return state
        base = max((s for s in list(self.states) if s <= step), default=-1)
        kept = self.states.get(base) if base >= 0 else None
        if kept is None:
            state = self.game.setup(
                [s.user_id for s in self.row.seats], self.row.seed, self.options
            )
            base = 0
            self.states[0] = state
        else:
            state = kept
        entries = ((move.seat, move.code) for move in self.moves[base:step])
        for index, applied in enumerate(self.game.replay_steps(state, entries), base + 1):
            state = applied.state
            if index % CHECKPOINT == 0:
                self.states[index] = state
        if step == self.steps:
            self.states[step] = state
        else:
            self.recent[step] = state
            with contextlib.suppress(KeyError):
                while len(self.recent) > KEPT_PER_GAME:
                    self.recent.popitem(last=False)
        return state

    def positions(self) -> int:
        """Positions kept (checkpoints and recent ones)."""
        return len(self.states) + len(self.recent)

    def forget_positions(self) -> None:
        """Drop the positions that cost replaying (the opening and the position now
        stay): they are replayed again when asked for."""
        self.recent.clear()
        for step in list(self.states):
            if step not in (0, self.steps):
                self.states.pop(step, None)

    def is_stopped_at(self, step: int) -> bool:
        """Whether ``step`` is where an aborted game was stopped (its last position)."""
        return self.row.status == "aborted" and step == self.steps

    def public_view(self, step: int) -> Mapping[str, Any]:
        view: Mapping[str, Any] = self.game.view(self.state_at(step), None)
        return view

    def scores(self, step: int) -> ScoreSheet:
        """The table's score sheet at ``step``; the full final sheet at the end of a game
        that is over (what the thread shows then)."""
        state = self.state_at(step)
        if step == self.steps and self.row.status == "over":
            return self.game.full_scores(state)
        return self.game.scores(state, None)


class Archive:
    """Games read from a store, their positions and their public pictures."""

    def __init__(
        self,
        store: GameStore,
        *,
        games: int = GAMES_KEPT,
        picture_bytes: int = PICTURE_BYTES,
        derived_bytes: int = DERIVED_BYTES,
        positions: int = POSITIONS_KEPT,
        drawer: Callable[..., bytes] | None = None,
        row_seconds: float = ROW_SECONDS,
    ) -> None:
        self.store = store
        self._row_seconds = row_seconds
        self._games: OrderedDict[int, Archived] = OrderedDict()
        self._games_kept = games
        self._pictures: OrderedDict[tuple[int, int, str, str], bytes] = OrderedDict()
        self._picture_bytes = picture_bytes
        self._derived_bytes = derived_bytes
        self._positions_kept = positions
        self._held = 0
        self._drawing: dict[tuple[int, int, str, str], asyncio.Task[bytes]] = {}
        self._drawer: Callable[..., bytes] = drawer or renderers.draw
        self._limit = asyncio.Semaphore(DRAWING_AT_ONCE)
        self.drawn = 0
        """Pictures drawn (not served from the cache) since the start."""

    async def game(self, game_id: int, revision: tuple[int, str] | None = None) -> Archived | None:
        """The game as it stands (``None``: no such game, or a lobby); ``revision``: its
        ``(revision, status)`` if the caller just read it (saves a read)."""
        if revision is None:
            revision = (await self.store.revisions([game_id])).get(game_id)
            if revision is None:
                return None
        known = self._games.get(game_id)
        if known is not None and (known.row.version, known.row.status) == revision:
            if revision[1] == "running" and time.monotonic() - known.read_at >= self._row_seconds:
                known = await self._clocks_read_again(known)
            self._games.move_to_end(game_id)
            self._trim_positions()
            return known
        row = await self.store.game(game_id)
        if row is None or row.snapshot is None or row.status == "lobby":
            return None
        moves = tuple(await self.store.moves(game_id))
        game = registry.get(row.rules)
        options = game.check_rules_version(row.rules_version, row.options)
        archived = Archived(row, moves, game, options)
        if known is not None and known.moves == moves[: len(known.moves)]:
            kept = {s: v for s, v in known.states.items() if s % CHECKPOINT == 0}
            archived.states = kept  # the same log, longer: keep its checkpoints
        self._games[game_id] = archived
        self._games.move_to_end(game_id)
        while len(self._games) > self._games_kept:
            self._games.popitem(last=False)
        self._trim_positions()
        return archived

    def _trim_positions(self) -> None:
        """At most ``positions`` kept: the least recently read games forget theirs
        first (never the one just asked for)."""
        held = sum(game.positions() for game in self._games.values())
        for game in list(self._games.values())[:-1]:
            if held <= self._positions_kept:
                return
            before = game.positions()
            game.forget_positions()
            held -= before - game.positions()

    async def _clocks_read_again(self, known: Archived) -> Archived:
        """``known`` with its row read again: the same positions, and its pages made
        again if the clocks changed (a player away or back) while no move came."""
        row = await self.store.game(known.row.id)
        if row is None or (row.version, row.status) != (known.row.version, known.row.status):
            return known  # a move came meanwhile: the next request reads it whole
        known.read_at = time.monotonic()
        if row.clocks == known.row.clocks:
            return known
        fresh = replace(known, row=row, derived=OrderedDict(), read_at=known.read_at)
        self._games[row.id] = fresh
        return fresh

    async def picture(self, archived: Archived, step: int, layout: str, lang: str) -> bytes:
        """The public picture of ``step`` (PNG): from the cache, or drawn in a worker
        thread (a position asked for by many at once is drawn once)."""
        stopped = archived.is_stopped_at(step)  # the same position, drawn as stopped
        key = (archived.row.id, archived.mark(step), layout + "+stopped" * stopped, lang)
        found = self._pictures.get(key)
        if found is not None:
            self._pictures.move_to_end(key)
            return found
        drawing = self._drawing.get(key)
        if drawing is None:
            drawing = asyncio.create_task(self._draw_and_keep(key, archived, step, layout, lang))
            self._drawing[key] = drawing
            drawing.add_done_callback(_retrieved)
        # shielded: a reader who leaves (its request cancelled) stops neither the drawing
        # nor the other readers waiting for it
        return await asyncio.shield(drawing)

    async def _draw_and_keep(
        self, key: tuple[int, int, str, str], archived: Archived, step: int, layout: str, lang: str
    ) -> bytes:
        try:
            png = await self._draw(archived, step, layout, lang)
        finally:
            self._drawing.pop(key, None)
        self._keep(key, png)
        return png

    async def _draw(self, archived: Archived, step: int, layout: str, lang: str) -> bytes:
        async with self._limit:
            view = await asyncio.to_thread(archived.public_view, step)
            if archived.is_stopped_at(step):  # the picture says so, and nobody to play
                view = {**view, "stopped": True}
            names = archived.names(lang)
            rules = archived.row.rules
            extra = {} if layout == "full" else {"layout": layout}
            png = await asyncio.to_thread(
                self._drawer, rules, view, lang=lang, names=names, **extra
            )
        self.drawn += 1
        return png

    def _keep(self, key: tuple[int, int, str, str], png: bytes) -> None:
        if len(png) > self._picture_bytes:
            return
        self._pictures[key] = png
        self._held += len(png)
        while self._held > self._picture_bytes:
            _, dropped = self._pictures.popitem(last=False)
            self._held -= len(dropped)

    async def derived(
        self, archived: Archived, key: tuple[Any, ...], make: Callable[[], Awaitable[Any]]
    ) -> Any:
        """What ``make`` computes once for this revision of the game (pages, twins)."""
        if key in archived.derived:
            archived.derived.move_to_end(key)
            return archived.derived[key][0]
        made = await make()
        size = sys.getsizeof(made) if isinstance(made, str | bytes) else SMALL_BYTES
        if size > self._derived_bytes:
            return made
        archived.derived[key] = (made, size)
        while len(archived.derived) > DERIVED_PER_GAME:
            archived.derived.popitem(last=False)
        self._trim_derived()
        return made

    def derived_held(self) -> int:
        """Bytes of pages, twins and replays kept, all games together."""
        return sum(size for game in self._games.values() for _, size in game.derived.values())

    def _trim_derived(self) -> None:
        held = self.derived_held()
        for game in list(self._games.values()):  # the least recently used games first
            while held > self._derived_bytes and game.derived:
                held -= game.derived.popitem(last=False)[1][1]
            if held <= self._derived_bytes:
                return

    @property
    def pictures_held(self) -> int:
        """Bytes of pictures kept."""
        return self._held


__all__ = ["CHECKPOINT", "Archive", "Archived"]
