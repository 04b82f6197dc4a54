"""Regenerate ``replays.json``: seeded random Origin games whose every state is pinned.

Run ``.venv/bin/python -m tests.rules.origin.replay_fixture`` only when the engines'
behaviour is *meant* to change (and review the diff). ``test_replays.py`` replays each
log and checks that every intermediate state (a chained SHA-256 of its JSON), the last
state and its public view are exactly the recorded ones: moving an engine onto new
machinery (``rules/kit``) must not change a single state, rng call or view.
"""

from __future__ import annotations

import hashlib
import json
import random
from pathlib import Path
from typing import Any

from rules.base import Game, State, to_json
from rules.origin import JUNIOR
from rules.origin.classic import CLASSIC

FIXTURE = Path(__file__).with_name("replays.json")
ENGINES: dict[str, Game] = {"origin-junior": JUNIOR, "origin": CLASSIC}
OPTIONS = (
    {},
    {"neutral_pawn": "random", "first_player": "random"},
    {"neutral_pawn": "black", "first_player": "random"},
)
CLASSIC_OPTIONS = ({}, {"deck_end": "after_reward"}, {"first_player": "random"})
MAX_MOVES = 1500


def cases() -> list[dict[str, Any]]:
    """Which games: engine x player count x three option sets; one of three stops mid-game."""
    out = []
    for game_id in ENGINES:
        for players in (2, 3, 4):
            for k in range(3):
                options = dict(OPTIONS[k])
                if game_id == "origin":
                    options.update(CLASSIC_OPTIONS[k])
                out.append(
                    {
                        "game": game_id,
                        "seats": [f"p{i}" for i in range(players)],
                        "seed": f"kit-{game_id}-{players}-{k}",
                        "options": options,
                        "stop": 37 + 11 * players if k == 2 else MAX_MOVES,
                    }
                )
    return out


def digest(chain: str, state: State) -> str:
    return hashlib.sha256((chain + to_json(state)).encode()).hexdigest()


def play(case: dict[str, Any]) -> dict[str, Any]:
    """Play one random game (moves chosen by ``random.Random(seed)``)."""
    game = ENGINES[case["game"]]
    chooser = random.Random(case["seed"])
    state = game.setup(case["seats"], case["seed"], case["options"])
    chain = digest("", state)
    for _ in range(case["stop"]):
        if game.outcome(state) is not None:
            break
        seat = sorted(game.to_act(state))[0]
        move = chooser.choice(game.legal_moves(state, seat))
        state = game.apply(state, seat, move.code)
        chain = digest(chain, state)
    return {
        **case,
        "log": state.log,
        "chain": chain,
        "final": json.loads(to_json(state)),
        "view": json.loads(json.dumps(game.view(state, None), sort_keys=True)),
    }


def main() -> None:
    games = [play(case) for case in cases()]
    FIXTURE.write_text(json.dumps(games, separators=(",", ":"), sort_keys=True) + "\n")
    print(f"wrote {len(games)} games to {FIXTURE}")  # noqa: T201 - a script


if __name__ == "__main__":
    main()
