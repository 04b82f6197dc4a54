"""The reward phase of Classic and the small decisions it opens (rulebook "Phase des
récompenses", rulings R8, R9, R12, R19).

Each pending decision is a *frame* on ``data["frames"]`` (the last one is current):

- ``reward`` (colour): ``reward:tile`` (a tile of that column, then the top card),
  ``reward:card`` (R8: no tile fits, the card alone), ``reward:draw`` (draw three, put
  two back), ``reward:brown`` (two brown tiles), ``reward:any`` (one tile, any column);
- ``tile`` (columns, left): ``tile:<id>`` among the tiles that fit the player's stacks;
- ``draw`` (deck, n): automatic, draws the top cards;
- ``putback`` (deck, left): ``putback:<card>`` puts a card of that deck under it;
- ``limit``: ``discard:<card>`` puts an Objective card under its deck until the hand
  limit (2, or 3 with MEMORY) holds.

Options that would give nothing are never offered; a frame without any option is
dropped (``is_void``), which is how partial rewards work.
"""

from __future__ import annotations

from rules.base import Move
from rules.kit import decks
from rules.origin.classic import frames as fr
from rules.origin.classic import tiles as tl
from rules.origin.classic.actions import deck_emptied, mk
from rules.origin.classic.cards import COLUMNS, DECK_OF_COLOUR, REWARD_BOARD
from rules.origin.classic.classic_data import ClassicData, ClassicFrame, DrawFrame
from rules.origin.classic.perks import perks

CARD_GROUPS = ("reward", "tile", "putback", "limit", "draw")


def card_name(card_id: str) -> str:
    return f"@origin.classic.card.{card_id}.title"


def deck_name(deck: str) -> str:
    return f"@origin.classic.deck.{deck}"


def colour_name(colour: str) -> str:
    return f"@origin.colour.{colour}"


def placeable(data: ClassicData, me: int, columns: list[str] | tuple[str, ...]) -> list[str]:
    """Board tiles of ``columns`` that fit ``me``'s stacks (rulebook: else not takeable)."""
    stacks = data["stacks"][me]
    return [t for t in tl.board_tiles(data, columns) if tl.can_place(stacks, tl.level(t))]


def push_reward(data: ClassicData, colour: str) -> None:
    """Open the reward of a territory of ``colour`` (green and neutral give none here)."""
    if colour in COLUMNS:
        fr.stack(data).add({"kind": "reward", "colour": colour})


def draw_cards(data: ClassicData, me: int, deck: str, n: int) -> int:
    """Draw up to ``n`` top cards of ``deck`` into ``me``'s hand; return how many."""
    drawn = decks.draw_into(
        data["decks"][deck], data["hands"][me][deck], n, on_empty=lambda: deck_emptied(data)
    )
    last = data["last"]
    if last is not None and drawn and last["seat_index"] == me:
        last["gains"]["cards"][deck] += drawn
    return drawn


def over_limit(data: ClassicData, me: int) -> int:
    """How many Objective cards ``me`` holds above the hand limit."""
    return max(0, len(data["hands"][me]["objective"]) - perks(data, me).objective_limit)


# --------------------------------------------------------------------------- options


def moves(data: ClassicData, me: int, frame: ClassicFrame) -> list[Move]:
    """The choices of a reward-phase frame."""
    if frame["kind"] == "reward":
        return _reward_moves(data, me, frame["colour"])
    if frame["kind"] == "tile":
        return [
            mk(
                f"tile:{t.lower()}",
                "origin.classic.move.tile",
                "tile",
                tile=t,
                level=tl.level(t),
                column=colour_name(tl.column_of(data, t) or ""),
            )
            for t in placeable(data, me, frame["columns"])
        ]
    if frame["kind"] == "putback":
        return [
            mk(f"putback:{c.lower()}", "origin.classic.move.putback", "putback", card=card_name(c))
            for c in sorted(set(data["hands"][me][frame["deck"]]))
        ]
    if frame["kind"] == "limit":
        if not over_limit(data, me):
            return []
        return [
            mk(f"discard:{c.lower()}", "origin.classic.move.discard", "discard", card=card_name(c))
            for c in sorted(data["hands"][me]["objective"])
        ]
    return []


