"""A whole Origin Classic game through Discord: the objectives kept by everyone at once,
cards played from the menu, the private hand, boards and final scores."""

from __future__ import annotations

import copy
import io
import random
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import pytest
from PIL import Image

from bot.discord import threads, turns
from bot.discord.panels import groups_of
from bot.discord.views import PAGE_SIZE
from campfire_testing.harness import CHANNEL_ID, Call, Harness, User
from render import registry as pictures
from rules.i18n import translate
from rules.origin.classic.cards import CARDS
from tests.bot.discord.conftest import ALICE, BOB, CAROL, draw_nim, make_harness
from tests.bot.discord.test_bad_input import only_reply
from tests.bot.discord.test_game_flow import PNG

DAVE = User(104, "Dave")
USERS = {u.key: u for u in (ALICE, BOB, CAROL, DAVE)}


def draw_some(rules: str, view: Any, *, lang: str, names: Mapping[str, str] | None) -> bytes:
    """The real Classic picture at the start and at the end; a small stand-in between
    (a real picture per move would make this test slow, not better)."""
    if view.get("turn") == 0 or view.get("over"):
        return pictures.draw(rules, view, lang=lang, names=names)
    return draw_nim(rules, view, lang=lang, names=names)


async def classic_harness(db_path: Path, monkeypatch: pytest.MonkeyPatch) -> Harness:
    bot, _ = await make_harness(db_path, monkeypatch, seed_prefix="oc", drawer=draw_some)
    return bot


async def start_classic(bot: Harness, *joiners: User) -> tuple[int, list[Call]]:
    """Alice opens an Origin Classic lobby, ``joiners`` join with the button, she starts."""
    await bot.command(ALICE, "new", rules="origin")
    lobby = bot.find(CHANNEL_ID, "cf:lobby:")
    assert "Origin" in lobby["embeds"][0]["title"]
    for user in joiners:
        await bot.press(user, bot.message(lobby["id"]), "cf:lobby:join:1")
    calls = await bot.press(ALICE, bot.message(lobby["id"]), "cf:lobby:start:1")
    game = await bot.service.game(1)
    assert game.status == "running" and game.thread_id is not None
    return int(game.thread_id), calls


def turn_message(calls: list[Call], version: int) -> Call:
    return next(c for c in calls if f"cf:play:1:{version}" in c.custom_ids())


def pinged(call: Call) -> set[int]:
    return set((call.json or {})["allowed_mentions"].get("users", []))


def newest(bot: Harness) -> dict[str, Any]:
    return bot.message(max(bot.fake.messages))


def dealt_titles(view: Mapping[str, Any], lang: str) -> set[str]:
    return {c[lang]["title"] for c in view["me"]["dealt"]}


async def choose_in_menu(bot: Harness, user: User, code: str) -> list[Call]:
    """``user`` opens the Play menu of the newest turn message and picks ``code``,
    choosing its kind of move first when the moves do not fit one menu."""
    game = await bot.service.game(1)
    turn = bot.find(int(game.thread_id or 0), "cf:play:")
    reply = (await bot.press(user, turn, f"cf:play:1:{game.version}"))[-1]
    menu = newest(bot)
    moves = await bot.service.legal_moves(1, user.key)
    if reply.custom_ids()[0].startswith("cf:group:"):
        assert len(moves) > PAGE_SIZE
        group = next(m.group for m in moves if m.code == code)
        index = groups_of(moves).index(group)
        await bot.press(user, menu, reply.custom_ids()[0], values=[str(index)])
        menu = bot.message(menu["id"])
    select = menu["components"][0]["components"][0]
    assert code in [o["value"] for o in select["options"]], (code, select["options"])
    return await bot.press(user, menu, select["custom_id"], values=[code])


