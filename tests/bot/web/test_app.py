"""The web companion over a store: a game's page at any position, its pictures (cached,
immutable), its record and JSON, standings and stats, French and English, and a plain 404
for every link that leads nowhere."""

from __future__ import annotations

import re
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from typing import Any

from bot.service import GameService
from bot.store import GuildSettings
from bot.store.database import SqlStore
from bot.web.tokens import LINK_SECONDS, game_subject, make_token, standings_subject
from tests.bot.web.conftest import (
    GUILD,
    NOW,
    PEOPLE,
    SECRET,
    game_token,
    open_game,
    play,
    tiny_png,
)

WebClient = Callable[..., Any]


async def nim_game(store: SqlStore, moves: int | None = None) -> int:
    service = GameService(store)
    try:
        game = await open_game(service, "nim", 2)
        await play(service, game, 7, moves=moves)
        return game.id
    finally:
        service.close()


async def test_a_game_page_shows_its_log_scores_players_and_a_picture(
    store: SqlStore, web_client: WebClient, nim: None
) -> None:
    game_id = await nim_game(store, moves=4)
    client = await web_client(drawer=tiny_png)
    token = game_token(game_id)
    answer = await client.get(f"/g/{token}?lang=en")
    assert answer.status == 200
    page = await answer.text()
    assert "Ann" in page and "Bob" in page
    assert page.count('<li value="') == 4  # the four moves, each a link to its position
    assert 'data-step="4"' in page and 'data-steps="4"' in page
    picture = re.search(r'<img id="board" src="([^"]+)"', page)
    assert picture is not None
    assert answer.headers["Content-Security-Policy"].startswith("default-src 'none'")
    png = await client.get(f"/g/{picture.group(1)}")
    assert png.status == 200 and png.content_type == "image/png"
    assert "immutable" in png.headers["Cache-Control"]
    again = await client.get(
        f"/g/{picture.group(1)}", headers={"If-None-Match": png.headers["ETag"]}
    )
    assert again.status == 304


async def test_stepping_back_shows_an_earlier_position(
    store: SqlStore, web_client: WebClient, nim: None
) -> None:
    game_id = await nim_game(store, moves=3)
    client = await web_client(drawer=tiny_png)
    token = game_token(game_id)
    first = await (await client.get(f"/g/{token}?at=0")).text()
    assert 'data-step="0"' in first and "opening" in first
    middle = await (await client.get(f"/g/{token}/fragment?at=2")).text()
    assert middle.startswith('<main id="game" data-step="2"')
    assert 'aria-current="step"' in middle
    words = await client.get(f"/g/{token}/words.txt?at=2&lang=fr")
    assert words.status == 200 and words.content_type == "text/plain"
    assert "Nim" in middle and f"{token}/words.txt?at=2" in middle
    data = await (await client.get(f"/g/{token}/game.json?at=1")).json()
    assert data["step"] == 1 and data["steps"] == 3 and data["status"] == "running"


async def test_pictures_are_drawn_once_per_position(
    store: SqlStore, web_client: WebClient, nim: None
) -> None:
    game_id = await nim_game(store, moves=2)
    drawn: list[int] = []

    def counting(*args: Any, **kwargs: Any) -> bytes:
        drawn.append(1)
        return tiny_png()

    client = await web_client(drawer=counting)
    token = game_token(game_id)
    for _ in range(3):
        for step in (0, 1, 2):
            page = await (await client.get(f"/g/{token}?at={step}&lang=fr")).text()
            src = re.search(r'<img id="board" src="([^"]+)"', page)
            assert src is not None
            assert (await client.get(f"/g/{src.group(1)}")).status == 200
    assert len(drawn) == 3


async def test_french_from_accept_language_and_from_the_query(
    store: SqlStore, web_client: WebClient, nim: None
) -> None:
    game_id = await nim_game(store, moves=1)
    client = await web_client(drawer=tiny_png)
    token = game_token(game_id)
    french = await (
        await client.get(f"/g/{token}", headers={"Accept-Language": "fr-CA,en;q=0.5"})
    ).text()
    assert '<html lang="fr">' in french and "Coups" in french
    english = await (
        await client.get(f"/g/{token}?lang=en", headers={"Accept-Language": "fr"})
    ).text()
    assert '<html lang="en">' in english and "Moves" in english


