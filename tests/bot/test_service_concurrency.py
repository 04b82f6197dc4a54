"""Version checks: simultaneous moves, stale buttons, restarts that resume from the log."""

from __future__ import annotations

import asyncio
import json
import logging
from pathlib import Path

import pytest

from bot.service import GameService, ServiceError
from bot.service.audit import audit_game
from bot.store import Store, store_for
from rules import registry
from rules.base import from_json
from tests.bot.conftest import ALICE, BOB, CAROL, running_nim


async def test_two_clicks_for_the_same_version_apply_once(
    service: GameService, store: Store
) -> None:
    game_id = await running_nim(service, ALICE, BOB, stones=20)
    results = await asyncio.gather(
        service.play(game_id, ALICE.user_id, "take1", expected_version=0),
        service.play(game_id, ALICE.user_id, "take2", expected_version=0),
        return_exceptions=True,
    )
    applied = [r for r in results if not isinstance(r, BaseException)]
    refused = [r for r in results if isinstance(r, BaseException)]
    assert len(applied) == 1 and len(refused) == 1
    assert isinstance(refused[0], ServiceError) and refused[0].key == "service.stale"
    assert refused[0].params == {"version": 1}
    assert len(await store.moves(game_id)) == 1
    assert (await service.game(game_id)).version == 1


async def test_two_services_on_one_database_race_and_one_wins(database: str, nim: None) -> None:
    async with store_for(database) as first_store, store_for(database) as second_store:
        first, second = GameService(first_store), GameService(second_store)
        game_id = await running_nim(first, ALICE, BOB, stones=20)
        await second.game(game_id)  # warm the second service's cache at version 0
        results = await asyncio.gather(
            first.play(game_id, ALICE.user_id, "take1", expected_version=0),
            second.play(game_id, ALICE.user_id, "take3", expected_version=0),
            return_exceptions=True,
        )
        keys = sorted(r.key if isinstance(r, ServiceError) else "ok" for r in results)
        assert keys == ["ok", "service.stale"]
        assert len(await first_store.moves(game_id)) == 1


async def test_typed_moves_racing_are_revalidated(service: GameService, store: Store) -> None:
    game_id = await running_nim(service, ALICE, BOB, stones=20)
    results = await asyncio.gather(
        service.play(game_id, ALICE.user_id, "take1"),
        service.play(game_id, ALICE.user_id, "take1"),
        return_exceptions=True,
    )
    keys = sorted(r.key if isinstance(r, ServiceError) else "ok" for r in results)
    # The loser is checked again on the new state, where it is Bob's turn.
    assert keys == ["ok", "service.not_your_turn"]
    assert len(await store.moves(game_id)) == 1


async def test_restart_resumes_the_game_equal_to_its_replay(
    service: GameService, db_path: Path
) -> None:
    game_id = await running_nim(service, ALICE, BOB, CAROL, stones=30)
    for seat in (ALICE, BOB, CAROL, ALICE):
        await service.play(game_id, seat.user_id, "take2")
    before = await service.public_view(game_id)
    async with Store(db_path) as store:
        again = GameService(store)
        info = await again.game(game_id)
        assert info.version == 4 and info.to_act == (BOB.user_id,)
        assert await again.public_view(game_id) == before
        row = await store.game(game_id)
        assert row is not None and row.snapshot is not None
        moves = await store.moves(game_id)
        replayed = registry.get("nim").replay(
            [s.user_id for s in row.seats], row.seed, row.options, [(m.seat, m.code) for m in moves]
        )
        assert from_json(row.snapshot) == replayed
        result = await again.play(game_id, BOB.user_id, "take1", expected_version=4)
        assert result.game.version == 5


