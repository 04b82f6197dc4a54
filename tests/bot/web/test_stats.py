"""A player's stats page says what ``/campfire stats`` says: their lines all time and in
the running season (with a link to its standings), and how they ended the games they
started over the last 180 days, in English and French, read through the service."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from bot.service import GameService
from bot.service.fairness import Reliability
from bot.service.reads import Reads
from bot.store.database import SqlStore
from bot.web.standings import record_section
from bot.web.tokens import make_token, player_subject
from tests.bot.web.conftest import GUILD, NOW, PEOPLE, SECRET, open_game, play, tiny_png

WebClient = Callable[..., Any]
ANN, BOB = PEOPLE[0].user_id, PEOPLE[1].user_id


def stats_token(user_id: str) -> str:
    return make_token(SECRET, player_subject(GUILD, user_id), NOW)


async def test_the_stats_page_shows_the_record_and_the_running_season(
    store: SqlStore, web_client: WebClient, nim: None
) -> None:
    service = GameService(store)
    try:
        _, summer = await service.seasons.start(GUILD, "Summer")
        await play(service, await open_game(service, "nim", 2), 7)  # over: finished
        stopped = await play(service, await open_game(service, "nim", 2), 3, moves=2)
        await service.abort(stopped.id, ANN)  # Ann stops a game she plays: abandoned
        ann = await service.fairness.reliability(GUILD, ANN)
        running, lines = await service.seasons.lines_of(GUILD, ANN) or (None, [])
    finally:
        service.close()
    assert (ann.started, ann.finished, ann.abandoned, ann.timed_out) == (2, 1, 1, 0)
    assert await Reads(store).reliability(GUILD, ANN) == ann  # the web reads the same
    assert running is not None and running.id == summer.id and len(lines) == 1
    client = await web_client(drawer=tiny_png)
    page = await (await client.get(f"/p/{stats_token(ANN)}?lang=en")).text()
    assert "<h2>All time</h2>" in page and "<h2>Season Summer</h2>" in page
    assert "Running since <time" in page
    season_part = page[page.index("<h2>Season Summer</h2>") : page.index('id="rating-about"')]
    line = lines[0]
    assert f"<td>Nim</td><td>{line.place}</td><td>{line.rating:.1f}</td>" in season_part
    assert f"<td>{line.games}</td><td>{line.wins}</td>" in season_part
    assert page.count('id="rating-about"') == 1
    assert '<h2 id="record">Finishing games (last 180 days)</h2>' in page
    assert '<p class="record">50% · 1 finished · ~1 min/move</p>' in page  # moves at once
    assert "<p>2 started · 1 abandoned · 0 timed out</p>" in page
    link = re.search(r'href="(\.\./s/[^"?]+)\?season=(\d+)&amp;lang=en"', page)
    assert link is not None and int(link.group(2)) == summer.id
    board = await client.get(f"/p/{link.group(1)}?season={summer.id}&lang=en")
    assert board.status == 200 and "Season Summer" in await board.text()

    french = await (await client.get(f"/p/{stats_token(ANN)}?lang=fr")).text()
    assert "<h2>Depuis toujours</h2>" in french and "<h2>Saison Summer</h2>" in french
    assert "En cours depuis le <time" in french
    assert "Parties menées à terme (180 derniers jours)" in french
    assert '<p class="record">50 % · 1 terminée · ~1 min/coup</p>' in french
    assert "<p>2 commencées · 1 abandonnée · 0 perdue au temps</p>" in french
    assert "Classement de la saison" in french


async def test_without_a_season_or_a_game_the_page_says_so_plainly(
    store: SqlStore, web_client: WebClient, nim: None
) -> None:
    service = GameService(store)
    try:
        await play(service, await open_game(service, "nim", 2), 7)
        _, spring = await service.seasons.start(GUILD, "Spring")
        await service.seasons.end(GUILD)  # a past season is no running one
    finally:
        service.close()
    client = await web_client(drawer=tiny_png)
    page = await (await client.get(f"/p/{stats_token(BOB)}?lang=en")).text()
    assert "Season" not in page and "All time" not in page and "season=" not in page
    assert "Finishing games (last 180 days)" in page and "1 finished" in page
    nobody = await (await client.get(f"/p/{stats_token('505')}?lang=fr")).text()
    assert "Aucune partie classée" in nobody and "menées à terme" not in nobody

    service = GameService(store)
    try:
        await service.seasons.start(GUILD, "Autumn")
    finally:
        service.close()
    fresh = await (await client.get(f"/p/{stats_token(BOB)}?lang=en")).text()
    assert "<h2>Season Autumn</h2>" in fresh and "No finished game this season yet." in fresh
    assert fresh.count('id="rating-about"') == 1  # the all-time table's
    assert spring.name not in fresh


def test_the_record_reads_as_on_discord() -> None:
    ongoing = Reliability("1", started=1)  # nothing ended yet: no rate, no pace
    assert '<p class="record">0 finished</p>' in record_section(ongoing, "en")
    assert record_section(Reliability("1"), "en") == ""
    slow = Reliability("1", 5, 4, 0, 1, median_move_seconds=3 * 3600 + 600, turns=9)
    assert "80% · 4 finished · ~3 h/move" in record_section(slow, "en")
    slower = Reliability("1", 3, 3, median_move_seconds=5 * 86_400, turns=4)
    assert "100 % · 3 terminées · ~5 j/coup" in record_section(slower, "fr")
    quick = Reliability("1", 2, 1, 1, median_move_seconds=20, turns=3)
    assert "50% · 1 finished · ~1 min/move" in record_section(quick, "en")
