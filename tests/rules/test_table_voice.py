"""The table's voice: every public text of random games of every game, in both languages,
names the players in the third person by their names, and holds no seat id, no card or
tile code and no untranslated key (docs/contributors/contract.md, "Three voices").

Public texts: the table's label of each move (``Applied.table``), its notes, the move's
line (``rules.i18n.move_parts``, which the thread, the console, the web log and the
pictures read) and the text twin of the public view (short form after every move, the
long form now and then).
"""

from __future__ import annotations

import functools
import random
import re

import pytest

from render import registry as renderers
from rules import registry
from rules.base import TABLE, Game, State, table_label
from rules.i18n import LANGS, has_key, keys, move_parts, repeats, translate, with_names

NAMES = {f"bot{n}": name for n, name in enumerate(["Alice", "Bruno", "Chloé", "Dédé", "Élise"], 1)}
SECOND_PERSON = {
    "en": re.compile(r"\b(you|your|yours|yourself)\b", re.IGNORECASE),
    "fr": re.compile(r"\b(tu|toi|ton|ta|tes|te|vous|votre|vos)\b|\bt'", re.IGNORECASE),
}
SEAT_ID = re.compile(r"\bbot\d\b")
CODE = re.compile(r"\b[A-Z]{2}\d{2}\b|\bL\d-\d{2}\b")
"""A card or tile id (``IN06``, ``OB04``, ``GD06``, Orbis' ``L1-09``)."""
KEY = re.compile(r"\b[a-z_]+(\.[a-z_0-9-]+){2,}\b|\{[a-z_]+[:}]")
"""An untranslated key (``sapiens.move.take.table``) or a placeholder left unfilled."""
GAMES = ("origin-junior", "origin", "sapiens", "orbis", "tribes", "nim")
CARD_TEXTS = re.compile(
    r"^(origin\.classic\.card|orbis\.god|render\.orbis\.god|tribes\.goal|tribes\.event)\..*"
)
"""Rule texts printed on components (a card's, a god's, a goal's, an event's), which
speak to whoever holds the component, as the printed card does: the only public texts
allowed the second person. They are taken out of a twin before it is checked."""
CASES = [
    (game_id, options)
    for game_id in GAMES
    for options in ([{}, {"chiefs": True}] if game_id == "tribes" else [{}])
]
LONG_EVERY = 40


@functools.cache
def card_texts(lang: str) -> list[str]:
    """Every component rule text of ``lang``, longest first."""
    for game_id in GAMES:  # every catalogue registered
        renderers.twin(game_id)
        registry.get(game_id)
    texts = {translate(k, lang).rstrip(".") for k in keys(lang) if CARD_TEXTS.match(k)}
    return sorted((t for t in texts if "{" not in t), key=len, reverse=True)


def faults(text: str, lang: str) -> list[str]:
    for card in card_texts(lang):
        text = text.replace(card, "…")
    return [
        f"{what} {m.group(0)!r} in …{text[max(0, m.start() - 50) : m.end() + 30]!r}…"
        for what, pattern in (
            ("second person", SECOND_PERSON[lang]),
            ("seat id", SEAT_ID),
            ("code", CODE),
            ("key", KEY),
        )
        for m in [pattern.search(text)]
        if m
    ]


def play(game: Game, players: int, seed: int, options: dict[str, object]) -> list[tuple]:
    """A random game: each entry ``(applied, state after)``."""
    state: State = game.setup([f"bot{n}" for n in range(1, players + 1)], str(seed), options)
    rng = random.Random(seed)
    entries = []
    for _ in range(2500):
        if game.outcome(state) is not None:
            break
        seat = sorted(game.to_act(state))[0]
        applied = game.play(state, seat, rng.choice(game.legal_moves(state, seat)), judge=False)
        entries.append(applied)
        state = applied.state
    return entries


@pytest.mark.parametrize(
    ("game_id", "options"), CASES, ids=[f"{g}{'-' + ','.join(o) if o else ''}" for g, o in CASES]
)
@pytest.mark.parametrize("lang", LANGS)
def test_public_texts_speak_of_players_by_name_in_the_third_person(
    game_id: str, options: dict[str, object], lang: str
) -> None:
    game = registry.get(game_id)
    spec = game.spec
    problems: set[str] = set()
    for seed in range(2):
        players = spec.min_seats + seed % (spec.max_seats - spec.min_seats + 1)
        for number, applied in enumerate(play(game, players, seed, options)):
            table = applied.table
            assert table == table_label(applied.label, applied.seat)
            assert has_key(table.key), f"no table label {table.key!r} in both languages"
            texts = [translate(with_names(table, NAMES), lang)]
            texts += [translate(with_names(n, NAMES), lang) for n in applied.notes]
            texts += move_parts(table, applied.notes, lang, NAMES)
            view = game.view(applied.state, None)
            if game_id in renderers.twin_ids():
                texts.append(renderers.describe(game_id, view, lang=lang, names=NAMES))
                if number % LONG_EVERY == 0:
                    texts.append(
                        renderers.describe(game_id, view, lang=lang, names=NAMES, form="long")
                    )
            for text in texts:
                problems.update(faults(text, lang))
    assert not problems, "\n".join(sorted(problems)[:30])


@pytest.mark.parametrize("lang", LANGS)
def test_the_line_of_a_move_says_nothing_twice(lang: str) -> None:
    """Sapiens' take from the common pool has a note that says what the label says:
    the move's line says it once, in the twin too."""
    game = registry.get("sapiens")
    for applied in play(game, 3, 1, {}):
        label, *notes = move_parts(applied.table, applied.notes, lang, NAMES)
        assert not any(repeats(note, label) for note in notes), (label, notes)
        if applied.label.key == "sapiens.move.take":
            take = applied
            break
    else:
        pytest.fail("no take from the common pool in the first game")
    view = game.view(take.state, None)
    short = renderers.describe("sapiens", view, lang=lang, names=NAMES)
    said = translate(with_names(take.table, NAMES), lang)
    assert short.count(said) == 1, short
    assert len(move_parts(take.table, take.notes, lang, NAMES)) < 1 + len(take.notes)


def test_every_move_label_of_every_catalogue_has_its_table_form() -> None:
    """Moves a random game rarely reaches (a chief's power, an advanced event) are
    covered too: every label key of the games' catalogues (``<game>.move.…``, Origin
    Classic's ``public`` labels, Nim's ``take``) has its ``.table`` form."""
    for game_id in GAMES:
        registry.get(game_id)
    labels = [
        k
        for k in keys("en")
        if (re.search(r"\.(move|public)\.", k) or k == "nim.take")
        and not k.endswith(TABLE)
        and k.split(".")[0] in {"origin", "sapiens", "orbis", "tribes", "nim"}
    ]
    assert len(labels) > 150
    missing = [k for k in labels if not has_key(k + TABLE)]
    assert not missing, missing
