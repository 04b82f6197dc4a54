"""Which renderer draws which game: ``draw(game_id, view, lang=..., names=...) -> PNG bytes``.

One line per game names its ``render.kit.renderer.Renderer`` (board, turn card, private
views, text twin); every function here reads that one object."""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from types import ModuleType
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # the kit's side (Pillow) is loaded with the first game's renderer
    from render.kit.renderer import Drawer, Renderer

# game id -> "module:object" of its ``render.kit.renderer.Renderer`` (its board, turn
# card, private views and text twin), one line per game; modules are imported on first
# use, so importing the registry loads no game's art.
_GAMES: dict[str, str] = {
    "origin": "render.origin_classic.renderer:RENDERER",
    "origin-junior": "render.origin.renderer:RENDERER",
    "sapiens": "render.sapiens.renderer:RENDERER",
    "orbis": "render.orbis.renderer:RENDERER",
    "tribes": "render.tribes.renderer:RENDERER",
    "nim": "render.nim.renderer:RENDERER",
}
LAYOUTS = ("full", "card")
"""Public pictures: the ``full`` board and the turn ``card`` (``render.kit.card``), a
portrait picture a phone reads at 400 px wide."""
PRIVATE_LAYOUTS = ("phone", "full")
"""One seat's private views (``render.kit.phone``): what it alone is shown, in the phone
layout or the full one with its legal targets marked."""
FORMS = ("short", "long")
"""The text twin's forms (``render.twin``)."""


class UnknownGame(LookupError):
    """No renderer is registered for this game id."""


def ids() -> list[str]:
    """Game ids that have a renderer."""
    return sorted(_GAMES)


def register(game_id: str, target: str) -> None:
    """Register ``"module:object"``, a ``render.kit.renderer.Renderer``, as the renderer of
    ``game_id`` (used by later games); its module is imported on first use."""
    _GAMES[game_id] = target


def get(game_id: str) -> Renderer:
    """The ``Renderer`` of ``game_id`` (its module imported on first use); raises
    ``UnknownGame``, and ``TypeError`` when the registered object is no ``Renderer``."""
    from render.kit.renderer import Renderer

    try:
        target = _GAMES[game_id]
    except KeyError:
        raise UnknownGame(game_id) from None
    module_name, _, name = target.partition(":")
    found = getattr(importlib.import_module(module_name), name)
    if not isinstance(found, Renderer):
        raise TypeError(f"{target} is not a render.kit.renderer.Renderer")
    return found


def has(game_id: str, part: str) -> bool:
    """Whether ``game_id`` has a renderer with ``part`` (``card``, ``phone`` or ``twin``);
    imports that game's renderer only, where the ``*_ids`` lists import every game's."""
    return game_id in _GAMES and getattr(get(game_id), part) is not None


def card_ids() -> list[str]:
    """Game ids that have a turn card (their renderers are imported)."""
    return sorted(g for g in _GAMES if get(g).card is not None)


def renderer(game_id: str, layout: str = "full") -> Drawer:
    """The drawer of ``game_id`` (``layout``: ``full`` board or turn ``card``); raises
    ``UnknownGame``."""
    found = get(game_id)
    if layout != "card":
        return found.board
    if found.card is None:
        raise UnknownGame(game_id)
    return found.card.draw


def draw(
    game_id: str,
    view: Mapping[str, Any],
    *,
    lang: str = "en",
    names: Mapping[str, str] | None = None,
    layout: str = "full",
) -> bytes:
    """Draw the public ``view`` of a ``game_id`` game as PNG bytes in ``lang``.

    ``names`` maps seat ids to display names (the seat id is shown otherwise);
    ``layout`` is ``full`` (the whole table) or ``card`` (the turn card).
    """
    if layout not in LAYOUTS:
        raise ValueError(f"unknown layout {layout!r}: {', '.join(LAYOUTS)}")
    return renderer(game_id, layout)(view, lang=lang, names=names)


def draw_both(
    game_id: str,
    view: Mapping[str, Any],
    *,
    lang: str = "en",
    names: Mapping[str, str] | None = None,
) -> tuple[bytes, bytes]:
    """The full board and the turn card of the public ``view`` of a ``game_id`` game, as
    PNG bytes, in one pass: the full picture composed once, the card's close-up cut
    from it (``Card.draw_both``). Equal to ``draw(..., layout="full")`` and
    ``draw_card``; raises ``UnknownGame`` when the game has no card."""
    card = get(game_id).card
    if card is None:
        raise UnknownGame(game_id)
    return card.draw_both(view, lang=lang, names=names)


def draw_card(
    game_id: str,
    view: Mapping[str, Any],
    *,
    lang: str = "en",
    names: Mapping[str, str] | None = None,
) -> bytes:
    """The turn card of the public ``view`` of a ``game_id`` game as PNG bytes."""
    return draw(game_id, view, lang=lang, names=names, layout="card")


def twin_ids() -> list[str]:
    """Game ids that have a text twin (their renderers are imported)."""
    return sorted(g for g in _GAMES if get(g).twin is not None)


def twin(game_id: str) -> ModuleType:
    """The module of ``game_id``'s text twin; raises ``UnknownGame``."""
    found = get(game_id).twin
    if found is None:
        raise UnknownGame(game_id)
    return found


def describe(
    game_id: str,
    view: Mapping[str, Any],
    *,
    lang: str = "en",
    names: Mapping[str, str] | None = None,
    form: str = "short",
) -> str:
    """The public ``view`` of a ``game_id`` game in words (``render.twin``): ``form`` is
    ``short`` (at most 1,000 characters: an attachment's description) or ``long`` (the
    whole board). ``names`` maps seat ids to display names."""
    from render import twin as kit

    if form not in FORMS:
        raise ValueError(f"unknown form {form!r}: {', '.join(FORMS)}")
    return kit.describe(twin(game_id), view, lang, names, form)


def describe_private(
    game_id: str,
    view: Mapping[str, Any],
    seat: str,
    *,
    lang: str = "en",
    names: Mapping[str, str] | None = None,
) -> str:
    """``seat``'s own ``view`` in words: what it alone sees (its hand, its pool) and its
    own panel; empty when the game hides nothing from the table."""
    from render import twin as kit

    return kit.describe_private(twin(game_id), view, seat, lang, names)


def phone_ids() -> list[str]:
    """Game ids that have private views (``draw_private``; their renderers are imported)."""
    return sorted(g for g in _GAMES if get(g).phone is not None)


def draw_private(
    game_id: str,
    view: Mapping[str, Any],
    mine: Mapping[str, Any] | None,
    *,
    lang: str = "en",
    names: Mapping[str, str] | None = None,
    layout: str = "phone",
) -> bytes:
    """One seat's private view of a ``game_id`` game as PNG bytes: the public ``view``
    plus ``mine`` (that seat's id, legal moves and private sections, see
    ``render.kit.phone``), in the ``phone`` layout or the ``full`` board with the
    seat's legal targets marked. Raises ``UnknownGame``."""
    if layout not in PRIVATE_LAYOUTS:
        raise ValueError(f"unknown layout {layout!r}: {', '.join(PRIVATE_LAYOUTS)}")
    phone = get(game_id).phone
    if phone is None:
        raise UnknownGame(game_id)
    return phone.draw(view, mine, lang=lang, names=names, layout=layout)
