"""What one seat of an Origin Classic game sees privately, as titled sections of texts:
the objectives dealt at set-up (while choosing), the hand by deck with each card's
title, level, points and effect (marked when it can be played now), the Permanent cards
in play, the stacks and the score. Built from the seat's own view alone (``MeView`` and
its ``ClassicPlayerView``): nothing of another seat is read.
"""

from __future__ import annotations

from rules.base import Section, Text
from rules.origin.classic.play import CardFace
from rules.origin.classic.view import ClassicPlayerView, MeView
from rules.origin.present import or_none, value_text


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
                Section(title, or_none(card_line(c, c["id"] in playable) for c in cards))
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
            f"{tile} ({value_text(stack_levels[i] if i < len(stack_levels) else None)})"
            for i, tile in enumerate(stack)
        )
        lines.append(Text("origin.present.stack", {"n": n, "tiles": tiles}))
    sections.append(Section(Text("origin.present.stacks"), or_none(lines)))
    sections.append(
        Section(Text("origin.present.score"), (Text("origin.present.total", {"total": total}),))
    )
    return sections


__all__ = ["card_line", "classic_sections"]
