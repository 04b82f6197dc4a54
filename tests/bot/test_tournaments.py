"""Tournaments through the service: opening one, registering, the organiser's rights,
withdrawing and substituting; on both backends."""

from __future__ import annotations

import asyncio
from datetime import timedelta

import pytest

from bot.service import GameService, Player, ServiceError
from bot.service.tournaments import Progress, TournamentInfo
from bot.store import GuildSettings, open_store
from campfire_testing.clock import FakeClock, seeds
from tests.bot.conftest import ALICE, BOB, CAROL, DAVE, running_nim

ERIN = Player("u5", "Erin")


async def open_nim(service: GameService, **kwargs: object) -> TournamentInfo:
    options = {
        "guild_id": "g1",
        "channel_id": "c1",
        "organiser": ALICE,
        "rules": "nim",
        "options": {"stones": 5},
        "format": "swiss",
        "rounds": 2,
    }
    options.update(kwargs)
    return await service.tournaments.open(**options)  # type: ignore[arg-type]


async def test_open_register_and_leave(service: GameService) -> None:
    info = await open_nim(service, cap=3, title="  Winter cup  ")
    assert (info.status, info.title, info.table_size, info.cap) == ("open", "Winter cup", 2, 3)
    for player in (BOB, CAROL, DAVE):
        info = await service.tournaments.register(info.id, player)
    assert [(e.place, e.user_id, e.status) for e in info.entries] == [
        ("p1", "u2", "registered"),
        ("p2", "u3", "registered"),
        ("p3", "u4", "registered"),
    ]
    with pytest.raises(ServiceError) as full:
        await service.tournaments.register(info.id, ERIN)
    assert full.value.key == "service.tournament.full"
    with pytest.raises(ServiceError) as again:
        await service.tournaments.register(info.id, BOB)
    assert again.value.key == "service.tournament.already"
    info = await service.tournaments.unregister(info.id, CAROL.user_id)
    assert [e.user_id for e in info.entries] == ["u2", "u4"]
    info = await service.tournaments.register(info.id, ERIN)
    assert info.entrant(ERIN.user_id) is not None
    assert info.entrant(ERIN.user_id).place == "p4"  # type: ignore[union-attr]
    with pytest.raises(ServiceError) as gone:
        await service.tournaments.unregister(info.id, CAROL.user_id)
    assert gone.value.key == "service.tournament.not_entered"
    listed = await service.tournaments.tournaments("g1")
    assert [t.id for t in listed] == [info.id]


async def test_bad_settings_are_refused_and_store_nothing(service: GameService) -> None:
    cases = [
        ({"format": "knockout"}, "service.tournament.bad_format"),
        ({"rounds": 0}, "service.tournament.bad_rounds"),
        ({"table_size": 5}, "service.tournament.bad_table"),
        ({"cap": 1}, "service.tournament.bad_cap"),
        ({"closes_at": service.now() - timedelta(hours=1)}, "service.tournament.bad_date"),
        ({"round_hours": 0}, "service.tournament.bad_deadline"),
        ({"min_completion": 120}, "service.fair.bad_completion"),
        ({"min_finished": 0}, "service.fair.bad_finished"),
        ({"clock_hours": 5}, "service.bad_clock"),
    ]
    for change, key in cases:
        with pytest.raises(ServiceError) as refused:
            await open_nim(service, **change)
        assert refused.value.key == key, change
    assert await service.tournaments.tournaments("g1", active_only=False) == []


async def test_only_an_organiser_starts_and_the_server_names_a_role(
    service: GameService,
) -> None:
    info = await open_nim(service)
    for player in (BOB, CAROL):
        await service.tournaments.register(info.id, player)
    with pytest.raises(ServiceError) as refused:
        await service.tournaments.start(info.id, BOB.user_id)
    assert refused.value.key == "service.tournament.not_organiser"
    assert not await service.tournaments.may_organise("g1", manage_server=False, roles=["r9"])
    await service.timing.save_guild_settings("g1", GuildSettings(organiser_role="r9"))
    assert await service.tournaments.may_organise("g1", manage_server=False, roles=["r9"])
    assert not await service.tournaments.may_organise("g1", manage_server=False, roles=["r1"])
    assert await service.tournaments.may_organise("g1", manage_server=True)


async def test_too_few_entrants_cannot_start(service: GameService) -> None:
    info = await open_nim(service)
    await service.tournaments.register(info.id, BOB)
    with pytest.raises(ServiceError) as refused:
        await service.tournaments.start(info.id, ALICE.user_id)
    assert (refused.value.key, refused.value.params) == ("service.tournament.too_few", {"min": 2})


async def test_an_entry_requirement_is_the_players_record_on_the_server(
    service: GameService,
) -> None:
    info = await open_nim(service, min_finished=1)
    assert (info.min_completion, info.min_finished) == (None, 1)
    with pytest.raises(ServiceError) as refused:
        await service.tournaments.register(info.id, BOB)
    assert refused.value.key == "service.fair.finished"
    game_id = await running_nim(service, BOB, CAROL, stones=3)
    await finish_game(service, game_id)
    info = await service.tournaments.register(info.id, BOB)
    assert [e.user_id for e in info.entries] == [BOB.user_id]
    strict = await open_nim(service, min_completion=100)
    await service.resign(await running_nim(service, CAROL, DAVE, stones=3), CAROL.user_id)
    with pytest.raises(ServiceError) as rate:
        await service.tournaments.register(strict.id, CAROL)
    assert rate.value.key == "service.fair.completion"
    await service.tournaments.register(strict.id, DAVE)


