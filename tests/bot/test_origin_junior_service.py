"""A whole 3-player Origin Junior game through the service, then resumed from the file."""

from __future__ import annotations

import json
import random
from pathlib import Path

from bot.demo import run_demo
from bot.service import GameOver, GameService, MoveApplied, TurnStarted
from bot.store import Store
from rules import registry
from rules.base import from_json
from tests.bot.conftest import ALICE, BOB, CAROL, FakeClock, seeds
from tests.bot.test_console import fake_drawer


async def test_whole_origin_junior_game_through_the_service(store: Store, db_path: Path) -> None:
    service = GameService(store, seed_source=seeds("oj"), clock=FakeClock())
    lobby = await service.create_lobby(
        rules="origin-junior", options=None, guild_id="g", channel_id="c", creator=ALICE
    )
    await service.join(lobby.id, BOB)
    await service.join(lobby.id, CAROL)
    started = await service.start(lobby.id, ALICE.user_id)
    info = started.game
    assert {p.user_id for p in info.seats} == {"u1", "u2", "u3"}
    first = info.to_act[0]
    evolve = next(m for m in await service.legal_moves(info.id, first) if m.group == "evolve")
    step = await service.play(info.id, first, evolve.code)
    # the same seat now chooses the pawn: no new turn is announced
    assert [type(e) for e in step.events] == [MoveApplied]
    assert step.game.to_act == (first,)
    info = step.game
    chooser = random.Random(3)
    events = [*started.events, *step.events]
    while info.status == "running":
        seat = info.to_act[0]
        legal = await service.legal_moves(info.id, seat)
        assert legal, f"no legal move for {seat} at v{info.version}"
        result = await service.play(
            info.id, seat, chooser.choice(legal).code, expected_version=info.version
        )
        events.extend(result.events)
        info = result.game
        assert info.version < 2000
    assert isinstance(events[-1], GameOver)
    assert sum(isinstance(e, MoveApplied) for e in events) == info.version
    assert any(isinstance(e, TurnStarted) for e in events[1:])
    outcome = events[-1].outcome
    assert await service.outcome(info.id) == outcome
    assert sorted(s for group in outcome.ranking for s in group) == ["u1", "u2", "u3"]

    row = await store.game(info.id)
    assert row is not None and row.snapshot is not None
    moves = await store.moves(info.id)
    rules = registry.get("origin-junior")
    replayed = rules.replay(
        [s.user_id for s in row.seats], row.seed, row.options, [(m.seat, m.code) for m in moves]
    )
    assert from_json(row.snapshot) == replayed
    assert rules.outcome(replayed) == outcome

    async with Store(db_path) as again:
        fresh = GameService(again)
        assert await fresh.outcome(info.id) == outcome
        assert await fresh.public_view(info.id) == await service.public_view(info.id)
        assert (await fresh.scores(info.id)).totals() == dict(outcome.scores)


async def test_demo_of_origin_junior_writes_its_files(tmp_path: Path) -> None:
    result = await run_demo("origin-junior", 3, "7", tmp_path, drawer=fake_drawer)
    assert result.finished
    assert len(result.pictures) == result.turns + 1 >= 3
    scores = json.loads((tmp_path / "scores.json").read_text("utf-8"))
    assert scores["game"] == "origin-junior" and scores["outcome"]["ranking"]
    assert len(json.loads((tmp_path / "moves.json").read_text("utf-8"))) == result.moves
