"""Arranging the event cards of a test state while keeping each card in one place."""

from __future__ import annotations

from typing import Any

from rules.base import State
from rules.tribes.event_state import events_of


def take_out(state: State, card_id: str) -> None:
    """Take ``card_id`` out of the pile holding it (to a board, a player, a test's slot)."""
    ev = events_of(state)
    for pile in (ev["deck"], ev["discard"], ev["aside"]):
        if card_id in pile:
            pile.remove(card_id)
            return
    raise AssertionError(f"{card_id} is not in a pile")


def next_cards(state: State, *card_ids: str) -> None:
    """Only ``card_ids`` stay in the deck (the rest of it goes to the discard pile)."""
    ev = events_of(state)
    for card_id in card_ids:
        if card_id not in ev["deck"]:
            take_out(state, card_id)
            ev["deck"].append(card_id)
    ev["discard"] += [c for c in ev["deck"] if c not in card_ids]
    ev["deck"] = sorted(card_ids)


def set_slot(state: State, index: int, card_id: str, **fields: Any) -> None:
    """Put ``card_id`` (taken from its pile) in slot ``index``."""
    take_out(state, card_id)
    events_of(state)["slots"][index] = {"id": card_id, **fields}
