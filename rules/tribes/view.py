"""What the table sees of a Tribes game, and what each seat sees privately.

Nothing is hidden in the base game but the order of the decks (goal cards in progress
lie face up, T12), so every seat's view is the public one. Shape of ``_view`` (the
standard envelope, ``rules.core.envelope``, is added by the contract)::

    {"map": {"players": 2|3|4,
             "hexes": [{"id": "H05", "q": 0, "r": 0, "terrain": "lake"|"forest"|"mountain",
                        "resource": "food"|"wood"|"stone",
                        "members": {seat: n} (only seats with members there),
                        "village": seat | null, "population": n, "limit": 5,
                        "conflict": bool (above the limit now, or invaders and
                                    members together),
                        "invaders": n (0 without),
                        "special": tile id? (option ``terrains``: a special tile),
                        "glacier": {"stones": n, "melted": bool}? (the Glacier's hex)}],
             "volcano_spots": [[q, r], ...]},
     "board": {"grow"|"travel"|"gather"|"lead": {
                  "dice": [face, face, face] (entry slot first, "sun"|"moon"|"blank"),
                  "strength": "reduced"|"normal"|"boosted" (of the dice there now),
                  "if": {face: strength} (for each face in "hand": the strength the
                        action would have with that die placed),
                  "values": {"reduced": {...}, "normal": {...}, "boosted": {...}},
                        (the action board's printed values: grow/travel {"members": n},
                         gather {"hexes": n, "each": n}, lead {"cards": n})
                  "active": {"seat": seat (whose turn it is),
                             "values": {strength: {...}} (what the action gives that
                                 player: the printed values with his improvements,
                                 ``rules.tribes.values``; travel adds "reach": n hexes,
                                 gather "extra": n (Basketry)),
                             "from": [goal ids, event ids] (what improves it)},
                  "if_fire": {face: strength} (faces in hand where Fire, still unused
                        this turn, would raise the strength)}},
     "action_order": ["grow", "travel", "gather", "lead"],
     "roll": [face, face] (rolled at step 2 of this turn; [] before the first turn),
     "hand": [faces] (rolled dice not yet placed), "pushed": [faces] (dice that left
             the board this turn: the next player's roll),
     "step": "place"|"actions"|"conflicts"|"build"|"over",
     "active": seat | null (whose turn, or who places at set-up), "first": seat,
     "round": n, "actions_taken": ["grow", ...] (this turn, in order),
     "pending": null | {"kind": frame kind, "player": seat, "hex": id?, "left": n?,
                        "source": id?, "target": id?, "purpose": str? (an event's
                        hex question: "invaders", "invaders_move", "mammoth",
                        "tiger", "fire", "abandoned", "return", "altar")},
     "conflicts": [hex ids above the limit],
     "players": {seat: {"index": n, "tribe": id, "village_cost": {res|"any": n},
                 "resources": {"wood": n, "food": n, "stone": n},
                 "supply": n (members off the map), "on_map": n,
                 "villages": [hex ids], "vp": n,
                 "vp_by": {"villages", "developments", "achievements", "events": n},
                 "goals": [{"id": "D1", "name": "basketry", "development": bool,
                            "vp": n, "cost": {res: n}, "ready": bool}],
                 "done": [{"id", "name", "development", "vp"}],
                 "deck": n (cards left), "acquired": [event slugs bought],
                 "elder": hex id | null (option ``ancients`` only)}},
     "villages": {"supply": n (pawns left, the set-aside one included), "aside": bool},
     "victory": 15, "winner": seat | null,
     "options": {"map", "ancients", "terrains", "chiefs", "lead_discards"},
     "events": {"slots": [null | {"id": "E03", "slug": "invaders",
                                  "stock": {res: n}? (Découverte, Hiver clément,
                                                       Nourriture en abondance),
                                  "markers": n?, "prices": [{res: n}]? (the three
                                     cards to buy: each way to pay now),
                                  "members": n? (members from the map it costs on top
                                     of any price: Autel),
                                  "count": {"seat", "n"} | null? (the wild mammoth's
                                     taming die)}] (3 slots),
                "deck": n (cards left, order hidden), "discard": [slugs],
                "aside": [slugs] (Grand Chef, Village abandonné before the first
                                  village),
                "invaders": {"hex": id | null, "n": n on the map, "box": n left},
                "mammoth": null | {"hex": id, "tamer": seat | null},
                "tiger": null | hex id, "burnt": null | hex id (forest fire),
                "volcano": null | {"q", "r", "next_to": [hex ids]},
                "abandoned": null | hex id (the abandoned village),
                "limit": 5 | 4 (population limit now, Sécheresse),
                "acquired": {seat: [slugs bought]}}}

Event names translate as ``tribes.event.<slug>.name`` (texts ``.text``).
Names (tribes, goals, terrains, faces, actions, strengths) translate as
``tribes.tribe.<id>``, ``tribes.goal.<id>``, ``tribes.terrain.<id>``, ``tribes.face.<f>``,
``tribes.action.<a>``, ``tribes.strength.<s>``, ``tribes.res.<r>``.
"""

