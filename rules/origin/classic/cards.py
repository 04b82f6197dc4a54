"""Classic card and reward-board data: load ``data/*.json`` once, validate, expose values.

The 48 card faces (20 Objective, 14 Permanent, 14 Action) are our PROPOSED design
(``docs/contributors/components/origin.md`` 3.5-3.7) except POWER and the found
objectives: they live in
``data/cards.json`` as an effect *kind* with parameters; the engine implements kinds,
the data chooses them. Card titles and texts are message keys
(``origin.classic.card.<id>.title`` / ``.text``). ``data/reward_board.json`` holds the
board layout (3.10) and the Classic numbers of the rulebook. Every problem raises
``CardDataError`` naming the file and the entry.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from rules.origin.components import (
    BOARD,
    TERRITORY_COLOURS,
    ComponentError,
    read_json_object,
)

DATA_DIR = Path(__file__).parent / "data"
DECKS = ("action", "permanent", "objective")
DECK_OF_COLOUR = {"yellow": "action", "orange": "permanent", "violet": "objective"}
COLOUR_OF_DECK = {deck: colour for colour, deck in DECK_OF_COLOUR.items()}
COLUMNS = ("yellow", "orange", "violet", "brown")


class CardDataError(ComponentError):
    """A Classic data file is missing or inconsistent; names the file and the entry."""

    folder = "rules/origin/classic/data"


@dataclass(frozen=True)
class Card:
    """One card face: its deck, effect kind and parameters (level/points where printed)."""

    id: str
    deck: str
    kind: str
    params: Mapping[str, Any]
    level: int = 0
    points: int = 0

    @property
    def title_key(self) -> str:
        return f"origin.classic.card.{self.id}.title"

    @property
    def text_key(self) -> str:
        return f"origin.classic.card.{self.id}.text"


@dataclass(frozen=True)
class RewardBoard:
    """The Classic reward board and the rulebook's numbers."""

    slots: Mapping[str, int]
    min_level1_at_setup: int
    draw: int
    put_back: int
    brown_take: int
    brown_any: int
    objectives_dealt: int
    objectives_kept: int
    objective_hand_limit: int
    cards_per_colour: int
    points_per_card: int


# --------------------------------------------------------------------------- schemas

Check = Callable[[Any], bool]


def _pos(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool) and v > 0


def _one(v: Any) -> bool:
    return v == 1 and not isinstance(v, bool)


def _level(v: Any) -> bool:
    return _pos(v) and v <= 5


def _colour(v: Any) -> bool:
    return v in TERRITORY_COLOURS and v != "neutral"


def _continent(v: Any) -> bool:
    return v in BOARD.continents


def _sizes(v: Any) -> bool:
    return isinstance(v, list) and bool(v) and all(x in (1, 2, 3) for x in v)


def _true(v: Any) -> bool:
    return v is True


def _deck(v: Any) -> bool:
    return v in DECKS


def _card_colour(v: Any) -> bool:
    return v in DECK_OF_COLOUR


# kind -> (required params, optional params)
Schema = tuple[Mapping[str, Check], Mapping[str, Check]]
SCHEMAS: Mapping[str, Mapping[str, Schema]] = {
    "objective": {
        "pawns_on_colour": ({"colour": _colour, "n": _pos}, {}),
        "pawns_on_continent": ({"continent": _continent, "n": _pos}, {}),
        # ``continents`` can only be 1 (a group on a single continent, OB11).
        "adjacent_group": ({"n": _pos}, {"continents": _one, "min_continents": _pos}),
        "distinct_continents": ({"n": _pos}, {}),
        "pawns_with": ({"n": _pos}, {"size": _level, "strength": _level}),
        "pawns_per_colour": ({"n": _pos}, {}),
        "strait_tokens": ({"n": _pos}, {}),
        "tile_level_at_least": ({"level": _level}, {}),
        "tiles_owned": ({"n": _pos}, {}),
        "hunt_and_strait": ({"hunt": _pos, "strait": _pos}, {}),
    },
    "permanent": {
        "move_range": ({"sizes": _sizes, "bonus": _pos}, {}),
        "draw_option_keep": ({"colour": _card_colour, "put_back": _pos}, {}),
        "on_strait_draw": ({"deck": lambda v: v in ("action", "permanent"), "n": _pos}, {}),
        "objective_hand_limit": ({"n": _pos}, {}),
        "swap_protection": ({"min_diff": _pos}, {}),
        "swap_equal_strength": ({}, {}),
        "brown_take": ({"n": _pos}, {}),
        "evolve_double_step": ({}, {}),
        "evolve_range": ({"steps": _pos}, {}),
        "action_cards_per_turn": ({"n": _pos}, {}),
        "end_bonus_per_token": ({"points": _pos}, {}),
    },
    "action": {
        "extra_action": ({"action": lambda v: v in ("migrate", "evolve")}, {}),
        "steal_card": ({"random": _true}, {}),
        "steal_token": ({"kind": lambda v: v == "strait"}, {}),
        "steal_tile": ({}, {}),
        "take_any_tile": ({}, {}),
        "draw_any": ({"n": _pos}, {}),
        "swap_ignore_strength": ({}, {}),
        "free_move": ({"steps": _pos}, {}),
        "renew_column": ({}, {}),
        "evolve_two_features": ({}, {}),
    },
}


# --------------------------------------------------------------------------- loading