async def test_bad_links_are_a_plain_404(store: SqlStore, web_client: WebClient, nim: None) -> None:
    game_id = await nim_game(store, moves=2)
    client = await web_client(drawer=tiny_png)
    good = game_token(game_id)
    subject, issued, mac = good.split(".")
    forged = f"{subject}.{issued}.{'A' * 22}"
    other_game = f"{game_subject(game_id + 1)}.{issued}.{mac}"
    expired = make_token(SECRET, game_subject(game_id), NOW - LINK_SECONDS - 10)
    unknown = game_token(999)
    wrong_key = make_token(b"another-secret-of-16+chars", game_subject(game_id), NOW)
    for path in (
        f"/g/{forged}",
        f"/g/{other_game}",
        f"/g/{expired}",
        f"/g/{unknown}",
        f"/g/{wrong_key}",
        "/g/not-a-token",
        f"/g/{good}?at=3",
        f"/g/{good}?at=-1",
        f"/g/{good}?at=x",
        f"/g/{good}?layout=poster",
        f"/g/{good}/board/99-full-en.png",
        f"/g/{good}/board/0-full-de.png",
        f"/g/{good}/replay.webp",  # not over yet
        f"/g/{good}/nothing",
        f"/s/{good}",  # a game's token is not a server's
        "/",
        "/static/../app.py",
    ):
        answer = await client.get(path)
        text = await answer.text()
        assert answer.status == 404, path
        assert "Traceback" not in text and "Nothing here" in text, path


async def test_a_server_that_turns_links_off_shows_nothing(
    store: SqlStore, web_client: WebClient, nim: None
) -> None:
    game_id = await nim_game(store, moves=1)
    client = await web_client(drawer=tiny_png)
    token = game_token(game_id)
    assert (await client.get(f"/g/{token}")).status == 200
    await store.save_guild_settings(GUILD, GuildSettings(web_links=False), datetime.now())
    fresh = await web_client(drawer=tiny_png)  # the setting is trusted for 30 s per process
    assert (await fresh.get(f"/g/{token}")).status == 404
    assert (await store.guild_settings(GUILD)).web_links is False


async def test_a_finished_game_has_its_records_replay_and_standings(
    store: SqlStore, web_client: WebClient, nim: None
) -> None:
    game_id = await nim_game(store)
    client = await web_client(drawer=tiny_png)
    token = game_token(game_id)
    page = await (await client.get(f"/g/{token}?lang=en")).text()
    assert "Over" in page and "replay.webp" in page
    record = await client.get(f"/g/{token}/record.json")
    assert record.status == 200
    assert (await record.json())["game_id"] == game_id
    text = await client.get(f"/g/{token}/record.txt")
    assert text.status == 200 and "Ann" in await text.text()
    replay = await client.get(f"/g/{token}/replay.webp")
    assert replay.status == 200 and replay.content_type == "image/webp"
    link = re.search(r'href="\.\./s/([^"?]+)\?lang=en"', page)
    assert link is not None
    ladder = await (await client.get(f"/s/{link.group(1)}?lang=en")).text()
    assert "Ann" in ladder and "Bob" in ladder and "Nim" in ladder
    stats_link = re.search(r'href="\.\./p/([^"?]+)\?lang=en">Ann<', ladder)
    assert stats_link is not None
    stats = await (await client.get(f"/p/{stats_link.group(1)}?lang=fr")).text()
    assert "Ann" in stats and "partie" in stats
    assert (await client.get(f"/s/{make_token(SECRET, standings_subject('1'), NOW)}")).status == 200


async def test_watchers_of_a_game_share_one_read_and_see_each_move(
    store: SqlStore, web_client: WebClient, nim: None
) -> None:
    import asyncio
    import json

    from bot.web.app import SITE

    service = GameService(store)
    game = await open_game(service, "nim", 2)
    client = await web_client(drawer=tiny_png, poll_seconds=0.05)
    token = game_token(game.id)
    streams = [await client.get(f"/g/{token}/events") for _ in range(3)]
    assert all(s.headers["Content-Type"] == "text/event-stream" for s in streams)

    async def next_revision(stream: Any) -> dict[str, Any]:
        while True:
            block = (await stream.content.readuntil(b"\n\n")).decode()
            if block.startswith("event: revision"):
                data: dict[str, Any] = json.loads(block.split("data: ", 1)[1])
                return data

    firsts = [await next_revision(s) for s in streams]
    assert {f["revision"] for f in firsts} == {game.version}
    site = client.server.app[SITE]
    await asyncio.sleep(0.3)
    assert site.watcher.watchers == 3
    reads = site.watcher.reads
    assert 1 <= reads <= 0.3 / 0.05 + 2  # one read per interval for all three watchers
    game = await play(service, game, 3, moves=1)
    news = [await asyncio.wait_for(next_revision(s), 5) for s in streams]
    assert {n["revision"] for n in news} == {game.version}
    poll = await (await client.get(f"/g/{token}/poll")).json()
    assert poll["revision"] == game.version and poll["steps"] == 1
    for stream in streams:
        stream.close()
    service.close()


