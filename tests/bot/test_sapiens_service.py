"""A whole 3-player Sapiens game through the service, its log replayed, then resumed
from the file; the demo writes its files."""

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


async def test_whole_sapiens_game_through_the_service(store: Store, db_path: Path) -> None:
    service = GameService(store, seed_source=seeds("sapiens"), clock=FakeClock())
    started = await start_for_three(service, "sapiens", None)
    info = started.game
    assert {p.user_id for p in info.seats} == {"u1", "u2", "u3"}
    view = await service.public_view(info.id)
    assert view["phase"] == "start" and len(view["common"]) == 5
    assert all(len(p["pool"]) == 4 for p in view["players"].values())
    chooser = random.Random(5)
    info, played = await play_to_the_end(service, info, chooser, max_version=5000, avoid={"back"})
    events = [*started.events, *played]
    assert isinstance(events[-1], GameOver)
    assert sum(isinstance(e, MoveApplied) for e in events) == info.version
    assert any(isinstance(e, TurnStarted) for e in events[1:])
    outcome = events[-1].outcome
    assert sorted(s for group in outcome.ranking for s in group) == ["u1", "u2", "u3"]
    final = await service.public_view(info.id)
    assert final["over"] and final["pile"] == 0 and final["common"] == []
    for seat, player in final["players"].items():  # the lower of food and shelter
        assert outcome.scores[seat] == min(player["food"], player["shelter"])

    await check_log_replays(store, info.id, "sapiens", outcome)
    async with Store(db_path) as again:
        fresh = GameService(again)
        assert await fresh.outcome(info.id) == outcome
        assert await fresh.public_view(info.id) == final
        assert (await fresh.scores(info.id)).totals() == dict(outcome.scores)


async def test_demo_of_sapiens_writes_its_files(tmp_path: Path) -> None:
    await check_demo_writes_its_files("sapiens", tmp_path)
