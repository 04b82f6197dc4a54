"""Hidden information stays hidden through Discord: whole Origin games are played and
every public payload (board and turn messages, results, lobby edits) is scanned for
what only one player may know."""

from __future__ import annotations

import random
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import pytest

from campfire_testing.harness import CHANNEL_ID, Call, Harness
from rules.i18n import translate
from rules.origin.classic.cards import CARDS
from tests.bot.discord.conftest import ALICE, BOB, CAROL, draw_nim, make_harness
from tests.bot.discord.test_origin_classic import USERS, classic_harness


def public_calls(calls: list[Call]) -> list[Call]:
    """What the bot sent that others can read: not ephemeral, not a read."""
    return [c for c in calls if c.method != "GET" and not c.ephemeral and c.json is not None]


def card_titles() -> dict[str, set[str]]:
    """Every Classic card's title, in both languages (long enough not to match by chance)."""
    return {
        cid: {translate(card.title_key, lang) for lang in ("en", "fr")}
        for cid, card in CARDS.items()
    }


async def play_at_random(
    bot: Harness, thread: int, seed: int, check: Any, *, limit: int = 1500
) -> int:
    """Typed moves for whoever acts until the game ends; ``check(move, calls)`` after each."""
    chooser = random.Random(seed)
    for _ in range(limit):
        game = await bot.service.game(1)
        if game.status != "running":
            return game.version
        user = USERS[game.to_act[0]]
        moves = await bot.service.legal_moves(1, user.key)
        move = chooser.choice([m for m in moves if m.code != "back"] or moves)
        calls = await bot.command(user, "move", channel=thread, move=move.code)
        assert (await bot.service.game(1)).version == game.version + 1
        await check(move, calls)
    raise AssertionError("the game did not end")


async def test_classic_public_messages_never_name_a_card_of_a_hand(
    db_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Kept objectives, cards put back and objectives put away at the hand limit are
    announced by kind; a card's title appears in public only once it was played."""
    bot = await classic_harness(db_path, monkeypatch)
    thread = await start(bot, "origin")
    titles = card_titles()
    shown: set[str] = set()  # cards the public view has shown (played, objectives done)
    hidden_moves: list[str] = []
    leaks: list[tuple[str, str]] = []

    async def check(move: Any, calls: list[Call]) -> None:
        public = str(await bot.service.public_view(1))
        shown.update(cid for cid in CARDS if f"'{cid}'" in public)
        if move.group in ("keep", "putback", "discard"):
            hidden_moves.append(move.code)
        text = "\n".join(c.text() + str(c.json) for c in public_calls(calls))
        seen = {name for cid in shown for name in titles[cid]}  # copies share a title
        for cid, names in titles.items():
            if any(name in text for name in names - seen):
                leaks.append((move.code, cid))

    await play_at_random(bot, thread, 3, check)
    assert {code.split(":")[0] for code in hidden_moves} >= {"keep", "putback"}
    assert leaks == []
    board = bot.posted_in(thread)
    keep_lines = sum(str(m["embeds"]).count("keeps one of the objectives dealt") for m in board)
    assert keep_lines == 3  # one per player, by kind only


async def test_junior_boards_are_drawn_from_the_public_view_only(
    db_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Token values and tile levels are face down in every picture until the end, and
    no public message shows them."""
    views: list[Mapping[str, Any]] = []

    def recording(rules: str, view: Any, *, lang: str, names: Any) -> bytes:
        views.append(view)
        return draw_nim(rules, view, lang=lang, names=names)

    bot, _ = await make_harness(db_path, monkeypatch, seed_prefix="oj", drawer=recording)
    thread = await start(bot, "origin-junior")
    words = {
        translate(k, lang)
        for k in ("origin.present.tokens", "origin.present.tiles")
        for lang in ("en", "fr")
    }
    texts: list[str] = []

    async def check(move: Any, calls: list[Call]) -> None:
        texts.extend(c.text() for c in public_calls(calls))

    await play_at_random(bot, thread, 11, check)
    running = [v for v in views if not v["over"]]
    assert running and views[-1]["over"]
    won = 0
    for view in running:
        for player in view["players"].values():
            hidden = player["hunting"] + player["straits"] + player["tiles"]
            won += len(hidden)
            # no value, no level, and no id (the data files map ids to values and levels)
            assert all(h.get("value") is h.get("level") is h.get("id") is None for h in hidden)
        tokens = list(view["hunting"].values()) + list(view["straits"].values())
        assert all(t["value"] is None for t in tokens)
    assert won > 0  # tokens and tiles were won, face down for the table
    assert not any(word in text for text in texts for word in words)


async def start(bot: Harness, rules: str) -> int:
    """Alice opens a ``rules`` lobby, Bob and Carol join, she starts; the thread id."""
    await bot.command(ALICE, "new", rules=rules)
    lobby = bot.find(CHANNEL_ID, "cf:lobby:")
    for user in (BOB, CAROL):
        await bot.press(user, bot.message(lobby["id"]), "cf:lobby:join:1")
    await bot.press(ALICE, bot.message(lobby["id"]), "cf:lobby:start:1")
    return int((await bot.service.game(1)).thread_id or 0)
