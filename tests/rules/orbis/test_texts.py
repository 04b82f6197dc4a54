"""Every text of Orbis exists in English and French: labels, notes, refusals, help."""

from __future__ import annotations

import json
import random
import re
from importlib import resources

import pytest

from rules.base import IllegalMove, MoveError, Text
from rules.i18n import translate
from rules.orbis import ORBIS
from rules.orbis.components import GODS, TILES
from tests.rules.orbis.helpers import SEATS, game, put_display, set_domain

LANGS = ("en", "fr")
SOURCE = resources.files("rules.orbis")


def check(text: Text) -> None:
    for lang in LANGS:
        out = translate(text, lang)
        assert out != text.key, f"no {lang} text for {text.key}"
        assert "{" not in out and "@orbis" not in out, f"{lang} {text.key}: {out}"


def test_both_catalogues_have_the_same_keys_and_name_every_tile_and_god() -> None:
    en = json.loads(SOURCE.joinpath("locales", "en.json").read_text(encoding="utf-8"))
    fr = json.loads(SOURCE.joinpath("locales", "fr.json").read_text(encoding="utf-8"))
    assert set(en) == set(fr)
    assert all(f"orbis.tile.{t}" in en for t in TILES)
    assert all(f"orbis.god.{g}.name" in en and f"orbis.god.{g}.text" in en for g in GODS)


def test_every_key_the_code_names_has_a_text() -> None:
    en = json.loads(SOURCE.joinpath("locales", "en.json").read_text(encoding="utf-8"))
    named: set[str] = set()
    for name in ("engine", "moves", "turn", "explain", "scoring", "view"):
        code = SOURCE.joinpath(f"{name}.py").read_text(encoding="utf-8")
        named |= set(re.findall(r'"(orbis\.[a-z_.]+[a-z])"', code))
    dynamic = {k for k in named if k.endswith(".")}
    assert not [k for k in named - dynamic if k not in en and not k.startswith("orbis.place")]


def test_labels_and_notes_of_random_games_read_in_both_languages() -> None:
    seen: set[str] = set()
    for seed in range(4):
        chooser = random.Random(seed)
        state = ORBIS.setup(SEATS, f"texts-{seed}")
        while ORBIS.outcome(state) is None:
            seat = next(iter(ORBIS.to_act(state)))
            moves = ORBIS.legal_moves(state, seat)
            assert len(moves) <= 25
            for move in moves:
                if move.label.key not in seen or move.code.startswith(("take", "place")):
                    check(move.label)
                    assert len(translate(move.label, "fr")) <= 100
                    seen.add(move.label.key)
                assert ORBIS.spec.group_label(move.group).key != "move.group.other"
            applied = ORBIS.play(state, seat, chooser.choice(moves), judge=False)
            for note in applied.notes:
                check(note)
            state = applied.state
        for seat in SEATS:
            for section in ORBIS.private_sections(state, seat):
                check(section.title)
                for line in section.lines:
                    check(line)
    for key in ("orbis.name", "orbis.summary", "orbis.tips", "orbis.end.normal"):
        check(Text(key))
    for category in ORBIS.scores(state).categories:
        check(Text(category))


def refused(state, code: str) -> MoveError:  # type: ignore[no-untyped-def]
    with pytest.raises(MoveError) as caught:
        ORBIS.apply(state, next(iter(ORBIS.to_act(state))), code)
    return caught.value


@pytest.mark.parametrize(
    ("code", "key"),
    [
        ("trade:r", "orbis.illegal.trade_short"),
        ("burn:3", "orbis.illegal.not_now"),
        ("god:gd99", None),
    ],
)
def test_refusals_say_why_in_both_languages(code: str, key: str | None) -> None:
    state = game()
    error = refused(state, code)
    if key is not None:
        assert isinstance(error, IllegalMove) and error.key == key
    check(Text(error.key, error.params))