def _reward_moves(data: ClassicData, me: int, colour: str) -> list[Move]:
    out: list[Move] = []
    if colour == "brown":
        if placeable(data, me, ("brown",)):
            n = perks(data, me).brown_take
            out.append(mk("reward:brown", "origin.classic.move.reward_brown", "reward", n=n))
        if placeable(data, me, COLUMNS):
            out.append(mk("reward:any", "origin.classic.move.reward_any", "reward"))
        return out
    deck = DECK_OF_COLOUR[colour]
    has_cards = bool(data["decks"][deck])
    if placeable(data, me, (colour,)):
        out.append(
            mk(
                "reward:tile",
                "origin.classic.move.reward_tile",
                "reward",
                column=colour_name(colour),
                deck=deck_name(deck),
            )
        )
    elif has_cards:
        out.append(
            mk("reward:card", "origin.classic.move.reward_card", "reward", deck=deck_name(deck))
        )
    if has_cards:
        back = perks(data, me).put_back.get(colour, REWARD_BOARD.put_back)
        out.append(
            mk(
                "reward:draw",
                "origin.classic.move.reward_draw",
                "reward",
                n=REWARD_BOARD.draw,
                back=back,
                deck=deck_name(deck),
            )
        )
    return out


def is_void(data: ClassicData, me: int, frame: ClassicFrame) -> bool:
    """Whether a frame offers nothing (then it is dropped: partial reward, R8)."""
    if frame["kind"] == "tile" and frame["left"] <= 0:
        return True
    if frame["kind"] == "putback" and frame["left"] <= 0:
        return True
    return not moves(data, me, frame)


# --------------------------------------------------------------------------- applying


def apply(data: ClassicData, me: int, frame: ClassicFrame, kind: str, arg: str) -> None:
    """Apply the choice ``kind:arg`` to the current reward-phase ``frame``."""
    frames = fr.stack(data)
    if kind == "reward":
        assert frame["kind"] == "reward"  # legal_moves offers reward: only on its frame
        frames.pop()
        colour = frame["colour"]
        if arg == "brown":
            frames.add({"kind": "tile", "columns": ["brown"], "left": perks(data, me).brown_take})
        elif arg == "any":
            frames.add({"kind": "tile", "columns": list(COLUMNS), "left": REWARD_BOARD.brown_any})
        elif arg in ("tile", "card"):
            deck = DECK_OF_COLOUR[colour]
            frames.add({"kind": "draw", "deck": deck, "n": 1})
            if arg == "tile":
                frames.add({"kind": "tile", "columns": [colour], "left": 1})
        else:
            deck = DECK_OF_COLOUR[colour]
            draw_cards(data, me, deck, REWARD_BOARD.draw)
            if deck == "objective":
                frames.add({"kind": "limit"})
            back = perks(data, me).put_back.get(colour, REWARD_BOARD.put_back)
            frames.add({"kind": "putback", "deck": deck, "left": back})
    elif kind == "tile":
        assert frame["kind"] == "tile"
        take_tile(data, me, arg)
        frame["left"] -= 1
    elif kind == "putback":
        assert frame["kind"] == "putback"
        deck = frame["deck"]
        data["hands"][me][deck].remove(arg)
        decks.put_under(data["decks"][deck], arg)
        frame["left"] -= 1
    elif kind == "discard":
        data["hands"][me]["objective"].remove(arg)
        decks.put_under(data["decks"]["objective"], arg)


def take_tile(data: ClassicData, me: int, tile: str) -> None:
    """Take ``tile`` from the board onto ``me``'s stacks and refill its slot."""
    tl.take_from_board(data, tile)
    tl.place(data["stacks"][me], tile)
    last = data["last"]
    if last is not None and last["seat_index"] == me:
        last["gains"]["tiles"].append(tile)


def run_draw(data: ClassicData, me: int, frame: DrawFrame) -> None:
    """Resolve an automatic ``draw`` frame (already popped by the caller)."""
    draw_cards(data, me, frame["deck"], frame["n"])
    if frame["deck"] == "objective":
        fr.stack(data).add({"kind": "limit"})


__all__ = [
    "CARD_GROUPS",
    "apply",
    "card_name",
    "colour_name",
    "deck_name",
    "draw_cards",
    "is_void",
    "moves",
    "over_limit",
    "placeable",
    "push_reward",
    "run_draw",
    "take_tile",
]
