"""Classic actions: Evolve, Migrate and Swap with the Permanent cards' changes, the card
actions built on them (extra Migrate/Evolve, AMBUSH, EXODUS, ADAPTATION), and the token
checks after every change of position.

Legality comes from the shared ``rules.origin.movement`` (rulebook "Phase action",
rulings R1-R6); this module only chooses its parameters: move range (STRIDE,
ENDURANCE; EXODUS ignores size), swap lead (POWER allows equal strength, DEFENCE asks
a lead of 2, AMBUSH ignores strength), Evolve reach and table (EXPANSION, MUTATION,
ADAPTATION). A *mode* names one of these action variants.
"""

from __future__ import annotations

from rules.base import Move, State
from rules.kit import decks
from rules.origin import movement as mv
from rules.origin import moves as om
from rules.origin.classic import classic_data as cd
from rules.origin.classic.cards import CARDS
from rules.origin.classic.classic_data import (
    ActFrame,
    ClassicData,
    ClassicGains,
    ClassicLast,
    ClassicSwapped,
)
from rules.origin.classic.perks import TWO_FEATURES, perks
from rules.origin.components import BOARD, PAWNS
from rules.origin.moves import cached_move as mk  # Classic's short name, used module-wide

MODES = ("evolve", "adapt", "migrate", "exodus", "swap", "ambush")
START_CODE = {
    "evolve": "evolve",
    "adapt": "evolve",
    "migrate": "migrate",
    "exodus": "migrate",
    "swap": "swap",
    "ambush": "swap",
}
ACTION_OF = {"evolve": "evolve", "adapt": "evolve", "migrate": "migrate", "exodus": "migrate"}
ACTION_OF.update({"swap": "swap", "ambush": "swap"})


def exodus_steps() -> int:
    """How far EXODUS moves a pawn, whatever its size: the ``steps`` of the
    ``free_move`` card in ``data/cards.json`` (the data chooses, the engine applies)."""
    found = (int(c.params["steps"]) for c in CARDS.values() if c.kind == "free_move")
    return max(found, default=0)


# --------------------------------------------------------------------------- parameters


def steps_of(data: ClassicData, me: int, at: str, mode: str) -> int:
    """How far the pawn on ``at`` may go in ``mode``."""
    if mode == "exodus":
        return exodus_steps()
    return perks(data, me).steps(PAWNS.pawns[data["pawn_at"][at]].size)


def swap_leads(data: ClassicData, me: int, mode: str) -> tuple[int, dict[int, int] | None]:
    """``(min_lead, lead_against)`` for a swap by ``me`` (R3, POWER, DEFENCE, AMBUSH)."""
    if mode == "ambush":
        return -9, None
    lead = 0 if perks(data, me).swap_equal else 1
    against = {
        j: max(lead, perks(data, j).protection)
        for j in range(data["players"])
        if j != me and perks(data, j).protection
    }
    return lead, against or None


def evolve_rule(data: ClassicData, me: int, mode: str) -> tuple[int, mv.EvolutionTable]:
    """``(reach, table)`` of an Evolve by ``me`` in ``mode``."""
    mine = perks(data, me)
    return mine.evolve_reach, TWO_FEATURES if mode == "adapt" else mine.evolve_table


def can_evolve(data: ClassicData, me: int) -> bool:
    return data["villages"][me] > 0 and bool(data["supply"])


def evolve_places(data: ClassicData, me: int, mode: str) -> set[str]:
    """Empty territories where some supply pawn may evolve (none without a village)."""
    if not can_evolve(data, me):
        return set()
    reach, table = evolve_rule(data, me, mode)
    return mv.evolve_targets(BOARD, data["pawn_at"], data["supply"], reach, table)


def fitting(data: ClassicData, me: int, mode: str, at: str) -> list[str]:
    reach, table = evolve_rule(data, me, mode)
    fits = mv.fitting_pawns(BOARD, data["pawn_at"], at, reach, table)
    return sorted(p for p in fits if data["supply"].get(p, 0) > 0)


def targets(data: ClassicData, me: int, mode: str, at: str) -> list[str]:
    """Where the pawn on ``at`` may go in a Migrate-like or Swap-like ``mode``."""
    steps = steps_of(data, me, at, mode)
    if mode in ("migrate", "exodus"):
        return mv.migrate_destinations(BOARD, data["pawn_at"], at, steps)
    lead, against = swap_leads(data, me, mode)
    return mv.swap_targets(BOARD, data["pawn_at"], data["owner_at"], at, steps, lead, against)


def movable(data: ClassicData, me: int, mode: str, first_only: bool = False) -> list[str]:
    """Own pawns that can Migrate (``migrate``/``exodus``) or Swap (``swap``/``ambush``)."""
    pawn_at, owner_at = data["pawn_at"], data["owner_at"]
    mine = own_pawns(data, me)
    if not mine:
        return []
    rules = perks(data, me)
    out: list[str] = []
    if mode in ("swap", "ambush"):
        lead, against = swap_leads(data, me, mode)
        for t in mine:
            steps = rules.steps(PAWNS.pawns[pawn_at[t]].size)
            if mv.swap_targets(BOARD, pawn_at, owner_at, t, steps, lead, against):
                out.append(t)
                if first_only:
                    break
        return out
    exodus = exodus_steps() if mode == "exodus" else 0
    for t in mine:
        steps = exodus if mode == "exodus" else rules.steps(PAWNS.pawns[pawn_at[t]].size)
        if any(n not in pawn_at for n in BOARD.within(t, steps)):
            out.append(t)
            if first_only:
                break
    return out


