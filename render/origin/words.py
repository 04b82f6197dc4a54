"""Sentences of the Origin pictures: the pending choice, the last move and its gains.

Junior's header line comes from ``describe_turn``; Classic's (``render.origin_classic.
words``) builds on ``action_words`` and the gain parts.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from render.kit.names import seat_name, tr
from render.origin.names import pawn_words, territory_name
from rules.origin.view import view_of

View = Mapping[str, Any]


def describe_turn(view: View, lang: str, names: Mapping[str, str] | None) -> str:
    """One sentence: the pending choice, else the last move and what it gained."""
    junior = view_of(view)
    pending = junior.get("pending")
    if pending:
        return tr(
            f"render.origin.pending.{pending.get('action')}",
            lang,
            player=seat_name(pending.get("seat", "?"), names),
            at=territory_name(str(pending.get("at")), lang),
        )
    last = junior.get("last_move")
    if not last:
        return ""
    text = action_words(last, lang, names)
    gains = gains_words(last.get("gains") or {}, lang)
    return f"{text} {gains}" if gains else text


def action_words(last: Mapping[str, Any], lang: str, names: Mapping[str, str] | None) -> str:
    """What a view's ``last_move`` did (who, which pawn, from where to where, whom it
    displaced), without its gains; Junior and Classic share these sentences."""
    action = last.get("action")
    params: dict[str, Any] = {
        "player": seat_name(str(last.get("seat", "?")), names),
        "pawn": pawn_words(str(last.get("pawn") or "?"), lang),
        "from": territory_name(str(last.get("from")), lang),
        "to": territory_name(str(last.get("to")), lang),
    }
    swapped = last.get("swapped")
    if action == "swap" and swapped:
        params["other"] = seat_name(str(swapped.get("owner", "?")), names)
        params["other_pawn"] = pawn_words(str(swapped.get("pawn", "?")), lang)
    return tr(f"render.origin.last.{action}", lang, **params)


def gains_words(gains: Mapping[str, Any], lang: str) -> str:
    parts = []
    for colour, count in sorted((gains.get("cards") or {}).items()):
        if count:
            parts.append(counted(f"render.origin.gain.card.{colour}", count, lang))
    return gains_line(parts + tile_and_token_gains(gains, lang))


def tile_and_token_gains(gains: Mapping[str, Any], lang: str) -> list[str]:
    """The tile, Hunting and Strait parts of a ``gains`` record (tiles: a count in Junior,
    a list of ids in Classic)."""
    parts = []
    tiles = gains.get("tiles")
    count = len(tiles) if isinstance(tiles, list) else int(tiles or 0)
    if count:
        parts.append(counted("render.origin.gain.tiles", count, lang))
    if gains.get("hunting"):
        parts.append(counted("render.origin.gain.hunting", len(gains["hunting"]), lang))
    if gains.get("straits"):
        parts.append(counted("render.origin.gain.straits", len(gains["straits"]), lang))
    return parts


def counted(key: str, count: int, lang: str) -> str:
    """``1 yellow card`` / ``2 yellow cards``: ``key.one`` or ``key.many`` with the count."""
    return tr(f"{key}.one" if count == 1 else f"{key}.many", lang, count=count)


def gains_line(parts: list[str]) -> str:
    """``(+ a, b)`` from the parts of a gain, or ``""`` when nothing was gained."""
    return f"(+ {', '.join(parts)})" if parts else ""
