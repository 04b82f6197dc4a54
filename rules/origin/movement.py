"""Where pawns may go: Evolve placement, Migrate and Swap legality, Hunting and Strait checks.

Shared by the Junior and Classic rule sets. A position is two plain mappings taken
straight from the game state: ``pawn_at`` (territory -> base pawn id, occupied
territories only) and ``owner_at`` (territory -> player index, ``NEUTRAL`` for the
start pawn). Villages travel with their pawn, so ``owner_at`` is also where each
player's villages stand. Functions here never mutate their arguments; the ``why_*``
functions return the message key and parameters that explain a refusal.

Rulebook sections: "Évoluer", "Migrer", "Échanger un territoire", "Jetons Chasse",
"Jetons Détroit"; rulings R1 (straits are adjacency), R3 (strictly weaker, never the
neutral pawn), R4 (the displaced pawn takes the mover's place), R5 (tokens are checked
after every change of position, for every player).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from rules.origin.components import BOARD, PAWNS, Board
from rules.origin.pawns import Evolution, evolution, evolutions_of

NEUTRAL = -1
"""``owner_at`` value of the neutral start pawn (it has no village)."""

PawnAt = Mapping[str, str]
OwnerAt = Mapping[str, int]
EvolutionTable = Mapping[str, tuple[str, ...]]
"""Base pawn id on the map -> base pawn ids allowed next to it (Evolve)."""

_EVOLUTIONS: dict[str, tuple[str, ...]] = {
    p: evolutions_of(pawn) for p, pawn in PAWNS.pawns.items()
}


@dataclass(frozen=True)
class Reason:
    """Why a placement or move is refused: a message key and its parameters."""

    key: str
    params: Mapping[str, Any]


def where(territory: str) -> str:
    """The i18n parameter naming ``territory`` (translated by ``rules.i18n``)."""
    return f"@origin.terr.{territory}"


def pawn_name(pawn: str) -> str:
    """The i18n parameter naming ``pawn`` as the picture badges it (``white pawn 2·1``)."""
    return f"@origin.pawn.{pawn}"


# --------------------------------------------------------------------------- Evolve


def _near(board: Board, territory: str, reach: int) -> frozenset[str] | tuple[str, ...]:
    """Territories whose pawn may be the Evolve reference for ``territory`` (1 = adjacent)."""
    return board.adjacent(territory) if reach <= 1 else board.within(territory, reach)


def evolution_table(extra: Mapping[str, Iterable[str]] | None = None) -> EvolutionTable:
    """The standard Evolve table, widened by ``extra`` (pawn id -> more allowed ids).

    Classic cards that relax the Evolve rule pass their extra pawns here once at import.
    """
    if not extra:
        return _EVOLUTIONS
    return {
        p: _EVOLUTIONS[p] + tuple(x for x in extra.get(p, ()) if x not in _EVOLUTIONS[p])
        for p in _EVOLUTIONS
    }


def evolve_candidates(board: Board, pawn_at: PawnAt, reach: int = 1) -> set[str]:
    """Empty territories within ``reach`` of an occupied one (1: next to it, by land or
    strait; any owner). Classic's EXPANSION card passes ``reach=2``."""
    out: set[str] = set()
    for t in pawn_at:
        for n in _near(board, t, reach):
            if n not in pawn_at:
                out.add(n)
    return out


def fitting_pawns(
    board: Board,
    pawn_at: PawnAt,
    territory: str,
    reach: int = 1,
    table: EvolutionTable | None = None,
) -> dict[str, str]:
    """Pawn ids allowed on empty ``territory`` -> one reference territory that allows it.

    Any pawn within ``reach`` may be the reference, the neutral one included (ruling
    R6); ``table`` replaces the standard Evolve table; the supply is not consulted here.
    """
    evolutions = _EVOLUTIONS if table is None else table
    out: dict[str, str] = {}
    for ref in sorted(_near(board, territory, reach)):
        pawn = pawn_at.get(ref)
        if pawn is not None:
            for new in evolutions[pawn]:
                out.setdefault(new, ref)
    return out


