"""The options of the advanced modules (rulebook "Règles avancées": freely combined)."""

from __future__ import annotations

import pytest

from rules.base import InvalidOptions
from rules.tribes import TRIBES_GAME as GAME
from rules.tribes.components import SPECIAL_TERRAINS
from rules.tribes.options import special_terrains


def test_special_terrains_accept_none_all_or_a_list() -> None:
    assert GAME.spec.validate_options({"terrains": "none"})["terrains"] == "none"
    assert GAME.spec.validate_options({"terrains": "all"})["terrains"] == "all"
    listed = GAME.spec.validate_options({"terrains": "oasis,jungle"})["terrains"]
    assert listed == ["jungle", "oasis"]
    assert GAME.spec.validate_options({"terrains": "oasis+jungle"})["terrains"] == listed
    assert special_terrains({"terrains": "all"}) == tuple(SPECIAL_TERRAINS)
    assert special_terrains({"terrains": listed}) == ("jungle", "oasis")
    assert special_terrains({"terrains": "none"}) == ()


def test_an_unknown_terrain_is_refused_with_the_allowed_ones_named() -> None:
    with pytest.raises(InvalidOptions) as bad:
        GAME.spec.validate_options({"terrains": "jungle,lava"})
    assert bad.value.key == "options.bad_choice"
    assert "glacier" in bad.value.params["choices"] and "all" in bad.value.params["choices"]


def test_none_and_all_stand_alone() -> None:
    with pytest.raises(InvalidOptions) as bad:
        GAME.spec.validate_options({"terrains": "all,jungle"})
    assert bad.value.key == "options.alone"


@pytest.mark.parametrize("name", ["ancients", "chiefs"])
def test_module_switches_take_yes_or_no(name: str) -> None:
    assert GAME.spec.validate_options({name: True})[name] is True
    with pytest.raises(InvalidOptions) as bad:
        GAME.spec.validate_options({name: "maybe"})
    assert bad.value.key == "options.bad_choice"
    assert bad.value.params["choices"] == "yes, no"


def test_all_three_modules_combine() -> None:
    options = {"ancients": True, "terrains": "all", "chiefs": True}
    assert GAME.setup(["a", "b", "c"], "s", options).options["terrains"] == "all"
