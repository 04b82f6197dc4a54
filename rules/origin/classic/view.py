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
"""

from __future__ import annotations

from typing import Any

from rules.base import JSON, ScoreSheet, Seat, State
from rules.i18n import translate
from rules.origin.classic import classic_data as cd
from rules.origin.classic import tiles as tl
from rules.origin.classic.cards import CARDS, COLUMNS, DECKS
from rules.origin.classic.classic_data import ClassicData, ClassicLast
from rules.origin.classic.play import describe_card
from rules.origin.components import BOARD
from rules.origin.view_parts import (
    hunting_won_view,
    json_copy,
    straits_won_view,
    territories_view,
    tokens_view,
)


def card_face(card_id: str) -> dict[str, Any]:
    """A card with its texts in both languages (only ever put in its owner's view)."""
    out = describe_card(card_id)
    for lang in ("en", "fr"):
        out[lang] = {"title": translate(out["title"], lang), "text": translate(out["text"], lang)}
    return out


def classic_view(state: State, seat: Seat | None, sheet: ScoreSheet, to_act: list[Seat]) -> JSON:
    """The view of ``seat`` (``None``: public) as a JSON-able dict."""
    data = cd.data(state)
    seats = state.seats
    territories = territories_view(seats, data["pawn_at"], data["owner_at"])
    hunting = tokens_view(data["hunting"], BOARD.by_colour("green"), reveal=True)
    straits = tokens_view(data["straits"], BOARD.straits, reveal=True)
    players: dict[Seat, Any] = {}
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
    return {
        "game": state.game,
        "seats": list(seats),
        "to_act": list(to_act),
        "turn": state.version,
        "round": data["round"],
        "over": data["over"] is not None,
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
        "scores": {s: {"total": sheet.total(s), "partial": False} for s in seats},
        "me": None
        if me is None
        else {
            "seat": seat,
            "hand": {d: [card_face(c) for c in sorted(data["hands"][me][d])] for d in DECKS},
            "dealt": [card_face(c) for c in sorted(data["dealt"][me])],
        },
    }


def _pending(data: ClassicData, seats: list[Seat]) -> dict[str, Any] | None:
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


def _last(last: ClassicLast | None) -> dict[str, Any] | None:
    if last is None:
        return None
    out: dict[str, Any] = json_copy({k: v for k, v in last.items() if k != "seat_index"})
    return out


__all__ = ["card_face", "classic_view"]