async def test_origin_classic_from_lobby_to_final_scores(
    db_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    bot = await classic_harness(db_path, monkeypatch)
    thread, calls = await start_classic(bot, BOB, CAROL)
    game = await bot.service.game(1)

    # -- set-up: everybody keeps an objective at once; the turn message pings all three
    assert set(game.to_act) == {ALICE.key, BOB.key, CAROL.key}
    first_turn = turn_message(calls, 0)
    # as the players saw it then: the turn message is edited in place as they choose
    first_message = copy.deepcopy(bot.message(turn_message_id(bot, 0)))
    assert pinged(first_turn) == {ALICE.id, BOB.id, CAROL.id}
    assert all(f"<@{u.id}>" in first_turn.content for u in (ALICE, BOB, CAROL))

    alice_view = await bot.service.private_view(1, ALICE.key)
    alice_keep = f"keep:{alice_view['me']['dealt'][0]['id'].lower()}"
    calls = await choose_in_menu(bot, ALICE, alice_keep)
    game = await bot.service.game(1)
    assert game.version == 1 and set(game.to_act) == {BOB.key, CAROL.key}
    second_turn = turn_message(calls, 1)
    # Bob and Carol were pinged already: the fresh turn message names them, pings nobody
    assert pinged(second_turn) == set()
    assert all(f"<@{u.id}>" in second_turn.content for u in (BOB, CAROL))

    # Alice has chosen: her Play button and a typed move are both refused, nothing changes
    reply = only_reply(await bot.press(ALICE, bot.message(turn_message_id(bot, 1)), "cf:play:1:1"))
    assert "not your turn" in reply.content and f"<@{BOB.id}>" in reply.content
    reply = only_reply(await bot.command(ALICE, "move", channel=thread, move=alice_keep))
    assert "not your turn" in reply.content
    assert (await bot.service.game(1)).version == 1

    # Carol opens her menu now, but Bob will choose before she does
    await bot.press(CAROL, bot.message(turn_message_id(bot, 1)), "cf:play:1:1")
    carol_menu = newest(bot)
    assert carol_menu["components"][0]["components"][0]["custom_id"] == "cf:move:1:1"

    # Bob's hand shows his three objectives, in his language, and none of Alice's
    bob_view = await bot.service.private_view(1, BOB.key)
    reply = only_reply(await bot.command(BOB, "hand", channel=thread))
    text = reply.text()
    assert all(title in text for title in dealt_titles(bob_view, "en"))
    for title in dealt_titles(alice_view, "en") - dealt_titles(bob_view, "en"):
        assert title not in text
    assert reply.embeds[0]["fields"][0]["name"] == "Objectives dealt to you: keep one"

    # Bob types his choice with the help of autocomplete
    choices = await bot.autocomplete(BOB, "move", "move", channel=thread, move="")
    assert len(choices) == 3 and all(c["value"].startswith("keep:") for c in choices)
    calls = await bot.command(BOB, "move", channel=thread, move=choices[1]["value"])
    game = await bot.service.game(1)
    assert game.version == 2 and game.to_act == (CAROL.key,)
    assert pinged(turn_message(calls, 2)) == set()  # Carol was pinged at the start

    # Carol picks in her menu, made before Bob chose: the game moved on, but she still
    # has to choose, so the menu is replaced by a fresh one (in French)
    stale = carol_menu["components"][0]["components"][0]["options"][0]["value"]
    await bot.press(CAROL, carol_menu, "cf:move:1:1", values=[stale])
    assert (await bot.service.game(1)).version == 2
    carol_menu = bot.message(carol_menu["id"])
    assert translate("discord.moved_on", "fr", version=2) in carol_menu["content"]
    assert carol_menu["components"][0]["components"][0]["custom_id"] == "cf:move:1:2"

    # Alice, who has chosen, clicks Play on the first turn message: moved on, no menu
    reply = only_reply(await bot.press(ALICE, first_message, "cf:play:1:0"))
    assert "moved on" in reply.content and "not your turn" in reply.content
    assert f"<@{CAROL.id}>" in reply.content
    assert reply.custom_ids() == []

    # Carol clicks Play on the first turn message too: a fresh menu comes with the answer
    reply = only_reply(await bot.press(CAROL, first_message, "cf:play:1:0"))
    assert translate("discord.moved_on", "fr", version=2) in reply.content
    assert translate("discord.moved_on.still_yours", "fr") in reply.content
    assert reply.custom_ids() == ["cf:move:1:2"]
    menu = newest(bot)
    options = menu["components"][0]["components"][0]["options"]
    assert [o["value"][:5] for o in options] == ["keep:"] * 3
    before = game
    calls = await bot.press(CAROL, menu, "cf:move:1:2", values=[options[2]["value"]])
    game = await bot.service.game(1)
    assert game.version == 3 and len(game.to_act) == 1
    expected = set() if game.to_act == before.to_act else {int(game.to_act[0])}
    assert pinged(turn_message(calls, 3)) == expected
    view = await bot.service.public_view(1)
    assert view["phase"] == "play"
    assert all(p["hand"]["objective"] == 1 for p in view["players"].values())

    # -- the game itself: menus and typed moves, some cards played from the menu
    chooser = random.Random(5)
    cards_from_menu = typed = 0
    for turn in range(1000):
        game = await bot.service.game(1)
        if game.status != "running":
            break
        user = USERS[game.to_act[0]]
        moves = await bot.service.legal_moves(1, user.key)
        choices = [m for m in moves if m.code != "back"] or moves
        cards = [m for m in choices if m.code.startswith("play:")]
        if cards and chooser.random() < 0.5:
            move = chooser.choice(cards)
            calls = await choose_in_menu(bot, user, move.code)
            cards_from_menu += 1
        elif turn % 3 == 0:
            calls = await choose_in_menu(bot, user, chooser.choice(choices).code)
        else:
            offered = await bot.autocomplete(user, "move", "move", channel=thread, move="")
            assert offered and len(offered) <= 25
            assert {c["value"] for c in offered} <= {m.code for m in moves}
            pick = chooser.choice([c for c in offered if c["value"] != "back"] or offered)
            calls = await bot.command(user, "move", channel=thread, move=pick["value"])
            typed += 1
        after = await bot.service.game(1)
        assert after.version == game.version + 1, [c.json for c in calls]
        if after.status == "running":
            expected = set() if after.to_act == game.to_act else {int(s) for s in after.to_act}
            assert pinged(turn_message(calls, after.version)) == expected
    game = await bot.service.game(1)
    assert game.status == "over" and game.version > 100
    assert cards_from_menu > 5 and typed > 20

    # -- every move showed its picture: in a new turn message when someone new must
    # act, else in the live one edited in place; the first and last are real ones
    boards = [
        m
        for m in bot.posted_in(thread)
        if m["attachments"] and "replay" not in m["attachments"][0]["filename"]
    ]
    assert len(boards) < game.version / 2
    assert all(m["embeds"][0]["image"]["url"].startswith("attachment://") for m in boards[:-1])
    files = [c.files[0] for c in bot.fake.calls if c.files and c.channel_id == thread]
    sent = [data for name, data in files if "replay" not in name]
    assert len(sent) == game.version + 1 and all(png.startswith(PNG) for png in sent)
    for png in (sent[0], sent[-1]):
        assert Image.open(io.BytesIO(png)).width > 600

    result = bot.posted_in(thread)[-1]
    embed = result["embeds"][0]
    assert "is over" in embed["title"] and len(embed["fields"]) == 3
    # -- the result carries the animated replay (the stand-in frames between the real
    # first and last pictures are all alike, so the encoder merges them into one)
    name, replay = next(c.files[-1] for c in reversed(bot.fake.calls) if c.files)
    assert name == "campfire-1-replay.webp" and len(replay) <= 10 * 1000 * 1000
    with Image.open(io.BytesIO(replay)) as animation:
        assert animation.format == "WEBP" and animation.n_frames == 3
    assert "origin." not in str(embed["fields"])
    assert "Objectives" in str(embed["fields"])
    reply = only_reply(await bot.command(CAROL, "scores", channel=thread))
    assert reply.embeds[0]["title"].startswith("Scores finaux")


def turn_message_id(bot: Harness, version: int) -> int:
    """The turn message of game 1 whose Play button is for ``version``."""
    for mid, message in bot.fake.messages.items():
        ids = [c.get("custom_id") for row in message["components"] for c in row["components"]]
        if f"cf:play:1:{version}" in ids:
            return mid
    raise AssertionError(f"no turn message for version {version}")


async def test_classic_cards_are_reachable_through_the_kinds_of_moves(
    db_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """More than 25 moves: the menu first asks for the kind of move; "Play a card"
    leads to the cards, and one is played from there."""
    bot = await classic_harness(db_path, monkeypatch)
    await start_classic(bot, BOB, CAROL, DAVE)
    chooser = random.Random(7)
    for _ in range(1500):
        game = await bot.service.game(1)
        assert game.status == "running", "no turn with more than 25 moves and a card"
        seat = game.to_act[0]
        moves = await bot.service.legal_moves(1, seat)
        if len(moves) > PAGE_SIZE and any(m.group == "play" for m in moves):
            break
        # never play cards, often move pawns: hands fill up and pawns spread out
        choices = [m for m in moves if m.code != "back" and m.group != "play"] or moves
        spread = [m for m in choices if m.group in ("migrate", "swap")]
        pick = chooser.choice(spread if spread and chooser.random() < 0.6 else choices)
        await bot.service.play(1, seat, pick.code, expected_version=game.version)
    user = USERS[seat]
    card = next(m for m in moves if m.group == "play")
    # the moves above went straight to the service: post the turn message the bot would have
    table = await threads.table_of(bot.client, game)
    turn = await turns.post_turn(bot.client, table, game, game.to_act, "en")
    reply = (await bot.press(user, bot.message(turn.id), f"cf:play:1:{game.version}"))[-1]
    assert reply.custom_ids() == [f"cf:group:1:{game.version}"]
    menu = newest(bot)
    kinds = menu["components"][0]["components"][0]["options"]
    count = sum(m.group == "play" for m in moves)
    labels = {f"{translate('origin.group.play', lang)} ({count})" for lang in ("en", "fr")}
    index = next(o["value"] for o in kinds if o["label"] in labels)
    calls = await bot.press(user, menu, reply.custom_ids()[0], values=[index])
    menu = bot.message(menu["id"])
    options = menu["components"][0]["components"][0]["options"]
    assert {o["value"] for o in options} == {m.code for m in moves if m.group == "play"}
    back = [i for i in calls[-1].custom_ids() if i.startswith("cf:page:")]
    assert back == [f"cf:page:1:{game.version}:-:0"]  # back to the kinds of moves
    calls = await bot.press(user, menu, f"cf:move:1:{game.version}", values=[card.code])
    after = await bot.service.game(1)
    assert after.version == game.version + 1
    history = await bot.service.history(1)
    assert history[-1].code == card.code
    title = translate(CARDS[card.code.split(":")[1].upper()].title_key, "en")
    assert any(title in c.text() for c in calls)


async def test_help_for_origin_classic_says_how_it_goes_and_what_to_do_now(
    db_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    bot = await classic_harness(db_path, monkeypatch)
    thread, _ = await start_classic(bot, BOB, CAROL)
    text = only_reply(await bot.command(ALICE, "help", channel=thread)).text()
    assert translate("origin.classic.summary", "en") in text
    assert "keeps one of the three objectives" in text  # how a game goes in chat
    assert "You can now: Keep an objective." in text
    assert "/campfire hand" in text
    view = await bot.service.private_view(1, ALICE.key)
    await bot.command(
        ALICE, "move", channel=thread, move=f"keep:{view['me']['dealt'][0]['id'].lower()}"
    )
    assert ALICE.key not in (await bot.service.game(1)).to_act
    text = only_reply(await bot.command(ALICE, "help", channel=thread)).text()
    assert "waiting for" in text and f"<@{BOB.id}>" in text and f"<@{CAROL.id}>" in text
    text = only_reply(await bot.command(CAROL, "help", channel=thread)).text()
    assert translate("origin.classic.summary", "fr") in text
    assert "Vous pouvez maintenant : Garder un objectif." in text
    assert "/campfire main" in text
