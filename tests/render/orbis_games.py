"""Real Orbis views for render tests and the bench: seeded random games by phase; and the
Orbis golden pictures (``python -m tests.render.orbis_games`` rewrites them).

The random players prefer paying and placing to turning tiles into Wastelands, so that
pyramids look like played ones. Goldens are stored as view JSON plus picture in
``tests/render/golden/orbis/``: the test draws the stored JSON and compares it with the
stored picture, so only renderer changes move them. Never edit them by hand: change the
renderer, run this module, look at the new pictures, commit both.
"""

from __future__ import annotations

import json
import logging
import random
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from rules.base import State
from rules.registry import get

GAME = "orbis"
View = dict[str, Any]
NAMES = {"s1": "Amélie", "s2": "Bob", "s3": "Chloé", "s4": "Dévi"}
GOLDEN = Path(__file__).parent / "golden" / "orbis"
AVOID = ("back", "wild", "cancel")

# Where to stop a game, given its public view and the decisions made so far.
PHASES: dict[str, Callable[[View, int], bool]] = {
    "start": lambda v, n: True,
    "pending": lambda v, n: (
        n >= 40 and v["pending"] is not None and v["pending"]["tile"] is not None
    ),
    "placed": lambda v, n: (
        n >= 80 and v["pending"] is None and (v["last_take"] or {}).get("tile") is not None
    ),
    "late": lambda v, n: n >= 150 and v["pending"] is None,
    "over": lambda v, n: False,
}
# name: (players, seed, phase, lang)
GOLDENS = {
    "orbis_2p_start_en": (2, 3, "start", "en"),
    "orbis_3p_pending_fr": (3, 5, "pending", "fr"),
    "orbis_4p_placed_en": (4, 1, "placed", "en"),
    "orbis_4p_over_fr": (4, 2, "over", "fr"),
}

log = logging.getLogger(__name__)


def seats(players: int) -> list[str]:
    return [f"s{i + 1}" for i in range(players)]


def play(
    players: int,
    seed: int,
    moves: int | None = None,
    until: Callable[[View, int], bool] | None = None,
) -> State:
    """A seeded random game, stopped after ``moves`` decisions or when ``until`` holds."""
    game = get(GAME)
    state = game.setup(seats(players), f"render-{seed}")
    chooser = random.Random(seed)
    done = 0
    while game.to_act(state) and (moves is None or done < moves):
        if until is not None and until(game.view(state, None), done):
            break
        seat = sorted(game.to_act(state))[0]
        legal = game.legal_moves(state, seat)
        forward = [m for m in legal if m.code not in AVOID]
        state = game.apply(state, seat, chooser.choice(forward or legal))
        done += 1
    return state


def phase_view(players: int, seed: int, phase: str) -> View:
    """The public view of a seeded random game stopped in ``phase`` (see ``PHASES``)."""
    view: View = get(GAME).view(play(players, seed, until=PHASES[phase]), None)
    return view


def game_views(players: int, seed: int) -> list[View]:
    """Every public view of one seeded random game, in order (the bench)."""
    game = get(GAME)
    state = game.setup(seats(players), f"bench-{seed}")
    chooser = random.Random(seed)
    views = [game.view(state, None)]
    while game.to_act(state):
        seat = sorted(game.to_act(state))[0]
        legal = game.legal_moves(state, seat)
        forward = [m for m in legal if m.code not in AVOID]
        state = game.apply(state, seat, chooser.choice(forward or legal))
        views.append(game.view(state, None))
    return views


def main(words: list[str]) -> None:
    """Rewrite the Orbis goldens whose names contain one of ``words`` (all when none)."""
    from render.orbis import draw

    GOLDEN.mkdir(parents=True, exist_ok=True)
    for name, (players, seed, phase, lang) in GOLDENS.items():
        if words and not any(word in name for word in words):
            continue
        view = phase_view(players, seed, phase)
        (GOLDEN / f"{name}.json").write_text(
            json.dumps(view, ensure_ascii=False, indent=1, sort_keys=True) + "\n", encoding="utf-8"
        )
        (GOLDEN / f"{name}.png").write_bytes(draw(view, lang=lang, names=NAMES))
        log.warning("wrote %s", GOLDEN / f"{name}.png")


if __name__ == "__main__":
    logging.basicConfig(level=logging.INFO)
    main(sys.argv[1:])
