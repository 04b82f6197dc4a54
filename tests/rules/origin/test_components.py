"""Origin data files: the shipped files load and match the design; broken files are named."""

from __future__ import annotations

import json
import shutil
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from rules.origin import JUNIOR
from rules.origin.classic import CLASSIC
from rules.origin.components import (
    BOARD,
    DATA_DIR,
    PAWNS,
    RULES,
    TILES,
    TOKENS,
    ComponentError,
    load_all,
)
from rules.origin.pawns import parse_pawn


def test_map_has_44_territories_with_the_designed_colours() -> None:
    colours = Counter(t.colour for t in BOARD.territories.values())
    assert len(BOARD.territories) == 44
    assert colours == {
        "neutral": 1,
        "green": 5,
        "yellow": 10,
        "orange": 10,
        "violet": 10,
        "brown": 8,
    }
    assert BOARD.origin == "A1" and BOARD.colour("A1") == "neutral"


def test_land_borders_are_symmetric_and_number_65() -> None:
    pairs = {frozenset((t.id, n)) for t in BOARD.territories.values() for n in t.neighbours}
    assert len(pairs) == 65
    for t in BOARD.territories.values():
        for n in t.neighbours:
            assert t.id in BOARD.territories[n].neighbours


def test_straits_make_their_ends_adjacent() -> None:
    assert len(BOARD.straits) == 11
    gibraltar = BOARD.straits["ST01"]
    assert (gibraltar.a, gibraltar.b) == ("A2", "E1")
    assert "E1" in BOARD.adjacent("A2") and "A2" in BOARD.adjacent("E1")
    assert "E1" not in BOARD.territories["A2"].neighbours
    assert BOARD.straits_at("O5") == ("ST09", "ST10")


def test_continents_match_the_design_and_oceania_is_two_islands() -> None:
    sizes = {c.id: len(c.territories) for c in BOARD.continents.values()}
    assert sizes == {"AF": 9, "EU": 13, "NA": 7, "SA": 6, "AN": 4, "OC": 5}
    assert not BOARD.territories["O5"].neighbours


def test_distances_from_origin_follow_the_design() -> None:
    far = {
        c: max(BOARD.distance("A1", t) for t in BOARD.continents[c].territories)
        for c in BOARD.continents
    }
    assert far == {"AF": 2, "EU": 5, "NA": 7, "SA": 11, "AN": 11, "OC": 8}
    assert BOARD.within("A9", 1) == ("A7", "A8")
    assert set(BOARD.within("A9", 2)) == {"A7", "A8", "A1", "A5", "A6"}


def test_pawn_pool_is_27_distinct_or_36_with_doubled_mediums() -> None:
    assert sum(PAWNS.pool(2).values()) == 27 and sum(PAWNS.pool(3).values()) == 27
    pool4 = PAWNS.pool(4)
    assert sum(pool4.values()) == 36
    assert {p for p, n in pool4.items() if n == 2} == {
        p for p in PAWNS.order if parse_pawn(p).size == 2
    }
    assert "z2s3k#2" in PAWNS.copy_ids(4) and "z2s3k#2" not in PAWNS.copy_ids(3)
    assert set(PAWNS.neutral_candidates.values()) == {"z1s1w", "z1s1b", "z1s1k"}


def test_tokens_and_tiles_hold_the_proposed_values() -> None:
    assert sorted(t.value for t in TOKENS.hunting) == [4, 5, 6, 6, 7, 8]
    assert sum(t.value for t in TOKENS.strait) == 43 and len(TOKENS.strait) == 11
    assert Counter(t.level for t in TILES.tiles) == {1: 10, 2: 8, 3: 6, 4: 4, 5: 2}
    assert TILES.level("IN29") == 5 and TOKENS.value("HU1") == 4
    assert TILES.score["junior"][4] == 4 and TILES.score["classic"][4] == 1


def test_rule_numbers_and_variant_defaults() -> None:
    options = JUNIOR.spec.validate_options({})
    assert options == {"neutral_pawn": "random", "first_player": "seat_order"}
    assert CLASSIC.spec.validate_options({})["deck_end"] == "at_once"
    assert RULES.villages_per_player == 9
    assert RULES.junior.series_points == (0, 1, 3, 7, 13, 21)
    assert RULES.junior.decks == {"yellow": 14, "orange": 14, "violet": 14}


# --------------------------------------------------------------------------- broken files


def _broken(tmp_path: Path, file: str, change: Callable[[dict[str, Any]], None]) -> Path:
    target = tmp_path / "data"
    shutil.copytree(DATA_DIR, target)
    raw = json.loads((target / file).read_text(encoding="utf-8"))
    change(raw)
    (target / file).write_text(json.dumps(raw), encoding="utf-8")
    return target


def _territory(raw: dict[str, Any], tid: str) -> dict[str, Any]:
    return next(t for t in raw["territories"] if t["id"] == tid)


CASES: list[tuple[str, Callable[[dict[str, Any]], None], str, str]] = [
    ("board.json", lambda r: _territory(r, "A3").update(colour="pink"), "territory A3", "colour"),
    (
        "board.json",
        lambda r: _territory(r, "A2")["neighbours"].remove("A6"),
        "territory A6",
        "does not list it back",
    ),
    (
        "board.json",
        lambda r: _territory(r, "A9")["neighbours"].append("Z9"),
        "territory A9",
        "unknown neighbour",
    ),
    ("board.json", lambda r: _territory(r, "E1").update(continent="XX"), "territory E1", "XX"),
    ("board.json", lambda r: r.update(origin="A2"), "origin", "neutral"),
    (
        "board.json",
        lambda r: r["territories"].append(dict(_territory(r, "A2"))),
        "territory A2",
        "twice",
    ),
    ("straits.json", lambda r: r["straits"][0].update(b="Q1"), "strait ST01", "unknown"),
    ("straits.json", lambda r: r["straits"][1].update(b="A4"), "strait ST02", "bordering"),
    ("tokens.json", lambda r: r["hunting"][2].update(value=9), "hunting token HU3", "not in 4-8"),
    ("tokens.json", lambda r: r["strait"].pop(), "strait", "one per strait"),
    ("tiles.json", lambda r: r["tiles"][4].update(level=6), "tile IN05", "level 6"),
    ("tiles.json", lambda r: r["tiles"][4].pop("level"), "tile IN05", "missing field"),
    ("rules.json", lambda r: r.update(villages_per_player=0), "villages_per_player", "positive"),
    ("pawns.json", lambda r: r["neutral_candidates"].update(white="z2s1w"), "white", "small weak"),
]


@pytest.mark.parametrize(("file", "change", "entry", "problem"), CASES)
def test_a_broken_data_file_names_file_and_entry(
    tmp_path: Path,
    file: str,
    change: Callable[[dict[str, Any]], None],
    entry: str,
    problem: str,
) -> None:
    directory = _broken(tmp_path, file, change)
    with pytest.raises(ComponentError) as caught:
        load_all(directory)
    message = str(caught.value)
    assert file in message and entry in message and problem in message


def test_unreadable_json_is_reported_with_the_file(tmp_path: Path) -> None:
    target = tmp_path / "data"
    shutil.copytree(DATA_DIR, target)
    (target / "tiles.json").write_text("{not json", encoding="utf-8")
    with pytest.raises(ComponentError, match="tiles.json: file: is not valid JSON"):
        load_all(target)


def test_shipped_files_load_cleanly_from_a_copy(tmp_path: Path) -> None:
    target = tmp_path / "data"
    shutil.copytree(DATA_DIR, target)
    board, *_ = load_all(target)
    assert board.order == BOARD.order
