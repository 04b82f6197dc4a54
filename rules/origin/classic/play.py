"""Playing cards in Classic (rulebook "Les cartes", rulings R11-R13, R19).

At any moment of one's own turn, between two decisions, a player may play at most one
card of each colour (LEADERSHIP: two Action cards; on the last turn any number of
Objective cards). ``play:<card>``:

- Permanent: needs an owned tile of the printed level (covered or not, R13); placed
  face up for good.
- Objective: needs its condition (at least, R11); placed face up; a new Objective card
  is drawn at once, except after the first one played on a player's last turn (R12).
- Action: the card goes on the table and opens a frame for its targets; ``back``
  returns it to the hand until the first target is chosen, which commits it (effect,
  then discard). Extra actions
  (JOURNEY, GROWTH, AMBUSH, EXODUS, ADAPTATION) open an ``extra`` frame whose first
  step reuses the action codes (``migrate:<terr>`` ...).

Only cards with an effect now are offered.
"""

from __future__ import annotations

from typing import Any, NotRequired, TypedDict

from rules.base import Move, State
from rules.kit import decks
from rules.kit.offers import Offer, Offers
from rules.kit.stack import Undo
from rules.origin import movement as mv
from rules.origin.classic import actions as ac
from rules.origin.classic import classic_data as cd
from rules.origin.classic import frames as fr
from rules.origin.classic import rewards as rw
from rules.origin.classic import tiles as tl
from rules.origin.classic.cards import CARDS, COLUMNS, DECKS, REWARD_BOARD
from rules.origin.classic.classic_data import ClassicData, ClassicFrame, ExtraFrame, TargetFrame
from rules.origin.classic.objectives import Holdings, is_met
from rules.origin.classic.perks import perks

EXTRA_MODES = {
    "swap_ignore_strength": "ambush",
    "free_move": "exodus",
    "evolve_two_features": "adapt",
}
CARD_COLUMNS = COLUMNS[:3]


def extra_mode(card_id: str) -> str | None:
    """The action mode a card gives, or ``None`` if it is not an extra action."""
    card = CARDS[card_id]
    if card.kind == "extra_action":
        return str(card.params["action"])
    return EXTRA_MODES.get(card.kind)


def turn_limit(data: ClassicData, me: int, deck: str) -> int | None:
    """How many cards of ``deck`` ``me`` may play this turn (``None``: no limit)."""
    if deck == "action":
        return perks(data, me).action_cards
    if deck == "objective" and data["ending"] is not None:
        return None
    return REWARD_BOARD.cards_per_colour


def opponents(data: ClassicData, me: int) -> list[int]:
    return [j for j in range(data["players"]) if j != me]


def hand_size(data: ClassicData, player: int) -> int:
    return sum(len(data["hands"][player][d]) for d in DECKS)


def why_not_play(
    data: ClassicData, me: int, card_id: str, holdings: Holdings | None = None
) -> tuple[str, dict[str, Any]] | None:
    """Why ``me`` may not play ``card_id`` now (message key, params), or ``None``."""
    card = CARDS[card_id]
    name = rw.card_name(card_id)
    if card_id not in data["hands"][me][card.deck]:
        return "origin.classic.illegal.not_in_hand", {"card": name}
    limit = turn_limit(data, me, card.deck)
    if limit is not None and data["played"][card.deck] >= limit:
        return "origin.classic.illegal.card_limit", {"deck": rw.deck_name(card.deck), "n": limit}
    if card.deck == "permanent":
        if card.level not in tl.owned_levels(data["stacks"][me]):
            return "origin.classic.illegal.needs_level", {"card": name, "level": card.level}
        return None
    if card.deck == "objective":
        if not is_met(card, holdings or Holdings.of(data, me)):
            return "origin.classic.illegal.objective_unmet", {"card": name}
        return None
    if not has_target(data, me, card_id):
        return "origin.classic.illegal.card_no_effect", {"card": name}
    return None


def has_target(data: ClassicData, me: int, card_id: str) -> bool:
    """Whether the Action card ``card_id`` would have an effect now (cheap check)."""
    mode = extra_mode(card_id)
    if mode in ("migrate", "exodus", "swap", "ambush"):
        return bool(ac.movable(data, me, mode, first_only=True))
    if mode is not None:
        return bool(ac.evolve_places(data, me, mode))
    kind = CARDS[card_id].kind
    if kind == "steal_card":
        return any(hand_size(data, j) for j in opponents(data, me))
    if kind == "steal_token":
        return any(data["straits_of"][j] for j in opponents(data, me))
    if kind == "steal_tile":
        return any(data["stacks"][j] for j in opponents(data, me))
    if kind == "draw_any":
        return any(data["decks"][d] for d in DECKS)
    return bool(target_moves(data, me, card_id))


