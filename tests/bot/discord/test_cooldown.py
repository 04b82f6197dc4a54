"""The per-user cooldown on costly commands and buttons (board, Play menu, hand, scores):
a clear "try again in N s" in the user's language, nothing read, drawn or changed."""

from __future__ import annotations

import pytest

from bot.config import ConfigError, load_settings, parse_cooldown
from bot.discord.cooldown import Cooldown
from bot.discord.errors import DiscordError
from campfire_testing.harness import Harness
from tests.bot.discord.conftest import ALICE, BOB, CAROL
from tests.bot.discord.test_bad_input import acting, only_reply
from tests.bot.discord.test_game_flow import play_turn, start_game
from tests.bot.discord.test_interactions import wide_game


class FakeClock:
    """Seconds that only move when a test says so."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def wait_of(cooldown: Cooldown, user: str) -> int:
    with pytest.raises(DiscordError) as refused:
        cooldown.spend(user)
    assert refused.value.key == "discord.cooldown"
    return int(refused.value.params["seconds"])


def test_a_burst_then_one_use_per_refill_each_user_on_their_own() -> None:
    clock = FakeClock()
    cooldown = Cooldown(3, 12, clock=clock)
    for _ in range(3):
        cooldown.spend("alice")
    assert wait_of(cooldown, "alice") == 4  # one use comes back every 12 / 3 s
    cooldown.spend("bob")  # Bob has his own budget
    clock.now += 3
    assert wait_of(cooldown, "alice") == 1
    clock.now += 1
    cooldown.spend("alice")
    assert wait_of(cooldown, "alice") == 4
    clock.now += 3600  # a long rest refills the budget, no more than full
    for _ in range(3):
        cooldown.spend("alice")
    assert wait_of(cooldown, "alice") == 4


def test_a_refused_use_costs_nothing() -> None:
    clock = FakeClock()
    cooldown = Cooldown(1, 10, clock=clock)
    cooldown.spend("alice")
    for _ in range(5):
        assert wait_of(cooldown, "alice") == 10
    clock.now += 10
    cooldown.spend("alice")


def test_off_never_refuses_and_tracking_stays_bounded() -> None:
    off = Cooldown.off()
    for _ in range(1000):
        off.spend("alice")
    clock = FakeClock()
    cooldown = Cooldown(2, 10, clock=clock, max_users=50)
    for n in range(500):
        cooldown.spend(f"user{n}")
        clock.now += 0.01
    assert len(cooldown) <= 50
    assert Cooldown.from_setting(None).enabled is False
    assert Cooldown.from_setting((4, 20.0)).rate == 4


def test_the_setting_reads_uses_per_seconds_or_off(tmp_path: object) -> None:
    assert parse_cooldown(None) == (5, 10.0)
    assert parse_cooldown("3/30") == (3, 30.0)
    assert parse_cooldown(" OFF ") is None and parse_cooldown("0") is None
    for bad in ("5", "five/10", "5/0", "0/10", "5/-1", "5/nan", "/"):
        with pytest.raises(ConfigError, match="CAMPFIRE_COOLDOWN"):
            parse_cooldown(bad)
    assert load_settings(None, {"CAMPFIRE_COOLDOWN": "2/5"}).cooldown == (2, 5.0)
    assert load_settings(None, {}).cooldown == (5, 10.0)


@pytest.fixture
def clock(bot: Harness) -> FakeClock:
    """The bot's cooldown at two uses per ten seconds, on a fake clock."""
    fake = FakeClock()
    bot.client.cooldown = Cooldown(2, 10, clock=fake)
    return fake


async def test_scores_and_hand_share_one_budget_then_say_when(
    bot: Harness, clock: FakeClock
) -> None:
    thread = await start_game(bot, BOB, CAROL)
    turn = bot.find(thread, "cf:play:")
    only_reply(await bot.press(ALICE, turn, "cf:scores:1"))
    only_reply(await bot.command(ALICE, "hand", channel=thread))
    reply = only_reply(await bot.press(ALICE, turn, "cf:hand:1"))
    assert reply.content == "Slow down a little: try again in 5 s."
    assert not reply.embeds
    reply = only_reply(await bot.command(ALICE, "scores", channel=thread))
    assert reply.content == "Slow down a little: try again in 5 s."
    assert "Scores" in only_reply(await bot.press(BOB, turn, "cf:scores:1")).text()
    clock.now += 5
    assert only_reply(await bot.press(ALICE, turn, "cf:scores:1")).embeds


async def test_board_refused_before_anything_is_drawn_in_french(
    bot: Harness, clock: FakeClock
) -> None:
    thread = await start_game(bot, BOB, CAROL)
    for _ in range(2):
        assert (await bot.command(CAROL, "board", channel=thread))[-1].files
    calls = await bot.command(CAROL, "board", channel=thread)
    reply = only_reply(calls)
    assert [c.callback_type for c in calls] == [4]  # answered at once, no defer
    assert reply.content == "Doucement : réessayez dans 5 s." and not reply.files


async def test_play_menu_is_throttled_but_moves_never_are(bot: Harness, clock: FakeClock) -> None:
    thread = await start_game(bot, BOB)
    before = await bot.service.game(1)
    me, _ = await acting(bot)
    turn = bot.find(thread, "cf:play:")
    for _ in range(2):
        calls = await bot.press(me, turn, f"cf:play:1:{before.version}")
        assert calls[-1].custom_ids()[0].startswith("cf:move:")
    reply = only_reply(await bot.press(me, turn, f"cf:play:1:{before.version}"))
    assert reply.content == "Slow down a little: try again in 5 s."
    assert (await bot.service.game(1)).version == before.version  # nothing changed
    await bot.command(me, "move", channel=thread, move="take1")  # a move is never throttled
    assert (await bot.service.game(1)).version == before.version + 1
    clock.now += 10
    await play_turn(bot, thread)
    assert (await bot.service.game(1)).version == before.version + 2


async def test_no_cooldown_unless_configured(bot: Harness) -> None:
    thread = await start_game(bot, BOB)
    turn = bot.find(thread, "cf:play:")
    for _ in range(12):
        assert only_reply(await bot.press(ALICE, turn, "cf:scores:1")).embeds


async def test_turning_the_pages_of_an_open_menu_is_free(bot: Harness, clock: FakeClock) -> None:
    bot.client.cooldown = Cooldown(1, 10, clock=clock)
    thread = await wide_game(bot)
    me, _ = await acting(bot)
    only_reply(await bot.press(me, bot.find(thread, "cf:play:"), "cf:play:1:0"))
    menu = bot.message(max(bot.fake.messages))
    calls = await bot.press(me, menu, "cf:group:1:0", values=["0"])
    assert calls[0].custom_ids()[0] == "cf:move:1:0"
    menu = bot.message(menu["id"])
    calls = await bot.press(me, menu, "cf:page:1:0:0:1")
    assert calls[0].custom_ids()[0] == "cf:move:1:0"
    reply = only_reply(await bot.press(me, bot.find(thread, "cf:play:"), "cf:play:1:0"))
    assert reply.content == "Slow down a little: try again in 10 s."
