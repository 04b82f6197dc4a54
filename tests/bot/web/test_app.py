"""The web companion over a store: a game's page at any position, its pictures (cached,
immutable, private, no longer than the link lives), its record and JSON, standings and
stats, French and English, links made from a page ending with the link that opened it,
and a plain 404 for every link that leads nowhere."""

from __future__ import annotations

import asyncio
import random
import re
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from typing import Any

from bot.service import GameService
from bot.store import GuildSettings
from bot.store.database import SqlStore
from bot.web.tokens import (
    LINK_SECONDS,
    WebLinks,
    game_subject,
    make_token,
    standings_subject,
    verify,
)
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
    assert png.headers["Cache-Control"] == f"private, max-age={LINK_SECONDS}, immutable"
    assert png.headers["Server"] == "campfire"
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
    picture = f"/g/{token}/board/0-full-en.png"
    assert (await client.get(picture)).status == 200
    await store.save_guild_settings(GUILD, GuildSettings(web_links=False), datetime.now())
    for path in (f"/g/{token}", picture, f"/g/{token}/game.json", f"/g/{token}/poll"):
        assert (await client.get(path)).status == 404, path  # at once: nothing cached
    await store.save_guild_settings(GUILD, GuildSettings(web_links=True), datetime.now())
    assert (await client.get(f"/g/{token}")).status == 200


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


async def test_links_made_from_a_page_end_with_the_link_that_opened_it(
    store: SqlStore, web_client: WebClient, nim: None
) -> None:
    """A game link made 179 days ago leads to standings and player links that end when
    it ends, not 180 days from now; pictures and the replay are private and kept no
    longer than the link lives; ``game.json`` says how it may be kept."""
    game_id = await nim_game(store)
    client = await web_client(drawer=tiny_png)
    made = NOW - 179 * 86_400
    token = make_token(SECRET, game_subject(game_id), made)
    page = await (await client.get(f"/g/{token}?lang=en")).text()
    standings = re.search(r'href="\.\./s/([^"?]+)\?lang=en"', page)
    assert standings is not None
    found = verify(SECRET, standings.group(1), NOW)
    assert found is not None and found.issued == int(made)
    ladder = await (await client.get(f"/s/{standings.group(1)}?lang=en")).text()
    player = re.search(r'href="\.\./p/([^"?]+)\?lang=en">Ann<', ladder)
    assert player is not None
    assert (opened := verify(SECRET, player.group(1), NOW)) is not None
    assert opened.issued == int(made)
    stats = await (await client.get(f"/p/{player.group(1)}?lang=en")).text()
    back = re.search(r'href="\.\./s/([^"?]+)\?lang=en"', stats)
    assert back is not None and (verify(SECRET, back.group(1), NOW) or opened).issued == int(made)
    # a day later every one of them has ended
    assert verify(SECRET, player.group(1), NOW + 86_400 + 1) is None
    assert verify(SECRET, standings.group(1), NOW + 86_400 + 1) is None

    left = LINK_SECONDS - (NOW - int(made))
    picture = await client.get(f"/g/{token}/board/0-full-en.png")
    assert picture.headers["Cache-Control"] == f"private, max-age={left:.0f}, immutable"
    replay = await client.get(f"/g/{token}/replay.webp")
    assert replay.status == 200
    assert replay.headers["Cache-Control"] == "private, max-age=86400"
    old = make_token(SECRET, game_subject(game_id), NOW - LINK_SECONDS + 600)
    replay = await client.get(f"/g/{old}/replay.webp")
    assert replay.headers["Cache-Control"] == "private, max-age=600"
    data = await client.get(f"/g/{token}/game.json")
    assert data.headers["Cache-Control"] == "private, no-cache"
    assert (await client.get(f"/g/{token}")).headers["Cache-Control"] == "private, no-cache"


async def test_a_page_holds_the_links_of_its_own_reader(
    store: SqlStore, web_client: WebClient, nim: None
) -> None:
    """Two readers of one position with links of different ages: each page's links are
    made from its own reader's link (a cached page never hands one reader's newer link
    to the other)."""
    game_id = await nim_game(store, moves=2)
    client = await web_client(drawer=tiny_png)
    old = make_token(SECRET, game_subject(game_id), NOW - 100 * 86_400)
    new = game_token(game_id)
    first = await (await client.get(f"/g/{new}?lang=en")).text()
    second = await (await client.get(f"/g/{old}?lang=en")).text()
    assert new in first and new not in second and old in second
    link = re.search(r'href="\.\./s/([^"?]+)\?lang=en"', second)
    assert link is not None
    assert (found := verify(SECRET, link.group(1), NOW)) is not None
    assert found.issued == int(NOW - 100 * 86_400)


