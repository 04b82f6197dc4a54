"""The web companion in a real browser (Playwright driving the machine's Chromium): a
running Origin game's page is opened, stepped through (buttons, slider, keys), follows a
move played meanwhile without a reload, shows nothing hidden, reads at 1280 and 390 px
(the board first, the log under it on a phone, nothing wider than the screen), and a
forged link is a plain 404."""

from __future__ import annotations

import asyncio
import os
import re
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest
from aiohttp.test_utils import TestServer

from bot.service import GameService
from bot.store.database import SqlStore
from bot.web.app import create_app
from campfire_testing.chromium import FLAGS, chromium_path, missing_reason
from rules import registry
from tests.bot.web.conftest import NOW, SECRET, game_token, open_game, play
from tests.bot.web.test_hidden import ID, strings

pytestmark = pytest.mark.slow


@pytest.fixture
async def browser() -> AsyncIterator[Any]:
    reason = missing_reason()
    if reason is not None:
        if os.environ.get("CI", "").lower() == "true":
            pytest.fail(f"CI=true but {reason}", pytrace=False)
        pytest.skip(reason)
    from playwright.async_api import async_playwright

    async with async_playwright() as playwright:
        launched = await playwright.chromium.launch(
            executable_path=chromium_path(), args=list(FLAGS), headless=True
        )
        yield launched
        await launched.close()


async def test_a_game_page_in_chromium(
    db_path: Path, store: SqlStore, browser: Any, tmp_path: Path
) -> None:
    service = GameService(store, seed_source=lambda: "browser")
    game = await open_game(service, "origin", 3)
    game = await play(service, game, 5, moves=30)
    server = TestServer(create_app(store, SECRET, clock=lambda: NOW, poll_seconds=0.2))
    await server.start_server()
    try:
        url = str(server.make_url(f"/g/{game_token(game.id)}"))
        page = await browser.new_page(viewport={"width": 1280, "height": 900})
        answer = await page.goto(url + "?lang=en")
        assert answer is not None and answer.status == 200
        main = page.locator("main#game")
        assert await main.get_attribute("data-step") == "30"
        await page.wait_for_function("document.getElementById('board').naturalWidth > 600")

        # back one move with the button, then with the keyboard; the address follows
        await page.get_by_role("link", name="Previous").click()
        await page.wait_for_selector('main#game[data-step="29"]')
        assert re.search(r"at=29", page.url)
        await page.keyboard.press("ArrowLeft")
        await page.wait_for_selector('main#game[data-step="28"]')
        assert "-full-en.png" in (await page.locator("#board").get_attribute("src") or "")
        # the slider to the opening position
        await page.locator("#step").fill("0")
        await page.wait_for_selector('main#game[data-step="0"]')
        assert "opening" in (await page.locator("figcaption").inner_text())
        # a move in the log takes the page to it
        await page.locator('ol.log a[data-step="12"]').click()
        await page.wait_for_selector('main#game[data-step="12"]')
        assert await page.locator("ol.log li.current").get_attribute("value") == "12"

        # back to now: a move played meanwhile arrives without a reload
        await page.get_by_role("link", name="Now").click()
        await page.wait_for_selector('main#game[data-step="30"]')
        await page.evaluate("window.notReloaded = true")
        game = await play(service, game, 6, moves=1)
        await page.wait_for_selector('main#game[data-step="31"]', timeout=15_000)
        assert await page.evaluate("window.notReloaded") is True
        assert await page.locator("ol.log li").count() == 31

        # nothing hidden anywhere in the page
        rules = registry.get("origin")
        state = (await service.pipeline.started(game.id)).state
        shown = strings(rules.view(state, None), set())
        for entry in await service.history(game.id):
            shown |= strings(entry.public_label.params, set())
        hidden = {
            s
            for seat in state.seats
            for s in strings(rules.view(state, seat), set()) - shown
            if ID.fullmatch(s)
        }
        assert hidden  # hands hold cards the table has not seen
        html = (await page.content()).replace(game_token(game.id), "")
        assert [h for h in hidden if re.search(rf"(?<![\w-]){h}(?![\w-])", html)] == []
        await page.screenshot(path=str(tmp_path / "game-1280.png"))

        # a phone: the board first, the log under it, nothing wider than the screen
        phone = await browser.new_page(viewport={"width": 390, "height": 844})
        await phone.goto(url + "?lang=fr")
        await phone.wait_for_function("document.getElementById('board').naturalWidth > 200")
        assert "-card-fr.png" in await phone.evaluate("document.getElementById('board').currentSrc")
        assert await phone.evaluate("document.documentElement.scrollWidth") <= 390
        board = await phone.locator("#board").bounding_box()
        log = await phone.locator("ol.log").bounding_box()
        assert board is not None and log is not None and log["y"] > board["y"] + board["height"]
        await phone.screenshot(path=str(tmp_path / "game-390.png"), full_page=True)
        assert (tmp_path / "game-390.png").stat().st_size > 10_000

        # a forged link: a plain 404 page
        forged = await phone.goto(url[:-4] + "AAAA")
        assert forged is not None and forged.status == 404
        assert "Rien ici" in await phone.content() or "Nothing here" in await phone.content()
    finally:
        await server.close()
        service.close()
        await asyncio.sleep(0)


