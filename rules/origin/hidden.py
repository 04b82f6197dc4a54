"""Origin Junior's hidden information, resampled for an AI (``OriginJunior.determinize``).

Hidden from a seat while the game runs (ruling R20): the values of the Hunting and
Strait tokens on the board and of the tokens other players won, the Innovation tiles
other players took, and the face-down stack (derived: every tile not taken). What the
seat sees is kept: where each token lies or who won it at which place, its own tokens
and tiles, every count. The hidden ids are dealt again from the sorted pool of ids the
seat cannot place, shuffled by the AI's generator only.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

from rules.base import Seat, State, Zone, determinize_base
from rules.origin.junior_data import ALL_HUNTING, ALL_TILES, GREENS, data, unused_hunting


def determinize_junior(state: State, seat: Seat, rng: random.Random) -> State:
    """A state with the same view for ``seat``; everything hidden drawn from ``rng``."""
    new = determinize_base(state, rng)
    junior = data(new)
    if junior["over"] is not None:
        return new
    me = state.seats.index(seat) if seat in state.seats else -1
    junior["hunting"], junior["hunting_of"] = _redeal_tokens(
        junior["hunting"], junior["hunting_of"], me, ALL_HUNTING, len(GREENS), rng
    )
    straits = sorted(junior["straits"])  # every Strait token lies out: the set is known
    junior["straits"], junior["straits_of"] = _redeal_tokens(
        junior["straits"], junior["straits_of"], me, straits, len(straits), rng
    )
    own_tiles = set(junior["tiles_of"][me]) if me >= 0 else set()
    pool = [t for t in ALL_TILES if t not in own_tiles]
    rng.shuffle(pool)
    for i, tiles in enumerate(junior["tiles_of"]):
        if i != me:
            junior["tiles_of"][i] = [pool.pop() for _ in tiles]
    return new


def _redeal_tokens(
    laid: Sequence[str],
    won: list[list[str]],
    me: int,
    every: Sequence[str],
    places: int,
    rng: random.Random,
) -> tuple[list[str], list[list[str]]]:
    """Tokens laid at ``places`` positions, and per player the ids won: the ids ``me``
    won stay where they lay, the others are drawn from the ids left."""
    own = set(won[me]) if me >= 0 else set()
    pool = sorted(t for t in every if t not in own)
    rng.shuffle(pool)
    new_laid = [tok if tok in own else pool.pop() for tok in laid[:places]]
    renamed = dict(zip(laid, new_laid, strict=False))
    new_won = [list(ids) if i == me else [renamed[t] for t in ids] for i, ids in enumerate(won)]
    return new_laid, new_won


def hidden_zones(state: State, seat: Seat) -> list[Zone]:
    """The places ``determinize_junior`` deals again for ``seat``: the tiles other players
    took and the face-down stack (every tile nobody took: a list made for the judgement,
    the state keeps the stack only as what is left, so an exchange with it changes the
    other player's tiles alone); then, for the Hunting and the Strait tokens, the ones
    other players won, the ones still face down on the board, and (Hunting only) the
    token left out of the game. A token's id is written where it lies and, once won, in
    its winner's list: each token zone writes a change into both."""
    junior = data(state)
    if junior["over"] is not None:  # everything is shown at the end
        return []
    me = state.seats.index(seat) if seat in state.seats else -1
    taken = {t for tiles in junior["tiles_of"] for t in tiles}
    zones = [
        Zone(f"tile/taken/{i}", "tile", tiles, state.seats[i])
        for i, tiles in enumerate(junior["tiles_of"])
        if i != me
    ]
    zones.append(Zone("tile/stack", "tile", [t for t in ALL_TILES if t not in taken]))
    zones += _token_zones(state, "hunting", junior["hunting"], junior["hunting_of"], me)
    zones.append(Zone("hunting/unused", "hunting", unused_hunting(junior)))
    zones += _token_zones(state, "strait", junior["straits"], junior["straits_of"], me)
    return zones


def _token_zones(
    state: State, kind: str, laid: list[str], won: list[list[str]], me: int
) -> list[Zone]:
    """Per other player the tokens of ``laid`` it won (in the order won), then the tokens
    still on the board (in the order of their places)."""
    place = {token: i for i, token in enumerate(laid)}

    def put_for(places: list[int], owned: list[str] | None) -> Callable[[int, Any, Any], None]:
        def put(index: int, _old: Any, new: Any) -> None:
            laid[places[index]] = new
            if owned is not None:
                owned[index] = new

        return put

    zones = []
    for i, owned in enumerate(won):
        if i != me:
            places = [place[t] for t in owned]
            zones.append(
                Zone(f"{kind}/won/{i}", kind, list(owned), state.seats[i], put_for(places, owned))
            )
    every = {t for owned in won for t in owned}
    board = [i for i, token in enumerate(laid) if token not in every]
    zones.append(Zone(f"{kind}/board", kind, [laid[i] for i in board], None, put_for(board, None)))
    return zones
