"""Orbis in words (``render.twin``): the display slot by slot (1-9, as the move labels
number them), the piles, gods and Temple tokens, then each player's worshippers, god,
temples and pyramid row by row (``row r · place p``, as the placing moves say)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from render.kit import frame
from render.kit.names import seat_name, tr, tr_or
from render.orbis import model
from render.orbis.words import without_squares
from render.twin import Names, Section, View, joined, listing, points, section
from rules import i18n
from rules.orbis import view_of

i18n.register_package("render.orbis")
i18n.register_package("rules.orbis")

TITLE = "orbis.name"
STATUS = ("validated", "cancelled", "waiting")


def last_parts(view: View, lang: str, names: Names) -> list[str]:
    """The last move and its notes, cubes in colour words (not coloured squares)."""
    return [without_squares(p, lang).strip() for p in frame.last_parts(view, lang, names)]


def cubes_words(cubes: Mapping[str, int], lang: str) -> str:
    """``2 yellow, 1 blue`` (``none`` when there are none)."""
    parts = [
        tr(f"render.twin.orbis.cube.{colour}", lang, n=n)
        for colour, n in cubes.items()
        if isinstance(n, int) and n > 0
    ]
    return ", ".join(parts) if parts else tr("render.twin.none", lang)


def tile_name(tile: Mapping[str, Any] | None, lang: str) -> str:
    if not tile:
        return "?"
    return tr_or(f"orbis.tile.{tile.get('id')}", str(tile.get("id", "?")), lang)


def tile_words(tile: Mapping[str, Any], lang: str) -> str:
    """``green Forest (level 2, 3 PC, cost: 1 green, 1 blue, 1 white)``."""
    raw = tile.get("cost")
    cost: Mapping[str, int] = raw if isinstance(raw, Mapping) else {}
    mystic = tile.get("mystic")
    key = "render.twin.orbis.tile_mystic" if isinstance(mystic, int) else "render.twin.orbis.tile"
    return tr(
        key,
        lang,
        name=tile_name(tile, lang),
        level=tile.get("level", "?"),
        pc=tile.get("pc", 0),
        cost=cubes_words(cost, lang),
        mystic=mystic,
    )


def facts(view: View, lang: str, names: Names) -> list[str]:
    """The turn under way, the last round, the tiles left in the piles."""
    out = []
    pending = model.pending(view)
    if pending is not None and pending.tile is not None:
        step = tr_or(f"render.orbis.step.{pending.step}", "", lang).rstrip("…?").strip()
        out.append(
            tr(
                "render.twin.orbis.pending",
                lang,
                player=seat_name(pending.seat, names),
                tile=tile_name(pending.tile, lang),
                step=step or "…",
            )
        )
    if not view.get("over"):
        players = view_of(view).get("players") or {}
        left = [
            p.get("turns_left")
            for s, p in players.items()
            if s not in frame.out_of(view) and isinstance(p, Mapping)
        ]
        if left and all(isinstance(n, int) and n <= 1 for n in left):
            out.append(tr("render.orbis.notice.last", lang))
        else:
            for seat in frame.acting(view):
                raw = players.get(seat)
                n = raw.get("turns_left") if isinstance(raw, Mapping) else None
                if isinstance(n, int):
                    out.append(
                        tr("render.twin.orbis.turns_left", lang, player=seat_name(seat, names), n=n)
                    )
    piles = model.piles(view)
    out.append(
        tr(
            "render.twin.orbis.piles",
            lang,
            n=sum(piles.values()),
            one=piles[1],
            two=piles[2],
            three=piles[3],
        )
    )
    return out


def board(view: View, lang: str, names: Names) -> list[Section]:
    sections = [display(view, lang), offer(view, lang)]
    sections += [player(view, seat, lang, names) for seat in frame.seats_of(view)]
    return sections


def display(view: View, lang: str) -> Section:
    lines = []
    for number, slot in enumerate(model.display(view), start=1):
        if slot.tile is None:
            lines.append(tr("render.twin.orbis.slot_empty", lang, slot=number))
            continue
        text = tr("render.twin.orbis.slot", lang, slot=number, tile=tile_words(slot.tile, lang))
        if any(slot.cubes.values()):
            text += " " + tr("render.twin.orbis.lying", lang, cubes=cubes_words(slot.cubes, lang))
        lines.append(text)
    return section(tr("render.orbis.display", lang), lines)


def offer(view: View, lang: str) -> Section:
    piles = model.piles(view)
    lines = [
        tr(
            "render.twin.orbis.piles",
            lang,
            n=sum(piles.values()),
            one=piles[1],
            two=piles[2],
            three=piles[3],
        )
    ]
    gods = [god_words(g, lang) for g in model.gods_on_offer(view)]
    lines.append(tr("render.twin.orbis.gods", lang, gods=listing(gods, lang), n=len(gods)))
    tokens = [str(t) for t in model.temple_tokens(view)]
    lines.append(tr("render.twin.orbis.tokens", lang, tokens=listing(tokens, lang)))
    return section(tr("render.twin.orbis.supply", lang), lines)


def god_words(god: str, lang: str) -> str:
    """``God of Death (3 PC: when taken, discard 6 cubes, or it is cancelled)``."""
    return tr(
        "render.twin.orbis.god",
        lang,
        name=tr_or(f"orbis.god.{god}.name", god, lang),
        pc=model.god_pc(god),
        text=tr_or(f"render.orbis.god.{god}", "", lang).rstrip("."),
    )


def player(view: View, seat: str, lang: str, names: Names) -> Section:
    mine = model.board(view, seat)
    raw = model.player(view, seat)
    lines = [tr("render.twin.orbis.cubes", lang, cubes=cubes_words(mine.domain, lang))]
    if mine.reductions:
        farms = [tr(f"orbis.colour.{c}", lang) for c in mine.reductions]
        lines.append(tr("render.twin.orbis.farms", lang, colours=listing(farms, lang)))
    if mine.god is None:
        lines.append(tr("render.twin.orbis.no_god", lang))
    else:
        key = "god_cancelled" if mine.god_cancelled else "own_god"
        lines.append(tr(f"render.twin.orbis.{key}", lang, god=god_words(mine.god, lang)))
    token = mine.token if mine.token is not None else "-"
    lines.append(tr("render.twin.orbis.temples", lang, n=mine.temples, token=token))
    if raw is not None and isinstance(raw.get("turns_left"), int):
        lines.append(tr("render.twin.orbis.turns", lang, n=raw["turns_left"]))
    rows: dict[int, list[model.Cell]] = {}
    for cell in mine.pyramid:
        rows.setdefault(cell.row, []).append(cell)
    if not rows:
        lines.append(tr("render.twin.orbis.pyramid_empty", lang))
    for row in sorted(rows):
        places = [
            tr("render.twin.orbis.place", lang, place=c.x + 1, tile=cell_words(c.tile, lang))
            for c in sorted(rows[row], key=lambda c: c.x)
        ]
        lines.append(tr("render.twin.orbis.row", lang, row=row + 1, places=joined(places, lang)))
    title = tr(
        "render.twin.orbis.panel",
        lang,
        player=seat_name(seat, names),
        score=points(view, seat, lang),
    )
    return section(title, lines)


def cell_words(tile: Mapping[str, Any], lang: str) -> str:
    """A tile in a pyramid: its name, PC and state (a Wasteland is just that)."""
    if tile.get("wasteland"):
        return tr("render.twin.orbis.wasteland", lang, tile=tile_name(tile, lang))
    state = next((s for s in STATUS if tile.get(s)), None)
    text = tr("render.twin.orbis.cell", lang, tile=tile_name(tile, lang), pc=tile.get("pc", 0))
    if state is not None:
        text += " " + tr(f"render.twin.orbis.state.{state}", lang)
    return text


def private(view: View, seat: str, lang: str, names: Names) -> list[Section]:
    """Nothing of Orbis is hidden: a seat's own long form is its panel."""
    return [player(view, seat, lang, names)]
