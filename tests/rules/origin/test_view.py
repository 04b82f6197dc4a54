"""Junior views and score sheets: the agreed format, and hidden token values and tile levels."""

from __future__ import annotations

import json
import random

from rules.base import State
from rules.origin import JUNIOR
from rules.origin.components import BOARD
from rules.origin.scoring import HIDDEN_CATEGORIES
from tests.rules.origin.helpers import position

SECRET_KEYS = ("value", "level")


def played(players: int, seed: int, moves: int) -> State:
    """A game after ``moves`` random moves (or its end)."""
    chooser = random.Random(seed)
    state = JUNIOR.setup([f"p{i}" for i in range(players)], f"view-{seed}")
    for _ in range(moves):
        if JUNIOR.outcome(state) is not None:
            break
        seat = next(iter(JUNIOR.to_act(state)))
        state = JUNIOR.apply(state, seat, chooser.choice(JUNIOR.legal_moves(state, seat)).code)
    return state


def secrets_in(view: dict[str, object]) -> list[object]:
    """Every token value / tile level shown in a view (None = face down)."""
    found: list[object] = []

    def walk(node: object) -> None:
        if isinstance(node, dict):
            for k, v in node.items():
                if k in SECRET_KEYS and v is not None:
                    found.append(v)
                walk(v)
        elif isinstance(node, list):
            for v in node:
                walk(v)

    walk(view)
    return found


def test_public_view_has_the_agreed_shape() -> None:
    state = position({"A7": ("z2s1w", 0)})
    view = JUNIOR.view(state, None)
    json.dumps(view)
    assert view["game"] == "origin-junior" and view["seats"] == ["ana", "ben", "cy"]
    assert view["to_act"] == ["ana"] and view["turn"] == 0 and view["round"] == 1
    assert view["origin"] == "A1" and set(view["territories"]) == set(BOARD.order)
    assert view["territories"]["A7"] == {"pawn": "z2s1w", "owner": "ana"}
    assert view["territories"]["A1"] == {"pawn": "z1s1w", "owner": None}
    assert view["territories"]["A2"] == {"pawn": None, "owner": None}
    assert set(view["hunting"]) == set(BOARD.by_colour("green"))
    assert set(view["straits"]) == set(BOARD.straits)
    assert view["decks"] == {"yellow": 14, "orange": 14, "violet": 14}
    assert view["tiles_left"] == 30 and view["pending"] is None and view["last_move"] is None
    assert view["players"]["ana"]["villages_left"] == 8
    assert view["players"]["ben"]["cards"] == {"yellow": 0, "orange": 0, "violet": 0}
    assert view["supply"]["z1s2w"] == 1 and "z2s1w" not in view["supply"]


def test_view_shows_pending_and_last_move() -> None:
    state = position({"A9": ("z2s2w", 0), "A7": ("z1s1b", 1)})
    state = JUNIOR.apply(state, "ana", "swap:a9")
    assert JUNIOR.view(state, None)["pending"] == {"seat": "ana", "action": "swap", "at": "A9"}
    state = JUNIOR.apply(state, "ana", "to:a7")
    last = JUNIOR.view(state, None)["last_move"]
    assert last["seat"] == "ana" and last["action"] == "swap"
    assert (last["pawn"], last["from"], last["to"]) == ("z2s2w", "A9", "A7")
    assert last["swapped"]["pawn"] == "z1s1b" and last["swapped"]["owner"] == "ben"
    assert last["swapped"]["to"] == "A9"
    assert last["gains"] == {"cards": {"yellow": 1}, "tiles": 0, "hunting": [], "straits": []}


def test_no_view_of_a_running_game_leaks_another_seats_secrets() -> None:
    for players in (2, 3, 4):
        for seed in range(6):
            state = played(players, seed, 60)
            data = state.data
            if data["over"]:
                continue
            assert secrets_in(JUNIOR.view(state, None)) == []
            for i, seat in enumerate(state.seats):
                view = JUNIOR.view(state, seat)
                own = view["players"][seat]
                shown = len(own["hunting"]) + len(own["straits"]) + len(own["tiles"])
                assert len(secrets_in(view)) == shown
                for other, block in view["players"].items():
                    if other != seat:
                        assert secrets_in(block) == []
                assert i == own["index"]