async def test_a_page_refused_its_event_stream_follows_by_polling(
    db_path: Path, store: SqlStore, browser: Any, nim: None
) -> None:
    """Past the cap on event streams the page gets a 503 and polls instead: a move
    played meanwhile still arrives without a reload."""
    from bot.web.app import Streams

    service = GameService(store)
    game = await open_game(service, "nim", 2)
    game = await play(service, game, 5, moves=1)
    app = create_app(store, SECRET, clock=lambda: NOW, poll_seconds=0.2, streams=Streams(at_once=0))
    server = TestServer(app)
    await server.start_server()
    try:
        refused: list[int] = []
        page = await browser.new_page()
        page.on(
            "response",
            lambda answer: refused.append(answer.status) if "/events" in answer.url else None,
        )
        await page.goto(str(server.make_url(f"/g/{game_token(game.id)}")) + "?lang=en")
        await page.evaluate("window.notReloaded = true")
        game = await play(service, game, 6, moves=1)
        await page.wait_for_selector('main#game[data-step="2"]', timeout=15_000)
        assert await page.evaluate("window.notReloaded") is True
        assert refused and set(refused) == {503}
    finally:
        await server.close()
        service.close()


async def test_a_personal_page_follows_its_list_live(
    db_path: Path, store: SqlStore, browser: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A player's page of waiting games (``/u/<token>``), at 390 px: its dates shown in
    the reader's zone, and the game leaves the list without a reload once its move is
    played."""
    from bot.web import agenda
    from bot.web.tokens import agenda_subject, make_token

    monkeypatch.setattr(agenda, "POLL_EVERY_SECONDS", 1)
    service = GameService(store)
    game = await open_game(service, "nim", 2)
    server = TestServer(create_app(store, SECRET, clock=lambda: NOW))
    await server.start_server()
    try:
        token = make_token(SECRET, agenda_subject(game.to_act[0]), NOW)
        page = await browser.new_page(viewport={"width": 390, "height": 844})
        answer = await page.goto(str(server.make_url(f"/u/{token}")) + "?lang=en")
        assert answer is not None and answer.status == 200
        assert await page.locator("ol.agenda li").count() == 1
        await page.evaluate("window.notReloaded = true")
        await play(service, game, 3, moves=1)
        await page.wait_for_selector("main#agenda:not(:has(ol.agenda))", timeout=15_000)
        assert await page.evaluate("window.notReloaded") is True
        assert "No game is waiting on" in await page.locator("main#agenda").inner_text()
        assert await page.evaluate("document.documentElement.scrollWidth") <= 390
    finally:
        await server.close()
        service.close()
        await asyncio.sleep(0)


async def test_a_tournament_page_in_chromium(
    db_path: Path, store: SqlStore, browser: Any, nim: None, tmp_path: Path
) -> None:
    """A running Nim tournament's page: the standings and the round's tables, a table's
    link opening its game's page, a move at a table arriving without a reload, and a
    phone's width read without scrolling sideways."""
    from tests.bot.web.test_tournament_page import nim_tournament, tournament_token

    service = GameService(store, seed_source=lambda: "browser")
    try:
        tournament = await nim_tournament(service)
        server = TestServer(create_app(store, SECRET, clock=lambda: NOW, poll_seconds=0.2))
        await server.start_server()
        url = str(server.make_url(f"/t/{tournament_token(tournament)}"))
        page = await browser.new_page(viewport={"width": 1280, "height": 900})
        answer = await page.goto(url + "?lang=en")
        assert answer is not None and answer.status == 200
        main = page.locator("main#tournament")
        assert await main.get_attribute("data-live") == "1"
        assert await page.locator("table.standings tbody tr").count() == 4
        assert await page.locator("section.round ul.tables li").count() == 2
        await page.evaluate("window.notReloaded = true")
        stamp = await main.get_attribute("data-stamp")
        table = (await service.tournaments.round_list(tournament))[0].tables[0]
        game = await service.game(table.game_id or 0)
        await play(service, game, 3)  # the table plays to its end
        # (a selector, not a function: the page's policy allows no evaluated strings)
        await page.wait_for_selector(f'main#tournament:not([data-stamp="{stamp}"])', timeout=15_000)
        # its placings and the points they give, once the tournament recorded them
        await page.wait_for_selector("section.round li:has-text('1. ')", timeout=15_000)
        assert await page.evaluate("window.notReloaded") is True
        assert await page.locator("section.round li .tag", has_text="over").count() >= 1
        assert await page.locator("table.standings tbody tr td:nth-child(3)").first.inner_text()
        await page.screenshot(path=str(tmp_path / "tournament-1280.png"), full_page=True)

        # a table's link: its game's page
        await page.locator("section.round ul.tables li a").first.click()
        await page.wait_for_selector("main#game")
        assert "/g/" in page.url

        # a phone, in French: nothing wider than the screen
        phone = await browser.new_page(viewport={"width": 390, "height": 844})
        await phone.goto(url + "?lang=fr")
        assert "Classement" in await phone.content()
        assert await phone.evaluate("document.documentElement.scrollWidth") <= 390
        await phone.screenshot(path=str(tmp_path / "tournament-390.png"), full_page=True)
        await server.close()
    finally:
        service.close()
