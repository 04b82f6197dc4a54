"""Turn card and phone layout benchmark: ``python -m bench render_card [--games N]``
(also run by ``python -m bench render``).

For every game with a renderer, plays seeded random games (2 and 4 players) and draws
each public view turn by turn as the bot does, as the full board, as the turn card, and
as the private view of the seat to act (``render.kit.phone``: its legal moves and
private sections) in the phone layout and in the full layout with its legal targets
marked (names given, English), and prints for each the median and 90th percentile
wall-clock time and the median CPU time to compose and encode one picture, and the
largest picture, with the budget (15 ms median, 150 KB) of the card and phone layouts.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable
from typing import Any

from bot.service.present import private_picture_input
from campfire_testing.nim_views import random_nim_views
from render import registry
from rules.registry import get

BUDGET_MS = 15.0
BUDGET_BYTES = 150_000
NAMES = {"s1": "Amélie", "s2": "Bob", "s3": "Chloé", "s4": "Dévi"}
AVOID = ("back", "wild", "cancel")
GAMES = ["origin-junior", "origin", "sapiens", "orbis", "tribes", "nim"]

View = dict[str, Any]


LAYOUTS = ("full", "card", "phone", "targets")
"""The full board, the turn card, a seat's private view laid out for a phone, and its
full board with the legal targets marked."""


def game_views(game_id: str, players: int, seed: int) -> list[View]:
    """Every public view of one seeded random game, in order."""
    return [view for view, _ in game_cases(game_id, players, seed)]


def game_cases(game_id: str, players: int, seed: int) -> list[tuple[View, View]]:
    """Every public view of one seeded random game, in order, each with the private
    input (``render.kit.phone``) of its first seat to act, in English."""
    if game_id == "nim":
        return [(view, nim_mine(view)) for view in nim_game(players, seed)]
    game = get(game_id)
    state = game.setup([f"s{i + 1}" for i in range(players)], f"bench-card-{seed}")
    chooser = random.Random(seed)
    names = NAMES
    cases: list[tuple[View, View]] = []
    while True:
        acting = sorted(game.to_act(state))
        seat = acting[0] if acting else "s1"
        mine = private_picture_input(game, state, seat, names, "en")
        cases.append((game.view(state, None), mine))
        if not acting or len(cases) >= 2000:
            return cases
        legal = game.legal_moves(state, seat)
        forward = [m for m in legal if m.code not in AVOID and not m.code.startswith("unplay")]
        state = game.apply(state, seat, chooser.choice(forward or legal))


def nim_mine(view: View) -> View:
    """The private input of Nim's seat to act: take 1 to 3 stones (Nim's rules live in
    the tests)."""
    acting = list(view.get("to_act") or [])
    stones = int(view.get("stones") or 0)
    moves = [
        {"code": f"take{n}", "label": {"key": "nim.take", "params": {"n": n}}, "text": f"take {n}"}
        for n in range(1, min(3, stones) + 1)
        if acting
    ]
    seat = acting[0] if acting else str(view["seats"][0])
    return {"seat": seat, "focus": "board", "moves": moves, "sections": []}


def nim_game(players: int, seed: int, start: int = 40) -> list[View]:
    """A random Nim game built by hand (Nim's rules live in the tests)."""
    return random_nim_views(players, seed, start)


def timed(fn: Callable[[], bytes]) -> tuple[float, float, bytes]:
    """Wall and CPU milliseconds of one call (CPU time hardly moves when other work
    shares the cores), and its result."""
    start, cpu = time.perf_counter(), time.process_time()
    data = fn()
    return (time.perf_counter() - start) * 1000, (time.process_time() - cpu) * 1000, data


def draw(game_id: str, view: View, mine: View, layout: str) -> bytes:
    """One picture of ``layout`` (``LAYOUTS``)."""
    if layout in ("full", "card"):
        return registry.draw(game_id, view, names=NAMES, layout=layout)
    private = "phone" if layout == "phone" else "full"
    return registry.draw_private(game_id, view, mine, names=NAMES, layout=private)


def figures(game_id: str, games: int) -> dict[str, tuple[float, float, float, int]]:
    """``{layout: (median ms, p90 ms, median CPU ms, largest bytes)}`` over every view
    drawn, for each of ``LAYOUTS``."""
    times: dict[str, list[float]] = {layout: [] for layout in LAYOUTS}
    cpus: dict[str, list[float]] = {layout: [] for layout in LAYOUTS}
    sizes: dict[str, list[int]] = {layout: [] for layout in LAYOUTS}
    for players in (2, 4):
        for seed in range(games):
            cases = game_cases(game_id, players, seed)
            for layout in LAYOUTS:  # warm: static art, palette, fonts
                draw(game_id, *cases[0], layout)
            for view, mine in cases:
                for layout in LAYOUTS:
                    ms, cpu, data = timed(
                        lambda v=view, m=mine, lay=layout: draw(game_id, v, m, lay)  # type: ignore[misc]
                    )
                    times[layout].append(ms)
                    cpus[layout].append(cpu)
                    sizes[layout].append(len(data))
    return {
        layout: (
            statistics.median(times[layout]),
            statistics.quantiles(times[layout], n=10)[-1],
            statistics.median(cpus[layout]),
            max(sizes[layout]),
        )
        for layout in LAYOUTS
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=1, help="games per player count")
    args, _ = parser.parse_known_args()
    print("Turn card and phone layouts next to the full board, turn by turn (2 and 4 players)")
    print(
        "full: the public board; card: the turn card; phone: the private view of the seat "
        "to act laid out for a phone; targets: its full board with the legal targets marked"
    )
    header = f"{'game':<15}{'layout':<9}{'p50':>8}{'p90':>7}{'cpu':>7}{'KB':>6}"
    print(header + f"{'x time':>8}{'x bytes':>8}")
    for game_id in GAMES:
        found = figures(game_id, args.games)
        for layout in LAYOUTS:
            p50, p90, cpu, size = found[layout]
            budget = (
                f"{p50 / BUDGET_MS:>8.2f}{size / BUDGET_BYTES:>8.2f}"
                if layout in ("card", "phone")
                else ""
            )
            print(
                f"{game_id if layout == 'full' else '':<15}{layout:<9}{p50:>8.2f}{p90:>7.1f}"
                f"{cpu:>7.2f}{size / 1000:>6.0f}{budget}",
                flush=True,
            )
    print(
        f"ms: wall clock (p50, p90) and CPU (median); card and phone budget: median "
        f"{BUDGET_MS:.0f} ms, {BUDGET_BYTES // 1000} KB (x: share of it used)"
    )


if __name__ == "__main__":
    main()
