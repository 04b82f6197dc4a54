"""Localised words for the Origin picture: our catalogue plus rules.origin's map names."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules import i18n

i18n.register_package("render")
i18n.register_package("rules.origin")


def tr(key: str, lang: str, **params: Any) -> str:
    """``key`` from the render catalogue (or rules.origin's) in ``lang``."""
    return i18n.translate(key, lang, **params)


def _named(key: str, fallback: str, lang: str) -> str:
    text = i18n.translate(key, lang)
    return fallback if text == key else text


def territory_name(tid: str, lang: str) -> str:
    """A territory's name (its id if the rules catalogue has none)."""
    return _named(f"origin.terr.{tid}", tid, lang)


def continent_name(cid: str, lang: str) -> str:
    return _named(f"origin.continent.{cid}", cid, lang)


def strait_name(sid: str, lang: str) -> str:
    return _named(f"origin.strait.{sid}", sid, lang)


def seat_name(seat: str, names: Mapping[str, str] | None) -> str:
    """The display name of ``seat`` (the seat id when no name is given)."""
    if names and names.get(seat):
        return str(names[seat])
    return seat


def pawn_words(pawn: str, lang: str) -> str:
    """``2·3 white`` for pawn ``z2s3w`` (copy suffixes ignored)."""
    base = pawn.split("#", 1)[0]
    if len(base) != 5 or not base.startswith("z"):
        return pawn
    return tr(f"render.origin.pawn.{base[4]}", lang, size=base[1], strength=base[3])
