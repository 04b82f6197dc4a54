"""``/campfire tournament ...`` through the Discord layer: who may organise, the
registration message and its restart-proof buttons, the first round opened (a thread per
table, its players pinged, the round's message with the threads), withdrawals,
substitutes, the standings explained, the final announcement."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from bot.discord import tourney_posts
from bot.service import GameService
from bot.store import GuildSettings, Store
from campfire_testing.harness import CHANNEL_ID, GUILD_ID, Harness, User
from campfire_testing.payloads import ORGANISERS_ROLE, with_component
from tests.bot.conftest import FakeClock, seeds
from tests.bot.discord.conftest import (
    _ROUTES,
    _STORES,
    ALICE,
    BOB,
    CAROL,
    _webhook_router,
    draw_nim,
)

ADMIN = User(104, "Dana", perms=str(1 << 5 | 1 << 11 | 1 << 31))  # Manage Server
ORGANISER = User(105, "Eve", roles=(ORGANISERS_ROLE,))
DAN = User(106, "Dan")


def custom_ids(message: dict[str, Any]) -> list[str]:
    return [
        c["custom_id"]
        for row in message["components"]
        for c in row["components"]
        if "custom_id" in c
    ]


def links(message: dict[str, Any]) -> list[str]:
    rows = message.get("components") or []
    return [c["url"] for row in rows for c in row["components"] if "url" in c]


def text_of(message: dict[str, Any]) -> str:
    parts = [message.get("content") or ""]
    for embed in message.get("embeds") or []:
        parts += [embed.get("title") or "", embed.get("description") or ""]
        parts += [f"{f['name']}\n{f['value']}" for f in embed.get("fields") or []]
    return "\n".join(parts)


async def open_nim(bot: Harness, user: User = ADMIN, **options: Any) -> dict[str, Any]:
    """``user`` opens a Nim tournament; its registration message."""
    calls = await bot.command(user, "tournament open", rules="nim", **options)
    assert not calls[-1].ephemeral, calls[-1].text()
    return bot.find(CHANNEL_ID, "cf:tour:join:")


async def register(bot: Harness, message: dict[str, Any], *users: User) -> dict[str, Any]:
    for user in users:
        calls = await bot.press(user, message, "cf:tour:join:1")
        assert [c.callback_type for c in calls] == [7], calls[-1].text()
        message = bot.message(message["id"])
    return message


async def test_only_organisers_open_a_tournament(bot: Harness) -> None:
    calls = await bot.command(ALICE, "tournament open", rules="nim")
    assert calls[-1].ephemeral and "Only organisers" in calls[-1].content
    calls = await bot.command(ORGANISER, "tournament open", rules="nim")
    assert calls[-1].ephemeral and "Only organisers" in calls[-1].content
    await bot.service.timing.save_guild_settings(
        str(GUILD_ID), GuildSettings(organiser_role=str(ORGANISERS_ROLE))
    )
    message = await open_nim(bot, ORGANISER)
    assert custom_ids(message) == ["cf:tour:join:1", "cf:tour:leave:1"]
    assert (await bot.service.tournaments.tournament(1)).organiser == ORGANISER.key


async def test_the_registration_message_shows_cap_closing_date_and_players(
    bot: Harness,
) -> None:
    message = await open_nim(bot, cap=3, closes="2", round_days=3)
    text = text_of(message)
    closes = (await bot.service.tournaments.tournament(1)).closes_at
    assert closes is not None
    assert f"<t:{int(closes.timestamp())}:f>" in text and f"<t:{int(closes.timestamp())}:R>" in text
    assert "Registered (0/3)" in text
    assert "3 days at most" in text
    assert message["flags"] & 64 == 0
    message = await register(bot, message, ALICE, BOB)
    text = text_of(message)
    assert "Registered (2/3)" in text and "Ann" not in text
    assert ALICE.name in text and BOB.name in text
    # twice: refused privately, nothing changes
    calls = await bot.press(ALICE, message, "cf:tour:join:1")
    assert calls[-1].ephemeral and "Registered (2/3)" in text_of(bot.message(message["id"]))
    # the cap
    message = await register(bot, message, CAROL)
    calls = await bot.press(DAN, message, "cf:tour:join:1")
    assert calls[-1].ephemeral
    assert DAN.key not in {e.user_id for e in (await bot.service.tournaments.tournament(1)).entries}
    # Withdraw gives the place back
    calls = await bot.press(BOB, message, "cf:tour:leave:1")
    assert [c.callback_type for c in calls] == [7]
    text = text_of(bot.message(message["id"]))
    assert "Registered (2/3)" in text and BOB.name not in text


async def test_an_entry_requirement_is_shown(bot: Harness) -> None:
    text = text_of(await open_nim(bot, min_completion=80, min_finished=5))
    assert "at least 80%" in text and "at least 5 finished games" in text


async def test_the_buttons_survive_a_restart(
    db_path: Path, monkeypatch: pytest.MonkeyPatch, bot: Harness
) -> None:
    message = await open_nim(bot)
    await register(bot, message, ALICE)
    store = await Store.open(db_path)
    _STORES.append(store)
    service = GameService(store, seed_source=seeds(), clock=FakeClock(), drawer=draw_nim)
    again = Harness(service)
    monkeypatch.setattr("discord.webhook.async_.AsyncWebhookAdapter.request", _webhook_router)
    _ROUTES.append(again)
    await again.setup()
    again.fake.messages[int(message["id"])] = bot.message(message["id"])
    calls = await again.press(BOB, bot.message(message["id"]), "cf:tour:join:1")
    assert [c.callback_type for c in calls] == [7]
    entries = (await service.tournaments.tournament(1)).entries
    assert [e.user_id for e in entries] == [ALICE.key, BOB.key]


async def test_a_forged_tournament_button_is_refused(bot: Harness) -> None:
    message = await open_nim(bot)
    for custom_id in ("cf:tour:join:99", "cf:tour:join:x"):
        forged = with_component(message, custom_id)
        calls = await bot.press(ALICE, forged, custom_id)
        assert calls[-1].ephemeral, custom_id
    assert (await bot.service.tournaments.tournament(1)).entries == ()


async def test_standings_before_the_start_say_nobody_and_how_it_counts(bot: Harness) -> None:
    await open_nim(bot)
    calls = await bot.command(ALICE, "tournament standings")
    assert calls[-1].ephemeral
    text = calls[-1].text()
    assert "Nobody yet" in text and "every player met" in text and "(OP)" in text


async def test_posting_nothing_is_quiet(bot: Harness) -> None:
    assert await tourney_posts.post_news(bot.client) == 0


async def four_registered(bot: Harness) -> dict[str, Any]:
    message = await open_nim(bot, rounds=2, options="stones=3")
    return await register(bot, message, ALICE, BOB, CAROL, DAN)


async def test_the_first_round_opens_a_thread_per_table_and_pings_its_players(
    bot: Harness,
) -> None:
    message = await four_registered(bot)
    calls = await bot.command(ADMIN, "tournament start")
    assert not calls[-1].ephemeral or "started" in calls[-1].text()
    # the registration message has no buttons any more, and says so
    assert custom_ids(bot.message(message["id"])) == []
    assert "Under way" in text_of(bot.message(message["id"]))
    threads = [c for c in calls if c.path == "/channels/{channel_id}/threads"]
    assert len(threads) == 2 and all(c.channel_id == CHANNEL_ID for c in threads)
    assert all("round 1, table" in (c.json or {})["name"] for c in threads)
    tables = (await bot.service.tournaments.round_list(1))[0].tables
    pinged: set[str] = set()
    for table in tables:
        game = await bot.service.game(table.game_id or 0)
        assert game.thread_id is not None and set(game.to_act) <= set(table.players)
        turn = bot.find(int(game.thread_id), "cf:play:")
        to_act = game.to_act[0]
        assert f"<@{to_act}>" in turn["content"]
        pinged.add(to_act)
    assert len(pinged) == 2
    # the round's message in the channel: every table with its thread
    round_message = next(
        m for m in reversed(bot.posted_in(CHANNEL_ID)) if "round 1 of 2" in (m["content"] or "")
    )
    for table in tables:
        game = await bot.service.game(table.game_id or 0)
        assert f"<#{game.thread_id}>" in round_message["content"]
    for user in (ALICE, BOB, CAROL, DAN):
        assert user.name in round_message["content"]
    # posted once: another pass finds nothing to post
    assert await tourney_posts.post_news(bot.client) == 0


async def test_a_click_on_a_closed_registration_shows_it_as_it_is(bot: Harness) -> None:
    message = await four_registered(bot)
    await bot.command(ADMIN, "tournament start")
    message = dict(message)  # a copy as it was before the start (a client behind)
    calls = await bot.press(CAROL, message, "cf:tour:leave:1")
    assert [c.callback_type for c in calls] == [7]
    now = bot.message(message["id"])
    assert custom_ids(now) == [] and "Under way" in text_of(now)


async def play_out(bot: Harness, game_id: int) -> None:
    """Whoever is to act takes the first legal move until the game ends."""
    game = await bot.service.game(game_id)
    while game.status == "running":
        seat = game.to_act[0]
        move = (await bot.service.legal_moves(game.id, seat))[0]
        result = await bot.service.play(game.id, seat, move.code, expected_version=game.version)
        game = result.game


async def test_rounds_follow_one_another_to_the_final_standings(bot: Harness) -> None:
    await four_registered(bot)
    await bot.command(ADMIN, "tournament start")
    for round_number in (1, 2):
        tables = (await bot.service.tournaments.round_list(1))[round_number - 1].tables
        for table in tables:
            await play_out(bot, table.game_id or 0)
        await tourney_posts.run_pass(bot.client)
        await bot.settle()
    posted = [m["content"] or "" for m in bot.posted_in(CHANNEL_ID)]
    assert any("round 2 of 2" in text for text in posted)
    final = next(m for m in bot.posted_in(CHANNEL_ID) if "is over" in (m["content"] or ""))
    assert "Congratulations" in final["content"]
    embed = final["embeds"][0]
    assert embed["title"].startswith("Final standings") and "pts" in embed["description"]
    assert "How it is counted" in embed["fields"][-1]["name"]
    standings = await bot.service.tournaments.standings(1)
    assert standings[0].name in final["content"]
    calls = await bot.command(BOB, "tournament standings", tournament="1")
    assert calls[-1].ephemeral and "OP" in calls[-1].text()
    # over: still this channel's, and offered by the autocomplete with its state
    calls = await bot.command(BOB, "tournament standings")
    assert calls[-1].ephemeral and calls[-1].embeds[0]["title"].startswith("Final standings")
    choices = await bot.autocomplete(BOB, "tournament standings", "tournament", tournament="")
    assert [c["value"] for c in choices] == ["1"] and "Over" in choices[0]["name"]
    calls = await bot.command(BOB, "tournament standings", tournament="99")
    assert calls[-1].ephemeral and "no tournament #99" in calls[-1].content


async def test_a_withdrawal_is_told_and_leaves_the_next_round(bot: Harness) -> None:
    await four_registered(bot)
    await bot.command(ADMIN, "tournament start")
    calls = await bot.command(DAN, "tournament withdraw")
    assert calls[0].ephemeral and "leaves the next rounds" in calls[0].content
    notice = [m for m in bot.posted_in(CHANNEL_ID) if "withdrew" in (m["content"] or "")]
    assert len(notice) == 1 and DAN.name in notice[0]["content"]
    calls = await bot.command(CAROL, "tournament withdraw", player=BOB)  # Carol reads French
    assert calls[-1].ephemeral and "organisat" in calls[-1].content
    entry = (await bot.service.tournaments.tournament(1)).entrant(DAN.key)
    assert entry is not None and entry.status == "withdrawn"


async def test_a_substitute_takes_a_place_between_rounds(bot: Harness) -> None:
    await four_registered(bot)
    await bot.command(ADMIN, "tournament start")
    newcomer = User(107, "Fay")
    calls = await bot.command(ADMIN, "tournament substitute", **{"out": DAN, "in": newcomer})
    assert calls[-1].ephemeral and "is not over" in calls[-1].content  # Dan still plays
    table = next(
        t for t in (await bot.service.tournaments.round_list(1))[0].tables if DAN.key in t.players
    )
    await play_out(bot, table.game_id or 0)
    calls = await bot.command(ADMIN, "tournament substitute", **{"out": DAN, "in": newcomer})
    assert not calls[-1].ephemeral and "Fay takes Dan's place" in calls[-1].content
    assert (await bot.service.tournaments.tournament(1)).entrant(newcomer.key) is not None


async def test_cancelling_closes_the_registration_message(bot: Harness) -> None:
    message = await four_registered(bot)
    calls = await bot.command(CAROL, "tournament cancel")
    assert calls[-1].ephemeral  # not an organiser
    calls = await bot.command(ADMIN, "tournament cancel")
    assert any("is cancelled" in c.content and not c.ephemeral for c in calls)
    now = bot.message(message["id"])
    assert custom_ids(now) == [] and "Cancelled." in text_of(now)
    assert (await bot.service.tournaments.tournament(1)).status == "cancelled"


async def test_the_registration_message_shows_completion_rates_where_known(
    bot: Harness,
) -> None:
    from bot.discord import tourney_texts

    await four_registered(bot)
    info = await bot.service.tournaments.tournament(1)
    text = text_of(
        {"embeds": [tourney_texts.registration_embed(info, "en", {ALICE.key: 92}).to_dict()]}
    )
    assert "Alice (92% finished)" in text and "Bob (" not in text
    french = text_of(
        {"embeds": [tourney_texts.registration_embed(info, "fr", {ALICE.key: 92}).to_dict()]}
    )
    assert "Alice (92 % de parties menées à terme)" in french


async def test_the_messages_link_the_tournaments_web_page(bot: Harness) -> None:
    from bot.web.tokens import WebLinks, verify

    secret = b"a-secret-of-sixteen-or-more"
    bot.client.web = WebLinks("https://campfire.example.org", secret)
    message = await four_registered(bot)
    (url,) = links(message)
    assert url.startswith("https://campfire.example.org/t/")
    verified = verify(secret, url.rsplit("/", 1)[1], bot.service.now().timestamp())
    assert verified is not None and verified.tournament_id == 1
    await bot.command(ADMIN, "tournament start")
    assert custom_ids(bot.message(message["id"])) == [] and links(bot.message(message["id"]))
    round_message = next(
        m for m in reversed(bot.posted_in(CHANNEL_ID)) if "round 1 of 2" in (m["content"] or "")
    )
    assert links(round_message) and "/t/" in links(round_message)[0]
    calls = await bot.command(ALICE, "tournament standings")
    assert "/t/" in links(calls[-1].data)[0]
    await bot.service.timing.save_guild_settings(str(GUILD_ID), GuildSettings(web_links=False))
    calls = await bot.command(ALICE, "tournament standings")
    assert not links(calls[-1].data)  # the server turned the links off


async def test_the_next_round_is_posted_as_the_last_table_ends_by_a_move(bot: Harness) -> None:
    """No loop pass: the move that ends the round's last game posts round 2 at once."""
    users = {u.key: u for u in (ALICE, BOB, CAROL, DAN)}
    await four_registered(bot)
    await bot.command(ADMIN, "tournament start")
    for table in (await bot.service.tournaments.round_list(1))[0].tables:
        game = await bot.service.game(table.game_id or 0)
        while game.status == "running":
            seat = game.to_act[0]
            code = (await bot.service.legal_moves(game.id, seat))[0].code
            calls = await bot.command(
                users[seat], "move", channel=int(game.thread_id or 0), move=code
            )
            assert calls[0].callback_type == 5, calls[0].text()  # deferred, then played
            game = await bot.service.game(game.id)
    posted = [m["content"] or "" for m in bot.posted_in(CHANNEL_ID)]
    assert any("round 2 of 2" in text for text in posted)
    # each table's thread says its result counts, and what comes next
    first, last = (await bot.service.tournaments.round_list(1))[0].tables
    for table, words in ((first, "next round opens when"), (last, "was the round's last")):
        thread = int((await bot.service.game(table.game_id or 0)).thread_id or 0)
        notes = [m["content"] for m in bot.posted_in(thread) if "is recorded" in m["content"]]
        assert len(notes) == 1 and words in notes[0]
    tables = (await bot.service.tournaments.round_list(1))[1].tables
    for table in tables:
        game = await bot.service.game(table.game_id or 0)
        assert game.thread_id is not None
        assert f"<@{game.to_act[0]}>" in bot.find(int(game.thread_id), "cf:play:")["content"]


