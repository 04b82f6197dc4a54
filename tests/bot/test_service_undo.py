"""Undo with consent: the last mover asks, every other seat playing must agree before
anyone moves; refused at once when the move revealed anything; the undone entry stays
in the store's audit record and the replay stays exact."""

from __future__ import annotations

import threading
from typing import Any

import pytest

from bot.service import GameService, ServiceError, TurnStarted
from bot.store import Store
from rules import registry, rng
from rules.base import Game, from_json
from tests.bot.conftest import ALICE, BOB, CAROL, FakeClock, running_nim, seeds


async def _error(call: Any) -> str:
    with pytest.raises(ServiceError) as caught:
        await call
    return caught.value.key


async def test_all_agree_and_the_last_move_is_taken_back(service: GameService) -> None:
    game_id = await running_nim(service, ALICE, BOB, CAROL)
    before = await service.public_view(game_id)
    await service.play(game_id, ALICE.user_id, "take2")
    asked = await service.undos.request(game_id, ALICE.user_id)
    assert asked.status == "waiting" and asked.request.waiting == (BOB.user_id, CAROL.user_id)
    assert asked.request.version == 1
    assert await service.undos.pending(game_id) == asked.request
    first = await service.undos.answer(game_id, BOB.user_id, True, version=1)
    assert first.status == "waiting" and first.request.agreed == (BOB.user_id,)
    assert await _error(service.undos.answer(game_id, BOB.user_id, True)) == (
        "service.undo_not_asked"
    )
    done = await service.undos.answer(game_id, CAROL.user_id, True, version=1)
    assert done.status == "undone" and done.result is not None
    info = done.result.game
    assert info.version == 2 and info.to_act == (ALICE.user_id,)
    (turn,) = done.result.events
    assert isinstance(turn, TurnStarted) and turn.new_seats == (ALICE.user_id,)
    after = await service.public_view(game_id)
    assert after["stones"] == before["stones"]
    assert await service.history(game_id) == []
    undone = await service.store.undone_moves(game_id)
    assert [(m.seat, m.code) for m in undone] == [(ALICE.user_id, "take2")]
    assert await service.undos.pending(game_id) is None
    # The game goes on from there, and a fresh service (a restart) replays it alike.
    await service.play(game_id, ALICE.user_id, "take1")
    fresh = GameService(service.store, seed_source=seeds(), clock=FakeClock())
    assert await fresh.public_view(game_id) == await service.public_view(game_id)
    assert (await fresh.game(game_id)).version == 3


async def test_one_refusal_ends_the_request(service: GameService) -> None:
    game_id = await running_nim(service, ALICE, BOB, CAROL)
    await service.play(game_id, ALICE.user_id, "take1")
    await service.undos.request(game_id, ALICE.user_id)
    refused = await service.undos.answer(game_id, CAROL.user_id, False)
    assert refused.status == "refused" and refused.by == CAROL.user_id
    assert await _error(service.undos.answer(game_id, BOB.user_id, True)) == (
        "service.undo_expired"
    )
    assert (await service.game(game_id)).version == 1
    assert len(await service.history(game_id)) == 1


async def test_the_request_expires_when_anyone_moves(service: GameService) -> None:
    game_id = await running_nim(service, ALICE, BOB, CAROL)
    await service.play(game_id, ALICE.user_id, "take1")
    asked = await service.undos.request(game_id, ALICE.user_id)
    await service.play(game_id, BOB.user_id, "take1")
    assert await service.undos.pending(game_id) is None
    assert await _error(service.undos.answer(game_id, CAROL.user_id, True)) == (
        "service.undo_expired"
    )
    # A stale answer (a button of the old revision) after a new request is refused too.
    await service.undos.request(game_id, BOB.user_id)
    stale = service.undos.answer(game_id, CAROL.user_id, True, version=asked.request.version)
    assert await _error(stale) == "service.undo_expired"
    assert len(await service.history(game_id)) == 2


async def test_the_request_expires_in_another_process_too(store: Store, nim: None) -> None:
    """Requests live in one process; the revision check catches a move made elsewhere."""
    here = GameService(store, seed_source=seeds(), clock=FakeClock())
    there = GameService(store, seed_source=seeds("other"), clock=FakeClock())
    game_id = await running_nim(here, ALICE, BOB)
    await here.play(game_id, ALICE.user_id, "take1")
    await here.undos.request(game_id, ALICE.user_id)
    await there.play(game_id, BOB.user_id, "take1")
    assert await _error(here.undos.answer(game_id, BOB.user_id, True)) == "service.undo_expired"


