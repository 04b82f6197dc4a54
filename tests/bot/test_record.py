"""Game records: round trip for every registered game, hand edits refused, secrets kept."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from PIL import Image

from bot.frontends import cli
from bot.frontends.demo import run_demo
from bot.service import GameService
from bot.service.animation import build_animation
from bot.service.record import RecordError, build_record, record_json, record_text
from bot.service.record_check import parse_record, replay_record
from bot.store import Store
from rules import registry
from rules.base import Text
from rules.i18n import translate
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
    from bot.frontends.console import console_players, open_table

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
    options = [line for line in text.splitlines() if line.startswith("Options — ")]
    assert options and "{" not in options[0] and "stones" not in options[0]  # in words
    numbered = [line for line in text.splitlines() if line[:4].strip().isdigit()]
    assert len(numbered) == len(record["moves"])


async def test_a_running_game_keeps_its_seed_and_hidden_moves_secret(
    db_path: Path, tmp_path: Path
) -> None:
    from bot.frontends.console import console_players, open_table

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


# -- records that lie, and records that are not records (issue 26, point 5) ------------


async def _demo_record(tmp_path: Path, rules: str = "origin-junior") -> dict[str, object]:
    await run_demo(rules, 2, "lie1", tmp_path, drawer=fake_drawer)
    return parse_record((tmp_path / "record.json").read_text("utf-8"))


@pytest.mark.parametrize("seed", ["abc", "lie2", "c1"])
async def test_a_record_whose_seed_was_edited_is_refused_at_its_end(
    nim: None, tmp_path: Path, seed: str
) -> None:
    """Another seed deals another game: if its moves still apply, its end differs."""
    record = await _demo_record(tmp_path)
    assert record["status"] == "over" and isinstance(record["revision"], int)
    replay_record(record)  # the record as written replays
    record["seed"] = seed
    with pytest.raises(RecordError) as caught:
        replay_record(record)
    assert caught.value.key in ("record.mismatch", "record.move_refused")


async def test_a_record_whose_totals_or_places_were_edited_names_the_first_difference(
    nim: None, tmp_path: Path
) -> None:
    record = await _demo_record(tmp_path)
    outcome = record["outcome"]
    assert isinstance(outcome, dict)
    first = outcome["ranking"][0][0]
    names = {s["id"]: s["name"] for s in record["seats"]}  # type: ignore[attr-defined]
    inflated = json.loads(record_json(record))
    inflated["outcome"]["scores"][first] += 5
    with pytest.raises(RecordError) as caught:
        replay_record(inflated)
    assert caught.value.key == "record.mismatch"
    line = translate(Text(caught.value.key, caught.value.params), "en")
    assert line.startswith("This record does not replay to the end it states: the total of")
    assert names[first] in line and str(outcome["scores"][first] + 5) in line
    assert "de" in translate(Text(caught.value.key, caught.value.params), "fr")
    reordered = json.loads(record_json(record))
    reordered["outcome"]["ranking"] = list(reversed(reordered["outcome"]["ranking"]))
    if len(reordered["outcome"]["ranking"]) > 1:  # not a tie of everyone
        with pytest.raises(RecordError) as caught:
            replay_record(reordered)
        assert caught.value.params["what"].key == "record.what.place"
    unfinished = json.loads(record_json(record))
    unfinished["moves"].pop()
    unfinished["moves"][-1].pop("label")  # the label check is not what refuses it
    with pytest.raises(RecordError) as caught:
        replay_record(unfinished)
    assert caught.value.params["what"] == Text("record.what.status", {"seat": ""})


async def test_a_record_of_a_game_stopped_before_its_end_carries_its_revision(
    nim: None, tmp_path: Path
) -> None:
    result = await run_demo("origin", 2, "lie3", tmp_path, drawer=fake_drawer, max_moves=12)
    record = parse_record((tmp_path / "record.json").read_text("utf-8"))
    assert record["status"] == result.game.status == "aborted"
    assert record["revision"] == len(record["moves"]) == 12
    replay_record(record)
    behind = dict(record, revision=3)
    with pytest.raises(RecordError) as caught:
        replay_record(behind)
    assert caught.value.params["what"].key == "record.what.revision"
    assert caught.value.params["recorded"] == "3" and caught.value.params["replayed"] == "12"


def _bad_records(good: dict[str, object]) -> dict[str, str]:
    """Each a record file that must be refused with one line: the name says how."""

    def edited(**changes: object) -> str:
        return json.dumps({**good, **changes})

    seats = list(good["seats"])  # type: ignore[call-overload]
    moves = list(good["moves"])  # type: ignore[call-overload]
    return {
        "seed a list": edited(seed=[1, 2]),
        "seed a number": edited(seed=7),
        "seat a number": edited(seats=[5, *seats[1:]]),
        "seat id a list": edited(seats=[{"id": ["x"], "name": "x"}, *seats[1:]]),
        "seat name 20 MB": edited(seats=[{**seats[0], "name": "n" * 20_000_000}, *seats[1:]]),
        "move a string": edited(moves=["take1", *moves[1:]]),
        "move code a number": edited(moves=[{**moves[0], "code": 3}, *moves[1:]]),
        "rules_version 1e400": edited().replace('"rules_version": 1', '"rules_version": 1e400'),
        "rules_version true": edited(rules_version=True),
        "options nested": edited(options={"stones": {"a": [1]}}),
        "NaN": edited().replace('"game_id": ', '"game_id": NaN, "x": '),
        "nested too deep": edited(extra=[]).replace(
            '"extra": []', '"extra": ' + "[" * 100_000 + "]" * 100_000
        ),
        "nested 40 deep": edited(extra=[]).replace(
            '"extra": []', '"extra": ' + "[" * 40 + "]" * 40
        ),
        "not UTF-8": "\udcff",
    }


@pytest.mark.parametrize(
    "case",
    [
        "seed a list",
        "seed a number",
        "seat a number",
        "seat id a list",
        "seat name 20 MB",
        "move a string",
        "move code a number",
        "rules_version 1e400",
        "rules_version true",
        "options nested",
        "NaN",
        "nested too deep",
        "nested 40 deep",
        "not UTF-8",
    ],
)
async def test_a_malformed_record_gets_one_line_and_exit_2(
    nim: None, db_path: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str], case: str
) -> None:
    async with Store(db_path) as store:
        service, game_id = await _finished_nim(store)
        good = json.loads(record_json(await build_record(service, game_id, "en")))
    path = tmp_path / "record.json"
    text = _bad_records(good)[case]
    path.write_bytes(text.encode("utf-8", "surrogateescape"))
    assert cli.main(["replay", str(path), "--out", str(tmp_path / "out")]) == 2
    captured = capsys.readouterr()
    assert captured.err.startswith("campfire: ") and captured.err.count("\n") == 1
    assert "Traceback" not in captured.err and len(captured.err) < 300
    assert not (tmp_path / "out").exists()  # nothing written


def test_a_record_file_larger_than_the_limit_and_an_out_that_is_a_file_are_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from bot.service.record_check import MAX_RECORD_BYTES

    huge = tmp_path / "huge.json"
    huge.write_bytes(b" " * (MAX_RECORD_BYTES + 1))
    assert cli.main(["replay", str(huge), "--out", str(tmp_path / "out")]) == 2
    err = capsys.readouterr().err
    assert "too large" in err and err.count("\n") == 1
    taken = tmp_path / "taken"
    taken.write_text("mine", "utf-8")
    demo = ["demo", "nim", "--players", "2", "--seed", "1", "--ai", "random"]
    assert cli.main([*demo, "--out", str(tmp_path / "d")]) == 0
    capsys.readouterr()
    good = tmp_path / "d" / "record.json"
    assert cli.main(["replay", str(good), "--out", str(taken)]) == 2
    err = capsys.readouterr().err
    assert "cannot write to" in err and err.count("\n") == 1 and "Traceback" not in err
    assert taken.read_text("utf-8") == "mine"


def _refusal(record: dict[str, object]) -> RecordError:
    with pytest.raises(RecordError) as caught:
        replay_record(json.loads(record_json(record)))
    return caught.value


def _line(error: RecordError, lang: str = "en") -> str:
    line = translate(Text(error.key, error.params), lang)
    assert "\n" not in line and "{" not in line
    return line


async def test_a_seat_that_did_not_play_in_the_outcome_is_refused(
    nim: None, tmp_path: Path
) -> None:
    """The issue's probe: an extra seat in ``outcome.scores`` (or in the ranking, or a
    seat ranked twice) was accepted, since only the real seats were compared."""
    record = await _demo_record(tmp_path)
    outcome = record["outcome"]
    assert isinstance(outcome, dict)
    scores = json.loads(record_json(record))
    scores["outcome"]["scores"]["mallory"] = 99
    refused = _refusal(scores)
    assert refused.key == "record.mismatch"
    assert refused.params["what"] == Text("record.what.total", {"seat": "mallory"})
    assert _line(refused).endswith("the total of mallory is 99 in the record but - in the replay.")
    ranked = json.loads(record_json(record))
    ranked["outcome"]["ranking"].append(["mallory"])
    assert _refusal(ranked).params["what"] == Text("record.what.place", {"seat": "mallory"})
    twice = json.loads(record_json(record))
    first = twice["outcome"]["ranking"][0][0]
    twice["outcome"]["ranking"].append([first])
    assert _refusal(twice).params["what"].key == "record.what.place"
    ending = json.loads(record_json(record))
    ending["outcome"]["termination"] = {"key": "game.ended.resign", "params": {}}
    assert _refusal(ending).params["what"].key == "record.what.ending"


async def test_an_edited_revision_of_a_finished_game_is_refused(nim: None, tmp_path: Path) -> None:
    record = await _demo_record(tmp_path)
    assert record["status"] == "over" and record["undos"] == []
    assert record["revision"] == len(record["moves"])  # type: ignore[arg-type]
    for revision in (record["revision"] + 1, record["revision"] + 40, None):  # type: ignore[operator]
        refused = _refusal(dict(record, revision=revision))
        assert refused.params["what"].key == "record.what.revision"
        assert refused.params["replayed"] == str(len(record["moves"]))  # type: ignore[arg-type]
    aborted = await run_demo("origin", 2, "lie3", tmp_path / "a", drawer=fake_drawer, max_moves=12)
    assert aborted.game.status == "aborted"
    stopped = parse_record((tmp_path / "a" / "record.json").read_text("utf-8"))
    assert _refusal(dict(stopped, revision=13)).params["what"].key == "record.what.revision"
    stated = dict(stopped, outcome={"ranking": [[stopped["seats"][0]["id"]]], "scores": {}})  # type: ignore[index]
    assert _refusal(stated).params["what"].key == "record.what.outcome"


async def test_a_record_of_a_game_with_an_undo_states_it_and_replays_its_revision(
    nim: None, db_path: Path
) -> None:
    from bot.frontends.console import console_players, open_table

    async with Store(db_path) as store:
        service = GameService(store, seed_source=lambda: "u1", drawer=fake_drawer)
        info = await open_table(service, "nim", console_players(2, "en"))
        first, second = (
            info.to_act[0],
            [s.user_id for s in info.seats if s.user_id != info.to_act[0]][0],
        )
        await service.play(info.id, first, "take2")
        await service.undos.request(info.id, first)
        done = await service.undos.answer(info.id, second, True)
        assert done.status == "undone"
        info = await service.game(info.id)
        while info.status == "running":
            seat = info.to_act[0]
            legal = await service.legal_moves(info.id, seat)
            info = (await service.play(info.id, seat, legal[0].code)).game
        record = await build_record(service, info.id, "en")
    assert record["undos"] == [1]
    assert record["revision"] == len(record["moves"]) + 2 == info.version
    replay_record(record)
    for undos in ([], [2], [1, 1]):
        assert _refusal(dict(record, undos=undos)).params["what"].key == "record.what.revision"


async def test_edited_notes_names_and_numbers_of_moves_are_refused(
    nim: None, tmp_path: Path
) -> None:
    record = await _demo_record(tmp_path, "origin")
    moves = record["moves"]
    assert isinstance(moves, list)
    noted = next(i for i, m in enumerate(moves) if m["notes"])
    cases = {
        "notes": lambda m: m[noted].update(notes=[*m[noted]["notes"][:-1], "nothing happened"]),
        "notes dropped": lambda m: m[noted].update(notes=[]),
        "notes added": lambda m: m[0].update(notes=[*m[0]["notes"], "a card was drawn"]),
        "name": lambda m: m[1].update(name="Mallory"),
        "seq": lambda m: m[2].update(seq=40),
    }
    for case, edit in cases.items():
        edited = json.loads(record_json(record))
        edit(edited["moves"])
        refused = _refusal(edited)
        assert refused.key == "record.move_differs", case
        what = case.split()[0]
        assert refused.params["what"] == Text(f"record.what.{what}"), case
        index = {"notes": noted, "notes dropped": noted, "notes added": 0, "name": 1, "seq": 2}
        assert refused.params["seq"] == index[case] + 1, case
        assert _line(refused).startswith("This record does not replay as written: the ")
        assert _line(refused, "fr").startswith("Ce relevé ne se rejoue pas tel qu'il est écrit")


async def test_more_hints_than_decisions_are_refused(nim: None, tmp_path: Path) -> None:
    record = await _demo_record(tmp_path)
    seats = record["seats"]
    moves = record["moves"]
    assert isinstance(seats, list) and isinstance(moves, list)
    own = sum(1 for m in moves if m["seat"] == seats[0]["id"])
    at_most = json.loads(record_json(record))
    at_most["seats"][0]["hints"] = own
    replay_record(at_most)  # a hint for every decision the seat took
    edited = json.loads(record_json(record))
    edited["seats"][0]["hints"] = own + 1
    refused = _refusal(edited)
    assert refused.key == "record.hints"
    assert refused.params == {"seat": seats[0]["name"], "count": own + 1, "turns": own}
    assert f"{own + 1} hints for {seats[0]['name']}" in _line(refused)
