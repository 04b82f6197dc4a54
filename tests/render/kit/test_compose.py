"""render.kit.compose: a Picture draws the frame around its hooks; what is cached, by what."""

from __future__ import annotations

import dataclasses
from typing import Any

from PIL import Image

from render.kit import compose, style
from render.kit.compose import Picture, Static, Turn
from render.kit.geometry import Box
from render.kit.paint import Canvas
from tests.render.helpers import mean_difference, open_png

RED = (200, 40, 40)


def view(**changes: Any) -> dict[str, Any]:
    base: dict[str, Any] = {"game": "test", "seats": ["a", "b", "c"], "to_act": ["b"], "turn": 1}
    base.update(changes)
    return base


def near(colour: Any, wanted: tuple[int, int, int], tolerance: int = 6) -> bool:
    return all(abs(a - b) <= tolerance for a, b in zip(colour, wanted, strict=True))


class Calls:
    """Hooks that record how they are called."""

    def __init__(self) -> None:
        self.static: list[tuple[str, Static]] = []
        self.turns: list[str] = []

    def paint_board(self, image: Image.Image, box: Box, static: Static) -> None:
        self.static.append(("board", static))
        image.paste(RED, box.xyxy())

    def draw_board(self, canvas: Canvas, box: Box, turn: Turn) -> None:
        self.turns.append("board")
        canvas.rectangle((box.x, box.y, box.x + 20, box.y + 20), fill=style.INK)

    def paint_panel(self, image: Image.Image, box: Box, index: int, static: Static) -> None:
        self.static.append((f"panel{index}", static))

    def draw_panel(self, canvas: Canvas, box: Box, seat: str, turn: Turn) -> None:
        self.turns.append(f"panel:{seat}:{turn.index(seat)}")


def picture(name: str, calls: Calls, **changes: Any) -> Picture:
    made = Picture(
        name=name,
        title="render.kit.legend",
        board_height=120,
        panel_height=80,
        paint_board=calls.paint_board,
        draw_board=calls.draw_board,
        paint_panel=calls.paint_panel,
        draw_panel=calls.draw_panel,
        art=lambda v: v.get("map"),
    )
    return dataclasses.replace(made, **changes)


def test_a_picture_is_its_layout_in_a_palette_png() -> None:
    calls = Calls()
    pic = picture("test.layout", calls)
    image = open_png(pic.draw(view()))
    layout = pic.layout(3)
    assert image.mode == "P" and image.size == (layout.width, layout.height)
    rgb = image.convert("RGB")
    assert rgb.getpixel((layout.board.right - 5, layout.board.bottom - 5)) == RED
    assert rgb.getpixel((layout.board.x + 5, layout.board.y + 5)) == style.INK
    # Pillow maps art onto a palette through a coarse colour cache: near, not always exact.
    assert near(rgb.getpixel((5, 5)), style.HEADER_BG)
    assert calls.turns == ["board", "panel:a:0", "panel:b:1", "panel:c:2"]


def test_static_art_is_painted_once_per_language_seats_and_art_key() -> None:
    calls = Calls()
    pic = picture("test.cache", calls)
    for _ in range(3):
        pic.draw(view())
    assert [part for part, _ in calls.static].count("board") == 2  # the palette's sample + en/3
    pic.draw(view(), lang="fr")
    pic.draw(view(seats=["a", "b"]))
    pic.draw(view(map="seed-42"))
    pic.draw(view(map="seed-42"))
    boards = [static for part, static in calls.static if part == "board"]
    assert Static("en", 4) in boards  # the sample the palette is built from
    assert [b for b in boards if b != Static("en", 4)] == [
        Static("en", 3, None),
        Static("fr", 3, None),
        Static("en", 2, None),
        Static("en", 3, "seed-42"),
    ]


def test_two_pictures_never_share_static_art_or_stamps() -> None:
    calls = Calls()
    first = picture("test.first", calls)
    second = picture("test.second", calls, paint_board=None)
    a, b = first.render(view()), second.render(view())
    assert a.convert("RGB").getpixel((600, 200)) == RED
    assert b.convert("RGB").getpixel((600, 200)) != RED
    assert first.static_art(Static("en", 3)) is not second.static_art(Static("en", 3))


def test_static_art_is_kept_up_to_the_caches_byte_budget(monkeypatch: Any) -> None:
    """The static art of every picture shares one cache, bounded by bytes: when it is
    full the least recently used art goes, and is painted again when asked for."""
    calls = Calls()
    small = picture("test.small", calls)
    one = small.static_art(Static("en", 3, "m0"))
    room = 2 * (one.width * one.height + 968)  # two static arts, in palette indices
    monkeypatch.setattr(compose, "_statics", compose.ArtCache("test.statics", budget=room))
    calls.static.clear()
    for start in ("m1", "m2", "m3", "m1"):
        small.render(view(map=start))
    boards = [s.art for part, s in calls.static if part == "board" and s.seats == 3]
    assert boards == ["m1", "m2", "m3", "m1"]  # m1 was pushed out by m3, so drawn again
    assert len(compose._statics) == 2 and compose._statics.bytes <= room


def test_a_shared_palette_is_built_once() -> None:
    built: list[int] = []

    def build() -> Any:
        built.append(1)
        return compose.palette_from([Image.new("RGB", (10, 10), RED)], style.shared_colours())

    calls = Calls()
    left = picture("test.left", calls, palette=lambda: compose.shared_palette("test.pal", build))
    right = picture("test.right", calls, palette=lambda: compose.shared_palette("test.pal", build))
    assert left.palette_of() is right.palette_of() and built == [1]
    colours = left.palette_of().colours()
    assert colours[: len(style.shared_colours())] == list(dict.fromkeys(style.shared_colours()))


def test_header_line_notice_and_score_come_from_the_hooks() -> None:
    calls = Calls()
    plain = picture("test.words", calls)
    said = dataclasses.replace(
        plain,
        name="test.words2",
        describe=lambda turn: "something happened",
        notice=lambda turn: "LAST ROUND",
        score=lambda turn, seat: "",
    )
    a, b = plain.render(view()).convert("RGB"), said.render(view()).convert("RGB")
    header = plain.layout(3).header
    assert mean_difference(a.crop(header.xyxy()), b.crop(header.xyxy())) > 0.5
    bar = plain.layout(3).panels[0]
    right = Box(bar.right - 90, bar.y + 4, 80, 28)
    assert mean_difference(a.crop(right.xyxy()), b.crop(right.xyxy())) > 5  # "0 pts" gone


def test_many_seats_to_play_never_run_over_the_title() -> None:
    calls = Calls()
    pic = picture("test.crowd", calls)
    seats = ["a", "b", "c", "d"]
    long = {s: f"A very long display name for seat {s}" for s in seats}
    crowd = pic.render(view(seats=seats, to_act=seats), names=long).convert("RGB")
    nobody = pic.render(view(seats=seats, to_act=[]), names=long).convert("RGB")
    title = Box(0, 0, 340, 40)  # "How to read the board" in 24 px bold, and a margin
    assert crowd.crop(title.xyxy()).tobytes() == nobody.crop(title.xyxy()).tobytes()
    right = Box(900, 0, 380, 40)
    assert mean_difference(crowd.crop(right.xyxy()), nobody.crop(right.xyxy())) > 1
