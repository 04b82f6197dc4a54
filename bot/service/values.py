"""The values the game service returns: games, players, events, results and its errors.

Front ends (the Discord cogs, the console, the demo) only ever see these frozen values;
they never see a ``rules.base.State`` or a database row.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, Literal, NamedTuple

from rules.base import CampfireError, Move, Outcome, ScoreSheet, Seat, Text, table_label
from rules.i18n import DEFAULT_LANG, translate

Status = Literal["lobby", "running", "over", "aborted"]
"""Where a stored game is in its life: lobby -> running -> over, or aborted at any point."""

ACTIVE_STATUSES: tuple[Status, ...] = ("lobby", "running")
MESSAGE_KINDS = ("lobby", "turn", "turn_from", "result")

AI_SEAT = re.compile(r"ai-(\d+)-([a-z]+)")
"""An AI seat's id: ``ai-<n>-<level>`` (see ``bot.service.robots``)."""


def is_ai_seat(seat: str) -> bool:
    """Whether ``seat`` is an AI seat's id."""
    return AI_SEAT.fullmatch(seat) is not None


def ai_name(seat: str, lang: str = DEFAULT_LANG) -> str:
    """An AI seat's name in ``lang``, "AI 1 (greedy)" / "IA 1 (glouton)", made from its id
    wherever it is shown (never stored in one language); ``seat`` itself otherwise."""
    found = AI_SEAT.fullmatch(seat)
    if found is None:
        return seat
    number, level = found.groups()
    return translate(
        Text("service.ai.name", {"n": int(number), "level": f"@service.ai.level.{level}"}), lang
    )


class ServiceError(CampfireError):
    """A request the service refuses; ``key`` is a ``service.*`` message key (en + fr in
    ``bot/locales``). Known keys and their params:

    - ``service.game_not_found`` (game): no stored game has that id.
    - ``service.not_in_game``: the caller has no seat in that game.
    - ``service.not_creator``: only the game's creator may do that (start).
    - ``service.not_allowed``: neither creator nor moderator (abort).
    - ``service.lobby_full`` (max): every seat of the lobby is taken.
    - ``service.already_joined``: the caller already has a seat.
    - ``service.not_enough_players`` (count, min): too few seats to start.
    - ``service.not_lobby`` (status): the game has already started or ended.
    - ``service.not_started``: the game is still a lobby (no board, no scores yet).
    - ``service.not_running`` (status): the game is not being played (over/aborted/lobby).
    - ``service.not_over`` (status): a rematch of a game that is not finished.
    - ``service.not_your_turn``: the caller has a seat but is not to act now.
    - ``service.stale`` (version): the game moved on; ``version`` is the current one.
    - ``service.bad_seat_limit`` (min, max): a requested seat limit outside the rules.
    - ``service.corrupt`` (game): the stored game cannot be rebuilt from its log.
    - ``service.no_picture`` (game): no renderer is registered for that rules id.
    - ``service.render_failed``: the renderer raised (logged with its traceback).
    - ``service.internal``: generic apology for unexpected failures (front ends use it).
    - ``service.ai_too_many`` (max): more AI seats asked than a lobby holds beside its
      creator.
    - ``service.bad_ai_level`` (choices): not one of the AI levels.
    - ``service.all_ai``: a table of AI seats only is not started (console/demo aside).
    - ``service.bad_clock`` (choices): a turn clock not offered.
    - ``service.bad_policy`` (choices): a timeout policy not offered.
    - ``service.claim_nothing``: nobody's deadline has passed (any more).
    - ``service.claim_late``: the late player cannot claim against themselves.
    - ``service.away_past``: a return date that has already passed.
    - ``service.away_too_long`` (days): longer away than the server allows.
    - ``service.not_away``: back, but the caller was not away.
    - ``service.bad_setting`` (setting): a server setting out of its range.
    - ``service.wrong_channel`` (channel): games are opened in another channel here.
    - ``service.hints_off``: the server turned hints off.
    - ``service.fair.*``: a lobby's requirement not met, one out of range, or the
      server's cap reached (``bot.service.fairness``).

    ``rules`` errors (``MoveError``, ``InvalidOptions``) pass through unchanged, and so
    do the store's (``bot.store.StoreError``, keys ``store.*``: the database file has
    corrupt pages, or SQLite cannot read or write it).
    """


@dataclass(frozen=True)
class Player:
    """A person taking a seat: ``user_id`` is the seat id in the rules (a Discord user id
    as a string, or a console name); ``name`` is the display name when they joined.
    ``ai_level``: the seat is played by the AI at that level (see ``bot.service.robots``)."""

    user_id: str
    name: str
    ai_level: str | None = None


@dataclass(frozen=True)
class TurnClock:
    """The clock of a seat to act: since when, until when (``deadline``; ``None``
    without a turn clock); ``away_until`` while its player is away (the clock is
    paused and the deadline moves by the time away)."""

    seat: Seat
    started: datetime
    deadline: datetime | None = None
    away_until: datetime | None = None


