"""End to end: ``campfire run`` against a local Discord emulator, played by three users.

The emulator is discord-digital-twin (npm, in tests/e2e) behind ``twin.mjs``; the bot is
the real ``campfire run`` started by ``launcher.py``. Alice, Bob and Carol open an Origin
Classic lobby, join and start it with the buttons, and play a dozen moves through
``/campfire move`` with autocomplete and through Play -> menu; wrong players, stale
buttons, junk text and the read-only commands are tried on the way; the bot is killed
(SIGKILL) between storing a move and announcing it, restarted, and must catch up; then
a resignation ends the game. ``CAMPFIRE_E2E_FULL=1`` also plays a whole Origin Classic
game and scans every public payload for what only one player may know.

The other scenarios: every picture's text twin; an AI-heavy game under Discord's rate
limit; days passing (the launcher's clock hook: time away, a claim prompt, a timeout);
a French table against AI seats (Undo, seat names in French); quiet hours and a digest
(the direct messages they send).

Skipped (with the reason) only when Node.js or npm is missing.
"""

from __future__ import annotations

import asyncio
import os
import re
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.e2e.emulator import (
    BotProcess,
    Twin,
    custom_ids,
    install_emulator,
    is_public,
    load_factor,
    missing_tools,
    select_values,
    text_of,
    wait_for,
)

pytestmark = pytest.mark.skipif(missing_tools() is not None, reason=str(missing_tools()))

PNG = b"\x89PNG\r\n\x1a\n"
PLAY = re.compile(r"^cf:play:(\d+):(\d+)$")
MENTION = re.compile(r"<@(\d+)>")
DEFAULT_BUDGET_S = 120


@pytest.fixture
def table(tmp_path: Path) -> Iterator[tuple[Twin, BotProcess]]:
    install_emulator()
    twin = Twin(tmp_path)
    bot = BotProcess(twin, tmp_path / "campfire.sqlite3", tmp_path / "bot.log")
    try:
        bot.start()
        yield twin, bot
    finally:
        bot.stop()
        twin.close()
        print(f"--- bot log (tail)\n{bot.tail(60)}")


# --------------------------------------------------------------------------- helpers


class Game:
    """What the players see of game #1: the lobby, its thread, the turn messages."""

    def __init__(self, twin: Twin) -> None:
        self.twin = twin
        self.names = {uid: name for name, uid in twin.users.items()}
        self.thread = ""

    def public(self) -> list[dict[str, Any]]:
        """The thread's public messages as they are now (a turn message is edited in
        place while the same players decide: read again each time)."""
        return self.twin.public_messages(self.thread)

    def turn_messages(self) -> list[dict[str, Any]]:
        found = []
        for message in self.public():
            if any(PLAY.match(c) for c in custom_ids(message)):
                found.append(message)
        return found

    def latest_turn(self) -> dict[str, Any]:
        return self.turn_messages()[-1]

    @staticmethod
    def version_of(turn: dict[str, Any]) -> int:
        return next(int(m[2]) for c in custom_ids(turn) if (m := PLAY.match(c)))

    def to_act(self, turn: dict[str, Any]) -> list[str]:
        return [self.names[uid] for uid in MENTION.findall(turn["content"]) if uid in self.names]

    def wait_turn_after(self, version: int, timeout: float = 15.0) -> dict[str, Any]:
        def newer() -> dict[str, Any] | None:
            turns = self.turn_messages()
            return turns[-1] if turns and self.version_of(turns[-1]) > version else None

        return wait_for(f"a turn message after v{version}", newer, timeout)

    def is_over(self) -> bool:
        """The result is posted (in English, or with its Rematch button in any language)."""
        return any(
            "the game is over" in m["content"]
            or any(c.startswith("cf:rematch:") for c in custom_ids(m))
            for m in self.public()
        )

    def played_lines(self) -> list[str]:
        """Who played each move the thread lists, in the thread's order: the bold name
        of every move line ("**name** takes …"; its notes follow on "-# " lines)."""
        names = []
        for message in self.public():
            for embed in message.get("embeds") or []:
                for line in (embed.get("description") or "").splitlines():
                    if "**" in line and not line.startswith("-# "):
                        names.append(line.split("**")[1])
        return names

    def boards(self) -> list[dict[str, Any]]:
        return [m for m in self.public() if m["attachments"]]

    def png_of(self, message: dict[str, Any]) -> bytes:
        return self.twin.get_bytes(message["attachments"][0]["url"])


def menu_pick(twin: Twin, user: str, answer: dict[str, Any]) -> str:
    """Open kinds of moves until a menu of moves shows; pick its first real move there.
    Returns the interaction id of the pick."""
    for _ in range(4):
        shown = answer["posted"][-1] if answer["posted"] else answer["message"]
        ids = custom_ids(shown)
        menu = next(c for c in ids if c.startswith(("cf:move:", "cf:group:")))
        values = select_values(shown)
        if menu.startswith("cf:group:"):
            answer = twin.answer(twin.choose(user, shown, menu, values[0]))
            continue
        value = next((v for v in values if v != "back"), values[0])
        return twin.choose(user, shown, menu, value)
    raise AssertionError("the menu never offered a move")


