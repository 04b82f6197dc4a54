"""Origin Classic through the service and the console: the objectives kept by every seat
at once, a whole game, the replay of its log, and the private hand in the terminal."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from bot.frontends.console import ConsoleSession, console_players, open_table
from bot.service import GameOver, GameService, MoveApplied, ServiceError, TurnStarted
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


async def test_whole_origin_classic_game_through_the_service(store: Store, db_path: Path) -> None:
    service = GameService(store, seed_source=seeds("classic"), clock=FakeClock())
    started = await start_for_three(service, "origin", {})
    info = started.game
    everyone = {"u1", "u2", "u3"}
    assert set(info.to_act) == everyone
    assert [set(e.seats) for e in started.events if isinstance(e, TurnStarted)] == [everyone]

    # set-up: each seat keeps one objective, in any order; a seat that chose waits
    order = ["u2", "u3", "u1"]
    for n, seat in enumerate(order):
        legal = await service.legal_moves(info.id, seat)
        assert legal and all(m.code.startswith("keep:") for m in legal)
        result = await service.play(info.id, seat, legal[-1].code)
        info = result.game
        assert seat not in info.to_act or info.version == 3
        assert await service.legal_moves(info.id, seat) == [] or info.version == 3
        if n < 2:
            assert set(info.to_act) == everyone - set(order[: n + 1])
            # nobody new must decide: no turn announcement (no second ping)
            assert not [e for e in result.events if isinstance(e, TurnStarted)]
            with pytest.raises(ServiceError) as refused:
                await service.play(info.id, seat, legal[0].code)
            assert refused.value.key == "service.not_your_turn"
    view = await service.public_view(info.id)
    assert view["phase"] == "play" and len(info.to_act) == 1
    assert all(p["hand"]["objective"] == 1 for p in view["players"].values())

    chooser = random.Random(11)
    info, events = await play_to_the_end(service, info, chooser, max_version=3000, avoid={"back"})
    assert isinstance(events[-1], GameOver)
    assert sum(isinstance(e, MoveApplied) for e in events) == info.version - 3
    outcome = events[-1].outcome
    assert sorted(s for group in outcome.ranking for s in group) == sorted(everyone)
    sheet = await service.scores(info.id)
    assert sheet.final and "origin.classic.score.objectives" in sheet.categories

    await check_log_replays(store, info.id, "origin", outcome)
    async with Store(db_path) as again:
        fresh = GameService(again)
        assert await fresh.outcome(info.id) == outcome
        assert await fresh.public_view(info.id) == await service.public_view(info.id)


@pytest.mark.parametrize("lang", ["en", "fr"])
async def test_console_plays_origin_classic_and_shows_the_hand(
    store: Store, tmp_path: Path, lang: str
) -> None:
    service = GameService(store, seed_source=seeds("cc"), clock=FakeClock(), drawer=fake_drawer)  # type: ignore[arg-type]
    info = await open_table(service, "origin", console_players(2, lang))
    first, second = info.to_act  # both keep an objective at set-up; the first is asked first
    dealt = {
        seat: [c[lang]["title"] for c in (await service.private_view(info.id, seat))["me"]["dealt"]]
        for seat in (first, second)
    }
    feed = iter(["hand", "1", "hand", "1", "hand", *["1"] * 600])
    output: list[str] = []
    session = ConsoleSession(
        service, info.id, lang, tmp_path / "pictures", lambda _: next(feed, None), output.append
    )
    assert await session.run() == 0
    text = "\n".join(output)
    titles = {translate("console.hand_title", lang, name=p.name) for p in info.seats}
    hands = [hand_after(output, n) for n, line in enumerate(output) if line in titles]
    assert len(hands) == 3
    assert all(title in hands[0] for title in dealt[first])
    assert not any(title in hands[0] for title in set(dealt[second]) - set(dealt[first]))
    assert all(title in hands[1] for title in dealt[second])
    objectives = "Objective cards in hand (1)" if lang == "en" else "Cartes Objectif en main (1)"
    assert objectives in hands[2]  # once play begins, everybody holds the objective kept
    assert translate("console.over", lang).rstrip(".") in text
    final = await service.game(info.id)
    assert final.status == "over"
    assert len(sorted((tmp_path / "pictures").glob("*.png"))) == final.version + 1


def hand_after(output: list[str], title: int) -> str:
    """The indented lines the console wrote after the hand title at ``output[title]``."""
    lines = "\n".join(output[title + 1 :]).splitlines()
    end = next((n for n, line in enumerate(lines) if not line.startswith("  ")), len(lines))
    return "\n".join(lines[:end])


async def test_demo_of_origin_classic_writes_its_files(tmp_path: Path) -> None:
    await check_demo_writes_its_files("origin", tmp_path)
