"""Hand-built Tribes views (the envelope of contract v2 plus the game's keys) for render
tests: a crowded 4-player map with every kind of piece, and a quiet 2-player start."""

from __future__ import annotations

from typing import Any

MAP4 = [
    ("H01", -1, -1, "lake"), ("H02", 0, -1, "mountain"), ("H03", 1, -1, "forest"),
    ("H04", 2, -1, "lake"), ("H05", -2, 0, "mountain"), ("H06", -1, 0, "forest"),
    ("H07", 0, 0, "lake"), ("H08", 1, 0, "mountain"), ("H09", 2, 0, "forest"),
    ("H10", -3, 1, "forest"), ("H11", -2, 1, "lake"), ("H12", -1, 1, "mountain"),
    ("H13", 0, 1, "forest"), ("H14", 1, 1, "lake"), ("H15", 2, 1, "mountain"),
]  # fmt: skip


def crowded_view(**changes: Any) -> dict[str, Any]:
    """Four players in mid-game: every piece, three events, a roll in hand."""
    seats = ["s1", "s2", "s3", "s4"]
    hexes: dict[str, Any] = {}
    for hid, q, r, terrain in MAP4:
        hexes[hid] = {"q": q, "r": r, "terrain": terrain, "members": {}}
    hexes["H01"]["members"] = {"s1": 3, "s2": 2}
    hexes["H02"]["members"] = {"s1": 5}
    hexes["H02"]["village"] = "s1"
    hexes["H03"]["members"] = {"s2": 1, "s3": 2, "s4": 1}
    hexes["H03"]["invaders"] = 3
    hexes["H06"]["members"] = {"s3": 4}
    hexes["H06"]["village"] = "s3"
    hexes["H06"]["fire"] = True
    hexes["H07"]["mammoth"] = True
    hexes["H07"]["members"] = {"s4": 2}
    hexes["H08"]["tiger"] = True
    hexes["H09"]["members"] = {"s4": 12}
    hexes["H11"]["abandoned"] = True
    hexes["H13"]["members"] = {"s2": 3, "s1": 1}
    hexes["H14"]["members"] = {"s3": 1, "s4": 1, "s1": 1, "s2": 1}
    view: dict[str, Any] = {
        "game": "tribes",
        "seats": seats,
        "out": [],
        "to_act": ["s2"],
        "turn": 23,
        "round": 6,
        "over": False,
        "last": {"seat": "s2", "label": {"key": "x", "params": {}}, "notes": []},
        "scores": {
            s: {"total": t, "partial": False} for s, t in zip(seats, (7, 3, 12, 3), strict=True)
        },
        "winners": [],
        "map": hexes,
        "volcano": {"q": 3, "r": 0},
        "actions": {
            "grow": {"dice": ["sun", "moon", "blank"], "values": [2, 3, 4]},
            "travel": {"dice": ["moon", "moon", "sun"], "values": [2, 3, 4]},
            "gather": {"dice": ["sun", "sun", "blank"], "values": [1, 2, 3]},
            "lead": {"dice": ["blank", "sun", "moon"], "values": [1, 2, 3]},
        },
        "roll": ["sun", "moon"],
        "used": ["travel"],
        "events": {
            "deck": 9,
            "slots": [
                {"id": "E01", "markers": {"wood": 1, "food": 2, "stone": 2}},
                {"id": "E07", "die": 1, "holder": "s4"},
                {"id": "E10", "cost": {"stone": 3}},
            ],
        },
        "players": {
            "s1": {
                "tribe": "kaha",
                "resources": {"wood": 2, "food": 0, "stone": 5},
                "supply": 10,
                "villages": 1,
                "village_cost": {"wood": 2, "food": 2},
                "goals": ["D1", "A3", "D5"],
                "done": ["D4", "A6"],
                "tokens": ["E11"],
            },
            "s2": {
                "tribe": "dananu",
                "resources": {"wood": 1, "food": 4},
                "supply": 13,
                "village_cost": {"food": 4},
                "goals": ["A1"],
                "done": [],
            },
            "s3": {
                "tribe": "kiror",
                "resources": {"wood": 3, "food": 3, "stone": 1},
                "supply": 13,
                "villages": 1,
                "village_cost": {"wood": 2, "stone": 2},
                "goals": ["D2", "D3", "D6", "D7", "A2", "A4", "A5", "A7"],
                "done": ["D1", "D4", "D5", "A1", "A6"],
            },
            "s4": {
                "tribe": "mukaan",
                "resources": {},
                "supply": 4,
                "village_cost": {"wood": 1, "stone": 1, "food": 1, "any": 1},
                "goals": [],
                "done": ["D8"],
                "tokens": ["E07"],
            },
        },
        "marked": ["H13", "H14"],
    }
    view.update(changes)
    return view
