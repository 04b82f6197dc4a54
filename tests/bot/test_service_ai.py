"""AI seats in the service: seated in the lobby, their decisions stored one entry each,
the clock's ``auto`` policy, the all-AI table refused, AI seats unrated."""

from __future__ import annotations

import pytest

from bot.service import GameOver, GameService, MoveApplied, Player, ServiceError
from bot.service.robots import ai_name, ai_seed, is_ai_seat
from tests.bot.conftest import ALICE, BOB


async def play_ai(service: GameService, game_id: int) -> list[MoveApplied]:
    played = []
    while (result := await service.robots.move(game_id)) is not None:
        played += [e for e in result.events if isinstance(e, MoveApplied)]
    return played


async def test_one_person_and_two_ai_seats_play_nim_to_the_end(service: GameService) -> None:
    lobby = await service.create_lobby(
        rules="nim",
        options={"stones": 9},
        guild_id="g1",
        channel_id="c1",
        creator=ALICE,
        ai=2,
        ai_level="greedy",
    )
    assert [p.user_id for p in lobby.seats] == ["u1", "ai-1-greedy", "ai-2-greedy"]
    assert [p.ai_level for p in lobby.seats] == [None, "greedy", "greedy"]
    assert lobby.name_of("ai-2-greedy") == "AI 2 (greedy)"
    await service.start(lobby.id, "u1", shuffle_seats=False)
    for _ in range(20):
        game = await service.game(lobby.id)
        if game.status != "running":
            break
        assert game.to_act == ("u1",)  # the AI seats played at once
        moves = await service.legal_moves(lobby.id, "u1")
        await service.play(lobby.id, "u1", moves[0].code)
        played = await play_ai(service, lobby.id)
        assert all(is_ai_seat(e.seat) for e in played)
    game = await service.game(lobby.id)
    assert game.status == "over"
    assert {p.seat for p in await service.results(lobby.id)} == {"u1", "ai-1-greedy", "ai-2-greedy"}
    row = await service.store.game(lobby.id)
    assert row is not None and not row.clocks
    standings = await service.standings("g1", "nim", "u1")
    assert standings.players == 0  # one person and two AI seats: nobody to rate against


async def test_ai_decisions_are_seeded_by_game_seed_and_revision(service: GameService) -> None:
    assert ai_seed("abc", 7) == "abc:ai:7"
    assert ai_name("ai-3-strong", "fr") == "IA 3 (fort)"
    assert ai_name("u1") == "u1"


async def test_only_the_creator_adds_an_ai_and_bad_levels_are_refused(
    service: GameService,
) -> None:
    lobby = await service.create_lobby(
        rules="nim", options={}, guild_id="g1", channel_id="c1", creator=ALICE
    )
    await service.join(lobby.id, BOB)
    with pytest.raises(ServiceError) as stranger:
        await service.robots.add(lobby.id, "u2")
    assert stranger.value.key == "service.not_creator"
    with pytest.raises(ServiceError) as level:
        await service.robots.add(lobby.id, "u1", "genius")
    assert level.value.key == "service.bad_ai_level"
    added = await service.robots.add(lobby.id, "u1", "random")
    assert added.seats[-1].user_id == "ai-1-random"
    with pytest.raises(ServiceError) as forged:
        await service.join(lobby.id, ALICE.__class__("ai-2-greedy", "x"))
    assert forged.value.key == "service.not_allowed"


