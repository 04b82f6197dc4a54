"""Hints in the service: greedy's move for the seat to act, one line of why in both
languages, counted once per decision, refused where a server turned them off; the
record and the stats say how many each seat took."""

from __future__ import annotations

import pytest

import ai
from bot.service import GameService, ServiceError
from bot.service.record import build_record, record_text
from bot.service.robots import ai_seed
from bot.store import GuildSettings
from rules import registry
from rules.i18n import translate
from tests.bot.conftest import ALICE, BOB, CAROL, running_nim


async def test_the_hint_is_greedys_move_with_a_reason_in_both_languages(
    service: GameService,
) -> None:
    game_id = await running_nim(service, ALICE, BOB, stones=9)
    hint = await service.hints.hint(game_id, ALICE.user_id)
    row = await service.store.game(game_id)
    assert row is not None
    game = registry.get("nim")
    state = await service.pipeline.state(row)
    assert hint.move.code == ai.choose(
        game, state, ALICE.user_id, "greedy", ai_seed(row.seed, row.version, "hint")
    )
    assert hint.move.code in {m.code for m in await service.legal_moves(game_id, "u1")}
    assert hint.count == 1 and hint.version == row.version
    english, french = translate(hint.why, "en"), translate(hint.why, "fr")
    assert english.startswith("Why: ") and french.startswith("Pourquoi : ")
    assert "{" not in english + french


async def test_asking_again_gives_the_same_hint_counted_once(service: GameService) -> None:
    game_id = await running_nim(service, ALICE, BOB, stones=9)
    first = await service.hints.hint(game_id, ALICE.user_id)
    again = await service.hints.hint(game_id, ALICE.user_id)
    assert again.move == first.move and again.why == first.why and again.count == 1
    await service.play(game_id, ALICE.user_id, first.move.code)
    assert (await service.hints.hint(game_id, BOB.user_id)).count == 1
    assert await service.hints.counts(game_id) == {"u1": 1, "u2": 1}


async def test_only_the_seat_to_act_of_a_running_game_may_ask(service: GameService) -> None:
    game_id = await running_nim(service, ALICE, BOB)
    with pytest.raises(ServiceError) as waiting:
        await service.hints.hint(game_id, BOB.user_id)
    assert waiting.value.key == "service.not_your_turn"
    with pytest.raises(ServiceError) as outsider:
        await service.hints.hint(game_id, CAROL.user_id)
    assert outsider.value.key == "service.not_in_game"
    assert await service.hints.counts(game_id) == {}


async def test_a_server_that_turns_hints_off_refuses_them(service: GameService) -> None:
    game_id = await running_nim(service, ALICE, BOB)
    assert await service.hints.shown("g1")
    await service.timing.save_guild_settings("g1", GuildSettings(hints=False))
    assert (await service.timing.guild_settings("g1")).hints is False
    with pytest.raises(ServiceError) as off:
        await service.hints.hint(game_id, ALICE.user_id)
    assert off.value.key == "service.hints_off"
    assert translate("service.hints_off", "fr") == "Les indices sont désactivés sur ce serveur."
    service.hints.forget("g1")
    assert not await service.hints.shown("g1")
    await service.timing.save_guild_settings("g1", GuildSettings(hints=True))
    assert await service.hints.allowed("g1")
    assert (await service.hints.hint(game_id, ALICE.user_id)).count == 1


async def test_the_record_and_the_stats_count_the_hints(service: GameService) -> None:
    game_id = await running_nim(service, ALICE, BOB, stones=5)
    while (info := await service.game(game_id)).status == "running":
        seat = info.to_act[0]
        if seat == ALICE.user_id:
            await service.play(game_id, seat, (await service.hints.hint(game_id, seat)).move.code)
        else:
            await service.play(game_id, seat, "take1")
    taken = (await service.hints.counts(game_id))["u1"]
    assert taken >= 1
    record = await build_record(service, game_id, "en")
    assert [s["hints"] for s in record["seats"]] == [taken, 0]
    assert f"Alice ({taken} hint" in record_text(record)
    stats = await service.stats("g1", ALICE.user_id)
    assert (stats.hints, stats.hinted_games) == (taken, 1)
    assert (await service.stats("g1", BOB.user_id)).hints == 0


async def test_the_why_names_the_other_player_and_says_no_estimate(service: GameService) -> None:
    """Nim: whatever the heap, the why speaks of the heap left and of Bob by name, in
    both languages, with no estimate and no seat id."""
    game_id = await running_nim(service, ALICE, BOB, stones=9)
    hint = await service.hints.hint(game_id, ALICE.user_id)
    names = (await service.game(game_id)).names("en")
    english = translate(hint.reason(names), "en")
    french = translate(hint.reason(names), "fr")
    assert "Bob" in english and "Bob" in french
    assert "stones left" in english and "pierre" in french
    assert "u2" not in english + french and "estimated" not in english
