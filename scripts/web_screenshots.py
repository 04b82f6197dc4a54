"""Screenshots of the web companion for the docs, taken in the machine's Chromium.

A seeded Origin game (three people, 40 moves) and a finished Nim game are played
through the service into a scratch SQLite file, ``campfire web``'s application serves
them on loopback, and Playwright (driving ``/usr/bin/chromium``) photographs a game's
page at 1280 px and at 390 px (a phone), a server's standings, and a Nim tournament's
page (four players on another server, its first round played, a table of the second
finished). The PNGs are quantised to keep the docs small.

Regenerate from the repository root::

    .venv/bin/python -m scripts.web_screenshots --out docs/img/web
"""

from __future__ import annotations

import argparse
import asyncio
import io
import tempfile
from pathlib import Path

from aiohttp.test_utils import TestServer
from PIL import Image

from bot.service import GameService, Player
from bot.store import open_store
from bot.web.app import create_app
from bot.web.tokens import game_subject, make_token, standings_subject, tournament_subject
from campfire_testing.chromium import FLAGS, chromium_path, missing_reason

SECRET = b"screenshots-of-the-web-companion"
GUILD = "4242"
PEOPLE = (Player("101", "Ann"), Player("202", "Bob"), Player("303", "Chloé"))
CUP_GUILD = "4343"
"""The tournament's server (its games stay out of the standings' picture)."""
CUP = (*PEOPLE, Player("404", "Dan"))


async def play_out(service: GameService, game_id: int, seed: str) -> None:
    import random

    chooser = random.Random(seed)
    game = await service.game(game_id)
    while game.status == "running":
        seat = game.to_act[0]
        legal = await service.legal_moves(game.id, seat)
        move = chooser.choice([m for m in legal if m.code != "back"] or legal)
        game = (await service.play(game.id, seat, move.code, expected_version=game.version)).game


async def tournament(service: GameService) -> int:
    """A Swiss Nim tournament of four: round 1 played, one table of round 2 finished."""
    cup = await service.tournaments.open(
        guild_id=CUP_GUILD,
        channel_id="88",
        organiser=CUP[0],
        rules="nim",
        options={"stones": 7},
        rounds=3,
    )
    for person in CUP:
        await service.tournaments.register(cup.id, person)
    await service.tournaments.start(cup.id, CUP[0].user_id)
    for number, count in ((1, 2), (2, 1)):
        tables = (await service.tournaments.round_list(cup.id))[number - 1].tables
        for table in tables[:count]:
            await play_out(service, table.game_id or 0, f"cup-{number}-{table.number}")
    return cup.id


async def played(service: GameService, rules: str, seats: int, moves: int | None) -> int:
    import random

    lobby = await service.create_lobby(
        rules=rules, options=None, guild_id=GUILD, channel_id="77", creator=PEOPLE[0]
    )
    for person in PEOPLE[1:seats]:
        await service.join(lobby.id, person)
    game = (await service.start(lobby.id, PEOPLE[0].user_id, shuffle_seats=False)).game
    chooser = random.Random(rules)
    count = 0
    while game.status == "running" and (moves is None or count < moves):
        seat = game.to_act[0]
        legal = await service.legal_moves(game.id, seat)
        move = chooser.choice([m for m in legal if m.code != "back"] or legal)
        game = (await service.play(game.id, seat, move.code, expected_version=game.version)).game
        count += 1
    return game.id


def optimise(png: bytes) -> bytes:
    """The screenshot in 256 colours (a third of its size, no visible change)."""
    image = Image.open(io.BytesIO(png)).convert("RGB")
    out = io.BytesIO()
    image.quantize(256, method=Image.Quantize.MEDIANCUT).save(out, "PNG", optimize=True)
    return out.getvalue()


async def shoot(out: Path) -> list[Path]:
    from playwright.async_api import async_playwright

    written = []
    with tempfile.TemporaryDirectory(prefix="campfire-web-") as scratch:
        store = await open_store(str(Path(scratch) / "web.sqlite3"))
        service = GameService(store, seed_source=lambda: "web-screenshots")
        origin = await played(service, "origin", 3, 40)
        for _ in range(3):
            await played(service, "nim", 2, None)
        cup = await tournament(service)
        service.close()
        now = 1_800_000_000.0
        server = TestServer(create_app(store, SECRET, clock=lambda: now))
        await server.start_server()
        game = server.make_url(f"/g/{make_token(SECRET, game_subject(origin), now)}")
        ladder = server.make_url(f"/s/{make_token(SECRET, standings_subject(GUILD), now)}")
        cups = server.make_url(f"/t/{make_token(SECRET, tournament_subject(cup), now)}")
        shots = [
            ("game-1280.png", str(game) + "?lang=en", 1280, 900, False),
            ("game-390.png", str(game) + "?lang=en", 390, 844, True),
            ("game-390-fr.png", str(game) + "?lang=fr&at=12", 390, 844, False),
            ("standings-1280.png", str(ladder) + "?lang=en", 1280, 500, False),
            ("tournament-1280.png", str(cups) + "?lang=en", 1280, 900, False),
        ]
        try:
            async with async_playwright() as playwright:
                browser = await playwright.chromium.launch(
                    executable_path=chromium_path(), args=list(FLAGS)
                )
                for name, url, width, height, full in shots:
                    page = await browser.new_page(viewport={"width": width, "height": height})
                    await page.goto(url)
                    await page.wait_for_load_state("networkidle")
                    png = await page.screenshot(full_page=full)
                    if full:  # a phone's first two screens
                        image = Image.open(io.BytesIO(png))
                        cut = io.BytesIO()
                        image.crop((0, 0, width, min(image.height, 2 * height))).save(cut, "PNG")
                        png = cut.getvalue()
                    target = out / name
                    target.write_bytes(optimise(png))
                    written.append(target)
                await browser.close()
        finally:
            await server.close()
            await store.close()
    return written


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=Path("docs/img/web"))
    args = parser.parse_args()
    reason = missing_reason()
    if reason is not None:
        raise SystemExit(f"web_screenshots: {reason}")
    args.out.mkdir(parents=True, exist_ok=True)
    for path in asyncio.run(shoot(args.out)):
        print(f"{path} ({path.stat().st_size // 1024} KB)")


if __name__ == "__main__":
    main()
