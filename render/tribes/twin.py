"""L'Aube des Tribus in words (``render.twin``): the map hex by hex (``H01``... with its
terrain, as the moves name hexes), the action board, the events on offer, then each
tribe: resources, members, villages, goals and chief power (once shown)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from render.kit import frame
from render.kit.names import seat_name, tr, tr_or
from render.tribes.words import action_name, chief_text, event_name, goal_name, tribe_name
from render.twin import Names, Section, View, joined, listing, points, section
from rules.tribes.view_types import view_of

TITLE = "tribes.name"
RESOURCES = ("wood", "food", "stone")


def _map(value: Any) -> Mapping[str, Any]:
    return value if isinstance(value, Mapping) else {}


def _list(value: Any) -> Sequence[Any]:
    return value if isinstance(value, list | tuple) else []


def resources(amounts: Mapping[str, Any], lang: str) -> str:
    """``2 wood, 1 stone`` (``none`` when there are none)."""
    parts = [
        tr("render.twin.tribes.res", lang, n=n, res=tr_or(f"tribes.res.{r}", r, lang))
        for r, n in amounts.items()
        if isinstance(n, int) and n > 0
    ]
    return ", ".join(parts) if parts else tr("render.twin.none", lang)


def terrain(hex_: Mapping[str, Any], lang: str) -> str:
    return tr_or(f"tribes.terrain.{hex_.get('terrain')}", str(hex_.get("terrain")), lang)


def facts(view: View, lang: str, names: Names) -> list[str]:
    tribes = view_of(view)
    out = []
    pending = _map(tribes.get("pending"))
    purpose = pending.get("purpose")
    if purpose and not tribes.get("over"):
        question = tr_or(f"render.tribes.notice.{purpose}", "", lang)
        if question:
            out.append(question)
    conflicts = [str(h) for h in _list(tribes.get("conflicts"))]
    if conflicts and not tribes.get("over"):
        out.append(tr("render.twin.tribes.conflicts", lang, hexes=listing(conflicts, lang)))
    hand = [tr_or(f"tribes.face.{f}", str(f), lang) for f in _list(tribes.get("hand"))]
    if hand and not tribes.get("over"):
        out.append(tr("render.twin.tribes.hand", lang, dice=listing(hand, lang)))
    out.append(tr("render.twin.tribes.victory", lang, n=int(tribes.get("victory") or 15)))
    return out


def board(view: View, lang: str, names: Names) -> list[Section]:
    return [
        hexes(view, lang, names),
        actions(view, lang),
        events(view, lang),
        *(tribe(view, seat, lang, names) for seat in frame.seats_of(view)),
    ]


def hexes(view: View, lang: str, names: Names) -> Section:
    tribes = view_of(view)
    lines = []
    events_ = _map(tribes.get("events"))
    mammoth = _map(events_.get("mammoth")).get("hex")
    for raw in _list(_map(tribes.get("map")).get("hexes")):
        hex_ = _map(raw)
        hex_id = str(hex_.get("id", "?"))
        members = [
            tr("render.twin.tribes.members", lang, player=seat_name(str(s), names), n=n)
            for s, n in _map(hex_.get("members")).items()
            if isinstance(n, int) and n > 0
        ]
        parts = [", ".join(members) if members else tr("render.twin.tribes.empty", lang)]
        village = hex_.get("village")
        if village:
            parts.append(
                tr("render.twin.tribes.village", lang, player=seat_name(str(village), names))
            )
        invaders = hex_.get("invaders")
        if isinstance(invaders, int) and invaders > 0:
            parts.append(tr("render.twin.tribes.invaders", lang, n=invaders))
        if hex_id == mammoth:
            parts.append(tr("tribes.event.mammoth.name", lang))
        if hex_id == events_.get("tiger"):
            parts.append(tr("tribes.event.tiger.name", lang))
        if hex_id == events_.get("burnt"):
            parts.append(tr("tribes.event.forest_fire.name", lang))
        if hex_.get("conflict"):
            parts.append(tr("render.twin.tribes.conflict", lang))
        lines.append(
            tr(
                "render.twin.tribes.hex",
                lang,
                hex=hex_id,
                terrain=terrain(hex_, lang),
                what=joined(parts, lang),
            )
        )
    return section(tr("render.tribes.legend.map", lang), lines)


def actions(view: View, lang: str) -> Section:
    tribes = view_of(view)
    lines = []
    board_ = _map(tribes.get("board"))
    for action in _list(tribes.get("action_order")):
        slot = _map(board_.get(action))
        dice = [tr_or(f"tribes.face.{f}", str(f), lang) for f in _list(slot.get("dice"))]
        strength = str(slot.get("strength", "normal"))
        lines.append(
            tr(
                "render.twin.tribes.action",
                lang,
                action=action_name(str(action), lang),
                dice=listing(dice, lang),
                strength=tr_or(f"tribes.strength.{strength}", strength, lang),
            )
        )
    hand = [tr_or(f"tribes.face.{f}", str(f), lang) for f in _list(tribes.get("hand"))]
    if hand:
        lines.append(tr("render.twin.tribes.hand", lang, dice=listing(hand, lang)))
    taken = [action_name(str(a), lang) for a in _list(tribes.get("actions_taken"))]
    if taken:
        lines.append(tr("render.twin.tribes.taken", lang, actions=listing(taken, lang)))
    return section(tr("render.tribes.actions", lang), lines)


def events(view: View, lang: str) -> Section:
    tribes = view_of(view)
    events_ = _map(tribes.get("events"))
    lines = []
    for number, raw in enumerate(_list(events_.get("slots")), start=1):
        slot = _map(raw)
        if not slot:
            lines.append(tr("render.twin.tribes.slot_free", lang, slot=number))
            continue
        text = tr(
            "render.twin.tribes.slot",
            lang,
            slot=number,
            event=event_name(str(slot.get("slug")), lang),
        )
        stock = _map(slot.get("stock"))
        if stock:
            text += " " + tr("render.twin.tribes.stock", lang, res=resources(stock, lang))
        lines.append(text)
    lines.append(tr("render.twin.tribes.deck", lang, n=int(events_.get("deck") or 0)))
    discard = [event_name(str(s), lang) for s in _list(events_.get("discard"))]
    if discard:
        lines.append(tr("render.twin.tribes.discard", lang, events=listing(discard, lang)))
    villages = _map(tribes.get("villages"))
    if isinstance(villages.get("supply"), int):
        lines.append(tr("render.twin.tribes.villages_left", lang, n=villages["supply"]))
    return section(tr("render.tribes.events", lang), lines)


def tribe(view: View, seat: str, lang: str, names: Names) -> Section:
    tribes = view_of(view)
    player = _map(_map(tribes.get("players")).get(seat))
    lines = [
        tr("render.twin.tribes.tribe", lang, tribe=tribe_name(str(player.get("tribe", "?")), lang)),
        tr(
            "render.twin.tribes.resources", lang, res=resources(_map(player.get("resources")), lang)
        ),
        tr(
            "render.twin.tribes.people",
            lang,
            on_map=int(player.get("on_map") or 0),
            supply=int(player.get("supply") or 0),
        ),
    ]
    villages = [str(v) for v in _list(player.get("villages"))]
    lines.append(tr("render.twin.tribes.villages", lang, hexes=listing(villages, lang)))
    cost = _map(player.get("village_cost"))
    if cost:
        priced = {**{k: v for k, v in cost.items() if k != "any"}}
        text = resources(priced, lang)
        if isinstance(cost.get("any"), int) and cost["any"] > 0:
            text += ", " + tr("render.twin.tribes.any", lang, n=cost["any"])
        lines.append(tr("render.twin.tribes.village_cost", lang, cost=text))
    goals = [goal_words(_map(g), lang) for g in _list(player.get("goals"))]
    lines.append(
        tr(
            "render.twin.tribes.goals",
            lang,
            goals=joined(goals, lang) or tr("render.twin.none", lang),
        )
    )
    done = [goal_name(str(_map(g).get("id")), lang) for g in _list(player.get("done"))]
    if done:
        lines.append(tr("render.twin.tribes.done", lang, goals=listing(done, lang)))
    acquired = [event_name(str(s), lang) for s in _list(player.get("acquired"))]
    if acquired:
        lines.append(tr("render.twin.tribes.acquired", lang, events=listing(acquired, lang)))
    chief = chief_text(
        str(player.get("chief") or ""),
        bool(player.get("chief_chosen")),
        int(player.get("ambush") or 0),
        int(player.get("hidden_village") or 0),
        lang,
    )
    if chief:
        lines.append(tr("render.twin.tribes.chief", lang, chief=chief))
    title = tr(
        "render.twin.panel", lang, player=seat_name(seat, names), score=points(view, seat, lang)
    )
    return section(title, lines)


def goal_words(goal: Mapping[str, Any], lang: str) -> str:
    """``Bow (1 VP; costs 3 wood; ...), ready``."""
    goal_id = str(goal.get("id", "?"))
    text = tr(
        "render.twin.tribes.goal",
        lang,
        name=goal_name(goal_id, lang),
        vp=goal.get("vp", 0),
        text=tr_or(f"tribes.goal.{goal_id}.text", "", lang),
    )
    if goal.get("ready"):
        text += " " + tr("render.twin.tribes.ready", lang)
    return text


def private(view: View, seat: str, lang: str, names: Names) -> list[Section]:
    """A seat's own tribe (its chief power, before it is shown, is in **My hand**)."""
    return [tribe(view, seat, lang, names)]
