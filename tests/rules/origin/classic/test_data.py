"""The Classic data files: the shipped ones load, broken ones fail naming file and entry."""

from __future__ import annotations

import json
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from rules.i18n import has_key
from rules.origin.classic.cards import (
    CARDS,
    DATA_DIR,
    DECK_CARDS,
    REWARD_BOARD,
    CardDataError,
    load_cards,
    load_reward_board,
)


def test_shipped_cards_match_the_components_page() -> None:
    assert {d: len(ids) for d, ids in DECK_CARDS.items()} == {
        "action": 14,
        "permanent": 14,
        "objective": 20,
    }
    levels = sorted(c.level for c in CARDS.values() if c.deck == "permanent")
    assert levels == [1] * 4 + [2] * 3 + [3] * 3 + [4] * 2 + [5] * 2
    assert CARDS["P08"].kind == "swap_equal_strength" and CARDS["P08"].level == 3
    assert REWARD_BOARD.slots == {"yellow": 3, "orange": 3, "violet": 3, "brown": 6}


def test_every_card_has_a_title_and_a_text_in_both_languages() -> None:
    for card in CARDS.values():
        assert has_key(card.title_key) and has_key(card.text_key), card.id


def broken(tmp_path: Path, file: str, change: Callable[[Any], None]) -> Path:
    for name in ("cards.json", "reward_board.json"):
        shutil.copy(DATA_DIR / name, tmp_path / name)
    raw = json.loads((tmp_path / file).read_text())
    change(raw)
    (tmp_path / file).write_text(json.dumps(raw))
    return tmp_path


@pytest.mark.parametrize(
    ("change", "entry", "problem"),
    [
        (lambda r: r["objective"][0].update(kind="fly"), "objective card OB01", "unknown kind"),
        (
            lambda r: r["permanent"][7]["params"].update(x=1),
            "permanent card P08",
            "unknown parameter",
        ),
        (lambda r: r["permanent"][0].pop("level"), "permanent card P01", "level"),
        (
            lambda r: r["objective"][4]["params"].update(continent="XX"),
            "objective card OB05",
            "continent",
        ),
        (lambda r: r["action"][1].update(id="A01"), "action card A01", "used twice"),
        (
            lambda r: r["objective"][10]["params"].pop("continents"),
            "objective card OB11",
            "exactly one",
        ),
        (lambda r: r["objective"][2].update(points=0), "objective card OB03", "points"),
        # The engine only knows a group on a single continent (OB11): any other
        # number would be silently read as 1.
        (
            lambda r: r["objective"][10]["params"].update(continents=2),
            "objective card OB11",
            "continents",
        ),
    ],
)
def test_broken_cards_name_the_file_and_the_entry(
    tmp_path: Path, change: Callable[[Any], None], entry: str, problem: str
) -> None:
    folder = broken(tmp_path, "cards.json", change)
    with pytest.raises(CardDataError) as err:
        load_cards(folder)
    assert err.value.file == "cards.json" and err.value.entry == entry
    assert problem in err.value.problem
    assert "rules/origin/classic/data/cards.json" in str(err.value)


@pytest.mark.parametrize(
    ("change", "entry"),
    [
        (lambda r: r["columns"][0].update(slots=0), "column yellow"),
        (lambda r: r["columns"][1].update(deck="action"), "column orange"),
        (lambda r: r.update(objective_hand_limit=-1), "objective_hand_limit"),
        (lambda r: r["draw_option"].pop("put_back"), "draw_option.put_back"),
    ],
)
def test_broken_reward_board_names_the_entry(
    tmp_path: Path, change: Callable[[Any], None], entry: str
) -> None:
    folder = broken(tmp_path, "reward_board.json", change)
    with pytest.raises(CardDataError) as err:
        load_reward_board(folder)
    assert err.value.file == "reward_board.json" and err.value.entry == entry


def test_unreadable_file(tmp_path: Path) -> None:
    (tmp_path / "cards.json").write_text("{not json")
    with pytest.raises(CardDataError) as err:
        load_cards(tmp_path)
    assert err.value.entry == "file"


def test_duplicate_action_cards_share_their_effect() -> None:
    """JOURNEY (A01, A02), GROWTH (A03, A04) and GATHERING (A09, A10) exist twice."""
    for a, b in (("A01", "A02"), ("A03", "A04"), ("A09", "A10")):
        assert (CARDS[a].kind, CARDS[a].params) == (CARDS[b].kind, CARDS[b].params)
