"""Sentences of the Origin Classic picture: the pending decision, the last move, notices.

Texts come from the render catalogue (keys ``render.origin.classic.*``) and the rules'
catalogues (card titles ``origin.classic.card.<id>.title``, deck names, territory names),
so English and French go through ``rules.i18n`` like every other picture. The card
catalogue is loaded here: a process that only draws (a render worker) never imports the
Classic rules, and would otherwise show card ids instead of titles.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, cast

from render.kit.names import seat_name, tr, tr_or
from render.origin.names import territory_name
from render.origin.words import View, action_words, counted, gains_line, tile_and_token_gains
from rules import i18n

if TYPE_CHECKING:  # only the type: a render worker does not import the Classic rules
    from rules.origin.classic.view import ClassicView

i18n.register_package("rules.origin.classic")


def view_of(view: View) -> ClassicView:
    """A view of Origin Classic, typed (``rules.origin.classic.view.ClassicView``)."""
    return cast("ClassicView", view)


PENDING_KINDS = ("act", "extra", "target", "reward", "tile", "putback", "limit")
DECKS = ("action", "permanent", "objective")


def card_title(card: str, lang: str) -> str:
    """A card's title from the rules catalogue (its id when the catalogue has none)."""
    return tr_or(f"origin.classic.card.{card}.title", card, lang)


def ending_reason(ending: Mapping[str, Any], lang: str, names: Mapping[str, str] | None) -> str:
    """Why the game is ending, in a few words ("a deck ran out")."""
    reason = str(ending.get("reason", ""))
    player = seat_name(str(ending.get("by", "?")), names)
    return tr_or(f"render.origin.classic.reason.{reason}", reason, lang, player=player)


def choosing(view: View) -> list[str]:
    """Seats still choosing their starting objective (set-up phase)."""
    classic = view_of(view)
    players = classic.get("players") or {}
    return [
        s
        for s in classic.get("seats") or []
        if (p := players.get(s)) is not None and p.get("choosing")
    ]


def notice(view: View, lang: str, names: Mapping[str, str] | None) -> str:
    """The header's highlighted notice: set-up, or the last round and why (else empty)."""
    classic = view_of(view)
    if classic.get("over"):
        return ""
    if classic.get("phase") == "choose":
        return tr("render.origin.classic.notice.setup", lang)
    ending = classic.get("ending")
    if ending:
        return tr(
            "render.origin.classic.notice.last", lang, reason=ending_reason(ending, lang, names)
        )
    return ""


def describe(view: View, lang: str, names: Mapping[str, str] | None) -> str:
    """The header's sentence: the set-up choice, the pending decision or the last move."""
    classic = view_of(view)
    if classic.get("over"):
        ending = classic.get("ending")
        if ending:
            return tr(
                "render.origin.classic.ended", lang, reason=ending_reason(ending, lang, names)
            )
        return last_move_words(view, lang, names)
    if classic.get("phase") == "choose":
        who = ", ".join(seat_name(s, names) for s in choosing(view))
        return tr("render.origin.classic.setup", lang, names=who or "—")
    pending = classic.get("pending")
    line = pending_words(view, pending, lang, names) if pending else ""
    line = line or last_move_words(view, lang, names)
    played = played_words(view, lang, names, skip=line)
    return f"{line.rstrip('…')} · {played}" if line and played else line or played


def played_words(view: View, lang: str, names: Mapping[str, str] | None, *, skip: str = "") -> str:
    """Cards played this turn by the player whose turn it is ("Bob played RAID this turn").

    Titles already in ``skip`` (the sentence it will follow) are left out.
    """
    classic = view_of(view)
    titles = [card_title(str(c), lang) for c in classic.get("played_this_turn") or []]
    cards = [t for t in titles if t not in skip]
    seats = classic.get("seats") or []
    acting = [s for s in classic.get("to_act") or [] if s in seats]
    if not cards or len(acting) != 1:
        return ""
    return tr(
        "render.origin.classic.played",
        lang,
        player=seat_name(acting[0], names),
        cards=", ".join(cards),
    )


def pending_words(
    view: View, pending: Mapping[str, Any], lang: str, names: Mapping[str, str] | None
) -> str:
    """The pending decision ("Bob is choosing a reward on Maghreb…")."""
    kind = pending.get("kind")
    player = seat_name(str(pending.get("seat", "?")), names)
    card = card_title(str(pending.get("card")), lang) if pending.get("card") else ""
    action, at = pending.get("action"), pending.get("at")
    if kind in ("act", "extra") and action in ("evolve", "migrate", "swap") and at:
        text = tr(
            f"render.origin.pending.{action}", lang, player=player, at=territory_name(at, lang)
        )
        return (
            f"{text} ({tr('render.origin.classic.with_card', lang, card=card)})" if card else text
        )
    if kind == "reward":
        last = view_of(view).get("last_move")
        went = last.get("to") if last else None
        if last and last.get("seat") == pending.get("seat") and went:
            where = territory_name(str(went), lang)
            return tr("render.origin.classic.pending.reward", lang, player=player, at=where)
        colour = tr(f"origin.colour.{pending.get('colour')}", lang)
        return tr("render.origin.classic.pending.reward_colour", lang, player=player, colour=colour)
    if kind in PENDING_KINDS:
        return tr(f"render.origin.classic.pending.{kind}", lang, player=player, card=card)
    return tr("render.origin.classic.pending.other", lang, player=player)


def last_move_words(view: View, lang: str, names: Mapping[str, str] | None) -> str:
    """The last action and what it gained (cards per deck, tiles, tokens)."""
    last = view_of(view).get("last_move")
    if not last or last.get("action") not in ("evolve", "migrate", "swap", "pass"):
        return ""
    text = action_words(last, lang, names)
    played = last.get("card")
    if played:
        card = card_title(str(played), lang)
        text += " " + tr("render.origin.classic.with_card", lang, card=card)
    gains = gains_words(last.get("gains") or {}, lang)
    return f"{text} {gains}" if gains else text


def gains_words(gains: Mapping[str, Any], lang: str) -> str:
    """``(+ 1 Action card, 2 tiles)`` from a Classic ``gains`` record (empty: none)."""
    parts = []
    cards: Mapping[str, int] = gains.get("cards") or {}
    for deck in DECKS:
        if cards.get(deck):
            parts.append(counted(f"render.origin.classic.gain.{deck}", cards[deck], lang))
    return gains_line(parts + tile_and_token_gains(gains, lang))
