"""A synthetic Origin view showing every kind of piece (benchmarks and palette checks).

Not a game position: every territory holds a pawn, owners and pawns cycle, tokens and
tiles appear both face down and face up. It follows docs/contributors/origin-view.md exactly.
"""

from __future__ import annotations

from typing import Any

from rules.origin.components import BOARD

SEATS = ("s1", "s2", "s3", "s4")


def _pawn(i: int) -> str:
    size, rest = divmod(i % 27, 9)
    strength, colour = divmod(rest, 3)
    return f"z{size + 1}s{strength + 1}{'wbk'[colour]}"


def showcase_view() -> dict[str, Any]:
    """Every territory occupied, all players with cards, tokens and tiles of each kind."""
    territories: dict[str, Any] = {}
    for i, tid in enumerate(BOARD.order):
        owner = None if tid == BOARD.origin else SEATS[i % 4]
        territories[tid] = {"pawn": _pawn(i * 5), "owner": owner}
    green = BOARD.by_colour("green")
    straits = sorted(BOARD.straits)
    players = {}
    for i, seat in enumerate(SEATS):
        players[seat] = {
            "index": i,
            "villages_left": 9 - i,
            "cards": {"yellow": i, "orange": 3 - i, "violet": 2},
            "hunting": [
                {"id": f"HU{i + 1}", "territory": green[i], "value": (4 + i) if i % 2 else None}
            ],
            "straits": [
                {
                    "id": f"SR{j + 1:02d}",
                    "strait": straits[j],
                    "value": (3 + j % 3) if i % 2 else None,
                }
                for j in range(i, i + 2)
            ],
            "tiles": [
                {"id": f"IN{j + 1:02d}", "level": (j % 5 + 1) if i % 2 else None}
                for j in range(i + 1)
            ],
        }
    return {
        "game": "origin-junior",
        "seats": list(SEATS),
        "to_act": ["s2"],
        "turn": 17,
        "round": 5,
        "over": False,
        "pending": None,
        "last_move": {
            "seat": "s1",
            "action": "swap",
            "pawn": territories["A3"]["pawn"],
            "from": "A1",
            "to": "A3",
            "swapped": {"pawn": territories["A1"]["pawn"], "owner": "s2", "to": "A1"},
            "gains": {"cards": {"yellow": 1}, "tiles": 0, "hunting": [], "straits": []},
        },
        "territories": territories,
        "origin": BOARD.origin,
        "supply": {_pawn(i): 1 + i % 2 for i in range(0, 27, 2)},
        "hunting": {
            t: {"present": i % 2 == 0, "value": 6 if i == 2 else None} for i, t in enumerate(green)
        },
        "straits": {
            s: {"present": True, "value": 4 if i == 0 else None} for i, s in enumerate(straits)
        },
        "decks": {"yellow": 9, "orange": 11, "violet": 7},
        "tiles_left": 21,
        "players": players,
        "scores": {s: {"total": 10 + 3 * i, "partial": True} for i, s in enumerate(SEATS)},
    }
