"""Undo with consent on Discord: the mover's Undo button (or ``/campfire undo``) asks
the others at the table with Agree / Refuse buttons; the move is taken back when all
agree before anyone moves."""

from __future__ import annotations

import json
from typing import Any

import pytest

from bot.service import is_ai_seat
from campfire_testing.harness import CHANNEL_ID, Harness
from campfire_testing.payloads import walk_components
from rules import registry, rng
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


def _has(bot: Harness, channel: int, prefix: str) -> bool:
    try:
        bot.find(channel, prefix)
    except AssertionError:
        return False
    return True


async def _against_ai(bot: Harness, ai: int = 2) -> tuple[int, int]:
    """Alice against ``ai`` AI seats in Nim (12 stones, seats in join order); returns the
    thread and the revision where Alice is first to act."""
    await bot.command(ALICE, "new", rules="nim", options="stones=12", ai=ai, ai_level="greedy")
    await bot.press(ALICE, bot.find(CHANNEL_ID, "cf:lobby:"), "cf:lobby:start:1")
    game = await bot.service.game(1)
    assert game.to_act == (str(ALICE.key),)
    return int(game.thread_id or 0), game.version


async def test_against_ai_seats_the_undo_takes_back_their_replies(bot: Harness) -> None:
    """Issue 27: after a move the AI seats answer at once, the Undo button is kept (for
    the revision after their replies) and works: the AI seats agree at once."""
    thread, start = await _against_ai(bot)
    stones = (await bot.service.public_view(1))["stones"]
    calls = await bot.command(ALICE, "move", move="take2", channel=thread)
    reply = next(c for c in calls if c.ephemeral and c.content and c.method == "POST")
    assert reply.custom_ids() == [f"cf:undo:1:{start + 1}"]  # shown with the move
    game = await bot.service.game(1)
    assert game.version == start + 3 and game.to_act == (str(ALICE.key),)  # both replied
    confirmation = bot.find(thread, "cf:undo:1:")
    button = f"cf:undo:1:{start + 3}"
    ids = [c.get("custom_id") for c in walk_components(confirmation["components"])]
    assert [i for i in ids if i] == [button]
    calls = await bot.press(ALICE, confirmation, button)
    assert any(c.ephemeral and "taken back" in c.content for c in calls)
    game = await bot.service.game(1)
    assert game.to_act == (str(ALICE.key),) and await bot.service.history(1) == []
    assert (await bot.service.public_view(1))["stones"] == stones
    assert not _has(bot, thread, "cf:undo:yes:")  # nobody was asked


async def test_no_undo_button_after_ai_replies_that_can_never_be_taken_back(
    bot: Harness, monkeypatch: pytest.MonkeyPatch
) -> None:
    """An AI reply that rolled dice can never be taken back: the button the move showed
    is taken away once the AI replied."""
    nim = registry.get("nim")
    original = nim._apply

    def rolling(state: Any, seat: str, move: Any, record: Any) -> None:
        original(state, seat, move, record)
        if is_ai_seat(seat):
            rng.randbelow(state, 6)

    monkeypatch.setattr(nim, "_apply", rolling)
    thread, start = await _against_ai(bot, ai=1)
    calls = await bot.command(ALICE, "move", move="take1", channel=thread)
    reply = next(c for c in calls if c.ephemeral and c.content and c.method == "POST")
    assert reply.custom_ids() == [f"cf:undo:1:{start + 1}"]
    assert (await bot.service.game(1)).version == start + 2
    message = bot.message(next(iter(bot.fake.source_by_token.values())))
    assert message["components"] == []
    assert not _has(bot, thread, "cf:undo:1:")
    reply = only_reply(await bot.command(ALICE, "undo", channel=thread))
    assert "AI player" in reply.content


async def test_the_undo_button_comes_with_the_menu_of_the_next_decision(bot: Harness) -> None:
    """Issue 27: a decision followed by another decision of the same turn (Origin
    Junior: evolve, then choose the pawn) keeps its Undo button beside the menu."""
    await bot.command(ALICE, "new", rules="origin-junior")
    lobby = bot.find(CHANNEL_ID, "cf:lobby:")
    await bot.press(BOB, lobby, "cf:lobby:join:1")
    await bot.press(ALICE, bot.message(lobby["id"]), "cf:lobby:start:1")
    game = await bot.service.game(1)
    me, thread = USERS[game.to_act[0]], int(game.thread_id or 0)
    calls = await bot.command(me, "move", move="evolve:a3", channel=thread)
    reply = next(c for c in calls if c.ephemeral and c.content and c.method == "POST")
    ids = reply.custom_ids()
    assert f"cf:undo:1:{game.version + 1}" in ids
    assert any(i.startswith("cf:move:") for i in ids), ids  # the next decision's menu
    calls = await bot.press(me, bot.find(thread, "cf:undo:1:"), ids[-1])
    assert any(c.ephemeral and "request was sent" in c.content for c in calls)
    assert _has(bot, thread, "cf:undo:yes:")


async def test_undoing_a_decision_in_the_middle_of_a_turn_edits_the_live_turn_message(
    bot: Harness,
) -> None:
    """Issue 37: the decision taken back (Origin Junior's evolve) gives the turn back to
    the same player, who is still to act: the live turn message is edited in place, no
    new one is posted and nobody is pinged again (it used to ping the player anew)."""
    await bot.command(ALICE, "new", rules="origin-junior")
    lobby = bot.find(CHANNEL_ID, "cf:lobby:")
    await bot.press(BOB, lobby, "cf:lobby:join:1")
    await bot.press(ALICE, bot.message(lobby["id"]), "cf:lobby:start:1")
    game = await bot.service.game(1)
    me, thread = USERS[game.to_act[0]], int(game.thread_id or 0)
    other = BOB if me is ALICE else ALICE
    live = bot.find(thread, "cf:play:")
    calls = await bot.command(me, "move", move="evolve:a3", channel=thread)
    undo = next(
        i for c in calls if c.ephemeral for i in c.custom_ids() if i.startswith("cf:undo:1:")
    )
    await bot.press(me, bot.find(thread, "cf:undo:1:"), undo)
    request = bot.find(thread, "cf:undo:yes:")
    yes = next(
        str(c["custom_id"])
        for c in walk_components(request["components"])
        if str(c.get("custom_id", "")).startswith("cf:undo:yes:")
    )
    calls = await bot.press(other, request, yes)
    assert "was taken back" in bot.message(request["id"])["content"]
    after = await bot.service.game(1)
    assert after.to_act == game.to_act and after.version == game.version + 2
    posted = [
        c for c in calls if c.method == "POST" and c.path == "/channels/{channel_id}/messages"
    ]
    assert posted == [], [c.json for c in posted]  # no new turn message, no ping
    edits = [c for c in calls if c.method == "PATCH" and c.channel_id == thread]
    assert any(str(live["id"]) in c.url for c in edits), [c.url for c in edits]
    assert bot.find(thread, "cf:play:")["id"] == live["id"]
    assert f"cf:play:1:{after.version}" in json.dumps(bot.message(live["id"])["components"])
