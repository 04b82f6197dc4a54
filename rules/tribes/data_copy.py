"""The copy of a Tribes state's data made for every applied move, one level per container.

``Game.play`` copies the whole state before each move (copy-on-apply); the generic
``copy_json`` walks every value with a type test, which was about a third of a random
game. This copy knows the shape of the data (``setup.new_game``, ``players``,
``event_state``): the containers listed in ``FLAT``, ``PLAYER_FLAT`` and ``EVENTS_FLAT``
hold atoms only, so one C-level ``copy()`` each is a full copy; every other value (a
key this module does not know, frames, event slots, the mammoth) goes through
``copy_json``, so a key added later is copied in full without a change here. Only a
flat container that starts holding containers would break the copy: ``check_shape``
(run with the game invariants after every move of the random-game tests) says so.
"""

from __future__ import annotations

from typing import Any

from rules.base import CorruptState, copy_json

Data = dict[str, Any]

FLAT = frozenset(
    {
        "hexes",
        "members",
        "villages",
        "invaders",
        "board",
        "hand",
        "pushed",
        "roll",
        "used",
        "arrived",
        "turn_flags",
    }
)
"""Keys of ``state.data`` whose value is a list or dict of atoms."""
PLAYER_FLAT = frozenset({"resources", "vp", "deck", "goals", "done", "acquired"})
"""Keys of each ``data["players"][i]`` whose value is a list or dict of atoms."""
EVENTS_FLAT = frozenset({"deck", "discard", "aside", "found", "flags"})
"""Keys of ``data["events"]`` whose value is a list or dict of atoms."""

_ATOMS = frozenset({str, int, float, bool, type(None)})
_CONTAINERS = frozenset({list, dict})


def copy_data(data: Data) -> Data:
    """A copy of ``data`` that shares no container with it (``Tribes._copy_data``)."""
    new = data.copy()  # the atoms are right already
    for key, value in data.items():
        kind = type(value)
        if kind in _ATOMS:
            continue
        if key in FLAT and kind in _CONTAINERS:
            new[key] = value.copy()
        elif key == "players" and kind is list:
            new[key] = [_copy_record(p, PLAYER_FLAT) for p in value]
        elif key == "events" and kind is dict:
            new[key] = _copy_record(value, EVENTS_FLAT)
        else:
            new[key] = copy_json(value)
    return new


def _copy_record(record: Any, flat: frozenset[str]) -> Any:
    if type(record) is not dict:
        return copy_json(record)
    new = record.copy()
    for key, value in record.items():
        kind = type(value)
        if kind in _ATOMS:
            continue
        new[key] = value.copy() if key in flat and kind in _CONTAINERS else copy_json(value)
    return new


def check_shape(data: Data) -> None:
    """Raise ``CorruptState`` if a container that ``copy_data`` copies one level deep
    holds a container (the copy would share it with the original)."""
    _check_flat(data, FLAT, "")
    for i, mine in enumerate(data.get("players") or ()):
        if type(mine) is dict:
            _check_flat(mine, PLAYER_FLAT, f"players[{i}].")
    events = data.get("events")
    if type(events) is dict:
        _check_flat(events, EVENTS_FLAT, "events.")


def _check_flat(record: Data, flat: frozenset[str], where: str) -> None:
    for key in flat & record.keys():
        value = record[key]
        if type(value) not in _CONTAINERS:
            continue
        items = value.values() if type(value) is dict else value
        if any(type(v) not in _ATOMS for v in items):
            raise CorruptState("tribes.flat_container", entry=where + key)
