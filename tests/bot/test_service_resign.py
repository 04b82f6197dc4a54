"""Resignation: a log entry; the game ends (or, in a game that goes on without the seat,
continues), the resigner ranks last, the result survives restarts."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from bot.service import GameOver, GameService, MoveApplied, ServiceError, TurnStarted
from bot.store import ResultRow, Store
from tests.bot.conftest import ALICE, BOB, CAROL, running_nim


async def test_resigning_two_player_game_makes_the_other_win(service: GameService) -> None:
    game_id = await running_nim(service, ALICE, BOB)
    result = await service.resign(game_id, ALICE.user_id)
    assert result.game.status == "over" and result.game.resigned == ALICE.user_id
    entry, over = result.events
    assert isinstance(entry, MoveApplied) and entry.code == "!resign"
    assert isinstance(over, GameOver)
    assert over.outcome.ranking == ((BOB.user_id,), (ALICE.user_id,))
    assert over.outcome.termination.key == "termination.resigned"
    assert over.scores.final
    assert await service.outcome(game_id) == over.outcome
    with pytest.raises(ServiceError) as again:
        await service.resign(game_id, BOB.user_id)
    assert again.value.key == "service.not_running"
    assert await service.store.results(game_id) == [
        ResultRow(BOB.user_id, 1, 0),
        ResultRow(ALICE.user_id, 2, 0),
    ]
    history = await service.history(game_id)
    assert [(h.seat, h.code) for h in history] == [(ALICE.user_id, "!resign")]


async def test_in_nim_the_others_play_on_and_the_resigner_ranks_last(
    service: GameService,
) -> None:
    """Nim goes on without a seat while two stay (``continues_without_a_seat``)."""
    game_id = await running_nim(service, ALICE, BOB, CAROL)
    first = (await service.game(game_id)).to_act[0]
    result = await service.resign(game_id, first)
    entry, turn = result.events
    assert isinstance(entry, MoveApplied) and isinstance(turn, TurnStarted)
    assert result.game.status == "running" and first not in result.game.to_act
    while (info := await service.game(game_id)).status == "running":
        await service.play(game_id, info.to_act[0], "take3")
    outcome = await service.outcome(game_id)
    assert outcome is not None and outcome.ranking[-1] == (first,)
    assert len(outcome.ranking[0]) == 1 and first not in outcome.ranking[0]
    with pytest.raises(ServiceError):
        await service.play(game_id, first, "take1")


async def test_resigning_from_two_player_origin_ends_the_game(service: GameService) -> None:
    """Origin goes on without a seat while two stay; with one left it ends there."""
    info = await service.create_lobby(
        rules="origin-junior", options=None, guild_id="g", channel_id="c", creator=ALICE
    )
    await service.join(info.id, BOB)
    await service.start(info.id, ALICE.user_id)
    result = await service.resign(info.id, BOB.user_id)
    over = result.events[-1]
    assert isinstance(over, GameOver) and result.game.status == "over"
    assert over.outcome.ranking == ((ALICE.user_id,), (BOB.user_id,))
    assert over.outcome.termination.key == "termination.resigned"


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
        assert await again.outcome(game_id) == first.events[-1].outcome  # type: ignore[union-attr]
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
    over = resigned.events[-1]
    assert isinstance(over, GameOver)
    assert await service.outcome(game_id) == over.outcome
    assert over.outcome.ranking == ((ALICE.user_id,), (BOB.user_id,))
    info = await service.game(game_id)
    expected_version = 1 if isinstance(played, BaseException) else 2  # the resignation too
    assert info.version == expected_version and info.status == "over"
