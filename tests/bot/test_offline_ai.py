"""The offline AI front ends: ``campfire arena``, ``demo --ai``, ``console --ai``."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import ai
from bot.frontends import cli
from bot.frontends.arena import percentile, run_arena
from bot.frontends.demo import run_demo
from bot.frontends.offline_ai import LevelError, parse_levels, parse_seat_levels
from bot.service import GameInfo, GameService, PlayResult
from rules.base import Game, State
from tests.bot.test_console import fake_drawer


def test_arena_rotates_seats_and_shares_wins() -> None:
    result = run_arena("nim", 2, 6, ["greedy", "random"], budget_moves=20)
    stats = result.stats
    assert stats["greedy"].seats == stats["random"].seats == 6
    assert stats["greedy"].wins + stats["random"].wins == pytest.approx(6)
    assert set(result.to_json()["greedy"]) == {
        "win_rate",
        "mean_score",
        "p50_ms",
        "p99_ms",
        "cpu_p50_ms",
        "cpu_p99_ms",
    }


def test_arena_plays_through_the_services_ai_driver(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every decision of an arena game is asked by the service's one AI driver
    (``GameService.advance`` -> ``Robots.turns``), of AI seats named by their level, at
    the seed the service gives it (the game's seed, ``:ai:``, the revision)."""
    advanced: list[int] = []
    real_advance = GameService.advance

    async def counting_advance(
        self: GameService, game: GameInfo, *, after: PlayResult | None = None
    ) -> PlayResult | None:
        advanced.append(game.id)
        return await real_advance(self, game, after=after)

    monkeypatch.setattr(GameService, "advance", counting_advance)
    asked: list[tuple[str, str, str, int]] = []

    def chooser(game: Game, state: State, seat: str, level: str, seed: str) -> str:
        asked.append((seat, level, seed, state.revision))
        return ai.choose(game, state, seat, level, seed)

    result = run_arena("nim", 2, 4, ["greedy", "random"], seed="spy", chooser=chooser)
    assert result.unfinished == 0
    assert sorted(set(advanced)) == [1, 2, 3, 4]  # one table per game, each advanced
    decisions = sum(len(s.times_ms) for s in result.stats.values())
    assert decisions == len(asked) > 4
    for seat, level, seed, revision in asked:
        assert seat.startswith("ai-") and seat.endswith(f"-{level}")
        game_seed, purpose, at = seed.split(":")
        assert game_seed.startswith("spy-") and purpose == "ai" and int(at) == revision
    # the seats rotate: game 0 seats greedy first, game 1 random first
    assert {seed.split(":")[0]: seat for seat, _, seed, _ in asked if seat.startswith("ai-1-")} == {
        "spy-0": "ai-1-greedy",
        "spy-1": "ai-1-random",
        "spy-2": "ai-1-greedy",
        "spy-3": "ai-1-random",
    }


def test_arena_replays_the_same_from_the_same_seed() -> None:
    def run(seed: str) -> tuple[list[str], dict[str, dict[str, float]]]:
        decided: list[str] = []

        def chooser(game: Game, state: State, seat: str, level: str, at: str) -> str:
            decided.append(ai.choose(game, state, seat, level, at))
            return decided[-1]

        result = run_arena("nim", 3, 6, ["random", "greedy"], seed=seed, chooser=chooser)
        rates = {lv: {"wins": s.wins, "score": sum(s.scores)} for lv, s in result.stats.items()}
        return decided, rates

    first, again = run("same"), run("same")
    assert first == again and len(first[0]) > 20


def test_arena_json_is_one_object_keyed_by_level(capsys: pytest.CaptureFixture[str]) -> None:
    assert (
        cli.main(
            ["arena", "nim", "--players", "2", "--games", "4", "--seats", "greedy,random", "--json"]
        )
        == 0
    )
    out = json.loads(capsys.readouterr().out)
    assert set(out) == {"greedy", "random"}
    assert out["greedy"]["win_rate"] + out["random"]["win_rate"] == pytest.approx(1)


def test_arena_refuses_an_unknown_level(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["arena", "nim", "--players", "2", "--games", "1", "--seats", "best"]) == 2
    assert "levels among" in capsys.readouterr().err


def test_percentile_is_the_nearest_rank() -> None:
    assert percentile([], 0.5) == 0.0
    assert percentile([3.0, 1.0, 2.0], 0.5) == 2.0
    assert percentile([float(n) for n in range(1, 101)], 0.99) == 99.0


def test_levels_parse_and_refuse() -> None:
    assert parse_levels("greedy", 3) == ["greedy"] * 3
    assert parse_levels("strong,none", 2) == ["strong", None]
    assert parse_seat_levels(["p2=greedy", "1=random"], 2) == {2: "greedy", 1: "random"}
    for bad in ("greedy,random,strong", "perfect"):
        with pytest.raises(LevelError):
            parse_levels(bad, 2)
    with pytest.raises(LevelError):
        parse_seat_levels(["3=greedy"], 2)


async def test_demo_with_ai_levels_finishes_and_replays_the_same(nim: None, tmp_path: Path) -> None:
    first = await run_demo(
        "nim",
        2,
        "ai1",
        tmp_path / "a",
        drawer=fake_drawer,
        ai_levels=["greedy", "strong"],
        budget_moves=30,
    )
    again = await run_demo(
        "nim",
        2,
        "ai1",
        tmp_path / "b",
        drawer=fake_drawer,
        ai_levels=["greedy", "strong"],
        budget_moves=30,
    )
    assert first.finished and again.finished
    moves = (tmp_path / "a" / "moves.json").read_text("utf-8")
    assert moves == (tmp_path / "b" / "moves.json").read_text("utf-8")


def test_console_with_an_ai_seat_plays_it_by_itself(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    lines = iter(["1"] * 30)
    monkeypatch.setattr(cli, "_read_line", lambda prompt: next(lines, None))
    argv = ["console", "nim", "--players", "2", "--seed", "c1", "--ai", "2=greedy"]
    assert cli.main([*argv, "--out", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert "The game is over: " in out
    assert (
        cli.main(["console", "nim", "--players", "2", "--ai", "1=greedy", "--ai", "2=random"]) == 2
    )
