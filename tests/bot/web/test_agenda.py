"""A player's personal page (``/u/<token>``): the games waiting on them in every server,
by time left, each linked to its page and its thread; only through the link made for
that player; a server that turned its links off left out at once; the list taken again
when the poll's mark changes after a move."""

from __future__ import annotations

import re
from datetime import datetime
from typing import Any

from bot.service import GameInfo, GameService, Player
from bot.service.agenda import waiting_on
from bot.store import GuildSettings
from bot.store.database import SqlStore
from bot.web.tokens import agenda_subject, make_token, standings_subject
from tests.bot.web.conftest import GUILD, NOW, PEOPLE, SECRET, game_token

ANN, BOB, CHLOE = PEOPLE[0], PEOPLE[1], PEOPLE[2]
OTHER_GUILD = "5151"


async def nim(
    service: GameService, first: Player, second: Player, clock: int, guild: str = GUILD
) -> GameInfo:
    lobby = await service.create_lobby(
        rules="nim",
        options={},
        guild_id=guild,
        channel_id="77",
        creator=first,
        clock_hours=clock,
    )
    await service.join(lobby.id, second)
    return (await service.start(lobby.id, first.user_id, shuffle_seats=False)).game


def agenda_token(user_id: str, now: float = NOW) -> str:
    return make_token(SECRET, agenda_subject(user_id), now)


def listed(text: str) -> list[int]:
    return [int(n) for n in re.findall(r'class="name"[^>]*>Game #(\d+)', text)]


async def test_the_page_lists_the_waiting_games_of_every_server_by_time_left(
    store: SqlStore, web_client: Any
) -> None:
    service = GameService(store)
    try:
        week = await nim(service, ANN, BOB, 168)
        free = await nim(service, ANN, CHLOE, 0, guild=OTHER_GUILD)
        day = await nim(service, ANN, CHLOE, 24, guild=OTHER_GUILD)
        await nim(service, BOB, ANN, 12)  # waiting on Bob
        hidden = await nim(service, ANN, BOB, 12, guild="6262")
        await store.save_guild_settings("6262", GuildSettings(web_links=False), datetime.now())
        expected = [w.game.id for w in waiting_on(await service.games_of_user("101"), "101")]
    finally:
        service.close()
    assert expected == [hidden.id, day.id, week.id, free.id]
    client = await web_client()
    answer = await client.get(f"/u/{agenda_token('101')}?lang=en")
    assert answer.status == 200
    text = await answer.text()
    assert "<title>Games waiting on Ann</title>" in text
    assert listed(text) == [day.id, week.id, free.id]
    assert "no clock" in text and "decides by <time" in text
    assert f"https://discord.com/channels/{OTHER_GUILD}/77" in text
    assert 'data-live="1"' in text and "static/campfire.js" in text
    link = re.search(r'href="\.\./g/([^"?]+)\?lang=en"', text)
    assert link is not None
    game = await client.get(f"/g/{link.group(1)}")
    assert game.status == 200 and f"Game #{day.id}" in await game.text()
    french = await (await client.get(f"/u/{agenda_token('101')}?lang=fr")).text()
    assert "Les parties qui attendent Ann" in french and "sans pendule" in french


async def test_only_the_link_made_for_that_player_opens_it(
    store: SqlStore, web_client: Any
) -> None:
    service = GameService(store)
    try:
        game = await nim(service, ANN, BOB, 24)
    finally:
        service.close()
    client = await web_client()
    good = agenda_token("101")
    forged = good[:-2] + ("AA" if not good.endswith("AA") else "BB")
    for path in (
        f"/u/{forged}",
        f"/u/{game_token(game.id)}",
        f"/u/{make_token(SECRET, standings_subject(GUILD), NOW)}",
        f"/u/{agenda_token('101', NOW - 181 * 86_400)}",
        f"/u/{good}/poll/extra",
        f"/g/{good}",
        f"/s/{good}",
    ):
        answer = await client.get(path)
        assert answer.status == 404, path
        assert "Nothing here" in await answer.text()
    bob = await (await client.get(f"/u/{agenda_token('202')}")).text()
    assert "No game is waiting on Bob now." in bob


async def test_the_poll_mark_changes_with_a_move_and_the_fragment_follows(
    store: SqlStore, web_client: Any
) -> None:
    service = GameService(store)
    client = await web_client()
    token = agenda_token("101")
    try:
        game = await nim(service, ANN, BOB, 24)
        first = await (await client.get(f"/u/{token}/poll")).json()
        again = await client.get(f"/u/{token}/poll")
        assert again.headers["Cache-Control"] == "no-store"
        assert (await again.json()) == first
        assert listed(await (await client.get(f"/u/{token}/fragment")).text()) == [game.id]
        move = (await service.legal_moves(game.id, "101"))[0]
        await service.play(game.id, "101", move.code, expected_version=game.version)
    finally:
        service.close()
    after = await (await client.get(f"/u/{token}/poll")).json()
    assert after["mark"] != first["mark"]
    fragment = await (await client.get(f"/u/{token}/fragment")).text()
    assert fragment.startswith('<main id="agenda"') and listed(fragment) == []
    assert f'data-mark="{after["mark"]}"' in fragment


async def test_the_page_speaks_the_language_its_player_chose(
    store: SqlStore, web_client: Any
) -> None:
    service = GameService(store)
    try:
        await nim(service, ANN, BOB, 24)
        await service.notices.set_preferences("101", language="fr")
    finally:
        service.close()
    client = await web_client()
    english = {"Accept-Language": "en-US,en;q=0.9"}
    page = await (await client.get(f"/u/{agenda_token('101')}", headers=english)).text()
    assert "Les parties qui attendent Ann" in page  # her choice beats her browser's
    asked = await client.get(f"/u/{agenda_token('101')}?lang=en", headers=english)
    assert "Games waiting on Ann" in await asked.text()  # the link's language first
    bob = await (await client.get(f"/u/{agenda_token('202')}", headers=english)).text()
    assert "No game is waiting on Bob now." in bob  # no choice: the browser's
