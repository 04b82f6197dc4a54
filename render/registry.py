"""Which renderer draws which game: ``draw(game_id, view, lang=..., names=...) -> PNG bytes``."""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from typing import Any, Protocol


class Renderer(Protocol):
    """A pure function of a public view (plus display options) to image bytes."""

    def __call__(
        self,
        view: Mapping[str, Any],
        *,
        lang: str = "en",
        names: Mapping[str, str] | None = None,
    ) -> bytes: ...


# game id -> "module:function"; modules are imported on first use.
_RENDERERS: dict[str, str] = {
    "origin": "render.origin_classic:draw",
    "origin-junior": "render.origin:draw",
    "sapiens": "render.sapiens:draw",
    "orbis": "render.orbis:draw",
    "tribes": "render.tribes:draw",
    "nim": "render.nim:draw",
}


class UnknownGame(LookupError):
    """No renderer is registered for this game id."""


def ids() -> list[str]:
    """Game ids that have a renderer."""
    return sorted(_RENDERERS)


def register(game_id: str, target: str) -> None:
    """Register ``"module:function"`` as the renderer of ``game_id`` (used by later games)."""
    _RENDERERS[game_id] = target


def renderer(game_id: str) -> Renderer:
    """The renderer of ``game_id``; raises ``UnknownGame``."""
    try:
        target = _RENDERERS[game_id]
    except KeyError:
        raise UnknownGame(game_id) from None
    module_name, _, function = target.partition(":")
    found: Renderer = getattr(importlib.import_module(module_name), function)
    return found


def draw(
    game_id: str,
    view: Mapping[str, Any],
    *,
    lang: str = "en",
    names: Mapping[str, str] | None = None,
) -> bytes:
    """Draw the public ``view`` of a ``game_id`` game as PNG bytes in ``lang``.

    ``names`` maps seat ids to display names (the seat id is shown otherwise).
    """
    return renderer(game_id)(view, lang=lang, names=names)
