"""A whole Nim game through the Discord layer: lobby, buttons, thread, boards, result."""

from __future__ import annotations

from campfire_testing.harness import CHANNEL_ID, EPHEMERAL, Harness, User
from tests.bot.discord.conftest import ALICE, BOB, CAROL

PNG = b"\x89PNG\r\n\x1a\n"
USERS = {u.key: u for u in (ALICE, BOB, CAROL)}


async def open_lobby(bot: Harness, *joiners: User, options: str = "stones=4") -> dict:
    calls = await bot.command(ALICE, "new", rules="nim", options=options)
    assert [c.callback_type for c in calls] == [4]
    assert not calls[0].ephemeral
    lobby = bot.find(CHANNEL_ID, "cf:lobby:")
    for user in joiners:
        calls = await bot.press(user, lobby, "cf:lobby:join:1")
        assert [c.callback_type for c in calls] == [7]
        lobby = bot.message(lobby["id"])
    return lobby


async def start_game(bot: Harness, *joiners: User) -> int:
    """Lobby opened by Alice, ``joiners`` join, Alice starts; returns the thread id."""
    lobby = await open_lobby(bot, *joiners)
    await bot.press(ALICE, lobby, "cf:lobby:start:1")
    game = await bot.service.game(1)
    assert game.thread_id is not None
    return int(game.thread_id)


async def play_turn(bot: Harness, thread: int) -> list:
    """Whoever is to act presses Play on the newest turn message and picks the first move."""
    game = await bot.service.game(1)
    user = USERS[game.to_act[0]]
    turn = bot.find(thread, "cf:play:")
    calls = await bot.press(user, turn, f"cf:play:1:{game.version}")
    menu_call = calls[-1]
    assert menu_call.ephemeral and menu_call.callback_type == 4
    menu = bot.message(max(bot.fake.messages))
    select = next(c for c in menu["components"][0]["components"])
    first = select["options"][0]["value"]
    return await bot.press(user, menu, select["custom_id"], values=[first])


async def test_lobby_message_is_public_with_join_leave_start(bot: Harness) -> None:
    lobby = await open_lobby(bot, BOB)
    ids = [c["custom_id"] for c in lobby["components"][0]["components"]]
    assert ids == ["cf:lobby:join:1", "cf:lobby:leave:1", "cf:lobby:start:1", "cf:lobby:ai:1"]
    assert "<@102>" in lobby["embeds"][0]["fields"][0]["value"]
    assert lobby["flags"] & EPHEMERAL == 0
    assert (await bot.service.game(1)).has_seat(BOB.key)
    assert (await bot.service.messages(1))["lobby"] == lobby["id"]


async def test_start_opens_a_thread_under_the_lobby_with_board_and_turn(bot: Harness) -> None:
    lobby = await open_lobby(bot, BOB)
    calls = await bot.press(ALICE, lobby, "cf:lobby:start:1")
    thread_calls = [c for c in calls if c.path.endswith("/threads")]
    assert len(thread_calls) == 1 and thread_calls[0].url.endswith(
        f"/messages/{lobby['id']}/threads"
    )
    assert bot.message(lobby["id"])["components"] == []  # lobby closed
    game = await bot.service.game(1)
    thread = int(game.thread_id or 0)
    (turn,) = bot.posted_in(thread)  # one message: the board, whose turn, the buttons
    turn_call = next(c for c in calls if c.files)
    assert turn_call.channel_id == thread
    name, data = turn_call.files[0]
    assert data.startswith(PNG) and name.endswith(".png")
    assert turn["embeds"][0]["image"]["url"] == f"attachment://{name}"
    to_act = game.to_act[0]
    assert f"<@{to_act}>" in turn_call.content
    assert turn_call.json["allowed_mentions"] == {"parse": [], "users": [int(to_act)]}
    assert turn_call.custom_ids() == [
        "cf:play:1:0",
        "cf:hint:1",
        "cf:hand:1",
        "cf:scores:1",
        "cf:full:1:0",
    ]
    assert turn["id"] == (await bot.service.messages(1))["turn"]


