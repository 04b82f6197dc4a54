"""Step 4 of a turn: conflicts above the population limit, and villages lost.

Rulebook "Étape 4" and T6: once both actions are resolved, every hex holding more
members than the limit (5; events may lower it) is in conflict; with several, the
active player picks the order (``conflict:h05``). For the cards the active player
attacks and every other tribe defends (rulebook). Before resolution the attacker's Bow
(D4) may remove one defending member of his choice (``bow:kaha`` or ``nobow``); then
(after Intimidation, chiefs) the defender who bought Fortifications (an event card) and
has a village and members there may remove one attacking member: his own decision,
asked to him on the active player's turn (``fort:kaha`` or ``nofort``; frame
``fortify``). Then every tribe present removes one member at a time, all together,
until at most one tribe is left (the hex may empty). If a single tribe is then still
above the limit it trims down to it (the single-tribe rule). Spear (D5): on a hex
holding your village, your first simultaneous removal is ignored. Removed members
return to their supply. Afterwards any village whose owner has no member left on its
hex is lost (T9: at any moment of the game, ``villages.lose_villages``); a village holding an
Elder scores for the attacker only when his tribe was in the fight (``attacker``).

Rules versions 1 and 2 (option ``conflicts_reviewed`` off): the Fortifications removed
an attacking member by themselves, and the Elder's point went to the active player
whoever fought (``_fortify_at_once``, ``attacker``).
"""

from __future__ import annotations

from rules.base import Move, Record, State, Text
from rules.tribes import board as bd
from rules.tribes import chief_conflicts as ch_conflicts
from rules.tribes import events
from rules.tribes import frames as fr
from rules.tribes import state as st
from rules.tribes.crowding import conflict_hexes, population_limit
from rules.tribes.flow import FLOW
from rules.tribes.options import conflicts_reviewed
from rules.tribes.players import active, has_development, player, seat
from rules.tribes.state import BowFrame, ConflictOrderFrame, FortifyFrame
from rules.tribes.villages import lose_villages

FORTIFICATIONS = "fortifications"
"""The event card (its slug in ``acquired``) that lets a defender remove an attacker."""


def order_moves(state: State, frame: ConflictOrderFrame) -> list[Move]:
    return [
        Move(
            f"conflict:{h.lower()}",
            Text("tribes.move.conflict", {"hex": h, "n": bd.population(st.data(state), h)}),
            "conflict",
        )
        for h in conflict_hexes(state)
    ]


def _order_apply(state: State, frame: ConflictOrderFrame, code: str, record: Record) -> None:
    fr.pop(state)
    start(state, code.partition(":")[2].upper(), record)


def defenders(state: State, hex_id: str) -> list[int]:
    p = active(state)
    return [i for i, n in enumerate(bd.members(st.data(state), hex_id)) if n and i != p]


def start(state: State, hex_id: str, record: Record) -> None:
    """Open the conflict on ``hex_id``: the Bow question if it applies, else resolve."""
    p = active(state)
    invaded = bool(bd.invaders(st.data(state), hex_id))
    if has_development(state, p, "bow") and (defenders(state, hex_id) or invaded):
        fr.add(state, BowFrame(kind="bow", player=p, hex=hex_id))
        return
    resolve(state, hex_id, record)


def _bow_moves(state: State, frame: BowFrame) -> list[Move]:
    moves = [
        Move(
            f"bow:{player(state, i)['tribe']}",
            Text("tribes.move.bow", {"tribe": f"@tribes.tribe.{player(state, i)['tribe']}"}),
            "conflict",
        )
        for i in defenders(state, frame["hex"])
    ]
    if bd.invaders(st.data(state), frame["hex"]):
        moves.append(Move("bow:invaders", Text("tribes.move.bow_invaders"), "conflict"))
    return [*moves, Move("nobow", Text("tribes.move.nobow"), "conflict")]


def _bow_apply(state: State, frame: BowFrame, code: str, record: Record) -> None:
    fr.pop(state)
    hex_id = frame["hex"]
    if code == "bow:invaders":
        events.set_invaders(state, hex_id, bd.invaders(st.data(state), hex_id) - 1, record)
    elif code != "nobow":
        tribe = code.partition(":")[2]
        target = next(i for i, pl in enumerate(st.data(state)["players"]) if pl["tribe"] == tribe)
        _remove(state, target, hex_id, 1)
        record.note(
            "tribes.note.bow",
            player=seat(state, frame["player"]),
            owner=seat(state, target),
            hex=hex_id,
        )
    resolve(state, hex_id, record)


def _remove(state: State, p: int, hex_id: str, n: int) -> None:
    bd.add(st.data(state), hex_id, p, -n)
    player(state, p)["supply"] += n


def resolve(state: State, hex_id: str, record: Record) -> None:
    """Resolve the conflict on ``hex_id`` after Bow: Intimidation (chiefs), then the
    Fortifications, then the fight (see the module doc)."""
    if ch_conflicts.before_resolve(state, hex_id):  # chiefs: Intimidation asks first
        return
    if not conflicts_reviewed(state.options):
        _fortify_at_once(state, hex_id, record)
    elif ask_fortify(state, hex_id):
        return
    fight(state, hex_id, record)


