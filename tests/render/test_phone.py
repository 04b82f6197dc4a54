"""A seat's private views (``render.kit.phone``): the phone layout of every game, 800 px
wide, at most 150 KB, its essentials (the seat's choices, its own sections, every
seat's name and score) drawn at 20 px or more at the start, in the middle, on a pending
decision and at the end of seeded random games with 2 and 4 players; the legal targets
of the seat's decision marked on the full board and on the phone's close-up; nothing of
another seat's hand on it."""

from __future__ import annotations

import random
from collections.abc import Mapping
from functools import lru_cache
from typing import Any

import pytest
from PIL import Image, ImageChops, ImageStat

from campfire_testing.nim_views import nim_view
from render import registry
from render.kit import frame, style
from render.kit.card import MIN_TEXT, WIDTH
from render.kit.compose import Turn
from render.kit.paint import Canvas
from render.kit.phone import MAX_CHOICES, Phone
from render.kit.text import record_sizes
from rules.base import Game
from rules.i18n import translate
from rules.registry import get
from tests.render.helpers import open_png

NAMES = {"s1": "Amélie", "s2": "Bob", "s3": "Chloé", "s4": "Dévi"}
AVOID = ("back", "wild", "cancel")
MAX_BYTES = 150_000
GAMES = ["origin-junior", "origin", "sapiens", "orbis", "tribes"]
POSITIONS = ["start", "middle", "pending", "end"]

View = Mapping[str, Any]


