"""The compose pipeline: static art cached per key -> a turn's layer -> palette PNG.

A game's picture is a ``Picture``: the kit's frame (header, seat panels' name bars)
around the game's own parts, each given as a pair of hooks, one painting its static
art (RGB, drawn once per language, seat count and ``art`` key) and one drawing a turn
on the palette ``Canvas`` (stamps over that art):

    board      the game's board, under the header (full width when ``board_bleed``)
    band       an optional strip under the board (Origin Classic's reward board)
    panel      a seat panel's body, under the kit's name bar
    footer     the bottom strip (supply, legend)

``art(view)`` names whatever is random per game and changes the static art (a map
drawn from the seed); it is part of the cache key. ``describe`` and ``notice`` give
the header's line and highlighted notice, ``ending`` why the game ended (its reason,
then what the game adds: the header's line once it is over, never cut), ``score``
the text at the right of a name bar, ``subtitle`` a few words after the name (a
tribe). The palette (256 colours) is
built once per picture from its static art, the kit's colours, the game's ``colours``
and ``samples`` (sprite sheets), unless the picture shares another's through
``palette``.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from PIL import Image

from render.kit import frame, style
from render.kit.cache import MB, ArtCache
from render.kit.encode import build_palette, png_bytes
from render.kit.geometry import PANEL_HEIGHT, Box, FrameLayout, frame_layout
from render.kit.names import tr
from render.kit.paint import Canvas, Palette
from render.kit.style import RGB

View = Mapping[str, Any]
Names = Mapping[str, str] | None


@dataclass(frozen=True)
class Static:
    """What static art depends on: language, seat count, and the game's random-per-game
    part (``None`` for a fixed board)."""

    lang: str
    seats: int
    art: Hashable = None


@dataclass(frozen=True)
class Turn:
    """What one picture shows: a public view, in a language, with the seats' names."""

    view: View
    lang: str
    names: Names = None

    @property
    def seats(self) -> list[str]:
        return frame.seats_of(self.view)

    def index(self, seat: str) -> int:
        """The seat's place in turn order (its colour and marker)."""
        return self.seats.index(seat)


StaticPart = Callable[[Image.Image, Box, Static], None]
TurnPart = Callable[[Canvas, Box, Turn], None]
PanelStatic = Callable[[Image.Image, Box, int, Static], None]
PanelPart = Callable[[Canvas, Box, str, Turn], None]

_statics: ArtCache[Image.Image] = ArtCache("compose.statics", budget=32 * MB)
"""Every picture's static art, in its palette (keyed by the picture's name and the
``Static``): a few MB each, for each language, seat count and art key in use."""
_palettes: ArtCache[Palette] = ArtCache("compose.palettes", budget=MB)


