"""Consistency checks of an Origin Classic state: every piece of the box is somewhere once.

Used by ``OriginClassic.check_game_invariants``. Returns a short description of the
first problem found, or ``""``.
"""

from __future__ import annotations

from collections import Counter
from functools import lru_cache

from rules.base import State
from rules.origin.classic import classic_data as cd
from rules.origin.classic import tiles as tl
from rules.origin.classic.cards import CARDS, COLUMNS, DECKS, REWARD_BOARD
from rules.origin.classic.classic_data import ClassicData
from rules.origin.classic.perks import perks
from rules.origin.components import BOARD, PAWNS, RULES, TILES, TOKENS
from rules.origin.movement import NEUTRAL

ALL_CARDS = sorted(CARDS)
ALL_TILES = sorted(t.id for t in TILES.tiles)
ALL_HUNTING = sorted(t.id for t in TOKENS.hunting)
ALL_STRAITS = sorted(t.id for t in TOKENS.strait)


TERRITORIES = frozenset(BOARD.territories)
DECK_SETS = {d: frozenset(c for c in CARDS if CARDS[c].deck == d) for d in DECKS}


LEVELS = dict(TILES.levels)
STACK_LEVELS = [list(range(1, n + 1)) for n in range(7)]


@lru_cache(maxsize=8)
def _pool(players: int) -> dict[str, int]:
    return PAWNS.pool(players)


def check_classic(state: State) -> str:
    """The first broken invariant of ``state``, or ``""`` if it is consistent."""
    data = cd.data(state)
    for check in (_pawns, _cards, _tiles, _tokens, _turn):
        problem = check(data, len(state.seats))
        if problem:
            return problem
    return ""


def _pawns(data: ClassicData, players: int) -> str:
    pawn_at, owner_at = data["pawn_at"], data["owner_at"]
    if pawn_at.keys() != owner_at.keys() or not pawn_at.keys() <= TERRITORIES:
        return "pawn and owner maps disagree"
    if list(owner_at.values()).count(NEUTRAL) != 1 or owner_at.get(BOARD.origin) != NEUTRAL:
        return "the neutral pawn must stay alone on the Origin territory"
    if min(data["supply"].values(), default=1) <= 0:
        return "supply holds an empty entry"
    every = dict(data["supply"])
    for pawn in pawn_at.values():
        every[pawn] = every.get(pawn, 0) + 1
    if every != _pool(players):
        return "pawns are not conserved"
    owned = Counter(owner_at.values())
    for i in range(players):
        if owned[i] + data["villages"][i] != RULES.villages_per_player or data["villages"][i] < 0:
            return f"villages of player {i} are not conserved"
    return ""


def _cards(data: ClassicData, players: int) -> str:
    places: list[str] = [c for d in DECKS for c in data["decks"][d]]
    places += data["discard"]
    places += [
        f["card"]
        for f in data["frames"]
        if f["kind"] in ("extra", "target") and not f.get("committed")
    ]
    for i in range(players):
        places += [c for d in DECKS for c in data["hands"][i][d]]
        places += data["permanents"][i] + data["objectives_done"][i] + data["dealt"][i]
        for d in DECKS:
            if not DECK_SETS[d].issuperset(data["hands"][i][d]):
                return f"a card sits in the wrong part of player {i}'s hand"
        if not DECK_SETS["permanent"].issuperset(data["permanents"][i]):
            return "a non-permanent card is on the table"
        if not DECK_SETS["objective"].issuperset(data["objectives_done"][i]):
            return "a non-objective card was validated"
        limit = perks(data, i).objective_limit
        pending_limit = any(f["kind"] in ("limit", "putback", "draw") for f in data["frames"])
        if len(data["hands"][i]["objective"]) > limit and not (pending_limit and i == data["turn"]):
            return f"player {i} holds too many objective cards"
    if sorted(places) != ALL_CARDS:
        return "cards are not conserved"
    if not DECK_SETS["action"].issuperset(data["discard"]):
        return "only action cards are discarded"
    return ""


def _tiles(data: ClassicData, players: int) -> str:
    board = data["board"]
    if {c: len(board[c]) for c in COLUMNS} != dict(REWARD_BOARD.slots):
        return "reward board slots changed"
    every = tl.board_tiles(data, COLUMNS) + list(data["reserve"])
    for i in range(players):
        for stack in data["stacks"][i]:
            if [LEVELS[t] for t in stack] != STACK_LEVELS[len(stack)]:
                return f"a tile stack of player {i} is not 1, 2, 3, ..."
            every += stack
    if sorted(every) != ALL_TILES:
        return "innovation tiles are not conserved"
    if data["reserve"] and any(t is None for c in COLUMNS for t in board[c]):
        return "an empty slot while the reserve holds tiles"
    return ""


def _tokens(data: ClassicData, players: int) -> str:
    hunting = list(data["hunting"].values()) + list(data["hunting_unused"])
    hunting += [tok for i in range(players) for tok, _ in data["hunting_of"][i]]
    if sorted(hunting) != ALL_HUNTING:
        return "hunting tokens are not conserved"
    if any(t in data["pawn_at"] for t in data["hunting"]):
        return "a hunting token lies under a pawn"
    straits = list(data["straits"].values())
    straits += [tok for i in range(players) for tok, _ in data["straits_of"][i]]
    if sorted(straits) != ALL_STRAITS:
        return "strait tokens are not conserved"
    owner_at = data["owner_at"]
    for sid in data["straits"]:
        strait = BOARD.straits[sid]
        a, b = owner_at.get(strait.a), owner_at.get(strait.b)
        if a is not None and a == b and a != NEUTRAL:
            return f"strait {sid} should have been claimed"
    return ""


END_REASONS = ("deck", "board", "supply", "villages", "blocked")
"""Why a Classic game ends: the four triggers of R17, or everyone passed in a row."""


def _turn(data: ClassicData, players: int) -> str:
    if data["over"] not in (None, *END_REASONS):
        return "unknown end reason"
    if data["phase"] == "choose" and (data["frames"] or data["acted"]):
        return "the objective choice is still open"
    if data["phase"] == "play" and any(data["dealt"]):
        return "an objective choice is left after set-up"
    if data["over"] is not None and data["frames"]:
        return "a decision is pending in a finished game"
    for frame in data["frames"]:
        if (
            frame["kind"] == "act"
            and frame["mode"] not in ("evolve", "adapt")
            and data["owner_at"].get(frame["at"]) != data["turn"]
        ):
            return "a pending move of a pawn the player does not own"
    if not 0 <= data["turn"] < players:
        return "turn index out of range"
    return ""


__all__ = ["check_classic"]
