"""The server hears its seasons (``bot.discord.season_news``): ``/campfire settings
season:`` posts a public message that a season began, ``end_season:True`` (or a new
season over a running one) posts the final table stored when it ended; in the server's
language, in the third person, in the games channel or the command's; a channel gone or
a permission missing leaves the season changed and tells the host in one line."""

from __future__ import annotations

import asyncio
import logging
import re
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest

from bot.discord.i18n import t
from bot.service import Player
from bot.service.ratings import standings
from bot.store import GuildSettings, RatingRow
from bot.web.tokens import WebLinks, verify
from campfire_testing.harness import (
    CHANNEL_ID,
    GUILD_ID,
    OTHER_CHANNEL_ID,
    Call,
    Harness,
    User,
    http_error,
    walk_components,
)
from rules import i18n
from tests.bot.discord.conftest import make_harness
from tests.bot.discord.test_bad_input import only_reply
from tests.bot.discord.test_public_voice import catalogue, words
from tests.rules.test_table_voice import SECOND_PERSON

GUILD = str(GUILD_ID)
HOST = User(104, "Dana", perms=str(1 << 5 | 1 << 11 | 1 << 31))  # Manage Server
HOTE = User(105, "Élise", perms=str(1 << 5 | 1 << 11 | 1 << 31), locale="fr")
PLAYERS = [User(201 + n, name) for n, name in enumerate(["Ann", "Ben", "Cid", "Dot", "Eve"])]
SECRET = b"the-web-companion-secret"
BASE = "https://campfire.example.org/web"
PRIVATE = {"discord.season_news.posted", "discord.season_news.failed"}
"""The family's keys only the host reads (the answer to the command); every other one is
posted for the whole server."""


def answer(calls: list[Call]) -> Call:
    """The host's one private answer (a defer may precede it)."""
    replies = [c for c in calls if c.path.startswith("/webhooks/") or "callback" in c.path]
    replies = [c for c in replies if c.content or c.embeds]
    assert len(replies) == 1, [(c.path, c.json) for c in calls]
    deferred = any(c.callback_type == 5 and c.ephemeral for c in calls)
    assert replies[0].ephemeral or deferred
    return replies[0]


def posts(calls: list[Call]) -> list[Call]:
    """The public messages the command posted in channels."""
    return [c for c in calls if c.method == "POST" and c.path == "/channels/{channel_id}/messages"]


def link_buttons(call: Call) -> list[dict[str, Any]]:
    return [c for c in walk_components(call.data.get("components") or []) if c.get("style") == 5]


def no_you(call: Call, lang: str) -> None:
    """Nothing of the public message speaks to "you" (the command hint in code aside)."""
    said = [line for line in call.text().splitlines() if SECOND_PERSON[lang].search(words(line))]
    assert said == []


async def finish_game(bot: Harness, *players: User) -> None:
    """A Nim game of ``players`` on the test server, played to its end (``take1``)."""
    service = bot.service
    seats = [service_player(p) for p in players]
    info = await service.create_lobby(
        rules="nim", options={}, guild_id=GUILD, channel_id=str(CHANNEL_ID), creator=seats[0]
    )
    for seat in seats[1:]:
        await service.join(info.id, seat)
    await service.start(info.id, seats[0].user_id, shuffle_seats=False)
    while (game := await service.game(info.id)).status == "running":
        await service.play(info.id, game.to_act[0], "take1")


def service_player(user: User) -> Player:
    return Player(str(user.id), user.name)


def expected_lines(table: Sequence[RatingRow], rules: str, lang: str) -> list[str]:
    """The top three of ``rules`` in a stored table, as ``/campfire standings`` writes them."""
    lines = standings(r for r in table if r.rules == rules)
    return [
        t(
            "discord.standings.line",
            lang,
            place=s.place,
            player=f"<@{s.user_id}>",
            rating=f"{s.rating:.1f}",
            games=s.games,
            wins=s.wins,
        )
        for s in lines[:3]
    ]