from __future__ import annotations

from typing import Any, cast

from rules.base import Section, State, Text
from rules.kit.end import is_over
from rules.tribes import ancients as an
from rules.tribes import board as bd
from rules.tribes import chiefs as ch
from rules.tribes import events
from rules.tribes import frames as fr
from rules.tribes import goals as gl
from rules.tribes import state as st
from rules.tribes import terrains as tr
from rules.tribes.actions import column, strength
from rules.tribes.build import pawns_left
from rules.tribes.components import ACTION_ORDER, ACTIONS, GOALS, MAPS, TERRAINS, TRIBES, VICTORY
from rules.tribes.crowding import conflict_hexes, in_conflict, population_limit
from rules.tribes.players import VP_CATEGORIES, player, vp_total
from rules.tribes.setup import placer
from rules.tribes.values import all_values, can_use_fire, improvements
from rules.tribes.view_types import (
    ActionView,
    GoalView,
    HexView,
    PendingView,
    PlayerView,
    TribesPart,
)

PENDING_FIELDS = ("hex", "left", "source", "target", "purpose")


def public_view(state: State) -> TribesPart:
    data = st.data(state)
    seats = state.seats
    layout = MAPS[data["map"]]
    hexes: list[HexView] = []
    for h in layout.hexes:
        terrain = data["hexes"][h.id]
        owner = bd.village(data, h.id)
        hexes.append(
            {
                "id": h.id,
                "q": h.q,
                "r": h.r,
                "terrain": terrain,
                "resource": TERRAINS[terrain],
                "members": {seats[i]: n for i, n in enumerate(bd.members(data, h.id)) if n},
                "village": None if owner is None else seats[owner],
                "population": bd.population(data, h.id),
                "limit": population_limit(state, h.id),
                "conflict": in_conflict(state, h.id),
                "invaders": bd.invaders(data, h.id),
                **tr.view(data, h.id),
            }
        )
    board = _board_view(state)
    over = is_over(data)
    if over:
        acting: int | None = None
    elif data["step"] == "chiefs":  # chiefs: everyone picks at once
        acting = None
    elif data["step"] == "place":
        acting = placer(state)
    else:
        acting = data["turn"]
    frame = fr.top(state)
    pending: PendingView | None = None
    if frame is not None:
        pending = {"kind": frame["kind"], "player": seats[frame["player"]]}
        fields = fr.as_any(frame)  # the fields shown are those the frame's kind has
        cast(dict[str, Any], pending).update({k: fields[k] for k in PENDING_FIELDS if k in fields})
    view: TribesPart = {
        "map": {
            "players": data["map"],
            "hexes": hexes,
            "volcano_spots": [list(s) for s in layout.volcano_spots],
        },
        "board": board,
        "action_order": list(ACTION_ORDER),
        "roll": list(data["roll"]),
        "hand": list(data["hand"]),
        "pushed": [f for f in data["pushed"] if f != "?"],
        "step": data["step"],
        "active": None if acting is None else seats[acting],
        "first": seats[data["first"]],
        "round": data["round"],
        "actions_taken": list(data["used"]),
        "pending": pending,
        "conflicts": [] if over else conflict_hexes(state),
        "players": {s: _player_view(state, i) for i, s in enumerate(seats)},
        "villages": {"supply": pawns_left(state), "aside": data["village_aside"]},
        "victory": VICTORY,
        "winner": None if data["winner"] is None else seats[data["winner"]],
        "options": dict(state.options),
        "events": events.view(state),
    }
    chiefs = ch.view(state)
    if chiefs is not None:
        view["chiefs"] = chiefs
    return view


