"""The render pool: pictures off the event loop, never more at once than its workers."""

from __future__ import annotations

import asyncio
import subprocess
import sys
import threading
import time
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import pytest

from bot.service import GameService
from bot.service.pictures import RenderPool
from bot.store import Store
from rules import registry as rules_registry
from tests.bot.conftest import ALICE, BOB, FakeClock, seeds


async def test_the_pool_draws_no_more_pictures_at_once_than_its_workers() -> None:
    lock = threading.Lock()
    running: list[int] = [0, 0]  # now, most

    def slow(rules: str, view: Any, *, lang: str, names: Mapping[str, str] | None) -> bytes:
        with lock:
            running[0] += 1
            running[1] = max(running)
        time.sleep(0.02)
        with lock:
            running[0] -= 1
        return f"{rules}:{view}:{lang}".encode()

    pool = RenderPool(slow, workers=2)
    try:
        pictures = await asyncio.gather(
            *(pool.draw("nim", n, lang="en", names=None) for n in range(8))
        )
    finally:
        pool.close()
    assert pictures == [f"nim:{n}:en".encode() for n in range(8)]
    assert running[1] == 2


async def test_a_render_process_draws_the_real_board(db_path: Path) -> None:
    store = await Store.open(db_path)
    service = GameService(
        store,
        seed_source=seeds("pic"),
        clock=FakeClock(),
        render_processes=True,
        render_workers=1,
    )
    try:
        lobby = await service.create_lobby(
            rules="nim", options={}, guild_id="g", channel_id="c", creator=ALICE
        )
        await service.join(lobby.id, BOB)
        await service.start(lobby.id, ALICE.user_id)
        png = await service.boards.render(lobby.id, "en")
    finally:
        service.close()
        await store.close()
    assert png.startswith(b"\x89PNG")


async def test_render_processes_share_the_caches_budgets() -> None:
    """Each of N render processes keeps 1/N of every cache's budget: together they hold
    what the bot's own process holds when it draws in threads."""
    from render.kit import cache
    from render.registry import draw

    pool = RenderPool(draw, workers=2, processes=True)
    try:
        shares = await asyncio.gather(*(pool.run(cache.budget_share) for _ in range(4)))  # type: ignore[arg-type]
    finally:
        pool.close()
    assert set(shares) == {0.5}
    assert cache.budget_share() == 1.0  # the bot's own process is untouched


@pytest.mark.parametrize("processes", [False, True])
def test_only_the_registry_drawer_goes_to_processes(processes: bool) -> None:
    def custom(rules: str, view: Any, *, lang: str, names: Mapping[str, str] | None) -> bytes:
        return b""

    service = GameService(None, drawer=custom, render_processes=processes)  # type: ignore[arg-type]
    assert service.boards.pool.processes is False
    assert service.boards.pool.drawer is custom


async def test_warming_up_draws_each_game_once_in_threads_in_the_background() -> None:
    """Threads share the renderers' caches: one drawing per game warms them all (each
    worker process has its own, and draws each game once)."""
    drawn: list[tuple[str, Any, str]] = []

    def record(rules: str, view: Any, *, lang: str, names: Mapping[str, str] | None) -> bytes:
        drawn.append((rules, view, lang))
        return b"png"

    pool = RenderPool(record, workers=2)
    pool.warm_up([("nim", {"heap": 3}, ("full",)), ("other", {"heap": 4}, ("full",))])
    await pool.draw("nim", {"heap": 2}, lang="fr", names=None)
    for _ in range(100):  # the last warm-up may still be drawing in the other worker
        if len(drawn) == 3:
            break
        await asyncio.sleep(0.01)
    pool.close()
    expected = [("nim", {"heap": 3}, "en"), ("other", {"heap": 4}, "en")]
    assert sorted(drawn, key=str) == sorted([*expected, ("nim", {"heap": 2}, "fr")], key=str)


def test_a_render_process_exits_when_the_bot_is_killed(tmp_path: Path) -> None:
    script = tmp_path / "killed_bot.py"
    script.write_text(
        "import os, sys, time\n"
        "from bot.service.pictures import RenderPool\n"
        "from render.registry import draw\n"
        "if __name__ == '__main__':\n"
        "    pool = RenderPool(draw, workers=1, processes=True)\n"
        "    pool._pool().submit(abs, -1).result()\n"
        "    kids = open(f'/proc/{os.getpid()}/task/{os.getpid()}/children').read().split()\n"
        "    print(' '.join(kids), flush=True)\n"
        "    time.sleep(60)\n"
    )
    bot = subprocess.Popen(
        [sys.executable, str(script)], stdout=subprocess.PIPE, text=True, cwd=Path.cwd()
    )
    assert bot.stdout is not None
    kids = [int(k) for k in bot.stdout.readline().split()]
    assert kids
    bot.kill()
    bot.wait()
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline and any(_alive(k) for k in kids):
        time.sleep(0.1)
    assert not any(_alive(k) for k in kids)


def _alive(pid: int) -> bool:
    """Running (a zombie left to an init that does not reap counts as gone)."""
    try:
        status = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return False
    return status.rsplit(")", 1)[1].split()[0] not in ("Z", "X")


