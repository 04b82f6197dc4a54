"""Random games of any game, with the contract's invariants checked after every move.

One driver for every registered game (``tests/rules/test_random_games.py`` runs it over
``rules.registry``; game-specific claims about random games use it too, and the engine
benchmarks time it: ``bench/bench_engines.py``, with ``Timings``). It speaks only
the public contract: ``setup``, ``to_act``, ``legal_moves``, ``apply``, ``outcome``,
``scores``, ``view``, ``check_invariants`` and ``check_game_invariants``.

After every move (cheap, so every move of every game):
- someone is to act while the game runs, and every seat to act has a legal move;
- the state before the move survives ``to_json``/``from_json`` unchanged *and* ``apply``
  left it exactly as it was (one comparison checks both);
- the game's own invariants hold (``check_game_invariants``: pieces conserved, ...);
- the game ends within ``MAX_MOVES``.

At the end of every game: nobody is to act, the ranking covers every seat once, the
way the game ended has a text in every language (so it is one the game knows) and it
is a full sentence (a capital first, a full stop last), the score sheet is final and
hides nothing, every view is JSON, and ``check_invariants`` holds (which replays the
whole log and compares it with the snapshot). In a sample of the games (every
``SAMPLE_EVERY``-th seed) the log is also replayed every ``REPLAY_EVERY`` moves
(a replay after every move would be quadratic).

How many games: ``CAMPFIRE_RANDOM_GAMES`` per (game, player count), default
``DEFAULT_GAMES`` (each game's share of the suite stays under about 15 s on the 2-core
development machine); ``CAMPFIRE_SOAK=1`` plays ``SOAK_GAMES`` instead.
"""

from __future__ import annotations

import json
import os
import random
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

from rules.base import Game, Move, Seat, State, from_json, to_json
from rules.i18n import LANGS, has_key, translate

DEFAULT_GAMES = 20
SOAK_GAMES = 1000
GAMES_PER_ITEM = 10  # one test item plays at most this many games (xdist balances items)
MAX_MOVES = 2500
REPLAY_EVERY = 97
SAMPLE_EVERY = 10
BACK = "back"  # the code of "undo the last step of this decision" (decision stacks)
BACK_CHANCE = 0.05  # how often a random player may take ``back`` when it can go forward
LEAVE_EVERY = 3  # every third game, seats leave at random moments (``Game.remove_seat``)
LEAVE_CHANCE = 0.01  # per move of such a game, while at least two seats stay

Observer = Callable[[State], None]


@dataclass
class Timings:
    """What a timed random game records: each ``apply`` and each ``legal_moves`` (ms)."""

    applies: list[float] = field(default_factory=list)
    legals: list[float] = field(default_factory=list)


class Unfinished(AssertionError):
    """A random game still running after its last allowed move."""


def games_per_count(environ: Mapping[str, str] = os.environ) -> int:
    """Random games per (game, player count), from the environment (see the module doc)."""
    if environ.get("CAMPFIRE_SOAK", "").strip() not in ("", "0"):
        return SOAK_GAMES
    text = environ.get("CAMPFIRE_RANDOM_GAMES", "").strip()
    if not text:
        return DEFAULT_GAMES
    if not text.isdigit():
        raise ValueError(f"CAMPFIRE_RANDOM_GAMES must be a whole number of games, not {text!r}")
    return int(text)


def seats_for(players: int) -> list[Seat]:
    return [f"p{i}" for i in range(players)]


def choose_move(chooser: random.Random, moves: list[Move]) -> Move:
    """A random move, rarely ``back`` (a random walk that backs out half the time would
    make decision-stack games very long without exploring anything new)."""
    forward = [m for m in moves if m.code != BACK]
    if forward and chooser.random() >= BACK_CHANCE:
        return chooser.choice(forward)
    return chooser.choice(moves)


