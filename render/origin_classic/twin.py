"""Origin in words (``render.twin``), Classic rules: Junior's map, pawns and tokens
(``render.origin.twin``), plus the reward board column by column, the decks, the
reserve and discard, and each player's hand (counts only: hands are secret), stacks,
permanent cards and objectives; a seat's own view adds its cards, by title."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from render.kit import frame
from render.kit.names import seat_name, tr
from render.origin import twin as junior
from render.origin_classic.words import DECKS, card_title, notice, pending_words
from render.twin import Names, Section, View, joined, listing, points, section

TITLE = "origin.classic.name"
COLUMNS = ("yellow", "orange", "violet", "brown")
_map, _list = junior._map, junior._list


def facts(view: View, lang: str, names: Names) -> list[str]:
    out = []
    pending = _map(view.get("pending"))
    if pending and not view.get("over"):
        out.append(pending_words(view, pending, lang, names))
    said = notice(view, lang, names)
    if said:
        out.append(said)
    decks = _map(view.get("decks"))
    out.append(tr("render.twin.origin.decks", lang, cards=deck_counts(decks, lang)))
    return out


def deck_counts(decks: Mapping[str, Any], lang: str) -> str:
    return listing(
        [
            tr(
                "render.twin.origin.deck",
                lang,
                n=int(decks.get(d) or 0),
                deck=tr(f"origin.classic.deck.{d}", lang),
            )
            for d in DECKS
        ],
        lang,
    )


def board(view: View, lang: str, names: Names) -> list[Section]:
    return [
        junior.territories(view, lang, names),
        junior.tokens(view, lang),
        rewards(view, lang),
        *(player(view, seat, lang, names) for seat in frame.seats_of(view)),
    ]


def rewards(view: View, lang: str) -> Section:
    lines = []
    reward = _map(view.get("reward_board"))
    for colour in COLUMNS:
        levels = [str(_map(t).get("level", "?")) for t in _list(reward.get(colour))]
        lines.append(
            tr(
                "render.twin.origin.column",
                lang,
                column=tr(f"render.origin.classic.column.{colour}", lang),
                tiles=listing(levels, lang),
            )
        )
    lines.append(
        tr("render.twin.origin.decks", lang, cards=deck_counts(_map(view.get("decks")), lang))
    )
    lines.append(
        tr(
            "render.twin.origin.piles",
            lang,
            reserve=int(view.get("reserve") or 0),
            discard=int(view.get("discard") or 0),
        )
    )
    return section(tr("render.origin.classic.board", lang), lines)


def player(view: View, seat: str, lang: str, names: Names) -> Section:
    mine = _map(_map(view.get("players")).get(seat))
    hand = _map(mine.get("hand"))
    lines = [
        tr("render.twin.origin.villages", lang, n=int(mine.get("villages_left") or 0)),
        junior.pawns_of(view, seat, lang),
        tr("render.twin.origin.hand", lang, cards=deck_counts(hand, lang)),
    ]
    if mine.get("choosing"):
        lines.append(tr("render.origin.classic.choosing", lang))
    permanents = [
        card_title(str(_map(c).get("id", c)), lang) for c in _list(mine.get("permanents"))
    ]
    if permanents:
        lines.append(tr("render.twin.origin.permanents", lang, cards=listing(permanents, lang)))
    done = [card_title(str(_map(c).get("id", c)), lang) for c in _list(mine.get("objectives_done"))]
    if done:
        lines.append(tr("render.twin.origin.objectives", lang, cards=listing(done, lang)))
    lines += junior.won_tokens(mine, lang)
    stacks = [listing([str(level) for level in _list(s)], lang) for s in _list(mine.get("tiles"))]
    if stacks:
        lines.append(tr("render.twin.origin.stacks", lang, stacks=joined(stacks, lang)))
    title = tr(
        "render.twin.panel", lang, player=seat_name(seat, names), score=points(view, seat, lang)
    )
    return section(title, lines)


def private(view: View, seat: str, lang: str, names: Names) -> list[Section]:
    """The seat's cards by title and text (``me.hand`` of its own view), then its panel."""
    me = _map(view.get("me"))
    held = [(deck, raw) for deck in DECKS for raw in _list(_map(me.get("hand")).get(deck))]
    lines = [card_words(deck, _map(raw), lang) for deck, raw in held]
    dealt = [card_words("objective", _map(raw), lang) for raw in _list(me.get("dealt"))]
    sections = [
        section(
            tr("render.twin.origin.your_hand", lang),
            lines or [tr("render.twin.origin.no_cards", lang)],
        )
    ]
    if dealt:
        sections.append(section(tr("render.twin.origin.dealt", lang), dealt))
    return [*sections, player(view, seat, lang, names)]


def card_words(deck: str, card: Mapping[str, Any], lang: str) -> str:
    """``Objective: Bridge. 4 of your pawns ... Scores 5.`` (the view's words for it)."""
    words = _map(card.get(lang)) or _map(card.get("en"))
    return tr(
        "render.twin.origin.card",
        lang,
        deck=tr(f"origin.classic.deck.{deck}", lang),
        title=str(words.get("title") or card_title(str(card.get("id")), lang)),
        text=str(words.get("text") or ""),
    )