async def test_who_may_ask(service: GameService) -> None:
    game_id = await running_nim(service, ALICE, BOB)
    assert await _error(service.undos.request(game_id, ALICE.user_id)) == "service.undo_nothing"
    await service.play(game_id, ALICE.user_id, "take1")
    assert await _error(service.undos.request(game_id, BOB.user_id)) == "service.undo_not_yours"
    assert await _error(service.undos.request(game_id, CAROL.user_id)) == "service.not_in_game"
    await service.undos.request(game_id, ALICE.user_id)
    assert await _error(service.undos.request(game_id, ALICE.user_id)) == "service.undo_pending"


async def test_a_move_that_moved_the_generator_is_refused_at_once(
    service: GameService, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A move that rolls dice (the RNG counter moves) is stored as not undoable."""
    nim = registry.get("nim")
    original = nim._apply

    def rolling(state: Any, seat: str, move: Any, record: Any) -> None:
        original(state, seat, move, record)
        if move.code == "take2":
            rng.randbelow(state, 6)

    monkeypatch.setattr(nim, "_apply", rolling)
    game_id = await running_nim(service, ALICE, BOB)
    await service.play(game_id, ALICE.user_id, "take2")
    assert await _error(service.undos.request(game_id, ALICE.user_id)) == "service.undo_revealed"
    await service.play(game_id, BOB.user_id, "take1")
    assert (await service.undos.request(game_id, BOB.user_id)).status == "waiting"


async def test_a_resignation_cannot_be_undone(service: GameService) -> None:
    game_id = await running_nim(service, ALICE, BOB, CAROL)
    await service.resign(game_id, ALICE.user_id)
    assert await _error(service.undos.request(game_id, ALICE.user_id)) == ("service.undo_revealed")


async def test_a_seat_that_left_is_not_asked(service: GameService) -> None:
    game_id = await running_nim(service, ALICE, BOB, CAROL)
    await service.resign(game_id, CAROL.user_id)
    to_act = (await service.game(game_id)).to_act[0]
    await service.play(game_id, to_act, "take1")
    asked = await service.undos.request(game_id, to_act)
    assert CAROL.user_id not in asked.request.waiting and len(asked.request.waiting) == 1


async def test_moving_onto_a_hidden_token_in_origin_junior_is_refused_at_once(
    service: GameService,
) -> None:
    """Issue 26: the mover saw the token's value; the request is refused before anyone
    is asked, and the move stands."""
    lobby = await service.create_lobby(
        rules="origin-junior", options={}, guild_id="g", channel_id="c", creator=ALICE
    )
    await service.join(lobby.id, BOB)
    await service.start(lobby.id, ALICE.user_id, shuffle_seats=False)
    game = registry.get("origin-junior")

    def tokens(data: dict[str, Any], me: int) -> int:
        return len(data["hunting_of"][me]) + len(data["straits_of"][me])

    for _ in range(200):
        info = await service.game(lobby.id)
        seat = info.to_act[0]
        row = await service.store.game(lobby.id)
        assert row is not None and row.snapshot is not None
        state = from_json(row.snapshot)
        me = state.seats.index(seat)
        legal = await service.legal_moves(lobby.id, seat)
        onto = [
            m
            for m in legal
            if tokens(game.apply(state, seat, m.code).data, me) > tokens(state.data, me)
        ]
        move = (onto or legal)[0]
        await service.play(lobby.id, seat, move.code, expected_version=info.version)
        if onto:
            assert await _error(service.undos.request(lobby.id, seat)) == "service.undo_revealed"
            assert await service.undos.pending(lobby.id) is None
            assert (await service.game(lobby.id)).version == info.version + 1
            return
    raise AssertionError("no move onto a token in 200 moves")


async def test_moves_store_the_upper_bound_and_the_request_judges_off_the_loop(
    service: GameService, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 26 point 1's cost: the full judgement (``Game._reveals``, tens of ms of CPU)
    runs only when an undo is asked, in a worker thread; a move stores the cheap upper
    bound, which is what the move's event says."""
    judged: list[bool] = []  # for each judgement: was it on the event loop's thread?
    original = Game._reveals

    def spy(self: Game, *args: Any, **kwargs: Any) -> bool:
        judged.append(threading.current_thread() is threading.main_thread())
        return original(self, *args, **kwargs)

    monkeypatch.setattr(Game, "_reveals", spy)
    game_id = await running_nim(service, ALICE, BOB, CAROL)
    played = await service.play(game_id, ALICE.user_id, "take2")
    await service.play(game_id, BOB.user_id, "take1")
    assert played.events[0].undoable and judged == []
    assert (await service.undos.request(game_id, BOB.user_id)).status == "waiting"
    assert judged == [False]
    await service.undos.answer(game_id, CAROL.user_id, False)
    assert (await service.undos.request(game_id, BOB.user_id)).status == "waiting"
    assert judged == [False]  # asked again at the same revision: judged once
