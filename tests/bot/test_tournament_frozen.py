"""An ended tournament's final standings are frozen: stored with its end, read back by
every reader (the final news, the standings), never recomputed with the ratings as they
move afterwards; a tournament that ended before they were kept is frozen by the next
pass of the work after the upgrade. On both backends, the upgrade on SQLite."""

from __future__ import annotations

from pathlib import Path

from bot.service import GameService, Player
from bot.service.tournaments import Standing, TournamentInfo
from bot.store import MIGRATIONS
from campfire_testing.clock import FakeClock, seeds
from tests.bot.conftest import ALICE, BOB, CAROL, DAVE, execute, store_on
from tests.bot.test_tournaments import ERIN, finish_game, open_nim

STEP = next(n for n, m in enumerate(MIGRATIONS, start=1) if "tournament_standings (" in m)
"""The schema step that keeps final standings."""


async def ended_on_a_rating_tie_break(service: GameService, guild: str = "g1") -> TournamentInfo:
    """A one-round Swiss of four on ``guild``, over: its two winners are equal on points,
    opponents' points and game scores, so the players' ratings order them."""
    info = await open_nim(service, options={"stones": 9}, rounds=1, guild_id=guild)
    for player in (ALICE, BOB, CAROL, DAVE):
        await service.tournaments.register(info.id, player)
    progress = await service.tournaments.start(info.id, ALICE.user_id, organiser=True)
    for opened in progress.opened:
        await finish_game(service, opened.game.id)
    info = await service.tournaments.tournament(info.id)
    assert info.status == "over"
    return info


async def win_elsewhere(service: GameService, line: Standing, guild: str = "g1") -> None:
    """The player of ``line`` wins a rated Nim game outside the tournament: their rating
    for the game on ``guild`` goes up."""
    winner = Player(line.user_id, line.name)
    lobby = await service.create_lobby(
        rules="nim", options={"stones": 3}, guild_id=guild, channel_id="c9", creator=winner
    )
    await service.join(lobby.id, ERIN)
    game_id = (await service.start(lobby.id, winner.user_id, shuffle_seats=False)).game.id
    takes_all = (await service.legal_moves(game_id, line.user_id))[-1].code  # 3 stones
    await service.play(game_id, line.user_id, takes_all)
    assert (await service.game(game_id)).status == "over"


def leaders(lines: tuple[Standing, ...]) -> tuple[Standing, Standing]:
    """The two winners, first in the table, equal on everything but their ratings."""
    first, second = lines[:2]
    assert (first.points, first.opponents, first.scored) == (
        second.points,
        second.opponents,
        second.scored,
    )
    assert first.points == 1 and second.separated_by in (None, "rating")
    return first, second


async def test_the_final_standings_stay_as_announced_when_ratings_move(
    service: GameService,
) -> None:
    info = await ended_on_a_rating_tie_break(service)
    final = await service.tournaments.standings(info.id)
    (news,) = [n for n in await service.tournaments.news() if n.kind == "over"]
    assert news.standings == final  # the announcement reads the frozen table
    first, second = leaders(final)
    assert len(await service.store.final_standings(info.id)) == 4
    await win_elsewhere(service, second)
    # computed now, the one placed second would be first alone, on their rating now ...
    live = await service.tournaments.rounds._computed(info)
    assert [(s.user_id, s.rank) for s in live[:2]] == [(second.user_id, 1), (first.user_id, 2)]
    assert live[1].separated_by == "rating" and live[0].rating != second.rating
    # ... but the tournament is over: its standings are the ones of its end
    assert await service.tournaments.standings(info.id) == final
    again = await service.tournaments.tournament(info.id)
    assert await service.tournaments.rounds.standings(again) == final
    assert await service.tournaments.tick() == []  # nothing left to do: not due


async def test_a_tournament_that_ended_before_the_upgrade_is_frozen_by_the_next_pass(
    tmp_path: Path, nim: None
) -> None:
    """The database holds a tournament that ended before final standings were kept
    (the schema one step before). After the upgrade its standings are computed as
    before until the bot's next pass, which freezes them, once."""
    path = str(tmp_path / "old.sqlite3")
    clock = FakeClock()
    async with store_on(path, STEP) as store:
        service = GameService(store, seed_source=seeds("a"), clock=clock)
        info = await ended_on_a_rating_tie_break(service)
        final = await service.tournaments.standings(info.id)
        service.close()
        # as the database was before the step: no final table anywhere
        await execute(store, "DROP TABLE tournament_standings")
        await execute(store, "DELETE FROM schema_version WHERE version = ?", (STEP,))
    async with store_on(path) as store:  # the upgrade
        service = GameService(store, seed_source=seeds("b"), clock=clock)
        assert await store.final_standings(info.id) == []
        assert await service.tournaments.standings(info.id) == final  # computed, as before
        (done,) = await service.tournaments.tick()  # the bot's pass freezes it
        assert done.tournament.id == info.id and done.is_empty
        assert len(await store.final_standings(info.id)) == 4
        assert await service.tournaments.tick() == []  # once
        await win_elsewhere(service, leaders(final)[1])
        assert await service.tournaments.standings(info.id) == final
        service.close()
