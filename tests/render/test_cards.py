"""The turn card of every game: portrait, 800 px wide, at most 150 KB, and the essentials
(who is to play, the last move, every seat's name and score, the winners) drawn at
20 px or more, at the start, in the middle, on a pending decision and at the end of
seeded random games with 2 and 4 players (the kit's text helper records the sizes)."""

from __future__ import annotations

import random
from collections.abc import Mapping
from functools import lru_cache
from typing import Any

import pytest

from campfire_testing.nim_views import nim_view
from render import registry
from render.kit import frame
from render.kit.card import (
    INNER,
    LINE_SIZE,
    MIN_CLOSE_TEXT,
    MIN_TEXT,
    WIDTH,
    ZOOM,
    Card,
    Region,
    card_layout,
    fit_regions,
    new_turn,
)
from render.kit.compose import Picture, Turn
from render.kit.geometry import Box
from render.kit.text import Drawn, record_sizes
from render.nim import counts, grid
from rules.registry import get
from tests.render.helpers import open_png

NAMES = {"s1": "Amélie", "s2": "Bob", "s3": "Chloé", "s4": "Dévi"}
AVOID = ("back", "wild", "cancel")
MAX_BYTES = 150_000
GAMES = ["origin-junior", "origin", "sapiens", "orbis", "tribes"]
POSITIONS = ["start", "middle", "turn", "pending", "end"]

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
    """Public views of one seeded random game: its start, middle, a turn change (the
    last move's player no longer to act: a new turn message), a decision under way (a
    view with a ``pending`` choice, or several seats to act) and its end."""
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
    for candidate in states[len(states) // 4 :]:  # a new turn message: the seats changed
        view = game.view(candidate, None)
        if not view.get("over") and view.get("last") is not None and new_turn(view):
            views["turn"] = view
            break
    return views


def nim_positions(players: int) -> dict[str, View]:
    seats = [f"s{i + 1}" for i in range(players)]
    scores = {s: {"total": 0, "partial": False} for s in seats}
    last = {"seat": seats[0], "label": {"key": "nim.take", "params": {"n": 2}}, "notes": []}
    common: dict[str, Any] = {"seats": seats, "scores": scores, "taken": dict.fromkeys(seats, 1)}
    return {
        "start": nim_view(**common, to_act=[seats[0]], turn=0, last=None, stones=16),
        "middle": nim_view(**common, to_act=[seats[1]], last=last, stones=8),
        "turn": nim_view(**common, to_act=[seats[1]], last=last, stones=11),
        "pending": nim_view(**common, to_act=seats[:2], last=last, stones=5),
        "end": nim_view(**common, to_act=[], over=True, winners=[seats[0]], last=last, stones=0),
    }


def view_of(game_id: str, players: int, position: str) -> View:
    if game_id == "nim":
        return nim_positions(players)[position]
    return positions(game_id, players)[position]


def card_of(game_id: str) -> Card:
    """The ``Card`` the registry gives for ``game_id``."""
    found = registry.get(game_id).card
    assert found is not None
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
        line = card_of(game_id).line(turn)
        said = frame.describe_last(view, lang, NAMES) if line is None else line
        if game_id == "orbis" and not view.get("over"):  # every note: the card wraps them
            assert "…" not in said and said.count(" · ") == max(
                0, len(frame.last_parts(view, lang, NAMES)) - 1
            ), (where, said)
        if view.get("over"):  # how it ended, in place of the last move
            own = picture.ending(turn) if picture.ending else ()
            said = " · ".join(frame.ending_parts(view, lang, NAMES, own))
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
    [cut] = fit_regions(close, [Box(600, 400, 150, 120)], bounds)
    assert cut.scale == ZOOM and cut.target.w == INNER and cut.source.w * ZOOM == INNER
    assert holds(cut.source, Box(600, 400, 150, 120))
    # A region at the picture's edge: the cut slides inside.
    [edge] = fit_regions(close, [Box(1230, 1030, 40, 40)], bounds)
    assert edge.source.right <= bounds.right and edge.source.bottom <= bounds.bottom
    assert holds(edge.source, Box(1230, 1030, 40, 40))


def test_a_region_larger_than_the_close_up_is_scaled_down_never_cut() -> None:
    close = Box(16, 300, INNER, 440)
    bounds = Box(0, 76, 1280, 1400)
    strip = Region(16, 86, 1248, 84)
    [cut] = fit_regions(close, [strip], bounds)
    assert cut.source == Box(16, 86, 1248, 84) and cut.scale == pytest.approx(INNER / 1248, 0.01)
    assert cut.target.w <= INNER and within(cut.target, close)
    # Two regions too wide together: one scale for both, side by side or stacked.
    pair = fit_regions(close, [Region(0, 100, 600, 300), Region(700, 500, 500, 300)], bounds)
    assert len({c.scale for c in pair}) == 1 and pair[0].scale < 1
    for cut in pair:
        assert holds(cut.source, cut.region) and within(cut.target, close)
    assert not pair[0].target.overlaps(pair[1].target)
    # Without context, the region alone: the cut is the region.
    [alone] = fit_regions(close, [Region(100, 200, 200, 100)], bounds)
    assert alone.source == Box(100, 200, 200, 100) and alone.scale == ZOOM
    # With context, the map around it fills the box, never past the context.
    map_box = Box(16, 86, 900, 700)
    [around] = fit_regions(close, [Region(100, 200, 200, 100, context=map_box)], bounds)
    assert holds(map_box, around.source) and around.source.w > 200


def holds(outer: Box, inner: Box) -> bool:
    return (
        outer.x <= inner.x
        and outer.y <= inner.y
        and inner.right <= outer.right
        and inner.bottom <= outer.bottom
    )


def within(inner: Box, outer: Box) -> bool:
    return holds(outer, inner)


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
    assert new_turn(found["turn"]) and not found["turn"].get("over")  # and a turn change


# ---------------------------------------------------------------- close-ups and the end

CAPTIONED = {"sapiens", "orbis", "nim"}


@pytest.mark.parametrize("players", [2, 4])
@pytest.mark.parametrize("game_id", [*GAMES, "nim"])
def test_the_close_up_holds_every_declared_region_whole_and_readable(
    game_id: str, players: int
) -> None:
    """At the start, mid-game, with a decision under way (an edit) and at the end: every
    region the game declares is inside what is cut out (never cut), every cut lands in
    the close-up box, and the words a region declares are at least ``MIN_CLOSE_TEXT``
    pixels once fitted (8 px at the 400 px a phone shows the card at)."""
    card = card_of(game_id)
    close = card_layout(players).close
    for position in POSITIONS:
        view = view_of(game_id, players, position)
        layout = card.picture(players).layout(players)
        bounds = Box(0, layout.header.bottom, layout.width, layout.height - layout.header.bottom)
        for lang in ("en", "fr"):
            caption = card.caption_of(view, lang, NAMES)
            assert bool(caption) == (game_id in CAPTIONED), (game_id, position, lang)
        cuts = card.cuts(view, caption=game_id in CAPTIONED)
        assert cuts, (game_id, position)
        for cut in cuts:
            where = (game_id, players, position, cut)
            region = Box(cut.region.x, cut.region.y, cut.region.w, cut.region.h)
            inside = Box(
                max(region.x, bounds.x),
                max(region.y, bounds.y),
                min(region.right, bounds.right) - max(region.x, bounds.x),
                min(region.bottom, bounds.bottom) - max(region.y, bounds.y),
            )
            assert holds(cut.source, inside), where
            assert within(cut.target, close), where
            if cut.region.text:  # the words it holds, once fitted
                # Origin: a move across the map is never drawn smaller than on the full
                # picture, but its names may stay under MIN_CLOSE_TEXT (a known gap).
                least = (
                    cut.region.text if game_id in ("origin", "origin-junior") else MIN_CLOSE_TEXT
                )
                assert cut.region.text * cut.scale >= least, where


@pytest.mark.parametrize("game_id", ["sapiens", "orbis"])
def test_a_new_turn_shows_the_area_of_the_seat_now_to_act(game_id: str) -> None:
    """On a new turn message the close-up is the panel of the seat to act."""
    card = card_of(game_id)
    seen = 0
    for players in (2, 4):
        for position in POSITIONS:
            view = view_of(game_id, players, position)
            acting = frame.acting(view)
            if view.get("over") or not acting or not new_turn(view):
                continue
            layout = card.picture(players).layout(players)
            seat = acting[0]
            panel = layout.panels[frame.seats_of(view).index(str(seat))]
            regions = card.focus(view, layout)
            assert any(holds(panel, r) for r in regions), (game_id, players, position)
            assert NAMES[str(seat)] in card.caption_of(view, "en", NAMES)
            seen += 1
    assert seen >= 2


def test_nim_says_how_many_stones_are_left_in_words_from_the_start() -> None:
    view = view_of("nim", 2, "start")
    with record_sizes() as drawn:
        registry.draw_card("nim", view, names=NAMES)
    left, start, _ = counts(view)
    assert f"{left} of {start} stones left" in large(drawn)
    pieces = card_of("nim").cuts(view, caption=True)
    stones = [cells for cells in grid(picture_of("nim", view).layout(2).board, start).cells()]
    assert all(any(holds(p.source, stone) for p in pieces) for stone in stones[:start])


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("game_id", [*GAMES, "nim"])
def test_the_end_says_who_won_and_why_whole(game_id: str, players: int, lang: str) -> None:
    """The final picture's header and the final card name the winners (a tie says so)
    and say why the game ended, in words the game gives, with no ellipsis."""
    if game_id == "nim":
        view = dict(nim_positions(players)["end"])
    else:
        view = dict(positions(game_id, players)["end"])
    assert view.get("over")
    picture = picture_of(game_id, view)
    turn = Turn(view, lang, NAMES)
    own = list(picture.ending(turn)) if picture.ending else []
    assert own and all(own), game_id  # every game says why it ended
    why = frame.ending_parts(view, lang, NAMES, own)
    with record_sizes() as drawn:
        registry.draw(game_id, view, lang=lang, names=NAMES)
    texts = [d.text for d in drawn]
    assert frame.over_text(view, lang, NAMES) in texts
    for name in (NAMES[s] for s in frame.winners_of(view)):
        assert name in frame.over_text(view, lang, NAMES)
    ending = next(t for t in texts if t.startswith(why[0]))
    assert "…" not in ending
    with record_sizes() as drawn:
        registry.draw_card(game_id, view, lang=lang, names=NAMES)
    lines = [d.text for d in drawn if d.size == LINE_SIZE and not d.bold]
    assert " ".join(lines).split() == " · ".join(why).split(), (game_id, lines)
    said = large(drawn)
    assert ", ".join(NAMES[s] for s in frame.winners_of(view)) in said


def test_a_tie_is_said_on_the_picture_and_the_card() -> None:
    view = dict(nim_positions(3)["end"], winners=["s1", "s2"])
    with record_sizes() as drawn:
        registry.draw("nim", view, names=NAMES)
    assert "Game over · a tie: Amélie, Bob share the win" in [d.text for d in drawn]
    with record_sizes() as drawn:
        registry.draw_card("nim", view, names=NAMES)
    assert {"Game over · a tie, won by", "Amélie, Bob"} <= set(large(drawn))


@pytest.mark.parametrize("game_id", [*GAMES, "nim"])
def test_a_stopped_game_never_says_who_is_to_play(game_id: str) -> None:
    """A front end draws an aborted game's position with ``stopped``: the picture and the
    card say it was stopped and why, and name nobody to play."""
    view = {**view_of(game_id, 2, "middle"), "stopped": True}
    for draw in (registry.draw, registry.draw_card):
        with record_sizes() as drawn:
            draw(game_id, view, lang="en", names=NAMES)
        texts = [d.text for d in drawn]
        assert "To play:" not in texts and "TO PLAY" not in texts, game_id
        assert "Stopped before its end by its creator or a moderator" in " ".join(texts)
