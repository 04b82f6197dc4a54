"""Origin in words (``render.twin``), Junior rules; Classic builds on it
(``render.origin_classic.twin``). The map territory by territory (their names, as the
moves name them) with each pawn (``white pawn 2·1``, as the labels say) and its
owner, the pawns left in the supply, the hunting and strait tokens, then each player."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from render.kit import frame
from render.kit.names import seat_name, tr
from render.origin.names import pawn_words, strait_name, territory_name
from render.twin import Names, Section, View, joined, listing, points, section

TITLE = "origin.junior.name"
COLOURS = ("yellow", "orange", "violet")


def _map(value: Any) -> Mapping[str, Any]:
    return value if isinstance(value, Mapping) else {}


def _list(value: Any) -> Sequence[Any]:
    return value if isinstance(value, list | tuple) else []


def facts(view: View, lang: str, names: Names) -> list[str]:
    out = []
    pending = _map(view.get("pending"))
    if pending.get("action") and not view.get("over"):
        out.append(
            tr(
                f"render.origin.pending.{pending['action']}",
                lang,
                player=seat_name(str(pending.get("seat", "?")), names),
                at=territory_name(str(pending.get("at")), lang),
            )
        )
    decks = _map(view.get("decks"))
    if decks:
        out.append(tr("render.twin.origin.decks", lang, cards=deck_counts(decks, lang)))
    if isinstance(view.get("tiles_left"), int):
        out.append(tr("render.twin.origin.tiles_left", lang, n=view["tiles_left"]))
    return out


def deck_counts(decks: Mapping[str, Any], lang: str) -> str:
    return listing(
        [
            tr("render.twin.origin.deck", lang, n=int(n), deck=tr(f"origin.colour.{d}", lang))
            for d, n in decks.items()
            if isinstance(n, int)
        ],
        lang,
    )


def board(view: View, lang: str, names: Names) -> list[Section]:
    return [
        territories(view, lang, names),
        tokens(view, lang),
        *(player(view, seat, lang, names) for seat in frame.seats_of(view)),
    ]


def territories(view: View, lang: str, names: Names) -> Section:
    lines = []
    empty = []
    for tid, raw in _map(view.get("territories")).items():
        cell = _map(raw)
        pawn = cell.get("pawn")
        if not pawn:
            empty.append(territory_name(str(tid), lang))
            continue
        owner = cell.get("owner")
        key = "render.twin.origin.owned" if owner else "render.twin.origin.neutral"
        lines.append(
            tr(
                key,
                lang,
                where=territory_name(str(tid), lang),
                pawn=pawn_words(str(pawn), lang),
                player=seat_name(str(owner), names),
            )
        )
    if empty:
        lines.append(tr("render.twin.origin.empty", lang, where=listing(empty, lang)))
    supply = [pawn_words(str(p), lang) for p, n in _map(view.get("supply")).items() if n]
    lines.append(tr("render.twin.origin.supply", lang, pawns=listing(supply, lang)))
    return section(tr("render.twin.origin.map", lang), lines)


def tokens(view: View, lang: str) -> Section:
    hunting = []
    for tid, raw in _map(view.get("hunting")).items():
        token = _map(raw)
        hunting.append(token_words(territory_name(str(tid), lang), token, lang))
    straits = []
    for sid, raw in _map(view.get("straits")).items():
        token = _map(raw)
        straits.append(token_words(strait_name(str(sid), lang), token, lang))
    lines = [
        tr("render.twin.origin.hunting", lang, tokens=joined(hunting, lang)),
        tr("render.twin.origin.straits", lang, tokens=joined(straits, lang)),
    ]
    return section(tr("render.twin.origin.tokens", lang), lines)


def token_words(where: str, token: Mapping[str, Any], lang: str) -> str:
    if not token.get("present"):
        return tr("render.twin.origin.token_taken", lang, where=where)
    value = token.get("value")
    if isinstance(value, int):
        return tr("render.twin.origin.token_value", lang, where=where, n=value)
    return tr("render.twin.origin.token_hidden", lang, where=where)


def won_tokens(mine: Mapping[str, Any], lang: str) -> list[str]:
    """The hunting and strait tokens a player won (values once shown)."""
    lines = []
    for kind, name in (("hunting", territory_name), ("straits", strait_name)):
        won = []
        for raw in _list(mine.get(kind)):
            token = _map(raw)
            where = name(str(token.get("territory") or token.get("strait") or "?"), lang)
            value = token.get("value")
            won.append(
                tr("render.twin.origin.token_value", lang, where=where, n=value)
                if isinstance(value, int)
                else tr("render.twin.origin.token_hidden", lang, where=where)
            )
        if won:
            lines.append(tr(f"render.twin.origin.won_{kind}", lang, tokens=joined(won, lang)))
    return lines


def pawns_of(view: View, seat: str, lang: str) -> str:
    mine = [
        tr(
            "render.twin.origin.at",
            lang,
            pawn=pawn_words(str(_map(c).get("pawn")), lang),
            where=territory_name(str(t), lang),
        )
        for t, c in _map(view.get("territories")).items()
        if _map(c).get("owner") == seat and _map(c).get("pawn")
    ]
    return tr(
        "render.twin.origin.pawns", lang, pawns=joined(mine, lang) or tr("render.twin.none", lang)
    )


def player(view: View, seat: str, lang: str, names: Names) -> Section:
    mine = _map(_map(view.get("players")).get(seat))
    lines = [
        tr("render.twin.origin.villages", lang, n=int(mine.get("villages_left") or 0)),
        pawns_of(view, seat, lang),
    ]
    cards = _map(mine.get("cards"))
    if cards:
        lines.append(tr("render.twin.origin.cards", lang, cards=deck_counts(cards, lang)))
    lines += won_tokens(mine, lang)
    tiles = _list(mine.get("tiles"))
    if tiles:
        lines.append(tr("render.twin.origin.tiles", lang, n=len(tiles)))
    title = tr(
        "render.twin.panel", lang, player=seat_name(seat, names), score=points(view, seat, lang)
    )
    return section(title, lines)


def private(view: View, seat: str, lang: str, names: Names) -> list[Section]:
    """A seat's own panel from its own view (its tokens' values, its full score)."""
    return [player(view, seat, lang, names)]
