"""The hint's why in words: what the advised move gains against the next best, in plain
words of the game, never an internal estimate; who can win when every move loses."""

from __future__ import annotations

import dataclasses
import functools
import random
import re

import pytest

import ai
from bot.service.hints import named, why
from rules import registry
from rules.base import Game, State
from rules.i18n import LANGS, translate

GAMES = ("origin-junior", "origin", "sapiens", "orbis", "tribes", "nim")
NAMES = {"u1": "Ann", "u2": "Bob", "u3": "Cyd"}
DECIMAL = re.compile(r"\d[.,]\d")
KEY = re.compile(r"\b[a-z_]+\.[a-z_]+\.[a-z_.]+\b")
ESTIMATES = ("estimated", "estimate", "estimée", "estimation", "lead over", "avance")


def position(game: Game, seats: int, seed: str, plies: int) -> State:
    """A state ``plies`` moves into a game (greedy and random moves mixed), or the last
    one before a move that would end it."""
    state = game.setup(list(NAMES)[:seats], seed, None)
    pick = random.Random(seed)
    for n in range(plies):
        seat = sorted(game.to_act(state))[0]
        if pick.random() < 0.5:
            code = ai.choose(game, state, seat, "greedy", f"{seed}-{n}")
        else:
            code = pick.choice(game.legal_moves(state, seat)).code
        after = game.apply(state, seat, code)
        if not game.to_act(after):
            break
        state = after
    return state


def words(advice: ai.Advice, lang: str) -> str:
    return translate(named(why(advice), NAMES), lang)


@functools.cache
def advices(game_id: str) -> list[ai.Advice]:
    game = registry.get(game_id)
    found = []
    for seats in (2, 3):
        for plies in (0, 7, 19, 41):
            state = position(game, seats, f"why-{seats}-{plies}", plies)
            seat = sorted(game.to_act(state))[0]
            found.append(ai.advise(game, state, seat, "w"))
    return found


@pytest.mark.parametrize("game_id", GAMES)
def test_the_why_says_no_estimate_no_decimal_and_no_key(game_id: str) -> None:
    for advice in advices(game_id):
        for lang in LANGS:
            text = words(advice, lang)
            assert text.startswith(("Why: ", "Pourquoi : ", "It is", "C'est")), text
            assert not DECIMAL.search(text), text
            assert not any(word in text.lower() for word in ESTIMATES), text
            assert "{" not in text and not KEY.search(text), text
            assert not any(seat in text.split() for seat in NAMES), text


@pytest.mark.parametrize("game_id", GAMES)
def test_two_moves_with_different_effects_get_different_whys(game_id: str) -> None:
    """The advised move and the next best, swapped: where what their lines do differs,
    the why differs, and it names what the advised line does that the other does not."""
    compared = 0
    for advice in advices(game_id):
        if advice.other is None or advice.other_effects is None or advice.ends is not None:
            continue
        if advice.effects.lost_to is not None or advice.effects == advice.other_effects:
            continue
        swapped = dataclasses.replace(
            advice,
            move=advice.other,
            other=advice.move,
            effects=advice.other_effects,
            other_effects=advice.effects,
        )
        for lang in LANGS:
            assert words(advice, lang) != words(swapped, lang)
            mine = [translate(named(e.text, NAMES), lang) for e in advice.effects.effects]
            theirs = [translate(named(e.text, NAMES), lang) for e in advice.other_effects.effects]
            text = words(advice, lang)
            assert any(m in text for m in mine if m not in theirs) or not set(mine) - set(theirs)
            assert translate(named(advice.other.label, NAMES), lang) in text
        compared += 1
    assert compared, "no position of this game compared two moves"


def nim_at(stones: int) -> tuple[Game, State]:
    game = registry.get("nim")
    state = game.setup(["u1", "u2"], "why", {"stones": 60})
    state.data["stones"] = stones
    return game, state


def test_nim_names_the_multiple_of_four_it_leaves() -> None:
    game, state = nim_at(14)
    advice = ai.advise(game, state, "u1", "s")
    assert advice.code == "take2"
    english = words(advice, "en")
    assert english.startswith("Why: 12 stones left, a multiple of 4, so whatever Bob takes")
    assert "The next best move, “take" in english
    french = words(advice, "fr")
    assert "il reste 12 pierres, un multiple de 4, donc quoi que prenne Bob" in french


def test_nim_says_when_every_move_loses() -> None:
    game, state = nim_at(12)
    advice = ai.advise(game, state, "u1", "s")
    english = words(advice, "en")
    assert english.startswith("Why: whatever you play, Bob can win from here by playing well.")
    left = 12 - int(advice.code[4:])
    assert f"{left} stones left, and Bob can take {left % 4} to leave you a multiple of 4" in (
        english
    )
    assert words(advice, "fr").startswith("Pourquoi : quoi que vous jouiez, Bob peut gagner")
    won = words(ai.advise(game, nim_at(14)[1], "u1", "s"), "en")
    assert won != english


def test_a_move_that_ends_the_game_lost_names_the_winner() -> None:
    advice = ai.Advice(
        move=registry.get("nim").legal_moves(nim_at(5)[1], "u1")[0],
        only=False,
        total_before=0,
        total_after=0,
        value_before=-1.0,
        value_after=-1.0,
        ends="loss",
        steps=1,
        winners=("u2",),
    )
    assert words(advice, "en") == (
        "Why: whatever you play, the game ends now and Bob wins; "
        "this move ranks you as high as you can get."
    )
