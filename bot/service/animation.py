"""The animated replay of a finished game: its log replayed, one frame per round (or per
turn, for games without rounds) up to a frame budget, as one animated WebP (Discord
animates WebP and GIF attachments, not APNG).

Runs where the board pictures run (``RenderPool.run``: a render process under
``campfire run``), so it imports only the rules and the renderers. CPU work: never
call it on the event loop.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from render import registry as renderers
from render.kit.animate import MAX_BYTES, animate, sample
from rules import registry
from rules.core.game import Game
from rules.core.state import State

FRAME_BUDGET = 60
"""At most this many frames (about 50 s at 0.8 s a frame)."""

Drawer = Callable[..., bytes]


def replay_states(
    game: Game,
    seats: Sequence[str],
    seed: str,
    options: Mapping[str, Any],
    log: Sequence[Sequence[str]],
) -> list[State]:
    """The opening state, then the state after each log entry (``Game.replay_steps``:
    raises ``CorruptState``)."""
    state = game.setup(seats, seed, options)
    return [state, *(applied.state for applied in game.replay_steps(state, log))]


def picture_points(game: Game, states: Sequence[State]) -> list[int]:
    """Indexes of ``states`` worth a picture: the opening, each new round (or each new
    turn, when the game has no rounds: who acts changed) and the end."""
    points = [0]
    for index in range(1, len(states)):
        before, after = states[index - 1], states[index]
        if index == len(states) - 1:
            points.append(index)
            continue
        rounds = game.round_of(before), game.round_of(after)
        if rounds[0] is not None or rounds[1] is not None:
            if rounds[0] != rounds[1]:
                points.append(index)
        elif game.to_act(before) != game.to_act(after):
            points.append(index)
    return points


def frame_points(game: Game, states: Sequence[State], budget: int) -> list[int]:
    """One frame per round (or turn); per move when the whole game fits the budget
    move by move; never more than ``budget`` frames, the first and last kept."""
    if len(states) <= budget:
        return list(range(len(states)))
    points = picture_points(game, states)
    return [points[i] for i in sample(len(points), budget)]


def build_animation(
    rules: str,
    seats: Sequence[str],
    seed: str,
    options: Mapping[str, Any],
    log: Sequence[Sequence[str]],
    names: Mapping[str, str],
    lang: str,
    *,
    drawer: Drawer = renderers.draw,
    budget: int = FRAME_BUDGET,
    max_bytes: int = MAX_BYTES,
) -> bytes:
    """The animated WebP of a game replayed from its log (``options`` as stored: the
    game's own ``check_rules_version`` applies them)."""
    game = registry.get(rules)
    states = replay_states(game, seats, seed, options, log)
    return animate_states(
        rules, game, states, names, lang, drawer=drawer, budget=budget, max_bytes=max_bytes
    )


def animate_states(
    rules: str,
    game: Game,
    states: Sequence[State],
    names: Mapping[str, str],
    lang: str,
    *,
    drawer: Drawer = renderers.draw,
    budget: int = FRAME_BUDGET,
    max_bytes: int = MAX_BYTES,
) -> bytes:
    """The animated WebP of ``states`` (a game replayed already): the public view of
    each of ``frame_points``, drawn by ``drawer``."""
    frames = [
        drawer(rules, game.view(states[i], None), lang=lang, names=dict(names))
        for i in frame_points(game, states, budget)
    ]
    return animate(frames, max_bytes=max_bytes)
