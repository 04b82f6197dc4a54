"""L'Aube des Tribus through the service, the console and the demo: a whole 3-player
game, the replay of its stored log, the starting placements in seat order, the hand
(a reminder of one's own goals) at the console, and the demo's files."""

from __future__ import annotations

import json
import logging
import random
from pathlib import Path

import pytest

from bot.frontends.console import ConsoleSession, console_players, open_table
from bot.service import GameOver, GameService, MoveApplied, ServiceError, TurnStarted
from bot.service.audit import audit_game
from bot.store import Store
from rules.base import Move
from rules.i18n import translate
from tests.bot.conftest import ALICE, BOB, CAROL, FakeClock, seeds
from tests.bot.days import Clock, tick
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
    assert translate("console.over", lang).rstrip(".") in text
    final = await service.game(info.id)
    assert final.status == "over"
    assert len(sorted((tmp_path / "pictures").glob("*.png"))) == final.version + 1


async def test_demo_of_tribes_writes_its_files(tmp_path: Path) -> None:
    await check_demo_writes_its_files("tribes", tmp_path)


def _towards_fortifications(moves: list[Move], chooser: random.Random) -> Move:
    """Random play that buys the Fortifications and builds villages when it can (the
    seed below reaches a defender's Fortifications question this way)."""
    wanted = [m for m in moves if m.code == "buy:fortifications" or m.code.startswith("village:")]
    if wanted:
        return wanted[0]
    return chooser.choice([m for m in moves if m.code != "back"] or moves)


async def test_the_defenders_fortifications_question_pings_him_and_runs_on_his_clock(
    store: Store,
) -> None:
    """Rules version 3: on Carol's turn Bob, who defends his village with the
    Fortifications, is asked; the service names him to act (a new seat, so pinged), his
    turn clock runs, and once it is spent the clock answers for him."""
    clock = Clock()
    service = GameService(store, seed_source=lambda: "fz1", clock=clock)
    lobby = await service.create_lobby(
        rules="tribes",
        options={},
        guild_id="g1",
        channel_id="c1",
        creator=ALICE,
        clock_hours=12,
        timeout_policy="auto",
    )
    for player in (BOB, CAROL):
        await service.join(lobby.id, player)
    info = (await service.start(lobby.id, ALICE.user_id, shuffle_seats=False)).game
    chooser = random.Random(1)
    asked = None
    for _ in range(400):
        seat = info.to_act[0]
        move = _towards_fortifications(await service.legal_moves(info.id, seat), chooser)
        result = await service.play(info.id, seat, move.code, expected_version=info.version)
        info = result.game
        view = await service.public_view(info.id)
        if (view.get("pending") or {}).get("kind") == "fortify":
            asked = result
            break
    assert asked is not None, "the seed no longer reaches the Fortifications question"
    view = await service.public_view(info.id)
    assert view["active"] == "u3" and view["pending"]["player"] == "u2"
    assert info.to_act == ("u2",)
    started = [e for e in asked.events if isinstance(e, TurnStarted)]
    assert started and started[-1].new_seats == ("u2",)
    bob = info.clock_of("u2")
    assert bob is not None and bob.deadline is not None
    codes = [m.code for m in await service.legal_moves(info.id, "u2")]
    assert codes[-1] == "nofort" and codes[0].startswith("fort:") and "back" not in codes
    with pytest.raises(ServiceError) as refused:  # Carol waits for Bob's answer
        await service.play(info.id, "u3", "end", expected_version=info.version)
    assert refused.value.key == "service.not_your_turn"
    clock.advance(hours=12)
    assert (info.id, "u2", "auto") in await tick(service)
    moves = await service.store.moves(info.id)
    assert [(m.seat, m.code in codes) for m in moves if m.code in codes] == [("u2", True)]
    assert (await service.public_view(info.id)).get("pending") != view["pending"]


async def test_a_tribes_snapshot_stored_before_the_typed_state_is_remade(
    store: Store, db_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """The Tribes state moved its end to the kit's ``over`` key (form 2): a game stored
    before, whose snapshot has the first layout (no ``over``, no ``form``), still loads,
    shows the same view, plays on, and passes the audit."""
    service = GameService(store, seed_source=seeds("tribes-form"), clock=FakeClock())
    info = (await start_for_three(service, "tribes", {})).game
    chooser = random.Random(5)
    while info.version < 12:
        legal = await service.legal_moves(info.id, info.to_act[0])
        move = chooser.choice([m for m in legal if m.code != "back"] or legal)
        info = (await service.play(info.id, info.to_act[0], move.code)).game
    row = await store.game(info.id)
    assert row is not None and row.snapshot is not None
    now = json.loads(row.snapshot)
    assert now["form"] == 2 and now["data"]["over"] is None
    first = {key: value for key, value in now.items() if key != "form"}
    first["data"] = {key: value for key, value in now["data"].items() if key != "over"}
    async with Store(db_path) as again:
        await again.repair_snapshot(info.id, row.version, json.dumps(first))
        assert (await audit_game(again, info.id)).problems == ()
        with caplog.at_level(logging.INFO, logger="campfire.service.loader"):
            fresh = GameService(again)
            view = await fresh.public_view(info.id)
        assert "older layout" in caplog.text and "trusting the log" not in caplog.text
        assert view == await service.public_view(info.id)
        remade = await again.game(info.id)
        assert remade is not None and remade.snapshot == row.snapshot
        seat = info.to_act[0]
        await fresh.play(info.id, seat, (await fresh.legal_moves(info.id, seat))[0].code)
        assert (await audit_game(again, info.id)).problems == ()
