"""Races between moves: a move still legal after losing a race applies, and losing a
race never costs the winner's fresh state in the cache."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from bot.service import GameService, ServiceError, TurnStarted
from bot.store import Store
from tests.bot.conftest import ALICE, BOB, CAROL, DAVE, FakeClock, running_nim, seeds


async def _classic_for_four(service: GameService) -> int:
    lobby = await service.create_lobby(
        rules="origin", options={}, guild_id="g", channel_id="c", creator=ALICE
    )
    for player in (BOB, CAROL, DAVE):
        await service.join(lobby.id, player)
    started = await service.start(lobby.id, ALICE.user_id)
    assert len(started.game.to_act) == 4  # each seat keeps an objective, all at once
    return lobby.id


async def test_four_seats_choosing_at_once_all_apply(store: Store) -> None:
    service = GameService(store, seed_source=seeds("four"), clock=FakeClock())
    game_id = await _classic_for_four(service)
    seats = [p.user_id for p in (ALICE, BOB, CAROL, DAVE)]
    choices = {seat: (await service.legal_moves(game_id, seat))[0].code for seat in seats}
    results = await asyncio.gather(
        *(service.play(game_id, seat, choices[seat]) for seat in seats),
        return_exceptions=True,
    )
    assert [r for r in results if isinstance(r, BaseException)] == []
    info = await service.game(game_id)
    assert info.version == 4 and len(info.to_act) == 1
    assert sorted(m.seat for m in await store.moves(game_id)) == sorted(seats)
    # the round of choices is announced once, by the move that closed it, unless the
    # seat that closed it is the one to act next (it is not pinged for its own turn)
    events = [e for r in results if not isinstance(r, BaseException) for e in r.events]
    closer = max(await store.moves(game_id), key=lambda m: m.seq).seat
    expected = 0 if closer in info.to_act else 1
    assert len([e for e in events if isinstance(e, TurnStarted)]) == expected


async def test_a_typed_move_no_longer_legal_after_the_race_is_refused(
    service: GameService, store: Store
) -> None:
    game_id = await running_nim(service, ALICE, BOB, stones=20)
    results = await asyncio.gather(
        *(service.play(game_id, ALICE.user_id, "take1") for _ in range(5)),
        return_exceptions=True,
    )
    keys = sorted(r.key if isinstance(r, ServiceError) else "ok" for r in results)
    assert keys == ["ok"] + ["service.not_your_turn"] * 4
    assert len(await store.moves(game_id)) == 1


async def test_losing_a_race_keeps_the_winners_state_cached(
    service: GameService, store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    game_id = await running_nim(service, ALICE, BOB, stones=20)
    replays: list[int] = []
    real_moves = store.moves

    async def counted(game_id: int) -> Any:
        replays.append(game_id)
        return await real_moves(game_id)

    results = await asyncio.gather(
        service.play(game_id, ALICE.user_id, "take1", expected_version=0),
        service.play(game_id, ALICE.user_id, "take2", expected_version=0),
        return_exceptions=True,
    )
    assert sum(isinstance(r, ServiceError) for r in results) == 1
    assert service.pipeline.cache.get(game_id, 1) is not None
    # Counted from here: the loser may have read the game's row before the winner's
    # commit and its state after it, and rebuilt it (timing, not the cache's fault).
    monkeypatch.setattr(store, "moves", counted)
    await service.play(game_id, BOB.user_id, "take1")
    assert replays == []  # the winner's state stayed cached: the log is never replayed
