"""Build Sapiens positions for tests: a real set-up, then tiles, tokens and pools by hand.

Every helper keeps the pieces conserved (a tile put somewhere leaves where it was, and
the tile it displaces goes back to the pile), so positions pass the game invariants.
"""

from __future__ import annotations

from typing import Any

from rules.base import State
from rules.sapiens import SAPIENS
from rules.sapiens.board import laid_entry, valley_of
from rules.sapiens.components import SCENE_IDS, TILES
from rules.sapiens.setup import new_step

SEATS = ["ana", "ben", "cy", "dan"]


def new_game(players: int = 3, seed: str = "test") -> State:
    return SAPIENS.setup(SEATS[:players], seed)


def _take_out(data: dict[str, Any], tile: str) -> None:
    """Remove ``tile`` from wherever it lies (not from a valley)."""
    for name in ("pile", "removed", "discarded", "common"):
        if tile in data[name]:
            data[name].remove(tile)
            return
    for player in data["players"]:
        if tile in player["pool"]:
            player["pool"].remove(tile)
            return
    raise AssertionError(f"{tile} is not free to move")


def set_pool(state: State, index: int, tiles: list[str]) -> None:
    """Player ``index``'s pool becomes ``tiles``; its old tiles go to the pile."""
    data = state.data
    old = data["players"][index]["pool"]
    data["players"][index]["pool"] = []
    data["pile"].extend(old)
    for tile in tiles:
        _take_out(data, tile)
    data["players"][index]["pool"] = list(tiles)


def set_common(state: State, tiles: list[str]) -> None:
    data = state.data
    old = data["common"]
    data["common"] = []
    data["pile"].extend(old)
    for tile in tiles:
        _take_out(data, tile)
    data["common"] = list(tiles)


def set_valley(state: State, index: int, left: str, right: str, tokens: dict[str, str]) -> None:
    """Player ``index`` plays on ``left`` + ``right`` with mountain tokens ``tokens``
    (spot -> scene) on the board; the other scenes count as used (tokens conserved)."""
    player = state.data["players"][index]
    player["faces"] = [left, right]
    board = valley_of(player)
    for spot in tokens:
        assert spot in board.spots, spot
    player["spots"] = dict(tokens)
    rest = [s for s in SCENE_IDS if s not in tokens.values()]
    player["held"], player["used"], player["gone"] = [], rest, []


def lay(state: State, index: int, tile: str, at_a: str, at_b: str, tribe: int = 1) -> None:
    """Put ``tile`` on the board (scene A on ``at_a``), as if laid earlier."""
    _take_out(state.data, tile)
    player = state.data["players"][index]
    player["laid"].append(laid_entry(tile, (at_a, at_b), tribe))
    player["started"] = True
    for square in (at_a, at_b):
        token = player["spots"].pop(square, None)
        if token is not None:
            player["used"].append(token)


def playing(state: State, turn: int) -> State:
    """Every player has started; it is ``turn``'s turn in the play phase, nothing done."""
    data = state.data
    data["phase"] = "play"
    data["round"] = 2
    data["turn"] = turn
    data["frames"] = []
    data["step"] = new_step()
    for player in data["players"]:
        player["started"] = True
    SAPIENS.check_game_invariants(state)
    return state


def codes(state: State, seat: str | None = None) -> list[str]:
    seat = seat or sorted(SAPIENS.to_act(state))[0]
    return [m.code for m in SAPIENS.legal_moves(state, seat)]


def play(state: State, *moves: str) -> State:
    """Apply ``moves`` in order, each by whoever is to act; invariants checked."""
    for code in moves:
        seat = sorted(SAPIENS.to_act(state))[0]
        state = SAPIENS.apply(state, seat, code)
        SAPIENS.check_game_invariants(state)
    return state


def player(state: State, index: int) -> dict[str, Any]:
    return state.data["players"][index]  # type: ignore[no-any-return]


def tiles_of(pair: str) -> list[str]:
    return [t for t in TILES if t.startswith(pair + "#")]


def hold(state: State, index: int, *scenes: str) -> None:
    """Player ``index`` holds the mountain tokens ``scenes`` (taken from where they are)."""
    p = state.data["players"][index]
    for scene in scenes:
        for where in ("used", "gone", "held"):
            if scene in p[where]:
                p[where].remove(scene)
                break
        else:
            spot = next(s for s, t in p["spots"].items() if t == scene)
            del p["spots"][spot]
        p["held"].append(scene)
