"""Game records: a stored game as a file anyone can keep, read and replay offline.

A record is JSON (``record_json``) with the game id, rules version, seed, options,
seats and every log entry with its label in the record's language, plus a readable
text version (``record_text``). While a game runs its record keeps the secrets: no seed
(it decides every card still to come) and, for a move that names something hidden, no
code and only the label the table read. Once the game is over everything is in it.

Each seat says how many hints it took (``hints``, see ``bot.service.hints``). A record
also carries what the game came to: ``revision`` (the table's revision when
the record was made) and, once the game is over, ``outcome`` (places and totals).
This module writes records; ``bot.service.record_check`` reads them back and checks
them (``parse_record``, ``replay_record``). The ``campfire replay`` command and
``campfire demo`` use both; ``write_pictures`` and ``write_animation`` write a replayed
game's pictures and the same animated replay the bot posts at the end of a game.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from bot.service.animation import animate_states, picture_points
from bot.service.core import GameService
from bot.service.present import options_line
from bot.service.values import HistoryEntry
from render import registry as renderers
from rules import registry
from rules.base import CampfireError, table_label
from rules.core.game import Game
from rules.core.state import State
from rules.i18n import table_text, translate, with_names

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
        translate(
            "record.options", lang, options=options_line(record["game"], record["options"], lang)
        ),
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
