"""Shared steps of the whole-game service tests (Origin Junior, Origin Classic): seat
three players, play at random to the end, check the stored log replays, run the demo."""

from __future__ import annotations

import json
import random
from collections.abc import Collection
from pathlib import Path
from typing import Any

from bot.frontends.demo import run_demo
from bot.service import Event, GameInfo, GameService, PlayResult
from bot.store import Store
from rules import registry
from rules.base import Outcome, from_json
from tests.bot.conftest import ALICE, BOB, CAROL
from tests.bot.test_console import fake_drawer


async def start_for_three(
    service: GameService, rules: str, options: dict[str, Any] | None
) -> PlayResult:
    """A ``rules`` game created by Alice, joined by Bob then Carol, and started."""
    lobby = await service.create_lobby(
        rules=rules, options=options, guild_id="g", channel_id="c", creator=ALICE
    )
    await service.join(lobby.id, BOB)
    await service.join(lobby.id, CAROL)
    return await service.start(lobby.id, ALICE.user_id)


async def play_to_the_end(
    service: GameService,
    info: GameInfo,
    chooser: random.Random,
    *,
    max_version: int,
    avoid: Collection[str] = (),
) -> tuple[GameInfo, list[Event]]:
    """Play random legal moves (other than ``avoid``, unless nothing else is legal) for
    the first seat to act until the game ends; the final game and every event."""
    events: list[Event] = []
    while info.status == "running":
        seat = info.to_act[0]
        legal = await service.legal_moves(info.id, seat)
        assert legal, f"no legal move for {seat} at v{info.version}"
        choices = [m for m in legal if m.code not in avoid] or legal
        result = await service.play(
            info.id, seat, chooser.choice(choices).code, expected_version=info.version
        )
        events.extend(result.events)
        info = result.game
        assert info.version < max_version
    return info, events


async def check_log_replays(store: Store, game_id: int, rules_id: str, outcome: Outcome) -> None:
    """The stored snapshot is the replay of the stored move log, with the same outcome."""
    row = await store.game(game_id)
    assert row is not None and row.snapshot is not None
    moves = await store.moves(game_id)
    rules = registry.get(rules_id)
    replayed = rules.replay(
        [s.user_id for s in row.seats], row.seed, row.options, [(m.seat, m.code) for m in moves]
    )
    assert from_json(row.snapshot) == replayed
    assert rules.outcome(replayed) == outcome


async def check_demo_writes_its_files(rules_id: str, tmp_path: Path) -> None:
    """A 3-player demo of ``rules_id`` finishes and writes its pictures, scores and moves."""
    result = await run_demo(rules_id, 3, "7", tmp_path, drawer=fake_drawer)
    assert result.finished
    assert len(result.pictures) == result.turns + 1 >= 3
    scores = json.loads((tmp_path / "scores.json").read_text("utf-8"))
    assert scores["game"] == rules_id and scores["outcome"]["ranking"]
    assert len(json.loads((tmp_path / "moves.json").read_text("utf-8"))) == result.moves
