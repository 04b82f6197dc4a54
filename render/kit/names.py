"""Words on a picture: the render catalogue, seat names, texts carried by a view.

Every text goes through ``rules.i18n``: the render catalogue (``render/locales``) holds
the kit's words (``render.kit.*``) and each game's own (``render.<game>.*``); texts a
view carries as ``{"key", "params"}`` (the last move's label and notes) are translated
from the game's rules catalogue. An unknown key is never drawn as a raw key.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from render.kit.text import Font, ellipsise, fit_font
from rules import i18n
from rules.base import Text

i18n.register_package("render")


def tr(key: str, lang: str, **params: Any) -> str:
    """``key`` in ``lang`` (the key itself when no catalogue has it)."""
    return i18n.translate(key, lang, **params)


def tr_or(key: str, fallback: str, lang: str, **params: Any) -> str:
    """``key`` in ``lang``, or ``fallback`` when no catalogue has it."""
    text = i18n.translate(key, lang, **params)
    return fallback if text == key else text


def text_of(value: Any, lang: str) -> str:
    """A view's ``{"key": ..., "params": {...}}`` in ``lang``; ``""`` when it is missing,
    malformed or its key is in no catalogue."""
    if not isinstance(value, Mapping) or not isinstance(value.get("key"), str):
        return ""
    params = value.get("params")
    text = Text(value["key"], dict(params) if isinstance(params, Mapping) else {})
    out = i18n.translate(text, lang)
    return "" if out == text.key else out


def seat_name(seat: str, names: Mapping[str, str] | None) -> str:
    """The display name of ``seat`` (the seat id when no name is given)."""
    if names and names.get(seat):
        return str(names[seat])
    return seat


def seat_names(seats: Iterable[str], names: Mapping[str, str] | None) -> str:
    """``Amélie, Bob`` for those seats."""
    return ", ".join(seat_name(str(seat), names) for seat in seats)


def fit_name(
    name: str, room: float, size: int, *, bold: bool = True, minimum: int = 14
) -> tuple[Font, str]:
    """A face from ``size`` down to ``minimum`` and the name cut to fit ``room`` pixels:
    shrink first, then ellipsise what still does not fit."""
    face = fit_font(name, room, size, bold=bold, minimum=minimum)
    return face, ellipsise(name, face, room)
