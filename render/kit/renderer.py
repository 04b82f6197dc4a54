"""A game's renderer as the registry sees it: one ``Renderer`` object per game.

Each game's renderer package gives one ``RENDERER`` in its ``renderer`` module (the
module above the rest of the package: it imports the picture, the card, the private
views and the twin, none of which imports it), and ``render/registry.py`` names it in
one line, ``"nim": "render.nim.renderer:RENDERER"``, imported on first use::

    RENDERER = Renderer(board=draw, card=CARD, phone=PHONE, twin=twin)

Only ``board`` is required; a game without a turn card, private views or a text twin
leaves them out, and the registry's ``card_ids``, ``phone_ids`` and ``twin_ids`` do
not list it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import ModuleType
from typing import Any, Protocol

from render.kit.card import Card
from render.kit.phone import Phone


class Drawer(Protocol):
    """A pure function of a public view (plus display options) to image bytes."""

    def __call__(
        self,
        view: Mapping[str, Any],
        *,
        lang: str = "en",
        names: Mapping[str, str] | None = None,
    ) -> bytes: ...


@dataclass(frozen=True)
class Renderer:
    """Everything a game draws, by what the registry asks of it.

    ``board``: the full picture of a public view (``draw(view, *, lang, names)`` ->
    PNG); ``card``: its turn card (``render.kit.card``), whose close-up is cut from the
    full picture; ``phone``: one seat's private views (``render.kit.phone``); ``twin``:
    the module of its text twin (``render.twin``: ``TITLE``, ``facts``, ``board``,
    ``private``)."""

    board: Drawer
    card: Card | None = None
    phone: Phone | None = None
    twin: ModuleType | None = None