def play_one(twin: Twin, game: Game, *, by_menu: bool) -> tuple[str, int]:
    """Whoever acts first on the latest turn message plays one move; (who, new version)."""
    turn = game.latest_turn()
    version = game.version_of(turn)
    user = game.to_act(turn)[0]
    if by_menu:
        play = next(c for c in custom_ids(turn) if PLAY.match(c))
        opened = twin.answer(twin.click(user, turn, play))
        answer = twin.answer(menu_pick(twin, user, opened))
        assert "You played" in "\n".join(text_of(m) for m in answer["posted"])
    else:
        choices = twin.autocomplete(user, game.thread, "move", "move", move="")
        assert choices, f"no autocomplete choice for {user} at v{version}"
        code = next((c["value"] for c in choices if c["value"] != "back"), choices[0]["value"])
        narrowed = twin.autocomplete(user, game.thread, "move", "move", move=code)
        assert code in [c["value"] for c in narrowed]
        said = twin.answer_text(twin.slash(user, game.thread, "move", move=code))
        assert "You played" in said, said
    return user, game.version_of(game.wait_turn_after(version))


def start_game(twin: Twin) -> Game:
    """Alice opens an Origin Classic lobby, Bob and Carol join with the button, she starts."""
    game = Game(twin)
    opened = twin.answer(twin.slash("alice", twin.channel, "new", rules="origin"))
    lobby = opened["message"]
    assert lobby is not None and is_public(lobby)
    assert custom_ids(lobby) == [
        "cf:lobby:join:1",
        "cf:lobby:leave:1",
        "cf:lobby:start:1",
        "cf:lobby:ai:1",
    ]
    for user in ("bob", "carol"):
        assert twin.answer(twin.click(user, lobby, "cf:lobby:join:1"))["type"] == 7
    refused = twin.answer_text(twin.click("bob", lobby, "cf:lobby:start:1"))
    assert "Only the player who opened the game" in refused
    twin.answer(twin.click("alice", lobby, "cf:lobby:start:1"))
    threads = wait_for("the game thread", lambda: twin.threads(twin.channel) or None)
    assert len(threads) == 1 and threads[0]["name"].startswith("#1 Origin")
    game.thread = threads[0]["id"]
    turn = wait_for("the first turn", lambda: game.turn_messages() or None)[-1]
    assert sorted(game.to_act(turn)) == ["alice", "bob", "carol"]  # objectives, all at once
    assert sorted(turn["allowed_mentions"]["users"]) == sorted(twin.users.values())
    lobby_now = next(m for m in twin.messages(twin.channel) if m["id"] == lobby["id"])
    assert custom_ids(lobby_now) == [] and "alice" in text_of(lobby_now)
    return game


# --------------------------------------------------------------------------- scenario


