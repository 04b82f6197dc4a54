"""Game records: a stored game as a file anyone can keep, read and replay offline.

A record is JSON (``record_json``) with the game id, rules version, seed, options,
seats and every log entry with its label in the record's language, plus a readable
text version (``record_text``). While a game runs its record keeps the secrets: no seed
(it decides every card still to come) and, for a move that names something hidden, no
code and only the label the table read. Once the game is over everything is in it.

``replay_record`` rebuilds a finished game from its record alone and refuses a record
edited by hand with the first entry that does not apply (or whose label is not the one
the rules give it). The ``campfire replay`` command and ``campfire demo`` use it;
``write_animation`` writes the same animated replay the bot posts at the end of a game.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from bot.animation import animate_states, picture_points
from bot.service import GameService, HistoryEntry
from render import registry as renderers
from rules import registry
from rules.base import CampfireError
from rules.core.game import Game
from rules.core.state import REMOVAL_PREFIX, State
from rules.i18n import translate

RECORD_FORMAT = "campfire-record"
RECORD_VERSION = 1


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
    names = info.names()
    outcome = await service.outcome(game_id) if info.status == "over" else None
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
        "seats": [{"id": p.user_id, "name": p.name} for p in info.seats],
        "moves": [_entry(n, e, names, lang, over) for n, e in enumerate(history, 1)],
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
        "label": translate(entry.public_label if secret else entry.label, lang),
        "notes": [translate(note, lang) for note in entry.notes],
    }
    if entry.by_clock:  # played for the seat when its time ran out (policy ``auto``)
        found["by_clock"] = True
    return found


def record_json(record: Mapping[str, Any]) -> str:
    return json.dumps(record, ensure_ascii=False, indent=1) + "\n"


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
        translate("record.seats", lang, names=", ".join(str(s["name"]) for s in record["seats"])),
        "",
    ]
    for move in record["moves"]:
        code = f"  [{move['code']}]" if move["code"] is not None else ""
        lines.append(f"{move['seq']:4}. {move['name']}: {move['label']}{code}")
        lines.extend(f"        {note}" for note in move["notes"])
    return "\n".join(lines) + "\n"


def parse_record(text: str) -> dict[str, Any]:
    """A record read back from its JSON; raises ``RecordError`` when it is not one."""
    try:
        raw = json.loads(text)
    except ValueError as exc:
        raise RecordError("record.not_json") from exc
    if not isinstance(raw, dict) or raw.get("format") != RECORD_FORMAT:
        raise RecordError("record.not_a_record")
    if raw.get("version") != RECORD_VERSION:
        raise RecordError("record.version", version=raw.get("version"))
    for name, kind in (("game", str), ("seats", list), ("moves", list), ("options", dict)):
        if not isinstance(raw.get(name), kind):
            raise RecordError("record.field", field=name)
    return raw


def replay_record(record: Mapping[str, Any]) -> ReplayedGame:
    """Rebuild the game of ``record`` move by move (pure CPU work).

    Raises ``RecordError``: ``record.unknown_game``, ``record.secret`` (a running game's
    record has no seed), ``record.setup`` (seats or options refused), or
    ``record.move_refused`` naming the first entry that does not apply or whose label
    is not the one the rules give it.
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
    for index, move in enumerate(record["moves"], 1):
        state = _apply(game, state, index, move, lang)
        states.append(state)
    return ReplayedGame(game, tuple(states), names, rules)


def _apply(game: Game, state: State, index: int, move: Mapping[str, Any], lang: str) -> State:
    seat, code = str(move.get("seat")), move.get("code")
    refused = RecordError("record.move_refused", seq=index, code=str(code))
    if not isinstance(code, str):
        raise refused
    try:
        if code.startswith(REMOVAL_PREFIX):
            applied = game.remove_seat(state, seat, code[len(REMOVAL_PREFIX) :])
        else:
            applied = game.play(state, seat, code)
    except (CampfireError, ValueError) as exc:
        raise refused from exc
    if "label" in move and translate(applied.move.label, lang) != move["label"]:
        raise refused
    return applied.state


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