def test_refusals_while_paying_and_placing() -> None:
    state = game()
    put_display(state, 1, "L2-09")
    set_domain(state, 0, red=1)
    state = ORBIS.apply(state, "ana", "take:1")
    error = refused(state, "pay:r")
    assert error.key == "orbis.illegal.cannot_pay"
    check(Text(error.key, error.params))
    state = ORBIS.apply(state, "ana", "wild")
    error = refused(state, "place:r2s1")
    assert error.key == "orbis.illegal.place_two"
    check(Text(error.key, error.params))


@pytest.mark.parametrize("lang", LANGS)
def test_the_help_quotes_move_codes_a_player_can_type_and_reads_the_cube_squares(
    lang: str,
) -> None:
    tips = translate(Text("orbis.tips"), lang)
    quoted = re.findall(r"\b(?:take|trade|god):\S+", tips)
    assert quoted
    for code in quoted:
        assert ORBIS.is_well_formed(code.rstrip(".,;)")), f"{lang}: {code}"
    for square in ("🟨", "🟩", "🟦", "🟥", "⬜", "🌈"):
        assert square in tips, f"{lang}: no legend for {square}"


def test_taking_a_tile_says_the_slot_the_tile_and_the_cubes_it_collects() -> None:
    """The menu names what the picture numbers: ``take slot 5: blue Proselytism, +2🟦``."""
    state = game()
    put_display(state, 5, "L1-09", blue=2, red=1)
    put_display(state, 6, "L1-10")
    labels = {m.code: m.label for m in ORBIS.legal_moves(state, "ana")}
    assert translate(labels["take:5"], "en").startswith("take slot 5: blue Proselytism, +2🟦 1🟥 (")
    assert translate(labels["take:5"], "fr").startswith(
        "prendre la case 5 : Prosélytisme bleu, +2🟦 1🟥 ("
    )
    assert "+" not in translate(labels["take:6"], "en").split("(")[0]


def test_a_move_of_another_step_answers_not_now_and_what_comes_first() -> None:
    state = game()
    put_display(state, 1, "L2-09")
    set_domain(state, 0, red=1)
    state = ORBIS.apply(state, "ana", "take:1")
    error = refused(state, "take:2")
    assert isinstance(error, IllegalMove) and error.key == "orbis.illegal.not_now"
    assert translate(Text(error.key, error.params), "en") == (
        "Not now: first pay for the tile, or make it a Wasteland."
    )
    assert translate(Text(error.key, error.params), "fr") == (
        "Pas maintenant : d'abord, payez la tuile, ou faites-en une Terre sauvage."
    )


def test_a_note_never_repeats_the_move_it_follows() -> None:
    """Discarding, gaining a chosen cube and trading say it in the label alone (the
    notes keep what follows on its own: an automatic discard, a validated Village)."""
    rng = random.Random(3)
    for seed in range(3):
        state = game(3, f"notes-{seed}")
        while ORBIS.outcome(state) is None:
            seat = next(iter(ORBIS.to_act(state)))
            move = rng.choice(ORBIS.legal_moves(state, seat))
            applied = ORBIS.play(state, seat, move, judge=False)
            label = translate(applied.label, "en")
            for note in applied.notes:
                if move.code.startswith("get:"):
                    assert note.key != "orbis.note.trade", label
                if move.code.startswith("gain:"):
                    assert note.key != "orbis.note.gain", label
            if move.code.startswith("lose:") and len(applied.notes) == 1:
                # a discard names itself; a note follows only for what it settles
                assert applied.notes[0].key != "orbis.note.lose", label
            state = applied.state


def test_english_writes_creation_points_cp() -> None:
    """ "PC" is the French abbreviation (points de création): English texts and pictures
    write "CP", the move labels included."""
    render = resources.files("render.orbis").joinpath("locales")
    for source in (SOURCE.joinpath("locales"), render):
        en = json.loads(source.joinpath("en.json").read_text(encoding="utf-8"))
        fr = json.loads(source.joinpath("fr.json").read_text(encoding="utf-8"))
        assert [k for k, v in en.items() if re.search(r"\bPC\b", v)] == []
        assert any(re.search(r"\bCP\b", v) for v in en.values())
        assert not any(re.search(r"\bCP\b", v) for v in fr.values())
