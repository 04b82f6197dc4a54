"""The public view's documented shape, private sections, and every text in both languages."""

from __future__ import annotations

import json
import random
import re

from campfire_testing.random_games import play_random_game
from rules.base import Text
from rules.i18n import has_key, translate
from rules.sapiens import SAPIENS
from rules.sapiens import view as view_module
from tests.rules.sapiens.helpers import SEATS, new_game, play

PLAYER_KEYS = {
    "index",
    "faces",
    "cells",
    "caves",
    "falls",
    "tiles",
    "tribe",
    "bears",
    "pool",
    "food",
    "shelter",
    "steaks",
    "tokens",
    "baston",
    "started",
    "finished",
}
GAME_KEYS = {
    "phase",
    "round",
    "active",
    "first",
    "ending",
    "scenes",
    "pile",
    "removed",
    "discarded",
    "common",
    "supply",
    "last_tile",
    "step",
    "players",
    "me",
}


def test_view_has_the_documented_keys_and_is_json() -> None:
    state = play_random_game(SAPIENS, 4, 3, checked=False)
    for seat in (None, *SEATS):
        view = SAPIENS.view(state, seat)
        json.dumps(view)
        assert set(view) >= GAME_KEYS
        for key in GAME_KEYS:
            assert f'"{key}"' in (view_module.__doc__ or ""), key
        for seat_view in view["players"].values():
            assert set(seat_view) == PLAYER_KEYS
            assert len(seat_view["cells"]) == 40 and len(seat_view["caves"]) == 6
            assert len(seat_view["falls"]) == 2


def test_view_mid_game_shows_the_pending_step() -> None:
    state = new_game(3, "view")
    first = SEATS[state.data["first"]]
    state = SAPIENS.apply(state, first, SAPIENS.legal_moves(state, first)[0].code)
    view = SAPIENS.view(state, None)
    assert view["step"]["kind"] == "cell" and view["step"]["seat"] == first
    assert view["active"] == first and view["phase"] == "start"


def test_private_sections_for_every_seat() -> None:
    state = new_game(3, "view")
    for seat in SEATS[:3]:
        sections = SAPIENS.private_sections(state, seat)
        assert sections and len(sections[0].lines) == 1 + 4 + 2
        for lang in ("en", "fr"):
            for line in sections[0].lines:
                assert "{" not in translate(line, lang)


def _check_text(text: Text) -> None:
    assert has_key(text.key), text.key
    for lang in ("en", "fr"):
        out = translate(text, lang)
        assert not re.search(r"\{[a-z_]+\}", out), (text, out)
        assert "sapiens." not in out, (text, out)


def test_every_label_and_note_of_random_games_reads_in_both_languages() -> None:
    for players in (2, 3, 4):
        chooser = random.Random(players)
        state = SAPIENS.setup(SEATS[:players], f"texts-{players}")
        while SAPIENS.outcome(state) is None:
            seat = sorted(SAPIENS.to_act(state))[0]
            moves = SAPIENS.legal_moves(state, seat)
            for move in moves:
                _check_text(move.label)
                assert move.group == "" or move.group in SAPIENS.spec.groups, move.group
            applied = SAPIENS.play(state, seat, chooser.choice(moves).code, judge=False)
            _check_text(applied.label)
            for note in applied.notes:
                _check_text(note)
            state = applied.state
        outcome = SAPIENS.outcome(state)
        assert outcome is not None
        _check_text(outcome.termination)


def test_spec_texts_exist() -> None:
    for text in (SAPIENS.spec.name, SAPIENS.spec.summary, *SAPIENS.spec.tips):
        _check_text(text)
    for key in ("sapiens.food", "sapiens.shelter", "sapiens.end.normal", "sapiens.end.stuck"):
        assert has_key(key)


PROBES = [
    "tile:fe-cu#1",
    "at:a1",
    "at:nc1",
    "at:h9",
    "lay:a1:a2",
    "lay:a1:h5",
    "token:fe",
    "token:cu",
    "do:fe",
    "rite:fe",
    "mark:fe-cu#1",
    "from:fe-cu#1",
    "get:fe-cu#1",
    "give:fe-cu#1",
    "convert",
    "keep",
    "bear:1",
    "bear:7",
    "den:a1",
    "unbear:a1",
    "take:fe-cu#1",
    "refill",
    "discard:fe-cu#1",
    "abandon",
    "stop",
    "skip",
    "back",
    "pay:1",
    "recall:fe-cu#1",
]


