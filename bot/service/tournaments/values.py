"""The values a tournament returns to the front ends: the event, its places, rounds and
tables, what a change opened or ended, and the news to post.

Front ends see only these frozen values, never a store row.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from fractions import Fraction
from typing import Any, Literal

from bot.service.values import GameInfo, PlayResult

__all__ = [
    "FORMATS",
    "Entrant",
    "News",
    "Progress",
    "RoundInfo",
    "Standing",
    "TableInfo",
    "TableOpened",
    "TournamentInfo",
]

Format = Literal["swiss", "round_robin"]
FORMATS: tuple[Format, ...] = ("swiss", "round_robin")
"""The formats: Swiss (a number of rounds, paired by score) or round robin (everyone
meets everyone, about equally at tables of three or four)."""


@dataclass(frozen=True)
class Entrant:
    """Who holds (or held) a place. ``status``: ``registered`` (before the start),
    ``active``, ``withdrawn`` (left the next rounds) or ``substituted`` (another entrant
    holds the place since ``from_round``). A place is the unit that pairings, results
    and standings count: a substitute inherits the place's points."""

    place: str
    user_id: str
    name: str
    status: str
    from_round: int = 1

    @property
    def plays(self) -> bool:
        """Whether this entrant is in the next pairing (registered or active)."""
        return self.status in ("registered", "active")


@dataclass(frozen=True)
class TournamentInfo:
    """A tournament as the front ends need it. ``closes_at``: when registration closes
    and it starts (``None``: on the organiser's word); ``round_hours``: each round's
    deadline after it opens (``None``: none); ``min_completion`` (percent) and
    ``min_finished``: what an entrant must have to register (``None``: nothing).
    ``status``: ``open`` (registering), ``running``, ``over``, ``cancelled``.
    ``entries``: every entrant, in the order of the places."""

    id: int
    guild_id: str | None
    channel_id: str
    organiser: str
    title: str
    rules: str
    options: dict[str, Any]
    clock_hours: int | None
    timeout_policy: str
    format: str
    rounds: int
    table_size: int
    cap: int | None
    closes_at: datetime | None
    round_hours: int | None
    min_completion: int | None
    min_finished: int | None
    status: str
    current_round: int
    created_at: datetime
    entries: tuple[Entrant, ...] = ()

    @property
    def holders(self) -> tuple[Entrant, ...]:
        """The entrant holding each place now (registered, active or withdrawn)."""
        return tuple(e for e in self.entries if e.status != "substituted")

    @property
    def playing(self) -> tuple[Entrant, ...]:
        """The entrants in the next pairing."""
        return tuple(e for e in self.entries if e.plays)

    def entrant(self, user_id: str) -> Entrant | None:
        """``user_id``'s place, unless they were substituted."""
        return next((e for e in self.holders if e.user_id == user_id), None)

    def holder(self, place: str) -> Entrant | None:
        """Who holds ``place`` now."""
        return next((e for e in self.holders if e.place == place), None)

    def names(self) -> dict[str, str]:
        """``{user_id: name}`` of every entrant."""
        return {e.user_id: e.name for e in self.entries}


@dataclass(frozen=True)
class TableInfo:
    """A table of a round: its places in seat order and who held them then (the game's
    seats), its game (``None`` for a bye, or while it is being opened), and once it
    ended each place's ``ranks`` (1 best, ties share) and ``scores`` (the game's
    totals), in seat order, and ``forfeits``: the places whose player left the game
    (resigned, timed out, withdrew), which score no tournament point. ``bye``: a place
    left without a table this round."""

    round: int
    number: int
    places: tuple[str, ...]
    players: tuple[str, ...]
    game_id: int | None
    ranks: tuple[int, ...] | None = None
    scores: tuple[float, ...] | None = None
    bye: bool = False
    forfeits: tuple[str, ...] = ()

    @property
    def ended(self) -> bool:
        return self.ranks is not None


@dataclass(frozen=True)
class RoundInfo:
    """A round: ``opening`` (its games being opened), ``running`` or ``over``."""

    number: int
    status: str
    opened_at: datetime
    deadline: datetime | None
    tables: tuple[TableInfo, ...]


@dataclass(frozen=True)
class Standing:
    """A line of the standings: the place, who holds it now (and their ``status``), its
    rank (ties share), its tournament ``points`` and the tie-breaks in order:
    ``opponents`` (their points), ``scored`` (points scored in the games), ``rating``
    (``None``: unrated), as the pure ``bot.service.events.standings`` computed them;
    ``played`` games, ``byes``, and ``separated_by``, the first criterion that puts the
    line below the one above (``points``, a tie-break's name; ``None``: first or tied).
    The criteria's names and explanations are ``service.events.<name>.name`` and
    ``.explain``."""

    rank: int
    place: str
    user_id: str
    name: str
    status: str
    points: Fraction
    opponents: Fraction
    scored: float
    rating: float | None
    played: int
    byes: int
    separated_by: str | None


@dataclass(frozen=True)
class TableOpened:
    """A game opened for a table: what to post (a thread, the players pinged)."""

    table: TableInfo
    game: GameInfo
    pings: tuple[str, ...]


@dataclass(frozen=True)
class Progress:
    """What a change of a tournament did, for the front end to publish: the round it
    opened (``round``, its games ``opened`` and ``byes``), the games it ended (a
    round's deadline, a withdrawal: their results to post at their tables), and
    ``finished`` (the final standings) when it ended."""

    tournament: TournamentInfo
    round: int | None = None
    opened: tuple[TableOpened, ...] = ()
    byes: tuple[TableInfo, ...] = ()
    ended: tuple[PlayResult, ...] = ()
    finished: tuple[Standing, ...] | None = None

    @property
    def is_empty(self) -> bool:
        return self.round is None and not self.ended and self.finished is None


@dataclass(frozen=True)
class News:
    """Something to announce in a tournament's channel, claimed for one process
    (``Tournaments.news``): ``kind`` ``round`` (round ``round`` opened: its tables,
    their games and byes) or ``over`` (the final ``standings``). Call
    ``Tournaments.posted`` after posting it (or with ``done=False`` when the post
    failed, to have it again)."""

    id: int
    kind: str
    tournament: TournamentInfo
    round: RoundInfo | None
    standings: tuple[Standing, ...]
    worker: str
