"""Per-game choices (``bot.service.follows``): a player mutes a game's pings (with or
without its reminders), someone without a seat follows it (its result, or every turn);
stored per (game, user) across a restart, refused with a key where they make no sense,
and applied by the one decision of who is told what (``Notices.route``), quiet hours
included."""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime

import pytest

from bot.service import ServiceError
from bot.service.follows import hears
from bot.service.notices import LATER, NEVER, NOW
from bot.store import SqlStore, UserSettings
from tests.bot.conftest import ALICE, BOB, CAROL
from tests.bot.days import Clock, running, service_on

pytestmark = pytest.mark.usefixtures("nim")


def at(hour: int, minute: int = 0, day: int = 2) -> datetime:
    return datetime(2026, 3, day, hour, minute, tzinfo=UTC)


def test_who_hears_what() -> None:
    table = {
        (mode, seated): [k for k in ("turn", "reminder", "ended") if hears(mode, k, seated=seated)]
        for mode in (None, "mute", "mute_all", "result", "turns")
        for seated in (True, False)
    }
    assert table[(None, True)] == ["turn", "reminder", "ended"]
    assert table[("mute", True)] == ["reminder"]
    assert table[("mute_all", True)] == []
    assert table[(None, False)] == []
    assert table[("result", False)] == ["ended"]
    assert table[("turns", False)] == ["turn", "ended"]


async def test_choices_are_stored_per_game_and_user_and_survive_a_restart(
    store: SqlStore,
) -> None:
    clock = Clock(at(9))
    service = service_on(store, clock)
    first, second = await running(service, ALICE, BOB), await running(service, ALICE, BOB)
    game = await service.game(first)
    assert await service.follows.choose(game, ALICE.user_id, "mute") == "mute"
    assert await service.follows.choose(game, CAROL.user_id, "turns") == "turns"
    assert await service.follows.choose(game, CAROL.user_id, "result") == "result"  # replaced
    other = await service.game(second)
    assert await service.follows.choose(other, BOB.user_id, "mute_all") == "mute_all"
    fresh = service_on(store, clock)  # a restart
    assert await fresh.follows.of_game(first) == {ALICE.user_id: "mute", CAROL.user_id: "result"}
    assert await fresh.follows.of_game(second) == {BOB.user_id: "mute_all"}
    assert await fresh.follows.of_user(CAROL.user_id) == {first: "result"}
    assert await fresh.follows.audible(game, [ALICE.user_id, BOB.user_id], "turn") == [BOB.user_id]
    assert await fresh.follows.followers(game, "ended") == [CAROL.user_id]
    assert await fresh.follows.followers(game, "turn") == []
    assert await fresh.follows.choose(game, ALICE.user_id, "unmute") is None
    assert await fresh.follows.choose(game, CAROL.user_id, "unfollow") is None
    assert await store.follows_of_game(first) == {}


async def test_choices_that_make_no_sense_are_refused_and_change_nothing(
    store: SqlStore,
) -> None:
    clock = Clock(at(9))
    service = service_on(store, clock)
    game = await service.game(await running(service, ALICE, BOB))
    for user, choice, key in (
        (CAROL.user_id, "mute", "service.follow.not_a_player"),
        (CAROL.user_id, "mute_all", "service.follow.not_a_player"),
        (ALICE.user_id, "turns", "service.follow.plays"),
        (ALICE.user_id, "result", "service.follow.plays"),
        (ALICE.user_id, "loud", "service.follow.bad_choice"),
    ):
        with pytest.raises(ServiceError) as refused:
            await service.follows.choose(game, user, choice)
        assert refused.value.key == key
    await service.abort(game.id, ALICE.user_id)
    with pytest.raises(ServiceError) as refused:
        await service.follows.choose(await service.game(game.id), CAROL.user_id, "result")
    assert refused.value.key == "service.follow.over"
    assert await store.follows_of_game(game.id) == {}


async def test_the_one_decision_of_who_is_told_applies_mutes_and_follows(
    store: SqlStore,
) -> None:
    clock = Clock(at(9))  # 10:00 in Paris
    service = service_on(store, clock)
    game = await service.game(await running(service, ALICE, BOB))
    route = service.notices.route
    await service.follows.choose(game, ALICE.user_id, "mute")
    await service.follows.choose(game, BOB.user_id, "mute_all")
    await service.follows.choose(game, CAROL.user_id, "result")
    assert (await route(ALICE.user_id, game, "turn", clock.now)).how == NEVER
    assert (await route(ALICE.user_id, game, "ended", clock.now)).how == NEVER
    assert (await route(ALICE.user_id, game, "reminder", clock.now)).how == NOW
    assert (await route(BOB.user_id, game, "reminder", clock.now)).how == NEVER
    assert (await route(CAROL.user_id, game, "turn", clock.now)).how == NEVER
    assert (await route(CAROL.user_id, game, "ended", clock.now)).how == NOW
    # someone told of a game they made no choice in (a rematch's invitation): as ever
    assert (await route("u9", game, "reminder", clock.now)).how == NOW
    # a game read without its seats (the clock's report): a muted player is still one
    bare = replace(game, seats=())
    assert (await route(ALICE.user_id, bare, "reminder", clock.now)).how == NOW
    assert (await route(BOB.user_id, bare, "reminder", clock.now)).how == NEVER
    assert (await route(CAROL.user_id, bare, "reminder", clock.now)).how == NEVER
    # a follower who chose reminders only for their own games still gets what they follow
    await service.notices.set_preferences(CAROL.user_id, frequency="reminders")
    await service.follows.choose(game, CAROL.user_id, "turns")
    assert (await route(CAROL.user_id, game, "turn", clock.now)).how == NOW
    # ... but not in their quiet hours: it waits in the outbox until they end
    await store.save_user_settings(
        CAROL.user_id, UserSettings(timezone="Europe/Paris", quiet="09:00-12:00")
    )
    later = await route(CAROL.user_id, game, "ended", clock.now)
    assert (later.how, later.at) == (LATER, at(11))
    told = await service.notices.tell(game, [CAROL.user_id], "ended", "en")
    assert told.ping == ()
    (waiting,) = await store.pending_notices(CAROL.user_id)
    assert (waiting.kind, waiting.game_id) == ("ended", game.id)
