"""Why a Sapiens game ended, in words: the header's and the final card's last line."""

from __future__ import annotations

from render.kit.compose import Turn
from render.kit.names import seat_name, tr
from render.sapiens.model import read


def ending(turn: Turn) -> list[str]:
    """The reason (the final round came, or no tribe could go on: the view's
    ``ending`` says whether the final round was announced), then every player's lower
    track, best first: the score that decides."""
    view = turn.view
    reason = "normal" if view.get("ending") else "stuck"
    parts = [tr("render.sapiens.ended", turn.lang, reason=tr(f"sapiens.end.{reason}", turn.lang))]
    table = read(view)
    rows = sorted(
        ((min(s.food, s.shelter), seat) for seat, s in table.seats.items()),
        key=lambda row: -row[0],
    )
    if rows:
        told = " · ".join(
            tr("render.sapiens.final_short", turn.lang, name=seat_name(seat, turn.names), score=n)
            for n, seat in rows
        )
        parts.append(tr("render.sapiens.final", turn.lang, rows=told))
    return parts
