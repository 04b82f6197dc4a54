"""L'Aube des Tribus in words (``render.twin``): the map hex by hex (``H01``... with its
terrain, as the moves name hexes), the action board, the events on offer, then each
tribe: resources, members, villages, goals and chief power (once shown)."""

from __future__ import annotations

from collections.abc import Mapping

from render.kit import frame
from render.kit.names import seat_name, tr, tr_or
from render.tribes.words import action_name, chief_text, event_name, goal_name, tribe_name
from render.twin import Names, Section, View, joined, listing, points, section
from rules.tribes.view_types import GoalView, HexView, view_of

TITLE = "tribes.name"
RESOURCES = ("wood", "food", "stone")


def resources(amounts: Mapping[str, int], lang: str) -> str:
    """``2 wood, 1 stone`` (``none`` when there are none)."""
    parts = [
        tr("render.twin.tribes.res", lang, n=n, res=tr_or(f"tribes.res.{r}", r, lang))
        for r, n in amounts.items()
        if n > 0
    ]
    return ", ".join(parts) if parts else tr("render.twin.none", lang)


def terrain(hex_: HexView, lang: str) -> str:
    return tr_or(f"tribes.terrain.{hex_['terrain']}", hex_["terrain"], lang)


def facts(view: View, lang: str, names: Names) -> list[str]:
    tribes = view_of(view)
    out = []
    pending = tribes.get("pending")
    purpose = pending.get("purpose") if pending else None
    if purpose and not tribes.get("over"):
        question = tr_or(f"render.tribes.notice.{purpose}", "", lang)
        if question:
            out.append(question)
    conflicts = list(tribes["conflicts"])
    if conflicts and not tribes.get("over"):
        out.append(tr("render.twin.tribes.conflicts", lang, hexes=listing(conflicts, lang)))
    hand = [tr_or(f"tribes.face.{f}", f, lang) for f in tribes["hand"]]
    if hand and not tribes.get("over"):
        out.append(tr("render.twin.tribes.hand", lang, dice=listing(hand, lang)))
    out.append(tr("render.twin.tribes.victory", lang, n=tribes.get("victory") or 15))
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
    events_ = tribes["events"]
    mammoth_ = events_["mammoth"]
    mammoth = mammoth_["hex"] if mammoth_ else None
    for hex_ in tribes["map"]["hexes"]:
        hex_id = hex_["id"]
        members = [
            tr("render.twin.tribes.members", lang, player=seat_name(s, names), n=n)
            for s, n in hex_["members"].items()
            if n > 0
        ]
        parts = [", ".join(members) if members else tr("render.twin.tribes.empty", lang)]
        village = hex_["village"]
        if village:
            parts.append(tr("render.twin.tribes.village", lang, player=seat_name(village, names)))
        invaders = hex_["invaders"]
        if invaders > 0:
            parts.append(tr("render.twin.tribes.invaders", lang, n=invaders))
        if hex_id == mammoth:
            parts.append(tr("tribes.event.mammoth.name", lang))
        if hex_id == events_["tiger"]:
            parts.append(tr("tribes.event.tiger.name", lang))
        if hex_id == events_["burnt"]:
            parts.append(tr("tribes.event.forest_fire.name", lang))
        if hex_["conflict"]:
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
    board_ = tribes["board"]
    for action in tribes["action_order"]:
        slot = board_[action]
        dice = [tr_or(f"tribes.face.{f}", f, lang) for f in slot["dice"]]
        strength = slot["strength"]
        lines.append(
            tr(
                "render.twin.tribes.action",
                lang,
                action=action_name(action, lang),
                dice=listing(dice, lang),
                strength=tr_or(f"tribes.strength.{strength}", strength, lang),
            )
        )
    hand = [tr_or(f"tribes.face.{f}", f, lang) for f in tribes["hand"]]
    if hand:
        lines.append(tr("render.twin.tribes.hand", lang, dice=listing(hand, lang)))
    taken = [action_name(a, lang) for a in tribes["actions_taken"]]
    if taken:
        lines.append(tr("render.twin.tribes.taken", lang, actions=listing(taken, lang)))
    return section(tr("render.tribes.actions", lang), lines)


def events(view: View, lang: str) -> Section:
    tribes = view_of(view)
    events_ = tribes["events"]
    lines = []
    for number, slot in enumerate(events_["slots"], start=1):
        if not slot:
            lines.append(tr("render.twin.tribes.slot_free", lang, slot=number))
            continue
        text = tr(
            "render.twin.tribes.slot",
            lang,
            slot=number,
            event=event_name(slot["slug"], lang),
        )
        stock = slot.get("stock")
        if stock:
            text += " " + tr("render.twin.tribes.stock", lang, res=resources(stock, lang))
        lines.append(text)
    lines.append(tr("render.twin.tribes.deck", lang, n=events_["deck"]))
    discard = [event_name(s, lang) for s in events_["discard"]]
    if discard:
        lines.append(tr("render.twin.tribes.discard", lang, events=listing(discard, lang)))
    lines.append(tr("render.twin.tribes.villages_left", lang, n=tribes["villages"]["supply"]))
    return section(tr("render.tribes.events", lang), lines)


def tribe(view: View, seat: str, lang: str, names: Names) -> Section:
    tribes = view_of(view)
    player = tribes["players"][seat]
    lines = [
        tr("render.twin.tribes.tribe", lang, tribe=tribe_name(player["tribe"], lang)),
        tr("render.twin.tribes.resources", lang, res=resources(player["resources"], lang)),
        tr(
            "render.twin.tribes.people",
            lang,
            on_map=player["on_map"],
            supply=player["supply"],
        ),
    ]
    villages = list(player["villages"])
    lines.append(tr("render.twin.tribes.villages", lang, hexes=listing(villages, lang)))
    cost = player["village_cost"]
    if cost:
        priced = {**{k: v for k, v in cost.items() if k != "any"}}
        text = resources(priced, lang)
        if cost.get("any", 0) > 0:
            text += ", " + tr("render.twin.tribes.any", lang, n=cost["any"])
        lines.append(tr("render.twin.tribes.village_cost", lang, cost=text))
    goals = [goal_words(g, lang) for g in player["goals"]]
    lines.append(
        tr(
            "render.twin.tribes.goals",
            lang,
            goals=joined(goals, lang) or tr("render.twin.none", lang),
        )
    )
    done = [goal_name(g["id"], lang) for g in player["done"]]
    if done:
        lines.append(tr("render.twin.tribes.done", lang, goals=listing(done, lang)))
    acquired = [event_name(s, lang) for s in player["acquired"]]
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


def goal_words(goal: GoalView, lang: str) -> str:
    """``Bow (1 VP; costs 3 wood; ...), ready``."""
    goal_id = goal["id"]
    text = tr(
        "render.twin.tribes.goal",
        lang,
        name=goal_name(goal_id, lang),
        vp=goal["vp"],
        text=tr_or(f"tribes.goal.{goal_id}.text", "", lang),
    )
    if goal.get("ready"):
        text += " " + tr("render.twin.tribes.ready", lang)
    return text


def private(view: View, seat: str, lang: str, names: Names) -> list[Section]:
    """A seat's own tribe (its chief power, before it is shown, is in **My hand**)."""
    return [tribe(view, seat, lang, names)]
