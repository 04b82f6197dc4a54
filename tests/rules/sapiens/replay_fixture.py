"""Regenerate ``replays.json``: seeded random Sapiens games played under rules version 2.

Rules version 3 (issue 23) changed two readings: an active tribe never touches an
abandoned one, and Cueillette's food waits for the player's order beside Festin. Games
stored under version 2 must still replay, move for move, to the same states, with the
options ``check_rules_version(2, ...)`` gives them. This script recorded such games with
the version-2 engine (before the change) and picked the ones where the old readings
were used (a tile laid against an abandoned tribe, a new tribe started beside old
tiles, Cueillette and Festin both connected). It cannot be rerun meaningfully on a later
engine: the fixture is a record of version 2, kept as it was made.

``test_replays.py`` replays each log and checks every intermediate ``data`` (a chained
SHA-256 of its JSON) and the final scores.

The layout of ``data`` is not the play: when it changes (``GameSpec.state_form``; form 2
moved the turn order, the final round and the end to ``rules/kit``'s keys) the chains
are remade from the recorded logs, ``python -m tests.rules.sapiens.replay_fixture
--rechain``, once every view of every step is checked unchanged; logs, options and
scores stay as recorded.
"""

from __future__ import annotations

import hashlib
import json
import random
import sys
from pathlib import Path
from typing import Any

from rules.base import State
from rules.sapiens import SAPIENS
from rules.sapiens.board import Ground, read_laid
from rules.sapiens.components import CU, FE, TILES

FIXTURE = Path(__file__).with_name("replays.json")
BACK_CHANCE = 0.05


def digest(chain: str, state: State) -> str:
    """The chain so far followed by the game's own data (not the options: a version-2
    game replays with the options version 3 adds for it)."""
    text = json.dumps(state.data, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256((chain + text).encode()).hexdigest()


def features(before: State, after: State) -> set[str]:
    """Which version-2 readings the move used (see the module doc)."""
    found: set[str] = set()
    for k, (old, new) in enumerate(zip(before.data["players"], after.data["players"], strict=True)):
        for entry in new["laid"][len(old["laid"]) :]:
            tile, at_a, at_b, tribe = read_laid(entry)
            here = Ground.of(old)
            for square in (at_a, at_b):
                for n in here.board.neighbours.get(square, ()):
                    if n in here.occ and here.occ[n].tribe != tribe:
                        found.add("touch_abandoned")
            if set(TILES[tile]) == {CU, FE} and k == before.data["turn"]:
                halves = here.connected_scenes(tile, (at_a, at_b))
                if len(halves) == 2 and before.data["step"]["laid"] is False:
                    found.add("cueillette_festin")
                    food = old["food"] + sum(here.board.food[s] for s in (at_a, at_b))
                    baston = before.data["baston"]
                    if any(
                        len([o for o in baston.get(t, ()) if o != k]) > food
                        for t in old["pool"]
                        if t != tile
                    ):
                        found.add("cueillette_festin_baston")
    return found


def play(players: int, seed: int) -> dict[str, Any]:
    chooser = random.Random(f"sapiens-v2/{players}/{seed}")
    seats = [f"p{i}" for i in range(players)]
    state = SAPIENS.setup(seats, f"v2-{players}-{seed}")
    chain = digest("", state)
    seen: set[str] = set()
    while SAPIENS.outcome(state) is None:
        seat = sorted(SAPIENS.to_act(state))[0]
        moves = SAPIENS.legal_moves(state, seat)
        forward = [m for m in moves if m.code != "back"]
        move = chooser.choice(forward if forward and chooser.random() >= BACK_CHANCE else moves)
        new = SAPIENS.apply(state, seat, move.code)
        seen |= features(state, new)
        state = new
        chain = digest(chain, state)
    return {
        "seats": seats,
        "seed": state.seed,
        "options": state.options,
        "rules_version": state.rules_version,
        "log": state.log,
        "chain": chain,
        "scores": {
            s: [p["food"], p["shelter"]] for s, p in zip(seats, state.data["players"], strict=True)
        },
        "features": sorted(seen),
    }


CASES = ((2, 0), (2, 154), (2, 273), (3, 0), (3, 70), (3, 128), (4, 0), (4, 40), (4, 54))
"""(players, seed): found by scanning seeds 0-299 with ``features``; every one but
the first of each count has Cueillette and Festin both connected, and all of them lay
tiles against abandoned tribes."""


def rechain(recorded: dict[str, Any]) -> str:
    """The chain of a recorded game replayed under the current engine (its options as
    ``check_rules_version`` gives them)."""
    options = SAPIENS.check_rules_version(recorded["rules_version"], recorded["options"])
    state = SAPIENS.setup(recorded["seats"], recorded["seed"], options)
    chain = digest("", state)
    for seat, code in recorded["log"]:
        state = SAPIENS.apply(state, seat, code)
        chain = digest(chain, state)
    return chain


def main(argv: list[str]) -> None:
    if argv == ["--rechain"]:
        games = json.loads(FIXTURE.read_text())
        for recorded in games:
            recorded["chain"] = rechain(recorded)
    else:
        games = [play(players, seed) for players, seed in CASES]
    FIXTURE.write_text(json.dumps(games, separators=(",", ":"), sort_keys=True) + "\n")
    print(f"wrote {len(games)} games to {FIXTURE}")  # noqa: T201 - a script


if __name__ == "__main__":
    main(sys.argv[1:])
