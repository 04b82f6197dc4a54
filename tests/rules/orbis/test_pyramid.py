"""The universe and its three placement rules (rulebook "Règles de placement"; O3)."""

from __future__ import annotations

import pytest

from rules.base import IllegalMove
from rules.orbis import ORBIS
from rules.orbis import pyramid as pm
from tests.rules.orbis.helpers import build, codes, game, play, put_display, set_domain


def spots_for(state, colour: str | None) -> list[str]:  # type: ignore[no-untyped-def]
    return pm.spots(state.data["boards"][0]["pyramid"], colour)


def refusal(state, code: str) -> str:  # type: ignore[no-untyped-def]
    with pytest.raises(IllegalMove) as refused:
        ORBIS.apply(state, next(iter(ORBIS.to_act(state))), code)
    return refused.value.key


def test_rule_1_legal_the_bottom_row_is_one_unbroken_line() -> None:
    """Placement légal: the bottom tiles touch; a new one goes at either end."""
    state = game()
    put_display(state, 1, "L1-09")
    state = play(state, "take:1")
    assert codes(state) == ["place:start", "wild", "back"]
    state = play(state, "place:start")
    state.data["turn"] = 0
    put_display(state, 1, "L1-05")
    state = play(state, "take:1")
    assert [c for c in codes(state) if c.startswith("place")] == ["place:left", "place:right"]
    state = play(state, "place:left")
    pyramid = state.data["boards"][0]["pyramid"]
    assert [c.tile for c in pm.cells(pyramid)] == ["L1-05", "L1-09"]


def test_rule_1_illegal_a_gap_in_the_bottom_row_cannot_be_made() -> None:
    """Placement illégal: no spot leaves a hole; asking for a new start is refused."""
    state = game()
    build(state, 0, {(0, 0): "L1-09", (0, 1): "L1-05"})
    put_display(state, 1, "L1-13")
    state = play(state, "take:1")
    assert refusal(state, "place:start") == "orbis.illegal.place_start"
    assert [c for c in codes(state) if c.startswith("place")] == ["place:left", "place:right"]


def test_the_bottom_row_holds_five_tiles_at_most() -> None:
    state = game()
    build(
        state, 0, {(0, x): t for x, t in enumerate(["L1-09", "L1-05", "L1-13", "L1-04", "L1-17"])}
    )
    assert spots_for(state, "red") == ["r2s2", "r2s3"]  # on red L1-13 (x = 2)
    put_display(state, 1, "L1-14")
    state = play(state, "take:1")
    assert refusal(state, "place:left") == "orbis.illegal.bottom_full"


def test_rule_2_a_tile_above_rests_on_two_tiles() -> None:
    """Placement illégal: "une tuile doit être placée sur deux tuiles de l'étage inférieur"."""
    state = game()
    build(state, 0, {(0, 0): "L1-09", (0, 1): "L1-10"})  # two blue
    assert spots_for(state, "blue") == ["left", "right", "r2s1"]
    put_display(state, 1, "L1-11")  # blue
    state = play(state, "take:1")
    assert refusal(state, "place:r2s2") == "orbis.illegal.place_two"


def test_rule_3_one_of_the_two_tiles_below_has_the_colour() -> None:
    """Placement illégal: neither tile below is of the placed tile's colour."""
    state = game()
    build(state, 0, {(0, 0): "L1-09", (0, 1): "L1-05"})  # blue, green
    assert "r2s1" in spots_for(state, "blue")
    assert "r2s1" in spots_for(state, "green")
    assert "r2s1" not in spots_for(state, "red")
    put_display(state, 1, "L1-13")  # red
    state = play(state, "take:1")
    assert refusal(state, "place:r2s1") == "orbis.illegal.place_colour"


def test_a_wasteland_ignores_rule_3_and_counts_as_every_colour_below() -> None:
    state = game()
    build(state, 0, {(0, 0): "L1-09", (0, 1): "L1-05"})
    assert "r2s1" in spots_for(state, None)  # a Wasteland goes anywhere rule 2 allows
    build(state, 0, {(0, 2): "L1-13~"})
    assert "r2s2" in spots_for(state, "white")  # green + Wasteland: any colour may go on


def test_rulebook_legal_universe_upper_rows_before_the_bottom_is_complete() -> None:
    """ "Cet univers est légal": the second and third rows are begun while the bottom
    row still has three tiles; the bottom may still grow on both sides."""
    state = game()
    build(
        state,
        0,
        {
            (0, 0): "L1-09",
            (0, 1): "L1-10",
            (0, 2): "L1-11",
            (1, 0): "L2-09",
            (1, 1): "L2-10",
            (2, 0): "L3-11",
        },
    )
    ORBIS.check_game_invariants(state)
    assert spots_for(state, "blue") == ["left", "right"]
    put_display(state, 1, "L1-12")  # blue, costs 1 green
    set_domain(state, 0, green=1)
    state = play(state, "take:1", "pay", "place:left")
    cells = pm.cells(state.data["boards"][0]["pyramid"])
    assert [(c.row, c.x, c.tile) for c in cells][:2] == [(0, 0, "L1-12"), (0, 1, "L1-09")]
    assert (2, 1, "L3-11") in [(c.row, c.x, c.tile) for c in cells]  # shifted with its row


def test_with_fourteen_tiles_only_the_god_is_left_o9() -> None:
    state = game()
    tiles = [
        "L1-09",
        "L1-10",
        "L1-11",
        "L1-12",
        "L1-13",
        "L2-09",
        "L2-10",
        "L2-11",
        "L2-12",
        "L3-11",
        "L3-12",
        "L3-13",
        "L3-14",
        "L3-15",
    ]
    places = [
        (0, 0),
        (0, 1),
        (0, 2),
        (0, 3),
        (0, 4),
        (1, 0),
        (1, 1),
        (1, 2),
        (1, 3),
        (2, 0),
        (2, 1),
        (2, 2),
        (3, 0),
        (3, 1),
    ]
    build(state, 0, dict(zip(places, [t + "~" for t in tiles], strict=True)))
    set_domain(state, 0, red=3)
    assert codes(state) == [f"god:{g.lower()}" for g in state.data["gods"]] + ["trade:r"]
    assert refusal(state, "take:1") == "orbis.illegal.must_take_god"
