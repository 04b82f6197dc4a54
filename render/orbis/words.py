"""Sentences of the Orbis picture: the header's line and notice (the last round)."""

from __future__ import annotations

from render.kit import frame
from render.kit.compose import Turn
from render.kit.names import tr
from render.orbis import model
from rules.orbis import view_of


def notice(turn: Turn) -> str:
    """``Last turn`` while every player still to play has one turn left."""
    view = view_of(turn.view)
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
    the player it is about); cubes as colour words; whole notes only, as many as fit."""
    parts = frame.last_parts(turn.view, turn.lang, turn.names)
    return frame.header_line(turn.view, turn.lang, [without_squares(p, turn.lang) for p in parts])


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