async def test_the_creator_removes_the_last_ai_seat(service: GameService) -> None:
    lobby = await service.create_lobby(
        rules="nim", options={}, guild_id="g1", channel_id="c1", creator=ALICE, ai=2
    )
    await service.join(lobby.id, BOB)
    with pytest.raises(ServiceError) as stranger:
        await service.robots.remove(lobby.id, "u2")
    assert stranger.value.key == "service.not_creator"
    left = await service.robots.remove(lobby.id, "u1")
    assert [p.user_id for p in left.seats] == ["u1", "ai-1-greedy", "u2"]
    again = await service.robots.add(lobby.id, "u1", "random")
    assert again.seats[-1].user_id == "ai-2-random"  # the freed number is used again
    await service.robots.remove(lobby.id, "u1")
    await service.robots.remove(lobby.id, "u1")
    with pytest.raises(ServiceError) as none_left:
        await service.robots.remove(lobby.id, "u1")
    assert none_left.value.key == "service.no_ai_seat"
    await service.start(lobby.id, "u1")
    with pytest.raises(ServiceError) as started:
        await service.robots.remove(lobby.id, "u1")
    assert started.value.key == "service.not_lobby"


async def test_a_table_of_ai_players_only_is_refused(service: GameService) -> None:
    with pytest.raises(ServiceError) as too_many:
        await service.create_lobby(
            rules="nim", options={}, guild_id="g1", channel_id="c1", creator=ALICE, ai=9
        )
    assert too_many.value.key == "service.ai_too_many"
    lobby = await service.create_lobby(
        rules="nim", options={}, guild_id="g1", channel_id="c1", creator=ALICE, ai=1
    )
    # The creator leaving hands the lobby to a person only: here nobody, so it closes.
    assert (await service.leave(lobby.id, "u1")).status == "aborted"


async def test_a_rematch_seats_the_ai_again(
    service: GameService,
) -> None:
    lobby = await service.create_lobby(
        rules="nim", options={"stones": 3}, guild_id="g1", channel_id="c1", creator=ALICE, ai=1
    )
    await service.start(lobby.id, "u1", shuffle_seats=False)
    while (await service.game(lobby.id)).status == "running":
        if await service.robots.move(lobby.id) is None:
            moves = await service.legal_moves(lobby.id, "u1")
            await service.play(lobby.id, "u1", moves[0].code)
    rematch = await service.rematch(lobby.id, ALICE)
    assert [p.user_id for p in rematch.game.seats] == ["u1", "ai-1-greedy"]
    assert rematch.invited == ()


async def test_an_undo_does_not_wait_for_the_ai_seats(service: GameService) -> None:
    lobby = await service.create_lobby(
        rules="nim", options={"stones": 9}, guild_id="g1", channel_id="c1", creator=ALICE, ai=1
    )
    await service.start(lobby.id, "u1", shuffle_seats=False)
    await service.play(lobby.id, "u1", "take1")  # before the AI seat answers
    answer = await service.undos.request(lobby.id, "u1")
    assert answer.status == "undone"


async def test_a_table_of_ai_seats_only_is_advanced_to_its_end(service: GameService) -> None:
    """The arena's table: the creator's seat is an AI's (its id says its level), and
    ``GameService.advance`` plays every seat until the game ends."""
    creator = Player("ai-1-random", "ai-1-random")
    with pytest.raises(ServiceError) as refused:
        await service.create_lobby(
            rules="nim",
            options={},
            guild_id=None,
            channel_id="c",
            creator=Player("ai-1-best", "x"),
        )
    assert refused.value.key == "service.bad_ai_level"
    lobby = await service.create_lobby(
        rules="nim", options={"stones": 9}, guild_id=None, channel_id="c", creator=creator
    )
    await service.robots.add(lobby.id, creator.user_id, "greedy")
    with pytest.raises(ServiceError) as all_ai:
        await service.start(lobby.id, creator.user_id)
    assert all_ai.value.key == "service.all_ai"  # Discord never starts one
    started = await service.start(lobby.id, creator.user_id, shuffle_seats=False, allow_all_ai=True)
    assert [(p.user_id, p.ai_level) for p in started.game.seats] == [
        ("ai-1-random", "random"),
        ("ai-2-greedy", "greedy"),
    ]
    result = await service.advance(started.game)
    assert result is not None and result.game.status == "over"
    assert any(isinstance(e, GameOver) for e in result.events)
