"""Bad input to the service: each refusal has its key and changes nothing."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from bot.service import GameService, ServiceError
from bot.store import Store
from rules.base import CampfireError, InvalidMove
from rules.i18n import has_key
from rules.nim import Nim
from tests.bot.conftest import ALICE, BOB, CAROL, nim_lobby, running_nim


async def _snapshot(store: Store, game_id: int) -> tuple[object, ...]:
    row = await store.game(game_id)
    assert row is not None
    return (row.version, row.status, row.snapshot, row.seats, len(await store.moves(game_id)))


@pytest.mark.parametrize(
    ("who", "text", "expected_version", "key"),
    [
        (CAROL.user_id, "take1", None, "service.not_in_game"),
        (BOB.user_id, "take1", None, "service.not_your_turn"),
        (ALICE.user_id, "   ", None, "move.empty"),
        (ALICE.user_id, "%%% ???", None, "move.unreadable"),
        (ALICE.user_id, "take9", None, "move.not_legal"),
        (ALICE.user_id, "take", None, "move.ambiguous"),
        (ALICE.user_id, "take1", 3, "service.stale"),
    ],
)
async def test_bad_moves_are_refused_with_their_key(
    service: GameService, store: Store, who: str, text: str, expected_version: int | None, key: str
) -> None:
    game_id = await running_nim(service, ALICE, BOB)
    before = await _snapshot(store, game_id)
    with pytest.raises(CampfireError) as refused:
        await service.play(game_id, who, text, expected_version=expected_version)
    assert refused.value.key == key
    assert await _snapshot(store, game_id) == before
    if key == "service.stale":
        assert refused.value.params == {"version": 0}


async def test_unknown_game(service: GameService) -> None:
    for call in (
        service.game(404),
        service.play(404, ALICE.user_id, "take1"),
        service.join(404, ALICE),
        service.abort(404, ALICE.user_id, is_moderator=True),
        service.history(404),
    ):
        with pytest.raises(ServiceError) as missing:
            await call
        assert missing.value.key == "service.game_not_found"
        assert missing.value.params == {"game": 404}


async def test_abort_needs_the_creator_or_a_moderator(service: GameService, store: Store) -> None:
    game_id = await running_nim(service, ALICE, BOB)
    before = await _snapshot(store, game_id)
    with pytest.raises(ServiceError) as refused:
        await service.abort(game_id, BOB.user_id)
    assert refused.value.key == "service.not_allowed"
    assert await _snapshot(store, game_id) == before
    aborted = await service.abort(game_id, CAROL.user_id, is_moderator=True)
    assert aborted.status == "aborted" and aborted.to_act == ()
    with pytest.raises(ServiceError) as again:
        await service.abort(game_id, ALICE.user_id)
    assert again.value.key == "service.not_running"
    with pytest.raises(ServiceError) as move:
        await service.play(game_id, ALICE.user_id, "take1")
    assert move.value.key == "service.not_running"


async def test_creator_aborts_a_lobby(service: GameService) -> None:
    info = await nim_lobby(service)
    assert (await service.abort(info.id, ALICE.user_id)).status == "aborted"
    with pytest.raises(ServiceError) as closed:
        await service.join(info.id, BOB)
    assert closed.value.key == "service.not_lobby"


async def test_leaving_a_running_game_is_refused(service: GameService) -> None:
    game_id = await running_nim(service, ALICE, BOB)
    with pytest.raises(ServiceError) as refused:
        await service.leave(game_id, BOB.user_id)
    assert refused.value.key == "service.not_lobby"
    assert refused.value.params == {"status": "@service.status.running"}


async def test_playing_in_a_lobby_is_refused(service: GameService) -> None:
    info = await nim_lobby(service)
    with pytest.raises(ServiceError) as early:
        await service.play(info.id, ALICE.user_id, "take1")
    assert early.value.key == "service.not_started"


async def test_every_key_the_bot_uses_has_both_languages() -> None:
    files = [
        *Path("bot/service").rglob("*.py"),  # its packages too (tournaments, events)
        Path("bot/frontends/console.py"),
        Path("bot/frontends/demo.py"),
    ]
    source = "\n".join(p.read_text(encoding="utf-8") for p in files)
    used = set(re.findall(r"\"((?:service|console|demo)\.[a-z_.]+)\"", source))
    used |= {f"service.status.{s}" for s in ("lobby", "running", "over", "aborted")}
    used |= {"console.player", "console.bot"}
    assert {"service.stale", "console.turn", "demo.summary"} <= used
    assert [k for k in sorted(used) if not has_key(k)] == []


async def test_internal_failures_are_logged_and_keyed(
    service: GameService, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    game_id = await running_nim(service, ALICE, BOB)

    def broken(self: Nim, state: object, seat: str, move: object) -> None:
        raise ZeroDivisionError("bug in the rules")

    monkeypatch.setattr(Nim, "_apply", broken)
    with pytest.raises(ServiceError) as failed:
        await service.play(game_id, ALICE.user_id, "take1")
    assert failed.value.key == "service.internal"
    assert "unexpected failure in play" in caplog.text
    assert (await service.game(game_id)).version == 0


async def test_garbage_text_is_invalid_move(service: GameService) -> None:
    game_id = await running_nim(service, ALICE, BOB)
    with pytest.raises(InvalidMove):
        await service.play(game_id, ALICE.user_id, "x" * 500)
