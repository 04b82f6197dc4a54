"""The animated replay: frames per round up to a budget, the service's refusals, the
``/campfire replay`` command."""

from __future__ import annotations

import hashlib
import io
import random
from pathlib import Path

import pytest
from PIL import Image

from bot.service import GameService, ServiceError
from bot.service.animation import FRAME_BUDGET, build_animation, frame_points, replay_states
from bot.store import Store
from rules import registry


def random_log(rules: str, seats: list[str], seed: str) -> list[list[str]]:
    game, chooser = registry.get(rules), random.Random(seed)
    state, log = game.setup(seats, seed), []
    while game.outcome(state) is None:
        seat = sorted(game.to_act(state))[0]
        moves = [m for m in game.legal_moves(state, seat) if m.code != "back"]
        code = chooser.choice(moves).code
        state = game.apply(state, seat, code)
        log.append([seat, code])
    return log


def numbered_drawer(rules: str, view: object, *, lang: str, names: object) -> bytes:
    """A tiny picture different for every view (so the encoder merges no frame)."""
    buffer = io.BytesIO()
    red, green, blue = hashlib.sha256(repr(view).encode()).digest()[:3]  # not hash(): seeded
    Image.new("RGB", (16, 16), (red, green, blue)).save(buffer, "PNG")
    return buffer.getvalue()


def test_a_whole_classic_game_gives_one_frame_per_round_within_the_budget() -> None:
    seats = ["a", "b", "c", "d"]
    log = random_log("origin", seats, "anim1")
    game = registry.get("origin")
    states = replay_states(game, seats, "anim1", {}, log)
    points = frame_points(game, states, FRAME_BUDGET)
    rounds = {game.round_of(s) for s in states}
    assert points[0] == 0 and points[-1] == len(log)
    assert len(points) <= len(rounds) + 2 and len(points) <= FRAME_BUDGET
    assert [game.round_of(states[i]) for i in points[1:-1]] == sorted(rounds - {None})[1:]
    webp = build_animation("origin", seats, "anim1", {}, log, {}, "en", drawer=numbered_drawer)
    with Image.open(io.BytesIO(webp)) as image:
        assert image.format == "WEBP" and image.n_frames == len(points)


def test_a_short_game_gives_one_frame_per_move_and_a_long_one_keeps_the_budget() -> None:
    game = registry.get("nim")
    log = random_log("nim", ["a", "b"], "n1")
    states = replay_states(game, ["a", "b"], "n1", {}, log)
    assert frame_points(game, states, 60) == list(range(len(log) + 1))
    tight = frame_points(game, states, 3)
    assert len(tight) <= 3 and tight[0] == 0 and tight[-1] == len(log)


def test_the_real_classic_replay_fits_discord() -> None:
    seats = ["a", "b", "c", "d"]
    log = random_log("origin", seats, "anim2")
    webp = build_animation("origin", seats, "anim2", {}, log, {"a": "Ann"}, "fr")
    assert len(webp) <= 10 * 1000 * 1000
    with Image.open(io.BytesIO(webp)) as image:
        assert image.format == "WEBP" and 2 < image.n_frames <= FRAME_BUDGET


async def test_the_service_makes_the_replay_of_a_finished_game_only(
    nim: None, db_path: Path
) -> None:
    from bot.frontends.console import console_players, open_table

    async with Store(db_path) as store:
        service = GameService(store, seed_source=lambda: "s", drawer=numbered_drawer)
        info = await open_table(service, "nim", console_players(2, "en"))
        with pytest.raises(ServiceError) as caught:
            await service.boards.animation(info.id, "en")
        assert caught.value.key == "service.replay_not_over"
        while info.status == "running":
            seat = info.to_act[0]
            legal = await service.legal_moves(info.id, seat)
            info = (await service.play(info.id, seat, legal[0].code)).game
        webp = await service.boards.animation(info.id, "en")
        service.close()
    with Image.open(io.BytesIO(webp)) as image:
        assert image.n_frames == info.version + 1
