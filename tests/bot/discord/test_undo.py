"""Undo with consent on Discord: the mover's Undo button (or ``/campfire undo``) asks
the others at the table with Agree / Refuse buttons; the move is taken back when all
agree before anyone moves."""

from __future__ import annotations

import json
from typing import Any

from campfire_testing.harness import Harness
from tests.bot.discord.conftest import ALICE, BOB, CAROL
from tests.bot.discord.test_bad_input import only_reply
from tests.bot.discord.test_game_flow import USERS, start_game


async def _move_and_ask(bot: Harness, thread: int) -> tuple[str, dict[str, Any], list[int]]:
    """The player to act takes two stones, then presses Undo; returns them, the request
    posted at the table and whom it pinged."""
    game = await bot.service.game(1)
    me = USERS[game.to_act[0]]
    calls = await bot.command(me, "move", move="take2", channel=thread)
    reply = next(c for c in calls if c.ephemeral and c.content)
    assert reply.custom_ids() == ["cf:undo:1:1"]
    confirmation = bot.find(thread, "cf:undo:1:")
    calls = await bot.press(me, confirmation, "cf:undo:1:1")
    assert any(c.ephemeral and "request was sent" in c.content for c in calls)
    request = bot.find(thread, "cf:undo:yes:")
    assert request["components"] and "asks to take back" in request["content"]
    posted = next(c for c in calls if c.method == "POST" and "/channels/" in c.path)
    return game.to_act[0], request, sorted(posted.json["allowed_mentions"]["users"])


async def test_all_agree_and_the_move_is_taken_back(bot: Harness) -> None:
    thread = await start_game(bot, BOB, CAROL)
    me, request, pinged = await _move_and_ask(bot, thread)
    others = [u for u in (ALICE, BOB, CAROL) if u.key != me]
    assert pinged == sorted(u.id for u in others)
    await bot.press(others[0], request, "cf:undo:yes:1:1")
    assert "Agreed so far" in bot.message(request["id"])["content"]
    calls = await bot.press(others[0], request, "cf:undo:yes:1:1")
    assert any(c.ephemeral for c in calls)  # already answered
    await bot.press(others[1], bot.message(request["id"]), "cf:undo:yes:1:1")
    edited = bot.message(request["id"])
    assert "was taken back" in edited["content"] and edited["components"] == []
    game = await bot.service.game(1)
    assert game.version == 2 and game.to_act == (me,)
    assert bot.find(thread, "cf:play:")["components"]  # a new turn message, fresh Play
    assert await bot.service.history(1) == []


async def test_a_refusal_keeps_the_move(bot: Harness) -> None:
    thread = await start_game(bot, BOB)
    me, request, _ = await _move_and_ask(bot, thread)
    other = BOB if me == ALICE.key else ALICE
    await bot.press(other, request, "cf:undo:no:1:1")
    edited = bot.message(request["id"])
    assert "refused" in edited["content"] and edited["components"] == []
    assert (await bot.service.game(1)).version == 1


async def test_a_move_ends_the_request(bot: Harness) -> None:
    thread = await start_game(bot, BOB)
    me, request, _ = await _move_and_ask(bot, thread)
    other = BOB if me == ALICE.key else ALICE
    await bot.command(other, "move", move="take1", channel=thread)
    await bot.press(other, request, "cf:undo:yes:1:1")
    edited = bot.message(request["id"])
    assert "moved on" in edited["content"] and edited["components"] == []
    assert (await bot.service.game(1)).version == 2


async def test_the_command_is_refused_to_a_player_who_did_not_move_last(bot: Harness) -> None:
    thread = await start_game(bot, BOB)
    game = await bot.service.game(1)
    me = USERS[game.to_act[0]]
    other = BOB if me is ALICE else ALICE
    await bot.command(me, "move", move="take1", channel=thread)
    reply = only_reply(await bot.command(other, "undo", channel=thread))
    assert "Only the player who made the last move" in reply.content


async def test_a_forged_stale_refuse_changes_nothing(bot: Harness) -> None:
    """A Refuse carrying an older revision pressed on the live request (a forged or
    replayed click): the request stays pending and its message untouched."""
    thread = await start_game(bot, BOB)
    me, request, _ = await _move_and_ask(bot, thread)
    other = BOB if me == ALICE.key else ALICE
    before = dict(bot.message(request["id"]))
    forged = json.loads(json.dumps(request).replace("cf:undo:no:1:1", "cf:undo:no:1:0"))
    calls = await bot.press(other, forged, "cf:undo:no:1:0")
    assert bot.message(request["id"])["content"] == before["content"]
    assert bot.message(request["id"])["components"] == before["components"]
    assert not [c for c in calls if c.method == "PATCH" and not c.ephemeral]
    assert any(c.ephemeral and c.content for c in calls)  # the presser is told why
    pending = await bot.service.undos.pending(1)
    assert pending is not None and pending.version == 1
    await bot.press(other, bot.message(request["id"]), "cf:undo:yes:1:1")
    assert "was taken back" in bot.message(request["id"])["content"]
