"""Consistency checks of an Origin Junior state: every piece of the box is somewhere once.

Used by ``OriginJunior.check_game_invariants`` (and so by ``Game.check_invariants``).
Returns a short description of the first problem found, or ``""``.
"""

from __future__ import annotations

from collections import Counter

from rules.base import State
from rules.kit.turns import Turns
from rules.origin.components import BOARD, CARD_COLOURS, PAWNS, RULES, TOKENS
from rules.origin.junior_data import (
    ALL_HUNTING,
    ALL_TILES,
    GREENS,
    NEUTRAL,
    Data,
    data,
    hunting_on_board,
    owner_at,
    straits_on_board,
)


def check_junior(state: State) -> str:
    """The first broken invariant of ``state``, or ``""`` if it is consistent."""
    junior = data(state)
    players = len(state.seats)
    pawn_at = junior["pawn_at"]
    return (
        _check_pawns(junior, players, pawn_at)
        or _check_cards(junior)
        or _check_tokens(junior, pawn_at)
        or _check_flow(junior, pawn_at, Turns(state).current)
        or _check_last(state, pawn_at)
    )


def _check_pawns(data: Data, players: int, pawn_at: dict[str, str]) -> str:
    villages = [t for terrs in data["villages_at"] for t in terrs]
    if len(set(villages)) != len(villages) or len(data["villages_at"]) != players:
        return "a territory holds two villages"
    if set(pawn_at) != set(villages) | {BOARD.origin} or BOARD.origin in villages:
        return "pawns and villages are not together (the neutral pawn has no village)"
    if any(len(terrs) > RULES.villages_per_player for terrs in data["villages_at"]):
        return "a player placed more villages than they own"
    if not set(pawn_at) <= set(BOARD.territories):
        return "a pawn stands outside the map"
    supply = data["supply"]
    on_map = Counter(pawn_at.values())
    pool = PAWNS.pool(players)
    for pawn, copies in pool.items():
        if on_map[pawn] + supply.get(pawn, 0) != copies:
            return f"pawn {pawn} is not conserved"
    if any(n <= 0 for n in supply.values()) or set(supply) - set(pool):
        return "supply holds an unknown or empty entry"
    return ""


def _check_cards(data: Data) -> str:
    cards, decks = data["cards"], data["decks"]
    for c, colour in enumerate(CARD_COLOURS):
        held = sum(hand[c] for hand in cards)
        if held + decks[c] != RULES.junior.decks[colour] or decks[c] < 0:
            return f"{colour} cards are not conserved"
    return ""


def _check_tokens(data: Data, pawn_at: dict[str, str]) -> str:
    tiles = [t for owned in data["tiles_of"] for t in owned]
    if len(set(tiles)) != len(tiles) or set(tiles) - set(ALL_TILES):
        return "innovation tiles are not conserved"
    laid = data["hunting"]
    won = [t for owned in data["hunting_of"] for t in owned]
    if len(laid) != len(GREENS) or len(set(laid)) != len(laid) or set(laid) - set(ALL_HUNTING):
        return "hunting tokens are not laid one per green territory"
    if len(set(won)) != len(won) or not set(won) <= set(laid):
        return "a hunting token was won twice or never laid"
    for terr in hunting_on_board(data):
        if terr in pawn_at:
            return f"a hunting token lies under the pawn on {terr}"
    strait_tokens = data["straits"]
    won = [t for owned in data["straits_of"] for t in owned]
    if sorted(strait_tokens) != sorted(t.id for t in TOKENS.strait):
        return "strait tokens are not laid one per strait"
    if len(set(won)) != len(won):
        return "a strait token was won twice"
    owners = owner_at(data)
    for sid in straits_on_board(data):
        strait = BOARD.straits[sid]
        a, b = owners.get(strait.a), owners.get(strait.b)
        if a is not None and a == b and a != NEUTRAL:
            return f"strait {sid} should have been claimed"
    return ""


def _check_flow(data: Data, pawn_at: dict[str, str], turn: int) -> str:
    over = data["over"]
    decks = data["decks"]
    if over not in (None, "deck", "blocked"):
        return "unknown end reason"
    if over == "deck" and min(decks) != 0:
        return "the game ended on a deck that is not empty"
    if over is None and min(decks) == 0:
        return "a deck is empty but the game goes on"
    frames = data["frames"]
    if len(frames) > 1:
        return "more than one pending decision"
    for frame in frames:
        action, at = frame["kind"], frame["at"]
        if action not in ("evolve", "migrate", "swap") or at not in BOARD.territories:
            return "unknown pending action"
        if (action == "evolve") == (at in pawn_at):
            return "pending action does not fit the map"
        if action != "evolve" and owner_at(data)[at] != turn:
            return "pending move of a pawn the player does not own"
    return ""


def _check_last(state: State, pawn_at: dict[str, str]) -> str:
    """The last completed move still stands: no pawn has moved since it (a first step
    moves nothing), so its pawns and villages are where it put them."""
    last = data(state)["last"]
    if last is None or last["action"] == "pass":
        return ""
    owners = owner_at(data(state))
    seats = state.seats
    to = last["to"]
    if to is None:
        return "the last move went nowhere"
    if pawn_at.get(to) != last["pawn"] or owners.get(to) != seats.index(last["seat"]):
        return "the last move's pawn and village are not where it went"
    swapped = last["swapped"]
    if swapped is not None and (
        pawn_at.get(swapped["to"]) != swapped["pawn"]
        or owners.get(swapped["to"]) != seats.index(swapped["owner"])
    ):
        return "the swapped pawn and its village are not where the swap sent them"
    return ""
