"""What the whole table may read of a move: a move whose label names something hidden is
announced by a neutral text instead.

A ``Move.label`` is written for the player who makes the move, so it may name a card
of their hand ("Keep the objective Knowledge", "Put GROWTH back under its deck"). Board
messages and the history are read by everybody, so those labels (found by their message
key, which is namespaced by game) are replaced. The rules contract has no public label
of its own; this table is the front ends' side of Origin's ruling R18 (hands are
private) until it does.
"""

from __future__ import annotations

from collections.abc import Mapping

from rules.base import Text

HIDDEN_LABELS: Mapping[str, str] = {
    # Origin Classic: the objective kept at set-up, a drawn card put back under its
    # deck, an objective put under the deck at the hand limit: all from a hidden hand.
    "origin.classic.move.keep": "service.hidden.keep",
    "origin.classic.move.putback": "service.hidden.putback",
    "origin.classic.move.discard": "service.hidden.discard",
}


def is_hidden(label: Text) -> bool:
    """Whether ``label`` names something only its player may know."""
    return label.key in HIDDEN_LABELS


def public_label(label: Text) -> Text:
    """The text of a move that every player may read (``label`` itself when nothing in
    it is hidden)."""
    key = HIDDEN_LABELS.get(label.key)
    return label if key is None else Text(key)


__all__ = ["HIDDEN_LABELS", "is_hidden", "public_label"]
