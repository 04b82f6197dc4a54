"""Nim's turn card: the close-up is the heap (the whole board)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from render.kit.card import Card
from render.kit.geometry import Box, FrameLayout
from render.nim import NIM


def focus(view: Mapping[str, Any], layout: FrameLayout) -> Sequence[Box]:
    """The heap: what every move changes."""
    return [layout.board]


CARD = Card(name="nim", picture=lambda seats: NIM, focus=focus)


def draw(
    view: Mapping[str, Any], *, lang: str = "en", names: Mapping[str, str] | None = None
) -> bytes:
    """Nim's turn card of a public ``view`` as PNG bytes."""
    return CARD.draw(view, lang=lang, names=names)
