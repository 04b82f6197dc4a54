"""Tournaments through the service: opening one, registering, the organiser's rights,
withdrawing and substituting; on both backends."""

from __future__ import annotations

from datetime import timedelta

import pytest

from bot.service import GameService, Player, ServiceError
from bot.service.tournaments import TournamentInfo
from bot.store import GuildSettings
from tests.bot.conftest import ALICE, BOB, CAROL, DAVE

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
        ({"min_completion": 120}, "service.tournament.bad_requirement"),
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


async def test_an_entry_requirement_is_stored_and_never_let_through_unchecked(
    service: GameService,
) -> None:
    info = await open_nim(service, min_completion=80, min_finished=3)
    assert (info.min_completion, info.min_finished) == (80, 3)
    with pytest.raises(ServiceError):
        await service.tournaments.register(info.id, BOB)
    assert (await service.tournaments.tournament(info.id)).entries == ()