def evolve_options(
    board: Board,
    pawn_at: PawnAt,
    supply: Mapping[str, int],
    reach: int = 1,
    table: EvolutionTable | None = None,
) -> dict[str, list[str]]:
    """Every empty territory where some supply pawn may evolve -> those pawn ids (sorted)."""
    evolutions = _EVOLUTIONS if table is None else table
    fits: dict[str, tuple[str, ...]] = {}
    for t, pawn in pawn_at.items():
        fits[t] = tuple(p for p in evolutions[pawn] if supply.get(p, 0) > 0)
    out: dict[str, list[str]] = {}
    for t in evolve_candidates(board, pawn_at, reach):
        found: set[str] = set()
        for ref in _near(board, t, reach):
            if ref in fits:
                found.update(fits[ref])
        if found:
            out[t] = sorted(found)
    return out


def evolve_targets(
    board: Board,
    pawn_at: PawnAt,
    supply: Mapping[str, int],
    reach: int = 1,
    table: EvolutionTable | None = None,
) -> set[str]:
    """The keys of ``evolve_options``, computed cheaply (offered as first decisions).

    An empty territory is a target when some pawn within ``reach`` has at least one
    allowed evolution left in the supply.
    """
    evolutions = _EVOLUTIONS if table is None else table
    out: set[str] = set()
    for t, pawn in pawn_at.items():
        if any(supply.get(p, 0) > 0 for p in evolutions[pawn]):
            out.update(n for n in _near(board, t, reach) if n not in pawn_at)
    return out


def why_not_evolve_into(
    board: Board, pawn_at: PawnAt, territory: str, reach: int = 1
) -> Reason | None:
    """Why no pawn may evolve into ``territory`` whatever the supply, or ``None``."""
    if territory in pawn_at:
        return Reason("origin.illegal.occupied", {"where": where(territory)})
    if not any(n in pawn_at for n in _near(board, territory, reach)):
        return Reason("origin.illegal.not_adjacent", {"where": where(territory)})
    return None


def why_not_this_pawn(
    board: Board,
    pawn_at: PawnAt,
    territory: str,
    pawn: str,
    reach: int = 1,
    table: EvolutionTable | None = None,
) -> Reason | None:
    """Why ``pawn`` may not evolve into ``territory``, or ``None`` if a neighbour allows it.

    The supply is not consulted. The first adjacent pawn in map order is the reference
    of the message, so the reason is concrete ("weaker than the one in Maghreb").
    """
    new = PAWNS.pawns[pawn]
    near = _near(board, territory, reach)
    refs = [t for t in board.order if t in pawn_at and t in near]
    verdicts = [(ref, evolution(PAWNS.pawns[pawn_at[ref]], new)) for ref in refs]
    if not verdicts:
        return Reason("origin.illegal.not_adjacent", {"where": where(territory)})
    if any(v.allowed for _, v in verdicts):
        return None
    if table is not None and any(pawn in table[pawn_at[ref]] for ref in refs):
        return None
    ref, verdict = verdicts[0]
    return Reason(
        f"origin.illegal.pawn_{verdict.value}", {"pawn": pawn_name(pawn), "where": where(ref)}
    )


def judge(reference: str, new: str) -> Evolution:
    """The Evolve verdict for base ids (``reference`` on the map, ``new`` to place)."""
    return evolution(PAWNS.pawns[reference], PAWNS.pawns[new])


# --------------------------------------------------------------------------- Migrate / Swap


def migrate_destinations(board: Board, pawn_at: PawnAt, start: str, steps: int) -> list[str]:
    """Empty territories a pawn on ``start`` reaches in 1 to ``steps`` steps.

    Occupied territories may be crossed freely and a shorter move is allowed
    (rulebook, Migrer), so reach is plain map distance.
    """
    return [t for t in board.within(start, steps) if t not in pawn_at]


def swap_targets(
    board: Board,
    pawn_at: PawnAt,
    owner_at: OwnerAt,
    start: str,
    steps: int,
    min_lead: int = 1,
    lead_against: Mapping[int, int] | None = None,
) -> list[str]:
    """Territories within ``steps`` holding another player's pawn at least ``min_lead``
    weaker than the pawn on ``start`` (R3: strictly weaker; never the neutral pawn).

    ``lead_against`` (player index -> lead) overrides ``min_lead`` for the pawns of
    those players (Classic: DEFENCE protects its owner).
    """
    owner = owner_at[start]
    strength = PAWNS.pawns[pawn_at[start]].strength
    out: list[str] = []
    for t in board.within(start, steps):
        other = owner_at.get(t)
        if other is None or other in (owner, NEUTRAL):
            continue
        need = min_lead if lead_against is None else lead_against.get(other, min_lead)
        if strength - PAWNS.pawns[pawn_at[t]].strength >= need:
            out.append(t)
    return out


