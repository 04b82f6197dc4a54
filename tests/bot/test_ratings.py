"""Ratings (OpenSkill Plackett-Luce) per server and rule set: updates for 2-4 players
with ties and resignations, aborted games ignored, standings and stats, and the stored
ratings equal to a recomputation from the stored results."""

from __future__ import annotations

import pytest

from bot.service import GameService
from bot.service.ratings import MODEL, display, rate, recompute, standings
from bot.store import FinishedRow, RatingRow, ResultRow
from rules.base import InvalidOptions, Text
from rules.i18n import translate
from tests.bot.conftest import ALICE, BOB, CAROL, DAVE, nim_lobby, running_nim


def finished(game_id: int, *places: tuple[str, int]) -> FinishedRow:
    return FinishedRow(game_id, tuple(ResultRow(seat, rank, 0) for seat, rank in places))


def test_two_players_the_winner_gains_what_the_loser_loses() -> None:
    after = recompute("nim", [finished(1, ("a", 1), ("b", 2))])
    assert after["a"].mu > MODEL.mu > after["b"].mu
    assert after["a"].mu - MODEL.mu == pytest.approx(MODEL.mu - after["b"].mu)
    assert (after["a"].games, after["a"].wins, after["b"].games, after["b"].wins) == (1, 1, 1, 0)
    assert after["a"].sigma < MODEL.sigma


def test_a_shared_place_gives_the_same_rating_and_counts_as_a_win_for_both() -> None:
    after = recompute("nim", [finished(1, ("a", 1), ("b", 1), ("c", 3))])
    assert after["a"].mu == pytest.approx(after["b"].mu) and after["a"].mu > after["c"].mu
    assert after["a"].wins == after["b"].wins == 1 and after["c"].wins == 0


def test_four_players_with_a_resigner_last() -> None:
    """The results put a resigner last on their own: the biggest loss is theirs."""
    after = recompute("nim", [finished(1, ("a", 1), ("b", 2), ("c", 2), ("d", 4))])
    assert after["b"].mu == pytest.approx(after["c"].mu)
    assert after["a"].mu > after["b"].mu > after["d"].mu
    assert min(after.values(), key=lambda r: r.mu).user_id == "d"


def test_games_are_counted_in_order_and_a_lone_place_is_ignored() -> None:
    games = [
        finished(1, ("a", 1), ("b", 2)),
        finished(2, ("a", 1)),
        finished(3, ("b", 1), ("a", 2), ("c", 3)),
    ]
    whole = recompute("nim", games)
    step = rate("nim", {}, games[:1])
    step.update(rate("nim", step, games[1:]))
    assert step == whole
    assert whole["a"].games == 2 and whole["c"].games == 1


def test_standings_best_first_by_the_conservative_rating() -> None:
    rows = [
        RatingRow("nim", "a", 30.0, 8.0, 1, 1),  # 6.0
        RatingRow("nim", "b", 27.0, 3.0, 9, 5),  # 18.0
        RatingRow("nim", "c", 25.0, 2.0, 9, 3),  # 19.0
        RatingRow("nim", "d", 24.0, 2.0, 3, 1),  # 18.0
    ]
    lines = standings(rows)
    assert [(s.place, s.user_id) for s in lines] == [(1, "c"), (2, "b"), (2, "d"), (4, "a")]
    assert lines[0].rating == display(25.0, 2.0) == 19.0


async def finish_nim(service: GameService, game_id: int) -> None:
    while (info := await service.game(game_id)).status == "running":
        await service.play(game_id, info.to_act[0], "take1")


async def test_stored_ratings_match_a_recomputation_from_the_results(
    service: GameService,
) -> None:
    """2, 3 and 4 players, resignations (alone and mid-game), an aborted game: the
    ratings kept game by game equal the ones recomputed from every stored result."""
    played = []
    for players in [(ALICE, BOB), (BOB, CAROL, DAVE), (ALICE, BOB, CAROL, DAVE), (CAROL, ALICE)]:
        game_id = await running_nim(service, *players, stones=7)
        await finish_nim(service, game_id)
        played.append(game_id)
    resigned = await running_nim(service, DAVE, ALICE)
    await service.resign(resigned, DAVE.user_id)
    mid = await running_nim(service, ALICE, BOB, CAROL, stones=9)
    await service.resign(mid, (await service.game(mid)).to_act[0])
    await finish_nim(service, mid)
    aborted = await running_nim(service, ALICE, BOB)
    await service.play(aborted, (await service.game(aborted)).to_act[0], "take1")
    await service.abort(aborted, ALICE.user_id)

    store = service.store
    results = await store.finished_results("g1", "nim", unrated_only=False)
    assert [g.game_id for g in results] == [*played, resigned, mid]
    assert await store.finished_results("g1", "nim", unrated_only=True) == []
    stored = {r.user_id: r for r in await store.ratings("g1", "nim")}
    assert stored == recompute("nim", results)  # SQLite REAL keeps every bit of a float
    assert sum(r.games for r in stored.values()) == 2 + 3 + 4 + 2 + 2 + 3
    dave = stored[DAVE.user_id]
    assert dave.games == 3  # the resignation counted, the aborted game not
    assert await service.ratings.catch_up("g1", "nim") == 0  # nothing counted twice


async def test_ratings_are_kept_per_server(service: GameService) -> None:
    game_id = await running_nim(service, ALICE, BOB)
    await finish_nim(service, game_id)
    other = await service.create_lobby(
        rules="nim", options={}, guild_id="g2", channel_id="c9", creator=CAROL
    )
    await service.join(other.id, ALICE)
    await service.start(other.id, CAROL.user_id, shuffle_seats=False)
    await service.resign(other.id, ALICE.user_id)
    assert {r.user_id for r in await service.store.ratings("g1")} == {"u1", "u2"}
    assert {r.user_id for r in await service.store.ratings("g2")} == {"u1", "u3"}
    stats = await service.stats("g2", ALICE.user_id)
    assert [(s.rules, s.games, s.wins) for s in stats.lines] == [("nim", 1, 0)]


async def test_standings_and_stats(service: GameService) -> None:
    for _ in range(2):
        game_id = await running_nim(service, ALICE, BOB)
        await service.resign(game_id, BOB.user_id)
    game_id = await running_nim(service, CAROL, BOB)
    await service.resign(game_id, BOB.user_id)
    await nim_lobby(service, DAVE)  # a lobby counts for nothing

    table = await service.standings("g1", None, BOB.user_id)
    assert table.rules == "nim" and table.players == 3
    assert [s.user_id for s in table.top][-1] == BOB.user_id
    assert table.mine is not None and table.mine.user_id == BOB.user_id
    assert table.mine.place == 3 and table.mine.games == 3 and table.mine.wins == 0
    assert (await service.standings("g1", "nim", DAVE.user_id)).mine is None
    assert (await service.standings("g1", "origin", DAVE.user_id)).top == ()  # none rated
    with pytest.raises(InvalidOptions) as unknown:  # not a game's id: said, not an empty table
        await service.standings("g1", "origin-classic", DAVE.user_id)
    assert unknown.value.key == "game.unknown"
    message = Text(unknown.value.key, unknown.value.params)
    assert translate(message, "fr") == "Aucun jeu ne s'appelle « origin-classic »."
    assert (await service.standings("elsewhere", None, DAVE.user_id)).rules is None

    stats = await service.stats("g1", ALICE.user_id)
    assert (stats.games, stats.wins) == (2, 2)
    assert [s.place for s in stats.lines] == [1]
    assert (await service.stats("g1", DAVE.user_id)).lines == ()
