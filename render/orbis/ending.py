"""Why an Orbis game ended, in words: the header's and the final card's last line."""

from __future__ import annotations

from render.kit.compose import Turn
from render.kit.names import tr


def ending(turn: Turn) -> list[str]:
    """Orbis ends one way only: every universe is complete (its last turn played)."""
    return [tr("orbis.end.normal", turn.lang)]
