"""The text twin of every picture (``render.twin``): random games of every game with a
twin, read in both languages, short and long forms, public and private.

What a reader must never meet: a seat id instead of its display name, a catalogue key
instead of its words, a ``(s)`` plural, a ``{placeholder}``, a short form longer than an
attachment's description may be. And the public text holds no more than the public
view: a hidden card, event or power is named only once the table may see it.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterator, Mapping
from typing import Any

import pytest

from campfire_testing.random_games import play_random_game
from render import registry as renderers
from render.twin import MESSAGE_LIMIT, SHORT_LIMIT, chunks, short_form
from rules import i18n, registry
from rules.base import State

NAMES = ["Amélie", "Bob", "Chloé", "Dédé", "Élise", "Farid"]
RAW_SEAT = re.compile(r"\bp\d\b")
RAW_KEY = re.compile(r"\b(?:render|rules|origin|sapiens|orbis|tribes|nim|twin)\.[a-z_0-9]+\.")
PLACEHOLDER = re.compile(r"\{[a-z_]+(?::[^}]*)?\}")
SAMPLES = 6  # states read per random game


def names_for(state: State) -> dict[str, str]:
    return {seat: NAMES[i] for i, seat in enumerate(state.seats)}


def sampled_states(game_id: str, players: int, seed: int) -> Iterator[State]:
    """Some states of one random game (the first, a few along the way, the last)."""
    game = registry.get(game_id)
    states: list[State] = []
    final = play_random_game(game, players, seed, observe=states.append, checked=False)
    picker = random.Random(f"twin/{game_id}/{players}/{seed}")
    picked = sorted(picker.sample(range(len(states)), min(SAMPLES - 2, len(states))))
    yield states[0]
    for index in picked:
        yield states[index]
    yield final


def cases() -> list[tuple[str, int, int]]:
    out = []
    for game_id in renderers.twin_ids():
        spec = registry.get(game_id).spec
        for players in range(spec.min_seats, spec.max_seats + 1):
            out.append((game_id, players, players))
    return out


def check_text(text: str, names: Mapping[str, str], where: str) -> None:
    assert not RAW_SEAT.search(text), f"{where}: a seat id in {text!r}"
    assert not RAW_KEY.search(text), f"{where}: an untranslated key in {text!r}"
    assert "(s)" not in text, f"{where}: a '(s)' plural in {text!r}"
    assert not PLACEHOLDER.search(text), f"{where}: a placeholder left in {text!r}"
    assert "None" not in text.split(), f"{where}: 'None' in {text!r}"


@pytest.mark.parametrize(("game_id", "players", "seed"), cases())
@pytest.mark.parametrize("lang", ["en", "fr"])
def test_twins_of_random_games_read_well(game_id: str, players: int, seed: int, lang: str) -> None:
    game = registry.get(game_id)
    for state in sampled_states(game_id, players, seed):
        names = names_for(state)
        view = game.view(state, None)
        short = renderers.describe(game_id, view, lang=lang, names=names)
        long = renderers.describe(game_id, view, lang=lang, names=names, form="long")
        assert 0 < len(short) <= SHORT_LIMIT, short
        check_text(short, names, "short")
        check_text(long, names, "long")
        for seat in state.seats:
            assert names[seat] in long, f"{names[seat]} is not named in the long form"
        assert short.split(".")[0] in long  # the long form opens with the same status
        for seat in state.seats:
            mine = renderers.describe_private(
                game_id, game.view(state, seat), seat, lang=lang, names=names
            )
            check_text(mine, names, "private")
            for piece in chunks(long) + chunks(mine):
                assert len(piece) <= MESSAGE_LIMIT


def test_a_game_added_later_registers_its_twin() -> None:
    renderers.register("nim-again", "render.nim.renderer:RENDERER")
    try:
        view = registry.get("nim").view(registry.get("nim").setup(["a", "b"], "s", {}), None)
        text = renderers.describe("nim-again", view, lang="en", names={"a": "Ann", "b": "Ben"})
        assert "To play: Ann" in text
        assert "nim-again" in renderers.twin_ids()
    finally:
        renderers._GAMES.pop("nim-again")
    with pytest.raises(renderers.UnknownGame):
        renderers.describe("nim-again", view)
    with pytest.raises(ValueError, match="form"):
        renderers.describe("nim", view, form="medium")


def envelope(**changes: Any) -> dict[str, Any]:
    view: dict[str, Any] = {
        "game": "nim",
        "seats": ["a", "b"],
        "out": [],
        "to_act": ["b"],
        "turn": 3,
        "round": None,
        "over": False,
        "last": {
            "seat": "a",
            "label": {"key": "nim.take", "params": {"n": 3}},
            "notes": [{"key": "nim.note.left", "params": {"n": 1}}],
        },
        "scores": {"a": {"total": 0, "partial": False}, "b": {"total": 1, "partial": True}},
        "winners": [],
        "stones": 1,
        "start": 15,
        "taken": {"a": 8, "b": 6},
    }
    view.update(changes)
    return view


def test_the_short_form_in_english_and_french() -> None:
    names = {"a": "Ann", "b": "Ben"}
    assert renderers.describe("nim", envelope(), names=names) == (
        "Move 3. To play: Ben. Last move: Ann takes 3. 1 stone left. "
        "Scores: Ann 0 points, Ben about 1 point (part hidden). 1 of 15 stones left."
    )
    assert renderers.describe(
        "nim", envelope(over=True, winners=["a"]), lang="fr", names=names
    ) == (
        "Partie terminée. Victoire : Ann. Dernier coup : Ann prend 3. reste 1 pierre. "
        "Scores : Ann 0 point, Ben environ 1 point (en partie caché). 1 pierre restante sur 15."
    )


def test_the_short_form_keeps_status_and_scores_and_drops_notes_first() -> None:
    i18n.register_package("rules.nim")
    view = envelope()
    view["last"]["notes"] = [{"key": "nim.note.left", "params": {"n": n}} for n in range(200)]
    text = short_form(view, "en", None, facts=["A fact."], last=["take 3", *["x" * 30] * 60])
    assert len(text) <= SHORT_LIMIT
    assert text.startswith("Move 3. To play: b. Last move: take 3.")
    assert "Scores: a 0 points, b about 1 point (part hidden). A fact." in text
    tiny = short_form(view, "en", None, facts=["A fact."], last=["take 3"], limit=60)
    assert tiny == "Move 3. To play: b. Scores: a 0 points, b about 1 point…"


def test_long_texts_are_split_into_messages_between_lines() -> None:
    text = "\n".join(f"line {n} " + "word " * (n % 50) for n in range(400))
    pieces = chunks(text)
    assert len(pieces) > 1
    assert all(len(p) <= MESSAGE_LIMIT for p in pieces)
    assert "\n".join(pieces).split() == text.split()
    assert chunks("word " * 1000, 100) and all(len(p) <= 100 for p in chunks("word " * 1000, 100))


def test_every_game_with_a_picture_has_a_text_twin() -> None:
    assert set(renderers.ids()) <= set(renderers.twin_ids())
    assert set(renderers.card_ids()) <= set(renderers.twin_ids())


NAMED = (
    "origin.classic.card.{}.title",
    "tribes.event.{}.name",
    "tribes.chief.{}",
    "orbis.god.{}.name",
    "orbis.tile.{}",
)
"""Catalogue names of the things a view may hold back (a card in a hand, an objective,
a chief power): a name is given by an id found in a view."""


def leaves(value: Any) -> set[str]:
    """Every string in a view (ids, keys, words)."""
    if isinstance(value, str):
        return {value}
    if isinstance(value, Mapping):
        return set().union(*(leaves(v) | {str(k)} for k, v in value.items())) if value else set()
    if isinstance(value, list | tuple):
        return set().union(*(leaves(v) for v in value)) if value else set()
    return set()


def names_of(ids: set[str], lang: str) -> set[str]:
    out = set()
    for item in ids:
        for pattern in NAMED:
            key = pattern.format(item)
            if i18n.has_key(key):
                out.add(i18n.translate(key, lang))
    return out


def hidden_names(shown: Mapping[str, Any], seen: list[Mapping[str, Any]], lang: str) -> set[str]:
    """Names of things in the ``seen`` views that the ``shown`` view does not hold (less
    the names some shown thing has too: two copies of one card share a title)."""
    public = leaves(shown)
    return names_of(set().union(*(leaves(v) for v in seen)) - public, lang) - names_of(public, lang)


@pytest.mark.parametrize("game_id", ["origin", "origin-junior", "sapiens", "orbis", "tribes"])
def test_the_public_twin_holds_no_more_than_the_public_view(game_id: str) -> None:
    """The public text names no hidden card or power; a seat's own text names what it
    alone holds and nothing the other seats hold back."""
    game = registry.get(game_id)
    found = 0
    for players in (2, game.spec.max_seats):
        for state in sampled_states(game_id, players, 7):
            names = names_for(state)
            public = game.view(state, None)
            own = {seat: game.view(state, seat) for seat in state.seats}
            for lang in ("en", "fr"):
                text = renderers.describe(game_id, public, lang=lang, names=names, form="long")
                text += renderers.describe(game_id, public, lang=lang, names=names)
                secret = hidden_names(public, list(own.values()), lang)
                assert not [n for n in secret if n in text], f"{game_id}: the table reads {secret}"
                for seat, mine in own.items():
                    words = renderers.describe_private(game_id, mine, seat, lang=lang, names=names)
                    others = [v for s, v in own.items() if s != seat]
                    assert not [n for n in hidden_names(mine, others, lang) if n in words]
                    held = hidden_names(public, [mine], lang)
                    assert all(n in words for n in held), f"{held} missing from {words}"
                    found += len(held)
    if game_id == "origin":
        assert found, "no hand was ever read: the test would prove nothing"