def play_moves(data: ClassicData, me: int) -> list[Move]:
    """``play:<card>`` for every card of ``me``'s hand playable now."""
    out: list[Move] = []
    hand = data["hands"][me]
    holdings = Holdings.of(data, me) if hand["objective"] else None
    effects: dict[tuple[str, str], bool] = {}
    for deck in DECKS:
        if not hand[deck]:
            continue
        limit = turn_limit(data, me, deck)
        if limit is not None and data["played"][deck] >= limit:
            continue
        for cid in sorted(set(hand[deck])):
            card = CARDS[cid]
            if deck == "action":
                key = (card.kind, str(card.params))
                if key not in effects:
                    effects[key] = has_target(data, me, cid)
                playable = effects[key]
            else:
                playable = why_not_play(data, me, cid, holdings) is None
            if playable:
                out.append(
                    ac.mk(
                        f"play:{cid.lower()}",
                        "origin.classic.move.play",
                        "play",
                        card=rw.card_name(cid),
                    )
                )
    return out


# --------------------------------------------------------------------------- targets


def target_moves(data: ClassicData, me: int, card_id: str) -> list[Move]:
    """The first choices of an Action card (empty: the card has no effect now)."""
    card = CARDS[card_id]
    mode = extra_mode(card_id)
    if mode is not None:
        return ac.start_moves(data, me, mode)
    kind = card.kind
    if kind == "steal_card":
        return [
            ac.mk(f"from:p{j + 1}", "origin.classic.move.steal_card", "from", player=j + 1)
            for j in opponents(data, me)
            if hand_size(data, j)
        ]
    if kind == "steal_token":
        return [
            ac.mk(
                f"token:{tok.lower()}",
                "origin.classic.move.steal_token",
                "token",
                player=j + 1,
                strait=f"@origin.strait.{sid}",
            )
            for j in opponents(data, me)
            for tok, sid in data["straits_of"][j]
        ]
    if kind == "steal_tile":
        return [
            ac.mk(
                f"tile:{t.lower()}",
                "origin.classic.move.steal_tile",
                "tile",
                player=j + 1,
                tile=t,
                level=tl.level(t),
            )
            for j in opponents(data, me)
            for t in tl.free_tiles(data["stacks"][j])
        ]
    if kind == "take_any_tile":
        return rw.moves(data, me, {"kind": "tile", "columns": list(COLUMNS), "left": 1})
    if kind == "draw_any":
        return [
            ac.mk(f"deck:{d}", "origin.classic.move.draw_deck", "deck", deck=rw.deck_name(d))
            for d in DECKS
            if data["decks"][d]
        ]
    if kind == "renew_column":
        return [
            ac.mk(f"column:{c}", "origin.classic.move.renew", "column", column=rw.colour_name(c))
            for c in CARD_COLUMNS
            if data["reserve"] or tl.board_tiles(data, (c,))
        ]
    raise ValueError(f"unknown action kind {kind}")


def frame_moves(data: ClassicData, me: int, frame: ExtraFrame | TargetFrame) -> list[Move]:
    """The choices of an ``extra`` or ``target`` frame (the engine adds ``back`` while
    it is uncommitted, see ``frames``)."""
    if frame["kind"] == "extra":
        return ac.start_moves(data, me, frame["mode"])
    return target_moves(data, me, frame["card"])


# --------------------------------------------------------------------------- applying


def start(state: State, me: int, card_id: str) -> None:
    """``play:<card>``: Permanent and Objective cards act at once; Action cards open a frame."""
    data = cd.data(state)
    card = CARDS[card_id]
    data["hands"][me][card.deck].remove(card_id)
    if card.deck == "action":
        mode = extra_mode(card_id)
        if mode is not None:
            fr.stack(data).add({"kind": "extra", "card": card_id, "mode": mode})
        else:
            fr.stack(data).add({"kind": "target", "card": card_id})
        return
    first = data["played"][card.deck] == 0
    data["played"][card.deck] += 1
    data["played_now"].append(card_id)
    if card.deck == "permanent":
        data["permanents"][me].append(card_id)
        return
    data["objectives_done"][me].append(card_id)
    if data["ending"] is None or first:
        rw.draw_cards(data, me, "objective", 1)
        fr.stack(data).add({"kind": "limit"})


