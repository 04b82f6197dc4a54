"""Hand-built Nim views (the envelope of contract v2 plus Nim's keys) for render tests."""

from __future__ import annotations

import random
from typing import Any

SEATS = ["s1", "s2", "s3"]


def nim_view(**changes: Any) -> dict[str, Any]:
    """Three players, 16 stones at the start, Bob just took 3 and Chloé is to play."""
    view: dict[str, Any] = {
        "game": "nim",
        "seats": list(SEATS),
        "out": [],
        "to_act": ["s3"],
        "turn": 4,
        "round": None,
        "over": False,
        "last": {"seat": "s2", "label": {"key": "nim.take", "params": {"n": 3}}, "notes": []},
        "scores": {seat: {"total": 0, "partial": False} for seat in SEATS},
        "winners": [],
        "stones": 9,
        "start": 16,
        "taken": {"s1": 3, "s2": 4, "s3": 0},
    }
    view.update(changes)
    return view


def finished_view() -> dict[str, Any]:
    """Four players, 62 stones, Dévi took the last two and won; Chloé resigned earlier."""
    seats = ["s1", "s2", "s3", "s4"]
    return nim_view(
        seats=seats,
        out=["s3"],
        to_act=[],
        turn=23,
        over=True,
        last={"seat": "s4", "label": {"key": "nim.take", "params": {"n": 2}}, "notes": []},
        scores={seat: {"total": int(seat == "s4"), "partial": False} for seat in seats},
        winners=["s4"],
        stones=0,
        start=62,
        taken={"s1": 20, "s2": 21, "s3": 4, "s4": 17},
    )


def random_nim_views(players: int, seed: int, start: int) -> list[dict[str, Any]]:
    """Every public view of one random Nim game of ``start`` stones, built by hand (Nim's
    rules catalogue lives in the tests): what the render benchmarks draw."""
    chooser = random.Random(seed)
    seats = [f"s{i + 1}" for i in range(players)]
    taken = dict.fromkeys(seats, 0)
    stones, turn, last = start, 0, None
    out: list[dict[str, Any]] = []
    while True:
        over = stones == 0
        seat = seats[turn % players]
        out.append(
            nim_view(
                seats=seats,
                to_act=[] if over else [seat],
                turn=turn,
                over=over,
                last=last,
                scores={s: {"total": 0, "partial": False} for s in seats},
                winners=[seats[(turn - 1) % players]] if over else [],
                stones=stones,
                start=start,
                taken=dict(taken),
            )
        )
        if over:
            return out
        n = chooser.randint(1, min(3, stones))
        stones, taken[seat], turn = stones - n, taken[seat] + n, turn + 1
        last = {"seat": seat, "label": {"key": "nim.take", "params": {"n": n}}, "notes": []}