def test_three_players_play_origin_classic_over_a_local_discord(
    table: tuple[Twin, BotProcess],
) -> None:
    began = time.monotonic()
    twin, bot = table

    # Command sync: /campfire and its subcommands, to the development server.
    (command,) = twin.get("commands")
    assert command["name"] == "campfire" and command["guild"] == twin.guild
    subcommands = {option["name"] for option in command["options"]}
    assert {"new", "join", "start", "move", "board", "hand", "scores", "games"} <= subcommands
    assert {"resign", "abort", "help"} <= subcommands

    game = start_game(twin)
    first_board = game.boards()[-1]
    assert game.png_of(first_board).startswith(PNG)
    assert first_board["attachments"][0]["filename"].endswith(".png")

    # A dozen moves, alternating the two ways of playing.
    base = game.version_of(game.latest_turn())
    for index in range(12):
        _, version = play_one(twin, game, by_menu=index % 2 == 1)
        assert version == base + index + 1  # one version per move: none lost, none doubled
    # one message per turn, each with its picture: fewer messages than moves
    turns = game.turn_messages()
    assert all(m["attachments"] for m in turns) and len(turns) <= 13
    assert len(game.played_lines()) == 12  # every move listed once

    # A stale button: the Play button of an earlier turn message (as it is now: the
    # live one was edited in place while its players decided).
    stale = game.turn_messages()[-2]
    turn = game.latest_turn()
    version = game.version_of(turn)
    stale_play = next(c for c in custom_ids(stale) if PLAY.match(c))
    said = twin.answer_text(twin.click("carol", stale, stale_play))
    assert "The game moved on" in said

    # The wrong player, then junk text from the right one; a plain message is ignored.
    player = game.to_act(turn)[0]
    other = next(u for u in ("alice", "bob", "carol") if u != player)
    code = twin.autocomplete(player, game.thread, "move", "move", move="")[0]["value"]
    assert "not your turn" in twin.answer_text(twin.slash(other, game.thread, "move", move=code))
    junk = twin.answer_text(twin.slash(player, game.thread, "move", move="zz top 42"))
    assert "can't read “zz top 42” as a move" in junk, junk
    before = len(twin.messages(game.thread))
    twin.say("carol", game.thread, "hello bot, are you there?")
    time.sleep(0.5)
    assert len(twin.messages(game.thread)) == before + 1  # the bot reads no message content
    assert game.version_of(game.latest_turn()) == version

    # What each player may look at, privately.
    # (in the phone layout, the default, the answer comes after "thinking", with a picture)
    hand = twin.answer(twin.slash("bob", game.thread, "hand"))
    assert hand["data"]["flags"] & 64 and all(m["flags"] & 64 for m in hand["posted"])
    assert "objective" in twin.answer_text(twin.slash("bob", game.thread, "hand")).lower()
    scores = twin.answer(twin.slash("carol", game.thread, "scores"))
    assert scores["data"]["flags"] & 64 and all(m["flags"] & 64 for m in scores["posted"])
    assert twin.answer_text(twin.slash("carol", game.thread, "scores"))
    listed = twin.answer_text(twin.slash("alice", twin.channel, "games"))
    assert "#1" in listed
    board = twin.answer(twin.slash("alice", game.thread, "board"))
    picture = board["posted"][0]
    assert picture["flags"] & 64
    assert twin.get_bytes(picture["attachments"][0]["url"]).startswith(PNG)

    # SIGKILL between the stored move and its announcement, then a restart catches up.
    twin.post("hold", channel=game.thread)
    turn = game.latest_turn()
    version = game.version_of(turn)
    user = game.to_act(turn)[0]
    code = next(
        c["value"]
        for c in twin.autocomplete(user, game.thread, "move", "move", move="")
        if c["value"] != "back"
    )
    twin.slash(user, game.thread, "move", move=code)
    wait_for("the board post to be held", lambda: twin.get("held")["count"] >= 1)
    bot.kill()
    assert twin.post("drop")["dropped"] >= 1
    assert game.version_of(game.latest_turn()) == version  # not announced yet
    bot.start()
    caught = game.wait_turn_after(version, timeout=20)
    assert game.version_of(caught) == version + 1  # the move was kept, once
    assert game.to_act(caught)
    board = game.boards()[-1]
    assert game.png_of(board).startswith(PNG)
    # The catch-up names the move that was stored but never posted, by its player.
    assert f"**{user}** " in text_of(board), text_of(board)  # "**Alice** plays …"

    # Alice resigns: confirmation, the notice, and Bob and Carol play on (ruling R22).
    version = game.version_of(game.latest_turn())
    asked = twin.answer(twin.slash("alice", game.thread, "resign"))
    confirm = asked["message"]
    assert confirm is not None and not is_public(confirm)
    twin.answer(twin.click("alice", confirm, "cf:resign:1"))
    after = game.wait_turn_after(version)
    assert "alice" not in game.to_act(after) and not game.is_over()
    texts = [text_of(m) for m in game.public()]
    assert any("alice resigned." in t for t in texts)
    # Bob resigns too: Carol alone is left, so the game ends with its result.
    asked = twin.answer(twin.slash("bob", game.thread, "resign"))
    assert asked["message"] is not None
    twin.answer(twin.click("bob", asked["message"], "cf:resign:1"))
    wait_for("the result", game.is_over)

    assert twin.failures() == []
    assert "Traceback" not in bot.log()
    assert time.monotonic() - began < DEFAULT_BUDGET_S * load_factor()


# --------------------------------------------------------------------------- whole game


def card_titles() -> dict[str, set[str]]:
    from rules.i18n import translate
    from rules.origin.classic.cards import CARDS

    return {
        cid: {translate(c.title_key, lang) for lang in ("en", "fr")} for cid, c in CARDS.items()
    }


async def shown_cards(db: Path, titles: dict[str, set[str]]) -> set[str]:
    """Cards the public view of game #1 shows (played, objectives done): read from the
    bot's database as a second reader, the way the service shows them to everyone."""
    from bot.service import GameService
    from bot.store import Store

    async with Store(db) as store:
        public = str(await GameService(store).public_view(1))
    return {cid for cid in titles if f"'{cid}'" in public}


