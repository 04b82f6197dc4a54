"""Two processes with overlapping shards over one database (two clients, two stores):
one plays a game's AI turn and posts it while the other's catch-up finds the game
behind. The table gets one board and one ping for that revision, whoever posts it."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from bot.discord import publish
from bot.service import PlayResult
from campfire_testing.harness import Call, Harness
from tests.bot.discord.conftest import ALICE, BOB, CAROL, make_harness
from tests.bot.discord.test_restart import _ai_left_to_act, _started


def _pings(call: Call) -> list[int]:
    return list(((call.json or {}).get("allowed_mentions") or {}).get("users") or [])


async def _second_process(
    first: Harness, db_path: Path, monkeypatch: pytest.MonkeyPatch
) -> Harness:
    """Another client and store on the same database, posting to the same Discord."""
    second, _ = await make_harness(db_path, monkeypatch)
    second.fake.messages = first.fake.messages
    second.fake.channels = first.fake.channels
    second.fake._ids = first.fake._ids
    return second


async def test_an_ai_turn_and_a_catch_up_racing_post_one_board_and_one_ping(
    db_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    first, _ = await make_harness(db_path, monkeypatch)
    (game_id,) = await _ai_left_to_act(first, 1)  # Alice's move stored, not posted
    second = await _second_process(first, db_path, monkeypatch)
    game = await first.service.game(game_id)
    thread = int(game.thread_id or 0)
    real = first.service.robots.move

    async def move_then_stall(game_id: int, **how: Any) -> PlayResult | None:
        """The AI's move is stored; before the first process posts it, the second
        one's catch-up (at its start, or its sweep) runs."""
        result = await real(game_id, **how)
        if result is not None:
            assert await publish.catch_up(second.client) == [game_id]
        return result

    monkeypatch.setattr(first.service.robots, "move", move_then_stall)
    marks = len(first.fake.calls), len(second.fake.calls)
    assert await publish.play_ai_turns(first.client, game, "en") == 1
    posted: list[Any] = [
        c
        for c in first.fake.calls[marks[0] :] + second.fake.calls[marks[1] :]
        if c.channel_id == thread and c.method == "POST"
    ]
    now = await first.service.game(game_id)
    assert now.to_act == (ALICE.key,)
    boards = [c for c in posted if c.embeds]
    turns = [c for c in posted if f"cf:play:{game_id}:{now.version}" in c.custom_ids()]
    assert len(boards) == 1 and len(turns) == 1
    assert [_pings(c) for c in posted if _pings(c)] == [[int(ALICE.key)]]
    # both of the missed moves are named on the one board
    assert "Alice" in boards[0].text()


async def test_two_moves_at_once_posted_in_the_other_order_are_both_named(
    db_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Two players choose at once; the later move's post claims its revision first: its
    board names both moves, and the earlier move's post, come too late, posts nothing."""
    bot, _ = await make_harness(db_path, monkeypatch)
    game_id = await _started(bot, "origin", "", BOB, CAROL)
    game = await bot.service.game(game_id)
    assert len(game.to_act) == 3  # everyone keeps an objective, all at once
    thread = int(game.thread_id or 0)
    results = []
    for seat in game.to_act[:2]:
        keep = (await bot.service.legal_moves(game_id, seat))[0].code
        results.append(await bot.service.play(game_id, seat, keep))
    mark = len(bot.fake.calls)
    await publish.publish_result(bot.client, results[1], "en")
    await publish.publish_result(bot.client, results[0], "en")
    boards = [c for c in bot.fake.calls[mark:] if c.channel_id == thread and c.embeds]
    assert len(boards) == 1
    names = {p.user_id: p.name for p in game.seats}
    played = [line for line in boards[0].text().splitlines() if line.startswith("**")]
    assert [line.split("**")[1] for line in played] == [names[s] for s in game.to_act[:2]]
