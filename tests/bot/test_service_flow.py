"""The service end to end on Nim: lobby, start, a whole game, views, scores, history."""

from __future__ import annotations

import pytest

from bot.service import GameOver, GameService, MoveApplied, ServiceError, TurnStarted
from bot.service.endings import seeded_seat_order
from rules.base import InvalidOptions
from tests.bot.conftest import ALICE, BOB, CAROL, DAVE, nim_lobby, running_nim


async def test_create_lobby_seats_the_creator_and_fills_default_options(
    service: GameService,
) -> None:
    info = await service.create_lobby(
        rules="nim", options=None, guild_id="g1", channel_id="c1", creator=ALICE
    )
    assert info.status == "lobby"
    assert info.seats == (ALICE,)
    assert info.creator == ALICE.user_id
    assert info.options == {"stones": 15}
    assert (info.min_seats, info.max_seats) == (2, 4)
    assert info.version == 0 and info.to_act == ()
    assert info.seed == "seed0"


async def test_create_lobby_rejects_unknown_game_and_bad_options(service: GameService) -> None:
    with pytest.raises(InvalidOptions) as unknown:
        await service.create_lobby(
            rules="chess", options={}, guild_id=None, channel_id="c1", creator=ALICE
        )
    assert unknown.value.key == "game.unknown"
    with pytest.raises(InvalidOptions) as bad:
        await service.create_lobby(
            rules="nim", options={"stones": 999}, guild_id=None, channel_id="c1", creator=ALICE
        )
    assert bad.value.key == "options.out_of_range"
    with pytest.raises(ServiceError) as limit:
        await service.create_lobby(
            rules="nim", options={}, guild_id=None, channel_id="c1", creator=ALICE, max_seats=9
        )
    assert limit.value.key == "service.bad_seat_limit"
    assert await service.games_in_channel("c1") == []


async def test_join_leave_and_full_lobby(service: GameService) -> None:
    info = await service.create_lobby(
        rules="nim", options={}, guild_id="g1", channel_id="c1", creator=ALICE, max_seats=3
    )
    await service.join(info.id, BOB)
    with pytest.raises(ServiceError) as again:
        await service.join(info.id, BOB)
    assert again.value.key == "service.already_joined"
    full = await service.join(info.id, CAROL)
    assert [p.user_id for p in full.seats] == ["u1", "u2", "u3"]
    with pytest.raises(ServiceError) as no_room:
        await service.join(info.id, DAVE)
    assert no_room.value.key == "service.lobby_full"
    assert no_room.value.params == {"max": 3}
    after = await service.leave(info.id, BOB.user_id)
    assert [p.user_id for p in after.seats] == ["u1", "u3"]
    with pytest.raises(ServiceError) as not_seated:
        await service.leave(info.id, BOB.user_id)
    assert not_seated.value.key == "service.not_in_game"


async def test_creator_leaving_hands_the_lobby_over_then_closes_it(service: GameService) -> None:
    info = await nim_lobby(service)
    await service.join(info.id, BOB)
    await service.join(info.id, CAROL)
    handed = await service.leave(info.id, ALICE.user_id)
    assert handed.creator == BOB.user_id and handed.status == "lobby"
    await service.leave(info.id, CAROL.user_id)
    closed = await service.leave(info.id, BOB.user_id)
    assert closed.status == "aborted"
    assert await service.games_in_channel("c1") == []


async def test_start_needs_the_creator_and_enough_players(service: GameService) -> None:
    info = await nim_lobby(service)
    with pytest.raises(ServiceError) as few:
        await service.start(info.id, ALICE.user_id)
    assert few.value.key == "service.not_enough_players"
    assert few.value.params == {"count": 1, "min": 2}
    await service.join(info.id, BOB)
    with pytest.raises(ServiceError) as not_creator:
        await service.start(info.id, BOB.user_id)
    assert not_creator.value.key == "service.not_creator"
    result = await service.start(info.id, ALICE.user_id)
    assert result.game.status == "running"
    assert result.events == (TurnStarted(info.id, result.game.to_act, 0, result.game.to_act),)
    assert len(result.game.to_act) == 1
    with pytest.raises(ServiceError) as late:
        await service.join(info.id, CAROL)
    assert late.value.key == "service.not_lobby"