def _card(file: str, deck: str, n: int, entry: Any) -> Card:
    if not isinstance(entry, dict) or not isinstance(entry.get("id"), str):
        raise CardDataError(file, f"{deck} card #{n}", "needs a string 'id'")
    cid = entry["id"]
    where = f"{deck} card {cid}"
    kind = entry.get("kind")
    if not isinstance(kind, str) or kind not in SCHEMAS[deck]:
        raise CardDataError(file, where, f"unknown kind {kind!r} for a {deck} card")
    params = entry.get("params")
    if not isinstance(params, dict):
        raise CardDataError(file, where, "needs a 'params' object")
    required, optional = SCHEMAS[deck][kind]
    for name, check in required.items():
        if name not in params:
            raise CardDataError(file, where, f"missing parameter {name!r}")
        if not check(params[name]):
            raise CardDataError(file, where, f"bad value for {name!r}: {params[name]!r}")
    for name, value in params.items():
        if name in required:
            continue
        if name not in optional:
            raise CardDataError(file, where, f"unknown parameter {name!r}")
        if not optional[name](value):
            raise CardDataError(file, where, f"bad value for {name!r}: {value!r}")
    if kind == "adjacent_group" and ("continents" in params) == ("min_continents" in params):
        raise CardDataError(file, where, "give exactly one of 'continents', 'min_continents'")
    if kind == "pawns_with" and not ({"size", "strength"} & set(params)):
        raise CardDataError(file, where, "give 'size' or 'strength'")
    level = points = 0
    if deck == "permanent":
        level = entry.get("level", 0)
        if not _level(level):
            raise CardDataError(file, where, "needs a 'level' from 1 to 5")
    if deck == "objective":
        points = entry.get("points", 0)
        if not _pos(points):
            raise CardDataError(file, where, "needs positive 'points'")
    extra = set(entry) - {"id", "kind", "params", "level", "points"}
    if extra:
        raise CardDataError(file, where, f"unknown fields {sorted(extra)}")
    return Card(cid, deck, kind, dict(params), int(level), int(points))


def load_cards(directory: Path = DATA_DIR) -> dict[str, Card]:
    """Read ``cards.json``: three decks of cards with known kinds and valid parameters."""
    file = "cards.json"
    raw = read_json_object(directory, file, CardDataError)
    cards: dict[str, Card] = {}
    for deck in DECKS:
        entries = raw.get(deck)
        if not isinstance(entries, list) or not entries:
            raise CardDataError(file, deck, "must be a non-empty list of cards")
        for n, entry in enumerate(entries):
            card = _card(file, deck, n, entry)
            if card.id in cards:
                raise CardDataError(file, f"{deck} card {card.id}", "id used twice")
            if not card.id.isalnum() or card.id != card.id.upper():
                raise CardDataError(file, f"{deck} card {card.id}", "ids are upper-case A-Z0-9")
            cards[card.id] = card
    return cards


def load_reward_board(directory: Path = DATA_DIR) -> RewardBoard:
    """Read ``reward_board.json``: four columns (decks of yellow/orange/violet) and numbers."""
    file = "reward_board.json"
    raw = read_json_object(directory, file, CardDataError)
    columns = raw.get("columns")
    if not isinstance(columns, list):
        raise CardDataError(file, "columns", "must be a list")
    slots: dict[str, int] = {}
    for n, col in enumerate(columns):
        colour = col.get("colour") if isinstance(col, dict) else None
        where = f"column {colour or '#' + str(n)}"
        if colour not in COLUMNS or colour in slots:
            raise CardDataError(file, where, f"colour must be one of {list(COLUMNS)}, once")
        if not _pos(col.get("slots")):
            raise CardDataError(file, where, "needs positive 'slots'")
        if col.get("deck") != DECK_OF_COLOUR.get(colour):
            raise CardDataError(file, where, f"deck must be {DECK_OF_COLOUR.get(colour)!r}")
        slots[colour] = col["slots"]
    if tuple(slots) != COLUMNS:
        raise CardDataError(file, "columns", f"must list {list(COLUMNS)} in that order")

    def number(*path: str) -> int:
        value: Any = raw
        for name in path:
            value = value.get(name) if isinstance(value, dict) else None
        if not _pos(value):
            raise CardDataError(file, ".".join(path), "must be a positive integer")
        return int(value)

    board = RewardBoard(
        slots=slots,
        min_level1_at_setup=number("min_level1_at_setup"),
        draw=number("draw_option", "draw"),
        put_back=number("draw_option", "put_back"),
        brown_take=number("brown_option", "take"),
        brown_any=number("brown_option", "any_column"),
        objectives_dealt=number("objectives_dealt"),
        objectives_kept=number("objectives_kept"),
        objective_hand_limit=number("objective_hand_limit"),
        cards_per_colour=number("cards_per_colour_per_turn"),
        points_per_card=number("points_per_card_in_hand"),
    )
    if board.objectives_kept > board.objectives_dealt:
        raise CardDataError(file, "objectives_kept", "cannot exceed objectives_dealt")
    if board.min_level1_at_setup > sum(slots.values()):
        raise CardDataError(file, "min_level1_at_setup", "larger than the board")
    return board


CARDS = load_cards()
REWARD_BOARD = load_reward_board()
DECK_CARDS: dict[str, tuple[str, ...]] = {
    deck: tuple(c.id for c in CARDS.values() if c.deck == deck) for deck in DECKS
}


def card(card_id: str) -> Card:
    """The card with ``card_id`` (upper-case id, as stored in the state)."""
    return CARDS[card_id]


__all__ = [
    "CARDS",
    "COLOUR_OF_DECK",
    "COLUMNS",
    "DECKS",
    "DECK_CARDS",
    "DECK_OF_COLOUR",
    "REWARD_BOARD",
    "SCHEMAS",
    "Card",
    "CardDataError",
    "RewardBoard",
    "card",
    "load_cards",
    "load_reward_board",
]