def attacker(state: State, hex_id: str) -> int | None:
    """The tribe attacking on ``hex_id``: the active player (rulebook: for the cards the
    active player attacks, the others defend) while his tribe has members there;
    ``None`` in a conflict between other sides (invaders, a hex crowded by an event)."""
    p = active(state)
    return p if bd.count(st.data(state), hex_id, p) else None


def fortifier(state: State, hex_id: str) -> int | None:
    """The defender who may use the Fortifications on ``hex_id`` now: the owner of the
    village there, if he bought the card and still has members on the hex, against an
    attacker with members there (``None`` otherwise)."""
    data = st.data(state)
    owner = bd.village(data, hex_id)
    p = attacker(state, hex_id)
    if owner is None or p is None or owner == p or not bd.count(data, hex_id, owner):
        return None
    return owner if FORTIFICATIONS in player(state, owner)["acquired"] else None


def ask_fortify(state: State, hex_id: str) -> bool:
    """Open the defender's Fortifications question on ``hex_id`` when it applies."""
    owner = fortifier(state, hex_id)
    if owner is None:
        return False
    fr.add(state, FortifyFrame(kind="fortify", player=owner, hex=hex_id))
    return True


def _fortify_moves(state: State, frame: FortifyFrame) -> list[Move]:
    hex_id = frame["hex"]
    p = attacker(state, hex_id)
    targets = [] if p is None else [p]
    moves = [
        Move(
            f"fort:{player(state, i)['tribe']}",
            Text(
                "tribes.move.fort",
                {"tribe": f"@tribes.tribe.{player(state, i)['tribe']}", "hex": hex_id},
            ),
            "conflict",
        )
        for i in targets
    ]
    return [*moves, Move("nofort", Text("tribes.move.nofort", {"hex": hex_id}), "conflict")]


def _fortify_apply(state: State, frame: FortifyFrame, code: str, record: Record) -> None:
    fr.pop(state)
    hex_id, owner = frame["hex"], frame["player"]
    if code == "nofort":
        record.note("tribes.note.no_fortify", owner=seat(state, owner), hex=hex_id)
    else:
        tribe = code.partition(":")[2]
        target = next(i for i, pl in enumerate(st.data(state)["players"]) if pl["tribe"] == tribe)
        _remove(state, target, hex_id, 1)
        record.note(
            "tribes.note.fortify", owner=seat(state, owner), player=seat(state, target), hex=hex_id
        )
    fight(state, hex_id, record)


def _fortify_at_once(state: State, hex_id: str, record: Record) -> None:
    """Rules versions 1 and 2: the Fortifications removed one of the active player's
    members by themselves, for the village's owner."""
    p = active(state)
    owner = bd.village(st.data(state), hex_id)
    if (
        owner is not None
        and owner != p
        and bd.count(st.data(state), hex_id, p)
        and FORTIFICATIONS in player(state, owner)["acquired"]
    ):
        _remove(state, p, hex_id, 1)
        record.note("tribes.note.fortified", owner=seat(state, owner), hex=hex_id)


def fight(state: State, hex_id: str, record: Record) -> None:
    """The simultaneous removals on ``hex_id``, the single-tribe trimming, the villages
    lost (and an Elder's point to the attacker who fought there), then Évasion."""
    data = st.data(state)
    counts = bd.members(data, hex_id)
    fought = attacker(state, hex_id)
    if not conflicts_reviewed(state.options):
        fought = active(state)  # versions 1 and 2: the active player, whoever fought
    owner = bd.village(data, hex_id)
    before = list(counts)
    invaders = bd.invaders(data, hex_id)
    sides = [*counts, invaders]  # the invaders fight as one more side (components 3.5)
    shield = [
        1 if owner == i and has_development(state, i, "village_defence") else 0
        for i in range(len(counts))
    ] + [0]
    while sum(1 for n in sides if n) >= 2:
        for i, n in enumerate(sides):
            if not n:
                continue
            if shield[i]:
                shield[i] = 0
                continue
            sides[i] -= 1
    limit = population_limit(state, hex_id)
    for i, n in enumerate(sides):
        if n > limit:
            sides[i] = limit
    counts = sides[:-1]
    bd.set_members(data, hex_id, counts)
    if invaders:
        events.set_invaders(state, hex_id, sides[-1], record)
    for i, n in enumerate(before):
        if n == counts[i]:
            continue
        player(state, i)["supply"] += n - counts[i]
        record.note("tribes.note.lost", player=seat(state, i), n=n - counts[i], hex=hex_id)
    lose_villages(state, record, attacker=fought)
    ch_conflicts.after_conflict(state, hex_id, before, invaders, record)  # chiefs: Évasion, Ruse


fr.register("conflict_order", order_moves, _order_apply)


def seat_left(state: State, p: int, record: Record) -> None:
    """``p`` left on another's turn while answering the Fortifications question: the
    question lapses (its members and village have left the hex), the fight goes on and
    so does the step."""
    top = fr.top(state)
    if top is None or top["kind"] != "fortify" or top["player"] != p:
        return
    fr.pop(state)
    fight(state, top["hex"], record)
    FLOW.advance(state, record)  # the step goes on (``turn``)


fr.register("bow", _bow_moves, _bow_apply)
fr.register("fortify", _fortify_moves, _fortify_apply)
FLOW.resolve = resolve
