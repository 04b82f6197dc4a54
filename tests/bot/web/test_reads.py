"""The web companion reads through the service: ``bot.service.reads`` answers its pages,
standings, layouts and descriptions, writes nothing, and agrees with what the service
shows a thread; the web's own modules hold no store and no game logic."""

from __future__ import annotations

import ast
from datetime import datetime
from pathlib import Path

import pytest

import bot.web
from bot.service import GameService
from bot.service.boards import Boards, describe
from bot.service.reads import Reads
from bot.service.settings import ServerSettings
from bot.service.standings import Ratings
from bot.store import GuildSettings
from bot.store.database import SqlStore
from rules import registry
from tests.bot.web.conftest import GUILD, PEOPLE, open_game, play, tiny_png

WEB = Path(bot.web.__file__).parent
STORE_TYPES = {"GameStore"}
"""What the web may take from ``bot.store``: the protocol, to type ``create_app``."""
GAME_LOGIC = ("render", "ai", "rules.registry", "rules.core.game", "rules.core.state")
"""Modules a front end that shows games through the service has no use for."""


async def _counts_nothing(self: Ratings, guild_id: str | None, rules: str) -> int:
    return 0


def _imports(path: Path) -> list[tuple[str, tuple[str, ...]]]:
    found: list[tuple[str, tuple[str, ...]]] = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module:
            found.append((node.module, tuple(a.name for a in node.names)))
        elif isinstance(node, ast.Import):
            found.extend((a.name, ()) for a in node.names)
    return found


def test_the_web_holds_no_store_and_no_game_logic() -> None:
    for path in sorted(WEB.glob("*.py")):
        for module, names in _imports(path):
            assert not module.startswith("bot.store."), f"{path.name} imports {module}"
            if module == "bot.store":
                assert set(names) <= STORE_TYPES, f"{path.name} takes {names} of bot.store"
            assert not any(module == m or module.startswith(m + ".") for m in GAME_LOGIC), (
                f"{path.name} imports {module}"
            )


async def test_the_standings_are_the_services_and_reading_them_writes_nothing(
    store: SqlStore, nim: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Two games ended and not counted yet (the bot stopped before its ratings): the
    reads rate them in memory, store nothing, and show what the service then stores."""
    service = GameService(store)
    try:
        with monkeypatch.context() as stopped:
            stopped.setattr(Ratings, "catch_up", _counts_nothing)
            for seed in (3, 4):
                await play(service, await open_game(service, "nim", 3), seed)
        reads = Reads(store)
        waiting = await store.finished_results(GUILD, "nim", unrated_only=True)
        rated = await store.ratings(GUILD)
        assert len(waiting) == 2 and rated == []  # the games ended, nobody counted them
        boards = await reads.standings(GUILD)
        ann = await reads.player(GUILD, PEOPLE[0].user_id)
        assert await store.finished_results(GUILD, "nim", unrated_only=True) == waiting
        assert await store.ratings(GUILD) == rated  # nothing stored by reading
        shown = await service.standings(GUILD, "nim", PEOPLE[0].user_id)  # counts them
        assert boards == [("nim", list(shown.top))]
        assert ann == ([], (0, 0), "Ann")  # a player's page lists rated rule sets only
        assert await reads.player(GUILD, PEOPLE[0].user_id) == ([shown.mine], (0, 0), "Ann")
        assert await reads.user_names(["101", "999"]) == {"101": "Ann"}
    finally:
        service.close()


async def test_layouts_and_descriptions_are_the_boards(store: SqlStore, nim: None) -> None:
    service = GameService(store)
    try:
        game = await play(service, await open_game(service, "nim", 2), 5, moves=3)
    finally:
        service.close()
    for drawer in (None, tiny_png):
        reads = Reads(store, drawer=drawer)
        boards = Boards(service.pipeline, store, drawer, workers=1, processes=False)
        try:
            for rules in [*registry.ids(), "no-such-game"]:
                layouts = reads.layouts(rules)
                assert bool(layouts) == boards.has_picture(rules), rules
                assert ("card" in layouts) == boards.has_card(rules), rules
        finally:
            boards.close()
    reads = Reads(store)
    archived = await reads.game(game.id)
    assert archived is not None and archived.steps == 3
    sheet, short = await reads.facts(archived, 2, "fr")
    view = archived.public_view(2)
    assert short == describe("nim", view, "fr", archived.names("fr")) and short
    assert sheet.totals() == archived.scores(2).totals()
    words = await reads.words(archived, 3, "en")
    assert words is not None and "Ann" in words
    assert reads.to_act(archived) == frozenset(game.to_act)
    assert await reads.places(archived) == ()
    assert await reads.animation(archived, "en") is None  # not over: no replay
    assert await reads.revisions([game.id, 999]) == {game.id: (game.version, "running")}


async def test_a_servers_settings_are_read_fresh_as_the_service_reads_them(
    store: SqlStore,
) -> None:
    """The web asks the service's ``ServerSettings.read``: a change another process
    saves shows at the next request (never the minute a post's ``cached`` keeps)."""
    reads = Reads(store)
    assert isinstance(reads.settings, ServerSettings)
    assert await reads.guild_settings(None) == GuildSettings()  # outside a server
    await store.save_guild_settings(GUILD, GuildSettings(web_links=False), datetime.now())
    assert (await reads.guild_settings(GUILD)).web_links is False
    await store.save_guild_settings(GUILD, GuildSettings(web_links=True), datetime.now())
    assert (await reads.guild_settings(GUILD)).web_links is True
