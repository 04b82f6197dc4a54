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
from rules.origin.view import view_of
from rules.origin.view_parts import TokenView, map_view_of

TITLE = "origin.junior.name"
COLOURS = ("yellow", "orange", "violet")


def _map(value: Any) -> Mapping[str, Any]:
    return value if isinstance(value, Mapping) else {}


def _list(value: Any) -> Sequence[Any]:
    return value if isinstance(value, list | tuple) else []


def facts(view: View, lang: str, names: Names) -> list[str]:
    out = []
    junior = view_of(view)
    pending = junior.get("pending")
    if pending and pending.get("action") and not junior.get("over"):
        out.append(
            tr(
                f"render.origin.pending.{pending['action']}",
                lang,
                player=seat_name(str(pending.get("seat", "?")), names),
                at=territory_name(str(pending.get("at")), lang),
            )
        )
    decks = junior.get("decks") or {}
    if decks:
        out.append(tr("render.twin.origin.decks", lang, cards=deck_counts(decks, lang)))
    left = junior.get("tiles_left")
    if isinstance(left, int):
        out.append(tr("render.twin.origin.tiles_left", lang, n=left))
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
    typed = map_view_of(view)
    for tid, cell in (typed.get("territories") or {}).items():
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
    supply = [pawn_words(p, lang) for p, n in (typed.get("supply") or {}).items() if n]
    lines.append(tr("render.twin.origin.supply", lang, pawns=listing(supply, lang)))
    return section(tr("render.twin.origin.map", lang), lines)


def tokens(view: View, lang: str) -> Section:
    typed = map_view_of(view)
    hunting = [
        token_words(territory_name(tid, lang), token, lang)
        for tid, token in (typed.get("hunting") or {}).items()
    ]
    straits = [
        token_words(strait_name(sid, lang), token, lang)
        for sid, token in (typed.get("straits") or {}).items()
    ]
    lines = [
        tr("render.twin.origin.hunting", lang, tokens=joined(hunting, lang)),
        tr("render.twin.origin.straits", lang, tokens=joined(straits, lang)),
    ]
    return section(tr("render.twin.origin.tokens", lang), lines)


def token_words(where: str, token: TokenView, lang: str) -> str:
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
            pawn=pawn_words(str(c.get("pawn")), lang),
            where=territory_name(t, lang),
        )
        for t, c in (map_view_of(view).get("territories") or {}).items()
        if c.get("owner") == seat and c.get("pawn")
    ]
    return tr(
        "render.twin.origin.pawns", lang, pawns=joined(mine, lang) or tr("render.twin.none", lang)
    )


def player(view: View, seat: str, lang: str, names: Names) -> Section:
    mine = (view_of(view).get("players") or {}).get(seat)
    lines = [
        tr(
            "render.twin.origin.villages",
            lang,
            n=(mine.get("villages_left") if mine else None) or 0,
        ),
        pawns_of(view, seat, lang),
    ]
    cards = (mine.get("cards") if mine else None) or {}
    if cards:
        lines.append(tr("render.twin.origin.cards", lang, cards=deck_counts(cards, lang)))
    lines += won_tokens(mine or {}, lang)
    tiles = (mine.get("tiles") if mine else None) or []
    if tiles:
        lines.append(tr("render.twin.origin.tiles", lang, n=len(tiles)))
    title = tr(
        "render.twin.panel", lang, player=seat_name(seat, names), score=points(view, seat, lang)
    )
    return section(title, lines)


def private(view: View, seat: str, lang: str, names: Names) -> list[Section]:
    """A seat's own panel from its own view (its tokens' values, its full score)."""
    return [player(view, seat, lang, names)]
