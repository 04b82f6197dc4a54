"""Chief powers at step 4, around the conflicts: Ruse, Intimidation and Évasion.

Rulebook "Pouvoirs des chefs" (T24): Ruse once per turn, paid to the supply, asked at
the start of step 4 (``ruse:h05`` or ``noruse``); Intimidation before a conflict on a
hex the Mu'k'a'an occupies is resolved (``scare:kaha`` or ``noscare``), paid to the
supply; Évasion after the conflict is resolved as usual (``flee:h06`` or ``noflee``).
A resource paid is asked with ``cpay:`` when several types are held
(``chief_frames``). Rulings in the ``rules.tribes`` docstring, "Chiefs".
"""

from __future__ import annotations

from rules.base import Move, Record, State, Text
from rules.kit.end import is_over
from rules.tribes import board as bd
from rules.tribes import chiefs as ch
from rules.tribes import events
from rules.tribes import frames as fr
from rules.tribes import state as st
from rules.tribes.chief_frames import THEN, PayFields, pay_one, res_ref
from rules.tribes.crowding import in_conflict
from rules.tribes.flow import FLOW
from rules.tribes.players import active, player, seat
from rules.tribes.state import ChEscapeFrame, ChRuseFrame, ChScareFrame
from rules.tribes.terrains import hex_params

# -------------------------------------------------------------------------- Ruse


def _ruse_hexes(state: State, p: int) -> list[str]:
    data = st.data(state)
    return [
        h for h in bd.occupied_by(data, p) if bd.others_on(data, h, p) and not in_conflict(state, h)
    ]


def ask_ruse(state: State) -> bool:
    """Start of step 4: the active Danānu may start a conflict (once per turn)."""
    if not ch.is_on(state):
        return False
    p = active(state)
    if not ch.has(state, p, "ruse") or ch.used(state, "ruse") or not ch.total_resources(state, p):
        return False
    hexes = _ruse_hexes(state, p)
    if not hexes:
        return False
    ch.use(state, "ruse")
    fr.add(state, ChRuseFrame(kind="ch_ruse", player=p, hexes=hexes))
    return True


def _ruse_moves(state: State, frame: ChRuseFrame) -> list[Move]:
    moves = [
        Move(f"ruse:{h.lower()}", Text("tribes.chief.move.ruse", hex_params(state, h)), "conflict")
        for h in frame["hexes"]
    ]
    return [*moves, Move("noruse", Text("tribes.chief.move.noruse"), "conflict")]


def _ruse_apply(state: State, frame: ChRuseFrame, code: str, record: Record) -> None:
    fr.pop(state)
    if code == "noruse":
        return
    pay_one(state, frame["player"], "ruse", record, hex=code.partition(":")[2].upper())


def _ruse_paid(state: State, p: int, r: str, fields: PayFields, record: Record) -> None:
    ch.chiefs_of(state)["ruse"] = fields["hex"]
    record.note("tribes.chief.note.ruse", player=seat(state, p), hex=fields["hex"], res=res_ref(r))


# -------------------------------------------------------------------- Évasion


def after_conflict(
    state: State, hex_id: str, before: list[int], invaders: int, record: Record
) -> None:
    """End of a conflict: Ruse's mark and Intimidation's question are cleared; a Kiror
    beaten by another side may retreat its lost members to one neighbour."""
    if not ch.is_on(state):
        return
    data = ch.chiefs_of(state)
    if data["ruse"] == hex_id:
        data["ruse"] = None
    data["asked"] = None
    k = ch.holder(state, "escape")
    if k is None or is_over(st.data(state)):
        return
    lost = before[k] - bd.count(st.data(state), hex_id, k)
    others = sum(n for i, n in enumerate(before) if i != k) + invaders
    if lost <= 0 or not others:
        return
    fr.add(
        state,
        ChEscapeFrame(
            kind="ch_escape", player=k, hex=hex_id, n=min(lost, player(state, k)["supply"])
        ),
    )