async def test_a_tables_game_is_opened_whatever_the_servers_cap_on_games(
    service: GameService,
) -> None:
    await service.timing.save_guild_settings("g1", GuildSettings(max_games=1))
    busy = await running_nim(service, ALICE, BOB, stones=9)
    info = await open_nim(service)
    for player in (ALICE, BOB):
        await service.tournaments.register(info.id, player)
    progress = await service.tournaments.start(info.id, ALICE.user_id)
    assert len(progress.opened) == 1
    assert (await service.game(busy)).status == "running"


async def finish_game(service: GameService, game_id: int) -> None:
    """The seats to act take the first legal move until the game ends."""
    while (game := await service.game(game_id)).status == "running":
        seat = game.to_act[0]
        await service.play(game_id, seat, (await service.legal_moves(game_id, seat))[0].code)


async def test_two_processes_on_one_database_do_each_step_once(database: str, nim: None) -> None:
    clock = FakeClock()
    stores = [await open_store(database), await open_store(database)]
    one, two = (
        GameService(s, seed_source=seeds(p), clock=clock) for s, p in zip(stores, "ab", strict=True)
    )
    info = await open_nim(one, closes_at=clock.now + timedelta(hours=1), options={"stones": 3})
    for player in (ALICE, BOB, CAROL, DAVE):
        await two.tournaments.register(info.id, player)
    clock.now += timedelta(hours=2)
    done = await asyncio.gather(one.tournaments.tick(), two.tournaments.tick())
    assert sorted(len(d) for d in done) == [0, 1]
    (progress,) = done[0] or done[1]
    assert progress.round == 1 and len(progress.opened) == 2
    assert {u for t in progress.opened for u in t.pings} == {"u1", "u2", "u3", "u4"}
    first, second = (t.game.id for t in progress.opened)
    # Both games of round 1 end at once, one in each process: round 2 opens once.
    await asyncio.gather(finish_game(one, first), finish_game(two, second))
    rounds = await one.tournaments.round_list(info.id)
    assert [len(r.tables) for r in rounds] == [2, 2]
    assert len(await stores[0].sessions.fetchall("SELECT id FROM games")) == 4
    for table in rounds[1].tables:
        assert table.game_id is not None
        await finish_game(two, table.game_id)
    assert (await one.tournaments.tournament(info.id)).status == "over"
    news = await asyncio.gather(one.tournaments.news(), two.tournaments.news())
    assert sorted(n.kind for got in news for n in got) == ["over", "round", "round"]
    assert len(await one.tournaments.standings(info.id)) == 4
    for store in stores:
        await store.close()


async def started_four(service: GameService) -> TournamentInfo:
    """A running Swiss of four (two tables), round 1 opened."""
    info = await open_nim(service, options={"stones": 9})
    for player in (ALICE, BOB, CAROL, DAVE):
        await service.tournaments.register(info.id, player)
    progress = await service.tournaments.start(info.id, ALICE.user_id, organiser=True)
    assert progress.round == 1 and len(progress.opened) == 2
    return progress.tournament


async def test_a_withdrawal_resigns_the_game_and_leaves_the_next_rounds(
    service: GameService,
) -> None:
    info = await started_four(service)
    (round1,) = await service.tournaments.round_list(info.id)
    table = round1.tables[0]
    quitter = table.players[1]
    someone = next(u for u in ("u2", "u3", "u4") if u != quitter)
    with pytest.raises(ServiceError) as refused:  # only an organiser withdraws another
        await service.tournaments.withdraw(info.id, quitter, by=someone)
    assert refused.value.key == "service.tournament.not_organiser"
    progress = await service.tournaments.withdraw(info.id, quitter)
    assert [r.game.status for r in progress.ended] == ["over"]
    (round1,) = await service.tournaments.round_list(info.id)
    ended = round1.tables[0]
    assert ended.ended and ended.forfeits == (table.places[1],)
    assert progress.tournament.entrant(quitter).status == "withdrawn"  # type: ignore[union-attr]
    with pytest.raises(ServiceError) as again:
        await service.tournaments.withdraw(info.id, quitter)
    assert again.value.key == "service.tournament.not_entered"
    other = round1.tables[1]
    assert other.game_id is not None
    await finish_game(service, other.game_id)
    rounds = await service.tournaments.round_list(info.id)
    assert len(rounds) == 2
    assert all(quitter not in t.players for t in rounds[1].tables)
    assert sum(t.bye for t in rounds[1].tables) == 1  # three left: one bye