def play_random_game(
    game: Game,
    players: int,
    seed: int,
    *,
    replay_every: int = 0,
    observe: Observer | None = None,
    checked: bool = True,
    options: Mapping[str, object] | None = None,
    timings: Timings | None = None,
    leaving: bool | None = None,
    max_moves: int = MAX_MOVES,
) -> State:
    """Play one seeded random game of ``game`` with every check; return its final state.

    ``observe`` (game-specific claims) is called with every state a move is chosen in.
    ``options`` are the game's options (variants, advanced modules); none by default.
    ``checked=False`` skips the JSON, game-invariant and end checks, for game-specific
    claims about games that the shared test checks fully anyway. ``timings`` records
    the time of every ``apply`` and ``legal_moves``; ``leaving`` says whether seats
    leave at random moments (default: every ``LEAVE_EVERY``-th seed). Raises
    ``Unfinished`` when the game has not ended after ``max_moves`` entries.
    """
    chooser = random.Random(f"{game.spec.id}/{players}/{seed}")
    leaver = random.Random(f"leave/{game.spec.id}/{players}/{seed}")
    if leaving is None:
        leaving = seed % LEAVE_EVERY == LEAVE_EVERY - 1
    state = game.setup(seats_for(players), f"random-{players}-{seed}", options)
    text = to_json(state) if checked else ""  # the JSON of ``state`` before it is played on
    for count in range(1, max_moves + 1):
        actors = sorted(game.to_act(state))
        assert actors, f"move {count}: the game runs but nobody is to act"
        if timings is None:
            choices = {seat: game.legal_moves(state, seat) for seat in actors}
        else:
            choices = {}
            for seat in actors:
                started = time.perf_counter()
                choices[seat] = game.legal_moves(state, seat)
                timings.legals.append((time.perf_counter() - started) * 1000)
        stuck = [seat for seat, moves in choices.items() if not moves]
        assert not stuck, f"move {count}: {stuck} must act but have no legal move"
        if observe is not None:
            observe(state)
        seat = chooser.choice(actors)
        if leaving and len(state.playing) > 1 and leaver.random() < LEAVE_CHANCE:
            # a seat resigns or times out: on its turn, mid-decision, or anyone's turn
            new = game.remove_seat(state, leaver.choice(state.playing), "resign").state
        else:
            code = choose_move(chooser, choices[seat]).code
            started = time.perf_counter()
            new = game.apply(state, seat, code)
            if timings is not None:
                timings.applies.append((time.perf_counter() - started) * 1000)
        if checked:
            assert from_json(text) == state, (
                f"move {count}: apply changed its input, or the JSON round trip lost data"
            )
            game.check_game_invariants(new)
            text = to_json(new)
        state = new
        if replay_every and count % replay_every == 0:
            replayed = game.replay(state.seats, state.seed, state.options, state.log)
            assert replayed == state, f"move {count}: the replay of the log differs"
        if game.outcome(state) is not None:
            if checked:
                check_finished(game, state)
            return state
    raise Unfinished(f"{game.spec.id} {players}p seed {seed}: no end in {max_moves} moves")


def is_sentence(text: str) -> bool:
    """Whether ``text`` reads as a full sentence: a capital first, a full stop last."""
    return bool(text) and text[0].isupper() and text.endswith(".")


def check_finished(game: Game, state: State) -> None:
    """What every finished game meets (see the module doc)."""
    outcome = game.outcome(state)
    assert outcome is not None
    assert not game.to_act(state), "a finished game still asks someone to act"
    ranked = [seat for group in outcome.ranking for seat in group]
    assert sorted(ranked) == sorted(state.seats), f"ranking {outcome.ranking} != the seats"
    assert set(outcome.scores) == set(state.seats)
    assert has_key(outcome.termination.key), f"no text for {outcome.termination.key}"
    for lang in LANGS:
        reason = translate(outcome.termination, lang)
        assert is_sentence(reason), f"the end reason is no full sentence in {lang}: {reason!r}"
    # A game ended by a seat leaving is ranked on every seat's own, complete sheet.
    sheet = game.scores(state) if state.ended is None else game.full_scores(state)
    assert sheet.final, "the score sheet of a finished game is not final"
    assert not any(sheet.hidden.values()), f"a finished game still hides {sheet.hidden}"
    for viewer in [None, *state.seats]:
        json.dumps(game.view(state, viewer))
    game.check_invariants(state)  # JSON round trip, full replay, the game's invariants