async def test_a_season_start_is_announced_where_the_command_was_run(bot: Harness) -> None:
    calls = await bot.command(HOST, "settings", season="Spring")
    [post] = posts(calls)
    assert post.channel_id == CHANNEL_ID and not post.ephemeral
    assert post.json is not None and post.json["allowed_mentions"] == {"parse": []}
    [embed] = post.embeds
    assert embed["title"] == "A new season begins: Spring"
    [season] = await bot.service.seasons.all(GUILD)
    assert f"<t:{int(season.started_at.timestamp())}:F>" in embed["description"]
    assert "Everyone starts level: fresh ratings" in embed["description"]
    assert "`/campfire standings season:Spring`" in embed["description"]
    assert link_buttons(post) == []  # no web companion
    no_you(post, "en")
    told = answer(calls).text()
    assert "Season **Spring** has started" in told
    assert f"Announced to the server in <#{CHANNEL_ID}>." in told
    # a refused start (a name used before) announces nothing
    assert (
        "already had a season"
        in only_reply(await bot.command(HOST, "settings", season="spring")).text()
    )


async def test_the_announcement_speaks_the_servers_language_not_the_hosts(bot: Harness) -> None:
    await bot.command(HOST, "settings", language="fr")
    calls = await bot.command(HOST, "settings", season="Printemps")
    [post] = posts(calls)
    [embed] = post.embeds
    assert embed["title"] == "Une nouvelle saison commence : Printemps"
    assert "La saison **Printemps** a commencé le <t:" in embed["description"]
    assert "Tout le monde part à égalité" in embed["description"]
    assert "`/campfire classement saison:Printemps`" in embed["description"]
    no_you(post, "fr")
    assert "Announced to the server" in answer(calls).text()  # the host reads English
    # a French host on an English server: the server hears English, the host French
    await bot.command(HOST, "settings", language="en")
    calls = await bot.command(HOTE, "settings", end_season=True)
    [post] = posts(calls)
    assert post.embeds[0]["title"] == "Season Printemps is over: the final table"
    assert "Nobody was rated in this season" in post.text()
    no_you(post, "en")
    assert f"Annoncé au serveur dans <#{CHANNEL_ID}>." in answer(calls).text()


async def test_the_final_table_posted_is_the_one_stored_when_the_season_ended(
    bot: Harness, monkeypatch: pytest.MonkeyPatch
) -> None:
    await bot.command(HOST, "settings", season="Spring")
    ann, ben, cid, dot, eve = PLAYERS
    await finish_game(bot, ann, ben)
    await finish_game(bot, cid, ann, dot)
    await finish_game(bot, ben, eve)
    await finish_game(bot, dot, cid)
    store = bot.service.seasons.store
    frozen: list[Sequence[RatingRow]] = []
    end_season = store.end_season

    async def spy(season_id: int, at: Any, table: Sequence[RatingRow]) -> bool:
        frozen.append(table)
        return await end_season(season_id, at, table)

    monkeypatch.setattr(store, "end_season", spy)
    calls = await bot.command(HOST, "settings", end_season=True)
    [post] = posts(calls)
    [embed] = post.embeds
    [season] = await bot.service.seasons.all(GUILD)
    assert season.ended_at is not None
    assert embed["title"] == "Season Spring is over: the final table"
    since, until = (int(d.timestamp()) for d in (season.started_at, season.ended_at))
    assert embed["description"].startswith(f"Played from <t:{since}:D> to <t:{until}:D>.")
    [field] = embed["fields"]
    assert field["name"] == "Nim"
    stored = await store.season_ratings(season.id)
    [table] = frozen  # the table written in the ending transaction, as stored
    assert sorted(stored, key=str) == sorted(table, key=str)
    value = field["value"].splitlines()
    assert value[:3] == expected_lines(table, "nim", "en") and len(value) == 4
    assert value[3] == "5 players rated in this season"
    no_you(post, "en")
    # the table stays the stored one: a game finished later changes nothing of it
    await finish_game(bot, eve, ann)
    french = await bot.command(HOTE, "standings", season=str(season.id))
    assert expected_lines(stored, "nim", "fr")[0] in answer(french).text()


async def test_a_new_season_over_a_running_one_posts_the_final_table_then_the_start(
    bot: Harness,
) -> None:
    bot.client.web = WebLinks(BASE, SECRET)
    await bot.command(HOST, "settings", season="Spring")
    await finish_game(bot, *PLAYERS[:2])
    calls = await bot.command(HOST, "settings", season="Summer")
    [post] = posts(calls)  # one message: the end, then the start
    titles = [e["title"] for e in post.embeds]
    assert titles == ["Season Spring is over: the final table", "A new season begins: Summer"]
    spring, summer = sorted(await bot.service.seasons.all(GUILD), key=lambda s: s.id)
    buttons = link_buttons(post)
    assert [b["label"] for b in buttons] == [
        "Final table of Spring on the web",
        "Table of Summer on the web",
    ]
    for button, season in zip(buttons, (spring, summer), strict=True):
        url = button["url"]
        assert url.startswith(f"{BASE}/s/") and url.endswith(f"?season={season.id}&lang=en")
        token = re.sub(r"\?.*$", "", url).rsplit("/", 1)[1]
        found = verify(SECRET, token, bot.service.now().timestamp())
        assert found is not None and found.guild_id == GUILD
    # a server that turned its links off gets no link
    await bot.command(HOST, "settings", web_links=False)
    calls = await bot.command(HOST, "settings", end_season=True)
    [post] = posts(calls)
    assert link_buttons(post) == []


