"""The ``campfire`` script and the demo: files written, clean one-line failures."""

from __future__ import annotations

import json
import sys
import types
from pathlib import Path
from typing import Any

import pytest

from bot.config import ConfigError, Settings, load_settings
from bot.frontends import cli
from bot.frontends.demo import run_demo
from render import registry as render_registry
from rules import registry
from rules.core.option_words import option_name
from tests.bot.test_console import fake_drawer


async def test_demo_plays_nim_and_writes_its_files(nim: None, tmp_path: Path) -> None:
    out = tmp_path / "out"
    result = await run_demo("nim", 3, "s1", out, drawer=fake_drawer)
    assert result.finished and result.game.status == "over"
    assert {p.name for p in result.files} == {
        "scores.json",
        "moves.json",
        "moves.txt",
        "record.json",
    }
    scores = json.loads((out / "scores.json").read_text("utf-8"))
    assert scores["game"] == "nim" and scores["seed"] == "s1"
    (winner,) = scores["outcome"]["ranking"][0]
    assert scores["scores"]["totals"][winner] == 1 and scores["scores"]["final"]
    moves = json.loads((out / "moves.json").read_text("utf-8"))
    assert len(moves) == result.moves == result.game.version
    assert len((out / "moves.txt").read_text("utf-8").splitlines()) == result.moves
    assert len(result.pictures) == result.turns + 1
    assert all(p.exists() and p.read_bytes().startswith(b"\x89PNG") for p in result.pictures)
    assert "Winner: Bot " in result.summary or "Winners: Bot " in result.summary


async def test_demo_is_reproducible_from_its_seed(nim: None, tmp_path: Path) -> None:
    first = await run_demo("nim", 2, "same", tmp_path / "a")
    second = await run_demo("nim", 2, "same", tmp_path / "b")
    assert (tmp_path / "a" / "moves.json").read_text() == (
        tmp_path / "b" / "moves.json"
    ).read_text()
    assert first.moves == second.moves
    assert first.pictures and len(first.pictures) == len(second.pictures)
    assert [p.read_bytes() for p in first.pictures] == [p.read_bytes() for p in second.pictures]


