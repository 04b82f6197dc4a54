"""The unit of work describes a change from the row the store committed (``append_move``
answers it, from the database), without reading the game again: that description must
be the stored game's, field by field (clocks, return dates
of players away, who is to act, times), for every rule set, on both backends; and the
view and next moves it hands the announcement are the service's own answers."""

from __future__ import annotations

import random
from datetime import timedelta

import pytest

from bot.service import GameService, PlayResult, ServiceError
from bot.store import SqlStore
from rules import registry
from tests.bot.conftest import ALICE, BOB, CAROL, FakeClock, seeds

ENTRIES = 30
"""Entries played in each game (most games are far longer: their start is what varies)."""


async def check(service: GameService, result: PlayResult, mover: str | None) -> None:
    info = result.game
    stored = await service.game(info.id)
    assert info == stored
    assert info.clocks == stored.clocks and info.updated_at == stored.updated_at
    assert result.view == await service.public_view(info.id)
    if mover is not None and mover in info.to_act:
        assert list(result.next_moves) == await service.legal_moves(info.id, mover)
    else:
        assert result.next_moves == ()


@pytest.mark.parametrize("rules", sorted(registry.ids()))
async def test_the_described_change_is_the_stored_game(
    store: SqlStore, nim: None, rules: str
) -> None:
    service = GameService(store, seed_source=seeds(rules), clock=FakeClock())
    spec = registry.get(rules).spec
    players = [ALICE, BOB, CAROL][: max(spec.min_seats, min(3, spec.max_seats))]
    lobby = await service.create_lobby(
        rules=rules,
        options=None,
        guild_id="g",
        channel_id="c",
        creator=ALICE,
        clock_hours=24,
    )
    for player in players[1:]:
        await service.join(lobby.id, player)
    await service.timing.go_away(BOB.user_id, service.now() + timedelta(days=2), max_days=14)
    info = (await service.start(lobby.id, ALICE.user_id)).game
    chooser = random.Random(rules)
    undone = False
    for _ in range(ENTRIES):
        if info.status != "running":
            break
        seat = info.to_act[0]
        legal = [m for m in await service.legal_moves(info.id, seat) if m.code != "back"]
        result = await service.play(info.id, seat, chooser.choice(legal).code)
        await check(service, result, seat)
        info = result.game
        if not undone and info.status == "running" and result.events[0].undoable:
            # ``undoable`` is the upper bound stored with the entry: the request judges.
            try:
                answer = await service.undos.request(info.id, seat)
            except ServiceError as exc:
                assert exc.key == "service.undo_revealed"
                continue
            for other in answer.request.waiting:
                answer = await service.undos.answer(info.id, other, True)
            assert answer.status == "undone" and answer.result is not None
            await check(service, answer.result, None)
            info, undone = answer.result.game, True
    service.close()