@dataclass(frozen=True)
class GameInfo:
    """A stored game as the front ends need it (no rules state inside).

    ``seats`` is in turn order once the game runs (join order in a lobby); ``to_act``
    lists the seats that must decide now, in seat order (empty unless running).
    ``version`` is the number of moves applied: buttons carry it as ``expected_version``.
    """

    id: int
    rules: str
    options: dict[str, Any]
    status: Status
    guild_id: str | None
    channel_id: str
    thread_id: str | None
    creator: str
    seats: tuple[Player, ...]
    version: int
    to_act: tuple[str, ...]
    min_seats: int
    max_seats: int
    created_at: datetime
    turn_started_at: datetime | None
    seed: str = ""
    updated_at: datetime | None = None
    resigned: str | None = None
    clock_hours: int | None = None
    timeout_policy: str = "remind"
    clocks: tuple[TurnClock, ...] = ()

    @property
    def is_active(self) -> bool:
        """Lobby or running."""
        return self.status in ACTIVE_STATUSES

    def has_seat(self, user_id: str) -> bool:
        return any(p.user_id == user_id for p in self.seats)

    def name_of(self, user_id: str, lang: str = DEFAULT_LANG) -> str:
        """The display name a seat joined with (the id itself if unknown); an AI seat's
        name in ``lang`` ("IA 1 (glouton)")."""
        if is_ai_seat(user_id):
            return ai_name(user_id, lang)
        for player in self.seats:
            if player.user_id == user_id:
                return player.name
        return user_id

    def names(self, lang: str = DEFAULT_LANG) -> dict[str, str]:
        """``{user_id: display name}`` for every seat (what renderers take as ``names``),
        AI seats named in ``lang``."""
        return {p.user_id: self.name_of(p.user_id, lang) for p in self.seats}

    def clock_of(self, seat: str) -> TurnClock | None:
        """The clock of ``seat`` if it is to act in a running game."""
        return next((c for c in self.clocks if c.seat == seat), None)


@dataclass(frozen=True)
class BoardPicture:
    """A board picture (PNG), the revision of the game it shows and its text twin's
    short form (``render.registry.describe``; empty when the game has none): what an
    attachment's description says to a screen reader."""

    png: bytes
    version: int
    text: str = ""


@dataclass(frozen=True)
class Place:
    """A seat's final place in a finished game (1 = won; ties share a place) and score."""

    seat: Seat
    rank: int
    score: int


@dataclass(frozen=True)
class TurnStarted:
    """``seats`` must decide now (seat order); ``new_seats`` are those who did not have to
    decide before this change (all of ``seats`` at the start), the people a front end
    pings. Emitted when a game starts and whenever someone new must decide: a multi-step
    turn of the same seat, or a seat finishing a simultaneous choice while others still
    choose, emits none. An undo emits one with the seats it gives the decision back to,
    and ``new_seats`` empty when the same seats go on deciding (a decision taken back in
    the middle of a turn): the table's live turn message is edited, nobody is pinged.
    ``new_seats`` is always given: an empty tuple means nobody new."""

    game_id: int
    seats: tuple[str, ...]
    version: int
    new_seats: tuple[str, ...]


@dataclass(frozen=True)
class MoveApplied:
    """``seat`` played ``code``; the game is now at ``version``.

    ``label`` is the move's text for the player who made it; ``public_label`` is what
    everybody else may read when it differs (the rules' ``Applied.label``: a move
    naming a card of a hidden hand is announced by its kind only). Public messages use
    ``table_label`` and the public ``notes`` (dice, draws, gains). ``version`` is the
    game's revision after the move; ``undoable`` whether an undo could take it back.
    A seat leaving (resignation) is an entry too, with code ``!resign``.
    """

    game_id: int
    seat: str
    code: str
    label: Text
    version: int
    public_label: Text | None = None
    notes: tuple[Text, ...] = ()
    undoable: bool = False
    by_clock: bool = False
    """Played for ``seat`` by the clock (its deadline passed, policy ``auto``)."""

    @property
    def table_label(self) -> Text:
        """The text every player may read: the table's voice (``table_label`` of the
        rules) of ``public_label``, or of ``label`` when nothing in it is hidden."""
        return table_label(
            self.label if self.public_label is None else self.public_label, self.seat
        )


@dataclass(frozen=True)
class GameOver:
    """The game ended (normally or by resignation): final ranking and full score sheet."""

    game_id: int
    outcome: Outcome
    scores: ScoreSheet


Event = TurnStarted | MoveApplied | GameOver


@dataclass(frozen=True)
class Rematch:
    """The lobby a finished game's Rematch button leads to: ``opened`` by this press
    (else the caller joined it, or was seated already), with the previous game's
    players not seated yet ``invited``."""

    game: GameInfo
    opened: bool
    invited: tuple[str, ...]


