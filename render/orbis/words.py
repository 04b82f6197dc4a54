"""Sentences of the Orbis picture: the header's line and notice (the last round)."""

from __future__ import annotations

from render.kit.compose import Turn
from render.kit.names import seat_name, text_of, tr
from render.orbis import model
from rules.i18n import SEAT_PARAMS


def notice(turn: Turn) -> str:
    """``Last turn`` while every player still to play has one turn left."""
    view = turn.view
    if view.get("over"):
        return ""
    players = view.get("players")
    if not isinstance(players, dict) or not players:
        return ""
    out = set(view.get("out") or [])
    left = [p.get("turns_left") for s, p in players.items() if s not in out and isinstance(p, dict)]
    if left and all(isinstance(n, int) and n <= 1 for n in left):
        return tr("render.orbis.notice.last", turn.lang)
    return ""


def describe(turn: Turn) -> str:
    """The last move and its notes, seats named by their display names (a note may name
    the player it is about)."""
    last = turn.view.get("last")
    if not isinstance(last, dict):
        return ""
    lang, names = turn.lang, turn.names

    def named(value: object) -> object:
        if not isinstance(value, dict) or not isinstance(value.get("params"), dict):
            return value
        params = {
            k: seat_name(str(v), names) if k in SEAT_PARAMS else v
            for k, v in value["params"].items()
        }
        return {"key": value.get("key"), "params": params}

    label = text_of(named(last.get("label")), lang)
    notes = [text_of(named(note), lang) for note in last.get("notes") or []]
    if label:
        who = seat_name(str(last.get("seat", "?")), names)
        label = tr("render.kit.last", lang, player=who, label=label)
    return without_squares(" · ".join(part for part in [label, *notes] if part), lang)


SQUARES = {"🟨": "yellow", "🟩": "green", "🟦": "blue", "🟥": "red", "⬜": "white", "🌈": "any"}
"""The coloured squares the rules write cubes with (Discord shows them; the picture's
font has none of them): the picture writes the colour's word instead."""


def without_squares(text: str, lang: str) -> str:
    """``1🟦 1🟥`` -> ``1 blue 1 red`` (in ``lang``)."""
    for square, colour in SQUARES.items():
        if square in text:
            key = "render.orbis.any" if colour == "any" else f"orbis.colour.{colour}"
            text = text.replace(square, " " + tr(key, lang))
    return text


def piles_total(view: model.View) -> int:
    return sum(model.piles(view).values())
