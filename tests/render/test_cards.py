"""The turn card of every game: portrait, 800 px wide, at most 150 KB, and the essentials
(who is to play, the last move, every seat's name and score, the winners) drawn at
20 px or more, at the start, in the middle, on a pending decision and at the end of
seeded random games with 2 and 4 players (the kit's text helper records the sizes)."""

from __future__ import annotations

import importlib
import random
from collections.abc import Mapping
from functools import lru_cache
from typing import Any

import pytest

from campfire_testing.nim_views import nim_view
from render import registry
from render.kit import frame
from render.kit.card import INNER, LINE_SIZE, MIN_TEXT, WIDTH, Card, close_up_boxes
from render.kit.compose import Picture, Turn
from render.kit.geometry import Box
from render.kit.text import Drawn, record_sizes
from rules.registry import get
from tests.render.helpers import open_png

NAMES = {"s1": "Amélie", "s2": "Bob", "s3": "Chloé", "s4": "Dévi"}
AVOID = ("back", "wild", "cancel")
MAX_BYTES = 150_000
GAMES = ["origin-junior", "origin", "sapiens", "orbis", "tribes"]
POSITIONS = ["start", "middle", "pending", "end"]

View = Mapping[str, Any]


def under_way(view: View) -> bool:
    """A decision under way: a ``pending`` choice, several seats to act, or a Sapiens
    turn between its steps (a tile taken, its square or orientation still to choose)."""
    step = view.get("step")
    sapiens_step = (
        view.get("game") == "sapiens"
        and isinstance(step, Mapping)
        and bool(step.get("tile"))
        and step.get("kind") not in (None, "tile")
    )
    return bool(view.get("pending") or len(view.get("to_act") or []) > 1 or sapiens_step)


