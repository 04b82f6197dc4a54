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


ALTAR = [{"wood": 3}, {"food": 3}, {"stone": 3}, {"wood": 1, "stone": 1}]


def _goal(gid: str, *, done: bool = False, ready: bool = False) -> dict[str, Any]:
    development = gid.startswith("D")
    goal: dict[str, Any] = {"id": gid, "name": gid.lower(), "development": development}
    goal["vp"] = 1 if development else 2 + int(gid[1:]) % 3
    if not done:
        goal["cost"] = {"wood": 2, "stone": 1} if development else {}
        goal["ready"] = ready
    return goal


def _action(dice: list[str], values: list[dict[str, int]], hand: list[str]) -> dict[str, Any]:
    def level(three: list[str]) -> str:
        if three.count("moon") >= 2:
            return "reduced"
        return "boosted" if three.count("sun") >= 2 else "normal"

    return {
        "dice": dice,
        "strength": level(dice),
        "if": {f: level([f, *dice[:2]]) for f in dict.fromkeys(hand)},
        "values": dict(zip(("reduced", "normal", "boosted"), values, strict=True)),
    }


def _improved(
    action: dict[str, Any], seat: str, key: str, n: int, source: str, **more: int
) -> dict[str, Any]:
    """``action`` as the player ``seat`` gets it: ``n`` more ``key`` from ``source``."""
    values = {s: {**v, key: v[key] + n, **more} for s, v in action["values"].items()}
    return {**action, "active": {"seat": seat, "values": values, "from": [source]}}


def crowded_view(**changes: Any) -> dict[str, Any]:
    """Four players in mid-game: every piece, a conflict, three events, a die in hand."""
    seats = ["s1", "s2", "s3", "s4"]
    hexes: dict[str, Any] = {}
    for hid, q, r, terrain in MAP4:
        hexes[hid] = {"id": hid, "q": q, "r": r, "terrain": terrain, "members": {}}
        hexes[hid].update(village=None, limit=5, conflict=False)
    hexes["H01"]["members"] = {"s1": 3, "s2": 2}
    hexes["H02"]["members"] = {"s1": 5}
    hexes["H02"]["village"] = "s1"
    hexes["H03"]["members"] = {"s2": 1, "s3": 2, "s4": 1}
    hexes["H03"]["invaders"] = 3
    hexes["H03"]["conflict"] = True
    hexes["H06"]["members"] = {"s3": 4}
    hexes["H06"]["village"] = "s3"
    hexes["H07"]["members"] = {"s4": 2}
    hexes["H09"]["members"] = {"s4": 12}
    hexes["H09"]["conflict"] = True
    hexes["H13"]["members"] = {"s2": 3, "s1": 1}
    hexes["H14"]["members"] = {"s3": 1, "s4": 1, "s1": 1, "s2": 1}
    hand = ["sun"]
    members = [{"members": n} for n in (2, 3, 4)]
    view: dict[str, Any] = {
        "game": "tribes",
        "seats": seats,
        "out": [],
        "to_act": ["s2"],
        "turn": 23,
        "round": 6,
        "over": False,
        "last": {
            "seat": "s2",
            "label": {
                "key": "tribes.move.add",
                "params": {"hex": "H13", "terrain": "@tribes.terrain.forest"},
            },
            "notes": [],
        },
        "scores": {
            s: {"total": t, "partial": False} for s, t in zip(seats, (7, 3, 12, 3), strict=True)
        },
        "winners": [],
        "map": {"players": 4, "hexes": list(hexes.values()), "volcano_spots": []},
        "board": {
            "grow": _improved(
                _action(["sun", "moon", "blank"], members, hand), "s2", "members", 1, "D2"
            ),
            "travel": _improved(
                _action(["moon", "moon", "sun"], members, hand), "s2", "members", 1, "D3", reach=2
            ),
            "gather": _action(
                ["sun", "sun", "blank"], [{"hexes": n, "each": 2} for n in (1, 2, 3)], hand
            ),
            "lead": _improved(
                _action(["blank", "sun", "moon"], [{"cards": n} for n in (1, 2, 3)], hand),
                "s2",
                "cards",
                1,
                "D7",
            ),
        },
        "action_order": ["grow", "travel", "gather", "lead"],
        "roll": ["sun", "moon"],
        "hand": hand,
        "pushed": ["sun"],
        "step": "actions",
        "active": "s2",
        "actions_taken": ["travel"],
        "pending": {"kind": "grow", "player": "s2", "left": 2},
        "conflicts": ["H03", "H09"],
        "events": {
            "deck": 9,
            "slots": [
                {"id": "E01", "slug": "discovery", "stock": {"wood": 1, "food": 2, "stone": 2}},
                {"id": "E07", "slug": "mammoth", "count": {"seat": "s4", "n": 1}},
                {"id": "E12", "slug": "altar", "markers": 1, "prices": ALTAR, "members": 1},
            ],
            "discard": ["drought"],
            "aside": [],
            "invaders": {"hex": "H03", "n": 3, "box": 2},
            "mammoth": {"hex": "H07", "tamer": None},
            "tiger": "H08",
            "volcano": {"q": 3, "r": 0, "next_to": ["H04", "H09", "H15"]},
            "burnt": "H06",
            "abandoned": "H11",
            "limit": 4,
            "acquired": {"s1": ["canoe"], "s2": [], "s3": [], "s4": ["fortifications"]},
        },
        "players": {
            "s1": {
                "tribe": "kaha",
                "deck": 7,
                "resources": {"wood": 2, "food": 0, "stone": 5},
                "supply": 10,
                "villages": ["H02"],
                "village_cost": {"wood": 2, "food": 2},
                "goals": [_goal("D1"), _goal("A3"), _goal("D5", ready=True)],
                "done": [_goal("D4", done=True), _goal("A6", done=True)],
                "acquired": ["E11"],
            },
            "s2": {
                "tribe": "dananu",
                "resources": {"wood": 1, "food": 4, "stone": 0},
                "supply": 13,
                "villages": [],
                "village_cost": {"food": 4},
                "goals": [_goal("A1")],
                "done": [_goal(g, done=True) for g in ("D2", "D3", "D7")],
            },
            "s3": {
                "tribe": "kiror",
                "resources": {"wood": 3, "food": 3, "stone": 1},
                "supply": 13,
                "villages": ["H06"],
                "village_cost": {"wood": 2, "stone": 2},
                "goals": [_goal(g) for g in ("D2", "D3", "D6", "D7", "A2", "A4", "A5", "A7")],
                "done": [_goal(g, done=True) for g in ("D1", "D4", "D5", "A1", "A6")],
            },
            "s4": {
                "tribe": "mukaan",
                "resources": {"wood": 0, "food": 0, "stone": 0},
                "supply": 4,
                "villages": [],
                "village_cost": {"wood": 1, "stone": 1, "food": 1, "any": 1},
                "goals": [],
                "done": [_goal("D8", done=True)],
                "acquired": ["E07"],
            },
        },
        "victory": 15,
        "winner": None,
    }
    for seat, player in view["players"].items():
        player["on_map"] = sum(h["members"].get(seat, 0) for h in hexes.values())
    view.update(changes)
    return view
