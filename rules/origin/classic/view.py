"""What a seat may see of an Origin Classic game (shape: docs/contributors/origin-view.md).

Hidden information (ruling R18): the cards in each hand and the Objective cards dealt
at set-up belong to their owner. Everything else is public in Classic: tokens lie face
up, tiles are stacked face up, played cards lie face up. ``view(state, None)`` shows
hands as counts per deck; ``view(state, seat)`` adds ``"me"`` with that seat's cards
(ids, message keys of title and effect, and the texts in English and French).

Shape (Junior's view, plus the Classic keys)::

    {"game": "origin", "seats": [...], "to_act": [...], "turn": int, "round": int,
     "over": bool, "phase": "choose" | "play",
     "pending": null | {"seat": s, "kind": "act"|"extra"|"target"|"reward"|"tile"|
                        "putback"|"limit", "action": "evolve"|"migrate"|"swap"|null,
                        "at": "A3"|null, "card": "A01"|null, "colour": "yellow"|null},
     "last_move": null | {"seat", "action": "evolve"|"migrate"|"swap"|"pass",
                          "card": null|"A12", "pawn", "from", "to", "swapped",
                          "gains": {"cards": {"action": n, "permanent": n, "objective": n},
                                    "tiles": [ids], "hunting": [terr], "straits": [sid]}},
     "played_this_turn": [card ids],
     "territories": {...}, "origin": "A1", "supply": {...},
     "hunting": {"A8": {"present": bool, "value": int|null}}, (values public)
     "straits": {"ST01": {"present": bool, "value": int|null}},
     "reward_board": {"yellow": [{"id": "IN04", "level": 1} | null, x3], "orange": [...],
                      "violet": [...], "brown": [... x6]},
     "reserve": n, "decks": {"action": n, "permanent": n, "objective": n}, "discard": n,
     "ending": null | {"reason": "deck"|"board"|"supply"|"villages", "by": seat,
                       "last_turns": [seats still to play]},
     "players": {seat: {"index", "villages_left", "hand": {"action": n, ...},
                        "choosing": bool, "permanents": [ids],
                        "objectives_done": [{"id": "OB05", "points": 3}],
                        "hunting": [{"id", "territory", "value"}],
                        "straits": [{"id", "strait", "value"}],
                        "tiles": [[1, 2, 3], [1]], "tile_ids": [["IN01", ...], ...]}},
     "scores": {seat: {"total": int, "partial": false}},
     "winners": [seats] (added by the engine once the game is over),
     "me": null | {"seat": s, "hand": {"action": [card], "permanent": [...],
                   "objective": [...]}, "dealt": [card]}}

where a card is ``{"id", "deck", "title", "text", "level"?, "points"?, "en": {"title",
"text"}, "fr": {...}}``.

Typed: ``ClassicPart`` is what ``classic_view`` gives (the envelope's keys come from the
contract), ``ClassicView`` the whole view the renderer reads, through ``view_of``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypedDict, cast

from rules.base import JSON, ScoreSheet, Seat, State
from rules.core.envelope import ViewEnvelope
from rules.i18n import translate
from rules.origin.classic import classic_data as cd
from rules.origin.classic import tiles as tl
from rules.origin.classic.cards import CARDS, COLUMNS, DECKS
from rules.origin.classic.classic_data import (
    ClassicData,
    ClassicGains,
    ClassicLast,
    ClassicSwapped,
)
from rules.origin.classic.play import CardFace, describe_card
from rules.origin.components import BOARD
from rules.origin.view_parts import (
    HuntingWonView,
    MapPart,
    MoveBase,
    PendingBase,
    StraitWonView,
    hunting_won_view,
    straits_won_view,
    territories_view,
    tokens_view,
)


class ClassicPending(PendingBase):
    """The decision under way: its frame kind, and the card or reward colour it is about."""

    kind: str
    card: str | None
    colour: str | None


class ClassicLastMove(MoveBase):
    """The last completed move as the view shows it (``ClassicLast`` without the index)."""

    card: str | None
    swapped: ClassicSwapped | None
    gains: ClassicGains


class BoardTileView(TypedDict):
    """A face-up tile of the reward board."""

    id: str
    level: int


class EndingView(TypedDict):
    """The final round under way: why, who triggered it, who still plays."""

    reason: str
    by: Seat
    last_turns: list[Seat]


class ObjectiveDoneView(TypedDict):
    """An Objective card a player completed, and its points."""

    id: str
    points: int


class ClassicPlayerView(TypedDict):
    """A player's public entry of the view."""

    index: int
    villages_left: int
    hand: dict[str, int]
    choosing: bool
    permanents: list[str]
    objectives_done: list[ObjectiveDoneView]
    hunting: list[HuntingWonView]
    straits: list[StraitWonView]
    tiles: list[list[int]]
    tile_ids: list[list[str]]


class MeView(TypedDict):
    """The viewing seat's own cards (only in its own view)."""

    seat: Seat
    hand: dict[str, list[CardFace]]
    dealt: list[CardFace]


class ClassicPart(MapPart):
    """What ``classic_view`` gives: the shared map keys and Classic's own."""

    phase: str
    pending: ClassicPending | None
    last_move: ClassicLastMove | None
    played_this_turn: list[str]
    reward_board: dict[str, list[BoardTileView | None]]
    reserve: int
    decks: dict[str, int]
    discard: int
    ending: EndingView | None
    players: dict[Seat, ClassicPlayerView]
    me: MeView | None
    breakdown: JSON | None