def _escape_moves(state: State, frame: ChEscapeFrame) -> list[Move]:
    moves = [
        Move(
            f"flee:{h.lower()}",
            Text("tribes.chief.move.flee", {**hex_params(state, h), "n": frame["n"]}),
            "conflict",
        )
        for h in bd.neighbours(st.data(state), frame["hex"])
    ]
    return [*moves, Move("noflee", Text("tribes.chief.move.noflee"), "conflict")]


def _escape_apply(state: State, frame: ChEscapeFrame, code: str, record: Record) -> None:
    fr.pop(state)
    if code == "noflee" or not frame["n"]:
        return
    k, target = frame["player"], code.partition(":")[2].upper()
    bd.add(st.data(state), target, k, frame["n"])
    player(state, k)["supply"] -= frame["n"]
    record.note(
        "tribes.chief.note.escape",
        player=seat(state, k),
        n=frame["n"],
        source=frame["hex"],
        target=target,
    )


# ------------------------------------------------------------------ Intimidation


def before_resolve(state: State, hex_id: str) -> bool:
    """Before a conflict on a hex the Mu'k'a'an occupies is resolved: once per turn it
    may pay 1 resource to take off one opposing member there."""
    m = ch.holder(state, "intimidation")
    if m is None or ch.used(state, "intimidation") or not ch.total_resources(state, m):
        return False
    data = ch.chiefs_of(state)
    if data["asked"] == hex_id or not bd.count(st.data(state), hex_id, m):
        return False
    if not _scare_targets(state, m, hex_id):
        return False
    data["asked"] = hex_id
    fr.add(state, ChScareFrame(kind="ch_scare", player=m, hex=hex_id))
    return True


def _scare_targets(state: State, m: int, hex_id: str) -> list[str]:
    here = bd.members(st.data(state), hex_id)
    found = [player(state, i)["tribe"] for i, n in enumerate(here) if n and i != m]
    if bd.invaders(st.data(state), hex_id):
        found.append("invaders")
    return found


def _scare_moves(state: State, frame: ChScareFrame) -> list[Move]:
    moves = []
    for target in _scare_targets(state, frame["player"], frame["hex"]):
        who = "@tribes.chief.invaders" if target == "invaders" else f"@tribes.tribe.{target}"
        moves.append(
            Move(
                f"scare:{target}",
                Text("tribes.chief.move.scare", {"tribe": who, "hex": frame["hex"]}),
                "conflict",
            )
        )
    return [*moves, Move("noscare", Text("tribes.chief.move.noscare"), "conflict")]


def _scare_apply(state: State, frame: ChScareFrame, code: str, record: Record) -> None:
    fr.pop(state)
    if code == "noscare":
        _resolve(state, frame["hex"], record)
        return
    ch.use(state, "intimidation")
    target = code.partition(":")[2]
    pay_one(state, frame["player"], "scare", record, hex=frame["hex"], target=target)


def _scared(state: State, m: int, r: str, fields: PayFields, record: Record) -> None:
    hex_id, target = fields["hex"], fields["target"]
    if target == "invaders":
        events.set_invaders(state, hex_id, bd.invaders(st.data(state), hex_id) - 1, record)
        owner = "@tribes.chief.invaders"
    else:
        i = next(i for i, pl in enumerate(st.data(state)["players"]) if pl["tribe"] == target)
        bd.add(st.data(state), hex_id, i, -1)
        player(state, i)["supply"] += 1
        owner = f"@tribes.tribe.{target}"
    record.note(
        "tribes.chief.note.scare", player=seat(state, m), tribe=owner, hex=hex_id, res=res_ref(r)
    )
    _resolve(state, hex_id, record)


def _resolve(state: State, hex_id: str, record: Record) -> None:
    FLOW.resolve(state, hex_id, record)  # the conflict goes on (``conflicts``)


THEN.update(ruse=_ruse_paid, scare=_scared)

fr.register("ch_ruse", _ruse_moves, _ruse_apply)
fr.register("ch_escape", _escape_moves, _escape_apply)
fr.register("ch_scare", _scare_moves, _scare_apply)
