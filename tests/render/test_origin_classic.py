"""The Origin Classic picture drawn from real views of seeded random games, phase by phase."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from render import registry
from render.origin_classic import CLASSIC, draw, render
from render.origin_classic.layout import columns
from rules.registry import get
from tests.render.classic_games import PHASES, phase_view, play
from tests.render.helpers import mean_difference, open_png

BUDGET_BYTES = 200_000
NAMES = {"s1": "Amélie", "s2": "Bob", "s3": "Chloé", "s4": "Dévi"}


@pytest.fixture(scope="module")
def views() -> dict[tuple[int, str], dict[str, Any]]:
    """One real view per player count and phase (set-up, mid-game, reward, last round, over)."""
    return {(p, phase): phase_view(p, 10 * p + 1, phase) for p in (2, 3, 4) for phase in PHASES}


def test_the_games_reach_every_phase(views: dict[tuple[int, str], dict[str, Any]]) -> None:
    for (_, phase), view in views.items():
        assert view["game"] == "origin"
        if phase == "setup":
            assert view["phase"] == "choose" and any(
                p["choosing"] for p in view["players"].values()
            )
        elif phase == "reward":
            assert view["pending"]["kind"] == "reward"
        elif phase == "last":
            assert view["ending"] and view["ending"]["last_turns"] and not view["over"]
        elif phase == "over":
            assert view["over"] and view["to_act"] == []


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("phase", list(PHASES))
@pytest.mark.parametrize("lang", ["en", "fr"])
def test_pictures_have_the_layout_size_and_fit_the_budget(
    views: dict[tuple[int, str], dict[str, Any]], players: int, phase: str, lang: str
) -> None:
    view = views[(players, phase)]
    before = copy.deepcopy(view)
    data = draw(view, lang=lang, names=NAMES)
    assert view == before, "drawing must not mutate the view"
    image = open_png(data)
    frame = CLASSIC.layout(players)
    assert image.size == (frame.width, frame.height)
    assert image.width >= 1280
    assert image.mode == "P"
    assert len(data) < BUDGET_BYTES


def test_the_registry_dispatches_origin_to_the_classic_renderer(
    views: dict[tuple[int, str], dict[str, Any]],
) -> None:
    view = views[(3, "mid")]
    assert "origin" in registry.ids()
    assert registry.draw("origin", view, lang="fr") == draw(view, lang="fr")
    assert registry.draw("origin", view) != registry.draw("origin-junior", _junior_shape(view))


def _junior_shape(view: dict[str, Any]) -> dict[str, Any]:
    """The map part of a Classic view, enough for the Junior renderer (a different picture)."""
    keep = ("seats", "to_act", "turn", "round", "over", "territories", "supply", "hunting")
    return {"game": "origin-junior", **{k: view[k] for k in keep}}


def test_french_and_english_differ_only_in_words(
    views: dict[tuple[int, str], dict[str, Any]],
) -> None:
    view = views[(4, "last")]
    english, french = open_png(draw(view, lang="en")), open_png(draw(view, lang="fr"))
    assert english.size == french.size
    assert 0 < mean_difference(english, french) < 8


def test_classic_caches_do_not_mix_with_junior() -> None:
    """Junior and Classic static art of the same player count and language differ."""
    from render.kit.compose import Static
    from render.origin import JUNIOR

    junior = JUNIOR.static_art(Static("en", 3))
    classic = CLASSIC.static_art(Static("en", 3))
    assert junior.size != classic.size
    assert JUNIOR.palette_of() is CLASSIC.palette_of()


def test_the_reward_board_shows_each_slot(views: dict[tuple[int, str], dict[str, Any]]) -> None:
    """Emptying a slot or changing a tile's level changes that slot, and only the board."""
    view = views[(3, "mid")]
    frame = CLASSIC.layout(3)
    assert frame.band is not None
    board = columns(frame.band)
    base = render(view).convert("RGB")
    for index, column in enumerate(board):
        slot = column.slots[-1]
        changed = copy.deepcopy(view)
        tiles = changed["reward_board"][column.colour]
        assert tiles[-1] is not None, "the chosen game should have this slot filled"
        for variant in (None, {"id": "IN99", "level": tiles[-1]["level"] % 5 + 1}):
            tiles[-1] = variant
            other = render(changed).convert("RGB")
            assert mean_difference(base.crop(slot.xyxy()), other.crop(slot.xyxy())) > 5, index
            masked = other.copy()
            masked.paste(base.crop(slot.xyxy()), (slot.x, slot.y))
            assert mean_difference(base, masked) == 0