async def test_the_announcement_goes_to_the_servers_games_channel(bot: Harness) -> None:
    await bot.service.timing.save_guild_settings(
        GUILD, GuildSettings(games_channel=str(OTHER_CHANNEL_ID))
    )
    calls = await bot.command(HOST, "settings", season="Spring")
    [post] = posts(calls)
    assert post.channel_id == OTHER_CHANNEL_ID
    assert f"Announced to the server in <#{OTHER_CHANNEL_ID}>." in answer(calls).text()


@pytest.mark.parametrize("failure", ["channel gone", "missing permission", "outage"])
async def test_a_channel_that_refuses_leaves_the_season_ended_and_tells_the_host(
    bot: Harness,
    monkeypatch: pytest.MonkeyPatch,
    caplog: pytest.LogCaptureFixture,
    failure: str,
) -> None:
    await bot.command(HOST, "settings", season="Spring")
    await finish_game(bot, *PLAYERS[:2])
    if failure == "channel gone":
        bot.fake.deleted.add(CHANNEL_ID)
    elif failure == "outage":
        bot.fake.refuse_posts = True
    else:
        rest = bot.fake.rest

        async def forbidden(route: Any, **kwargs: Any) -> Any:
            if route.method == "POST" and route.path == "/channels/{channel_id}/messages":
                await rest(route, **kwargs)  # recorded, then refused
                raise http_error(403, 50013, "Missing Permissions")
            return await rest(route, **kwargs)

        monkeypatch.setattr(bot.client.http, "request", forbidden)
    with caplog.at_level(logging.WARNING, logger="campfire.discord.season_news"):
        calls = await bot.command(HOTE, "settings", end_season=True)
    reply = answer(calls)
    text = reply.text()
    assert "La saison **Spring** est terminée" in text
    assert f"L'annonce n'a pas pu être publiée dans <#{CHANNEL_ID}>" in text
    assert "Traceback" not in text and "Error" not in text
    assert reply.embeds  # the settings card still comes
    [season] = await bot.service.seasons.all(GUILD)
    assert season.ended_at is not None
    assert len(await bot.service.seasons.store.season_ratings(season.id)) == 2
    assert any("season announcement not posted" in r.getMessage() for r in caplog.records)


@pytest.mark.parametrize("lang", i18n.LANGS)
def test_the_season_news_texts_never_say_you(lang: str) -> None:
    texts = catalogue("bot/discord/locales", lang)
    public = {k: v for k, v in texts.items() if k.startswith("discord.season_news.")}
    public = {k: v for k, v in public.items() if k not in PRIVATE}
    assert len(public) >= 10
    said = {k: v for k, v in public.items() if SECOND_PERSON[lang].search(words(v))}
    assert said == {}


async def test_two_processes_ending_the_season_at_once_post_its_table_once(
    db_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    first, _ = await make_harness(db_path, monkeypatch)
    second, _ = await make_harness(db_path, monkeypatch)
    await first.command(HOST, "settings", season="Spring")
    await finish_game(first, *PLAYERS[:2])

    async def later() -> None:  # each dispatch returns at once; both run, then settle
        return None

    for bot in (first, second):
        bot.settle = later  # type: ignore[method-assign]
    await asyncio.gather(
        first.command(HOST, "settings", end_season=True),
        second.command(HOST, "settings", end_season=True),
    )
    for bot in (first, second):
        del bot.settle
    await first.settle()
    tables = [
        call
        for bot in (first, second)
        for call in posts(bot.fake.calls)
        if "is over" in call.text()
    ]
    assert len(tables) == 1
    answers = [
        c.text() for c in second.fake.calls if "/webhooks/" in c.path or "callback" in c.path
    ]
    assert sum("Season **Spring** has ended" in text for text in answers) == 1
    assert sum(text == "No season is running on this server." for text in answers) == 1
    [season] = await second.service.seasons.all(GUILD)
    assert season.ended_at is not None
