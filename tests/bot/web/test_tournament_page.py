"""A tournament's page on the web companion: its entrants while registering, then its
standings with the tie-breaks explained, its rounds and tables (each a link to its
game's page, which opens), followed live (the stamp changes with a move, a stream says
so), and a plain 404 for every link that leads nowhere."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from typing import Any

from bot.service import GameService
from bot.store import GuildSettings
from bot.store.database import SqlStore
from bot.web.tokens import make_token, tournament_subject
from tests.bot.web.conftest import GUILD, NOW, PEOPLE, SECRET, game_token

WebClient = Callable[..., Any]


def tournament_token(tournament_id: int, now: float = NOW) -> str:
    return make_token(SECRET, tournament_subject(tournament_id), now)


async def nim_tournament(service: GameService, players: int = 4, *, start: bool = True) -> int:
    """A Swiss Nim tournament of ``players`` people on ``GUILD`` (started: round 1 open)."""
    opened = await service.tournaments.open(
        guild_id=GUILD,
        channel_id="77",
        organiser=PEOPLE[0],
        rules="nim",
        options={"stones": 5},
        rounds=2,
    )
    for person in PEOPLE[:players]:
        await service.tournaments.register(opened.id, person)
    if start:
        await service.tournaments.start(opened.id, PEOPLE[0].user_id)
    return opened.id


async def test_a_registering_tournament_lists_its_entrants(
    store: SqlStore, web_client: WebClient, nim: None
) -> None:
    service = GameService(store)
    try:
        tournament = await nim_tournament(service, 3, start=False)
    finally:
        service.close()
    client = await web_client()
    answer = await client.get(f"/t/{tournament_token(tournament)}?lang=en")
    assert answer.status == 200
    page = await answer.text()
    assert "Tournament #1" in page and "Registered (3)" in page
    assert all(p.name in page for p in PEOPLE[:3]) and PEOPLE[3].name not in page
    assert 'data-live="1"' in page and "tournament.js" in page
    french = await (await client.get(f"/t/{tournament_token(tournament)}?lang=fr")).text()
    assert "Tournoi n°1" in french and "Inscrits (3)" in french


async def test_links_that_lead_nowhere_are_a_plain_404(
    store: SqlStore, web_client: WebClient, nim: None
) -> None:
    service = GameService(store)
    try:
        tournament = await nim_tournament(service, start=False)
    finally:
        service.close()
    client = await web_client()
    token = tournament_token(tournament)
    for path in (
        f"/t/{tournament_token(99)}",
        f"/t/{game_token(tournament)}",  # a game's link opens no tournament
        f"/g/{token}",  # nor a tournament's a game
        f"/t/{token[:-3]}AAA",
        f"/t/{tournament_token(tournament, NOW + 3600)}",  # made in the future
    ):
        answer = await client.get(path)
        assert answer.status == 404, path
    await store.save_guild_settings(GUILD, GuildSettings(web_links=False), datetime.now())
    assert (await client.get(f"/t/{token}")).status == 404