async def test_shuffled_seat_order_is_reproducible_from_the_seed(service: GameService) -> None:
    orders = []
    for _ in range(2):
        info = await nim_lobby(service)
        for player in (BOB, CAROL, DAVE):
            await service.join(info.id, player)
        started = await service.start(info.id, ALICE.user_id)
        orders.append([p.user_id for p in started.game.seats])
    assert sorted(orders[0]) == ["u1", "u2", "u3", "u4"]
    # the order is the seeded shuffle of the join order, for each game's own seed
    assert seeded_seat_order(["u1", "u2", "u3", "u4"], "seed0") == orders[0]
    assert seeded_seat_order(["u1", "u2", "u3", "u4"], "seed1") == orders[1]


async def test_a_whole_game_of_nim_through_the_service(service: GameService) -> None:
    game_id = await running_nim(service, ALICE, BOB, stones=5)
    events = []
    while (info := await service.game(game_id)).status == "running":
        seat = info.to_act[0]
        moves = await service.legal_moves(game_id, seat)
        assert moves and [m.code for m in moves][0] == "take1"
        other = next(p.user_id for p in info.seats if p.user_id != seat)
        assert await service.legal_moves(game_id, other) == []
        result = await service.play(game_id, seat, moves[-1].code, expected_version=info.version)
        events.extend(result.events)
        assert result.game.version == info.version + 1
    assert isinstance(events[-1], GameOver)
    over = events[-1]
    outcome = await service.outcome(game_id)
    assert outcome == over.outcome
    assert len(outcome.winners) == 1
    assert over.scores.total(outcome.winners[0]) == 1
    applied = [e for e in events if isinstance(e, MoveApplied)]
    history = await service.history(game_id)
    assert [(h.seat, h.code) for h in history] == [(e.seat, e.code) for e in applied]
    assert [h.label for h in history] == [e.label for e in applied]
    assert all(
        isinstance(e, TurnStarted) for e in events if not isinstance(e, MoveApplied | GameOver)
    )
    with pytest.raises(ServiceError) as done:
        await service.play(game_id, ALICE.user_id, "take1")
    assert done.value.key == "service.not_running"
    assert await service.games_of_user(ALICE.user_id) == []
    assert [g.id for g in await service.games_of_user(ALICE.user_id, active_only=False)] == [
        game_id
    ]


async def test_forgiving_text_and_labels(service: GameService) -> None:
    game_id = await running_nim(service, ALICE, BOB, stones=10)
    result = await service.play(game_id, ALICE.user_id, "TAKE2")
    applied = result.events[0]
    assert isinstance(applied, MoveApplied)
    assert (applied.code, applied.version) == ("take2", 1)
    assert result.events[1] == TurnStarted(game_id, (BOB.user_id,), 1, (BOB.user_id,))


async def test_views_scores_and_messages(service: GameService) -> None:
    game_id = await running_nim(service, ALICE, BOB)
    public = await service.public_view(game_id)
    assert public["to_act"] == [ALICE.user_id]
    assert await service.private_view(game_id, BOB.user_id) == public
    with pytest.raises(ServiceError) as outsider:
        await service.private_view(game_id, CAROL.user_id)
    assert outsider.value.key == "service.not_in_game"
    sheet = await service.scores(game_id)
    assert sheet.totals() == {"u1": 0, "u2": 0} and not sheet.final
    await service.set_thread(game_id, "t9")
    assert (await service.game_for_thread("t9")).id == game_id
    assert await service.game_for_thread("nope") is None
    await service.set_message(game_id, "turn", "m1")
    await service.set_message(game_id, "turn", "m2")
    await service.set_message(game_id, "board", "m3")
    assert await service.messages(game_id) == {"board": "m3", "turn": "m2"}


async def test_lobby_has_no_board_yet(service: GameService) -> None:
    info = await nim_lobby(service)
    for call in (service.public_view(info.id), service.scores(info.id)):
        with pytest.raises(ServiceError) as early:
            await call
        assert early.value.key == "service.not_started"
    assert await service.outcome(info.id) is None
    assert await service.legal_moves(info.id, ALICE.user_id) == []


async def test_guild_language(service: GameService) -> None:
    assert await service.guild_language("g1") is None
    assert await service.guild_language(None) is None
    await service.set_guild_language("g1", "fr")
    assert await service.guild_language("g1") == "fr"
    with pytest.raises(InvalidOptions):
        await service.set_guild_language("g1", "de")
    assert await service.guild_language("g1") == "fr"
