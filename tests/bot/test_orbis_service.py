"""Orbis through the service, the console and the demo: a whole 3-player game, the
replay of its log, the console in English and French, the demo's files."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from bot.frontends.console import ConsoleSession, console_players, open_table
from bot.frontends.demo import run_demo
from bot.service import GameOver, GameService, MoveApplied
from bot.service.audit import audit_game
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


async def test_whole_orbis_game_through_the_service(store: Store, db_path: Path) -> None:
    service = GameService(store, seed_source=seeds("orbis"), clock=FakeClock())
    started = await start_for_three(service, "orbis", {})
    info = started.game
    assert len(info.to_act) == 1
    chooser = random.Random(31)
    info, events = await play_to_the_end(service, info, chooser, max_version=2000, avoid={"back"})
    assert isinstance(events[-1], GameOver)
    assert sum(isinstance(e, MoveApplied) for e in events) == info.version
    outcome = events[-1].outcome
    assert sorted(s for group in outcome.ranking for s in group) == ["u1", "u2", "u3"]
    view = await service.public_view(info.id)
    assert all(p["turns"] == 15 and p["pyramid_size"] == 14 for p in view["players"].values())
    sheet = await service.scores(info.id)
    assert sheet.final

    await check_log_replays(store, info.id, "orbis", outcome)
    async with Store(db_path) as again:
        fresh = GameService(again)
        assert await fresh.outcome(info.id) == outcome
        assert await fresh.public_view(info.id) == view


@pytest.mark.parametrize("lang", ["en", "fr"])
async def test_console_plays_orbis(store: Store, tmp_path: Path, lang: str) -> None:
    service = GameService(store, seed_source=seeds("oc"), clock=FakeClock(), drawer=fake_drawer)  # type: ignore[arg-type]
    info = await open_table(service, "orbis", console_players(2, lang))
    feed = iter(["hand", "scores", *["1"] * 1500])
    output: list[str] = []
    session = ConsoleSession(
        service, info.id, lang, tmp_path / "pictures", lambda _: next(feed, None), output.append
    )
    assert await session.run() == 0
    assert translate("console.over", lang).rstrip(".") in "\n".join(output)
    final = await service.game(info.id)
    assert final.status == "over"
    assert len(sorted((tmp_path / "pictures").glob("*.png"))) == final.version + 1


async def test_demo_of_orbis_writes_its_files(tmp_path: Path) -> None:
    await check_demo_writes_its_files("orbis", tmp_path)


async def test_demo_of_orbis_draws_real_pictures(tmp_path: Path) -> None:
    """The demo's pictures are real Orbis boards (the 4-player board is the largest)."""
    result = await run_demo("orbis", 4, "1", tmp_path)
    assert result.finished and len(result.pictures) == result.turns + 1
    sizes = [path.stat().st_size for path in result.pictures]
    assert max(sizes) < 200_000 and min(sizes) > 20_000


async def test_an_orbis_snapshot_of_the_first_layout_is_remade_from_the_log(
    store: Store, db_path: Path
) -> None:
    """Orbis' end moved to the kit's key (form 2: ``over`` is ``None`` or the reason, it
    was ``False`` / ``True``): a game stored before, whose snapshot has the first layout,
    passes the audit, loads with the same view, is stored again in form 2 and plays on."""
    service = GameService(store, seed_source=seeds("orbis-form"), clock=FakeClock())
    info = (await start_for_three(service, "orbis", {})).game
    chooser = random.Random(7)
    for _ in range(12):
        seat = info.to_act[0]
        move = chooser.choice(await service.legal_moves(info.id, seat))
        info = (await service.play(info.id, seat, move.code, expected_version=info.version)).game
    row = await store.game(info.id)
    assert row is not None and row.snapshot is not None
    now = json.loads(row.snapshot)
    assert now["form"] == 2 and now["data"]["over"] is None
    first = {key: value for key, value in now.items() if key != "form"}
    first["data"] = {**now["data"], "over": False}
    await store.repair_snapshot(info.id, row.version, json.dumps(first))
    assert (await audit_game(store, info.id)).problems == ()
    view = await service.public_view(info.id)
    async with Store(db_path) as again:
        fresh = GameService(again)
        assert await fresh.public_view(info.id) == view
        remade = await again.game(info.id)
        assert remade is not None and remade.snapshot == row.snapshot
        seat = info.to_act[0]
        move = (await fresh.legal_moves(info.id, seat))[0]
        await fresh.play(info.id, seat, move.code, expected_version=info.version)
        assert (await audit_game(again, info.id)).problems == ()