@lru_cache(maxsize=16)
def positions(game_id: str, players: int) -> dict[str, View]:
    """Public views of one seeded random game: its start, middle, a decision under way
    (a view with a ``pending`` choice, or several seats to act) and its end."""
    game = get(game_id)
    state = game.setup([f"s{i + 1}" for i in range(players)], f"card-{players}")
    chooser = random.Random(players)
    states = [state]
    while game.to_act(state) and len(states) < 1500:
        seat = sorted(game.to_act(state))[0]
        legal = game.legal_moves(state, seat)
        forward = [m for m in legal if m.code not in AVOID and not m.code.startswith("unplay")]
        state = game.apply(state, seat, chooser.choice(forward or legal))
        states.append(state)
    views: dict[str, View] = {
        "start": game.view(states[0], None),
        "middle": game.view(states[len(states) // 2], None),
        "end": game.view(states[-1], None),
    }
    for candidate in states[len(states) // 3 :: 3]:
        view = game.view(candidate, None)
        if not view.get("over") and under_way(view):
            views["pending"] = view
            break
    else:
        views["pending"] = views["middle"]
    return views


def nim_positions(players: int) -> dict[str, View]:
    seats = [f"s{i + 1}" for i in range(players)]
    scores = {s: {"total": 0, "partial": False} for s in seats}
    last = {"seat": seats[0], "label": {"key": "nim.take", "params": {"n": 2}}, "notes": []}
    common: dict[str, Any] = {"seats": seats, "scores": scores, "taken": dict.fromkeys(seats, 1)}
    return {
        "start": nim_view(**common, to_act=[seats[0]], turn=0, last=None, stones=16),
        "middle": nim_view(**common, to_act=[seats[1]], last=last, stones=8),
        "pending": nim_view(**common, to_act=seats[:2], last=last, stones=5),
        "end": nim_view(**common, to_act=[], over=True, winners=[seats[0]], last=last, stones=0),
    }


def view_of(game_id: str, players: int, position: str) -> View:
    if game_id == "nim":
        return nim_positions(players)[position]
    return positions(game_id, players)[position]


def card_of(game_id: str) -> Card:
    """The ``Card`` whose drawer the registry gives for ``game_id``."""
    module = importlib.import_module(registry.renderer(game_id, "card").__module__)
    found: Card = module.CARD
    return found


def picture_of(game_id: str, view: View) -> Picture:
    found: Picture = card_of(game_id).picture(len(frame.seats_of(view)))
    return found


def large(drawn: list[Drawn]) -> list[str]:
    return [d.text for d in drawn if d.size >= MIN_TEXT]


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("players", [2, 4])
@pytest.mark.parametrize("game_id", [*GAMES, "nim"])
def test_card_draws_the_essentials_large(game_id: str, players: int, lang: str) -> None:
    for position in POSITIONS:
        view = view_of(game_id, players, position)
        with record_sizes() as drawn:
            data = registry.draw(game_id, view, lang=lang, names=NAMES, layout="card")
        image = open_png(data)
        where = f"{game_id} {players}p {position} {lang}"
        assert image.width == WIDTH and image.height > image.width, where
        assert len(data) <= MAX_BYTES, where
        small = [d for d in drawn if d.size < MIN_TEXT]
        assert not small, (where, small)
        texts = large(drawn)
        seats = frame.seats_of(view)
        picture = picture_of(game_id, view)
        turn = Turn(view, lang, NAMES)
        for seat in seats:
            assert NAMES[seat] in texts, (where, seat)
            score = (
                picture.score(turn, seat) if picture.score else frame.score_text(view, seat, lang)
            )
            if score:
                assert score in texts, (where, score)
        if view.get("over"):
            winners = ", ".join(NAMES[s] for s in frame.winners_of(view))
            assert winners in texts, where
        for seat in frame.acting(view):
            # Its bar in the scores, and the "to play" block.
            assert texts.count(NAMES[seat]) >= 2, (where, seat)
        line = picture.describe(turn) if picture.describe else None
        said = frame.describe_last(view, lang, NAMES) if line is None else line
        if said:
            lines = [d.text for d in drawn if d.size == LINE_SIZE and not d.bold]
            drawn_words = " ".join(lines).replace("…", "").split()
            assert drawn_words and said.split()[: len(drawn_words) - 1] == drawn_words[:-1], where


def test_recording_sizes_changes_no_pixel() -> None:
    view = view_of("origin-junior", 2, "middle")
    plain = registry.draw("origin-junior", view, names=NAMES)
    with record_sizes() as drawn:
        recorded = registry.draw("origin-junior", view, names=NAMES)
    assert plain == recorded
    assert drawn and all(d.size > 0 for d in drawn)


def test_card_shows_what_the_full_board_shows_of_a_hidden_part() -> None:
    """The close-up is cut from the full board of the same public view: a card drawn from
    a view is the same whoever asks (it takes no seat)."""
    view = view_of("origin-junior", 4, "middle")
    assert registry.draw_card("origin-junior", view, names=NAMES) == registry.draw_card(
        "origin-junior", dict(view), names=NAMES
    )


def test_unknown_layout_is_refused() -> None:
    with pytest.raises(ValueError):
        registry.draw("nim", nim_view(), layout="phone")


def test_every_game_with_a_renderer_has_a_card() -> None:
    assert registry.card_ids() == registry.ids()


def test_close_up_zooms_a_small_region_and_keeps_cuts_inside() -> None:
    close = Box(16, 300, INNER, 440)
    bounds = Box(0, 76, 1280, 1000)
    [(source, target, zoom)] = close_up_boxes(close, [Box(600, 400, 150, 120)], bounds)
    assert zoom == 2 and target.w == INNER and source.w * 2 == INNER
    assert source.contains(Box(600, 400, 150, 120).centre)
    # A region at the picture's edge: the cut slides inside.
    [(edge, _, _)] = close_up_boxes(close, [Box(1250, 1050, 40, 40)], bounds)
    assert edge.right <= bounds.right and edge.bottom <= bounds.bottom
    # Two regions too wide together for the zoom: side by side, shares by width.
    pair = close_up_boxes(close, [Box(0, 100, 160, 100), Box(500, 500, 400, 320)], bounds)
    assert [z for _, _, z in pair] == [1, 1]
    assert pair[0][1].right < pair[1][1].x and pair[1][1].right <= close.right


@pytest.mark.parametrize("game_id", [*GAMES, "nim"])
def test_both_pictures_at_once_are_the_two_pictures(game_id: str) -> None:
    view = view_of(game_id, 2, "middle")
    card = card_of(game_id)
    full, turn_card = card.draw_both(view, lang="fr", names=NAMES)
    assert full == registry.draw(game_id, view, lang="fr", names=NAMES)
    assert turn_card == registry.draw_card(game_id, view, lang="fr", names=NAMES)
    assert registry.draw_both(game_id, view, lang="fr", names=NAMES) == (full, turn_card)


@pytest.mark.parametrize("players", [2, 4])
@pytest.mark.parametrize("game_id", [*GAMES, "nim"])
def test_a_card_drawn_alone_is_the_card_cut_from_the_whole_full_picture(
    game_id: str, players: int
) -> None:
    """Drawn alone, a card composes only the parts of the full picture its close-up
    cuts from (``Picture.render(within=...)``): not one pixel differs from the card cut
    from the whole full picture, at every position and in both languages."""
    card = card_of(game_id)
    for position in POSITIONS:
        view = view_of(game_id, players, position)
        for lang in ("en", "fr"):
            whole = picture_of(game_id, view).render(view, lang=lang, names=NAMES)
            alone = card.render(view, lang=lang, names=NAMES)
            cut = card.render(view, lang=lang, names=NAMES, full=whole)
            assert alone.tobytes() == cut.tobytes(), (game_id, players, position, lang)
            assert alone.getpalette() == cut.getpalette()


@pytest.mark.parametrize("players", [2, 4])
@pytest.mark.parametrize("game_id", GAMES)
def test_every_game_has_a_decision_under_way_among_its_positions(
    game_id: str, players: int
) -> None:
    """The "pending" position is a real decision under way, not the middle again."""
    found = positions(game_id, players)
    assert found["pending"] is not found["middle"] and under_way(found["pending"])
