"""Which renderer draws which game: ``draw(game_id, view, lang=..., names=...) -> PNG bytes``."""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from types import ModuleType
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


# game id -> "module:function" drawing its turn card (``render.kit.card``): a portrait
# picture a phone reads at 400 px wide.
_CARDS: dict[str, str] = {
    "origin": "render.origin_classic.card:draw",
    "origin-junior": "render.origin.card:draw",
    "sapiens": "render.sapiens.card:draw",
    "orbis": "render.orbis.card:draw",
    "tribes": "render.tribes.card:draw",
    "nim": "render.nim:draw_card",
}
LAYOUTS = ("full", "card")

# game id -> "module:object" of its private views (``render.kit.phone.Phone``): what one
# seat alone is shown, in the phone layout or the full one with its legal targets marked.
_PHONES: dict[str, str] = {
    "origin": "render.origin_classic.phone:PHONE",
    "origin-junior": "render.origin.phone:PHONE",
    "sapiens": "render.sapiens.phone:PHONE",
    "orbis": "render.orbis.phone:PHONE",
    "tribes": "render.tribes.phone:PHONE",
    "nim": "render.nim:PHONE",
}
PRIVATE_LAYOUTS = ("phone", "full")


# game id -> module of its text twin (``render.twin``): the picture in words, with
# ``facts``, ``board`` and ``private``. Every game with a picture has one.
_TWINS: dict[str, str] = {
    "origin": "render.origin_classic.twin",
    "origin-junior": "render.origin.twin",
    "sapiens": "render.sapiens.twin",
    "orbis": "render.orbis.twin",
    "tribes": "render.tribes.twin",
    "nim": "render.nim.twin",
}
FORMS = ("short", "long")


class UnknownGame(LookupError):
    """No renderer is registered for this game id."""


def ids() -> list[str]:
    """Game ids that have a renderer."""
    return sorted(_RENDERERS)


def register(game_id: str, target: str, layout: str = "full") -> None:
    """Register ``"module:function"`` as the renderer of ``game_id`` (used by later games);
    ``layout="card"``: as the drawer of its turn card; ``layout="twin"``: ``"module"``
    as its text twin (``render.twin``)."""
    if layout == "twin":
        _TWINS[game_id] = target
        return
    (_CARDS if layout == "card" else _RENDERERS)[game_id] = target


def card_ids() -> list[str]:
    """Game ids that have a turn card."""
    return sorted(_CARDS)


def renderer(game_id: str, layout: str = "full") -> Renderer:
    """The renderer of ``game_id`` (``layout``: ``full`` board or turn ``card``); raises
    ``UnknownGame``."""
    try:
        target = (_CARDS if layout == "card" else _RENDERERS)[game_id]
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
    from it (``Card.draw_both``, when the card's module gives its ``CARD``; else the
    two drawn apart). Equal to ``draw(..., layout="full")`` and ``draw_card``."""
    from render.kit.card import Card  # Pillow's side: loaded when a picture is drawn

    drawer = renderer(game_id, "card")
    card = getattr(importlib.import_module(drawer.__module__), "CARD", None)
    if isinstance(card, Card):
        return card.draw_both(view, lang=lang, names=names)
    return draw(game_id, view, lang=lang, names=names), drawer(view, lang=lang, names=names)


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
    """Game ids that have a text twin."""
    return sorted(_TWINS)


def twin(game_id: str) -> ModuleType:
    """The module of ``game_id``'s text twin; raises ``UnknownGame``."""
    try:
        return importlib.import_module(_TWINS[game_id])
    except KeyError:
        raise UnknownGame(game_id) from None


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
    """Game ids that have private views (``draw_private``)."""
    return sorted(_PHONES)


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
    try:
        target = _PHONES[game_id]
    except KeyError:
        raise UnknownGame(game_id) from None
    module_name, _, name = target.partition(":")
    phone: Any = getattr(importlib.import_module(module_name), name)
    data: bytes = phone.draw(view, mine, lang=lang, names=names, layout=layout)
    return data
