"""A fair table through the Discord layer: each person's record beside their name on the
lobby card, a lobby's requirement (``/campfire new min_completion: min_finished:``) shown
and refused at the Join button, the record in ``/campfire stats``, and the server's cap
(``/campfire settings max_games:``) refusing a new lobby."""

from __future__ import annotations

from bot.discord.fairness import duration_text, record_text
from bot.service import Player
from bot.service.fairness import Reliability
from campfire_testing.harness import CHANNEL_ID, GUILD_ID, Harness, User
from tests.bot.discord.conftest import ALICE, BOB, CAROL
from tests.bot.discord.test_bad_input import only_reply

ADMIN = User(104, "Dana", perms=str(1 << 5 | 1 << 11 | 1 << 31))  # Manage Server


async def history(bot: Harness) -> None:
    """Bob and Carol on this server: one game finished, one Bob resigned."""
    service = bot.service
    bob, carol = Player(BOB.key, "Bob"), Player(CAROL.key, "Carol")
    for _ in range(2):
        lobby = await service.create_lobby(
            rules="nim",
            options={"stones": 3},
            guild_id=str(GUILD_ID),
            channel_id=str(CHANNEL_ID),
            creator=bob,
        )
        await service.join(lobby.id, carol)
        await service.start(lobby.id, bob.user_id, shuffle_seats=False)
    game = await service.game(1)
    while game.status == "running":
        game = (await service.play(1, game.to_act[0], "take1")).game
    await service.resign(2, bob.user_id)


async def test_the_lobby_shows_records_and_refuses_who_lacks_what_it_asks(bot: Harness) -> None:
    await history(bot)
    calls = await bot.command(ALICE, "new", rules="nim", min_completion=60, min_finished=1)
    assert not calls[-1].ephemeral
    lobby = bot.find(CHANNEL_ID, "cf:lobby:join:3")
    fields = {f["name"]: f["value"] for f in lobby["embeds"][0]["fields"]}
    assert fields["Players (1/4)"] == "• <@101> — no game here yet"
    assert fields["To join"] == "60% of games finished or more · 1 game finished or more"
    # Bob finished one game of two: refused, told what is missing; the lobby is unchanged.
    calls = await bot.press(BOB, lobby, "cf:lobby:join:3")
    reply = only_reply(calls)
    assert "completion rate of 60% or more, and yours on this server is 50%" in reply.content
    assert "1 finished, 1 abandoned, 0 timed out over the last 180 days" in reply.content
    assert not (await bot.service.game(3)).has_seat(BOB.key)
    # Carol finished both that ended for her: seated, her record beside her name.
    calls = await bot.press(CAROL, lobby, "cf:lobby:join:3")
    assert [c.callback_type for c in calls] == [7]
    players = bot.message(lobby["id"])["embeds"][0]["fields"][0]["value"]
    assert players.splitlines() == [
        "• <@101> — no game here yet",
        "• <@103> — 100% · 2 finished · ~1 min/move",
    ]


async def test_stats_show_the_record_in_both_languages(bot: Harness) -> None:
    await history(bot)
    reply = only_reply(await bot.command(ALICE, "stats", player=BOB, channel=CHANNEL_ID))
    field = next(f for f in reply.embeds[0]["fields"] if f["name"].startswith("Finishing"))
    assert field["name"] == "Finishing games (last 180 days)"
    assert field["value"].splitlines() == [
        "50% · 1 finished · ~1 min/move",
        "2 started · 1 abandoned · 0 timed out",
    ]
    reply = only_reply(await bot.command(CAROL, "stats", channel=CHANNEL_ID))
    field = next(f for f in reply.embeds[0]["fields"] if f["name"].startswith("Parties menées"))
    assert field["name"] == "Parties menées à terme (180 derniers jours)"
    assert field["value"].splitlines() == [
        "100 % · 2 terminées · ~1 min/coup",
        "2 commencées · 0 abandonnée · 0 perdue au temps",
    ]
    # Someone with no game on this server: no record shown.
    reply = only_reply(await bot.command(ALICE, "stats", channel=CHANNEL_ID))
    assert not any(f["name"].startswith("Finishing") for f in reply.embeds[0]["fields"])


async def test_the_servers_cap_refuses_a_new_lobby_with_a_clear_message(bot: Harness) -> None:
    await history(bot)  # nothing of theirs runs any more
    lobby = await bot.service.create_lobby(
        rules="nim",
        options={},
        guild_id=str(GUILD_ID),
        channel_id=str(CHANNEL_ID),
        creator=Player(ALICE.key, "Alice"),
    )
    await bot.service.join(lobby.id, Player(BOB.key, "Bob"))
    await bot.service.start(lobby.id, ALICE.key)
    calls = await bot.command(ALICE, "settings", max_games=1)
    assert "Manage Server" in calls[-1].content  # only for managers
    calls = await bot.command(ADMIN, "settings", max_games=1)
    fields = {f["name"]: f["value"] for f in calls[-1].embeds[0]["fields"]}
    assert fields["Games at once per player"] == "1"
    calls = await bot.command(ALICE, "new", rules="nim")
    assert calls[-1].ephemeral
    assert calls[-1].content == (
        "This server allows at most 1 game at once per player, and Alice already plays 1."
    )
    assert [g.id for g in await bot.service.games_in_channel(str(CHANNEL_ID))] == [lobby.id]
    calls = await bot.command(ADMIN, "settings", max_games=0)
    fields = {f["name"]: f["value"] for f in calls[-1].embeds[0]["fields"]}
    assert fields["Games at once per player"] == "no cap"
    calls = await bot.command(ALICE, "new", rules="nim")
    assert not calls[-1].ephemeral


def test_a_record_reads_short_on_a_phone() -> None:
    record = Reliability("u", 45, 41, 3, 1, 3.2 * 3600, 300)
    assert record_text(record, "en") == "91% · 41 finished · ~3 h/move"
    assert record_text(record, "fr") == "91 % · 41 terminées · ~3 h/coup"
    assert record_text(Reliability("u", started=2), "en") == "0 finished"
    assert [duration_text(s, "fr") for s in (20, 40 * 60, 30 * 3600, 5 * 86400)] == [
        "~1 min",
        "~40 min",
        "~30 h",
        "~5 j",
    ]
