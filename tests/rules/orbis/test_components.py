"""The data checks of docs/contributors/components/orbis.md section 3.3, and the loader's
refusals."""

from __future__ import annotations

from collections import Counter

import pytest

from rules.orbis.components import (
    ANY,
    COLOURS,
    GODS,
    SETUP,
    TILES,
    DataError,
    check_components,
    parse_cost,
    parse_effect,
)


def level(n: int) -> list:
    return [t for t in TILES.values() if t.level == n]


def test_the_data_files_pass_every_check_at_import() -> None:
    assert check_components() == []


def test_65_tiles_20_20_25_per_level() -> None:
    assert len(TILES) == 65
    assert [len(level(n)) for n in (1, 2, 3)] == [20, 20, 25]


@pytest.mark.parametrize(
    ("stars", "per_level"),
    [("white", [5, 5, 4]), ("violet", [4, 4, 6]), ("black", [11, 11, 15])],
)
def test_star_counts_per_level(stars: str, per_level: list[int]) -> None:
    assert [sum(1 for t in level(n) if t.stars == stars) for n in (1, 2, 3)] == per_level


@pytest.mark.parametrize(("players", "tiles"), [(2, 37), (3, 51), (4, 65)])
def test_tiles_in_play_feed_every_pick_exactly(players: int, tiles: int) -> None:
    used = sum(1 for t in TILES.values() if t.used_at(players))
    assert used == tiles
    assert used - 9 == players * 14


def test_13_tiles_per_colour_4_4_5() -> None:
    for colour in COLOURS:
        assert [sum(1 for t in level(n) if t.colour == colour) for n in (1, 2, 3)] == [4, 4, 5]


def test_cost_symbols_over_all_tiles() -> None:
    symbols: Counter[str] = Counter()
    for tile in TILES.values():
        for colour, n in tile.cost:
            symbols[colour] += n
    assert symbols == {
        "yellow": 26,
        "green": 26,
        "blue": 26,
        "white": 26,
        "red": 25,
        ANY: 37,
    }
    assert sum(symbols.values()) == 166
    assert sum(1 for t in level(1) if not t.cost) == 11
    assert all(n <= 2 for t in TILES.values() for c, n in t.cost if c != ANY)


def test_pc_per_level() -> None:
    assert [sum(t.pc for t in level(n)) for n in (1, 2, 3)] == [5, 45, 100]


def test_mystic_values_1_to_13_on_white_tiles_only() -> None:
    whites = [t for t in TILES.values() if t.colour == "white"]
    assert sorted(t.mystic for t in whites if t.mystic is not None) == list(range(1, 14))
    assert all(t.mystic is None for t in TILES.values() if t.colour != "white")


@pytest.mark.parametrize(
    ("kind", "per_level", "two", "three"),
    [
        ("proselytism", [12, 0, 0], 8, 11),
        ("sacred_stone", [5, 0, 0], 2, 2),
        ("farm", [3, 2, 0], 3, 4),
        ("village", [0, 2, 5], 4, 6),
        ("forest", [0, 4, 5], 5, 7),
        ("irrigation", [0, 4, 5], 5, 7),
        ("volcano", [0, 4, 5], 5, 7),
        ("temple", [0, 4, 5], 5, 7),
    ],
)
def test_effects_per_level_and_per_set(
    kind: str, per_level: list[int], two: int, three: int
) -> None:
    assert [sum(1 for t in level(n) if t.effect.kind == kind) for n in (1, 2, 3)] == per_level
    for players, expected in ((2, two), (3, three)):
        assert (
            sum(1 for t in TILES.values() if t.used_at(players) and t.effect.kind == kind)
            == expected
        )


@pytest.mark.parametrize(("players", "icons"), [(2, 6), (3, 9), (4, 11)])
def test_temple_icons_per_set(players: int, icons: int) -> None:
    found = sum(
        t.effect.n for t in TILES.values() if t.used_at(players) and t.effect.kind == "temple"
    )
    assert found == icons


def test_volcano_demand_irrigation_and_farm_colours() -> None:
    demand: Counter[str] = Counter()
    for tile in TILES.values():
        if tile.effect.kind == "volcano":
            demand.update(dict(tile.effect.cubes))
    assert demand == {"yellow": 4, "green": 4, "white": 4, "blue": 3, "red": 3}
    irrigation = Counter(t.effect.colour for t in TILES.values() if t.effect.kind == "irrigation")
    assert irrigation == {"yellow": 3, "green": 2, "red": 2, "white": 2}
    farms = {t.id: t.effect.colour for t in TILES.values() if t.effect.kind == "farm"}
    assert farms == {
        "L1-01": "green",
        "L1-02": "blue",
        "L1-03": "red",
        "L2-01": "white",
        "L2-02": "yellow",
    }
    two_player_farms = {
        t.effect.colour for t in TILES.values() if t.effect.kind == "farm" and t.used_at(2)
    }
    assert two_player_farms == {"green", "white", "yellow"}


def test_ten_gods_worth_25_pc_and_the_counts_by_player_number() -> None:
    assert len(GODS) == 10
    assert sum(g.pc for g in GODS.values()) == 25
    assert {p: SETUP.by_players[p].gods for p in (2, 3, 4)} == {2: 3, 3: 4, 4: 5}
    assert {p: SETUP.by_players[p].temple_tokens for p in (2, 3, 4)} == {
        2: (7, 2),
        3: (9, 4, 2),
        4: (11, 7, 4, 2),
    }


def test_the_printed_example_tile_reads_as_expected() -> None:
    """Rulebook "Description d'une tuile": a green level-2 tile costing 1 green, 1 blue
    and 1 white (L2-05 in our list)."""
    tile = TILES["L2-05"]
    assert (tile.colour, tile.level) == ("green", 2)
    assert dict(tile.cost) == {"green": 1, "blue": 1, "white": 1}


def test_unreadable_data_is_refused_with_its_place() -> None:
    with pytest.raises(DataError, match="L9-99"):
        parse_cost("1Q", "L9-99")
    with pytest.raises(DataError, match="L9-99"):
        parse_effect("storm(G)", "L9-99")
    with pytest.raises(DataError, match="repeated"):
        parse_cost("1Y+1Y", "L9-99")
    assert parse_effect("volcano(W=2, G=1)", "x").cubes == (("green", 1), ("white", 2))