def test_every_refusal_has_a_reason_in_both_languages() -> None:
    """Well-formed codes that are not legal now are refused with a readable reason,
    whatever the position (a sample of positions of random games)."""
    from rules.base import MoveError

    chooser = random.Random(5)
    state = SAPIENS.setup(SEATS[:3], "probes")
    count = 0
    while SAPIENS.outcome(state) is None:
        seat = sorted(SAPIENS.to_act(state))[0]
        moves = SAPIENS.legal_moves(state, seat)
        legal = {m.code for m in moves}
        if count % 7 == 0:
            for code in PROBES:
                assert SAPIENS.is_well_formed(code), code
                if code in legal:
                    continue
                try:
                    SAPIENS.apply(state, seat, code)
                except MoveError as exc:
                    _check_text(Text(exc.key, exc.params))
                else:
                    raise AssertionError(f"{code} was applied though not legal")
        state = SAPIENS.apply(state, seat, chooser.choice(moves).code)
        count += 1


def test_refusal_after_laying_says_the_tile_is_down() -> None:
    """A second tile, an abandon or a stop once the turn's tile is down is refused for
    that reason (it said "not possible now", or "you can still start a new tribe")."""
    from tests.rules.sapiens.test_effects import position

    state = position(["CA-CH#1", "EA-FU#1", "FE-RI#1"])
    state = play(state, "tile:ea-fu#1", "at:a3", "lay:a3:a4", "skip")
    assert state.data["step"]["laid"] and not state.data["frames"]
    for code in ("tile:ca-ch#1", "abandon", "stop"):
        assert SAPIENS.explain_illegal(state, "ana", code).key == "sapiens.why.laid_already"


def test_refusal_to_stop_while_a_tile_fits_says_so() -> None:
    from tests.rules.sapiens.test_effects import position

    state = position(["CA-CH#1", "EA-FU#1", "FE-RI#1"])
    assert SAPIENS.explain_illegal(state, "ana", "stop").key == "sapiens.why.not_stuck"


def test_one_steak_and_one_tile_read_in_the_singular() -> None:
    """Labels name one steak or one tile without "(s)", in both languages."""
    from rules.base import Move
    from tests.rules.sapiens.helpers import player
    from tests.rules.sapiens.test_effects import position

    laid = [("CH-FU#1", "SB5", "B5"), ("EA-CH#1", "A4", "A3")]
    state = position(["CA-CH#1", "EA-FU#1"], laid=laid)
    state = play(state, "tile:ca-ch#1", "at:a2", "lay:b2:a2")
    moves: list[Move] = SAPIENS.legal_moves(state, "ana")
    for lang in ("en", "fr"):
        labels = [translate(m.label, lang) for m in moves]
        assert all("(s)" not in t for t in labels), labels
    assert translate(moves[0].label, "en") == "take a steak and trade it for 1 food"
    state = play(state, "convert")
    assert player(state, 0)["steaks"] == 0
    notes = [translate(Text(n["key"], n["params"]), "en") for n in state.last["notes"]]  # type: ignore[index]
    assert "ana trades 1 steak for 1 food" in notes


def test_a_real_move_at_the_wrong_step_says_what_comes_first() -> None:
    """Sapiens answered "that move is not possible now": a move of another step now
    names the step the turn waits on ("not now: first …"), in both languages."""
    from tests.rules.sapiens.test_effects import position

    state = position(["CA-CH#1", "EA-FU#1", "FE-RI#1"])
    for code in ("at:a3", "lay:a3:a4", "take:fe-cu#1", "skip", "den:b2", "rite:fe"):
        refusal = SAPIENS.explain_illegal(state, "ana", code)
        assert refusal.key == "sapiens.why.first", code
        assert refusal.params["what"] == "@sapiens.first.tile"
    text = Text("sapiens.why.first", {"what": "@sapiens.first.tile"})
    assert translate(text, "en") == "not now: first choose a tile from your pool to lay"
    assert (
        translate(text, "fr")
        == "pas maintenant : d'abord choisir une tuile de votre réserve à poser"
    )
    state = play(state, "tile:ea-fu#1")
    refusal = SAPIENS.explain_illegal(state, "ana", "tile:ca-ch#1")
    assert (refusal.key, refusal.params["what"]) == ("sapiens.why.first", "@sapiens.first.cell")
    state = play(state, "at:a3")
    refusal = SAPIENS.explain_illegal(state, "ana", "skip")
    assert refusal.params["what"] == "@sapiens.first.orient"


