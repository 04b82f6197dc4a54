"""The offline AI front ends: ``campfire arena``, ``demo --ai``, ``console --ai``."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bot.frontends import cli
from bot.frontends.arena import percentile, run_arena
from bot.frontends.demo import run_demo
from bot.frontends.offline_ai import LevelError, parse_levels, parse_seat_levels
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
