"""Rematch: a finished game's button opens one lobby in the same channel with the same
rules, options and seat limit; its players join it; the start rotates the seats."""

from __future__ import annotations

import pytest

from bot.service import GameService, Player, ServiceError
from tests.bot.conftest import ALICE, BOB, CAROL, DAVE, running_nim


async def finished_nim(service: GameService, *players: Player) -> int:
    game_id = await running_nim(service, *players, stones=6)
    while (info := await service.game(game_id)).status == "running":
        await service.play(game_id, info.to_act[0], "take1")
    return game_id


async def test_rematch_opens_one_lobby_then_joins_it_and_rotates_the_seats(
    service: GameService,
) -> None:
    old_id = await finished_nim(service, ALICE, BOB, CAROL)
    old = await service.game(old_id)
    first = await service.rematch(old_id, BOB)
    lobby = first.game
    assert first.opened and lobby.status == "lobby" and lobby.id != old_id
    assert (lobby.rules, lobby.channel_id, lobby.guild_id) == (old.rules, old.channel_id, "g1")
    assert lobby.options == old.options and lobby.max_seats == old.max_seats
    assert [s.user_id for s in lobby.seats] == [BOB.user_id]
    assert first.invited == (ALICE.user_id, CAROL.user_id)

    again = await service.rematch(old_id, CAROL)
    assert not again.opened and again.game.id == lobby.id and again.invited == (ALICE.user_id,)
    assert (await service.rematch(old_id, CAROL)).game.id == lobby.id  # already seated
    await service.join(lobby.id, ALICE)
    await service.join(lobby.id, DAVE)  # a newcomer sits after the rotated order
    started = await service.start(lobby.id, BOB.user_id)
    before = [s.user_id for s in old.seats]
    assert [s.user_id for s in started.game.seats] == [*before[1:], before[0], DAVE.user_id]


async def test_rematch_needs_a_finished_game_and_one_of_its_players(
    service: GameService,
) -> None:
    running = await running_nim(service, ALICE, BOB)
    with pytest.raises(ServiceError) as not_over:
        await service.rematch(running, ALICE)
    assert not_over.value.key == "service.not_over"
    over = await finished_nim(service, ALICE, BOB)
    with pytest.raises(ServiceError) as stranger:
        await service.rematch(over, CAROL)
    assert stranger.value.key == "service.not_in_game"


async def test_a_rematch_of_a_rematch_rotates_again(service: GameService) -> None:
    old_id = await finished_nim(service, ALICE, BOB)
    order = [s.user_id for s in (await service.game(old_id)).seats]
    lobby = (await service.rematch(old_id, ALICE)).game
    await service.join(lobby.id, BOB)
    await service.start(lobby.id, ALICE.user_id)
    while (info := await service.game(lobby.id)).status == "running":
        await service.play(lobby.id, info.to_act[0], "take1")
    assert [s.user_id for s in info.seats] == order[::-1]
    third = (await service.rematch(lobby.id, BOB)).game
    await service.join(third.id, ALICE)
    started = await service.start(third.id, BOB.user_id)
    assert [s.user_id for s in started.game.seats] == order