def _board_view(state: State) -> dict[str, ActionView]:
    """The action board: dice, strengths, printed values, and what each action gives the
    player whose turn it is (the engine's own numbers, ``rules.tribes.values``)."""
    data = st.data(state)
    faces = list(dict.fromkeys(data["hand"]))
    p = data["turn"]
    fire = data["step"] == "actions" and can_use_fire(state, p)
    board: dict[str, ActionView] = {}
    for a in ACTION_ORDER:
        dice = column(data, a)
        could = {f: strength([f, *dice[:2]]) for f in faces}
        board[a] = {
            "dice": dice,
            "strength": strength(dice),
            "if": could,
            "values": {s: dict(v) for s, v in ACTIONS[a].items()},
            "active": {
                "seat": state.seats[p],
                "values": all_values(state, p, a),
                "from": improvements(state, p, a),
            },
            "if_fire": {
                f: strength([f, *dice[:2]], fire=True)
                for f, s in could.items()
                if fire and s == "reduced" and strength([f, *dice[:2]], fire=True) != s
            },
        }
    return board


def _goal_view(state: State, p: int, goal_id: str, *, done: bool) -> GoalView:
    goal = GOALS[goal_id]
    out: GoalView = {
        "id": goal_id,
        "name": goal.name,
        "development": goal.development,
        "vp": goal.vp,
    }
    if not done:
        out["cost"] = dict(goal.cost)
        out["ready"] = gl.can_complete(state, p, goal_id)
    return out


def _player_view(state: State, p: int) -> PlayerView:
    mine = player(state, p)
    data = st.data(state)
    return {
        "index": p,
        "tribe": mine["tribe"],
        "village_cost": dict(TRIBES[mine["tribe"]].village),
        "resources": dict(mine["resources"]),
        "supply": mine["supply"],
        "on_map": bd.on_map(data, p),
        "villages": bd.villages_of(data, p),
        "vp": vp_total(state, p),
        "vp_by": dict(zip(VP_CATEGORIES, mine["vp"], strict=True)),
        "goals": [_goal_view(state, p, g, done=False) for g in mine["goals"]],
        "done": [_goal_view(state, p, g, done=True) for g in mine["done"]],
        "deck": len(mine["deck"]),
        "acquired": list(mine["acquired"]),
        **ch.player_view(state, p),  # chiefs: the power once shown
        **an.player_view(state, p),
    }


def private_sections(state: State, p: int) -> list[Section]:
    """A seat's own summary: its tribe, resources, and each goal in progress with what
    it still needs (nothing is secret: this is a reminder, not a hidden hand)."""
    mine = player(state, p)
    res = mine["resources"]
    lines = [
        Text("tribes.present.tribe", {"tribe": f"@tribes.tribe.{mine['tribe']}"}),
        Text(
            "tribes.present.resources",
            {"wood": res["wood"], "food": res["food"], "stone": res["stone"]},
        ),
        Text(
            "tribes.present.members",
            {"supply": mine["supply"], "on_map": bd.on_map(st.data(state), p)},
        ),
    ]
    for g in mine["goals"]:
        key = "tribes.present.goal_ready" if gl.can_complete(state, p, g) else "tribes.present.goal"
        lines.append(Text(key, {"goal": f"@tribes.goal.{g}", "text": f"@tribes.goal.{g}.text"}))
    if not mine["goals"]:
        lines.append(Text("tribes.present.no_goals"))
    return [Section(Text("tribes.present.title"), tuple(lines)), *ch.private_sections(state, p)]
