"""Words of the Tribes picture: action, event, goal and tribe names, values, header lines.

The picture's own words are in ``render/tribes/locales`` (keys ``render.tribes.*``);
names of things come from the rules' catalogue (``tribes.*``), loaded here so that a
process that only draws (a render worker) has them too. An unknown id is drawn as the
id, never as a raw key.
"""

from __future__ import annotations

import contextlib
from collections.abc import Mapping, Sequence
from typing import Any

from render.kit.frame import describe_last
from render.kit.names import seat_name, tr, tr_or
from rules import i18n
from rules.tribes.view_types import view_of

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


def values_text(action: str, values: Sequence[int], details: Mapping[str, int], lang: str) -> str:
    """An action's values at the three strengths, ``2/3/4 members``; Travel says how far
    a member goes when that is more than one hex (Horse), Gather how much each hex gives
    and Basketry's extra."""
    numbers = "/".join(str(v) for v in values)
    params: dict[str, Any] = {"values": numbers, **details}
    key = f"render.tribes.values.{action}"
    if action == "travel" and details.get("reach", 1) > 1:
        key = "render.tribes.values.travel_reach"
    elif action == "gather":
        params.setdefault("each", 2)
        if details.get("extra"):
            key = "render.tribes.values.gather_extra"
    return tr_or(key, numbers, lang, **params)


def describe(view: Mapping[str, Any], lang: str, names: Mapping[str, str] | None) -> str:
    """The header's line: the last move in the table's words and its notes, seats by
    their names, nothing said twice (``render.kit.frame.describe_last``)."""
    return describe_last(view, lang, names)


PURPOSES = ("invaders", "invaders_move", "mammoth", "tiger", "fire", "abandoned", "return", "altar")


def notice(view: Mapping[str, Any], lang: str, names: Mapping[str, str] | None) -> str:
    """A highlighted tag: an event's question being answered, a defender's Fortifications
    question (naming him), the starting placements, the population limit when an event
    lowers it, or else the decision a seat has pending (``Bob chooses: Grow``; empty
    when nothing is pending)."""
    tribes = view_of(view)
    if tribes.get("over"):
        return ""
    pending = tribes.get("pending")
    purpose = pending.get("purpose") if isinstance(pending, Mapping) else None
    if purpose in PURPOSES:
        return tr(f"render.tribes.notice.{purpose}", lang)
    if isinstance(pending, Mapping) and pending.get("kind") == "fortify":
        who = seat_name(str(pending.get("player") or ""), names)
        where = str(pending.get("hex") or "").upper()
        return tr("render.tribes.notice.fortify", lang, player=who, hex=where)
    if isinstance(pending, Mapping) and pending.get("kind") == "ev_order":
        return tr("render.tribes.notice.order", lang)
    if tribes.get("step") == "chiefs":  # option chiefs: the secret pick
        return tr("render.tribes.notice.chiefs", lang)
    if tribes.get("step") == "place":
        return tr("render.tribes.notice.setup", lang)
    events = tribes.get("events")
    limit = events.get("limit") if isinstance(events, Mapping) else None
    if isinstance(limit, int) and limit != 5:
        return tr("render.tribes.notice.limit", lang, n=limit)
    kind = pending.get("kind") if isinstance(pending, Mapping) else None
    if isinstance(kind, str) and i18n.has_key(f"tribes.pending.{kind}"):  # any other decision
        who = seat_name(str(pending.get("player") or ""), names) if pending else ""
        what = tr(f"tribes.pending.{kind}", lang)
        return tr("render.tribes.notice.pending", lang, player=who, what=what)
    return ""


def event_effect(event: str, lang: str) -> str:
    """An event's effect in a few words for its slot (empty for an unknown event)."""
    return tr_or(f"render.tribes.event.{event}", "", lang)


def score_name(category: str, lang: str) -> str:
    """A VP category of the final score (``villages``, ``developments``...)."""
    return tr_or(f"tribes.score.{category}", category, lang)
