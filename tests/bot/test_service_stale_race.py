"""A button click that loses a race while its game is being rebuilt is "stale", never
"not your turn" (found by the stateful test): the state the loader returns may already
include the winning move."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from pathlib import Path

from bot.service import GameService, ServiceError
from bot.store import MoveRow, Store
from tests.bot.conftest import ALICE, BOB, running_nim


class RacingStore(Store):
    """A store that lets another writer commit once, just before the log is read."""

    before_log: Callable[[], Awaitable[object]] | None = None

    async def moves(self, game_id: int) -> list[MoveRow]:
        hook, self.before_log = self.before_log, None
        if hook is not None:
            await hook()
        return await super().moves(game_id)


async def test_a_click_overtaken_while_the_game_is_rebuilt_is_stale(
    db_path: Path, nim: None
) -> None:
    async with Store(db_path) as first_store, RacingStore(db_path) as second_store:
        first, second = GameService(first_store), GameService(second_store)
        game_id = await running_nim(first, ALICE, BOB, stones=20)
        second_store.before_log = lambda: first.play(
            game_id, ALICE.user_id, "take2", expected_version=0
        )
        try:
            await second.play(game_id, ALICE.user_id, "take1", expected_version=0)
        except ServiceError as refused:
            assert refused.key == "service.stale" and refused.params == {"version": 1}
        else:
            raise AssertionError("both clicks applied")
        assert [m.code for m in await first_store.moves(game_id)] == ["take2"]


async def test_a_game_read_while_another_process_moves_is_described_at_one_revision(
    db_path: Path, nim: None
) -> None:
    """The row says version 0 (Alice to act) but the log read just after already holds
    Alice's move: the game is described whole at revision 1 (Bob to act), never the old
    row with the new state's seats to act (found by the two-process shard test)."""
    async with Store(db_path) as first_store, RacingStore(db_path) as second_store:
        first, second = GameService(first_store), GameService(second_store)
        game_id = await running_nim(first, ALICE, BOB, stones=20)
        second_store.before_log = lambda: first.play(
            game_id, ALICE.user_id, "take2", expected_version=0
        )
        info = await second.game(game_id)
        assert (info.version, info.to_act) == (1, (BOB.user_id,))