@pytest.mark.skipif(
    os.environ.get("CAMPFIRE_E2E_FULL") != "1", reason="a whole game: set CAMPFIRE_E2E_FULL=1"
)
def test_a_whole_origin_classic_game_leaks_no_hidden_card(
    table: tuple[Twin, BotProcess], tmp_path: Path
) -> None:
    twin, bot = table
    game = start_game(twin)
    titles = card_titles()
    leaks: list[tuple[int, str]] = []
    moves = 0
    while not game.is_over():
        turn = game.latest_turn()
        version = game.version_of(turn)
        user = game.to_act(turn)[0]
        choices = twin.autocomplete(user, game.thread, "move", "move", move="")
        code = next((c["value"] for c in choices if c["value"] != "back"), choices[0]["value"])
        twin.answer(twin.slash(user, game.thread, "move", move=code))
        wait_for(
            f"the table after v{version}",
            lambda seen=version: game.is_over() or game.version_of(game.latest_turn()) > seen,
        )
        moves += 1
        assert moves < 2000, "the game did not end"
        shown = asyncio.run(shown_cards(tmp_path / "campfire.sqlite3", titles))
        allowed = {name for cid in shown for name in titles[cid]}
        for channel in (twin.channel, game.thread):
            # all of them again: the turn message is edited in place
            for message in twin.public_messages(channel):
                payload = str(message)
                for cid, names in titles.items():
                    if any(name in payload for name in names - allowed):
                        leaks.append((version, cid))
    assert leaks == []
    assert twin.failures() == []
    assert "Traceback" not in bot.log()


def test_every_board_attachment_carries_its_text_twin(
    table: tuple[Twin, BotProcess],
) -> None:
    """Each board picture in the thread, and the private one of ``/campfire board``,
    has a description (alt text, what a screen reader reads): the short form of the
    board in words; ``board text:True`` answers privately with the long form."""
    twin, _ = table
    game = start_game(twin)
    play_one(twin, game, by_menu=False)
    boards = game.boards()  # one turn message a turn, edited while the same seat decides
    assert boards
    for message in boards:
        # one picture at the message's full width: the turn card (the full board is
        # behind Full board), never two side by side
        assert [a["filename"].endswith("-card.png") for a in message["attachments"]] == [True]
        for picture in message["attachments"]:
            description = picture.get("description") or ""
            assert 0 < len(description) <= 1024, description
            assert "Scores:" in description and "To play:" in description, description
    board = twin.answer(twin.slash("bob", game.thread, "board"))
    (picture,) = board["posted"][0]["attachments"]
    assert (picture.get("description") or "").startswith("Round ")
    said = twin.answer_text(twin.slash("bob", game.thread, "board", text=True))
    assert "Origin (Classic rules)" in said and "The map" in said


# --------------------------------------------------------------------------- rate limits


async def log_names(db: Path) -> list[str]:
    """Who made each entry of game #1's log, as the thread names them (read from the
    bot's database as a second reader)."""
    from bot.discord.embeds import seat_name
    from bot.service import GameService
    from bot.store import Store

    async with Store(db) as store:
        service = GameService(store)
        game = await service.game(1)
        return [seat_name(game, h.seat, "en") for h in await service.history(1)]


def test_ai_heavy_games_keep_every_move_in_order_under_discords_rate_limit(
    table: tuple[Twin, BotProcess], tmp_path: Path
) -> None:
    """Alice against three AI seats, playing as fast as she can type, in a thread where
    Discord accepts 2 new messages every 4 s: every move is listed once, in the log's
    order; posts never go over the limit; and what piles up while the bot waits comes
    out merged (one post lists several of Alice's moves), not as a queue of posts."""
    twin, bot = table
    assert twin.post("ratelimit", limit=2, window_ms=4000)["limit"] == 2
    opened = twin.answer(
        twin.slash("alice", twin.channel, "new", rules="nim", ai=3, options="stones=60")
    )
    lobby = opened["message"]
    twin.answer(twin.click("alice", lobby, "cf:lobby:start:1"))
    threads = wait_for("the game thread", lambda: twin.threads(twin.channel) or None)
    game = Game(twin)
    game.thread = threads[0]["id"]
    moves = 0
    while moves < 10 and not game.is_over():
        choices = wait_for(
            "Alice's turn",
            lambda: (
                twin.autocomplete("alice", game.thread, "move", "move", move="") or game.is_over()
            ),
            30,
        )
        if choices is True:
            break
        said = twin.answer_text(twin.slash("alice", game.thread, "move", move=choices[0]["value"]))
        assert "You played" in said, said
        moves += 1
    limits = twin.get("ratelimits")
    wanted = asyncio.run(log_names(tmp_path / "campfire.sqlite3"))
    # every entry shown once, in order, once the bot has caught up
    wait_for("the thread to catch up", lambda: game.played_lines() == wanted, 60)
    alice_lines = [
        sum(1 for line in text_of(m).splitlines() if line.startswith("**alice** takes"))
        for m in game.public()
    ]
    assert max(alice_lines) >= 2, alice_lines  # what waited came out as one post
    assert limits["posts"] < len(wanted)  # far fewer posts than moves
    assert twin.failures() == []
    assert "Traceback" not in bot.log()


# --------------------------------------------------------------------------- days


HOUR = 3600
DEADLINE = re.compile(r"<t:(\d+):R>")


