"""Data checks of docs/contributors/components/tribes.md section 3 (counts and sums), and
load errors."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from rules.tribes import components as cp


def test_goal_deck_has_8_developments_and_7_achievements() -> None:
    devs = [g for g in cp.GOALS.values() if g.development]
    assert (len(devs), len(cp.GOALS)) == (8, 15)
    for kind in cp.RESOURCES:
        assert sum(g.cost.get(kind, 0) for g in devs) == 8
    assert sum(g.vp for g in cp.GOALS.values()) == 26
    assert sum(g.vp for g in cp.GOALS.values() if g.name != "pottery") == 25
    assert all(2 <= g.vp <= 4 for g in cp.GOALS.values() if not g.development)


def test_every_village_costs_4_and_danānu_pays_food() -> None:
    assert len(cp.TRIBES) == 8
    assert all(sum(t.village.values()) == 4 for t in cp.TRIBES.values())
    assert cp.TRIBES["dananu"].village == {"food": 4}
    assert sum(len(t.powers) for t in cp.TRIBES.values()) == 16


@pytest.mark.parametrize(("players", "hexes", "borders"), [(2, 9, 14), (3, 12, 23), (4, 15, 30)])
def test_maps_have_players_plus_one_of_each_terrain(players: int, hexes: int, borders: int) -> None:
    layout = cp.MAPS[players]
    assert len(layout.hexes) == hexes
    for terrain in ("lake", "forest", "mountain"):
        assert sum(h.reference == terrain for h in layout.hexes) == players + 1
    assert sum(len(h.neighbours) for h in layout.hexes) == 2 * borders


def test_dice_and_action_board() -> None:
    assert cp.DICE.count == 14 and cp.DICE.first_roll == 2
    assert cp.DICE.start == ("sun", "moon", "blank")
    assert cp.ACTIONS["gather"]["boosted"] == {"hexes": 3, "each": 2}
    assert cp.ACTIONS["grow"]["normal"] == {"members": 3}


def test_supplies() -> None:
    assert (cp.MEMBERS, cp.VILLAGE_PAWNS, cp.POPULATION_LIMIT, cp.VICTORY) == (20, 12, 5, 15)
    assert len(cp.SPECIAL_TERRAINS) == 8


def test_a_wrong_neighbour_is_named(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    for f in cp.DATA_DIR.iterdir():
        (tmp_path / f.name).write_text(f.read_text("utf-8"), "utf-8")
    raw = json.loads((tmp_path / "maps.json").read_text("utf-8"))
    raw["maps"]["2"]["hexes"][0]["neighbours"] = ["H02"]
    (tmp_path / "maps.json").write_text(json.dumps(raw), "utf-8")
    monkeypatch.setattr(cp, "DATA_DIR", tmp_path)
    with pytest.raises(cp.ComponentError, match="maps.json: H01"):
        cp.load_maps()


def test_a_wrong_cost_sum_is_named(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    for f in cp.DATA_DIR.iterdir():
        (tmp_path / f.name).write_text(f.read_text("utf-8"), "utf-8")
    raw = json.loads((tmp_path / "goals.json").read_text("utf-8"))
    raw["developments"][0]["cost"] = {"wood": 4}
    (tmp_path / "goals.json").write_text(json.dumps(raw), "utf-8")
    monkeypatch.setattr(cp, "DATA_DIR", tmp_path)
    with pytest.raises(cp.ComponentError, match="goals.json: D1"):
        cp.load_goals()
