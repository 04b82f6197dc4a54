"""Moves that name a hidden card are announced by kind: service events, history, console."""

from __future__ import annotations

from pathlib import Path

from bot.frontends.console import ConsoleSession, console_players, open_table
from bot.service import GameService, MoveApplied
from bot.store import Store
from rules.i18n import translate, with_names
from tests.bot.conftest import FakeClock, seeds
from tests.bot.test_console import fake_drawer


async def test_kept_objectives_are_announced_without_the_card(store: Store, tmp_path: Path) -> None:
    service = GameService(store, seed_source=seeds("rd"), clock=FakeClock(), drawer=fake_drawer)
    info = await open_table(service, "origin", console_players(2, "en"))
    seat = info.to_act[0]
    keep = (await service.legal_moves(info.id, seat))[0]
    title = translate(keep.label, "en").removeprefix("Keep the objective ")
    result = await service.play(info.id, seat, keep.code)
    applied = next(e for e in result.events if isinstance(e, MoveApplied))
    assert applied.label == keep.label  # the player's own confirmation names the card
    named = translate(with_names(applied.table_label, info.names("en")), "en")
    assert named == f"{info.name_of(seat, 'en')} keeps one of the objectives dealt"
    entry = (await service.history(info.id))[-1]
    assert entry.hidden and entry.public_label == applied.table_label

    lines = iter(["history", "quit"])
    output: list[str] = []
    session = ConsoleSession(
        service, info.id, "en", tmp_path, lambda _prompt: next(lines, None), output.append
    )
    await session.run()
    text = "\n".join(output)
    assert f"{info.name_of(seat, 'en')} keeps one of the objectives dealt" in text
    assert title not in text and keep.code not in text