async def test_demo_of_a_game_without_a_renderer_plays_without_pictures(
    nim: None, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delitem(render_registry._GAMES, "nim")
    result = await run_demo("nim", 2, "same", tmp_path)
    assert result.finished and result.pictures == ()
    assert "No board pictures" in result.summary


async def test_demo_gives_up_after_max_moves(nim: None, tmp_path: Path) -> None:
    result = await run_demo("nim", 2, "s", tmp_path, max_moves=2, options={"stones": 30})
    assert not result.finished and result.game.status == "aborted" and result.moves == 2
    assert "Stopped after 2 moves" in result.summary


def test_cli_demo_command(nim: None, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code = cli.main(
        [
            "demo",
            "nim",
            "--players",
            "2",
            "--seed",
            "7",
            "--out",
            str(tmp_path),
            "--lang",
            "fr",
            "--option",
            "stones=5",
        ]
    )
    assert code == 0
    out = capsys.readouterr().out
    assert "Vainqueur : " in out or "Vainqueurs : " in out
    assert (tmp_path / "moves.txt").exists()


def test_cli_console_command(
    nim: None, tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    feed = iter(["scores", "1", "quit"])
    monkeypatch.setattr("builtins.input", lambda prompt: next(feed))
    db = tmp_path / "console.sqlite3"
    code = cli.main(["console", "nim", "--players", "2", "--seed", "x", "--db", str(db)])
    assert code == 0
    out = capsys.readouterr().out
    assert "Scores:" in out and "Player 1 takes 1" in out and str(db) in out


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["console", "chess", "--players", "2"], "There is no game called"),
        (["console", "nim", "--players", "9"], "nim is for 2 to 4 players, not 9"),
        (
            ["demo", "nim", "--players", "2", "--seed", "1", "--out", "x", "--option", "stones"],
            "--option needs NAME=VALUE",
        ),
        (
            ["demo", "nim", "--players", "2", "--seed", "1", "--out", "x", "--option", "size=3"],
            "Unknown option",
        ),
    ],
)
def test_cli_explains_bad_arguments_in_one_line(
    nim: None,
    argv: list[str],
    message: str,
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.chdir(tmp_path)
    assert cli.main(argv) == 2
    err = capsys.readouterr().err
    assert message in err and len(err.strip().splitlines()) == 1


def test_run_without_token_explains_and_exits_2(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.delenv("DISCORD_TOKEN", raising=False)
    (tmp_path / ".env").write_text("DISCORD_TOKEN=\n")
    monkeypatch.chdir(tmp_path)
    assert cli.main(["run"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("campfire: DISCORD_TOKEN is not set") and "Traceback" not in err


def _fake_runner(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, Any]]:
    calls: list[tuple[str, Any]] = []
    runner = types.ModuleType("bot.discord.runner")
    runner.run_bot = lambda settings, shards=None: calls.append(("run", settings))  # type: ignore[attr-defined]

    async def sync_commands(settings: Settings, guild_id: int | None) -> None:
        calls.append(("sync", (settings, guild_id)))

    runner.sync_commands = sync_commands  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "bot.discord.runner", runner)
    return calls


def test_run_and_sync_call_the_discord_runner(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    calls = _fake_runner(monkeypatch)
    env = tmp_path / "bot.env"
    env.write_text("DISCORD_TOKEN=abc\nCAMPFIRE_DB=games.sqlite3\nDEV_GUILD_ID=42\n")
    monkeypatch.delenv("DISCORD_TOKEN", raising=False)
    monkeypatch.delenv("CAMPFIRE_DB", raising=False)
    monkeypatch.delenv("DEV_GUILD_ID", raising=False)
    assert cli.main(["run", "--env", str(env)]) == 0
    assert cli.main(["sync", "--guild", "99", "--env", str(env)]) == 0
    (kind, settings), (sync_kind, (sync_settings, guild)) = calls
    assert kind == "run" and sync_kind == "sync" and guild == 99
    assert settings.token == "abc" and settings.db_path == "games.sqlite3"
    assert settings.dev_guild_id == 42 and sync_settings == settings
    assert "abc" not in repr(settings)


@pytest.mark.parametrize(
    ("failure", "says"),
    [
        (lambda: __import__("discord").LoginFailure("Improper token"), "refused the token"),
        (lambda: OSError("Name or service not known"), "cannot reach Discord"),
    ],
)
def test_run_explains_a_refused_token_or_no_network_in_one_line(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    failure: Any,
    says: str,
) -> None:
    runner = types.ModuleType("bot.discord.runner")

    def run_bot(settings: Settings, shards: object = None) -> None:
        raise failure()

    runner.run_bot = run_bot  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "bot.discord.runner", runner)
    monkeypatch.setenv("DISCORD_TOKEN", "not-a-token")
    monkeypatch.chdir(tmp_path)
    assert cli.main(["run"]) == 1
    err = capsys.readouterr().err
    assert says in err and "Traceback" not in err and len(err.strip().splitlines()) == 1


def test_environment_wins_over_env_file_and_bad_values_are_explained(tmp_path: Path) -> None:
    env = tmp_path / ".env"
    env.write_text("DISCORD_TOKEN=file\nCAMPFIRE_LOG_LEVEL=debug\n")
    settings = load_settings(env, {"DISCORD_TOKEN": "process"})
    assert settings.token == "process" and settings.log_level == "DEBUG"
    assert settings.db_path == "campfire.sqlite3" and settings.dev_guild_id is None
    with pytest.raises(ConfigError, match="DEV_GUILD_ID"):
        load_settings(None, {"DEV_GUILD_ID": "my server"})
    with pytest.raises(ConfigError, match="CAMPFIRE_LOG_LEVEL"):
        load_settings(None, {"CAMPFIRE_LOG_LEVEL": "loud"})


def test_games_lists_every_registered_game(nim: None, capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["games"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert any(line.startswith("nim ") and "2-4 players" in line for line in lines)
    assert any(line.startswith("origin-junior ") for line in lines)


def test_games_lists_each_option_with_its_values_and_default(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert cli.main(["games"]) == 0
    out = capsys.readouterr().out
    assert "    --option stones=3..60  [default: 15]" in out
    assert "        Stones — " in out  # the name a lobby card shows, then what it does
    assert "--option terrains=none|all|great_lake+great_mountain+..." in out
    for game_id in ("origin", "sapiens", "orbis", "tribes"):
        for option in registry.get(game_id).spec.options:
            assert f"--option {option.name}=" in out
    assert cli.main(["games", "--lang", "fr"]) == 0
    french = capsys.readouterr().out
    assert "2-4 joueurs" in french and "[par défaut : 15]" in french
    assert "        Pierres — " in french and "        Anciens — " in french
    assert "games." not in french and "option." not in french


def test_games_json_names_every_option_of_every_game(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["games", "--json"]) == 0
    listed = {entry["id"]: entry for entry in json.loads(capsys.readouterr().out)}
    assert set(registry.ids()) <= set(listed)
    for game_id in registry.ids():
        spec = registry.get(game_id).spec
        entry = listed[game_id]
        assert (entry["min_players"], entry["max_players"]) == (spec.min_seats, spec.max_seats)
        by_name = {option["name"]: option for option in entry["options"]}
        assert set(by_name) == {option.name for option in spec.options}
        for option in spec.options:
            assert spec.validate_options({option.name: by_name[option.name]["default"]})
            assert by_name[option.name]["description"] != "option.none"
            if game_id != "wide":  # the test game keeps no catalogue
                assert by_name[option.name]["label"] == option_name(option, "en") != option.name
    assert listed["nim"]["options"][0] == {
        "name": "stones",
        "label": "Stones",
        "default": 15,
        "values": "3..60",
        "description": listed["nim"]["options"][0]["description"],
        "minimum": 3,
        "maximum": 60,
    }


def test_demo_plays_greedy_seats_unless_told_otherwise(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    seen: list[object] = []

    async def fake_demo(*args: object, **kwargs: object) -> object:
        seen.append(kwargs["ai_levels"])
        raise KeyboardInterrupt  # stop here: the levels are what this test is about

    monkeypatch.setattr("bot.frontends.demo.run_demo", fake_demo)
    base = ["demo", "nim", "--players", "3", "--seed", "1", "--out", str(tmp_path)]
    cli.main(base)
    cli.main([*base, "--ai", "random"])
    cli.main([*base, "--ai", "none,strong,none"])
    assert seen == [
        ["greedy", "greedy", "greedy"],
        ["random", "random", "random"],
        [None, "strong", None],
    ]


@pytest.mark.parametrize("command", ["demo", "console", "replay"])
def test_an_out_folder_that_cannot_be_written_is_one_clear_line(
    command: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    record = tmp_path / "d" / "record.json"
    if command == "replay":
        demo = ["demo", "nim", "--players", "2", "--seed", "1", "--out", str(tmp_path / "d")]
        assert cli.main([*demo, "--ai", "random"]) == 0
        capsys.readouterr()
    argv = {
        "demo": ["demo", "nim", "--players", "2", "--seed", "1"],
        "console": ["console", "nim", "--players", "2"],
        "replay": ["replay", str(record)],
    }[command]
    for out, lang, said in [
        (blocker, "en", f"campfire: cannot write to {blocker}: "),
        (blocker / "inside", "fr", f"campfire: impossible d'écrire dans {blocker / 'inside'} : "),
    ]:
        lang_args = [] if command == "replay" and lang == "en" else ["--lang", lang]
        assert cli.main([*argv, "--out", str(out), *lang_args]) == 2
        err = capsys.readouterr().err
        assert err.startswith(said) and len(err.strip().splitlines()) == 1, err


def test_pictures_are_drawn_in_threads_unless_processes_are_asked_for() -> None:
    """``CAMPFIRE_RENDER`` (issue 26 point 7: threads keep the whole process tree under
    300 MB under the load benchmark; render processes do not)."""
    assert load_settings(None, {}).render == "threads"
    assert load_settings(None, {"CAMPFIRE_RENDER": "Processes"}).render == "processes"
    with pytest.raises(ConfigError, match="CAMPFIRE_RENDER"):
        load_settings(None, {"CAMPFIRE_RENDER": "gpu"})


async def test_demo_writes_the_board_in_words_beside_each_picture(
    nim: None, tmp_path: Path
) -> None:
    out = tmp_path / "out"
    result = await run_demo("nim", 2, "words", out, drawer=fake_drawer, lang="fr")
    texts = sorted(out.glob("turn-*.txt"))
    assert [t.with_suffix(".png") for t in texts] == list(result.pictures)
    first, last = texts[0].read_text("utf-8"), texts[-1].read_text("utf-8")
    assert first.startswith("Nim · Coup 0. À jouer : Robot ")
    assert last.startswith("Nim · Partie terminée. Victoire : Robot ")
    assert "Pierres prises :" in last


def test_games_shows_switches_as_yes_no(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["games"]) == 0
    out = capsys.readouterr().out
    assert "--option bear_on_cave=yes|no  [default: no]" in out
    assert "--option gathering_optional=yes|no  [default: yes]" in out
    assert "true|false" not in out


@pytest.mark.parametrize(
    ("typed", "expected"),
    [
        (["bear_on_cave=yes", "gathering_optional=no"], (True, False)),
        (["bear_on_cave=oui", "cueillette_optional=non"], (True, False)),
        (["bear_on_cave=true", "cueillette_optional=false"], (True, False)),
        (["bear_on_cave=NO"], (False, True)),
    ],
)
def test_command_line_options_read_as_discord_reads_them(
    typed: list[str], expected: tuple[bool, bool]
) -> None:
    """The command line and ``/campfire new`` read option values alike (yes/no,
    true/false, oui/non), and a former option name still works."""
    from bot.discord.options import parse_options as discord_options

    spec = registry.get("sapiens").spec
    command_line = spec.validate_options(cli.parse_options(typed, "sapiens"))
    in_discord = spec.validate_options(discord_options("sapiens", " ".join(typed)))
    assert command_line == in_discord
    assert (command_line["bear_on_cave"], command_line["gathering_optional"]) == expected
