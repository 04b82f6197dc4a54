"""The games Campfire can run, by stable id (``origin``, ``origin-junior``, ...).

Game packages are imported lazily, so importing the registry is cheap and a broken
game cannot stop the others from loading.
"""

from __future__ import annotations

import importlib

from rules.base import Game, InvalidOptions

_GAMES: dict[str, tuple[str, str]] = {
    # id: (module, attribute)
    "origin": ("rules.origin.classic", "CLASSIC"),
    "origin-junior": ("rules.origin", "JUNIOR"),
    "sapiens": ("rules.sapiens", "SAPIENS"),
    "orbis": ("rules.orbis", "ORBIS"),
    "tribes": ("rules.tribes", "TRIBES_GAME"),
    "nim": ("rules.nim", "NIM"),
}
_loaded: dict[str, Game] = {}


def ids() -> list[str]:
    """Every registered game id, in a stable order."""
    return list(_GAMES)


def register(game: Game) -> None:
    """Add an already-built game (plug-ins and tests); its ``spec.id`` must be new."""
    if game.spec.id in _GAMES:
        raise ValueError(f"game id {game.spec.id!r} is taken")
    _GAMES[game.spec.id] = ("", "")
    _loaded[game.spec.id] = game


def get(game_id: str) -> Game:
    """The game object for ``game_id``; raises ``InvalidOptions('game.unknown')``."""
    if game_id not in _GAMES:
        raise InvalidOptions("game.unknown", game=game_id)
    if game_id not in _loaded:
        module_name, attribute = _GAMES[game_id]
        game = getattr(importlib.import_module(module_name), attribute)
        if game.spec.id != game_id:
            raise RuntimeError(
                f"{module_name}.{attribute} has id {game.spec.id!r}, not {game_id!r}"
            )
        _loaded[game_id] = game
    return _loaded[game_id]