async def test_what_the_archive_keeps_is_bounded_by_bytes(store: SqlStore, nim: None) -> None:
    """Pages of many games and readers, and pictures, are kept within their byte
    budgets (least recently used first), whatever their number."""
    from bot.service.archive import Archive

    ids = [await nim_game(store, moves=2) for _ in range(3)]
    archive = Archive(store, picture_bytes=10_000, derived_bytes=50_000, drawer=tiny_png)
    for round_ in range(4):
        for game_id in ids:
            archived = await archive.game(game_id)
            assert archived is not None
            for reader in range(5):

                async def page(text: str = f"{round_}-{reader}-" + "x" * 8_000) -> str:
                    return text

                assert (await archive.derived(archived, ("main", reader, round_), page)).startswith(
                    f"{round_}-{reader}-"
                )
                assert archive.derived_held() <= 50_000
            for step in range(3):
                await archive.picture(archived, step, "full", "en")
                assert archive.pictures_held <= 10_000
    newest = await archive.game(ids[-1])
    assert newest is not None and ("main", 4, 3) in newest.derived  # the last one made is kept


async def test_an_open_stream_ends_when_its_server_turns_links_off(
    store: SqlStore, web_client: WebClient, nim: None
) -> None:
    service = GameService(store)
    try:
        game = await open_game(service, "nim", 2)
        client = await web_client(drawer=tiny_png, poll_seconds=0.05)
        stream = await client.get(f"/g/{game_token(game.id)}/events")
        assert (await stream.content.readuntil(b"\n\n")).startswith(b"event: revision")
        await store.save_guild_settings(GUILD, GuildSettings(web_links=False), datetime.now())
        await play(service, game, 3, moves=1)
        assert await asyncio.wait_for(stream.content.read(), 5) == b""  # ended, nothing sent
    finally:
        service.close()


async def test_positions_kept_for_all_games_are_bounded(store: SqlStore, nim: None) -> None:
    """Positions replayed for many games stay within the archive's count (the least
    recently read games forget theirs), and a forgotten position is replayed the same."""
    from bot.service.archive import Archive

    ids = [await nim_game(store, moves=6) for _ in range(4)]
    archive = Archive(store, positions=10, drawer=tiny_png)
    seen: dict[tuple[int, int], Any] = {}
    chooser = random.Random(4)
    for _ in range(30):
        game_id = chooser.choice(ids)
        archived = await archive.game(game_id)
        assert archived is not None
        rest = [g.positions() for g in archive._games.values() if g is not archived]
        # within the bound, or every other game is down to its opening and its end
        assert sum(rest) + archived.positions() <= 10 or all(n <= 2 for n in rest)
        for step in chooser.sample(range(archived.steps + 1), 3):
            view = archived.public_view(step)
            assert seen.setdefault((game_id, step), view) == view
    total = sum(g.positions() for g in archive._games.values())
    assert total <= 10 + 3 + 2  # the bound, the last request's three and its ends


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


async def test_the_standings_page_shows_each_season_beside_all_time(
    store: SqlStore, web_client: WebClient, nim: None
) -> None:
    service = GameService(store)
    _, spring = await service.seasons.start(GUILD, "Spring")
    await nim_game(store)
    ended, summer = await service.seasons.start(GUILD, "Summer")
    assert ended is not None and ended.id == spring.id
    client = await web_client(drawer=tiny_png)
    token = make_token(SECRET, standings_subject(GUILD), NOW)
    page = await (await client.get(f"/s/{token}?lang=en")).text()
    assert "All time" in page and "Summer (running)" in page and "Spring" in page
    assert f'href="?season={spring.id}&amp;lang=en"' in page and "Ann" in page
    past = await (await client.get(f"/s/{token}?season={spring.id}&lang=en")).text()
    assert "Season Spring" in past and "Final table, from <time" in past
    assert "Ann" in past and "Bob" in past and "Nim" in past
    # the link of the bot's season announcement opens that page
    base = "https://campfire.example.org/web"
    made = WebLinks(base, SECRET).standings_url(GUILD, NOW, season_id=spring.id, lang="en")
    assert made.startswith(f"{base}/s/")
    assert await (await client.get(made.removeprefix(base))).text() == past
    running = await (await client.get(f"/s/{token}?season={summer.id}&lang=fr")).text()
    assert "Saison Summer" in running and "En cours depuis le <time" in running
    assert "Ann" not in running  # nothing finished in it yet
    for wrong in ("999", "abc", "-1"):
        assert (await client.get(f"/s/{token}?season={wrong}")).status == 404
