"""The 16 event cards: load ``data/events.json`` once, check it, expose ``EVENTS``.

The rulebook names 14 events and prints part of their effects; the rest is our
PROPOSED design (``docs/contributors/components/tribes.md`` 3.5), kept in the data file only so that
anyone who owns the box can correct it. Effects are kinds with parameters; the engine
(``rules.tribes.events``) implements the kinds, the data picks them. Names and texts
are message keys (``tribes.event.<slug>.name`` / ``.text``). Every problem found at load
raises ``EventDataError`` naming the file and the entry.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

DATA_FILE = Path(__file__).parent / "data" / "events.json"
RESOURCES = ("wood", "food", "stone")
DECKS = ("start", "first_village")
STAYS = (
    "until_empty",
    "until_double",
    "until_invaders_gone",
    "until_tamed",
    "forever",
    "instant_reshuffled",
    "until_bought",
    "instant",
    "until_claimed",
)
ON_DRAW = (
    "stock",
    "stock_per_player",
    "place_invaders",
    "place_mammoth",
    "place_tiger",
    "eruption",
    "most_villages",
    "place_abandoned_village",
    "migration",
    "burn_forest",
)
ACTIVE = (
    "travel_discovery",
    "population_limit",
    "invaders",
    "grow_bonus",
    "gather_bonus",
    "buy_goal",
    "mammoth",
    "tiger",
    "volcano_stone",
    "acquirable",
    "claim_by_control",
    "burnt_forest",
)
ON_DOUBLE = ("discard", "invaders_advance", "mammoth_wanders", "tiger_moves", "marker")
EXPECTED_COUNT = 16
EXPECTED_IN_START_DECK = 14
EXPECTED_TOKENS = 11
"""Event tokens in the box: 5 invaders + mammoth, tiger, Fortifications, Pirogue, Autel
and the forest-fire marker (components 3.5 checks)."""


class EventDataError(ValueError):
    """``data/events.json`` is missing or inconsistent; names the entry and the problem."""

    def __init__(self, entry: str, problem: str) -> None:
        super().__init__(f"rules/tribes/data/events.json: {entry}: {problem}")
        self.entry = entry
        self.problem = problem


@dataclass(frozen=True)
class Effect:
    """One effect of a card: a kind the engine implements and its parameters."""

    kind: str
    params: Mapping[str, Any]


@dataclass(frozen=True)
class EventCard:
    """One event card. ``stays`` says when it leaves its slot; ``deck`` whether it is
    shuffled in at setup or after the first village (T10, T21)."""

    id: str
    slug: str
    deck: str
    stays: str
    on_draw: Effect | None
    active: Effect | None
    on_double: Effect | None
    rulebook: tuple[str, ...]

    @property
    def name_key(self) -> str:
        return f"tribes.event.{self.slug}.name"

    @property
    def text_key(self) -> str:
        return f"tribes.event.{self.slug}.text"

    @property
    def is_acquirable(self) -> bool:
        return self.active is not None and self.active.kind == "acquirable"

    @property
    def is_instant(self) -> bool:
        return self.stays in ("instant", "instant_reshuffled")


@dataclass(frozen=True)
class EventNumbers:
    slots: int
    invaders: int
    reshuffle_discards: bool


@dataclass(frozen=True)
class EventData:
    numbers: EventNumbers
    cards: Mapping[str, EventCard]
    """By id (``E01``..``E16``), in file order."""

    def by_slug(self, slug: str) -> EventCard:
        for card in self.cards.values():
            if card.slug == slug:
                return card
        raise KeyError(slug)

    @property
    def start_deck(self) -> tuple[str, ...]:
        return tuple(c.id for c in self.cards.values() if c.deck == "start")

    @property
    def set_aside(self) -> tuple[str, ...]:
        return tuple(c.id for c in self.cards.values() if c.deck == "first_village")


def _effect(entry: str, raw: Any, kinds: tuple[str, ...], field: str) -> Effect | None:
    if raw is None:
        return None
    if not isinstance(raw, dict) or raw.get("kind") not in kinds:
        raise EventDataError(entry, f"{field}: kind must be one of {', '.join(kinds)}")
    params = raw.get("params", {})
    if not isinstance(params, dict):
        raise EventDataError(entry, f"{field}: params must be an object")
    return Effect(str(raw["kind"]), dict(params))


def _count(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0


def _check_cost(entry: str, params: Mapping[str, Any]) -> None:
    if "cost" in params:
        cost = params["cost"]
        if not isinstance(cost, dict) or not cost:
            raise EventDataError(entry, "acquirable cost must be a non-empty object")
        for res, n in cost.items():
            if res not in RESOURCES or not _count(n) or n == 0:
                raise EventDataError(entry, f"bad cost {res}={n!r}")
    else:
        for key in ("same", "mixed", "members", "vp"):
            if not _count(params.get(key)):
                raise EventDataError(entry, f"altar cost needs a count for {key!r}")
        if params["mixed"] > len(RESOURCES):
            raise EventDataError(entry, "a mixed cost cannot ask more types than exist")


def parse_events(raw: Mapping[str, Any]) -> EventData:
    """Check and build the event data (``EventDataError`` on the first problem)."""
    numbers = raw.get("numbers")
    if not isinstance(numbers, dict):
        raise EventDataError("numbers", "missing")
    for key in ("slots", "invaders"):
        if not _count(numbers.get(key)) or numbers[key] == 0:
            raise EventDataError("numbers", f"{key} must be a positive count")
    if not isinstance(numbers.get("reshuffle_discards"), bool):
        raise EventDataError("numbers", "reshuffle_discards must be true or false")
    cards: dict[str, EventCard] = {}
    slugs: set[str] = set()
    entries = raw.get("events")
    if not isinstance(entries, list):
        raise EventDataError("events", "must be a list")
    for index, item in enumerate(entries):
        entry = f"events[{index}]"
        if not isinstance(item, dict):
            raise EventDataError(entry, "must be an object")
        card_id, slug = item.get("id"), item.get("slug")
        if not isinstance(card_id, str) or card_id in cards:
            raise EventDataError(entry, f"missing or repeated id {card_id!r}")
        entry = card_id
        if not isinstance(slug, str) or not slug or slug in slugs:
            raise EventDataError(entry, f"missing or repeated slug {slug!r}")
        if item.get("deck") not in DECKS:
            raise EventDataError(entry, f"deck must be one of {DECKS}")
        if item.get("stays") not in STAYS:
            raise EventDataError(entry, f"stays must be one of {STAYS}")
        rulebook = item.get("rulebook")
        if not isinstance(rulebook, list) or not all(isinstance(r, str) for r in rulebook):
            raise EventDataError(entry, "rulebook must list the fields the rulebook prints")
        card = EventCard(
            id=card_id,
            slug=slug,
            deck=str(item["deck"]),
            stays=str(item["stays"]),
            on_draw=_effect(entry, item.get("on_draw"), ON_DRAW, "on_draw"),
            active=_effect(entry, item.get("active"), ACTIVE, "active"),
            on_double=_effect(entry, item.get("on_double"), ON_DOUBLE, "on_double"),
            rulebook=tuple(rulebook),
        )
        if card.is_acquirable:
            assert card.active is not None
            _check_cost(entry, card.active.params)
            if card.on_double is None or card.on_double.kind != "marker":
                raise EventDataError(entry, "an acquirable card takes a marker on each double")
        if card.stays == "until_double" and card.on_double is None:
            raise EventDataError(entry, "a card that leaves on a double needs an on_double")
        cards[card_id] = card
        slugs.add(slug)
    data = EventData(
        EventNumbers(
            int(numbers["slots"]), int(numbers["invaders"]), bool(numbers["reshuffle_discards"])
        ),
        cards,
    )
    _check_counts(data)
    return data


def _check_counts(data: EventData) -> None:
    """The counts of the components page: 16 cards, 14 in the starting deck, 11 tokens."""
    if len(data.cards) != EXPECTED_COUNT:
        raise EventDataError("events", f"{len(data.cards)} cards, expected {EXPECTED_COUNT}")
    if len(data.start_deck) != EXPECTED_IN_START_DECK:
        raise EventDataError("events", f"{len(data.start_deck)} in the starting deck, expected 14")
    one_token = ("place_mammoth", "place_tiger", "burn_forest")
    tokens = data.numbers.invaders + sum(
        1
        for c in data.cards.values()
        if c.is_acquirable or (c.on_draw is not None and c.on_draw.kind in one_token)
    )
    if tokens != EXPECTED_TOKENS:
        raise EventDataError("events", f"{tokens} event tokens, expected {EXPECTED_TOKENS}")


def load_events(path: Path = DATA_FILE) -> EventData:
    try:
        raw = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise EventDataError("file", f"unreadable: {exc}") from exc
    if not isinstance(raw, dict):
        raise EventDataError("file", "must hold an object")
    return parse_events(raw)


EVENTS = load_events()


__all__ = ["EVENTS", "Effect", "EventCard", "EventData", "EventDataError", "load_events"]