async def test_a_board_picture_carries_its_text_twin_and_the_board_has_words(
    store: Store, nim: None
) -> None:
    """The picture's short form (its attachment's description), the long form of the
    board and the caller's own view (``render.twin``), with display names."""
    service = GameService(store, seed_source=seeds("twin"), clock=FakeClock(), render_workers=1)
    try:
        lobby = await service.create_lobby(
            rules="nim", options={}, guild_id="g", channel_id="c", creator=ALICE
        )
        await service.join(lobby.id, BOB)
        game = (await service.start(lobby.id, ALICE.user_id)).game
        picture = await service.boards.draw(lobby.id, "fr")
        short = await service.boards.words(lobby.id, "en")
        long = await service.boards.words(lobby.id, "en", form="long", user_id=ALICE.user_id)
        watcher = await service.boards.words(lobby.id, "en", form="long", user_id="someone")
    finally:
        service.close()
    first = game.name_of(game.to_act[0])
    assert picture.text.startswith(f"Coup 0. À jouer : {first}.")
    assert len(short) == 1 and short[0].startswith(f"Move 0. To play: {first}.")
    assert len(short[0]) <= 1000
    assert len(long) == 1 and long[0].startswith("Nim · Move 0.")  # Nim hides nothing
    assert f"{ALICE.name}: 0 stones" in long[0] and f"{BOB.name}: 0 stones" in long[0]
    assert watcher == long


async def test_a_post_draws_its_pictures_in_one_job_and_one_pass(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The turn card and the full board of one view are one job of the pool, drawn by
    ``render.registry.draw_both`` (the full picture composed once): the same pictures as
    drawn apart, in the order asked."""
    from render import registry

    both: list[str] = []
    real = registry.draw_both

    def counting(rules: str, view: Any, **kwargs: Any) -> tuple[bytes, bytes]:
        both.append(rules)
        return real(rules, view, **kwargs)

    monkeypatch.setattr(registry, "draw_both", counting)
    game = rules_registry.get("nim")
    view = game.view(game.setup(["1", "2"], "one-pass", game.spec.validate_options(None)), None)
    pool = RenderPool(registry.draw, workers=1)
    jobs: list[Any] = []
    submit = pool._pool().submit

    def counted(*args: Any, **kwargs: Any) -> Any:
        jobs.append(args)
        return submit(*args, **kwargs)

    monkeypatch.setattr(pool._pool(), "submit", counted)
    try:
        card, full = await pool.draw_all(
            "nim", view, lang="fr", names=None, layouts=("card", "full")
        )
    finally:
        pool.close()
    assert len(jobs) == 1 and both == ["nim"]
    assert full == registry.draw("nim", view, lang="fr")
    assert card == registry.draw_card("nim", view, lang="fr")


async def test_warming_up_draws_what_a_post_shows_first() -> None:
    """The service warms every game's turn card and full board (the card is what a turn
    message shows first)."""
    drawn: list[tuple[str, str]] = []

    def record(
        rules: str, view: Any, *, lang: str, names: Mapping[str, str] | None, layout: str = "full"
    ) -> bytes:
        drawn.append((rules, layout))
        return b"png"

    service = GameService(None, drawer=record)  # type: ignore[arg-type]
    try:
        await asyncio.gather(*map(asyncio.wrap_future, service.boards.warm_up()))
    finally:
        service.close()
    ids = [rules for rules in rules_registry.ids()]
    assert sorted(drawn) == sorted((r, layout) for r in ids for layout in ("card", "full"))


async def test_a_picture_asked_at_start_does_not_wait_for_the_warm_up() -> None:
    """With threads the warm-up draws beside the pool: the pictures players ask for in
    the first seconds after a start are drawn at once, however long the warm-up takes."""
    release = threading.Event()

    def draw(rules: str, view: Any, *, lang: str, names: Mapping[str, str] | None) -> bytes:
        if view == "opening":
            release.wait(10)  # a warm-up building its static art
        return f"{rules}:{view}".encode()

    pool = RenderPool(draw, workers=1)
    warming = pool.warm_up([("nim", "opening", ("full",)), ("other", "opening", ("full",))])
    try:
        asked = pool.draw("nim", "move 1", lang="en", names=None)
        assert await asyncio.wait_for(asked, 5) == b"nim:move 1"
        assert not any(f.done() for f in warming)
    finally:
        release.set()
        await asyncio.gather(*map(asyncio.wrap_future, warming))
        pool.close()


async def test_an_aborted_game_is_drawn_stopped_with_nobody_to_play(db_path: Path) -> None:
    """The board and the turn card of an aborted game are drawn from its view marked
    ``stopped``: they say it was stopped, and name nobody to play."""
    from render import registry

    seen: list[Mapping[str, Any]] = []

    def recording(rules: str, view: Any, **kwargs: Any) -> bytes:
        seen.append(view)
        return registry.draw(rules, view, **kwargs)

    store = await Store.open(db_path)
    service = GameService(store, seed_source=seeds("stop"), clock=FakeClock(), drawer=recording)
    try:
        lobby = await service.create_lobby(
            rules="nim", options={}, guild_id="g", channel_id="c", creator=ALICE
        )
        await service.join(lobby.id, BOB)
        await service.start(lobby.id, ALICE.user_id)
        await service.boards.render(lobby.id, "en")
        assert not seen[-1].get("stopped") and seen[-1]["to_act"]
        await service.abort(lobby.id, ALICE.user_id)
        await service.boards.render(lobby.id, "en")
    finally:
        service.close()
        await store.close()
    assert seen[-1].get("stopped") is True
