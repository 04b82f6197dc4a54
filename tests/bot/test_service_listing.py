"""Lists of games (autocomplete, /campfire games) never replay whole logs."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.service import GameService
from bot.store import Store
from tests.bot.conftest import ALICE, BOB, FakeClock, seeds


async def test_listing_takes_whose_turn_from_the_snapshot_not_a_replay(
    db_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    store = await Store.open(db_path)
    service = GameService(store, seed_source=seeds("list"), clock=FakeClock())
    lobby = await service.create_lobby(
        rules="origin-junior", options={}, guild_id="g", channel_id="c", creator=ALICE
    )
    await service.join(lobby.id, BOB)
    info = (await service.start(lobby.id, ALICE.user_id)).game
    for _ in range(6):
        seat = info.to_act[0]
        moves = await service.legal_moves(info.id, seat)
        info = (await service.play(info.id, seat, moves[0].code)).game
    await store.close()

    # a fresh service (restart): nothing cached; a listing must not read the move log
    store = await Store.open(db_path)
    fresh = GameService(store, seed_source=seeds("list2"), clock=FakeClock())

    async def no_log(game_id: int) -> list[object]:
        raise AssertionError("a listing replayed the log")

    monkeypatch.setattr(store, "moves", no_log)
    listed = await fresh.games_of_user(BOB.user_id)
    assert [g.id for g in listed] == [info.id]
    assert listed[0].to_act == info.to_act and listed[0].version == info.version
    in_channel = await fresh.games_in_channel("c")
    assert in_channel[0].to_act == info.to_act
    monkeypatch.undo()
    # the game itself still goes through the replay, which checks the snapshot
    assert (await fresh.game(info.id)).to_act == info.to_act
    await store.close()


async def test_catching_up_lists_only_the_running_games_behind_their_table(
    db_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    store = await Store.open(db_path)
    service = GameService(store, seed_source=seeds("behind"), clock=FakeClock())
    games = []
    for _ in range(4):
        lobby = await service.create_lobby(
            rules="origin-junior", options={}, guild_id="g", channel_id="c", creator=ALICE
        )
        await service.join(lobby.id, BOB)
        info = (await service.start(lobby.id, ALICE.user_id)).game
        seat = info.to_act[0]
        moves = await service.legal_moves(info.id, seat)
        games.append((await service.play(info.id, seat, moves[0].code)).game)
    up_to_date, behind, never, aborted = games
    await service.set_message(up_to_date.id, "announced", str(up_to_date.version))
    await service.set_message(behind.id, "announced", str(behind.version - 1))
    await service.set_message(aborted.id, "announced", "0")
    await service.abort(aborted.id, ALICE.user_id)

    async def every_running_game() -> list[object]:
        raise AssertionError("catching up read every running game")

    monkeypatch.setattr(store, "running_games", every_running_game)
    found = await service.running_games_behind("announced")
    assert [g.id for g in found] == [behind.id]
    assert found[0].to_act == behind.to_act and found[0].version == behind.version
    assert never.id not in [g.id for g in found]
    await store.close()
