"""What one seat of an Origin game sees privately, as titled sections of texts, and the
names of the kinds of move for menus (contract v2: the game presents itself).

Junior: the seat's token values and tile levels (hidden from the others), its cards per
colour and its score with those hidden points counted. Classic: the objectives dealt at
set-up (while choosing), the hand by deck with each card's title, level, points and
effect (marked when it can be played now), the Permanent cards in play, the stacks.
Built from the state and the seat alone: nothing of another seat is read.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, cast, overload

from rules.base import Seat, Section, Text

if TYPE_CHECKING:  # only the types: Classic's view at run time would be an import cycle
    from rules.origin.classic.play import CardFace
    from rules.origin.classic.view import ClassicPlayerView, ClassicView, MeView
    from rules.origin.view import JuniorPlayerView, JuniorView

GROUPS: dict[str, Text] = {
    group: Text(f"origin.group.{group}")
    for group in (
        "back",
        "column",
        "deck",
        "discard",
        "end",
        "evolve",
        "from",
        "keep",
        "migrate",
        "pass",
        "pawn",
        "play",
        "putback",
        "reward",
        "swap",
        "tile",
        "to",
        "token",
    )
}

NONE = Text("origin.present.none")


def _or_none(lines: Iterable[Text]) -> tuple[Text, ...]:
    return tuple(lines) or (NONE,)


def _value(value: object) -> str:
    return "?" if value is None else str(value)


def junior_sections(own: JuniorPlayerView, total: int) -> list[Section]:
    """``own`` is the seat's own player entry of ``view(state, seat)``."""
    tokens = [
        Text(
            "origin.present.hunting",
            {"place": f"@origin.terr.{t['territory']}", "value": _value(t["value"])},
        )
        for t in own.get("hunting") or []
    ] + [
        Text(
            "origin.present.strait",
            {"place": f"@origin.strait.{t['strait']}", "value": _value(t["value"])},
        )
        for t in own.get("straits") or []
    ]
    levels = [_value(tile.get("level")) for tile in own.get("tiles") or []]
    tiles = (
        Text(
            "origin.present.tile_levels" if len(levels) > 1 else "origin.present.tile_level",
            {"n": len(levels), "levels": ", ".join(levels)},
        )
        if levels
        else NONE
    )
    cards = own.get("cards") or {}
    return [
        Section(Text("origin.present.tokens"), _or_none(tokens)),
        Section(Text("origin.present.tiles"), (tiles,)),
        Section(
            Text("origin.present.cards"),
            (
                Text(
                    "origin.present.card_counts",
                    {c: cards.get(c, 0) for c in ("yellow", "orange", "violet")},
                ),
            ),
        ),
        Section(
            Text("origin.present.score"),
            (Text("origin.present.hidden_included", {"total": total}),),
        ),
    ]


def card_line(card: CardFace, playable: bool) -> Text:
    """``Title (level 3, 2 points): effect (you can play it now)`` for a card face."""
    level, points = card.get("level"), card.get("points")
    head = (
        "card_level_points"
        if level is not None and points is not None
        else "card_level"
        if level is not None
        else "card_points"
        if points is not None
        else "card_plain"
    )
    return Text(
        "origin.present.card",
        {
            "head": Text(
                f"origin.present.{head}",
                {"title": f"@{card['title']}", "level": level, "points": points},
            ),
            "text": f"@{card['text']}",
            "playable": Text("origin.present.playable") if playable else "",
        },
    )


def classic_sections(
    me: MeView, own: ClassicPlayerView, playable: frozenset[str], total: int
) -> list[Section]:
    """``me`` is the private part of ``view(state, seat)``, ``own`` its player entry;
    ``playable`` the ids of the cards the seat may play right now."""
    sections = []
    dealt = me.get("dealt") or []
    if dealt:
        sections.append(
            Section(Text("origin.present.dealt"), tuple(card_line(c, False) for c in dealt))
        )
    hand = me.get("hand") or {}
    decks = ("action", "permanent", "objective")
    if not (dealt and not any(hand.get(d) for d in decks)):
        # (choosing at set-up with an empty hand: the objectives are the only news)
        for deck in decks:
            cards = hand.get(deck) or []
            title = Text(
                "origin.present.deck", {"deck": f"@origin.classic.deck.{deck}", "n": len(cards)}
            )
            sections.append(
                Section(title, _or_none(card_line(c, c["id"] in playable) for c in cards))
            )
    permanents = own.get("permanents") or []
    if permanents:
        names = [f"@origin.classic.card.{c}.title" for c in permanents]
        sections.append(
            Section(
                Text("origin.present.in_play"), (Text("origin.present.list", {"items": names}),)
            )
        )
    levels = own.get("tiles") or []
    lines = []
    for n, stack in enumerate(own.get("tile_ids") or [], 1):
        stack_levels = levels[n - 1] if n - 1 < len(levels) else []
        tiles = " > ".join(
            f"{tile} ({_value(stack_levels[i] if i < len(stack_levels) else None)})"
            for i, tile in enumerate(stack)
        )
        lines.append(Text("origin.present.stack", {"n": n, "tiles": tiles}))
    sections.append(Section(Text("origin.present.stacks"), _or_none(lines)))
    sections.append(
        Section(Text("origin.present.score"), (Text("origin.present.total", {"total": total}),))
    )
    return sections


@overload
def own_entry(view: JuniorView, seat: Seat) -> JuniorPlayerView: ...


@overload
def own_entry(view: ClassicView, seat: Seat) -> ClassicPlayerView: ...


def own_entry(view: JuniorView | ClassicView, seat: Seat) -> JuniorPlayerView | ClassicPlayerView:
    """The seat's player entry of its own view (empty when the view has none: the
    sections then say "none")."""
    entry = (view.get("players") or {}).get(seat)
    return entry if isinstance(entry, dict) else cast("JuniorPlayerView", {})


__all__ = ["GROUPS", "card_line", "classic_sections", "junior_sections", "own_entry"]
