"""A whole 3-player Sapiens game through the service, its log replayed, then resumed
from the file; the demo writes its files."""

from __future__ import annotations

import json
import logging
import random
from pathlib import Path

import pytest

from bot.service import GameOver, GameService, MoveApplied, TurnStarted
from bot.service.audit import audit_game
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


async def test_a_sapiens_snapshot_of_the_first_layout_is_remade_from_the_log(
    store: Store, db_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """Sapiens' data moved to the kit's turn, final-round and end keys (form 2): a game
    stored before, whose snapshot has the first layout (``ending`` a bool, no
    ``passes``), still loads, shows the same view, passes the audit and plays on."""
    service = GameService(store, seed_source=seeds("sapiens"), clock=FakeClock())
    info = (await start_for_three(service, "sapiens", None)).game
    for _ in range(6):
        seat = info.to_act[0]
        legal = [m for m in await service.legal_moves(info.id, seat) if m.code != "back"]
        info = (await service.play(info.id, seat, legal[0].code)).game
    row = await store.game(info.id)
    assert row is not None and row.snapshot is not None
    now = json.loads(row.snapshot)
    assert now["form"] == 3 and now["data"]["ending"] is None
    first = {key: value for key, value in now.items() if key != "form"}
    first["data"] = {key: value for key, value in now["data"].items() if key != "passes"}
    first["data"]["ending"] = False
    await store.repair_snapshot(info.id, row.version, json.dumps(first))
    assert (await audit_game(store, info.id)).problems == ()
    with caplog.at_level(logging.INFO, logger="campfire.service.loader"):
        fresh = GameService(store, clock=FakeClock())
        view = await fresh.public_view(info.id)
    assert "older layout" in caplog.text and "trusting the log" not in caplog.text
    assert view == await service.public_view(info.id)
    remade = await store.game(info.id)
    assert remade is not None and remade.snapshot == row.snapshot
    seat = info.to_act[0]
    legal = [m for m in await fresh.legal_moves(info.id, seat) if m.code != "back"]
    await fresh.play(info.id, seat, legal[0].code)
    assert (await audit_game(store, info.id)).problems == ()


async def test_a_sapiens_snapshot_with_the_former_option_name_is_remade_quietly(
    store: Store, db_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """Form 2 stored ``gathering_optional`` under its former name, ``cueillette_optional``:
    such a snapshot is an older layout, remade from the log without a warning."""
    service = GameService(store, seed_source=seeds("sapiens"), clock=FakeClock())
    info = (await start_for_three(service, "sapiens", {"cueillette_optional": False})).game
    seat = info.to_act[0]
    legal = [m for m in await service.legal_moves(info.id, seat) if m.code != "back"]
    info = (await service.play(info.id, seat, legal[0].code)).game
    row = await store.game(info.id)
    assert row is not None and row.snapshot is not None
    now = json.loads(row.snapshot)
    assert now["options"]["gathering_optional"] is False
    older = {**now, "form": 2}
    older["options"] = {
        ("cueillette_optional" if k == "gathering_optional" else k): v
        for k, v in now["options"].items()
    }
    await store.repair_snapshot(info.id, row.version, json.dumps(older))
    assert (await audit_game(store, info.id)).problems == ()
    with caplog.at_level(logging.INFO, logger="campfire.service.loader"):
        fresh = GameService(store, clock=FakeClock())
        view = await fresh.public_view(info.id)
    assert "older layout" in caplog.text and "trusting the log" not in caplog.text
    assert view == await service.public_view(info.id)
    remade = await store.game(info.id)
    assert remade is not None and remade.snapshot == row.snapshot
