"""Store migration 3 (contract v2): notes and public labels with each entry, results
written with the final entry, undo records that keep undone entries, resignations that
become log entries when an older database is migrated."""

from __future__ import annotations

from bot.service import GameService
from bot.store import NewEntry, ResultRow, Store
from rules.base import Text
from tests.bot.conftest import ALICE, BOB, execute, running_nim, store_on
from tests.bot.test_store import AT, _new_game


async def test_notes_public_label_and_undoable_are_stored(store: Store) -> None:
    game_id = await _new_game(store)
    await store.start_game(game_id, ["u1"], "{}", AT)
    note = Text("nim.note.left", {"n": 4})
    assert await store.append_move(
        NewEntry(
            game_id,
            expected_version=0,
            seat="u1",
            code="take1",
            label=Text("nim.take", {"n": 1}),
            at=AT,
            snapshot="{}",
            over=False,
            turn_started=True,
            public_label=Text("secret.kind"),
            notes=(note,),
            undoable=True,
        )
    )
    (move,) = await store.moves(game_id)
    assert move.notes == (note,) and move.public_label == Text("secret.kind") and move.undoable


async def test_results_are_written_with_the_final_move(service: GameService) -> None:
    game_id = await running_nim(service, ALICE, BOB, stones=3)
    while (info := await service.game(game_id)).status == "running":
        assert await service.store.results(game_id) == []
        moves = await service.legal_moves(game_id, info.to_act[0])
        await service.play(game_id, info.to_act[0], moves[-1].code)
    outcome = await service.outcome(game_id)
    assert outcome is not None
    (winner,) = outcome.winners
    loser = BOB.user_id if winner == ALICE.user_id else ALICE.user_id
    assert await service.store.results(game_id) == [
        ResultRow(winner, 1, 1),
        ResultRow(loser, 2, 0),
    ]


async def test_undo_keeps_the_undone_entries_and_grows_the_revision(
    service: GameService,
) -> None:
    game_id = await running_nim(service, ALICE, BOB, stones=20)
    for _ in range(3):
        info = await service.game(game_id)
        await service.play(game_id, info.to_act[0], "take1")
    store = service.store
    row = await store.game(game_id)
    assert row is not None and row.version == 3
    game_state = await service.public_view(game_id)
    assert await store.undo(
        game_id, expected_version=3, count=2, by=ALICE.user_id, at=AT, snapshot="{}"
    )
    assert not await store.undo(
        game_id, expected_version=3, count=1, by=ALICE.user_id, at=AT, snapshot="{}"
    )  # a stale undo changes nothing
    assert [m.seq for m in await store.moves(game_id)] == [0]
    assert [m.seq for m in await store.undone_moves(game_id)] == [1, 2]
    assert await store.log_revision(game_id) == 4
    row = await store.game(game_id)
    assert row is not None and row.version == 4
    # The service rebuilds the game from the entries that stand, at the new revision.
    fresh = GameService(store)
    view = await fresh.public_view(game_id)
    assert view["turn"] == 1 and view["stones"] == game_state["stones"] + 2
    info = await fresh.game(game_id)
    result = await fresh.play(game_id, info.to_act[0], "take1")
    assert result.game.version == 5
    assert [m.seq for m in await store.moves(game_id)] == [0, 4]


async def test_an_old_resignation_becomes_a_log_entry(empty_database: str) -> None:
    """A database at schema 2 with a resigned game: migration 3 appends ``!resign``."""
    async with store_on(empty_database, migrations=2) as old:
        game_id = await _new_game(old)
        await old.add_seat(game_id, "u2", "Bob", AT)
        await old.start_game(game_id, ["u1", "u2"], "{}", AT)
        await execute(
            old, "UPDATE games SET status = 'over', resigned = 'u2' WHERE id = ?", (game_id,)
        )
    async with store_on(empty_database) as store:
        (entry,) = await store.moves(game_id)
        assert (entry.seat, entry.code) == ("u2", "!resign")
        assert entry.label == Text("seat.resign", {"seat": "u2"})
        row = await store.game(game_id)
        assert row is not None and row.version == 1
        service = GameService(store)
        outcome = await service.outcome(game_id)
        assert outcome is not None and outcome.ranking[-1] == ("u2",)