def test_deck_counts_and_reserve_are_drawn(views: dict[tuple[int, str], dict[str, Any]]) -> None:
    view = views[(2, "mid")]
    base = render(view).convert("RGB")
    frame = CLASSIC.layout(2)
    assert frame.band is not None
    for deck, colour in (("action", 0), ("permanent", 1), ("objective", 2)):
        changed = copy.deepcopy(view)
        changed["decks"][deck] += 7
        strip = columns(frame.band)[colour].strip
        other = render(changed).convert("RGB")
        assert mean_difference(base.crop(strip.xyxy()), other.crop(strip.xyxy())) > 0
    changed = copy.deepcopy(view)
    changed["reserve"] += 3
    changed["discard"] += 3
    footer = frame.footer
    other = render(changed).convert("RGB")
    assert mean_difference(base.crop(footer.xyxy()), other.crop(footer.xyxy())) > 0


def test_the_rewarded_column_is_outlined(views: dict[tuple[int, str], dict[str, Any]]) -> None:
    view = views[(3, "reward")]
    colour = view["pending"]["colour"]
    frame = CLASSIC.layout(3)
    assert frame.band is not None
    column = next(c for c in columns(frame.band) if c.colour == colour)
    calm = copy.deepcopy(view)
    calm["pending"] = None
    a, b = render(view).convert("RGB"), render(calm).convert("RGB")
    edge = column.box.inset(-4)
    assert mean_difference(a.crop(edge.xyxy()), b.crop(edge.xyxy())) > 0


def test_a_full_tableau_stays_inside_its_panel(
    views: dict[tuple[int, str], dict[str, Any]],
) -> None:
    """Many stacks, tokens, permanents and objectives: drawn in the panel, never beyond."""
    view = views[(4, "over")]
    crowded = copy.deepcopy(view)
    player = crowded["players"]["s1"]
    player["permanents"] = [f"P{i:02d}" for i in range(1, 15)]
    player["objectives_done"] = [{"id": f"OB{i:02d}", "points": 5} for i in range(1, 21)]
    player["tiles"] = [[1, 2, 3, 4, 5]] * 8
    player["hunting"] = [{"id": f"HU{i}", "territory": "A8", "value": 6} for i in range(5)]
    player["straits"] = [{"id": f"SR{i}", "strait": "ST01", "value": 4} for i in range(11)]
    panel = CLASSIC.layout(4).panels[0]
    a, b = render(view).convert("RGB"), render(crowded).convert("RGB")
    assert mean_difference(a.crop(panel.xyxy()), b.crop(panel.xyxy())) > 1
    masked = b.copy()
    masked.paste(a.crop(panel.xyxy()), (panel.x, panel.y))
    assert mean_difference(a, masked) == 0


def test_unknown_card_ids_and_sparse_views_still_draw() -> None:
    view = phase_view(2, 5, "mid")
    view["players"]["s1"]["permanents"] = ["ZZ99"]
    view["players"]["s1"]["objectives_done"] = [{"id": "ZZ98", "points": None}]
    view["pending"] = {"seat": "s1", "kind": "mystery"}
    assert draw(view)
    assert draw({"game": "origin", "seats": ["a", "b"]})


def test_game_over_names_the_winners_by_the_rules_ranking() -> None:
    """The view names the winners the rules' outcome ranks first; the picture says so."""
    game = get("origin")
    for players, seed in ((2, 6), (3, 7), (4, 8), (4, 9)):
        state = play(players, seed, until=PHASES["over"])
        outcome = game.outcome(state)
        assert outcome is not None
        view = game.view(state, None)
        assert sorted(view["winners"]) == sorted(outcome.winners)
        without = {k: v for k, v in view.items() if k != "winners"}
        assert draw(view) != draw(without)
    assert phase_view(3, 2, "mid")["winners"] == []
