"""A whole 3-player Origin Junior game through the service, then resumed from the file."""

from __future__ import annotations

import random
from pathlib import Path

from bot.service import GameOver, GameService, MoveApplied, TurnStarted
from bot.store import Store
from tests.bot.conftest import FakeClock, seeds
from tests.bot.whole_games import (
    check_demo_writes_its_files,
    check_log_replays,
    play_to_the_end,
    start_for_three,
)


async def test_whole_origin_junior_game_through_the_service(store: Store, db_path: Path) -> None:
    service = GameService(store, seed_source=seeds("oj"), clock=FakeClock())
    started = await start_for_three(service, "origin-junior", None)
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
    info, played = await play_to_the_end(service, info, chooser, max_version=2000)
    events = [*started.events, *step.events, *played]
    assert isinstance(events[-1], GameOver)
    assert sum(isinstance(e, MoveApplied) for e in events) == info.version
    assert any(isinstance(e, TurnStarted) for e in events[1:])
    outcome = events[-1].outcome
    assert await service.outcome(info.id) == outcome
    assert sorted(s for group in outcome.ranking for s in group) == ["u1", "u2", "u3"]

    await check_log_replays(store, info.id, "origin-junior", outcome)
    async with Store(db_path) as again:
        fresh = GameService(again)
        assert await fresh.outcome(info.id) == outcome
        assert await fresh.public_view(info.id) == await service.public_view(info.id)
        assert (await fresh.scores(info.id)).totals() == dict(outcome.scores)


async def test_demo_of_origin_junior_writes_its_files(tmp_path: Path) -> None:
    await check_demo_writes_its_files("origin-junior", tmp_path)
