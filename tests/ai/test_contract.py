"""The AI contract over every registered game: determinism, no cheating, whole games.

Hidden information: ``determinize`` keeps the seat's view and draws the rest from the
AI's generator alone, so two states that differ only in what the seat cannot see give
the same decision with the same seed.
"""

from __future__ import annotations

import random

import pytest

import ai
from rules import registry
from rules.base import Game, State

GAMES = registry.ids()
STRONG_BUDGET = 300
"""Simulated moves per ``strong`` decision in tests: machine-independent and quick."""


def _midgame(game: Game, seed: str, plies: int) -> State:
    """A state ``plies`` random moves into a two-seat game, or fewer: the last state
    before a move that would end it (a short game such as Nim still has a decision)."""
    state = game.setup(["a", "b"], seed, None)
    pick = random.Random(seed)
    for _ in range(plies):
        acting = sorted(game.to_act(state))
        seat = pick.choice(acting)
        after = game.apply(state, seat, pick.choice(game.legal_moves(state, seat)))
        if not game.to_act(after):
            break
        state = after
    return state


def _decide(game: Game, state: State, level: str, seed: str) -> tuple[str, str]:
    seat = sorted(game.to_act(state))[0]
    return seat, ai.choose(game, state, seat, level, seed, budget_moves=STRONG_BUDGET)


@pytest.mark.parametrize("game_id", GAMES)
def test_a_game_with_hidden_information_overrides_determinize(game_id: str) -> None:
    game = registry.get(game_id)
    if game.has_hidden_information:
        assert type(game).determinize is not Game.determinize, game_id


@pytest.mark.parametrize("game_id", GAMES)
def test_a_game_with_private_views_declares_hidden_information(game_id: str) -> None:
    """A seat seeing more than the table means something is hidden from the others."""
    game = registry.get(game_id)
    for plies in (0, 9, 30):
        state = _midgame(game, f"private{plies}", plies)
        public = game.view(state, None)
        for seat in state.seats:
            if game.outcome(state) is None and game.view(state, seat) != public:
                assert game.has_hidden_information, (game_id, seat, plies)


@pytest.mark.parametrize("game_id", GAMES)
@pytest.mark.parametrize("plies", [0, 7, 25])
def test_determinize_keeps_the_view_of_the_seat(game_id: str, plies: int) -> None:
    game = registry.get(game_id)
    state = _midgame(game, f"view{plies}", plies)
    for seat in state.seats:
        for r in range(3):
            world = game.determinize(state, seat, random.Random(r))
            assert game.view(world, seat) == game.view(state, seat)
            assert [m.code for m in game.legal_moves(world, seat)] == [
                m.code for m in game.legal_moves(state, seat)
            ]


@pytest.mark.parametrize("game_id", GAMES)
@pytest.mark.parametrize("level", ai.LEVELS)
def test_the_same_seed_gives_the_same_decision(game_id: str, level: str) -> None:
    game = registry.get(game_id)
    state = _midgame(game, "same", 9)
    if not game.to_act(state):
        pytest.skip("the game ended")
    first = _decide(game, state, level, "seed-1")
    assert _decide(game, state.copy(), level, "seed-1") == first
    seat, code = first
    assert code in {m.code for m in game.legal_moves(state, seat)}


@pytest.mark.parametrize("game_id", GAMES)
@pytest.mark.parametrize("level", ai.LEVELS)
@pytest.mark.parametrize("plies", [0, 11])
def test_no_cheating_a_resampled_world_gives_the_same_decision(
    game_id: str, level: str, plies: int
) -> None:
    """Determinize S with another generator into S' (same view, other hidden things):
    the AI decides the same from S and from S' with the same seed."""
    game = registry.get(game_id)
    state = _midgame(game, f"cheat{plies}", plies)
    if not game.to_act(state):
        pytest.skip("the game ended")
    seat = sorted(game.to_act(state))[0]
    for r in range(2):
        other = game.determinize(state, seat, random.Random(f"other{r}"))
        assert game.view(other, seat) == game.view(state, seat)
        for seed in ("s1", "s2"):
            assert ai.choose(
                game, other, seat, level, seed, budget_moves=STRONG_BUDGET
            ) == ai.choose(game, state, seat, level, seed, budget_moves=STRONG_BUDGET)


@pytest.mark.parametrize("game_id", GAMES)
@pytest.mark.parametrize("levels", [("greedy", "random"), ("random", "greedy")])
def test_whole_games_finish_with_invariants(game_id: str, levels: tuple[str, str]) -> None:
    game = registry.get(game_id)
    state = game.setup(["a", "b"], f"whole-{levels[0]}", None)
    level_of = dict(zip(state.seats, levels, strict=True))
    for n in range(3000):
        acting = sorted(game.to_act(state))
        if not acting:
            break
        seat = acting[0]
        code = ai.choose(game, state, seat, level_of[seat], f"m{n}")
        state = game.apply(state, seat, code)
        game.check_step_invariants(state)
    assert game.outcome(state) is not None
    game.check_invariants(state)


@pytest.mark.parametrize("game_id", GAMES)
def test_strong_with_a_small_budget_finishes_a_game(game_id: str) -> None:
    game = registry.get(game_id)
    state = game.setup(["a", "b"], "strong", None)
    level_of = {"a": "strong", "b": "greedy"}
    for n in range(3000):
        acting = sorted(game.to_act(state))
        if not acting:
            break
        seat = acting[0]
        code = ai.choose(game, state, seat, level_of[seat], f"m{n}", budget_moves=20)
        state = game.apply(state, seat, code)
        game.check_step_invariants(state)
    assert game.outcome(state) is not None
    game.check_invariants(state)


def test_an_unknown_level_is_refused() -> None:
    game = registry.get("nim")
    state = game.setup(["a", "b"], "x", None)
    with pytest.raises(ValueError):
        ai.choose(game, state, "a", "perfect", "s")


@pytest.mark.parametrize("game_id", ["origin", "tribes"])
def test_strong_overdraws_a_time_budget_by_one_greedy_decision_at_most(
    game_id: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The clock is read before every decision of a rollout, not only between rollouts:
    on a clock that counts applied moves (1 ms each), the moves applied after the
    deadline stay within one greedy decision (its cap plus its options)."""
    from ai.greedy import NODE_CAP
    from ai.strong import ROOT_CAP

    game = registry.get(game_id)
    state = next(
        s
        for s in (_midgame(game, f"deadline{n}", 30) for n in range(50))
        if len(game.legal_moves(s, sorted(game.to_act(s))[0])) >= 4
    )
    seat = sorted(game.to_act(state))[0]
    applied = 0
    real_apply = type(game).apply_legal

    def counting_apply(self: Game, *args: object) -> State:
        nonlocal applied
        applied += 1
        return real_apply(self, *args)  # type: ignore[arg-type]

    monkeypatch.setattr(type(game), "apply_legal", counting_apply)
    budget_ms = 200.0
    ai.choose(game, state, seat, "strong", "t", budget_ms=budget_ms, clock=lambda: applied / 1000)
    first = len(game.legal_moves(state, seat)) + ROOT_CAP  # the first judgement, unclocked
    one_decision = NODE_CAP + max(60, len(game.legal_moves(state, seat)))
    assert applied <= max(budget_ms, first) + one_decision
    assert applied > budget_ms  # the budget was used, not skipped