class ClassicView(ViewEnvelope, ClassicPart):
    """A whole view of Origin Classic: the contract's envelope and Classic's part."""


def view_of(view: Mapping[str, Any]) -> ClassicView:
    """A view of Origin Classic (from ``Game.view``), typed."""
    return cast(ClassicView, view)


def card_face(card_id: str) -> CardFace:
    """A card with its texts in both languages (only ever put in its owner's view)."""
    out = describe_card(card_id)
    for lang in ("en", "fr"):
        out[lang] = {"title": translate(out["title"], lang), "text": translate(out["text"], lang)}
    return out


def classic_view(state: State, seat: Seat | None, breakdown: ScoreSheet | None) -> ClassicPart:
    """Classic's part of the view of ``seat`` (``None``: public); ``breakdown`` is the
    full score sheet once the outcome is known."""
    data = cd.data(state)
    seats = state.seats
    territories = territories_view(seats, data["pawn_at"], data["owner_at"])
    hunting = tokens_view(data["hunting"], BOARD.by_colour("green"), reveal=True)
    straits = tokens_view(data["straits"], BOARD.straits, reveal=True)
    players: dict[Seat, ClassicPlayerView] = {}
    for i, s in enumerate(seats):
        players[s] = {
            "index": i,
            "villages_left": data["villages"][i],
            "hand": {d: len(data["hands"][i][d]) for d in DECKS},
            "choosing": bool(data["dealt"][i]),
            "permanents": list(data["permanents"][i]),
            "objectives_done": [
                {"id": c, "points": CARDS[c].points} for c in data["objectives_done"][i]
            ],
            "hunting": hunting_won_view(data["hunting_of"][i], visible=True),
            "straits": straits_won_view(data["straits_of"][i], visible=True),
            "tiles": [[tl.level(t) for t in stack] for stack in data["stacks"][i]],
            "tile_ids": [list(stack) for stack in data["stacks"][i]],
        }
    ending = data["ending"]
    me = seats.index(seat) if seat in seats else None
    mine: MeView | None = None
    if me is not None and seat is not None:
        mine = {
            "seat": seat,
            "hand": {d: [card_face(c) for c in sorted(data["hands"][me][d])] for d in DECKS},
            "dealt": [card_face(c) for c in sorted(data["dealt"][me])],
        }
    return {
        "phase": data["phase"],
        "pending": _pending(data, seats),
        "last_move": _last(data["last"]),
        "played_this_turn": list(data["played_now"]),
        "territories": territories,
        "origin": BOARD.origin,
        "supply": {p: n for p, n in sorted(data["supply"].items()) if n > 0},
        "hunting": hunting,
        "straits": straits,
        "reward_board": {
            c: [None if t is None else {"id": t, "level": tl.level(t)} for t in data["board"][c]]
            for c in COLUMNS
        },
        "reserve": len(data["reserve"]),
        "decks": {d: len(data["decks"][d]) for d in DECKS},
        "discard": len(data["discard"]),
        "ending": None
        if ending is None
        else {
            "reason": ending["reason"],
            "by": seats[ending["by"]],
            "last_turns": [seats[j] for j in ending["left"]],
        },
        "players": players,
        "breakdown": None if breakdown is None else breakdown.to_json(),
        "me": mine,
    }


def _pending(data: ClassicData, seats: list[Seat]) -> ClassicPending | None:
    if not data["frames"] or data["over"] is not None:
        return None
    frame = data["frames"][-1]
    mode = at = card = colour = None
    if frame["kind"] == "act":
        mode, at, card = frame["mode"], frame["at"], frame["card"]
    elif frame["kind"] == "extra":
        mode, card = frame["mode"], frame["card"]
    elif frame["kind"] == "target":
        card = frame["card"]
    elif frame["kind"] == "reward":
        colour = frame["colour"]
    action = None if mode is None else _ACTION_OF_MODE.get(mode, mode)
    return {
        "seat": seats[data["turn"]],
        "kind": frame["kind"],
        "action": action,
        "at": at,
        "card": card,
        "colour": colour,
    }


_ACTION_OF_MODE = {"adapt": "evolve", "exodus": "migrate", "ambush": "swap"}


def _last(last: ClassicLast | None) -> ClassicLastMove | None:
    """The last move, copied (a view never shares lists or dicts with the state)."""
    if last is None:
        return None
    swapped, gains = last["swapped"], last["gains"]
    return {
        "seat": last["seat"],
        "action": last["action"],
        "card": last["card"],
        "pawn": last["pawn"],
        "from": last["from"],
        "to": last["to"],
        "swapped": None
        if swapped is None
        else {
            "pawn": swapped["pawn"],
            "owner": swapped["owner"],
            "to": swapped["to"],
            "hunting": list(swapped["hunting"]),
            "straits": list(swapped["straits"]),
        },
        "gains": {
            "cards": dict(gains["cards"]),
            "tiles": list(gains["tiles"]),
            "hunting": list(gains["hunting"]),
            "straits": list(gains["straits"]),
        },
    }


__all__ = ["card_face", "classic_view"]
