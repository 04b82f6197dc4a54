"""Resignation: the game ends, the resigner ranks last, the result survives restarts."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from bot.service import GameOver, GameService, ServiceError
from bot.store import Store
from tests.bot.conftest import ALICE, BOB, CAROL, running_nim


async def test_resigning_two_player_game_makes_the_other_win(service: GameService) -> None:
    game_id = await running_nim(service, ALICE, BOB)
    result = await service.resign(game_id, ALICE.user_id)
    assert result.game.status == "over" and result.game.resigned == ALICE.user_id
    (over,) = result.events
    assert isinstance(over, GameOver)
    assert over.outcome.ranking == ((BOB.user_id,), (ALICE.user_id,))
    assert over.outcome.termination.key == "termination.resigned"
    assert over.scores.final
    assert await service.outcome(game_id) == over.outcome
    with pytest.raises(ServiceError) as again:
        await service.resign(game_id, BOB.user_id)
    assert again.value.key == "service.not_running"


async def test_resigning_with_three_players_ranks_the_rest_by_score(
    service: GameService,
) -> None:
    game_id = await running_nim(service, ALICE, BOB, CAROL)
    result = await service.resign(game_id, BOB.user_id)
    (over,) = result.events
    assert isinstance(over, GameOver)
    # Nobody has won a point: Alice and Carol share first place, Bob is last alone.
    assert over.outcome.ranking == ((ALICE.user_id, CAROL.user_id), (BOB.user_id,))


async def test_outsider_cannot_resign(service: GameService) -> None:
    game_id = await running_nim(service, ALICE, BOB)
    with pytest.raises(ServiceError) as refused:
        await service.resign(game_id, CAROL.user_id)
    assert refused.value.key == "service.not_in_game"
    assert (await service.game(game_id)).status == "running"


async def test_resignation_survives_a_restart(service: GameService, db_path: Path) -> None:
    game_id = await running_nim(service, ALICE, BOB)
    await service.play(game_id, ALICE.user_id, "take1")
    first = await service.resign(game_id, BOB.user_id)
    async with Store(db_path) as store:
        again = GameService(store)
        assert await again.outcome(game_id) == first.events[0].outcome  # type: ignore[union-attr]
        assert (await again.game(game_id)).resigned == BOB.user_id


async def test_resigning_while_a_move_lands_reports_the_stored_state(
    service: GameService,
) -> None:
    game_id = await running_nim(service, ALICE, BOB, stones=20)
    played, resigned = await asyncio.gather(
        service.play(game_id, ALICE.user_id, "take3", expected_version=0),
        service.resign(game_id, BOB.user_id),
        return_exceptions=True,
    )
    assert not isinstance(resigned, BaseException)
    over = resigned.events[0]
    assert isinstance(over, GameOver)
    assert await service.outcome(game_id) == over.outcome
    assert over.outcome.ranking == ((ALICE.user_id,), (BOB.user_id,))
    info = await service.game(game_id)
    expected_version = 0 if isinstance(played, BaseException) else 1
    assert info.version == expected_version and info.status == "over"
