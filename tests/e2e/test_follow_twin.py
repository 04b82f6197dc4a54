"""Issue 42, items 3 and 4, through the local Discord emulator and the real ``campfire
run``: a player mutes a game (its next turn message names them without a ping), a
spectator follows it (a direct message at the new turn), and ``/campfire games
all:True`` answers the player to act alone with the game waiting on them.

Skipped (with the reason) only when Node.js or npm is missing."""

from __future__ import annotations

import pytest

from tests.e2e import test_discord_twin as scenes
from tests.e2e.emulator import BotProcess, Twin, missing_tools, wait_for

pytestmark = pytest.mark.skipif(missing_tools() is not None, reason=str(missing_tools()))

table = scenes.table
"""The emulator and the bot, as the other scenarios have them."""


def test_a_muted_player_is_named_a_follower_is_told_and_all_games_lists_the_wait(
    table: tuple[Twin, BotProcess],
) -> None:
    twin, bot = table
    game = scenes.open_game(twin, ("bob",), rules="nim", options="stones=30")
    first = wait_for("the first turn", lambda: game.turn_messages() or None)[-1]
    mover = game.to_act(first)[0] if game.to_act(first) else ""
    assert mover in ("alice", "bob"), first["content"]
    waiter = "bob" if mover == "alice" else "alice"

    said = twin.answer_text(twin.slash("carol", twin.channel, "follow", game="1", mode="turns"))
    assert "You follow #1" in said, said
    said = twin.answer_text(twin.slash(waiter, game.thread, "follow", mode="mute"))
    assert "is muted for you" in said, said

    twin.answer(scenes.move_reply(twin, mover, game))
    turn = game.wait_turn_after(game.version_of(first))
    assert turn["content"].startswith(f"{waiter} to play"), turn["content"]
    assert "<@" not in turn["content"] and not turn["allowed_mentions"].get("users")
    told = wait_for("the follower's direct message", lambda: twin.dms("carol") or None)
    assert "#1 Nim: a new turn" in told[-1]["content"] and game.thread in told[-1]["content"]
    assert twin.dms(waiter) == []

    answer = twin.answer(twin.slash(waiter, twin.channel, "games", all=True))
    assert scenes.private(answer), answer
    listed = twin.answer_text(twin.slash(waiter, twin.channel, "games", all=True))
    assert "Waiting on you, everywhere" in listed and "#1 Nim" in listed, listed
    assert twin.failures() == []
    assert "Traceback" not in bot.log()