@dataclass(frozen=True)
class PlayResult:
    """The game after a request, and what happened, in order (turn them into messages)."""

    game: GameInfo
    events: tuple[Event, ...] = field(default_factory=tuple)
    view: Mapping[str, Any] | None = field(default=None, compare=False, repr=False)
    """The public view after the change (the board to draw), when the request made one."""
    next_moves: tuple[Move, ...] = field(default=(), compare=False, repr=False)
    """The mover's legal decisions now, when the same person decides again."""


@dataclass(frozen=True)
class UndoRequest:
    """``seat`` asks the table to take back its last entry, made at revision ``version``
    (the request expires as soon as the game is at another revision: anyone moved).
    ``label`` is what the table read of that entry; ``agreed`` the seats that said yes,
    ``waiting`` those whose answer is still needed; ``count`` the entries taken back:
    the seat's own and the AI seats' replies after it."""

    game_id: int
    seat: Seat
    version: int
    label: Text
    waiting: tuple[Seat, ...]
    agreed: tuple[Seat, ...] = ()
    count: int = 1


@dataclass(frozen=True)
class UndoAnswer:
    """Where an undo request stands after a request or an answer: ``waiting`` (for
    ``request.waiting``), ``refused`` (by ``by``), or ``undone`` (``result`` holds the
    game after it, with a ``TurnStarted`` for the seats to act again)."""

    request: UndoRequest
    status: Literal["waiting", "refused", "undone"]
    by: Seat | None = None
    result: PlayResult | None = None


class HistoryEntry(NamedTuple):
    """One applied move of the log: who, the stored code, its label, when (UTC).

    ``label`` and ``code`` are the player's own; ``public`` is what everybody may read
    when it differs (the rules' ``Applied.label``), so ``hidden`` says the move
    names something hidden; ``notes`` are what the table read with it."""

    seat: Seat
    code: str
    label: Text
    at: datetime
    public: Text | None = None
    notes: tuple[Text, ...] = ()
    by_clock: bool = False
    """Played for the seat by the clock (its deadline passed, policy ``auto``)."""

    @property
    def hidden(self) -> bool:
        return self.public is not None

    @property
    def public_label(self) -> Text:
        """What everybody reads of the entry: the table's voice of ``public`` (or of
        ``label`` when nothing is hidden), the mover named as ``seat``."""
        return table_label(self.label if self.public is None else self.public, self.seat)


@dataclass(frozen=True)
class Reminder:
    """One seat reminded: ``kind`` is ``half`` (half its time is gone), ``hour`` (one
    hour left), ``nudge`` (the game waits for it) or ``late`` (its deadline passed and
    the clock only says so: policy ``remind``)."""

    seat: Seat
    kind: str
    since: datetime
    deadline: datetime | None = None


@dataclass(frozen=True)
class Announcement:
    """The claim of posting ``revision`` at a game's table (``GameService.claim_announcement``):
    the process that holds it posts that revision, the others post nothing. ``before``
    is what the table's record said before (``""``: nothing), given back if the posting
    fails (``release_announcement``)."""

    game_id: int
    revision: int
    kind: str
    before: str
    holder: str = ""
    """Who claimed it (the process's worker name)."""


@dataclass(frozen=True)
class ClockReport:
    """What the reminder loop did in one game: reminders to post in one message (never
    more than one per game and pass), seats whose deadline passed under ``claim`` (the
    others choose), the moves or removals the clock made (``result``), and the seats
    whose time away ended (``resumed``). For a game with reminders only, ``game`` is
    read lean (where it is played, rules, revision; ``seats`` left empty): a reminder
    names its seat itself, and a pass over a thousand games stays a few statements."""

    game: GameInfo
    reminders: tuple[Reminder, ...] = ()
    claims: tuple[Seat, ...] = ()
    result: PlayResult | None = None
    timed_out: tuple[tuple[Seat, str], ...] = ()
    """``(seat, policy)`` for each deadline applied by ``auto`` or ``forfeit``."""
    resumed: tuple[Seat, ...] = ()
    claimers: tuple[Seat, ...] = ()
    """Who may act on ``claims``: the seated people still in the game but the late."""


@dataclass(frozen=True)
class ClockPass:
    """One pass of the reminder loop: a report per game, and the reminder rows it
    holds (``GameService.finish_clock_pass`` deletes them once posted)."""

    reports: tuple[ClockReport, ...]
    claimed: tuple[int, ...]
    worker: str


@dataclass(frozen=True)
class ClaimResult:
    """A claim against late players: ``action`` (``auto``, ``forfeit``, ``extend``)
    applied by ``by`` to ``seats``; ``result`` holds the game after it."""

    action: str
    by: Seat
    seats: tuple[Seat, ...]
    result: PlayResult
    deadline: datetime | None = None


@dataclass(frozen=True)
class Away:
    """A player's time away: until when, and the running games it pauses or concerns."""

    user_id: str
    until: datetime | None
    games: tuple[GameInfo, ...]