async def test_the_registration_message_shows_the_records_the_server_keeps(
    bot: Harness,
) -> None:
    """Alice and Bob finished a game on this server: their completion rate (100 %) reads
    beside their names; Carol, new here, has none."""
    from bot.service import Player

    lobby = await bot.service.create_lobby(
        rules="nim",
        options={"stones": 3},
        guild_id=str(GUILD_ID),
        channel_id=str(CHANNEL_ID),
        creator=Player(ALICE.key, ALICE.name),
    )
    await bot.service.join(lobby.id, Player(BOB.key, BOB.name))
    started = await bot.service.start(lobby.id, ALICE.key, shuffle_seats=False)
    await play_out(bot, started.game.id)
    message = await register(bot, await open_nim(bot), ALICE, BOB, CAROL)
    text = text_of(message)
    assert "Alice (100% finished)" in text and "Bob (100% finished)" in text
    assert "Carol (" not in text and CAROL.name in text


async def test_a_rounds_deadline_ends_its_games_and_posts_the_next_round(
    bot: Harness,
) -> None:
    """Nobody plays: a day later the loop's pass ends round 1's games by the clock's
    rule (their results posted in their threads) and posts round 2."""
    from datetime import timedelta

    await open_nim(bot, rounds=2, round_days=1)
    message = bot.find(CHANNEL_ID, "cf:tour:join:")
    await register(bot, message, ALICE, BOB, CAROL, DAN)
    await bot.command(ADMIN, "tournament start")
    first = (await bot.service.tournaments.round_list(1))[0].tables
    clock = bot.service.pipeline.clock
    assert isinstance(clock, FakeClock)
    clock.now += timedelta(hours=25)
    assert await tourney_posts.run_pass(bot.client) >= 1
    await bot.settle()
    for table in first:
        game = await bot.service.game(table.game_id or 0)
        assert game.status == "over"
        results = [m for m in bot.posted_in(int(game.thread_id or 0)) if m["embeds"]]
        assert any("over" in text_of(m).lower() for m in results)
    posted = [m["content"] or "" for m in bot.posted_in(CHANNEL_ID)]
    assert any("round 2 of 2" in text for text in posted)


