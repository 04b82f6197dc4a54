"""``GameService.missed``: what a table that stopped at some revision did not see."""

from __future__ import annotations

from bot.service import GameService, MoveApplied, TurnStarted
from tests.bot.conftest import ALICE, BOB, CAROL, running_nim


async def test_missed_names_each_entry_and_pings_who_became_to_act(
    service: GameService,
) -> None:
    game_id = await running_nim(service, ALICE, BOB, stones=20)
    await service.play(game_id, ALICE.user_id, "take1")
    await service.play(game_id, BOB.user_id, "take2")
    missed = await service.missed(game_id, 0)
    moves = [e for e in missed.events if isinstance(e, MoveApplied)]
    assert [(m.seat, m.code, m.version) for m in moves] == [("u1", "take1", 1), ("u2", "take2", 2)]
    (turn,) = [e for e in missed.events if isinstance(e, TurnStarted)]
    # Alice was to act at v0 already, but Bob's move made her to act again: pinged.
    assert turn.new_seats == ("u1",) and turn.version == 2
    assert [e for e in (await service.missed(game_id, 1)).events if isinstance(e, MoveApplied)]
    assert (await service.missed(game_id, 2)).events == ()


async def test_missed_pings_nobody_who_was_not_pinged_by_the_flow(service: GameService) -> None:
    game_id = await running_nim(service, ALICE, BOB, CAROL, stones=20)
    await service.play(game_id, ALICE.user_id, "take1")
    # Bob became to act with the missed move; Carol never was.
    missed = await service.missed(game_id, 0)
    (turn,) = [e for e in missed.events if isinstance(e, TurnStarted)]
    assert turn.new_seats == ("u2",)