async def test_whole_game_from_lobby_to_final_scores(bot: Harness) -> None:
    thread = await start_game(bot, BOB)
    boards = 1
    for _ in range(10):
        game = await bot.service.game(1)
        if game.status != "running":
            break
        calls = await play_turn(bot, thread)
        assert calls[0].callback_type == 6  # deferred at once
        assert any("You played" in c.content for c in calls if "@original" in c.url)
        boards += sum(
            1
            for c in calls
            if c.files and c.files[0][1].startswith(PNG) and "replay" not in c.files[0][0]
        )
    game = await bot.service.game(1)
    assert game.status == "over"
    assert boards == game.version + 1  # one board at the start and one after every move
    result = bot.posted_in(thread)[-1]
    # the final board, then the whole game
    names = [a["filename"] for a in result["attachments"]]
    assert names == [f"campfire-1-{game.version}.png", "campfire-1-replay.webp"]
    assert result["embeds"][1]["image"]["url"] == f"attachment://{names[0]}"
    embed = result["embeds"][0]
    winner = (await bot.service.outcome(1)).winners[0]  # type: ignore[union-attr]
    assert embed["title"] == f"#1 Nim is over — winner: {game.name_of(winner)}"
    assert embed["description"].startswith(f"1. <@{winner}>")
    assert {f["name"].split(":")[0] for f in embed["fields"]} == {"Alice", "Bob"}
    assert "<@101>" in result["content"] and "<@102>" in result["content"]
    final_call = next(c for c in reversed(bot.fake.calls) if c.json and c.json.get("embeds"))
    assert sorted(final_call.json["allowed_mentions"]["users"]) == [101, 102]


async def test_french_player_reads_french_replies(bot: Harness) -> None:
    await open_lobby(bot)
    calls = await bot.command(CAROL, "join", game="1")
    assert calls[0].ephemeral and "Vous avez rejoint" in calls[0].content


async def test_the_lobby_message_reads_the_game_is_on_once_started(bot: Harness) -> None:
    """Whether started by its button or by ``/campfire start``, the lobby message no
    longer invites anyone to join: its text and its embed say the game is on."""
    lobby = await open_lobby(bot, BOB)
    await bot.press(ALICE, lobby, "cf:lobby:start:1")
    await bot.command(ALICE, "new", rules="nim", options="stones=4")
    second = bot.find(CHANNEL_ID, "cf:lobby:join:2")
    await bot.press(BOB, second, "cf:lobby:join:2")
    await bot.command(ALICE, "start", game="2")
    for message_id in (lobby["id"], second["id"]):
        message = bot.message(message_id)
        assert message["content"].startswith("The game is on"), message["content"]
        assert message["embeds"][0]["description"].startswith("The game is on")
        assert "Join" not in message["content"] and not message.get("components")


async def test_each_board_file_is_named_after_the_revision_it_shows(bot: Harness) -> None:
    """Another move stored between reading the game and drawing its board: the picture
    shows the newer revision, so it is named (and its footer numbered) after that one;
    no two different pictures ever share a name."""
    from bot.discord import threads, turns

    thread = await start_game(bot, BOB)
    first = bot.posted_in(thread)[0]
    assert first["attachments"][0]["filename"] == "campfire-1-0.png"
    stale = await bot.service.game(1)
    await bot.service.play(1, stale.to_act[0], "take1")  # v1, drawn below as v1
    file = await turns.board_file(bot.client, stale, "en")
    assert file is not None and file.filename == "campfire-1-1.png"
    table = await threads.table_of(bot.client, stale)
    message = await turns.post_turn(bot.client, table, stale, stale.to_act, "en")
    posted = bot.message(message.id)
    assert posted["attachments"][0]["filename"] == "campfire-1-1.png"
    assert posted["embeds"][0]["footer"]["text"] == "Move 1"
    assert posted["embeds"][0]["image"]["url"] == "attachment://campfire-1-1.png"
