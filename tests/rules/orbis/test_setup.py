"""Set-up by player count (rulebook "Mise en place", "Partie à 3 / 2 joueurs")."""

from __future__ import annotations

import pytest

from rules.orbis import ORBIS
from rules.orbis.components import TILES
from tests.rules.orbis.helpers import SEATS


@pytest.mark.parametrize(
    ("players", "piles", "gods", "tokens", "stars"),
    [
        (2, {"1": 2, "2": 11, "3": 15}, 3, [7, 2], {"black"}),
        (3, {"1": 6, "2": 15, "3": 21}, 4, [9, 4, 2], {"black", "violet"}),
        (4, {"1": 11, "2": 20, "3": 25}, 5, [11, 7, 4, 2], {"black", "violet", "white"}),
    ],
)
def test_setup_by_player_count(
    players: int, piles: dict[str, int], gods: int, tokens: list[int], stars: set[str]
) -> None:
    state = ORBIS.setup(SEATS[:players], "s")
    data = state.data
    assert {k: len(v) for k, v in data["piles"].items()} == piles
    assert len(data["display"]) == 9
    assert all(TILES[t].level == 1 for t in data["display"])
    in_play = [*data["display"], *(t for p in data["piles"].values() for t in p)]
    assert {TILES[t].stars for t in in_play} == stars
    assert all(TILES[t].level == int(k) for k, p in data["piles"].items() for t in p)
    assert len(data["gods"]) == gods
    assert data["temple_tokens"] == tokens
    assert sum(data["cubes"]) == 0
    assert all(sum(b["domain"]) == 0 and b["god"] is None for b in data["boards"])


def test_piles_gods_and_first_player_come_from_the_seed() -> None:
    firsts = {ORBIS.setup(SEATS, f"seed-{n}").data["first"] for n in range(30)}
    assert firsts == {0, 1, 2, 3}
    a, b = ORBIS.setup(SEATS, "x"), ORBIS.setup(SEATS, "y")
    assert a.data["piles"] != b.data["piles"]
    assert ORBIS.setup(SEATS, "x") == a


def test_the_view_shows_pile_sizes_never_their_order() -> None:
    state = ORBIS.setup(SEATS, "s")
    view = ORBIS.view(state, None)
    assert view["piles"] == {"1": 11, "2": 20, "3": 25}
    hidden = {t for p in state.data["piles"].values() for t in p}
    assert not hidden & set(str(view).split("'"))
    assert ORBIS.view(state, "ana") == view
    assert [s["slot"] for s in view["display"]] == list(range(1, 10))