def commit(data: ClassicData, me: int, card_id: str) -> None:
    """An Action card takes effect: from the table onto the discard pile."""
    data["discard"].append(card_id)
    data["played"]["action"] += 1
    data["played_now"].append(card_id)


def unplay(data: ClassicData, me: int, frame: ExtraFrame | TargetFrame) -> None:
    """``back`` on an uncommitted card frame: the card returns to the hand."""
    data["hands"][me]["action"].append(frame["card"])


def undo_hooks(data: ClassicData, me: int) -> dict[str, Undo]:
    """What ``back`` undoes per frame kind: an uncommitted card returns to the hand."""

    def unplay_card(frame: ClassicFrame) -> None:
        assert frame["kind"] in ("extra", "target")  # the only kinds with this hook
        unplay(data, me, frame)

    return {"extra": unplay_card, "target": unplay_card}


def apply_target(state: State, me: int, frame: TargetFrame, kind: str, arg: str) -> None:
    """Apply the choice ``kind:arg`` of a ``target`` frame (the card's effect)."""
    data = cd.data(state)
    card_id = frame["card"]
    frames = fr.stack(data)
    frames.pop()
    if not frames.is_committed(frame):
        commit(data, me, card_id)
    if kind == "from":
        victim = int(arg[1:]) - 1
        pool = [(d, c) for d in DECKS for c in sorted(data["hands"][victim][d])]
        deck, stolen = decks.draw_from_bag(state, pool)
        data["hands"][victim][deck].remove(stolen)
        data["hands"][me][deck].append(stolen)
        frames.add({"kind": "limit"})
    elif kind == "token":
        token = arg.upper()
        for j in opponents(data, me):
            for entry in data["straits_of"][j]:
                if entry[0] == token:
                    data["straits_of"][j].remove(entry)
                    ac.gain_strait(data, me, token, entry[1])
                    return
    elif kind == "tile" and CARDS[card_id].kind == "steal_tile":
        tile = arg.upper()
        for j in opponents(data, me):
            if tile in tl.free_tiles(data["stacks"][j]):
                tl.remove_top(data["stacks"][j], tile)
        if tl.can_place(data["stacks"][me], tl.level(tile)):
            tl.place(data["stacks"][me], tile)
        else:
            tl.return_to_reserve(state, [tile])
    elif kind == "tile":
        rw.take_tile(data, me, arg.upper())
    elif kind == "deck":
        rw.draw_cards(data, me, arg, 1)
        left = frame.get("left", CARDS[card_id].params["n"]) - 1
        if not frames.is_committed(frame):
            frames.add({"kind": "limit"})
        if left > 0:
            frames.add({"kind": "target", "card": card_id, "left": left, "committed": True})
    elif kind == "column":
        tl.renew_column(state, arg)
        frames.add({"kind": "tile", "columns": [arg], "left": 1})


_CARD_CODES = {c.lower(): c for c in CARDS}


def _play(state: State, me: int, arg: str) -> None:
    start(state, me, _CARD_CODES[arg])


OFFERS = Offers(Offer("play", lambda state, me: play_moves(cd.data(state), me), _play))
"""A card may be played between any two decisions of one's own turn."""


class CardText(TypedDict):
    """A card's title and effect in one language."""

    title: str
    text: str


class CardFace(TypedDict):
    """A card as its owner sees it: id, deck, message keys of title and effect, the
    level of a Permanent card or the points of an Objective card, and (in a view) the
    texts in English and French."""

    id: str
    deck: str
    title: str
    text: str
    level: NotRequired[int]
    points: NotRequired[int]
    en: NotRequired[CardText]
    fr: NotRequired[CardText]


def describe_card(card_id: str) -> CardFace:
    """A card as a seat's own view shows it: id, deck, keys, level or points."""
    card = CARDS[card_id]
    out: CardFace = {
        "id": card_id,
        "deck": card.deck,
        "title": card.title_key,
        "text": card.text_key,
    }
    if card.deck == "permanent":
        out["level"] = card.level
    if card.deck == "objective":
        out["points"] = card.points
    return out


__all__ = [
    "OFFERS",
    "CardFace",
    "CardText",
    "apply_target",
    "commit",
    "describe_card",
    "extra_mode",
    "frame_moves",
    "hand_size",
    "has_target",
    "mv",
    "opponents",
    "play_moves",
    "start",
    "target_moves",
    "turn_limit",
    "undo_hooks",
    "unplay",
    "why_not_play",
]
