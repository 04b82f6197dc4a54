"""L'Aube des Tribus through the service, the console and the demo: a whole 3-player
game, the replay of its stored log, the starting placements in seat order, the hand
(a reminder of one's own goals) at the console, and the demo's files."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from bot.console import ConsoleSession, console_players, open_table
from bot.service import GameOver, GameService, MoveApplied
from bot.store import Store
from rules.i18n import translate
from tests.bot.conftest import FakeClock, seeds
from tests.bot.test_console import fake_drawer
from tests.bot.whole_games import (
    check_demo_writes_its_files,
    check_log_replays,
    play_to_the_end,
    start_for_three,
)


async def test_whole_tribes_game_through_the_service(store: Store, db_path: Path) -> None:
    service = GameService(store, seed_source=seeds("tribes"), clock=FakeClock())
    started = await start_for_three(service, "tribes", {})
    info = started.game
    assert len(info.to_act) == 1
    view = await service.public_view(info.id)
    assert view["step"] == "place" and view["active"] == info.to_act[0]
    assert all(p["supply"] == 20 for p in view["players"].values())

    chooser = random.Random(3)
    info, events = await play_to_the_end(service, info, chooser, max_version=5000, avoid={"back"})
    assert isinstance(events[-1], GameOver)
    assert sum(isinstance(e, MoveApplied) for e in events) == info.version
    outcome = events[-1].outcome
    assert sorted(s for group in outcome.ranking for s in group) == ["u1", "u2", "u3"]
    winner = outcome.ranking[0][0]
    sheet = await service.scores(info.id)
    assert sheet.final and sum(sheet.rows[winner].values()) >= 15

    await check_log_replays(store, info.id, "tribes", outcome)
    async with Store(db_path) as again:
        fresh = GameService(again)
        assert await fresh.outcome(info.id) == outcome
        assert await fresh.public_view(info.id) == await service.public_view(info.id)


@pytest.mark.parametrize("lang", ["en", "fr"])
async def test_console_plays_tribes_and_shows_the_goals(
    store: Store, tmp_path: Path, lang: str
) -> None:
    service = GameService(store, seed_source=seeds("tc"), clock=FakeClock(), drawer=fake_drawer)  # type: ignore[arg-type]
    info = await open_table(service, "tribes", console_players(2, lang))
    picks = random.Random(2)  # "1" alone could go back and forth: pick among the first few
    feed = iter(["hand", "scores", *[str(picks.randint(1, 3)) for _ in range(4000)]])
    output: list[str] = []
    session = ConsoleSession(
        service, info.id, lang, tmp_path / "pictures", lambda _: next(feed, None), output.append
    )
    assert await session.run() == 0
    text = "\n".join(output)
    assert translate("tribes.present.title", lang) in text
    assert translate("console.over", lang) in text
    final = await service.game(info.id)
    assert final.status == "over"
    assert len(sorted((tmp_path / "pictures").glob("*.png"))) == final.version + 1


async def test_demo_of_tribes_writes_its_files(tmp_path: Path) -> None:
    await check_demo_writes_its_files("tribes", tmp_path)
