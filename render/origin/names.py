"""Origin's own words: map names from rules.origin's catalogue, pawn descriptions.

The render catalogue and seat names come from ``render.kit.names``.
"""

from __future__ import annotations

from render.kit.names import tr, tr_or
from rules import i18n

i18n.register_package("rules.origin")


def territory_name(tid: str, lang: str) -> str:
    """A territory's name (its id if the rules catalogue has none)."""
    return tr_or(f"origin.terr.{tid}", tid, lang)


def continent_name(cid: str, lang: str) -> str:
    return tr_or(f"origin.continent.{cid}", cid, lang)


def strait_name(sid: str, lang: str) -> str:
    return tr_or(f"origin.strait.{sid}", sid, lang)


def pawn_words(pawn: str, lang: str) -> str:
    """``white pawn 2·3`` for pawn ``z2s3w`` (copy suffixes ignored): the name every
    label gives it (``rules.origin``'s ``origin.pawn.*``), the badge's numbers."""
    base = pawn.split("#", 1)[0]
    if len(base) != 5 or not base.startswith("z"):
        return pawn
    return tr(f"render.origin.pawn.{base[4]}", lang, size=base[1], strength=base[3])