def test_every_step_has_its_first_text_and_no_refusal_is_vague() -> None:
    """Each decision a turn can wait on says what to do in both languages, and random
    games never meet the old catch-all reason."""
    from rules.sapiens.explain import STEP_KINDS

    for kind in STEP_KINDS:
        assert has_key(f"sapiens.first.{kind}"), kind
    assert not has_key("sapiens.why.not_now")
    chooser = random.Random(11)
    state = SAPIENS.setup(SEATS[:2], "vague")
    count = 0
    while SAPIENS.outcome(state) is None:
        seat = sorted(SAPIENS.to_act(state))[0]
        moves = SAPIENS.legal_moves(state, seat)
        legal = {m.code for m in moves}
        if count % 9 == 0:
            for code in PROBES:
                if code not in legal:
                    refusal = SAPIENS.explain_illegal(state, seat, code)
                    _check_text(Text(refusal.key, refusal.params))
        state = SAPIENS.apply(state, seat, chooser.choice(moves).code)
        count += 1


def test_names_the_game_does_not_have_are_refused_as_such() -> None:
    from tests.rules.sapiens.test_effects import position

    state = position(["CA-CH#1", "EA-FU#1", "FE-RI#1"])
    cases = {
        "token:zz": "sapiens.why.no_such_scene",
        "at:z9": "sapiens.why.no_such_square",
        "lay:a1:zz9": "sapiens.why.no_such_square",
    }
    for code, key in cases.items():
        assert SAPIENS.is_well_formed(code), code
        assert SAPIENS.explain_illegal(state, "ana", code).key == key, code


def test_french_counts_agree_and_punctuation_is_spaced() -> None:
    """French reads as French: "1 point d'abri", "3 points de nourriture", no "(s)",
    a space before ":", ";", "?" and "!"."""
    from pathlib import Path

    import rules.sapiens

    base = Path(rules.sapiens.__file__).parent / "locales" / "fr.json"
    catalogue = json.loads(base.read_text(encoding="utf-8"))
    for key, value in catalogue.items():
        bare = re.sub(r"\{[^}]*\}", "X", value)
        assert "(s)" not in bare, key
        assert not re.search(r"[^ \u00a0\u202f][:;?!]", bare), (key, value)
    one = Text("sapiens.note.campement", {"seat": "Bob", "n": 1})
    three = Text("sapiens.note.campement", {"seat": "Bob", "n": 3})
    assert translate(one, "fr") == "Campement : Bob gagne 1 point d'abri"
    assert translate(three, "fr") == "Campement : Bob gagne 3 points d'abri"


def test_every_seat_in_a_label_or_note_is_a_seat_parameter() -> None:
    """Front ends show a seat's name for the parameters ``rules.i18n.SEAT_PARAMS``
    names: no label or note of a random game carries a seat id under another name (it
    would read "p2's pool")."""
    from rules.i18n import SEAT_PARAMS

    for players in (2, 4):
        chooser = random.Random(players + 20)
        state = SAPIENS.setup(SEATS[:players], f"names-{players}")
        while SAPIENS.outcome(state) is None:
            seat = sorted(SAPIENS.to_act(state))[0]
            moves = SAPIENS.legal_moves(state, seat)
            for move in moves:
                for key, value in move.label.params.items():
                    assert value not in state.seats or key in SEAT_PARAMS, (move.code, key)
            applied = SAPIENS.play(state, seat, chooser.choice(moves).code, judge=False)
            for note in applied.notes:
                for key, value in note.params.items():
                    assert value not in state.seats or key in SEAT_PARAMS, (note.key, key)
            state = applied.state
