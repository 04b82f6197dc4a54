"""The header's highlighted notice for Sapiens: the starting round, the last round."""

from __future__ import annotations

from render.kit.names import tr
from render.sapiens.model import Table


def notice(table: Table, lang: str) -> str:
    """``LAST ROUND`` once the pile and the common pool are empty; the starting round."""
    if table.last_round:
        return tr("render.sapiens.last_round", lang)
    if table.starting:
        return tr("render.sapiens.start_round", lang)
    return ""
