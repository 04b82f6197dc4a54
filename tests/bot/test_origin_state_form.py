"""Origin games stored before their data moved to the kit's parts (form 1) still load.

Both rule sets moved to form 2 of their ``state.data`` layout: the end is the kit's
``over`` (the reason, not a bool beside ``end``), Junior's pending step is a frame of the
kit's stack instead of ``pending``, Classic's ``deck_emptied`` is always present. A game
stored with a form-1 snapshot is remade from its log without a warning, plays on, and
the audit reports nothing.
"""

from __future__ import annotations

import json
import logging
import random
from pathlib import Path
from typing import Any

import pytest

from bot.service import GameService
from bot.service.audit import audit_game
from bot.store import Store
from tests.bot.conftest import FakeClock, seeds
from tests.bot.whole_games import start_for_three


def first_form(data: dict[str, Any], rules: str) -> dict[str, Any]:
    """``data`` (form 2) in the layout it had before (form 1)."""
    old = {k: v for k, v in data.items() if k not in ("over", "ending", "frames")}
    old["over"], old["end"] = data["over"] is not None, data["over"]
    if rules == "origin-junior":
        frames = data["frames"]
        old["pending"] = [frames[-1]["kind"], frames[-1]["at"]] if frames else None
    else:
        old["ending"], old["frames"] = data["ending"], data["frames"]
        if not data["deck_emptied"]:
            del old["deck_emptied"]
    return old


@pytest.mark.parametrize("rules", ["origin-junior", "origin"])
async def test_a_snapshot_of_the_first_form_is_remade_from_the_log(
    rules: str, store: Store, db_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    service = GameService(store, seed_source=seeds(rules), clock=FakeClock())
    info = (await start_for_three(service, rules, None)).game
    chooser = random.Random(rules)
    for _ in range(25):  # the last move leaves a decision pending more often than not
        seat = info.to_act[0]
        move = chooser.choice(await service.legal_moves(info.id, seat))
        info = (await service.play(info.id, seat, move.code)).game
    row = await store.game(info.id)
    assert row is not None and row.snapshot is not None
    now = json.loads(row.snapshot)
    assert now["form"] == 2
    first = {key: value for key, value in now.items() if key != "form"}
    first["data"] = first_form(now["data"], rules)
    await store.repair_snapshot(info.id, row.version, json.dumps(first))
    assert (await audit_game(store, info.id)).problems == ()
    async with Store(db_path) as again:
        fresh = GameService(again)
        with caplog.at_level(logging.INFO, logger="campfire.service.loader"):
            view = await fresh.public_view(info.id)
        assert "older layout" in caplog.text and "trusting the log" not in caplog.text
        assert view == await service.public_view(info.id)
        remade = await again.game(info.id)
        assert remade is not None and remade.snapshot == row.snapshot
        seat = info.to_act[0]
        move = (await fresh.legal_moves(info.id, seat))[0]
        await fresh.play(info.id, seat, move.code)
        assert (await audit_game(again, info.id)).problems == ()
