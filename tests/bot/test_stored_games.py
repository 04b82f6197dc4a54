"""Games stored before a change of the games' data layout still load, audit and play.

``tests/data/stored_games.sqlite3`` was made by ``tests/data/make_stored_games.py`` before
the games' state was typed: each rule set has a finished game and one stopped in the
middle, their snapshots in the first layout of each game's data. Today's code must
replay every log to the public views recorded then (``stored_games_views.json``), pass
the audit of ``campfire db check`` (a snapshot in an older layout is remade, not a
problem), and play on where the game was left.
"""

from __future__ import annotations

import json
import random
import shutil
from pathlib import Path
from typing import Any

from bot.service import GameService
from bot.service.audit import audit_game
from bot.store import open_store

DATA = Path(__file__).resolve().parents[1] / "data"
VIEWS: dict[str, Any] = json.loads((DATA / "stored_games_views.json").read_text())


async def test_games_stored_in_the_first_layouts_load_audit_and_play_on(tmp_path: Path) -> None:
    path = tmp_path / "campfire.sqlite3"
    shutil.copy(DATA / "stored_games.sqlite3", path)
    store = await open_store(str(path))
    try:
        service = GameService(store)
        rules_seen = set()
        for key, recorded in VIEWS.items():
            game_id = int(key)
            info = await service.game(game_id)
            rules_seen.add(info.rules)
            assert (await audit_game(store, game_id)).problems == (), info.rules
            assert await service.public_view(game_id) == recorded, info.rules
            assert (await audit_game(store, game_id)).problems == (), info.rules
            if info.status != "running":
                continue
            seat = sorted(info.to_act)[0]
            moves = await service.legal_moves(game_id, seat)
            await service.play(game_id, seat, random.Random(game_id).choice(moves).code)
            assert (await audit_game(store, game_id)).problems == (), info.rules
        assert rules_seen == {"nim", "origin", "origin-junior", "sapiens", "orbis", "tribes"}
    finally:
        await store.close()