@pytest.fixture
def clocked(tmp_path: Path) -> Iterator[tuple[Twin, BotProcess, Path]]:
    """The emulator and the bot, whose service clock the test moves on (the file
    ``clock`` holds the seconds to add to the real time) and whose reminder loop looks
    every half second instead of every minute (the launcher's test hooks)."""
    install_emulator()
    twin = Twin(tmp_path)
    clock = tmp_path / "clock"
    clock.write_text("0")
    hooks = {"CAMPFIRE_E2E_CLOCK": str(clock), "CAMPFIRE_E2E_REMINDER_SECONDS": "0.5"}
    bot = BotProcess(twin, tmp_path / "campfire.sqlite3", tmp_path / "bot.log", hooks)
    try:
        bot.start()
        yield twin, bot, clock
    finally:
        bot.stop()
        twin.close()
        print(f"--- bot log (tail)\n{bot.tail(60)}")


def open_game(twin: Twin, joiners: tuple[str, ...], **options: Any) -> Game:
    """Alice opens a lobby in the channel with ``options``, ``joiners`` join with the
    button, she starts it: the game as its new thread shows it."""
    before = {t["id"] for t in twin.threads(twin.channel)}
    lobby = twin.answer(twin.slash("alice", twin.channel, "new", **options))["message"]
    assert lobby is not None, options
    start = next(c for c in custom_ids(lobby) if c.startswith("cf:lobby:start:"))
    number = start.rsplit(":", 1)[1]
    for user in joiners:
        assert twin.answer(twin.click(user, lobby, f"cf:lobby:join:{number}"))["type"] == 7
    twin.answer(twin.click("alice", lobby, start))
    game = Game(twin)
    game.thread = wait_for(
        "the new game's thread",
        lambda: next((t["id"] for t in twin.threads(twin.channel) if t["id"] not in before), None),
    )
    return game


def person_to_act(game: Game, gone: str = "", after: int = -1) -> dict[str, Any]:
    """The latest turn message once it shows a revision after ``after`` and asks a
    person (not ``gone``) to act: AI seats play at once."""

    def asking() -> dict[str, Any] | None:
        turns = game.turn_messages()
        if not turns or game.version_of(turns[-1]) <= after:
            return None
        acting = game.to_act(turns[-1])
        return turns[-1] if acting and gone not in acting else None

    return wait_for("a turn message asking a person", asking)


def private(answer: dict[str, Any]) -> bool:
    """Whether an interaction was answered to its user alone (ephemeral)."""
    flags = [m.get("flags") or 0 for m in answer["posted"]]
    if answer["type"] in (4, 5) and answer["data"]:
        flags.append(answer["data"].get("flags") or 0)
    return bool(flags) and all(f & 64 for f in flags)


def message_now(game: Game, message_id: str) -> dict[str, Any]:
    return next(m for m in game.public() if m["id"] == message_id)


def test_time_away_claims_and_timeouts_ping_the_right_people(
    clocked: tuple[Twin, BotProcess, Path],
) -> None:
    """Issue 27, point 4, through the emulator, the service's clock moved on by hours:

    - ``/campfire away`` edits the turn message already posted: no running deadline,
      the time away instead, its pictures kept (nothing uploaded again); ``back``
      shows a deadline again;
    - Alice, Bob, Carol and an AI seat under ``claim``; Carol resigned; the late
      person's time is up: the prompt names and pings only the other person still
      playing (not the AI seat, not Carol), and Carol's press is refused;
    - under ``auto``, the line saying the time is up pings the late player."""
    twin, bot, clock = clocked
    game = open_game(
        twin, ("bob", "carol"), rules="nim", options="stones=30", ai=1, clock="12", timeout="claim"
    )
    before = game.version_of(person_to_act(game))
    asked = twin.answer(twin.slash("carol", game.thread, "resign"))
    assert asked["message"] is not None
    confirm = next(c for c in custom_ids(asked["message"]) if c.startswith("cf:resign:"))
    twin.answer(twin.click("carol", asked["message"], confirm))
    wait_for(
        "Carol's resignation", lambda: any("carol resigned." in text_of(m) for m in game.public())
    )
    turn = person_to_act(game, gone="carol", after=before)
    (late,) = game.to_act(turn)
    other = next(u for u in ("alice", "bob") if u != late)
    deadline = DEADLINE.search(turn["content"])
    assert deadline is not None, turn["content"]
    pictures = [a["filename"] for a in turn["attachments"]]
    assert pictures

    # Time away: the same message, edited; its pictures stay.
    said = twin.answer_text(twin.slash(late, game.thread, "away", until="3"))
    assert "You are away until" in said, said
    away = wait_for(
        "the turn message to show the time away",
        lambda: m if "is away until" in (m := message_now(game, turn["id"]))["content"] else None,
    )
    assert deadline.group(0) not in away["content"]
    assert [a["filename"] for a in away["attachments"]] == pictures
    assert custom_ids(away) == custom_ids(turn)  # the buttons stay
    twin.answer(twin.slash(late, game.thread, "back"))
    wait_for(
        "the turn message to show a deadline again",
        lambda: (
            DEADLINE.search(message_now(game, turn["id"])["content"]) is not None
            and "is away until" not in message_now(game, turn["id"])["content"]
        ),
    )

    # Thirteen hours later the time is up: the claim prompt.
    clock.write_text(str(13 * HOUR))

    def prompt() -> dict[str, Any] | None:
        return next(
            (m for m in game.public() if any(c.startswith("cf:claim:") for c in custom_ids(m))),
            None,
        )

    claim = wait_for("the claim prompt", prompt)
    users = twin.users
    assert claim["allowed_mentions"]["users"] == [users[other]], claim
    assert f"<@{users[other]}>" in claim["content"] and f"**{late}**" in claim["content"]
    assert f"<@{users['carol']}>" not in claim["content"] and "AI" not in claim["content"]
    assert f"<@{users[late]}>" not in claim["content"]
    pressed = twin.click("carol", claim, custom_ids(claim)[0])
    assert private(twin.answer(pressed)), "the refusal is for Carol alone"
    assert "not playing in this game" in twin.answer_text(pressed)
    assert any(c.startswith("cf:claim:") for c in custom_ids(message_now(game, claim["id"])))

    # Under auto, the line that says the time is up pings the late player.
    second = open_game(twin, ("bob",), rules="nim", options="stones=30", clock="12", timeout="auto")
    (slow,) = game.to_act(person_to_act(second))
    clock.write_text(str(26 * HOUR))

    def notice() -> dict[str, Any] | None:
        return next((m for m in second.public() if "ran out of time" in m["content"]), None)

    line = wait_for("the timeout line", notice)
    assert line["content"].startswith(f"⌛ <@{users[slow]}> ran out of time"), line["content"]
    assert line["allowed_mentions"]["users"] == [users[slow]]
    assert twin.failures() == []
    assert "Traceback" not in bot.log()


