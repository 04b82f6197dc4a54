"""A tournament's page on the web companion: its entrants while registering, then its
standings with the tie-breaks explained, its rounds and tables (each a link to its
game's page, which opens), followed live (the stamp changes with a move, a stream says
so), and a plain 404 for every link that leads nowhere."""

from __future__ import annotations

import asyncio
import json
import re
from collections.abc import Callable
from datetime import datetime
from html import unescape
from typing import Any

from bot.service import GameService
from bot.store import GuildSettings
from bot.store.database import SqlStore
from bot.web.tokens import make_token, tournament_subject, verify
from campfire_testing.clock import FakeClock, seeds
from tests.bot.web.conftest import GUILD, NOW, PEOPLE, SECRET, game_token, open_game, play

WebClient = Callable[..., Any]


def tournament_token(tournament_id: int, now: float = NOW) -> str:
    return make_token(SECRET, tournament_subject(tournament_id), now)


async def nim_tournament(
    service: GameService, players: int = 4, *, start: bool = True, title: str = ""
) -> int:
    """A Swiss Nim tournament of ``players`` people on ``GUILD`` (started: round 1 open)."""
    opened = await service.tournaments.open(
        guild_id=GUILD,
        channel_id="77",
        organiser=PEOPLE[0],
        rules="nim",
        options={"stones": 5},
        rounds=2,
        title=title,
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
    assert 'data-live="1"' in page and "static/campfire.js" in page
    french = await (await client.get(f"/t/{tournament_token(tournament)}?lang=fr")).text()
    assert "Tournoi n°1" in french and "Inscrits (3)" in french
    # the options in words, never as typed
    assert "<li>Options — Stones: 5</li>" in page and "stones=" not in page
    assert "<li>Options — Pierres : 5</li>" in french


async def test_a_running_tournament_shows_standings_rounds_and_links_to_its_games(
    store: SqlStore, web_client: WebClient, nim: None
) -> None:
    service = GameService(store)
    try:
        tournament = await nim_tournament(service)
        rounds = await service.tournaments.round_list(tournament)
        tables = rounds[0].tables
        assert len(tables) == 2 and all(t.game_id is not None for t in tables)
        first = await service.game(tables[0].game_id or 0)
        await play(service, first, 3)  # one table ends
    finally:
        service.close()
    client = await web_client()
    token = tournament_token(tournament)
    page = unescape(await (await client.get(f"/t/{token}?lang=en")).text())
    assert "Standings" in page and "Opponents' points" in page and 'id="how"' in page
    assert "<abbr" in page
    assert "Round 1" in page and "Table 1" in page and "Table 2" in page
    links = re.findall(r'href="(\.\./g/[^"]+)"', page)
    assert len(links) == 2
    game = await client.get("/t/" + links[0])  # relative to /t/<token>
    assert game.status == 200 and "Game #" in await game.text()
    # the ended table shows its placings, the other is still playing
    assert "1. " in page and "playing" in page and "over" in page
    fragment = await (await client.get(f"/t/{token}/fragment?lang=en")).text()
    assert fragment.startswith('<main id="tournament"')


async def test_the_stamp_follows_a_move_at_a_table(
    store: SqlStore, web_client: WebClient, nim: None
) -> None:
    service = GameService(store)
    try:
        tournament = await nim_tournament(service)
        client = await web_client(poll_seconds=0.05)
        token = tournament_token(tournament)
        before = await (await client.get(f"/t/{token}/poll")).json()
        assert before["status"] == "running"
        stream = await client.get(f"/t/{token}/events")
        assert stream.headers["Content-Type"] == "text/event-stream"
        first = await stream.content.readuntil(b"\n\n")
        assert json.loads(first.split(b"data: ")[1]) == before
        table = (await service.tournaments.round_list(tournament))[0].tables[0]
        game = await service.game(table.game_id or 0)
        await play(service, game, 4, moves=1)
        after = await (await client.get(f"/t/{token}/poll")).json()
        assert after["stamp"] != before["stamp"]
        changed = await asyncio.wait_for(stream.content.readuntil(b"\n\n"), 10)
        assert json.loads(changed.split(b"data: ")[1]) == after
        stream.close()
    finally:
        service.close()


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


async def test_the_entrants_show_their_completion_rate_where_they_have_one(
    store: SqlStore, web_client: WebClient, nim: None
) -> None:
    from tests.bot.web.conftest import open_game

    service = GameService(store)
    try:
        game = await open_game(service, "nim", 2)  # Ann and Bob finish a game here
        await play(service, game, 3)
        tournament = await nim_tournament(service, 3, start=False)
    finally:
        service.close()
    client = await web_client()
    page = await (await client.get(f"/t/{tournament_token(tournament)}?lang=en")).text()
    assert "Ann (100% of their games finished)" in page
    assert "Bob (100% of their games finished)" in page
    assert "Chloé (" not in page and "Chloé" in page


async def test_a_tables_game_page_links_back_to_its_tournament(
    store: SqlStore, web_client: WebClient, nim: None
) -> None:
    """A table's game says which round of which tournament it is, the tournament's name
    a link to its page (ending with the link that opened the game's page); a game that
    is no table says nothing of the kind."""
    service = GameService(store)
    try:
        tournament = await nim_tournament(service, title="<Winter> & co")
        table = (await service.tournaments.round_list(tournament))[0].tables[1]
        other = await open_game(service, "nim", 2)
    finally:
        service.close()
    client = await web_client()
    opened = NOW - 86_400  # the game's link was made a day ago
    token = game_token(table.game_id or 0, opened)
    page = await (await client.get(f"/g/{token}?lang=en")).text()
    line = re.search(r'<p class="tournament">(.*?)</p>', page)
    assert line is not None
    assert re.fullmatch(
        r'Round 1 of <a href="[^"]+">Tournament #1 · &lt;Winter&gt; &amp; co</a>', line.group(1)
    )
    href = unescape(re.search(r'href="(\.\./t/[^"]+)"', line.group(1)).group(1))  # type: ignore[union-attr]
    link = href.removeprefix("../t/").split("?")[0]
    verified = verify(SECRET, link, NOW)
    assert verified is not None and verified.tournament_id == tournament
    assert verified.issued == int(opened)  # it ends with the link that opened the game
    answer = await client.get(f"/g/{href}")  # relative to /g/<token>
    assert answer.status == 200 and "Tournament #1" in await answer.text()
    french = await (await client.get(f"/g/{token}?lang=fr")).text()
    assert re.search(
        r'<p class="tournament">Ronde 1 du <a href="[^"]+">'
        r"Tournoi n°1 · &lt;Winter&gt; &amp; co</a>",
        french,
    )
    fragment = await (await client.get(f"/g/{token}/fragment?lang=en")).text()
    assert 'class="tournament"' in fragment  # the live updates keep it
    plain = await (await client.get(f"/g/{game_token(other.id)}?lang=en")).text()
    assert "Game #" in plain and 'class="tournament"' not in plain and "/t/" not in plain


def standings_of(page: str) -> str:
    """The standings table of a tournament's page."""
    start = page.index('<table class="ladder standings">')
    return page[start : page.index("</table>", start)]


async def test_an_ended_tournaments_standings_stay_as_announced(
    store: SqlStore, web_client: WebClient, nim: None
) -> None:
    """The page of an ended tournament shows its final standings as they were announced,
    not as the ratings, which break its last tie, stand later."""
    from tests.bot.test_tournament_frozen import ended_on_a_rating_tie_break, leaders, win_elsewhere

    service = GameService(store, seed_source=seeds(), clock=FakeClock())
    try:
        info = await ended_on_a_rating_tie_break(service, GUILD)
        final = await service.tournaments.standings(info.id)
        client = await web_client()
        url = f"/t/{tournament_token(info.id)}?lang=en"
        before = standings_of(unescape(await (await client.get(url)).text()))
        assert [s.name for s in final] == re.findall(r"<tr><td>\d+</td><td>([^<]+)", before)
        await win_elsewhere(service, leaders(final)[1], GUILD)
        live = await service.tournaments.rounds._computed(info)
        assert [s.rank for s in live] != [s.rank for s in final]  # the ratings moved it
        after = standings_of(unescape(await (await client.get(url)).text()))
        assert after == before
    finally:
        service.close()
