"""Consistency checks of an Origin Junior state: every piece of the box is somewhere once.

Used by ``OriginJunior.check_game_invariants`` (and so by ``Game.check_invariants``).
Returns a short description of the first problem found, or ``""``.
"""

from __future__ import annotations

from collections import Counter

from rules.base import State
from rules.origin.components import BOARD, CARD_COLOURS, PAWNS, RULES, TILES, TOKENS
from rules.origin.movement import NEUTRAL


def check_junior(state: State) -> str:
    """The first broken invariant of ``state``, or ``""`` if it is consistent."""
    data = state.data
    players = len(state.seats)
    pawn_at, owner_at = data["pawn_at"], data["owner_at"]
    if set(pawn_at) != set(owner_at) or not set(pawn_at) <= set(BOARD.territories):
        return "pawn and owner maps disagree"
    if sorted(owner_at.values()).count(NEUTRAL) != 1 or owner_at.get(BOARD.origin) != NEUTRAL:
        return "the neutral pawn must stay alone on the Origin territory"
    on_map = Counter(pawn_at.values())
    pool = PAWNS.pool(players)
    for pawn, copies in pool.items():
        if on_map[pawn] + data["supply"].get(pawn, 0) != copies:
            return f"pawn {pawn} is not conserved"
    if any(n <= 0 for n in data["supply"].values()) or set(data["supply"]) - set(pool):
        return "supply holds an unknown or empty entry"
    owned = Counter(owner_at.values())
    for i in range(players):
        if owned[i] + data["villages"][i] != RULES.villages_per_player:
            return f"villages of player {i} are not conserved"
    for c, colour in enumerate(CARD_COLOURS):
        held = sum(cards[c] for cards in data["cards"])
        if held + data["decks"][c] != RULES.junior.decks[colour] or data["decks"][c] < 0:
            return f"{colour} cards are not conserved"
    tiles = list(data["tiles"]) + [t for owned_tiles in data["tiles_of"] for t in owned_tiles]
    if sorted(tiles) != sorted(t.id for t in TILES.tiles):
        return "innovation tiles are not conserved"
    hunting = (
        list(data["hunting"].values())
        + list(data["hunting_unused"])
        + [tok for owned_tokens in data["hunting_of"] for tok, _ in owned_tokens]
    )
    if sorted(hunting) != sorted(t.id for t in TOKENS.hunting):
        return "hunting tokens are not conserved"
    for terr in data["hunting"]:
        if terr in pawn_at:
            return f"a hunting token lies under the pawn on {terr}"
    straits = list(data["straits"].values()) + [
        tok for owned_tokens in data["straits_of"] for tok, _ in owned_tokens
    ]
    if sorted(straits) != sorted(t.id for t in TOKENS.strait):
        return "strait tokens are not conserved"
    for sid in data["straits"]:
        strait = BOARD.straits[sid]
        a, b = owner_at.get(strait.a), owner_at.get(strait.b)
        if a is not None and a == b and a != NEUTRAL:
            return f"strait {sid} should have been claimed"
    over = bool(data["over"])
    if over != (data["end"] is not None):
        return "end reason and end flag disagree"
    if over and data["end"] == "deck" and min(data["decks"]) != 0:
        return "the game ended on a deck that is not empty"
    if not over and min(data["decks"]) == 0:
        return "a deck is empty but the game goes on"
    pending = data["pending"]
    if pending is not None:
        action, at = pending
        if action not in ("evolve", "migrate", "swap") or at not in BOARD.territories:
            return "unknown pending action"
        if (action == "evolve") == (at in pawn_at):
            return "pending action does not fit the map"
        if action != "evolve" and owner_at[at] != data["turn"]:
            return "pending move of a pawn the player does not own"
    return ""
