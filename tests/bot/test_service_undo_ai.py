"""Undo against AI seats (issue 27, point 4): AI seats agree at once, and the undo takes
back the AI replies together with the move when none of them revealed anything (judged
as the move itself: the stored upper bound first, the full judgement when asked). The
Undo button is offered (``Undos.offer``) only where a request could be granted."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

import pytest

from bot.service import GameService, ServiceError
from bot.service.robots import is_ai_seat
from bot.service.undo import taken_back
from bot.store import MoveRow
from rules import registry, rng
from rules.base import Text
from tests.bot.conftest import ALICE, BOB


async def _error(call: Any) -> str:
    with pytest.raises(ServiceError) as caught:
        await call
    return caught.value.key


async def _ai_nim(service: GameService, *, people: int = 1, ai: int = 2, stones: int = 12) -> int:
    """Nim with ALICE, then ``ai`` AI seats, then BOB when ``people`` is 2 (seat order
    kept); the AI seats to act first have played."""
    lobby = await service.create_lobby(
        rules="nim",
        options={"stones": stones},
        guild_id="g1",
        channel_id="c1",
        creator=ALICE,
        ai=ai,
    )
    if people == 2:
        await service.join(lobby.id, BOB)
    await service.start(lobby.id, ALICE.user_id, shuffle_seats=False)
    return lobby.id


async def _ai_replies(service: GameService, game_id: int) -> int:
    played = 0
    while await service.robots.move(game_id) is not None:
        played += 1
    return played


async def test_the_ai_replies_are_taken_back_with_the_move_at_once(service: GameService) -> None:
    game_id = await _ai_nim(service)
    before = await service.public_view(game_id)
    played = await service.play(game_id, ALICE.user_id, "take1")
    mine = played.game.version
    assert await service.undos.offer(game_id, ALICE.user_id) == mine
    assert await _ai_replies(service, game_id) == 2
    now = (await service.game(game_id)).version
    assert now == mine + 2 and await service.undos.offer(game_id, ALICE.user_id) == now
    # The button shown with the move (its own revision) still works after the replies.
    done = await service.undos.request(game_id, ALICE.user_id, version=mine)
    assert done.status == "undone" and done.request.count == 3 and done.result is not None
    assert done.result.game.to_act == (ALICE.user_id,)
    assert (await service.public_view(game_id))["stones"] == before["stones"]
    undone = await service.store.undone_moves(game_id)
    assert [m.seat for m in undone] == [ALICE.user_id, "ai-1-greedy", "ai-2-greedy"]
    assert await service.store.moves(game_id) == []
    # An old button (of the move taken back) is stale now.
    assert await _error(service.undos.request(game_id, ALICE.user_id, version=mine)) == (
        "service.undo_nothing"
    )


async def test_only_the_people_are_asked(service: GameService) -> None:
    game_id = await _ai_nim(service, people=2, ai=1)
    await service.play(game_id, ALICE.user_id, "take2")
    assert await _ai_replies(service, game_id) == 1
    asked = await service.undos.request(game_id, ALICE.user_id)
    assert asked.status == "waiting" and asked.request.waiting == (BOB.user_id,)
    assert asked.request.count == 2
    assert await _error(service.undos.request(game_id, BOB.user_id)) == "service.undo_not_yours"
    done = await service.undos.answer(game_id, BOB.user_id, True)
    assert done.status == "undone" and done.result is not None
    assert done.result.game.to_act == (ALICE.user_id,)
    assert [m.seat for m in await service.store.undone_moves(game_id)] == [
        ALICE.user_id,
        "ai-1-greedy",
    ]


async def test_a_button_from_before_the_move_or_after_an_undo_is_stale(
    service: GameService,
) -> None:
    game_id = await _ai_nim(service, people=2, ai=1)
    start = (await service.game(game_id)).version
    await service.play(game_id, ALICE.user_id, "take1")
    await _ai_replies(service, game_id)
    assert await _error(service.undos.request(game_id, ALICE.user_id, version=start)) == (
        "service.undo_expired"
    )
    assert await _error(service.undos.request(game_id, ALICE.user_id, version=99)) == (
        "service.undo_expired"
    )


async def test_an_ai_reply_that_rolled_dice_is_never_offered(
    service: GameService, monkeypatch: pytest.MonkeyPatch
) -> None:
    nim = registry.get("nim")
    original = nim._apply

    def rolling(state: Any, seat: str, move: Any, record: Any) -> None:
        original(state, seat, move, record)
        if is_ai_seat(seat):
            rng.randbelow(state, 6)

    monkeypatch.setattr(nim, "_apply", rolling)
    game_id = await _ai_nim(service, ai=1)
    await service.play(game_id, ALICE.user_id, "take1")
    assert await service.undos.offer(game_id, ALICE.user_id) is not None
    await _ai_replies(service, game_id)
    assert await service.undos.offer(game_id, ALICE.user_id) is None
    assert await _error(service.undos.request(game_id, ALICE.user_id)) == (
        "service.undo_ai_revealed"
    )
    assert (await service.game(game_id)).to_act == (ALICE.user_id,)


async def test_an_ai_reply_the_full_judgement_finds_revealing_is_refused(
    service: GameService, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The stored bound lets it through (the button is offered); the judgement at the
    request, which the rules run for the AI reply as for the move, refuses it."""
    nim = registry.get("nim")
    original = type(nim)._reveals

    def reveals(self: Any, before: Any, after: Any, seat: str, *args: Any, **kw: Any) -> bool:
        return is_ai_seat(seat) or original(self, before, after, seat, *args, **kw)

    monkeypatch.setattr(type(nim), "_reveals", reveals)
    game_id = await _ai_nim(service, ai=1)
    await service.play(game_id, ALICE.user_id, "take1")
    await _ai_replies(service, game_id)
    assert await service.undos.offer(game_id, ALICE.user_id) is not None
    assert await _error(service.undos.request(game_id, ALICE.user_id)) == (
        "service.undo_ai_revealed"
    )
    assert await service.store.undone_moves(game_id) == []


def test_what_an_undo_takes_back() -> None:
    """The seat's last entry and the AI replies after it; nothing when the last entry
    a person made is someone else's."""

    def log(*seats: str) -> list[MoveRow]:
        return [MoveRow(i, s, "take1", Text("x"), datetime.now(UTC)) for i, s in enumerate(seats)]

    ai = "ai-1-greedy"
    assert [m.seq for m in taken_back(log("u1", ai, "u1", ai, ai), "u1")] == [2, 3, 4]
    assert [m.seq for m in taken_back(log("u1", "u1"), "u1")] == [1]
    assert taken_back(log("u1", "u2", ai), "u1") == []
    assert taken_back(log(ai, ai), "u1") == []
    assert taken_back([], "u1") == []