@dataclass(frozen=True)
class Picture:
    """One game's picture: layout sizes, the game's hooks, and how its palette is made.

    ``name`` keys every cache (two pictures must not share it); ``title`` is the
    catalogue key of the header's title.
    """

    name: str
    title: str
    board_height: int
    board_bleed: bool = False
    band_height: int = 0
    panel_height: int = PANEL_HEIGHT
    panel_columns: int = 2
    footer_height: int = 0
    paint_board: StaticPart | None = None
    draw_board: TurnPart | None = None
    paint_band: StaticPart | None = None
    draw_band: TurnPart | None = None
    paint_panel: PanelStatic | None = None
    draw_panel: PanelPart | None = None
    paint_footer: StaticPart | None = None
    draw_footer: TurnPart | None = None
    describe: Callable[[Turn], str] | None = None
    ending: Callable[[Turn], Sequence[str]] | None = None
    notice: Callable[[Turn], str] | None = None
    score: Callable[[Turn, str], str] | None = None
    subtitle: Callable[[Turn, str], str] | None = None
    art: Callable[[View], Hashable] | None = None
    colours: Sequence[RGB] = ()
    samples: Callable[[], Sequence[Image.Image]] | None = None
    palette: Callable[[], Palette] | None = None

    # ------------------------------------------------------------ layout and static art

    def layout(self, seats: int) -> FrameLayout:
        """Where the header, board, band, panels and footer go for ``seats`` seats."""
        return frame_layout(
            seats,
            board_height=self.board_height,
            board_bleed=self.board_bleed,
            band_height=self.band_height,
            panel_height=self.panel_height,
            columns=self.panel_columns,
            footer_height=self.footer_height,
        )

    def paint_static(self, static: Static) -> Image.Image:
        """The unchanging art (RGB): paper, header, and each part's static hook."""
        layout = self.layout(static.seats)
        image = Image.new("RGB", (layout.width, layout.height), style.PAPER)
        frame.paint_header(image, layout.header)
        if self.paint_board is not None:
            self.paint_board(image, layout.board, static)
        if self.paint_band is not None and layout.band is not None:
            self.paint_band(image, layout.band, static)
        for index, box in enumerate(layout.panels):
            frame.paint_seat_panel(image, box, index)
            if self.paint_panel is not None:
                self.paint_panel(image, box, index, static)
        if self.paint_footer is not None and layout.footer is not None:
            self.paint_footer(image, layout.footer, static)
        return image

    def static_art(self, static: Static) -> Image.Image:
        """The static art in the picture's palette, built once per ``static`` (only the
        palette image is kept: a fifth of the RGB one's bytes; stamps over the static
        art compose over it)."""
        return _statics.get(
            (self.name, static), lambda: self.palette_of().quantize(self.paint_static(static))
        )

    def palette_of(self) -> Palette:
        """The picture's fixed palette (shared with another picture through ``palette``)."""
        if self.palette is not None:
            return self.palette()
        return _palettes.get(self.name, self._build_palette)

    def _build_palette(self) -> Palette:
        art = [self.paint_static(Static("en", 4))]
        art += list(self.samples() if self.samples is not None else [])
        return palette_from(art, [*style.shared_colours(), *self.colours])

    # ------------------------------------------------------------ a turn

    def render(
        self,
        view: View,
        *,
        lang: str = "en",
        names: Names = None,
        within: Sequence[Box] | None = None,
    ) -> Image.Image:
        """The composed picture of a public ``view`` as a palette image (before PNG).

        ``within``: only the pixels inside these boxes are wanted (a turn card's
        close-up cuts them out): a part (header, board, band, a seat's panel, footer)
        lying wholly outside all of them keeps its static art, its turn not drawn."""
        turn = Turn(view, lang, names)
        seats = turn.seats
        static = Static(lang, len(seats), self.art(view) if self.art is not None else None)
        layout = self.layout(len(seats))
        paletted = self.static_art(static)
        canvas = Canvas(paletted, paletted, self.palette_of(), (self.name, static))
        if within is not None:
            canvas.within = [cut.xyxy() for cut in within]

        def wanted(box: Box) -> bool:
            return within is None or any(box.overlaps(cut) for cut in within)

        if wanted(layout.header):
            frame.draw_header(
                canvas,
                layout.header,
                view,
                lang,
                names,
                title=tr(self.title, lang),
                line=self.describe(turn) if self.describe is not None else None,
                notice=self.notice(turn) if self.notice is not None else "",
                ending=self.ending(turn) if self.ending is not None else (),
            )
        if self.draw_board is not None and wanted(layout.board):
            self.draw_board(canvas, layout.board, turn)
        if self.draw_band is not None and layout.band is not None and wanted(layout.band):
            self.draw_band(canvas, layout.band, turn)
        for seat, box in zip(seats, layout.panels, strict=True):
            if not wanted(box):
                continue
            score = self.score(turn, seat) if self.score is not None else None
            subtitle = self.subtitle(turn, seat) if self.subtitle is not None else ""
            frame.draw_seat_bar(
                canvas, box, seat, view, lang, names, score=score, subtitle=subtitle
            )
            if self.draw_panel is not None:
                self.draw_panel(canvas, box, seat, turn)
        if self.draw_footer is not None and layout.footer is not None and wanted(layout.footer):
            self.draw_footer(canvas, layout.footer, turn)
        return canvas.image

    def draw(self, view: View, *, lang: str = "en", names: Names = None) -> bytes:
        """The picture of a public ``view`` as palette PNG bytes."""
        return png_bytes(self.render(view, lang=lang, names=names))


def palette_from(art: Sequence[Image.Image], exact: Sequence[RGB]) -> Palette:
    """A palette: the ``exact`` colours first, then the commonest colours of ``art``
    (static art and sprite sheets, stacked)."""
    width = max(image.width for image in art)
    sample = Image.new("RGB", (width, sum(image.height for image in art)), style.PAPER)
    y = 0
    for image in art:
        sample.paste(image.convert("RGB"), (0, y))
        y += image.height
    return Palette(build_palette(sample, exact))


def shared_palette(name: str, build: Callable[[], Palette]) -> Palette:
    """A palette built once under ``name`` (two pictures of one game share it)."""
    return _palettes.get(name, build)
