"""Origin in words (``render.twin``), Classic rules: Junior's map, pawns and tokens
(``render.origin.twin``), plus the reward board column by column, the decks, the
reserve and discard, and each player's hand (counts only: hands are secret), stacks,
permanent cards and objectives; a seat's own view adds its cards, by title."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, cast

from render.kit import frame
from render.kit.names import seat_name, tr
from render.origin import twin as junior
from render.origin_classic.words import DECKS, card_title, notice, pending_words, view_of
from render.twin import Names, Section, View, joined, listing, points, section

if TYPE_CHECKING:  # only the types: a render worker does not import the Classic rules
    from rules.origin.classic.play import CardFace
    from rules.origin.classic.view import ClassicPlayerView

TITLE = "origin.classic.name"
COLUMNS = ("yellow", "orange", "violet", "brown")


def facts(view: View, lang: str, names: Names) -> list[str]:
    out = []
    classic = view_of(view)
    pending = classic.get("pending")
    if pending and not classic.get("over"):
        out.append(pending_words(view, pending, lang, names))
    said = notice(view, lang, names)
    if said:
        out.append(said)
    decks = classic.get("decks") or {}
    out.append(tr("render.twin.origin.decks", lang, cards=deck_counts(decks, lang)))
    return out


def deck_counts(decks: Mapping[str, int], lang: str) -> str:
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
    classic = view_of(view)
    reward = classic.get("reward_board") or {}
    for colour in COLUMNS:
        levels = [str(t.get("level", "?") if t else "?") for t in reward.get(colour) or []]
        lines.append(
            tr(
                "render.twin.origin.column",
                lang,
                column=tr(f"render.origin.classic.column.{colour}", lang),
                tiles=listing(levels, lang),
            )
        )
    lines.append(
        tr("render.twin.origin.decks", lang, cards=deck_counts(classic.get("decks") or {}, lang))
    )
    lines.append(
        tr(
            "render.twin.origin.piles",
            lang,
            reserve=int(classic.get("reserve") or 0),
            discard=int(classic.get("discard") or 0),
        )
    )
    return section(tr("render.origin.classic.board", lang), lines)


def player(view: View, seat: str, lang: str, names: Names) -> Section:
    # a seat without an entry reads as an empty one (every read below is a ``get``)
    mine = (view_of(view).get("players") or {}).get(seat) or cast("ClassicPlayerView", {})
    hand = mine.get("hand") or {}
    lines = [
        tr("render.twin.origin.villages", lang, n=int(mine.get("villages_left") or 0)),
        junior.pawns_of(view, seat, lang),
        tr("render.twin.origin.hand", lang, cards=deck_counts(hand, lang)),
    ]
    if mine.get("choosing"):
        lines.append(tr("render.origin.classic.choosing", lang))
    permanents = [card_title(str(c), lang) for c in mine.get("permanents") or []]
    if permanents:
        lines.append(tr("render.twin.origin.permanents", lang, cards=listing(permanents, lang)))
    done = [card_title(str(c.get("id", c)), lang) for c in mine.get("objectives_done") or []]
    if done:
        lines.append(tr("render.twin.origin.objectives", lang, cards=listing(done, lang)))
    lines += junior.won_tokens(mine, lang)
    stacks = [listing([str(level) for level in s], lang) for s in mine.get("tiles") or []]
    if stacks:
        lines.append(tr("render.twin.origin.stacks", lang, stacks=joined(stacks, lang)))
    title = tr(
        "render.twin.panel", lang, player=seat_name(seat, names), score=points(view, seat, lang)
    )
    return section(title, lines)


def private(view: View, seat: str, lang: str, names: Names) -> list[Section]:
    """The seat's cards by title and text (``me.hand`` of its own view), then its panel."""
    me = view_of(view).get("me")
    hand = (me.get("hand") if me else None) or {}
    held = [(deck, raw) for deck in DECKS for raw in hand.get(deck) or []]
    lines = [card_words(deck, raw, lang) for deck, raw in held]
    dealt = [card_words("objective", raw, lang) for raw in (me.get("dealt") if me else None) or []]
    sections = [
        section(
            tr("render.twin.origin.your_hand", lang),
            lines or [tr("render.twin.origin.no_cards", lang)],
        )
    ]
    if dealt:
        sections.append(section(tr("render.twin.origin.dealt", lang), dealt))
    return [*sections, player(view, seat, lang, names)]


def card_words(deck: str, card: CardFace, lang: str) -> str:
    """``Objective: Bridge. 4 of your pawns ... Scores 5.`` (the view's words for it)."""
    words = (card.get("fr") if lang == "fr" else None) or card.get("en")
    title = words.get("title") if words else None
    return tr(
        "render.twin.origin.card",
        lang,
        deck=tr(f"origin.classic.deck.{deck}", lang),
        title=str(title or card_title(str(card.get("id")), lang)),
        text=str((words.get("text") if words else None) or ""),
    )
