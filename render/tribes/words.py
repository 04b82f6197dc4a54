"""Words of the Tribes picture: action, event, goal and tribe names, values, header lines.

The picture's own words are in ``render/tribes/locales`` (keys ``render.tribes.*``);
names of things come from the rules' catalogue (``tribes.*``), loaded here so that a
process that only draws (a render worker) has them too. An unknown id is drawn as the
id, never as a raw key.
"""

from __future__ import annotations

import contextlib
from collections.abc import Mapping
from typing import Any

from render.kit.frame import describe_last
from render.kit.names import tr, tr_or
from rules import i18n

i18n.register_package("render.tribes")
with contextlib.suppress(i18n.CatalogueError, ModuleNotFoundError):
    i18n.register_package("rules.tribes")  # the rules' catalogue: events, goals, tribes


def action_name(action: str, lang: str) -> str:
    return tr_or(f"render.tribes.action.{action}", action, lang)


def event_name(event: str, lang: str) -> str:
    return tr_or(f"tribes.event.{event}.name", event, lang)


def goal_name(goal: str, lang: str) -> str:
    return tr_or(f"tribes.goal.{goal}", goal, lang)


def tribe_name(tribe: str, lang: str) -> str:
    return tr_or(f"tribes.tribe.{tribe}", tribe, lang)


def chief_text(chief: str, chosen: bool, ambush: int, hidden: int, lang: str) -> str:
    """A player's chief power for its panel: its name (with the members in ambush or
    the hidden village it built), "secret" before it is shown, empty without chiefs."""
    if not chief:
        return tr("render.tribes.chief.secret", lang) if chosen else ""
    name = tr_or(f"tribes.chief.{chief}", chief, lang)
    if ambush:
        return tr("render.tribes.chief.ambush", lang, power=name, n=ambush)
    if hidden:
        return tr("render.tribes.chief.hidden", lang, power=name)
    return name


def value_text(action: str, value: int, lang: str, *, short: bool = False) -> str:
    """What an action gives at one strength: ``4`` (short) or ``4 members``."""
    if short:
        return tr_or(f"render.tribes.short.{action}", str(value), lang, n=value)
    return tr_or(f"render.tribes.value.{action}", str(value), lang, n=value)


def describe(view: Mapping[str, Any], lang: str, names: Mapping[str, str] | None) -> str:
    """The header's line: the last move and its notes, seats named by their names."""
    last = view.get("last")
    if not isinstance(last, Mapping):
        return ""
    notes = [_named(n, names) for n in last.get("notes") or []]
    return describe_last({"last": {**last, "notes": notes}}, lang, names)


def _named(note: Any, names: Mapping[str, str] | None) -> Any:
    """A note's seat parameters (``player``, ``owner``) replaced by display names."""
    if not names or not isinstance(note, Mapping) or not isinstance(note.get("params"), Mapping):
        return note
    params = {
        k: names.get(v, v) if k in i18n.SEAT_PARAMS and isinstance(v, str) else v
        for k, v in note["params"].items()
    }
    return {**note, "params": params}


PURPOSES = ("invaders", "invaders_move", "mammoth", "tiger", "fire", "abandoned", "return", "altar")


def notice(view: Mapping[str, Any], lang: str, names: Mapping[str, str] | None) -> str:
    """A highlighted tag: an event's question being answered, the starting placements,
    or the population limit when an event lowers it (empty otherwise)."""
    del names
    if view.get("over"):
        return ""
    pending = view.get("pending")
    purpose = pending.get("purpose") if isinstance(pending, Mapping) else None
    if purpose in PURPOSES:
        return tr(f"render.tribes.notice.{purpose}", lang)
    if isinstance(pending, Mapping) and pending.get("kind") == "ev_order":
        return tr("render.tribes.notice.order", lang)
    if view.get("step") == "chiefs":  # option chiefs: the secret pick
        return tr("render.tribes.notice.chiefs", lang)
    if view.get("step") == "place":
        return tr("render.tribes.notice.setup", lang)
    events = view.get("events")
    limit = events.get("limit") if isinstance(events, Mapping) else None
    if isinstance(limit, int) and limit != 5:
        return tr("render.tribes.notice.limit", lang, n=limit)
    return ""
