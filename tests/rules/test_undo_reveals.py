"""Undo never takes back what someone saw (issue 26, point 1).

A move is undoable only if neither the public view nor any seat's view shows anything
that was hidden before it. The contract judges that itself (``Game._reveals``: the same
move played in states the viewer cannot tell from the real one must look the same to
it), so a game registered later is covered without a flag of its own. Here: the two
kinds of move that slipped through (Origin Junior's hidden tokens, Origin Classic's
reward board refilled from the face-down reserve), and a walk through random games of
every registered game where every move said "undoable" is asked again, independently:
other draws, and every seat's own view besides the mover's and the public one.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from campfire_testing.random_games import choose_move, seats_for
from rules import registry
from rules.base import Game, State
from rules.core.game import ONLOOKER
from rules.origin import JUNIOR
from rules.origin.classic.engine import CLASSIC

ORACLE_SAMPLES = 4
"""Draws per sight of the independent second opinion (the contract draws 16 for the
mover's and the public view; the second opinion draws elsewhere, for every seat)."""


def _walk(game: Game, players: int, seed: int, moves: int = 400) -> list[tuple[State, Any]]:
    """(state before, ``Applied``) for each move of a seeded random game."""
    chooser = random.Random(f"undo/{game.spec.id}/{players}/{seed}")
    state = game.setup(seats_for(players), f"undo-{seed}")
    steps = []
    for _ in range(moves):
        if game.outcome(state) is not None:
            break
        seat = chooser.choice(sorted(game.to_act(state)))
        applied = game.play(state, seat, choose_move(chooser, game.legal_moves(state, seat)))
        steps.append((state, applied))
        state = applied.state
    return steps


def test_moving_onto_a_hidden_token_in_origin_junior_cannot_be_undone() -> None:
    """The mover sees the value of the Hunting or Strait token it moved onto."""

    def won(data: dict[str, Any], seat: int) -> int:
        return len(data["hunting_of"][seat]) + len(data["straits_of"][seat])

    tokens = 0
    for seed in range(3):
        for before, applied in _walk(JUNIOR, 3, seed):
            me = before.seats.index(applied.seat)
            if won(applied.state.data, me) > won(before.data, me):
                assert not applied.undoable, applied.move.code
                tokens += 1
    assert tokens >= 3


def test_refilling_the_reward_board_in_origin_classic_cannot_be_undone() -> None:
    """Taking an Innovation tile turns the next tile of the face-down reserve up. (The
    last tile of the reserve is no secret: every other tile is in sight, so turning it
    up shows nothing and may be undone.)"""
    refills = kept = 0
    for seed in range(3):
        for before, applied in _walk(CLASSIC, 3, seed):
            reserve = len(before.data["reserve"])
            if len(applied.state.data["reserve"]) < reserve and reserve > 1:
                assert not applied.undoable, applied.move.code
                refills += 1
            elif applied.undoable:
                kept += 1
    assert refills >= 3 and kept >= 50  # the other moves stay undoable


@pytest.mark.parametrize("game_id", registry.ids())
def test_onlooker_draws_keep_the_public_view(game_id: str) -> None:
    """``determinize`` for ``ONLOOKER`` (no seat) keeps what the table sees."""
    game = registry.get(game_id)
    players = min(3, game.spec.max_seats)
    for before, _applied in _walk(game, players, 0, moves=60)[::10]:
        other = game.determinize(before, ONLOOKER, random.Random(1))
        assert game.view(other, None) == game.view(before, None)


@pytest.mark.parametrize("game_id", registry.ids())
def test_no_move_said_undoable_shows_anything_hidden(game_id: str) -> None:
    """Every move of a random game that says "undoable", asked again with other draws
    from every seat's view and the public one, shows nobody anything new."""
    game = registry.get(game_id)
    players = min(3, game.spec.max_seats)
    undoable = 0
    for before, applied in _walk(game, players, 1, moves=250):
        if not applied.undoable:
            continue
        undoable += 1
        sights = [*applied.state.playing, None]
        assert not game._reveals(
            before,
            applied.state,
            applied.seat,
            applied.move,
            samples=ORACLE_SAMPLES,
            sights=sights,
            salt="second-opinion",
        ), f"{game_id}: {applied.move.code} (move {applied.state.version}) said undoable"
    assert undoable


def _classic_move(players: int, walk: int, target: int) -> tuple[State, Any]:
    """(state before, the move) of move ``target`` of a seeded random Origin Classic game
    dealt with the seed ``seed0``."""
    chooser = random.Random(f"undo/origin/{players}/{walk}")
    state = CLASSIC.setup(seats_for(players), "seed0")
    for _ in range(target - 1):
        seat = chooser.choice(sorted(CLASSIC.to_act(state)))
        state = CLASSIC.apply(state, seat, choose_move(chooser, CLASSIC.legal_moves(state, seat)))
    seat = chooser.choice(sorted(CLASSIC.to_act(state)))
    return state, (seat, choose_move(chooser, CLASSIC.legal_moves(state, seat)))


@pytest.mark.parametrize(
    ("players", "walk", "target", "code"),
    [(2, 0, 134, "tile:in18"), (2, 3, 112, "tile:in12"), (4, 0, 267, "tile:in19")],
)
def test_a_tile_that_lets_the_turn_go_on_only_by_a_card_in_hand_cannot_be_undone(
    players: int, walk: int, target: int, code: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 37: after taking an Innovation tile, the turn goes on only if the mover can
    still play a card, and here exactly one card of its hidden hand is playable, so the
    public view saying who plays next tells the table about that hand. 16 sampled
    hands miss it (the probe's case: 1 of 333 moves); exchanging each card of the
    mover's hidden hand with each other card it could be finds it every time."""
    before, (seat, move) = _classic_move(players, walk, target)
    assert move.code == code
    applied = CLASSIC.play(before, seat, move)
    assert CLASSIC.to_act(applied.state) == {seat}  # the turn goes on: a card to play
    assert not applied.undoable
    assert CLASSIC._zones_show(
        before, applied.state, seat, applied.move, None, CLASSIC.view(applied.state, None)
    )
    monkeypatch.setattr(type(CLASSIC), "hidden_zones", lambda self, state, sight: None)
    assert CLASSIC.play(before, seat, move).undoable  # sampling alone let it through


COMPLETE_ZONES = {"origin", "sapiens", "orbis"}
"""The games whose zones are everything ``determinize`` draws again (the others name the
zones of interchangeable items and leave the rest to sampling)."""


@pytest.mark.parametrize("game_id", registry.ids())
def test_hidden_zones_are_what_determinize_draws_again(game_id: str) -> None:
    """Every game with hidden information names its hidden zones; ``determinize`` keeps
    each kind's items (it only deals them again across the zones of that kind), and for
    the games whose zones are complete, it changes nothing outside them."""
    game = registry.get(game_id)
    if not game.has_hidden_information:
        assert game.hidden_zones(game.setup(seats_for(game.spec.min_seats), "z"), ONLOOKER) is None
        return
    players = min(3, game.spec.max_seats)
    checked = 0
    for before, _applied in _walk(game, players, 2, moves=120)[::6]:
        for sight in [*before.seats, ONLOOKER]:
            zones = game.hidden_zones(before, sight)
            assert zones is not None and len({z.name for z in zones}) == len(zones)
            other = game.determinize(before, sight, random.Random(f"zones/{sight}"))
            redrawn = game.hidden_zones(other, sight)
            assert redrawn is not None
            assert [z.name for z in redrawn] == [z.name for z in zones]
            for kind in {z.kind for z in zones}:
                items = sorted(map(repr, (i for z in zones if z.kind == kind for i in z.items)))
                again = sorted(map(repr, (i for z in redrawn if z.kind == kind for i in z.items)))
                assert items == again, (game_id, sight, kind)
            if game_id in COMPLETE_ZONES:
                mine, theirs = before.copy(), other.copy()
                for state in (mine, theirs):
                    for zone in game.hidden_zones(state, sight) or []:
                        zone.items.clear()
                assert mine.data == theirs.data, (game_id, sight)
            checked += 1
    assert checked


def test_the_zones_alone_see_a_tile_turned_up_from_the_reserve() -> None:
    """The exact comparison of the zones: a tile leaving the face-down reserve for the
    board is seen without sampling, the last one (nothing else it could be) is not."""
    from rules.core.zones import shows_hidden

    refills = 0
    for seed in range(3):
        for before, applied in _walk(CLASSIC, 3, seed):
            reserve = len(before.data["reserve"])
            if len(applied.state.data["reserve"]) >= reserve:
                continue
            zones = CLASSIC.hidden_zones(before, ONLOOKER)
            after = CLASSIC.hidden_zones(applied.state, ONLOOKER)
            assert zones is not None and after is not None
            shown = shows_hidden(zones, after)
            assert shown == (len(set(before.data["reserve"])) > 1), applied.move.code
            refills += shown
    assert refills >= 3