def test_quiet_hours_hold_the_ping_and_a_digest_lists_the_waiting_game(
    clocked: tuple[Twin, BotProcess, Path],
) -> None:
    """Issue 42 through the emulator, the service's clock moved on by hours:

    - Alice and Bob keep quiet hours now (``/campfire me timezone:UTC quiet:``; the zone
      autocompleted): the first turn message of their game names the player to act
      without a ping, and no direct message comes while they last; when they end, one
      direct message says what waited (the game, its deadline as a Discord timestamp,
      its thread), once;
    - Alice and Carol ask for a digest at an hour to come: the turn message of their
      game pings nobody; at that hour one direct message lists the game waiting, once,
      with its time left and its thread."""
    twin, bot, clock = clocked
    found = twin.autocomplete("alice", twin.channel, "me", "timezone", timezone="paris")
    assert "Europe/Paris" in [c["value"] for c in found]
    hour = time.gmtime().tm_hour
    quiet = f"{hour:02d}:00-{(hour + 3) % 24:02d}:00"  # now, for two hours at least
    for user in ("alice", "bob"):
        said = twin.answer_text(twin.slash(user, twin.channel, "me", timezone="UTC", quiet=quiet))
        assert quiet in said and "UTC" in said, said
    game = open_game(twin, ("bob",), rules="nim", options="stones=30", clock="12")
    turn = wait_for("the first turn", lambda: game.turn_messages() or None)[-1]
    first = turn["content"].split(" to play")[0]
    assert first in ("alice", "bob") and "<@" not in turn["content"], turn["content"]
    assert not turn["allowed_mentions"].get("users"), turn["allowed_mentions"]
    time.sleep(2 * load_factor())  # a few passes of the loop: nothing is sent
    assert twin.dms("alice") == [] and twin.dms("bob") == []

    clock.write_text(str(4 * HOUR))  # the quiet hours are over
    (waited,) = wait_for("what waited", lambda: twin.dms(first) or None)
    text = waited["content"]
    assert "quiet hours" in text and "#1" in text and f"/{game.thread}" in text, text
    assert DEADLINE.search(text) is not None, text
    time.sleep(2 * load_factor())
    assert len(twin.dms(first)) == 1  # sent once

    # A digest at the next hour of the bot's clock (four hours ahead of ours).
    at = (hour + 4 + 2) % 24
    for user in ("alice", "carol"):
        said = twin.answer_text(
            twin.slash(user, twin.channel, "me", frequency="digest", digest=f"{at:02d}:00")
        )
        assert f"{at:02d}:00" in said, said
    second = open_game(twin, ("carol",), rules="nim", options="stones=30", clock="48")
    turn = wait_for("the second game's turn", lambda: second.turn_messages() or None)[-1]
    waiting = turn["content"].split(" to play")[0]
    assert not turn["allowed_mentions"].get("users"), turn["allowed_mentions"]
    before = len(twin.dms(waiting))
    now = time.time() + 4 * HOUR
    due = (int(now) // HOUR + 1) * HOUR
    while time.gmtime(due).tm_hour != at:
        due += HOUR
    clock.write_text(str(due + 60 - int(time.time())))
    digest = wait_for(
        "the digest",
        lambda: next((m for m in twin.dms(waiting)[before:] if "digest" in m["content"]), None),
    )
    text = digest["content"]
    assert text.count("#2") == 1 and f"/{second.thread}" in text and DEADLINE.search(text), text
    time.sleep(2 * load_factor())
    assert sum("digest" in m["content"] for m in twin.dms(waiting)) == 1
    assert twin.failures() == []
    assert "Traceback" not in bot.log()


# --------------------------------------------------------------------------- AI seats


async def stones_left(db: Path, game_id: int) -> int:
    """The stones of a Nim game as its public view says (the bot's database, read as a
    second reader)."""
    from bot.service import GameService
    from bot.store import Store

    async with Store(db) as store:
        return int((await GameService(store).public_view(game_id))["stones"])


def move_reply(twin: Twin, user: str, game: Game, code: str | None = None) -> str:
    """``user`` plays ``code`` (else the first legal move offered) with ``/campfire
    move``; the interaction id."""
    if code is None:
        choices = twin.autocomplete(user, game.thread, "move", "move", move="")
        code = next((c["value"] for c in choices if c["value"] != "back"), choices[0]["value"])
    return twin.slash(user, game.thread, "move", move=code)


def test_a_french_table_against_ai_seats_names_them_in_french_and_undoes_their_replies(
    table: tuple[Twin, BotProcess], tmp_path: Path
) -> None:
    """Issue 27, point 4, through the emulator, on a server whose games speak French:

    - a decision followed by another of the same turn (Origin Junior: evolve, then
      choose the pawn) is answered with the Undo button beside the next decision's menu;
    - against an AI seat at Nim, once the AI answered Alice's move her confirmation
      carries the Undo button for the revision after its reply, and pressing it takes
      back the reply with the move (the AI agrees at once);
    - the result's ping line, every public text and every picture's description (its
      text twin) name the AI seat in French, never "AI 1 (greedy)"."""
    twin, bot = table
    said = twin.answer_text(
        twin.slash("alice", twin.channel, "settings", language="fr", season="Hiver")
    )
    assert "Settings saved." in said and "Season **Hiver** has started" in said, said
    assert f"Announced to the server in <#{twin.channel}>." in said, said
    [begins] = [m for m in twin.public_messages(twin.channel) if "Hiver" in text_of(m)]
    assert "Une nouvelle saison commence : Hiver" in text_of(begins)  # the server's language
    assert "`/campfire classement saison:Hiver`" in text_of(begins)

    junior = open_game(twin, (), rules="origin-junior", ai=1)
    version_before_evolve = junior.version_of(person_to_act(junior))
    choices = twin.autocomplete("alice", junior.thread, "move", "move", move="")
    evolve = next(c["value"] for c in choices if c["value"].startswith("evolve:"))
    answer = twin.answer(move_reply(twin, "alice", junior, evolve))
    ids = [i for m in answer["posted"] for i in custom_ids(m)]
    assert any(i.startswith("cf:undo:1:") for i in ids), ids
    assert any(i.startswith(("cf:move:", "cf:group:")) for i in ids), ids  # the next decision
    # Undoing that decision, taken in the middle of her turn, gives it back to her: the
    # live turn message is edited in place, and no new message pings her again.
    live = person_to_act(junior, after=version_before_evolve)
    posts = [m["id"] for m in junior.public()]
    undo = next(i for i in ids if i.startswith("cf:undo:1:"))
    offered = next(m for m in answer["posted"] if undo in custom_ids(m))
    undone_text = twin.answer_text(twin.click("alice", offered, undo))
    assert "repris" in undone_text or "taken back" in undone_text, undone_text
    edited = person_to_act(junior, after=junior.version_of(live))
    assert edited["id"] == live["id"], (edited["id"], live["id"])
    assert [m["id"] for m in junior.public()] == posts  # nothing new posted, nobody pinged
    again = twin.autocomplete("alice", junior.thread, "move", "move", move="")
    assert any(c["value"].startswith("evolve:") for c in again), again  # her turn's start

    nim = open_game(twin, (), rules="nim", options="stones=9", ai=1)
    turn = person_to_act(nim)
    version = nim.version_of(turn)
    db = tmp_path / "campfire.sqlite3"
    stones = asyncio.run(stones_left(db, 2))
    moved = move_reply(twin, "alice", nim)
    after = person_to_act(nim, after=version + 1)  # her move, then the AI's reply
    button = f"cf:undo:2:{nim.version_of(after)}"

    def confirmation() -> dict[str, Any] | None:
        posted = twin.answer(moved)["posted"]
        return next((m for m in posted if button in custom_ids(m)), None)

    confirm = wait_for("the Undo button for the revision after the AI's reply", confirmation)
    assert private(twin.answer(moved))
    undone = twin.click("alice", confirm, button)
    assert "taken back" in twin.answer_text(undone)
    wait_for("the move taken back", lambda: asyncio.run(stones_left(db, 2)) == stones)

    for _ in range(20):  # Alice plays on to the end
        choices = wait_for(
            "Alice's turn or the end",
            lambda: (
                twin.autocomplete("alice", nim.thread, "move", "move", move="") or nim.is_over()
            ),
            30,
        )
        if choices is True:
            break
        said = twin.answer_text(twin.slash("alice", nim.thread, "move", move=choices[0]["value"]))
        assert "You played" in said, said
    wait_for("the result", nim.is_over)
    result = next(
        m for m in nim.public() if any(c.startswith("cf:rematch:") for c in custom_ids(m))
    )
    assert "IA 1 (glouton)" in result["content"], result["content"]  # the ping line
    replay = next(a for a in result["attachments"] if a["filename"].endswith("-replay.webp"))
    webp = twin.get_bytes(replay["url"])  # animated WebP (Discord animates it, not APNG)
    assert webp[:4] == b"RIFF" and webp[8:12] == b"WEBP" and b"ANIM" in webp[:200]
    assert len(webp) <= 10 * 1000 * 1000
    public = [m for g in (junior, nim) for m in g.public()]
    assert not any("AI 1" in text_of(m) for m in public)
    described = [a.get("description") or "" for m in public for a in m["attachments"]]
    assert described and not any("AI 1" in d for d in described)
    assert any("IA 1 (glouton)" in d for d in described)

    # The season ends: its final table is posted for the server (AI seats are never
    # rated, so Alice's games against them leave it empty, and it says why).
    last = twin.public_messages(twin.channel)[-1]["id"]
    said = twin.answer_text(twin.slash("alice", twin.channel, "settings", end_season=True))
    assert "Season **Hiver** has ended" in said and "Announced to the server" in said, said
    [final] = twin.public_messages(twin.channel, after=last)
    assert "La saison Hiver est terminée : le classement final" in text_of(final)
    assert "Personne n'a été classé pendant cette saison" in text_of(final)
    assert twin.failures() == []
    assert "Traceback" not in bot.log()


# --------------------------------------------------------------------------- tournament


def test_a_tournament_registers_with_the_button_and_opens_its_first_round(
    table: tuple[Twin, BotProcess],
) -> None:
    """Issue 43 through the emulator: Alice (Manage Server) opens a Nim tournament; the
    registration message is public with its Register / Withdraw buttons; Bob registers,
    the bot restarts, and Carol and Alice register with the same message's button (it
    survives the restart); Bob withdraws and registers again. Alice starts it: the
    table's game opens in its own thread of the channel, its first player pinged there,
    the third player has the bye, and the round's message lists the table with its
    thread."""
    twin, bot = table
    opened = twin.answer(twin.slash("alice", twin.channel, "tournament open", rules="nim"))
    message = opened["message"]
    assert message is not None and is_public(message)
    assert custom_ids(message) == ["cf:tour:join:1", "cf:tour:leave:1"]
    assert "Registration is open" in text_of(message)
    refused = twin.answer_text(twin.slash("alice", twin.channel, "tournament start"))
    assert "Not enough players" in refused, refused  # nobody registered yet

    def registration() -> dict[str, Any]:
        return next(m for m in twin.messages(twin.channel) if m["id"] == message["id"])

    assert twin.answer(twin.click("bob", message, "cf:tour:join:1"))["type"] == 7
    bot.kill()
    bot.start()
    for user in ("carol", "alice"):  # the same message's button, after the restart
        answer = twin.answer(twin.click(user, registration(), "cf:tour:join:1"))
        assert answer["type"] == 7, answer
    assert twin.answer(twin.click("bob", registration(), "cf:tour:leave:1"))["type"] == 7
    assert "bob" not in text_of(registration())
    assert twin.answer(twin.click("bob", registration(), "cf:tour:join:1"))["type"] == 7
    assert "Registered (3)" in text_of(registration())
    assert all(name in text_of(registration()) for name in ("alice", "bob", "carol"))

    said = twin.answer_text(twin.slash("alice", twin.channel, "tournament start"))
    assert "has started" in said, said
    threads = wait_for("the table's thread", lambda: twin.threads(twin.channel) or None)
    assert len(threads) == 1 and "round 1, table 1" in threads[0]["name"]
    game = Game(twin)
    game.thread = threads[0]["id"]
    turn = wait_for("the first turn in the table's thread", lambda: game.turn_messages() or None)
    pinged = game.to_act(turn[-1])
    assert len(pinged) == 1
    assert turn[-1]["allowed_mentions"]["users"] == [twin.users[pinged[0]]]
    round_message = wait_for(
        "the round's message",
        lambda: next(
            (m for m in twin.public_messages(twin.channel) if "round 1 of" in m["content"]),
            None,
        ),
    )
    assert f"<#{game.thread}>" in round_message["content"]
    assert "Bye" in round_message["content"]
    assert custom_ids(registration()) == [] and "Under way" in text_of(registration())
    standings = twin.answer_text(twin.slash("carol", twin.channel, "tournament standings"))
    assert "pts" in standings and "How it is counted" in standings
    assert twin.failures() == []
    assert "Traceback" not in bot.log()