def test_owned_secrets_are_shown_to_their_owner_only() -> None:
    state = position({"A2": ("z1s1k", 0)})
    state = JUNIOR.apply(state, "ana", "evolve:e1")
    state = JUNIOR.apply(state, "ana", "pawn:z1s1b")
    own = JUNIOR.view(state, "ana")["players"]["ana"]["straits"]
    assert own[0]["strait"] == "ST01" and own[0]["value"] in (3, 4, 5)
    assert JUNIOR.view(state, "ben")["players"]["ana"]["straits"][0]["value"] is None
    assert JUNIOR.view(state, None)["players"]["ana"]["straits"][0]["value"] is None
    assert JUNIOR.view(state, None)["straits"]["ST01"] == {"present": False, "value": None}


def test_hidden_token_and_tile_ids_are_not_shown_either() -> None:
    # Ids map to values in the shipped data files (HU1 is worth 4, IN29 is level 5): a
    # face-down item shows neither its value nor its id to anyone but its owner.
    state = position({"A2": ("z1s1k", 0), "A9": ("z2s2w", 0)})
    state = JUNIOR.apply(state, "ana", "evolve:e1")
    state = JUNIOR.apply(state, "ana", "pawn:z1s1b")
    state.data["turn"] = 0
    state = JUNIOR.apply(state, "ana", "evolve:a8")
    state = JUNIOR.apply(state, "ana", "pawn:z2s1w")
    state.data["turn"] = 0
    state = JUNIOR.apply(state, "ana", "evolve:a3")
    state = JUNIOR.apply(state, "ana", "pawn:z1s2k")
    data = state.data
    assert data["hunting_of"][0] and data["straits_of"][0] and data["tiles_of"][0]
    for viewer in (None, "ben", "cy"):
        block = JUNIOR.view(state, viewer)["players"]["ana"]
        items = block["hunting"] + block["straits"] + block["tiles"]
        assert len(items) == 1 + 1 + 2
        assert all(item["id"] is None for item in items)
        assert [t["territory"] for t in block["hunting"]] == ["A8"]
        assert [t["strait"] for t in block["straits"]] == ["ST01"]
    own = JUNIOR.view(state, "ana")["players"]["ana"]
    assert [t["id"] for t in own["hunting"]] == data["hunting_of"][0]
    assert [t["id"] for t in own["straits"]] == data["straits_of"][0]
    assert [t["id"] for t in own["tiles"]] == data["tiles_of"][0]


def test_public_score_sheet_hides_token_and_tile_points_until_the_end() -> None:
    state = position({"A2": ("z1s1k", 0)})
    state = JUNIOR.apply(state, "ana", "evolve:e1")
    state = JUNIOR.apply(state, "ana", "pawn:z1s1b")
    public = JUNIOR.scores(state, None)
    assert not public.final
    assert all(public.hidden[s] == HIDDEN_CATEGORIES for s in state.seats)
    assert public.rows["ana"]["origin.score.straits"] == 0
    own = JUNIOR.scores(state, "ana")
    assert "ana" not in own.hidden and own.rows["ana"]["origin.score.straits"] >= 3
    assert own.hidden["ben"] == HIDDEN_CATEGORIES
    view = JUNIOR.view(state, None)
    assert view["scores"]["ana"] == {"total": public.total("ana"), "partial": True}
    assert JUNIOR.view(state, "ana")["scores"]["ana"]["partial"] is False


def test_everything_is_revealed_at_the_end() -> None:
    state = played(3, 7, 2000)
    assert state.data["over"]
    view = JUNIOR.view(state, None)
    for block in view["players"].values():
        for item in block["hunting"] + block["straits"] + block["tiles"]:
            assert item.get("value", item.get("level")) is not None
    for token in list(view["hunting"].values()) + list(view["straits"].values()):
        assert (token["value"] is not None) == token["present"]
    sheet = JUNIOR.scores(state, None)
    assert sheet.final and not sheet.hidden
    assert all(not v["partial"] for v in view["scores"].values())


def test_views_never_share_lists_with_the_state() -> None:
    state = played(2, 3, 30)
    before = json.dumps(state.data, sort_keys=True)
    view = JUNIOR.view(state, "p0")
    if view["last_move"] is not None:
        view["last_move"]["gains"]["hunting"].append("X")
    view["players"]["p0"]["tiles"].append({"id": "X"})
    assert json.dumps(state.data, sort_keys=True) == before