async def test_a_move_taken_back_leaves_the_history_and_its_picture(
    store: SqlStore, web_client: WebClient, nim: None
) -> None:
    service = GameService(store)
    game = await open_game(service, "nim", 2)
    game = await play(service, game, 1, moves=2)
    client = await web_client(drawer=tiny_png)
    token = game_token(game.id)
    before = await (await client.get(f"/g/{token}")).text()
    src = re.search(r'<img id="board" src="([^"]+)"', before)
    assert src is not None and "/board/2-" in src.group(1)
    mover = game.to_act[0]
    await service.play(game.id, mover, "take1", expected_version=game.version)
    asked = await service.undos.request(game.id, mover)
    other = next(s.user_id for s in game.seats if s.user_id != mover)
    if asked.status == "waiting":
        await service.undos.answer(game.id, other, True, version=game.version + 1)
    after = await (await client.get(f"/g/{token}")).text()
    assert 'data-steps="2"' in after and 'data-revision="4"' in after
    assert (await client.get(f"/g/{token}/board/3-full-en.png")).status == 404  # taken back
    assert (await client.get(f"/g/{src.group(1)}")).status == 200  # still the same position
    service.close()


async def test_a_player_going_away_shows_without_a_move(
    store: SqlStore, web_client: WebClient, nim: None
) -> None:
    """A clock changes without a move (time away): the page says so once the running
    game's row is read again, with no new revision."""
    service = GameService(store)
    try:
        lobby = await service.create_lobby(
            rules="nim",
            options=None,
            guild_id=GUILD,
            channel_id="77",
            creator=PEOPLE[0],
            clock_hours=24,
        )
        await service.join(lobby.id, PEOPLE[1])
        game = (await service.start(lobby.id, PEOPLE[0].user_id, shuffle_seats=False)).game
        client = await web_client(drawer=tiny_png, row_seconds=0.0)
        page = await (await client.get(f"/g/{game_token(game.id)}?lang=en")).text()
        assert "decides by" in page and "away until" not in page
        until = datetime.now(UTC) + timedelta(days=2)
        await service.timing.go_away(game.to_act[0], until, max_days=None)
        assert (await service.game(game.id)).version == game.version
        page = await (await client.get(f"/g/{game_token(game.id)}?lang=en")).text()
        assert "away until" in page
    finally:
        service.close()


async def test_an_aborted_games_picture_says_it_was_stopped_not_who_is_to_play(
    store: SqlStore, web_client: WebClient, nim: None
) -> None:
    """The page says "stopped": so does the picture of the position it stopped at (drawn
    from the view marked ``stopped``), while earlier positions stay as they were."""
    service = GameService(store)
    try:
        game = await open_game(service, "nim", 2)
        await play(service, game, 7, moves=2)
        running: list[dict[str, Any]] = []

        def recording(rules: str, view: dict[str, Any], **_: Any) -> bytes:
            running.append(dict(view))
            return tiny_png()

        client = await web_client(drawer=recording)
        token = game_token(game.id)

        async def picture_at(step: int) -> None:
            page = await (await client.get(f"/g/{token}?at={step}&lang=en")).text()
            src = re.search(r'<img id="board" src="([^"]+)"', page)
            assert src is not None
            assert (await client.get(f"/g/{src.group(1)}")).status == 200

        await picture_at(2)
        assert not running[-1].get("stopped") and running[-1]["to_act"]
        await service.abort(game.id, PEOPLE[0].user_id)
        await picture_at(2)
        assert running[-1].get("stopped") is True
        await picture_at(1)
        assert not running[-1].get("stopped")
    finally:
        service.close()
