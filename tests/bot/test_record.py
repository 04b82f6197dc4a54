"""Game records: round trip for every registered game, hand edits refused, secrets kept."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from PIL import Image

from bot import cli
from bot.animation import build_animation
from bot.demo import run_demo
from bot.record import (
    RecordError,
    build_record,
    parse_record,
    record_json,
    record_text,
    replay_record,
)
from bot.service import GameService
from bot.store import Store
from rules import registry
from tests.bot.test_console import fake_drawer

# Every game shipped in rules/ (the test suites register games of their own).
GAMES = [g for g in registry.ids() if type(registry.get(g)).__module__.startswith("rules.")]


def test_every_shipped_game_is_covered() -> None:
    assert {"origin", "origin-junior", "nim"} <= set(GAMES)


@pytest.mark.parametrize("rules", GAMES)
async def test_record_of_a_demo_replays_to_the_same_end(
    nim: None, rules: str, tmp_path: Path
) -> None:
    spec = registry.get(rules).spec
    result = await run_demo(rules, spec.min_seats, "r1", tmp_path, drawer=fake_drawer)
    record = parse_record((tmp_path / "record.json").read_text("utf-8"))
    assert record["seed"] == "r1" and record["status"] == result.game.status
    assert len(record["moves"]) == result.moves
    replayed = replay_record(record)
    outcome = replayed.game.outcome(replayed.final)
    assert outcome is not None
    assert outcome.to_json() == record["outcome"]
    assert replayed.final.log == [[m["seat"], m["code"]] for m in record["moves"]]


async def _finished_nim(store: Store) -> tuple[GameService, int]:
    service = GameService(store, seed_source=lambda: "n1", drawer=fake_drawer)
    from bot.console import console_players, open_table

    info = await open_table(service, "nim", console_players(2, "en", prefix="bot", kind="bot"))
    while info.status == "running":
        seat = info.to_act[0]
        legal = await service.legal_moves(info.id, seat)
        info = (
            await service.play(info.id, seat, legal[0].code, expected_version=info.version)
        ).game
    return service, info.id


async def test_a_record_edited_by_hand_names_the_first_move_that_does_not_apply(
    nim: None, db_path: Path
) -> None:
    async with Store(db_path) as store:
        service, game_id = await _finished_nim(store)
        record = await build_record(service, game_id, "en")
    assert len(record["moves"]) >= 3
    edited = json.loads(record_json(record))
    edited["moves"][1]["code"] = "zz"
    with pytest.raises(RecordError) as caught:
        replay_record(edited)
    assert caught.value.key == "record.move_refused" and caught.value.params["seq"] == 2
    relabelled = json.loads(record_json(record))
    relabelled["moves"][2]["label"] = "something else"
    with pytest.raises(RecordError) as caught:
        replay_record(relabelled)
    assert caught.value.params["seq"] == 3
    swapped = json.loads(record_json(record))
    swapped["moves"][0]["seat"] = swapped["moves"][1]["seat"]
    with pytest.raises(RecordError) as caught:
        replay_record(swapped)
    assert caught.value.params["seq"] == 1


async def test_the_text_record_has_one_line_per_move(nim: None, db_path: Path) -> None:
    async with Store(db_path) as store:
        service, game_id = await _finished_nim(store)
        record = await build_record(service, game_id, "fr")
    text = record_text(record)
    assert text.startswith("Relevé Campfire : nim")
    numbered = [line for line in text.splitlines() if line[:4].strip().isdigit()]
    assert len(numbered) == len(record["moves"])


async def test_a_running_game_keeps_its_seed_and_hidden_moves_secret(
    db_path: Path, tmp_path: Path
) -> None:
    from bot.console import console_players, open_table

    async with Store(db_path) as store:
        service = GameService(store, seed_source=lambda: "h1", drawer=fake_drawer)
        info = await open_table(service, "origin", console_players(2, "en"))
        for _ in range(6):
            seat = info.to_act[0]
            legal = await service.legal_moves(info.id, seat)
            info = (
                await service.play(info.id, seat, legal[0].code, expected_version=info.version)
            ).game
        record = await build_record(service, info.id, "en")
        history = await service.history(info.id)
    assert record["seed"] is None and record["status"] == "running"
    for entry, move in zip(history, record["moves"], strict=True):
        assert (move["code"] is None) == entry.hidden
    with pytest.raises(RecordError) as caught:
        replay_record(record)
    assert caught.value.key == "record.secret"


def test_replay_command_writes_pictures_and_refuses_edits(
    nim: None, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert (
        cli.main(
            [
                "demo",
                "origin-junior",
                "--players",
                "2",
                "--seed",
                "c1",
                "--out",
                str(tmp_path / "d"),
            ]
        )
        == 0
    )
    capsys.readouterr()
    record = tmp_path / "d" / "record.json"
    assert cli.main(["replay", str(record), "--out", str(tmp_path / "r")]) == 0
    pictures = sorted((tmp_path / "r").glob("turn-*.png"))
    assert pictures and all(p.read_bytes().startswith(b"\x89PNG") for p in pictures)
    assert f"{len(pictures)} pictures" in capsys.readouterr().out
    raw = json.loads(record.read_text("utf-8"))
    raw["moves"][4]["code"] = "nonsense"
    record.write_text(json.dumps(raw), "utf-8")
    assert cli.main(["replay", str(record), "--out", str(tmp_path / "r2")]) == 2
    err = capsys.readouterr().err
    assert "move 5 (nonsense)" in err and "Traceback" not in err
    assert cli.main(["replay", str(tmp_path / "missing.json"), "--out", str(tmp_path)]) == 2


def test_replay_animate_writes_the_animated_webp_the_bot_posts(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    demo = ["demo", "nim", "--players", "2", "--seed", "a1", "--out", str(tmp_path / "d")]
    assert cli.main(demo) == 0
    record = tmp_path / "d" / "record.json"
    capsys.readouterr()
    assert cli.main(["replay", str(record), "--out", str(tmp_path / "r"), "--animate"]) == 0
    written = tmp_path / "r" / "replay.webp"
    assert f"written to {written}" in capsys.readouterr().out
    raw = json.loads(record.read_text("utf-8"))
    log = [(m["seat"], m["code"]) for m in raw["moves"]]
    seats = [s["id"] for s in raw["seats"]]
    names = {s["id"]: s["name"] for s in raw["seats"]}
    posted = build_animation("nim", seats, raw["seed"], raw["options"], log, names, "en")
    assert written.read_bytes() == posted
    with Image.open(written) as image:
        assert image.format == "WEBP" and image.n_frames >= 2
