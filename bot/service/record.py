"""Game records: a stored game as a file anyone can keep, read and replay offline.

A record is JSON (``record_json``) with the game id, rules version, seed, options,
seats and every log entry with its label in the record's language, plus a readable
text version (``record_text``). While a game runs its record keeps the secrets: no seed
(it decides every card still to come) and, for a move that names something hidden, no
code and only the label the table read. Once the game is over everything is in it.

Each seat says how many hints it took (``hints``, see ``bot.service.hints``). A record
also carries what the game came to: ``revision`` (the table's revision when
the record was made) and, once the game is over, ``outcome`` (places and totals).
``parse_record`` refuses a file that is not a well-formed record (a field of the wrong
type, a number out of range, nesting too deep, a name or a file too large) with the
field it found wrong; ``replay_record`` rebuilds a finished game from its record alone
and refuses a record edited by hand with the first entry that does not apply (or whose
label, number, name or notes are not the ones the replay gives), then with the first
difference between the end it reaches and the end the record states (a seed edited
plays another game): the revision (``undos`` says how many entries each undo took
back), the outcome of exactly the seats that played, and hints no more than a seat's
decisions. The
``campfire replay`` command and ``campfire demo`` use it; ``write_animation`` writes the
same animated replay the bot posts at the end of a game.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from bot.service.animation import animate_states, picture_points
from bot.service.core import GameService
from bot.service.values import HistoryEntry
from render import registry as renderers
from rules import registry
from rules.base import CampfireError, Text, table_label
from rules.core.game import Applied, Game
from rules.core.state import State
from rules.i18n import table_text, translate, with_names

RECORD_FORMAT = "campfire-record"
RECORD_VERSION = 1
MAX_RECORD_BYTES = 8 * 1024 * 1024
"""The largest record file read (a finished game of thousands of moves is a few hundred
kilobytes)."""
MAX_DEPTH = 16
"""The deepest nesting of lists and objects a record may have (it needs five or so)."""
MAX_TEXT = 2000
"""The longest string a record may hold (names, labels, notes, codes, the seed)."""
MAX_INT = 2**53
"""The largest whole number a record may hold (any JSON reader keeps it exact)."""


class RecordError(CampfireError, ValueError):
    """A record that cannot be read or replayed (the key says why, the params where)."""


@dataclass(frozen=True)
class ReplayedGame:
    """A record rebuilt: the game, its states (the opening, then one per entry), names."""

    game: Game
    states: tuple[State, ...]
    names: Mapping[str, str]
    rules: str

    @property
    def final(self) -> State:
        return self.states[-1]


async def build_record(service: GameService, game_id: int, lang: str) -> dict[str, Any]:
    """The record of a started game in ``lang`` (secrets left out while it runs).

    Raises the service's errors (``service.game_not_found``, ``service.not_started``).
    """
    info = await service.game(game_id)
    if info.status == "lobby":
        raise RecordError("record.not_started", game=game_id)
    over = info.status != "running"
    history = await service.history(game_id)
    names = info.names(lang)
    outcome = await service.outcome(game_id) if info.status == "over" else None
    taken = await service.hints.counts(game_id)
    return {
        "format": RECORD_FORMAT,
        "version": RECORD_VERSION,
        "game": info.rules,
        "rules_version": registry.get(info.rules).spec.rules_version,
        "game_id": info.id,
        "status": info.status,
        "lang": lang,
        "seed": info.seed if over else None,
        "options": dict(info.options),
        "seats": [
            {"id": p.user_id, "name": names[p.user_id], "hints": taken.get(p.user_id, 0)}
            for p in info.seats
        ],
        "moves": [_entry(n, e, names, lang, over) for n, e in enumerate(history, 1)],
        "revision": info.version,
        "undos": await service.store.undo_sizes(game_id),
        "outcome": None if outcome is None else outcome.to_json(),
    }


def _entry(
    seq: int, entry: HistoryEntry, names: Mapping[str, str], lang: str, over: bool
) -> dict[str, Any]:
    secret = entry.hidden and not over
    found: dict[str, Any] = {
        "seq": seq,
        "seat": entry.seat,
        "name": names.get(entry.seat, entry.seat),
        "code": None if secret else entry.code,
        "label": table_text(entry.public_label, lang, names)
        if secret
        else table_text(table_label(entry.label, entry.seat), lang, names),
        "notes": [translate(with_names(note, names), lang) for note in entry.notes],
    }
    if entry.by_clock:  # played for the seat when its time ran out (policy ``auto``)
        found["by_clock"] = True
    return found


def record_json(record: Mapping[str, Any]) -> str:
    return json.dumps(record, ensure_ascii=False, indent=1) + "\n"


def _seat_text(seat: Mapping[str, Any], lang: str) -> str:
    """A seat's name, and the hints it took when it took any ("Ann (2 hints)")."""
    hints = seat.get("hints") or 0
    name = str(seat["name"])
    return translate("record.seat_hints", lang, name=name, count=hints) if hints else name


def record_text(record: Mapping[str, Any]) -> str:
    """The record for people: a header, the seats, one numbered line per entry."""
    lang = str(record.get("lang", "en"))
    lines = [
        translate(
            "record.header",
            lang,
            game=record["game"],
            id=record["game_id"],
            status=record["status"],
        ),
        translate("record.seed", lang, seed=record["seed"] or "-"),
        translate("record.options", lang, options=json.dumps(record["options"]) or "-"),
        translate(
            "record.seats", lang, names=", ".join(_seat_text(s, lang) for s in record["seats"])
        ),
        "",
    ]
    for move in record["moves"]:
        code = f"  [{move['code']}]" if move["code"] is not None else ""
        lines.append(f"{move['seq']:4}. {move['name']}: {move['label']}{code}")
        lines.extend(f"        {note}" for note in move["notes"])
    return "\n".join(lines) + "\n"


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


def write_pictures(replayed: ReplayedGame, out_dir: Path, lang: str) -> list[Path]:
    """``turn-NNN.png`` for each of ``picture_points`` (none when the game has no
    renderer); returns the files written."""
    out_dir.mkdir(parents=True, exist_ok=True)
    if replayed.rules not in renderers.ids():
        return []
    written = []
    for number, index in enumerate(picture_points(replayed.game, replayed.states)):
        view = replayed.game.view(replayed.states[index], None)
        png = renderers.draw(replayed.rules, view, lang=lang, names=replayed.names)
        target = out_dir / f"turn-{number:03d}.png"
        target.write_bytes(png)
        written.append(target)
    return written


REPLAY_FILE = "replay.webp"


def write_animation(replayed: ReplayedGame, out_dir: Path, lang: str) -> Path | None:
    """``replay.webp``: the animated replay of the whole game, the file the bot posts
    with a game's result (``None`` when the game has no renderer)."""
    out_dir.mkdir(parents=True, exist_ok=True)
    if replayed.rules not in renderers.ids():
        return None
    webp = animate_states(replayed.rules, replayed.game, replayed.states, replayed.names, lang)
    target = out_dir / REPLAY_FILE
    target.write_bytes(webp)
    return target
