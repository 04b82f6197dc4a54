"""The header's highlighted notice for Sapiens: the starting round or the last round,
and the decision in progress (which step of a turn the player to act is at)."""

from __future__ import annotations

from render.kit.names import tr_or
from render.sapiens.model import Table


def notice(table: Table, lang: str) -> str:
    """``LAST ROUND · Hunt: cash the steaks?``; either part alone; ``""`` for none."""
    parts = []
    if table.last_round:
        parts.append(tr_or("render.sapiens.last_round", "", lang))
    elif table.starting:
        parts.append(tr_or("render.sapiens.start_round", "", lang))
    if table.step:
        parts.append(tr_or(f"render.sapiens.step.{table.step}", "", lang))
    return " · ".join(part for part in parts if part)
