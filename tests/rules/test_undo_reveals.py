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
from rules.tribes.options import CHIEFS

ORACLE_SAMPLES = 4
"""Draws per sight of the independent second opinion (the contract draws 16 for the
mover's and the public view; the second opinion draws elsewhere, for every seat)."""


def _walk(
    game: Game,
    players: int,
    seed: int,
    moves: int = 400,
    options: dict[str, Any] | None = None,
) -> list[tuple[State, Any]]:
    """(state before, ``Applied``) for each move of a seeded random game."""
    chooser = random.Random(f"undo/{game.spec.id}/{players}/{seed}")
    state = game.setup(seats_for(players), f"undo-{seed}", options)
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


GAMES_AND_OPTIONS = [
    *((game_id, {}, 2) for game_id in registry.ids()),
    ("tribes", {CHIEFS.name: True}, 3),
]
"""Every game as set up by default, and the options that add secrets of their own, with
the seed of a walk that meets them (with ``chiefs``, walk 3 has a Prémonition: cards
seen and a card being peeked at, besides the picks)."""

RARE = ("chief/",)
"""Zones that few states hold: every such state of the walk is checked."""


@pytest.mark.parametrize(("game_id", "options", "walk"), GAMES_AND_OPTIONS)
def test_hidden_zones_are_what_determinize_draws_again(
    game_id: str, options: dict[str, Any], walk: int
) -> None:
    """Every game with hidden information names its hidden zones: ``determinize`` keeps
    each kind's items (it only deals them again across the zones of that kind), and it
    changes nothing outside them (with every hidden item blanked, the two states are
    the same)."""
    game = registry.get(game_id)
    if not game.has_hidden_information:
        assert game.hidden_zones(game.setup(seats_for(game.spec.min_seats), "z"), ONLOOKER) is None
        return
    players = min(3, game.spec.max_seats)
    checked = 0
    met: set[str] = set()
    for n, (before, _applied) in enumerate(_walk(game, players, walk, moves=120, options=options)):
        public = game.hidden_zones(before, ONLOOKER) or []
        if n % 6 and not any(z.items and z.name.startswith(RARE) for z in public):
            continue
        met |= {z.kind.split("/")[1] for z in public if z.items and z.kind.startswith("chief/")}
        for sight in [*before.seats, ONLOOKER]:
            zones = game.hidden_zones(before, sight)
            assert zones is not None and len({z.name for z in zones}) == len(zones)
            other = game.determinize(before, sight, random.Random(f"zones/{sight}"))
            redrawn = game.hidden_zones(other, sight)
            assert redrawn is not None
            assert [z.name for z in redrawn] == [z.name for z in zones]
            assert [len(z.items) for z in redrawn] == [len(z.items) for z in zones]
            for kind in {z.kind for z in zones}:
                items = sorted(map(repr, (i for z in zones if z.kind == kind for i in z.items)))
                again = sorted(map(repr, (i for z in redrawn if z.kind == kind for i in z.items)))
                assert items == again, (game_id, sight, kind)
            mine, theirs = before.copy(), other.copy()
            for state in (mine, theirs):
                for zone in game.hidden_zones(state, sight) or []:
                    for i in range(len(zone.items)):
                        zone.set(i, None)
            assert mine.data == theirs.data, (game_id, sight)
            checked += 1
    assert checked
    if options.get(CHIEFS.name):
        assert met == {"pick", "seen", "peek"}, met


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


def _blind_determinize(self: Game, state: State, seat: Any, rng: random.Random) -> State:
    """A ``determinize`` that draws nothing again: the judgement's sampling then sees no
    other world, and only the zones can refuse a move."""
    return state.copy()


def _shown(game: Game, before: State, after: State, sight: Any, prefix: str) -> bool:
    """Whether an item of the zones named ``prefix...`` hidden from ``sight`` came into
    its sight (kind by kind, as the judgement compares them)."""
    from rules.core.zones import shows_hidden

    was = [z for z in game.hidden_zones(before, sight) or [] if z.name.startswith(prefix)]
    now = [z for z in game.hidden_zones(after, sight) or [] if z.name.startswith(prefix)]
    return any(
        shows_hidden([z for z in was if z.kind == k], [z for z in now if z.kind == k])
        for k in {z.kind for z in was}
    )


def _zones_alone_refuse(
    game: Game,
    steps: list[tuple[State, Any]],
    prefix: str,
    old: tuple[str, ...],
    monkeypatch: pytest.MonkeyPatch,
) -> int:
    """For each move of ``steps`` that shows its mover an item of the zones ``prefix...``
    and passes the cheap checks: refused with the judgement's sampling blind, and let
    through once the zones are cut back to the ``old`` ones. Returns how many."""
    cls = type(game)
    named = cls.hidden_zones
    moves = [
        (before, applied)
        for before, applied in steps
        if _shown(game, before, applied.state, applied.seat, prefix)
        and game.play(before, applied.seat, applied.move, judge=False).undoable
    ]
    for _before, applied in moves:
        assert not applied.undoable, applied.move.code
    with monkeypatch.context() as patch:
        patch.setattr(cls, "determinize", _blind_determinize)
        for before, applied in moves:
            assert not game.play(before, applied.seat, applied.move).undoable
        patch.setattr(
            cls,
            "hidden_zones",
            lambda self, state, sight: [
                z for z in named(self, state, sight) if z.name.startswith(old)
            ],
        )
        for before, applied in moves:
            assert game.play(before, applied.seat, applied.move).undoable
    return len(moves)


def test_a_token_won_in_origin_junior_is_seen_by_its_zones(monkeypatch: pytest.MonkeyPatch) -> None:
    """Moving onto a face-down Hunting or Strait token shows its value to the mover: the
    token leaves the zones hidden from it, and the judgement refuses the undo without
    sampling (with the tile zones alone and the sampling blind, it would be let
    through). By the rules nothing a player does depends on the value of its own
    tokens, so the public view is never told them by a move."""
    steps = [step for seed in range(2) for step in _walk(JUNIOR, 3, seed, moves=150)]
    assert _zones_alone_refuse(JUNIOR, steps, ("hunting/", "strait/"), ("tile/",), monkeypatch) >= 3


def test_a_chiefs_pick_revealed_in_tribes_is_seen_by_its_zones(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """With the ``chiefs`` option, a seat's first placement reveals the power it picked
    in secret: the pick leaves the zones hidden from the table, and the judgement
    refuses the undo without sampling (with the goal decks alone and the sampling blind,
    it would be let through)."""
    from rules.tribes.engine import TRIBES_GAME as TRIBES

    steps = _walk(TRIBES, 3, 3, moves=12, options={CHIEFS.name: True})
    public = [
        (before, applied)
        for before, applied in steps
        if _shown(TRIBES, before, applied.state, None, "chief/pick/")
    ]
    assert len(public) == 3  # each seat's pick, at its first placement
    for _before, applied in public:
        assert not applied.undoable
    with monkeypatch.context() as patch:
        patch.setattr(type(TRIBES), "determinize", _blind_determinize)
        for before, applied in public:
            assert not TRIBES.play(before, applied.seat, applied.move).undoable
        named = type(TRIBES).hidden_zones
        patch.setattr(
            type(TRIBES),
            "hidden_zones",
            lambda self, state, sight: [
                z for z in named(self, state, sight) if z.name.startswith("goals/")
            ],
        )
        for before, applied in public:
            assert TRIBES.play(before, applied.seat, applied.move).undoable