async def test_a_substitute_takes_a_place_between_rounds_only(service: GameService) -> None:
    info = await started_four(service)
    (round1,) = await service.tournaments.round_list(info.id)
    table = round1.tables[0]
    place = table.places[0]
    cases = [
        (place, ERIN, BOB.user_id, "service.tournament.not_organiser"),
        ("p9", ERIN, ALICE.user_id, "service.tournament.no_place"),
        (place, BOB, ALICE.user_id, "service.tournament.already"),
        (place, ERIN, ALICE.user_id, "service.tournament.playing"),
    ]
    for where, player, by, key in cases:
        with pytest.raises(ServiceError) as refused:
            await service.tournaments.substitute(info.id, where, player, by)
        assert refused.value.key == key, key
    assert table.game_id is not None
    await finish_game(service, table.game_id)
    info = await service.tournaments.substitute(info.id, place, ERIN, ALICE.user_id)
    holder = info.holder(place)
    assert holder is not None and (holder.user_id, holder.from_round) == (ERIN.user_id, 2)
    replaced = next(e for e in info.entries if e.user_id == table.players[0])
    assert replaced.status == "substituted"
    other = round1.tables[1]
    assert other.game_id is not None
    await finish_game(service, other.game_id)
    round2 = (await service.tournaments.round_list(info.id))[1]
    seated = {u for t in round2.tables for u in t.players}
    assert ERIN.user_id in seated and table.players[0] not in seated
    lines = await service.tournaments.standings(info.id)
    assert next(s for s in lines if s.place == place).user_id == ERIN.user_id


async def test_news_are_claimed_once_and_given_back_when_a_post_fails(
    service: GameService,
) -> None:
    info = await started_four(service)
    (news,) = await service.tournaments.news()
    assert news.kind == "round" and news.round is not None and len(news.round.tables) == 2
    assert await service.tournaments.news() == []  # claimed: nobody else posts it
    await service.tournaments.posted([news], done=False)
    (again,) = await service.tournaments.news()
    assert again.id == news.id
    await service.tournaments.posted([again])
    assert await service.tournaments.news() == []
    info = await service.tournaments.cancel(info.id, ALICE.user_id)
    assert info.status == "cancelled"
    with pytest.raises(ServiceError) as refused:
        await service.tournaments.cancel(info.id, ALICE.user_id)
    assert refused.value.key == "service.tournament.not_running"


async def test_a_game_that_ends_while_another_process_works_still_opens_the_round(
    database: str, nim: None
) -> None:
    clock = FakeClock()
    stores = [await open_store(database), await open_store(database)]
    one, two = (
        GameService(s, seed_source=seeds(p), clock=clock) for s, p in zip(stores, "ab", strict=True)
    )
    info = await started_four(one)
    first, second = (await one.tournaments.round_list(info.id))[0].tables
    assert first.game_id is not None and second.game_id is not None
    await finish_game(one, first.game_id)
    real = two.tournaments.rounds._work
    calls = 0

    async def working(tournament_id: int) -> Progress:
        nonlocal calls
        calls += 1
        progress = await real(tournament_id)
        if calls == 1:  # the last game ends in the other process, whose claim fails
            assert second.game_id is not None
            await finish_game(one, second.game_id)
            assert len(await one.tournaments.round_list(info.id)) == 1
        return progress

    two.tournaments.rounds._work = working  # type: ignore[method-assign]
    progress = await two.tournaments.rounds.work(info.id)
    assert calls == 2 and progress is not None and progress.round == 2
    assert len(await one.tournaments.round_list(info.id)) == 2
    for store in stores:
        await store.close()


async def test_the_rating_tie_break_is_the_holders_rating_as_it_is_now(
    service: GameService,
) -> None:
    """What the players' pages say of the last tie-break: the rating for the game on the
    server of the place's holder, as it stands when the standings are read (a rated
    game played outside the tournament moves it)."""
    info = await started_four(service)
    (round1,) = await service.tournaments.round_list(info.id)
    for table in round1.tables:
        assert table.game_id is not None
        await finish_game(service, table.game_id)
    lines = await service.tournaments.standings(info.id)
    leaders = [s for s in lines if s.points == 1]
    assert len(leaders) == 2
    first, second = leaders
    assert (first.opponents, first.scored) == (second.opponents, second.scored)

    async def rating_of(user_id: str) -> float:
        mine = (await service.standings("g1", "nim", user_id)).mine
        assert mine is not None, user_id
        return mine.rating

    for s in leaders:
        assert s.rating == pytest.approx(await rating_of(s.user_id))
    # the one placed second wins a rated game elsewhere: the order turns on its rating now
    game_id = await running_nim(service, Player(second.user_id, "B"), ERIN, stones=3)
    takes_all = (await service.legal_moves(game_id, second.user_id))[-1].code  # 3 stones
    await service.play(game_id, second.user_id, takes_all)
    assert (await service.game(game_id)).status == "over"
    now = await service.tournaments.standings(info.id)
    top = [s for s in now if s.points == 1]
    assert [s.user_id for s in top][0] == second.user_id, top
    assert top[0].rating == pytest.approx(await rating_of(second.user_id))
    assert top[0].rating is not None and second.rating is not None
    assert top[0].rating > second.rating
    assert top[1].separated_by == "rating"