async def test_a_wrong_snapshot_is_repaired_from_the_log(
    service: GameService, db_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    game_id = await running_nim(service, ALICE, BOB, stones=30)
    await service.play(game_id, ALICE.user_id, "take2")
    async with Store(db_path) as store:
        row = await store.game(game_id)
        assert row is not None and row.snapshot is not None
        tampered = row.snapshot.replace('"stones":', '"stones":1')
        assert tampered != row.snapshot
        await store.repair_snapshot(game_id, 1, tampered)
        with caplog.at_level(logging.WARNING, logger="campfire.service.loader"):
            view = await GameService(store).public_view(game_id)
        assert "trusting the log" in caplog.text
        assert view == await service.public_view(game_id)
        fixed = await store.game(game_id)
        assert fixed is not None and fixed.snapshot == row.snapshot


async def test_a_snapshot_in_an_older_layout_is_remade_without_a_warning(
    service: GameService, db_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """Nim's data moved to the kit's turn and end keys (form 2): a game stored before,
    whose snapshot has the first layout, still loads, plays on and passes the audit."""
    game_id = await running_nim(service, ALICE, BOB, stones=30)
    await service.play(game_id, ALICE.user_id, "take2")
    async with Store(db_path) as store:
        row = await store.game(game_id)
        assert row is not None and row.snapshot is not None
        now = json.loads(row.snapshot)
        assert now["form"] == 2
        first = {key: value for key, value in now.items() if key != "form"}
        data = now["data"]
        first["data"] = {
            "stones": data["stones"],
            "start": data["start"],
            "turn": 1,
            "taken": data["taken"],
            "winner": None,
        }
        await store.repair_snapshot(game_id, 1, json.dumps(first))
        assert (await audit_game(store, game_id)).problems == ()
        with caplog.at_level(logging.INFO, logger="campfire.service.loader"):
            fresh = GameService(store)
            [listed] = await fresh.games_of_user(BOB.user_id)
            view = await fresh.public_view(game_id)
        assert "older layout" in caplog.text and "trusting the log" not in caplog.text
        assert listed.to_act == (BOB.user_id,)
        assert view == await service.public_view(game_id)
        remade = await store.game(game_id)
        assert remade is not None and remade.snapshot == row.snapshot
        await fresh.play(game_id, BOB.user_id, "take3")
        assert (await audit_game(store, game_id)).problems == ()


async def test_a_log_that_no_longer_replays_is_reported(
    service: GameService, db_path: Path
) -> None:
    game_id = await running_nim(service, ALICE, BOB, stones=30)
    await service.play(game_id, ALICE.user_id, "take2")
    async with Store(db_path) as store:
        await store.db.execute("DROP TRIGGER moves_no_update")
        await store.db.execute("UPDATE moves SET code = 'take7' WHERE game_id = ?", (game_id,))
        with pytest.raises(ServiceError) as broken:
            await GameService(store).public_view(game_id)
        assert broken.value.key == "service.corrupt"


async def test_the_state_cache_is_bounded(store: Store, nim: None) -> None:
    service = GameService(store, cache_size=2)
    ids = [await running_nim(service, ALICE, BOB) for _ in range(4)]
    for game_id in ids:
        await service.public_view(game_id)
    assert len(service.pipeline.cache) == 2
    assert ids[-1] in service.pipeline.cache and ids[0] not in service.pipeline.cache


async def test_last_seat_taken_from_two_processes_goes_to_one(db_path: Path, nim: None) -> None:
    async with Store(db_path) as first_store, Store(db_path) as second_store:
        first, second = GameService(first_store), GameService(second_store)
        lobby = await first.create_lobby(
            rules="nim", options={}, guild_id="g", channel_id="c", creator=ALICE, max_seats=2
        )
        results = await asyncio.gather(
            first.join(lobby.id, BOB), second.join(lobby.id, CAROL), return_exceptions=True
        )
        keys = sorted(r.key if isinstance(r, ServiceError) else "ok" for r in results)
        assert keys == ["ok", "service.lobby_full"]
        assert len((await first.game(lobby.id)).seats) == 2