def mine_of(game: Game, state: Any, seat: str, lang: str, focus: str = "board") -> dict[str, Any]:
    """What the bot gives a private picture of ``seat`` (``bot.service.present``), built here
    from the rules alone."""
    moves = game.legal_moves(state, seat) if seat in game.to_act(state) else []
    sections = game.private_sections(state, seat)
    return {
        "seat": seat,
        "focus": focus,
        "moves": [
            {"code": m.code, "label": m.label.to_json(), "text": translate(m.label, lang)}
            for m in moves
        ],
        "sections": [
            {"title": translate(s.title, lang), "lines": [translate(x, lang) for x in s.lines]}
            for s in sections
        ],
    }


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
def states(game_id: str, players: int) -> dict[str, Any]:
    """States of one seeded random game: its start, middle, a decision under way (a
    ``pending`` choice, or several seats to act) and its end."""
    game = get(game_id)
    state = game.setup([f"s{i + 1}" for i in range(players)], f"phone-{players}")
    chooser = random.Random(players)
    seen = [state]
    while game.to_act(state) and len(seen) < 1500:
        seat = sorted(game.to_act(state))[0]
        legal = game.legal_moves(state, seat)
        forward = [m for m in legal if m.code not in AVOID and not m.code.startswith("unplay")]
        state = game.apply(state, seat, chooser.choice(forward or legal))
        seen.append(state)
    found = {"start": seen[0], "middle": seen[len(seen) // 2], "end": seen[-1]}
    found["pending"] = found["middle"]
    for candidate in seen[len(seen) // 3 :: 3]:
        view = game.view(candidate, None)
        if not view.get("over") and under_way(view):
            found["pending"] = candidate
            break
    return found


def nim_case(players: int, position: str) -> tuple[View, dict[str, Any]]:
    """A Nim view and the private input of its first seat to act (Nim's rules live in
    the tests: its moves are built by hand, ``take 1..3``)."""
    seats = [f"s{i + 1}" for i in range(players)]
    scores = {s: {"total": 0, "partial": False} for s in seats}
    last = {"seat": seats[0], "label": {"key": "nim.take", "params": {"n": 2}}, "notes": []}
    common: dict[str, Any] = {"seats": seats, "scores": scores, "taken": dict.fromkeys(seats, 1)}
    views = {
        "start": nim_view(**common, to_act=[seats[0]], turn=0, last=None, stones=16),
        "middle": nim_view(**common, to_act=[seats[1]], last=last, stones=8),
        "pending": nim_view(**common, to_act=seats[:2], last=last, stones=5),
        "end": nim_view(**common, to_act=[], over=True, winners=[seats[0]], last=last, stones=0),
    }
    view = views[position]
    acting = frame.acting(view)
    seat = acting[0] if acting else seats[0]
    moves = [
        {"code": f"take{n}", "label": {"key": "nim.take", "params": {"n": n}}, "text": f"take {n}"}
        for n in range(1, min(3, int(view["stones"])) + 1)
        if acting
    ]
    return view, {"seat": seat, "focus": "board", "moves": moves, "sections": []}


def case(game_id: str, players: int, position: str, lang: str) -> tuple[View, dict[str, Any]]:
    """The public view at ``position`` and the private input of its first seat to act
    (the first seat once nobody is)."""
    if game_id == "nim":
        return nim_case(players, position)
    game = get(game_id)
    state = states(game_id, players)[position]
    acting = sorted(game.to_act(state))
    seat = acting[0] if acting else "s1"
    return game.view(state, None), mine_of(game, state, seat, lang)


def phone_of(game_id: str) -> Phone:
    found = registry.get(game_id).phone
    assert found is not None
    return found


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("players", [2, 4])
@pytest.mark.parametrize("game_id", [*GAMES, "nim"])
def test_phone_layout_draws_the_essentials_large(game_id: str, players: int, lang: str) -> None:
    for position in POSITIONS:
        view, mine = case(game_id, players, position, lang)
        for focus in ("board", "hand", "scores") if position == "middle" else ("board",):
            where = f"{game_id} {players}p {position} {focus} {lang}"
            mine = {**mine, "focus": focus}
            with record_sizes() as drawn:
                data = registry.draw_private(game_id, view, mine, lang=lang, names=NAMES)
            image = open_png(data)
            assert image.width == WIDTH and image.height > image.width, where
            assert len(data) <= MAX_BYTES, where
            small = [d for d in drawn if d.size < MIN_TEXT]
            assert not small, (where, small)
            texts = [d.text for d in drawn]
            phone = phone_of(game_id)
            picture = phone.card.picture(len(frame.seats_of(view)))
            turn = Turn(view, lang, NAMES)
            for seat in frame.seats_of(view):
                assert NAMES[seat] in texts, (where, seat)
                score = (
                    picture.score(turn, seat)
                    if picture.score
                    else frame.score_text(view, seat, lang)
                )
                if score:
                    assert score in texts, (where, score)
            # The seat's choices, numbered as the menu numbers them, in large type.
            for n, move in enumerate(mine["moves"][:MAX_CHOICES], 1):
                assert f"{n}." in texts, (where, n)
                shown = next(t for t in texts if t.startswith(move["text"][:10]))
                assert shown, (where, move["text"])
            # Its own sections, titles and lines.
            for section in mine["sections"]:
                assert section["title"] in texts, (where, section["title"])


def targeted(game_id: str) -> tuple[View, dict[str, Any]]:
    """The first position of a seeded random 3-player game where the seat to act has
    a legal move that names a place."""
    if game_id == "nim":
        return nim_case(2, "middle")
    game = get(game_id)
    phone = phone_of(game_id)
    state = game.setup(["s1", "s2", "s3"], "targets")
    chooser = random.Random(7)
    layout = phone.card.picture(3).layout(3)
    for _ in range(400):
        seat = sorted(game.to_act(state))[0]
        mine = mine_of(game, state, seat, "en")
        view = game.view(state, None)
        if phone.targets_of(view, mine, layout, "en"):
            return view, mine
        legal = game.legal_moves(state, seat)
        forward = [m for m in legal if m.code not in AVOID and not m.code.startswith("unplay")]
        state = game.apply(state, seat, chooser.choice(forward or legal))
    raise AssertionError(f"{game_id}: no position with a legal target")


@pytest.mark.parametrize("game_id", [*GAMES, "nim"])
def test_targets_are_marked_on_the_full_board_and_named_as_the_menu_names_them(
    game_id: str,
) -> None:
    """A seat with a decision whose moves name places gets those places framed in the
    highlight colour on its full board, each labelled with words of its menu."""
    highlight = style.HIGHLIGHT
    view, mine = targeted(game_id)
    phone = phone_of(game_id)
    seats = frame.seats_of(view)
    layout = phone.card.picture(len(seats)).layout(len(seats))
    targets = phone.targets_of(view, mine, layout, "en")
    assert targets
    public = registry.draw(game_id, view, names=NAMES)
    private = registry.draw_private(game_id, view, mine, names=NAMES, layout="full")
    assert public != private
    image = open_png(private).convert("RGB")
    plain = open_png(public).convert("RGB")
    assert image.size == plain.size
    for target in targets:
        assert target.label, target
        box = target.box.inset(-2)  # the frame: 4 px of highlight out there
        assert box.x >= 0 and box.right <= image.width, target
        cx, cy = round(box.centre[0]), round(box.centre[1])
        edges = [(cx, box.y), (cx, box.bottom - 1), (box.x, cy), (box.right - 1, cy)]
        assert highlight in [image.getpixel(p) for p in edges], target
    # Each target is named with words of the menu (the names the moves use).
    menu = " ".join(m["text"] for m in mine["moves"])
    for target in targets:
        assert any(part in menu for part in target.label.split(" / ")), target
    # On the phone's close-up too, in large type.
    with record_sizes() as drawn:
        registry.draw_private(game_id, view, mine, names=NAMES)
    plates = {d.text for d in drawn if d.bold and d.size >= MIN_TEXT}
    assert any(t.label in plates or t.label.startswith(tuple(plates)) for t in targets)


def test_no_decision_no_marks_and_the_public_board_is_the_full_layout() -> None:
    view, mine = case("origin-junior", 2, "end", "en")
    assert registry.draw_private("origin-junior", view, None, names=NAMES, layout="full") == (
        registry.draw("origin-junior", view, names=NAMES)
    )
    assert mine["moves"] == []


def test_a_private_view_shows_its_owner_s_hand_never_another_s() -> None:
    """Origin Classic keeps each hand of cards hidden: Amélie's phone view draws her
    sections, and no line of Bob's that differs from hers."""
    game = get("origin")
    state = states("origin", 2)["middle"]
    view = game.view(state, None)
    mine = mine_of(game, state, "s1", "en", focus="hand")
    theirs = mine_of(game, state, "s2", "en")
    own = {line for s in mine["sections"] for line in s["lines"]}
    other = {line for s in theirs["sections"] for line in s["lines"]} - own
    assert own and other
    with record_sizes() as drawn:
        registry.draw_private("origin", view, mine, names=NAMES)
    texts = {d.text for d in drawn}
    assert any(line in texts for line in own)
    assert not any(line in texts for line in other)


def test_every_game_with_a_renderer_has_private_views() -> None:
    assert registry.phone_ids() == registry.ids()


def test_unknown_private_layout_is_refused() -> None:
    with pytest.raises(ValueError):
        registry.draw_private("nim", nim_view(), None, layout="card")


@pytest.mark.parametrize("game_id", [*GAMES, "nim"])
def test_the_phone_layout_composes_only_what_it_cuts_and_changes_no_pixel(
    game_id: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The phone layout composes only the parts of the full picture it cuts from (its
    close-up, the seat's panel: ``Picture.render(within=...)``); drawn from the whole
    full picture instead, not one byte differs."""
    from render.kit import compose

    render = compose.Picture.render
    for players in (2, 4):
        for position in POSITIONS:
            view, mine = case(game_id, players, position, "fr")
            cut = registry.draw_private(game_id, view, mine, lang="fr", names=NAMES)
            with monkeypatch.context() as patched:
                patched.setattr(
                    compose.Picture,
                    "render",
                    lambda self, v, *, within=None, **kw: render(self, v, **kw),
                )
                whole = registry.draw_private(game_id, view, mine, lang="fr", names=NAMES)
            assert cut == whole, (game_id, players, position)


def test_a_page_over_the_quick_level_s_bytes_is_deflated_again_densely(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The phone page is deflated at the quick level; one larger than ``PHONE_BYTES``
    is deflated again at the dense level: fewer bytes, the same pixels."""
    from render.kit import phone as kit

    view, mine = case("origin", 4, "middle", "en")
    quick = registry.draw_private("origin", view, mine, names=NAMES)
    monkeypatch.setattr(kit, "PHONE_BYTES", len(quick) - 1)
    dense = registry.draw_private("origin", view, mine, names=NAMES)
    assert len(dense) < len(quick)
    assert open_png(dense).tobytes() == open_png(quick).tobytes()
    assert open_png(dense).getpalette() == open_png(quick).getpalette()


def test_a_shrunk_close_up_is_resampled_not_cut_pixel_for_pixel() -> None:
    """A close-up drawn smaller than the full picture is resampled: close to a
    shrink averaging the board's pixels, where a pixel-for-pixel shrink drops rows and columns
    (its lines come out ragged, its small letters broken)."""
    from render.kit import frame as frames
    from render.kit.phone import phone_blocks

    phone = registry_phone("origin")
    for position in POSITIONS:
        view, mine = case("origin", 4, position, "en")
        seats = frames.seats_of(view)
        picture = phone.card.picture(len(seats))
        layout = picture.layout(len(seats))
        moves = mine.get("moves") or []
        panel = layout.panels[seats.index(mine["seat"])]
        blocks, _ = phone_blocks(len(seats), "board", len(moves), [], (panel.w, panel.h))
        close = next(block.box for block in blocks if block.kind == "close")
        _, cuts = phone._close_plan(close, view, mine, layout, "en")
        shrunk = [cut for cut in cuts if cut.scale < 1]
        if not shrunk:
            continue
        cut = shrunk[0]
        full = picture.render(view, names=NAMES)
        page = phone.render_phone(view, mine, names=NAMES)
        canvas = Canvas(page, page, picture.palette_of(), ("test", position))
        phone._paste_close(canvas, close, full, cuts)  # no target marked over it
        shown = canvas.image.convert("RGB").crop(cut.target.xyxy())
        source = full.convert("RGB").crop(cut.source.xyxy())
        size = (cut.target.w, cut.target.h)
        averaged = source.resize(size, Image.Resampling.BOX)
        dropped = source.resize(size, Image.Resampling.NEAREST)

        assert off(shown, averaged) < off(dropped, averaged) * 0.6, position
        return
    pytest.fail("no shrunk close-up in the Origin Classic positions")


def off(image: Image.Image, reference: Image.Image) -> float:
    """How far ``image`` is from ``reference``: the mean difference, summed over R, G, B."""
    return float(sum(ImageStat.Stat(ImageChops.difference(image, reference)).mean))


def registry_phone(game_id: str) -> Phone:
    found = registry.get(game_id).phone
    assert isinstance(found, Phone)
    return found


@pytest.mark.parametrize("game_id", ["origin", "tribes"])
def test_the_views_of_one_position_share_its_close_ups_and_panels(
    game_id: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``board``, ``hand`` and ``scores`` of one seat, and the seats not to act, compose
    the full picture only for what no earlier view of the same position cut from it
    (``phone.cuts``), and every picture is the one drawn from nothing; the next
    position is never given the last one's close-up."""
    from render.kit import compose
    from render.kit.phone import _cuts

    game = get(game_id)
    state = states(game_id, 4)["middle"]
    view = game.view(state, None)
    acting = sorted(game.to_act(state))
    waiting = [s for s in frame.seats_of(view) if s not in acting]
    assert acting and len(waiting) >= 2
    asked = [mine_of(game, state, acting[0], "en", focus) for focus in ("board", "hand", "scores")]
    asked += [mine_of(game, state, seat, "en") for seat in waiting[:2]]

    def fresh(mine: Mapping[str, Any], shown: View = view) -> bytes:
        _cuts.clear()
        return registry.draw_private(game_id, shown, mine, names=NAMES)

    alone = [fresh(mine) for mine in asked]
    composed: list[int] = []
    render = compose.Picture.render

    def counted(self: compose.Picture, *args: Any, **kwargs: Any) -> Image.Image:
        composed.append(len(kwargs.get("within") or []))
        return render(self, *args, **kwargs)

    monkeypatch.setattr(compose.Picture, "render", counted)
    _cuts.clear()
    shared, regions = [], []
    for mine in asked:
        composed.clear()
        shared.append(registry.draw_private(game_id, view, mine, names=NAMES))
        regions.append(composed[:])
    assert shared == alone
    # The seat to act composes once (close-up around its targets, its panel); its hand
    # and scores compose nothing; the first seat not to act composes the close-up of the
    # last move and its panel, the second its panel alone.
    assert len(regions[0]) == 1 and regions[1:3] == [[], []], regions
    assert len(regions[3]) == 1 and regions[4] == [1], regions
    # The next position of the same game: not the close-up of the last one.
    nxt = game.apply(state, acting[0], game.legal_moves(state, acting[0])[0])
    later = game.view(nxt, None)
    monkeypatch.setattr(compose.Picture, "render", render)
    for seat in (acting[0], *waiting[:2]):
        again = mine_of(game, nxt, seat, "en")
        assert registry.draw_private(game_id, later, again, names=NAMES) == fresh(again, later)
