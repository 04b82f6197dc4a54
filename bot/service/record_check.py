"""Reading a game record back (the writing is ``bot.service.record``): ``parse_record``
checks a file is a well-formed record (types, ranges, nesting, sizes) and names the field
it found wrong; ``replay_record`` rebuilds the game from the record alone and refuses one
edited by hand: the first entry that does not apply or differs from the replay, then the
first difference between the end it reaches and the end the record states.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from bot.service.record import RECORD_FORMAT, RECORD_VERSION, RecordError, ReplayedGame
from rules import registry
from rules.base import CampfireError, Text
from rules.core.game import Applied, Game
from rules.core.state import State
from rules.i18n import table_text, translate, with_names

MAX_RECORD_BYTES = 8 * 1024 * 1024
"""The largest record file read (a finished game of thousands of moves is a few hundred
kilobytes)."""
MAX_DEPTH = 16
"""The deepest nesting of lists and objects a record may have (it needs five or so)."""
MAX_TEXT = 2000
"""The longest string a record may hold (names, labels, notes, codes, the seed)."""
MAX_INT = 2**53
"""The largest whole number a record may hold (any JSON reader keeps it exact)."""


def parse_record(text: str) -> dict[str, Any]:
    """A record read back from its JSON; raises ``RecordError`` when it is not one:
    ``record.too_large``, ``record.not_json``, ``record.too_deep``,
    ``record.not_a_record``, ``record.version``, or ``record.field`` naming the first
    field that is missing, of the wrong type or out of range."""
    if len(text) > MAX_RECORD_BYTES:
        raise RecordError("record.too_large", limit=MAX_RECORD_BYTES // (1024 * 1024))
    try:
        raw = json.loads(text, parse_constant=_no_constant)
    except RecursionError as exc:
        raise RecordError("record.too_deep", limit=MAX_DEPTH) from exc
    except ValueError as exc:
        raise RecordError("record.not_json") from exc
    if _depth(raw) > MAX_DEPTH:
        raise RecordError("record.too_deep", limit=MAX_DEPTH)
    if not isinstance(raw, dict) or raw.get("format") != RECORD_FORMAT:
        raise RecordError("record.not_a_record")
    if raw.get("version") != RECORD_VERSION:
        raise RecordError("record.version", version=_short(raw.get("version")))
    _check_shape(raw)
    return raw


def _depth(value: Any) -> int:
    """How deep lists and objects nest in ``value`` (walked without recursion)."""
    deepest = 0
    pending: list[tuple[Any, int]] = [(value, 1)]
    while pending:
        item, depth = pending.pop()
        if isinstance(item, dict):
            item = list(item.values())
        elif not isinstance(item, list):
            continue
        deepest = max(deepest, depth)
        pending.extend((child, depth + 1) for child in item)
    return deepest


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not JSON")


def _short(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _check_shape(raw: Mapping[str, Any]) -> None:
    """Raise ``record.field`` naming the first field of ``raw`` that is missing, of the
    wrong type or out of range."""
    _need(raw, "game", str)
    _need(raw, "status", str)
    _need(raw, "lang", str, optional=True)
    _need(raw, "seed", str, optional=True)
    _need(raw, "rules_version", int, optional=True)
    _need(raw, "game_id", int, optional=True)
    _need(raw, "revision", int, optional=True)
    _need(raw, "options", dict)
    _need(raw, "seats", list)
    _need(raw, "moves", list)
    _need(raw, "outcome", dict, optional=True)
    _need(raw, "undos", list, optional=True)
    for index, size in enumerate(raw.get("undos") or []):
        _check_atom(size, f"undos[{index}]", (int,))
        if size < 0:
            raise RecordError("record.field", field=f"undos[{index}]")
    for name, value in raw["options"].items():
        _check_atom(value, f"options.{name}", (str, int, bool, float), optional=True)
    for index, seat in enumerate(raw["seats"]):
        where = f"seats[{index}]"
        if not isinstance(seat, dict):
            raise RecordError("record.field", field=where)
        _need(seat, "id", str, where=where)
        _need(seat, "name", str, where=where)
        _need(seat, "hints", int, where=where, optional=True)
    for index, move in enumerate(raw["moves"]):
        where = f"moves[{index}]"
        if not isinstance(move, dict):
            raise RecordError("record.field", field=where)
        _need(move, "seq", int, where=where, optional=True)
        _need(move, "seat", str, where=where)
        _need(move, "code", str, where=where, optional=True)
        _need(move, "label", str, where=where, optional=True)
        _need(move, "notes", list, where=where, optional=True)
        for number, note in enumerate(move.get("notes") or []):
            _check_atom(note, f"{where}.notes[{number}]", (str,))
    outcome = raw.get("outcome")
    if outcome is not None:
        _need(outcome, "ranking", list, where="outcome")
        _need(outcome, "scores", dict, where="outcome")
        for index, group in enumerate(outcome["ranking"]):
            if not isinstance(group, list):
                raise RecordError("record.field", field=f"outcome.ranking[{index}]")
            for seat in group:
                _check_atom(seat, f"outcome.ranking[{index}]", (str,))
        for seat, total in outcome["scores"].items():
            _check_atom(total, f"outcome.scores.{seat}", (int,))


def _need(
    raw: Mapping[str, Any],
    name: str,
    kind: type,
    *,
    where: str = "",
    optional: bool = False,
) -> None:
    field = f"{where}.{name}" if where else name
    value = raw.get(name)
    if value is None and optional:
        return
    _check_atom(value, field, (kind,))


def _check_atom(value: Any, field: str, kinds: tuple[type, ...], *, optional: bool = False) -> None:
    """``value`` is one of ``kinds`` (a ``bool`` is no number), its strings short and
    its numbers in range; otherwise ``record.field`` names ``field``."""
    if value is None and optional:
        return
    wrong = RecordError("record.field", field=field)
    if isinstance(value, bool) and bool not in kinds:
        raise wrong
    if not isinstance(value, kinds):
        raise wrong
    if isinstance(value, str) and len(value) > MAX_TEXT:
        raise wrong
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) > MAX_INT:
        raise wrong
    if isinstance(value, float) and not abs(value) <= MAX_INT:
        raise wrong


def replay_record(record: Mapping[str, Any]) -> ReplayedGame:
    """Rebuild the game of ``record`` move by move (pure CPU work), and check that
    everything the record states that its log determines is what the replay gives.

    Raises ``RecordError``: ``record.unknown_game``, ``record.secret`` (a running game's
    record has no seed), ``record.setup`` (seats or options refused),
    ``record.move_refused`` naming the first entry that does not apply or whose label
    is not the one the rules give it, ``record.move_differs`` naming the first entry
    whose number, player's name or notes are not the replay's, ``record.mismatch``
    naming the first difference between the end the replay reaches and the one the
    record states (whether the game is over, the revision, the outcome: its places,
    totals and ending, for exactly the seats that played), or ``record.hints`` for a
    seat counted more hints than it had decisions to take.
    """
    rules = str(record["game"])
    try:
        game = registry.get(rules)
    except (KeyError, LookupError) as exc:
        raise RecordError("record.unknown_game", game=rules) from exc
    if record.get("seed") is None:
        raise RecordError("record.secret")
    lang = str(record.get("lang", "en"))
    seats = [str(s["id"]) for s in record["seats"]]
    names = {str(s["id"]): str(s["name"]) for s in record["seats"]}
    try:
        options = game.check_rules_version(
            int(record.get("rules_version", game.spec.rules_version)), record["options"]
        )
        state = game.setup(seats, str(record["seed"]), options)
    except (CampfireError, ValueError, TypeError) as exc:
        raise RecordError("record.setup") from exc
    states = [state]
    moves = record["moves"]
    steps = game.replay_steps(state, (_logged(i, move) for i, move in enumerate(moves, 1)))
    for index, move in enumerate(moves, 1):
        try:
            applied = next(steps)
        except RecordError:
            raise
        except (CampfireError, ValueError) as exc:
            raise _refused(index, move) from exc
        _check(applied, index, move, lang, names)
        state = applied.state
        states.append(state)
    _compare_end(game, state, record)
    _compare_hints(game, states, record)
    return ReplayedGame(game, tuple(states), names, rules)


def _differs(
    record: Mapping[str, Any], what: str, recorded: Any, replayed: Any, seat: str = ""
) -> RecordError:
    """``record.mismatch``: ``what`` (``record.what.*``, of ``seat``) is ``recorded`` in
    the record but ``replayed`` in the replay."""
    names = {str(s.get("id")): str(s.get("name")) for s in record["seats"]}
    return RecordError(
        "record.mismatch",
        what=Text(f"record.what.{what}", {"seat": names.get(seat, seat)}),
        recorded=_short(recorded),
        replayed="-" if replayed is None else _short(replayed),
    )


def _compare_end(game: Game, state: State, record: Mapping[str, Any]) -> None:
    """Refuse (``record.mismatch``) the first difference between where the replay
    ended and what the record says: over or not, the revision (every entry and every
    undo is one, and so is each entry an undo took back: ``undos``), then the outcome
    of a finished one (each place and each total of the seats that played, no other
    seat, the ending), and no outcome for a game that is not."""
    outcome = game.outcome(state)
    stated = record.get("outcome")
    finished = record.get("status") == "over"  # an aborted game stopped before its end
    if (outcome is not None) != finished:
        raise _differs(record, "status", record.get("status"), "over" if outcome else "running")
    undos = record.get("undos") or []
    revision = state.version + sum(undos) + len(undos)
    if record.get("revision") != revision:
        raise _differs(record, "revision", record.get("revision"), revision)
    if outcome is None:
        if stated is not None:
            raise _differs(record, "outcome", stated, None)
        return
    if stated is None:
        raise RecordError("record.field", field="outcome")
    places = {seat: outcome.rank_of(seat) for seat in state.seats}
    stated_places: dict[str, list[int]] = {}
    for place, group in _places(stated["ranking"]):
        for seat in group:
            stated_places.setdefault(str(seat), []).append(place)
    for seat, found in stated_places.items():  # a seat that did not play, or twice
        if seat not in places or len(found) > 1:
            raise _differs(record, "place", found if len(found) > 1 else found[0], None, seat)
    for seat in state.seats:
        if stated_places.get(seat, [None])[0] != places[seat]:
            raise _differs(record, "place", stated_places.get(seat, [None])[0], places[seat], seat)
    for seat, total in stated["scores"].items():
        if seat not in places:
            raise _differs(record, "total", total, None, seat)
    for seat in state.seats:
        if stated["scores"].get(seat) != outcome.scores.get(seat):
            recorded, replayed = stated["scores"].get(seat), outcome.scores.get(seat)
            raise _differs(record, "total", recorded, replayed, seat)
    ending = outcome.termination.to_json()
    if "termination" in stated and stated["termination"] != ending:
        raise _differs(record, "ending", stated["termination"], ending)


def _compare_hints(game: Game, states: list[State], record: Mapping[str, Any]) -> None:
    """Refuse (``record.hints``) a seat counted more hints than it had decisions: a
    hint is counted once per revision at which the seat was to act, and the replay
    knows those revisions, but for the ones an undo took back (each could have been
    any seat's)."""
    undos = record.get("undos") or []
    taken_back = sum(undos) + len(undos)
    for seat in record["seats"]:
        hints = seat.get("hints") or 0
        turns = sum(1 for state in states if seat["id"] in game.to_act(state)) + taken_back
        if hints > turns:
            raise RecordError("record.hints", seat=str(seat["name"]), count=hints, turns=turns)


def _places(ranking: list[list[str]]) -> list[tuple[int, list[str]]]:
    """Each group of a stated ranking with its place (tied seats share it)."""
    found, place = [], 1
    for group in ranking:
        found.append((place, group))
        place += len(group)
    return found


def _refused(index: int, move: Mapping[str, Any]) -> RecordError:
    return RecordError("record.move_refused", seq=index, code=str(move.get("code")))


def _logged(index: int, move: Mapping[str, Any]) -> tuple[str, str]:
    """Entry ``index`` as the log holds it (``record.move_refused`` when it has no code)."""
    code = move.get("code")
    if not isinstance(code, str):
        raise _refused(index, move)
    return str(move.get("seat")), code


def _check(
    applied: Applied,
    index: int,
    move: Mapping[str, Any],
    lang: str,
    names: Mapping[str, str],
) -> None:
    """Refuse entry ``index`` as replayed (``applied``) when it is not what the record
    says: ``record.move_refused`` when its label is not the rules'; ``record.move_differs``
    when its number, name or notes are not what the replay gives."""
    seat = applied.seat
    if "label" in move and move["label"] not in (
        table_text(applied.table, lang, names),  # what the table read while it ran
        table_text(applied.move.table(seat), lang, names),  # its secret, once over
        translate(applied.move.label, lang),  # a record written before the table's voice
    ):
        raise _refused(index, move)

    def differs(what: str, recorded: Any, replayed: Any) -> RecordError:
        return RecordError(
            "record.move_differs",
            seq=index,
            what=Text(f"record.what.{what}"),
            recorded=_short(recorded),
            replayed=_short(replayed),
        )

    if move.get("seq", index) != index:
        raise differs("seq", move.get("seq"), index)
    if "name" in move and move["name"] != names.get(seat, seat):
        raise differs("name", move["name"], names.get(seat, seat))
    notes = [translate(with_names(note, names), lang) for note in applied.notes]  # as written
    plain = [translate(note, lang) for note in applied.notes]  # a record written before names
    if (move.get("notes") or []) not in (notes, plain):
        raise differs("notes", move.get("notes") or [], notes)
