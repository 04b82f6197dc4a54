"""Sapiens in words (``render.twin``): the common pool and supplies, then each valley:
its tribes' tiles, every square row by row (``A1``-``H5``, as the laying moves name
them), its caves and waterfalls (named as the moves name them), the pool and tokens.
The view is read typed (``rules.sapiens.view.SapiensView``, through ``view_of``), each
read still checked, so a sparse view still reads."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, TypeVar, cast

from typing_extensions import TypeIs

from render.kit import frame
from render.kit.names import seat_name, tr, tr_or
from render.twin import Names, Section, View, joined, listing, points, section
from rules import i18n
from rules.sapiens.view import LaidView, TileView, view_of

i18n.register_package("render.sapiens")
i18n.register_package("rules.sapiens")

TITLE = "sapiens.name"
COLUMNS = "ABCDEFGH"
ROWS = range(1, 6)


M = TypeVar("M", bound=Mapping[str, Any])
T = TypeVar("T")


def _map(value: M | None) -> M:
    return value if isinstance(value, Mapping) else cast(M, {})


def _list(value: Sequence[T] | None) -> Sequence[T]:
    return value if isinstance(value, list | tuple) else []


def scene(code: Any, lang: str) -> str:
    return tr_or(f"sapiens.scene.{code}", str(code), lang)


def square(code: Any, lang: str) -> str:
    """A square as the moves name it: ``B3``, or ``the cave above D1``."""
    return tr_or(f"sapiens.square.{code}", str(code), lang)


def facts(public: View, lang: str, names: Names) -> list[str]:
    view = view_of(public)
    out = []
    step = _map(view.get("step"))
    if step.get("kind") and step.get("seat") and not view.get("over"):
        doing = tr_or(f"render.sapiens.step.{step['kind']}", "", lang)
        if doing:
            out.append(
                tr(
                    "render.twin.doing",
                    lang,
                    player=seat_name(str(step["seat"]), names),
                    what=doing,
                )
            )
    if view.get("ending") and not view.get("over"):
        out.append(tr("render.twin.sapiens.last_round", lang))
    if view.get("phase") == "start" and not view.get("over"):
        out.append(tr("render.sapiens.start_round", lang))
    out.append(tr("render.twin.sapiens.pile", lang, n=int(view.get("pile") or 0)))
    return out


def is_laid(tile: TileView | LaidView) -> TypeIs[LaidView]:
    """A tile on a valley (its ``at``), not one in a pool: no Baston token lies on it."""
    return "at" in tile


def tile_words(tile: TileView | LaidView, lang: str) -> str:
    """``Feast/Fight`` (with its Fight tokens, if any)."""
    a, b = (list(_list(tile.get("scenes"))) + ["?", "?"])[:2]
    text = f"{scene(a, lang)}/{scene(b, lang)}"
    fists = 0 if is_laid(tile) else len(_list(tile.get("baston")))
    if fists:
        text += " " + tr("render.twin.sapiens.fists", lang, n=fists)
    return text


def board(public: View, lang: str, names: Names) -> list[Section]:
    view = view_of(public)
    supply = _map(view.get("supply"))
    shared = [
        tr(
            "render.twin.sapiens.common",
            lang,
            tiles=listing([tile_words(t, lang) for t in _list(view.get("common"))], lang),
        ),
        tr("render.twin.sapiens.pile", lang, n=int(view.get("pile") or 0)),
        tr(
            "render.twin.sapiens.supply",
            lang,
            steaks=int(supply.get("steaks") or 0),
            bears=int(supply.get("bears") or 0),
        ),
    ]
    first = view.get("first")
    if first:
        shared.append(tr("render.twin.sapiens.first", lang, player=seat_name(str(first), names)))
    sections = [section(tr("render.twin.sapiens.shared", lang), shared)]
    sections += [valley(view, seat, lang, names) for seat in frame.seats_of(view)]
    return sections


def valley(public: View, seat: str, lang: str, names: Names) -> Section:
    view = view_of(public)
    player = _map(_map(view.get("players")).get(seat))
    lines = [
        tr(
            "sapiens.present.points",
            lang,
            food=int(player.get("food") or 0),
            shelter=int(player.get("shelter") or 0),
            steaks=int(player.get("steaks") or 0),
        )
    ]
    pool = [tile_words(t, lang) for t in _list(player.get("pool"))]
    lines.append(tr("render.twin.sapiens.pool", lang, tiles=listing(pool, lang)))
    tokens = _map(player.get("tokens"))
    lines.append(
        tr(
            "render.twin.sapiens.tokens",
            lang,
            held=listing([scene(t, lang) for t in _list(tokens.get("held"))], lang),
            used=listing([scene(t, lang) for t in _list(tokens.get("used"))], lang),
            gone=listing([scene(t, lang) for t in _list(tokens.get("gone"))], lang),
        )
    )
    home = _map(player.get("baston")).get("home")
    if isinstance(home, int):
        lines.append(tr("sapiens.present.baston", lang, n=home))
    if player.get("finished"):
        lines.append(tr("render.sapiens.finished.words", lang, name=seat_name(seat, names)))
    covered: dict[str, str] = {}
    for tile in _list(player.get("tiles")):
        tile = _map(tile)
        where = [str(x) for x in _list(tile.get("at"))]
        scenes = [str(x) for x in _list(tile.get("scenes"))]
        key = (
            "render.twin.sapiens.abandoned" if tile.get("abandoned") else "render.twin.sapiens.tile"
        )
        for at, code in zip(where, scenes, strict=False):
            covered[at] = tr(key, lang, scene=scene(code, lang), tribe=tile.get("tribe", 1))
        laid = "laid_abandoned" if tile.get("abandoned") else "laid"
        lines.append(
            tr(
                f"render.twin.sapiens.{laid}",
                lang,
                tile=tile_words(tile, lang),
                where=listing([square(w, lang) for w in where], lang),
                tribe=tile.get("tribe", 1),
            )
        )
    bears = {str(b) for b in _list(player.get("bears"))}
    cells = _map(player.get("cells"))
    for row in ROWS:
        parts = []
        for column in COLUMNS:
            code = f"{column}{row}"
            cell = _map(cells.get(code))
            if code in covered:
                what = covered[code]
            elif code in bears:
                what = tr("render.twin.sapiens.bear", lang)
            elif cell:
                what = tr(
                    f"render.twin.sapiens.terrain.{cell.get('terrain')}",
                    lang,
                    n=int(cell.get("food") or 0),
                )
            else:
                continue
            parts.append(f"{code} {what}")
        if parts:
            lines.append(tr("render.twin.sapiens.row", lang, row=row, squares=joined(parts, lang)))
    for code, cave in sorted(_map(player.get("caves")).items()):
        cave = _map(cave)
        token = cave.get("token")
        lines.append(
            tr(
                "render.twin.sapiens.cave_covered"
                if cave.get("covered")
                else "render.twin.sapiens.cave",
                lang,
                cave=square(code, lang),
                high=cave.get("high", 0),
                low=cave.get("low", 0),
                token=scene(token, lang) if token else tr("render.twin.none", lang),
                what=covered.get(code, ""),
            )
        )
    for code, fall in sorted(_map(player.get("falls")).items()):
        token = _map(fall).get("token")
        lines.append(
            tr(
                "render.twin.sapiens.fall",
                lang,
                fall=square(code, lang),
                token=scene(token, lang) if token else tr("render.twin.none", lang),
            )
        )
    title = tr(
        "render.twin.panel", lang, player=seat_name(seat, names), score=points(view, seat, lang)
    )
    return section(title, lines)


def private(view: View, seat: str, lang: str, names: Names) -> list[Section]:
    """Nothing of Sapiens is hidden: a seat's own long form is its valley."""
    return [valley(view, seat, lang, names)]
