"""Build Origin Classic positions for tests: a real set-up, then pieces moved by hand.

Every helper keeps the pieces conserved (cards, tiles, pawns, villages, tokens), so a
state built here passes ``CLASSIC.check_game_invariants``.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from rules.base import State
from rules.origin.classic import CLASSIC
from rules.origin.classic import tiles as tl
from rules.origin.classic.cards import CARDS, DECKS
from rules.origin.components import BOARD, TILES
from rules.origin.movement import NEUTRAL, strait_claims

SEATS3 = ["ana", "ben", "cy"]


def started(
    seats: list[str] | None = None, seed: str = "test", options: dict[str, Any] | None = None
) -> State:
    """A game past the objective choice (each seat kept its first dealt card), with the
    small weak white pawn as the neutral pawn."""
    state = CLASSIC.setup(seats or SEATS3, seed, options)
    for i, seat in enumerate(state.seats):
        state = CLASSIC.apply(state, seat, f"keep:{sorted(state.data['dealt'][i])[0].lower()}")
    set_neutral(state, "z1s1w")
    return state


def codes(state: State, seat: str) -> list[str]:
    return [m.code for m in CLASSIC.legal_moves(state, seat)]


def resolved(state: State, seat: str) -> bool:
    """The action and its reward are fully resolved: nothing is pending, and the turn
    either waits for ``end`` (a card could still be played) or ended by itself."""
    return not state.data["frames"] and (
        "end" in codes(state, seat) or seat not in CLASSIC.to_act(state)
    )


def play(state: State, seat: str, *moves: str) -> State:
    for code in moves:
        state = CLASSIC.apply(state, seat, code)
    return state


def _pull_card(data: dict[str, Any], card: str) -> None:
    """Take ``card`` out of wherever it is (deck, hand, table, discard)."""
    for d in DECKS:
        if card in data["decks"][d]:
            data["decks"][d].remove(card)
            return
    for i in range(data["players"]):
        for d in DECKS:
            if card in data["hands"][i][d]:
                data["hands"][i][d].remove(card)
                return
        for pile in ("permanents", "objectives_done", "dealt"):
            if card in data[pile][i]:
                data[pile][i].remove(card)
                return
    data["discard"].remove(card)


def give_cards(state: State, player: int, cards: Iterable[str]) -> None:
    """Put ``cards`` (ids) into ``player``'s hand."""
    data = state.data
    for card in cards:
        _pull_card(data, card)
        data["hands"][player][CARDS[card].deck].append(card)


def lay_permanents(state: State, player: int, cards: Iterable[str]) -> None:
    """Put Permanent ``cards`` face up in front of ``player``."""
    for card in cards:
        _pull_card(state.data, card)
        state.data["permanents"][player].append(card)


def clear_hand(state: State, player: int) -> None:
    """Send ``player``'s cards to the bottom of their decks."""
    data = state.data
    for d in DECKS:
        data["decks"][d][:0] = data["hands"][player][d]
        data["hands"][player][d] = []


def tile_of(level: int, exclude: Iterable[str] = ()) -> str:
    skip = set(exclude)
    return next(t.id for t in TILES.tiles if t.level == level and t.id not in skip)


def _pull_tile(data: dict[str, Any], tile: str) -> None:
    if tile in data["reserve"]:
        data["reserve"].remove(tile)
        return
    if tl.column_of(data, tile) is not None:
        tl.take_from_board(data, tile)
        return
    for i in range(data["players"]):
        for stack in data["stacks"][i]:
            if tile in stack:
                raise AssertionError(f"{tile} already owned")


def give_stacks(state: State, player: int, stacks: list[list[int]]) -> None:
    """Give ``player`` stacks of tiles with these levels (e.g. ``[[1, 2, 3], [1]]``)."""
    data = state.data
    used: set[str] = {t for i in range(data["players"]) for s in data["stacks"][i] for t in s}
    for levels in stacks:
        stack: list[str] = []
        for lv in levels:
            tile = tile_of(lv, used)
            used.add(tile)
            _pull_tile(data, tile)
            stack.append(tile)
        data["stacks"][player].append(stack)


def set_board(state: State, column: str, tiles: list[str | None]) -> None:
    """Put exactly ``tiles`` in ``column`` (the old ones go to the reserve)."""
    data = state.data
    old = [t for t in data["board"][column] if t is not None]
    for t in tiles:
        if t is not None and t not in old:
            if t in data["reserve"]:
                data["reserve"].remove(t)
            else:
                col = tl.column_of(data, t)
                assert col is not None, t
                slots = data["board"][col]
                slots[slots.index(t)] = data["reserve"].pop() if data["reserve"] else None
    data["reserve"] += [t for t in old if t not in tiles]
    data["board"][column] = list(tiles)


def place(state: State, pawns: dict[str, tuple[str, int]]) -> None:
    """Put pawns (territory -> (pawn id, owner index)) on the map, claiming tokens."""
    data = state.data
    for territory, (pawn, owner) in pawns.items():
        assert territory not in data["pawn_at"], territory
        data["supply"][pawn] -= 1
        if data["supply"][pawn] == 0:
            del data["supply"][pawn]
        data["pawn_at"][territory] = pawn
        data["owner_at"][territory] = owner
        data["villages"][owner] -= 1
        if territory in data["hunting"]:
            data["hunting_of"][owner].append([data["hunting"].pop(territory), territory])
    for sid, owner in strait_claims(BOARD, data["straits"], data["owner_at"]):
        data["straits_of"][owner].append([data["straits"].pop(sid), sid])


def set_neutral(state: State, pawn: str = "z1s1w") -> None:
    data = state.data
    old = data["pawn_at"][BOARD.origin]
    data["supply"][old] = data["supply"].get(old, 0) + 1
    data["supply"][pawn] -= 1
    if data["supply"][pawn] == 0:
        del data["supply"][pawn]
    data["pawn_at"][BOARD.origin] = pawn
    data["owner_at"][BOARD.origin] = NEUTRAL


def check(state: State) -> State:
    CLASSIC.check_game_invariants(state)
    return state