def why_not_move_from(pawn_at: PawnAt, owner_at: OwnerAt, start: str, me: int) -> Reason | None:
    """Why the player ``me`` may not move the pawn on ``start`` at all, or ``None``."""
    if start not in pawn_at:
        return Reason("origin.illegal.no_pawn_there", {"where": where(start)})
    if owner_at[start] == NEUTRAL:
        return Reason("origin.illegal.neutral_not_yours", {"where": where(start)})
    if owner_at[start] != me:
        return Reason("origin.illegal.not_your_pawn", {"where": where(start)})
    return None


def why_not_migrate_to(
    board: Board, pawn_at: PawnAt, start: str, target: str, steps: int
) -> Reason:
    """Why the pawn on ``start`` may not migrate to ``target``."""
    if target == start:
        return Reason("origin.illegal.same_place", {"where": where(target)})
    if target in pawn_at:
        return Reason("origin.illegal.migrate_occupied", {"where": where(target)})
    return _too_far(board, start, target, steps)


def why_not_swap_with(
    board: Board,
    pawn_at: PawnAt,
    owner_at: OwnerAt,
    start: str,
    target: str,
    steps: int,
    min_lead: int = 1,
    lead_against: Mapping[int, int] | None = None,
) -> Reason:
    """Why the pawn on ``start`` may not swap with the pawn on ``target``."""
    if target == start:
        return Reason("origin.illegal.same_place", {"where": where(target)})
    if target not in pawn_at:
        return Reason("origin.illegal.swap_empty", {"where": where(target)})
    if owner_at[target] == NEUTRAL:
        return Reason("origin.illegal.swap_neutral", {"where": where(target)})
    if owner_at[target] == owner_at[start]:
        return Reason("origin.illegal.swap_own", {"where": where(target)})
    lead = PAWNS.pawns[pawn_at[start]].strength - PAWNS.pawns[pawn_at[target]].strength
    if lead_against is not None:
        min_lead = lead_against.get(owner_at[target], min_lead)
    if lead < min_lead:
        return Reason("origin.illegal.swap_not_weaker", {"where": where(target)})
    return _too_far(board, start, target, steps)


def _too_far(board: Board, start: str, target: str, steps: int) -> Reason:
    """``target`` lies beyond the ``steps`` the pawn on ``start`` may go."""
    distance = board.distance(start, target)
    return Reason(
        "origin.illegal.too_far", {"where": where(target), "steps": distance, "size": steps}
    )


# --------------------------------------------------------------------------- tokens


def hunting_claim(board: Board, hunting: Mapping[str, str], territory: str) -> str | None:
    """The Hunting token lying on ``territory`` (taken by whoever arrives), or ``None``."""
    if board.colour(territory) != "green":
        return None
    return hunting.get(territory)


def strait_claims(
    board: Board,
    straits: Mapping[str, str],
    owner_at: OwnerAt,
    changed: Iterable[str] = (),
) -> list[tuple[str, int]]:
    """Straits still holding a token whose two ends hold villages of one player.

    Returns ``(strait id, player index)`` in strait order. Only the straits touching
    ``changed`` territories are examined when it is given (a claim can appear only
    where a position changed); pass ``()`` to examine every strait.
    """
    touched = list(changed)
    ids = sorted({s for t in touched for s in board.straits_at(t)}) if touched else board.straits
    out: list[tuple[str, int]] = []
    for sid in ids:
        if sid not in straits:
            continue
        strait = board.straits[sid]
        a, b = owner_at.get(strait.a), owner_at.get(strait.b)
        if a is not None and a == b and a != NEUTRAL:
            out.append((sid, a))
    return out


__all__ = [
    "BOARD",
    "NEUTRAL",
    "Reason",
    "evolve_candidates",
    "evolution_table",
    "evolve_options",
    "evolve_targets",
    "fitting_pawns",
    "hunting_claim",
    "judge",
    "migrate_destinations",
    "pawn_name",
    "strait_claims",
    "swap_targets",
    "where",
    "why_not_evolve_into",
    "why_not_migrate_to",
    "why_not_move_from",
    "why_not_swap_with",
    "why_not_this_pawn",
]
