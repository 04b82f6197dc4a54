"""What the web companion's pages say: places numbered once (ties shared and said), the
rating explained where it is shown, a stopped game's page saying nobody is to play, and
the page's icon."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from bot.service import GameService
from bot.store.database import SqlStore
from bot.web.gamepage import places_list
from bot.web.tokens import make_token, standings_subject
from tests.bot.web.conftest import GUILD, NOW, PEOPLE, SECRET, game_token, open_game, play, tiny_png

WebClient = Callable[..., Any]
NAMES = {"a": "Ann", "b": "Bob", "c": "Chloé", "d": "Dan"}


def items(html: str) -> list[tuple[str, str]]:
    """``(value, text)`` of each list item, tags stripped."""
    return [
        (value, re.sub(r"<[^>]+>", "", text))
        for value, text in re.findall(r'<li value="(\d+)">(.*?)</li>', html)
    ]


def test_places_are_numbered_by_the_list_alone() -> None:
    html = places_list([(1, "a", 27), (2, "b", 9), (3, "c", 0)], NAMES, "en")
    assert items(html) == [("1", "Ann: 27"), ("2", "Bob: 9"), ("3", "Chloé: 0")]
    assert not re.search(r"\d\.\s", html)  # no number written in the text as well


def test_players_who_tie_share_a_place_and_are_said_to_tie() -> None:
    html = places_list([(1, "a", 27), (2, "b", 5), (2, "c", 5), (4, "d", 0)], NAMES, "en")
    assert items(html) == [
        ("1", "Ann: 27"),
        ("2", "Bob: 5 tied"),
        ("2", "Chloé: 5 tied"),
        ("4", "Dan: 0"),
    ]
    french = places_list([(1, "a", 3), (1, "b", 3)], NAMES, "fr")
    assert items(french) == [("1", "Ann : 3 ex æquo"), ("1", "Bob : 3 ex æquo")]


async def finished_nim(store: SqlStore, *, abort_after: int | None = None) -> int:
    service = GameService(store)
    try:
        game = await open_game(service, "nim", 3)
        game = await play(service, game, 5, moves=abort_after)
        if abort_after is not None:
            await service.abort(game.id, PEOPLE[0].user_id)
        return game.id
    finally:
        service.close()


async def test_a_finished_game_lists_each_place_once(
    store: SqlStore, web_client: WebClient, nim: None
) -> None:
    game_id = await finished_nim(store)
    client = await web_client(drawer=tiny_png)
    page = await (await client.get(f"/g/{game_token(game_id)}?lang=en")).text()
    places = re.search(r'<ol class="places">(.*?)</ol>', page)
    assert places is not None
    shown = items(places.group(0))
    assert [value for value, _ in shown] == ["1", "2", "2"]  # Nim: one winner, the rest tie
    assert all(re.fullmatch(r"(Ann|Bob|Chloé): \d+( tied)?", text) for _, text in shown)


async def test_a_stopped_game_says_nobody_is_to_play_where_it_stopped(
    store: SqlStore, web_client: WebClient, nim: None
) -> None:
    game_id = await finished_nim(store, abort_after=3)
    client = await web_client(drawer=tiny_png)
    token = game_token(game_id)
    page = await (await client.get(f"/g/{token}?lang=en")).text()
    assert '<p class="status status-aborted">Stopped · after 3 moves; nobody is to play' in page
    assert "<figcaption>Stopped after move 3 of 3: " in page
    alt = re.search(r'<img id="board" src="[^"]+" alt="([^"]*)"', page)
    assert alt is not None and alt.group(1).startswith("Game stopped: nobody is to play")
    assert "acting" not in page
    earlier = await (await client.get(f"/g/{token}?lang=en&at=2")).text()
    assert "<figcaption>After move 2 of 3: " in earlier  # the history is as it was
    assert "Game stopped" not in earlier.split("<figcaption>")[1].split("</figure>")[0]
    french = await (await client.get(f"/g/{token}?lang=fr")).text()
    assert "Arrêtée · après 3 coups ; plus personne ne joue" in french
    assert "<figcaption>Arrêtée après le coup 3 sur 3 : " in french


async def test_the_rating_is_explained_where_it_is_shown(
    store: SqlStore, web_client: WebClient, nim: None
) -> None:
    game_id = await finished_nim(store)
    client = await web_client(drawer=tiny_png)
    ladder_token = make_token(SECRET, standings_subject(GUILD), NOW)
    for lang, words in (("en", "OpenSkill rating"), ("fr", "cote OpenSkill")):
        ladder = await (await client.get(f"/s/{ladder_token}?lang={lang}")).text()
        assert '<th scope="col"><a href="#rating-about">' in ladder
        note = re.search(r'<p class="note" id="rating-about">([^<]+)</p>', ladder)
        assert note is not None and words in note.group(1) and "μ − 3σ" in note.group(1)
    ladder = await (await client.get(f"/s/{ladder_token}?lang=en")).text()
    stats_link = re.search(r'href="\.\./p/([^"?]+)\?lang=en">Ann<', ladder)
    assert stats_link is not None
    stats = await (await client.get(f"/p/{stats_link.group(1)}?lang=en")).text()
    assert 'id="rating-about"' in stats and 'href="#rating-about"' in stats
    assert game_id


async def test_every_page_has_an_icon_the_app_serves(
    store: SqlStore, web_client: WebClient, nim: None
) -> None:
    game_id = await finished_nim(store, abort_after=1)
    client = await web_client(drawer=tiny_png)
    page = await (await client.get(f"/g/{game_token(game_id)}")).text()
    icon = re.search(r'<link rel="icon" href="([^"]+)" type="image/svg\+xml">', page)
    assert icon is not None and icon.group(1) == "../static/favicon.svg"
    answer = await client.get("/static/favicon.svg")
    assert answer.status == 200 and answer.content_type == "image/svg+xml"
    assert (await answer.text()).startswith("<svg")
    missing = await client.get(f"/g/{'x' * 20}")
    assert '<link rel="icon" href="/static/favicon.svg"' in await missing.text()


async def test_a_games_page_names_its_options_in_words(
    store: SqlStore, web_client: WebClient, nim: None
) -> None:
    """A table at every default reads "standard rules"; one with a variant names it."""
    service = GameService(store)
    try:
        plain = (await open_game(service, "nim", 2)).id
        lobby = await service.create_lobby(
            rules="nim", options={"stones": 9}, guild_id=GUILD, channel_id="77", creator=PEOPLE[0]
        )
        await service.join(lobby.id, PEOPLE[1])
        varied = (await service.start(lobby.id, PEOPLE[0].user_id)).game.id
    finally:
        service.close()
    client = await web_client(drawer=tiny_png)
    page = await (await client.get(f"/g/{game_token(plain)}?lang=en")).text()
    assert '<p class="options">Options — standard rules</p>' in page
    page = await (await client.get(f"/g/{game_token(varied)}?lang=fr")).text()
    assert '<p class="options">Options — Pierres : 9</p>' in page
