"""The messages a front end remembers of a tournament, on both backends: one per kind,
the latest wins, each tournament its own."""

from __future__ import annotations

from bot.service import GameService, Player
from bot.store.database import SqlStore


async def test_a_tournament_remembers_one_message_per_kind(
    store: SqlStore, service: GameService
) -> None:
    organiser = Player("1", "Ann")
    first = await service.tournaments.open(
        guild_id="9", channel_id="7", organiser=organiser, rules="nim"
    )
    second = await service.tournaments.open(
        guild_id="9", channel_id="7", organiser=organiser, rules="nim"
    )
    assert await store.tournament_messages(first.id) == {}
    await store.set_tournament_message(first.id, "registration", "100")
    await store.set_tournament_message(first.id, "registration", "101")
    await store.set_tournament_message(second.id, "registration", "200")
    assert await store.tournament_messages(first.id) == {"registration": "101"}
    assert await store.tournament_messages(second.id) == {"registration": "200"}


async def test_the_service_remembers_a_tournament_message(service: GameService) -> None:
    organiser = Player("1", "Ann")
    cup = await service.tournaments.open(
        guild_id="9", channel_id="7", organiser=organiser, rules="nim"
    )
    other = await service.tournaments.open(
        guild_id="9", channel_id="7", organiser=organiser, rules="nim"
    )
    tournaments = service.tournaments
    assert await tournaments.message_of(cup.id, "registration") is None
    await tournaments.remember_message(cup.id, "registration", "100")
    await tournaments.remember_message(cup.id, "registration", "101")
    assert await tournaments.message_of(cup.id, "registration") == "101"
    assert await tournaments.message_of(cup.id, "final") is None
    assert await tournaments.message_of(other.id, "registration") is None