async def test_a_tournament_opens_in_a_channel_not_in_a_thread(bot: Harness) -> None:
    await four_registered(bot)
    await bot.command(ADMIN, "tournament start")
    table = (await bot.service.tournaments.round_list(1))[0].tables[0]
    thread = int((await bot.service.game(table.game_id or 0)).thread_id or 0)
    calls = await bot.command(ADMIN, "tournament open", channel=thread, rules="nim")
    assert calls[-1].ephemeral and "not in a thread" in calls[-1].content
    assert len(await bot.service.tournaments.tournaments(str(GUILD_ID))) == 1


async def test_news_of_a_channel_gone_are_dropped_not_tried_for_ever(
    bot: Harness, caplog: pytest.LogCaptureFixture
) -> None:
    await four_registered(bot)
    bot.fake.deleted.add(CHANNEL_ID)  # the channel is deleted before the start
    progress = await bot.service.tournaments.start(1, ADMIN.key, organiser=True)
    await tourney_posts.publish_progress(bot.client, progress)
    assert "its channel cannot be reached" in caplog.text
    assert await tourney_posts.post_news(bot.client) == 0  # nothing left to try
    assert not [r for r in caplog.records if r.levelname == "ERROR"]


async def test_a_large_round_is_told_in_several_messages_each_line_whole(bot: Harness) -> None:
    from dataclasses import replace
    from datetime import UTC, datetime

    from bot.discord import tourney_texts
    from bot.service.tournaments import Entrant, RoundInfo, TableInfo

    await open_nim(bot)
    info = await bot.service.tournaments.tournament(1)
    people = [Entrant(f"p{n}", str(5000 + n), f"Player number {n}", "active") for n in range(200)]
    info = replace(info, entries=tuple(people), status="running", current_round=1)
    tables = tuple(
        TableInfo(
            1, n + 1, (f"p{2 * n}", f"p{2 * n + 1}"), (str(5000 + 2 * n), str(5001 + 2 * n)), n + 1
        )
        for n in range(100)
    )
    threads = {n + 1: str(900000000000000000 + n) for n in range(100)}
    round_info = RoundInfo(1, "running", datetime(2026, 1, 1, tzinfo=UTC), None, tables)
    texts = tourney_texts.round_text(info, round_info, threads, "en")
    assert len(texts) > 1 and all(len(text) <= 2000 for text in texts)
    lines = [line for text in texts for line in text.split("\n")]
    assert lines[0].startswith("**Tournament #1")
    assert [line.split(" · ")[0] for line in lines[1:]] == [f"Table {n}" for n in range(1, 101)]
    assert all(f"<#{threads[n]}>" in lines[n] for n in range(1, 101))


async def test_the_standings_of_a_large_tournament_fit_one_embed(bot: Harness) -> None:
    from fractions import Fraction

    from bot.discord import tourney_texts
    from bot.service.tournaments import Standing

    await open_nim(bot)
    info = await bot.service.tournaments.tournament(1)
    lines = [
        Standing(
            rank=n + 1,
            place=f"p{n}",
            user_id=str(5000 + n),
            name=f"A rather long player name {n}",
            status="active",
            points=Fraction(256 - n, 2),
            opponents=Fraction(n, 3),
            scored=float(n),
            rating=None,
            played=4,
            byes=0,
            separated_by="points",
        )
        for n in range(256)
    ]
    for lang in ("en", "fr"):
        embed = tourney_texts.standings_embed(info, lines, lang, final=True)
        data = embed.to_dict()
        size = len(data["title"]) + len(data["description"])
        size += sum(len(f["name"]) + len(f["value"]) for f in data["fields"])
        assert size <= 6000 and len(data["description"]) <= 4096
        assert data["description"].startswith("• 1. A rather long player name 0")
        assert "more" in data["description"].splitlines()[-1] or "autres" in data["description"]