def own_pawns(data: ClassicData, me: int) -> list[str]:
    owner_at = data["owner_at"]
    return [t for t in BOARD.order if owner_at.get(t) == me]


# --------------------------------------------------------------------------- moves


def start_moves(data: ClassicData, me: int, mode: str) -> list[Move]:
    """The first step of an action in ``mode``: which territory (or pawn) it starts from."""
    pawn_at = data["pawn_at"]
    if mode in ("evolve", "adapt"):
        places = evolve_places(data, me, mode)
        return [om.evolve_at(t) for t in BOARD.order if t in places]
    code = START_CODE[mode]
    return [om.start_from(code, t, pawn_at[t]) for t in movable(data, me, mode)]


def finish_moves(data: ClassicData, me: int, frame: ActFrame) -> list[Move]:
    """The second step: which pawn to place, or where the pawn goes."""
    mode, at = frame["mode"], frame["at"]
    if mode in ("evolve", "adapt"):
        return [om.place_pawn(p) for p in fitting(data, me, mode, at)]
    if mode in ("migrate", "exodus"):
        return [om.migrate_to(t) for t in targets(data, me, mode, at)]
    return [om.swap_with(t, data["pawn_at"][t]) for t in targets(data, me, mode, at)]


# --------------------------------------------------------------------------- applying


def no_gains() -> ClassicGains:
    return {
        "cards": {"action": 0, "permanent": 0, "objective": 0},
        "tiles": [],
        "hunting": [],
        "straits": [],
    }


def perform(state: State, me: int, frame: ActFrame, arg: str) -> ClassicLast:
    """Carry out the action of ``frame`` (``arg``: pawn id or target territory).

    Returns the ``last`` record (what happened, for the view); tokens are already
    claimed for every player (R5); the caller gives the territory reward.
    """
    data = cd.data(state)
    mode, at = frame["mode"], frame["at"]
    pawn_at, owner_at = data["pawn_at"], data["owner_at"]
    seat = state.seats[me]
    swapped: ClassicSwapped | None = None
    start: str | None = None
    if mode in ("evolve", "adapt"):
        pawn_at[at], owner_at[at] = arg, me
        data["supply"][arg] -= 1
        if data["supply"][arg] == 0:
            del data["supply"][arg]
        data["villages"][me] -= 1
        pawn, dest, changed = arg, at, [at]
    else:
        dest = arg
        pawn = pawn_at[at]
        if mode in ("migrate", "exodus"):
            del pawn_at[at], owner_at[at]
        else:
            other_pawn, other = pawn_at[dest], owner_at[dest]
            pawn_at[at], owner_at[at] = other_pawn, other
            swapped = {
                "pawn": other_pawn,
                "owner": state.seats[other],
                "to": at,
                "hunting": [],
                "straits": [],
            }
        pawn_at[dest], owner_at[dest] = pawn, me
        start, changed = at, [at, dest]
    last: ClassicLast = {
        "seat": seat,
        "seat_index": me,
        "action": ACTION_OF[mode],
        "card": frame["card"],
        "pawn": pawn,
        "from": start,
        "to": dest,
        "swapped": swapped,
        "gains": no_gains(),
    }
    claim_tokens(state, me, dest, changed, last)
    return last


def claim_tokens(state: State, me: int, dest: str, changed: list[str], last: ClassicLast) -> None:
    """Hunting tokens for whoever arrives on a green territory, Strait tokens for whoever
    holds both ends (R5, every player), SEAFARING draws for each Strait token."""
    data = cd.data(state)
    gains, swapped = last["gains"], last["swapped"]
    if mv.hunting_claim(BOARD, data["hunting"], dest) is not None:
        data["hunting_of"][me].append([data["hunting"].pop(dest), dest])
        gains["hunting"].append(dest)
    if swapped is not None:
        back = swapped["to"]
        if mv.hunting_claim(BOARD, data["hunting"], back) is not None:
            other = data["owner_at"][back]
            data["hunting_of"][other].append([data["hunting"].pop(back), back])
            swapped["hunting"].append(back)
    for sid, owner in mv.strait_claims(BOARD, data["straits"], data["owner_at"], changed):
        gain_strait(data, owner, data["straits"].pop(sid), sid)
        if owner == me:
            gains["straits"].append(sid)
        elif swapped is not None:
            swapped["straits"].append(sid)


def gain_strait(data: ClassicData, owner: int, token: str, sid: str) -> None:
    """``owner`` takes a Strait token; SEAFARING draws its cards (top of the deck)."""
    data["straits_of"][owner].append([token, sid])
    for deck, n in perks(data, owner).strait_draws:
        decks.draw_into(
            data["decks"][deck], data["hands"][owner][deck], n, on_empty=lambda: deck_emptied(data)
        )


def deck_emptied(data: ClassicData) -> None:
    """A draw took the last card of a deck: R10 with ``deck_end=at_once`` ends the game
    (``engine.end_trigger``) even if cards go back under it before the reward ends."""
    data["deck_emptied"] = True


__all__ = [
    "ACTION_OF",
    "MODES",
    "START_CODE",
    "can_evolve",
    "claim_tokens",
    "deck_emptied",
    "exodus_steps",
    "evolve_places",
    "evolve_rule",
    "finish_moves",
    "fitting",
    "gain_strait",
    "mk",
    "movable",
    "no_gains",
    "own_pawns",
    "perform",
    "start_moves",
    "steps_of",
    "swap_leads",
    "targets",
]
