"""The hot-seat console, driven by scripted input through the real service."""

from __future__ import annotations

import io
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from PIL import Image

from bot.frontends.console import (
    ConsoleSession,
    ai_seats_of,
    console_players,
    console_seats,
    final_lines,
    open_table,
    parse_number,
)
from bot.service import GameService
from bot.store import Store
from render import registry as render_registry
from rules.base import Outcome, ScoreSheet, Text
from rules.i18n import translate
from tests.bot.conftest import FakeClock, seeds


def fake_drawer(rules: str, view: object, *, lang: str, names: object) -> bytes:
    buffer = io.BytesIO()
    Image.new("RGB", (8, 8), "white").save(buffer, "PNG")
    return buffer.getvalue()


async def _session(
    store: Store, tmp_path: Path, lines: list[str], lang: str = "en", drawer: object = None
) -> tuple[ConsoleSession, list[str], list[str]]:
    service = GameService(store, seed_source=seeds(), clock=FakeClock(), drawer=drawer)  # type: ignore[arg-type]
    info = await open_table(service, "nim", console_players(2, lang), options={"stones": 4})
    feed = iter(lines)
    prompts: list[str] = []
    output: list[str] = []

    def read(prompt: str) -> str | None:
        prompts.append(prompt)
        return next(feed, None)

    session = ConsoleSession(service, info.id, lang, tmp_path / "pictures", read, output.append)
    return session, prompts, output


async def test_console_plays_a_whole_game_by_numbers(
    store: Store, nim: None, tmp_path: Path
) -> None:
    session, prompts, output = await _session(store, tmp_path, ["1"] * 20, drawer=fake_drawer)
    assert await session.run() == 0
    text = "\n".join(output)
    info = await session.service.game(session.game_id)
    outcome = await session.service.outcome(session.game_id)
    assert outcome is not None
    winner = info.name_of(outcome.winners[0])
    # the end: the winner and the reason once, then each final place once
    assert f"The game is over: {winner} wins. The last stone is taken." in text
    assert text.count("wins.") == 1 and text.count("The last stone") == 1
    assert text.count(f"1. {winner}: 1  (Win 1)") == 1 and "Scores:" not in text
    assert "The game ended normally." not in text
    assert prompts[0] in ("Player 1> ", "Player 2> ")
    pictures = sorted((tmp_path / "pictures").glob("*.png"))
    assert len(pictures) == info.version + 1  # the start and after every move
    assert "Board picture: " in text and str(pictures[0]) in text


async def test_console_commands_and_errors_in_french(
    store: Store, nim: None, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delitem(render_registry._GAMES, "nim")  # a game with no picture
    lines = [
        "aide",
        "9",
        "n'importe quoi",
        "take7",
        "scores",
        "main",
        "historique",
        "2",
        "coups",
        "historique",
        "quitter",
    ]
    session, _, output = await _session(store, tmp_path, lines, lang="fr")
    assert await session.run() == 0
    text = "\n".join(output)
    assert "Commandes : aide" in text
    assert "Il n'y a pas de choix 9 : choisissez entre 1 et 3." in text
    assert "Je ne" in text or "n'importe quoi" in text
    assert "Aucun coup pour l'instant." in text
    assert translate("nim.summary", "fr") in text and translate("nim.tips", "fr") in text
    assert "Ce que Joueur" in text and "Vos pierres" in text  # Nim's own section
    assert "Pierres que vous avez prises : 0" in text and "Rien de caché" not in text
    assert re.search(r"^Joueur \d prend 2$", text, re.M)  # the table's words, not "a joué :"
    assert f"La partie n°{session.game_id} s'arrête là, inachevée." in text
    assert "/campfire" not in text and "Jouer" not in text  # the console's own help
    info = await session.service.game(session.game_id)
    assert info.version == 1 and info.status == "running"
    # no renderer: no picture, no error
    assert not (tmp_path / "pictures").exists()


async def test_console_stops_at_end_of_input(store: Store, nim: None, tmp_path: Path) -> None:
    session, _, output = await _session(store, tmp_path, [])
    assert await session.run() == 0
    assert output[-1] == f"Game #{session.game_id} stops here, unfinished."


def test_parse_number() -> None:
    assert parse_number("3") == 3
    assert parse_number(" 12 ") == 12
    assert parse_number("take3") is None
    assert parse_number("") is None


def test_campfire_console_reads_its_moves_from_stdin(tmp_path: Path) -> None:
    db = tmp_path / "table.sqlite3"
    run = subprocess.run(
        [
            sys.executable,
            "-m",
            "bot.frontends.cli",
            "console",
            "origin-junior",
            "--players",
            "2",
            "--seed",
            "9",
            "--db",
            str(db),
            "--out",
            str(tmp_path / "boards"),
        ],
        input="1\n1\nnonsense words\nscores\nquit\n",
        capture_output=True,
        text=True,
        timeout=120,
        cwd=Path(__file__).resolve().parents[2],
    )
    assert run.returncode == 0, run.stderr
    assert "Move 2: Player" in run.stdout
    assert translate(Text("move.unreadable", {"text": "nonsense words"}), "en") in run.stdout
    assert "Scores:" in run.stdout
    assert f"Game #1 is kept. To go on with it: campfire console --resume --db {db} 1" in run.stdout
    assert "Traceback" not in run.stderr


@pytest.mark.parametrize(
    ("lang", "word", "expected"),
    [
        ("en", "look", "Nim · Move 0. To play: Player "),
        ("en", "board  --TEXT", "Nim · Move 0. To play: Player "),
        ("fr", "regarder", "Nim · Coup 0. À jouer : Joueur "),
    ],
)
async def test_look_prints_the_board_in_words(
    store: Store, nim: None, tmp_path: Path, lang: str, word: str, expected: str
) -> None:
    session, _, output = await _session(store, tmp_path, [word], lang=lang)
    assert await session.run() == 0  # quits at the end of its input
    text = "\n".join(output)
    assert expected in text
    assert ("Stones taken:" if lang == "en" else "Pierres prises :") in text


async def test_the_prompt_numbers_moves_as_look_does(
    store: Store, nim: None, tmp_path: Path
) -> None:
    session, _, output = await _session(store, tmp_path, ["look", "1", "look"])
    assert await session.run() == 0
    text = "\n".join(output)
    assert "Move 0: Player " in text and "Nim · Move 0. To play: Player " in text
    assert "Move 1: Player " in text and "Nim · Move 1. To play: Player " in text
    assert "Move 2:" not in text


@pytest.mark.parametrize(
    ("lang", "people", "robots"),
    [
        (
            "en",
            "At this keyboard, in turn: Player 1 and Player 3.",
            "Played by the AI: Player 2 (greedy).",
        ),
        (
            "fr",
            "Sur ce clavier, chacun son tour : Joueur 1 et Joueur 3.",
            "Joué par l'IA : Joueur 2 (glouton).",
        ),
    ],
)
async def test_the_start_says_which_seats_are_at_the_keyboard(
    store: Store, nim: None, tmp_path: Path, lang: str, people: str, robots: str
) -> None:
    service = GameService(store, seed_source=seeds(), clock=FakeClock())
    info = await open_table(service, "nim", console_seats(3, lang, {2: "greedy"}))
    assert ai_seats_of(info) == {"p2-greedy": "greedy"}
    session = ConsoleSession(
        service,
        info.id,
        lang,
        tmp_path,
        lambda _: None,
        (out := []).append,
        ai_seats=ai_seats_of(info),
    )
    assert await session.run() == 0
    assert out[1:3] == [people, robots]
    assert out[0] == translate("console.welcome", lang, game=info.id, name="Nim")
    assert out[3] == translate("console.options", lang, options="@options.standard")


@pytest.mark.parametrize(
    ("lang", "said"), [("en", "Options — Stones: 4."), ("fr", "Options — Pierres : 4.")]
)
async def test_the_start_says_the_options_in_words(
    store: Store, nim: None, tmp_path: Path, lang: str, said: str
) -> None:
    session, _, output = await _session(store, tmp_path, ["quit"], lang=lang)
    await session.run()
    assert said in output and not any("stones=" in line for line in output)


@pytest.mark.parametrize(
    ("lang", "ranking", "first"),
    [
        ("en", (("p1",), ("p2",)), "The game is over: Ann wins. The last stone is taken."),
        (
            "en",
            (("p1", "p2"),),
            "The game is over: Ann and Bob share the win. The last stone is taken.",
        ),
        (
            "fr",
            (("p1", "p2"),),
            "La partie est terminée : Ann et Bob se partagent la victoire."
            " La dernière pierre est prise.",
        ),
    ],
)
def test_the_end_names_the_winners_and_the_reason_once(
    nim: None, lang: str, ranking: tuple[tuple[str, ...], ...], first: str
) -> None:
    outcome = Outcome(ranking, {"p1": 1, "p2": 1 if len(ranking) == 1 else 0}, Text("nim.end.last"))
    sheet = ScoreSheet(("nim.win",), {"p1": {"nim.win": 1}, "p2": {}})
    lines = final_lines(outcome, sheet, {"p1": "Ann", "p2": "Bob"}, lang)
    assert lines[0] == first
    win = translate("nim.win", lang)
    sep = " : " if lang == "fr" else ": "
    assert lines[1] == f"  1. Ann{sep}1  ({win} 1)"
    assert lines[2].startswith("  1. Bob" if len(ranking) == 1 else "  2. Bob")
    assert len(lines) == 3


def _campfire(args: list[str], stdin: str, home: Path) -> subprocess.CompletedProcess[str]:
    """``campfire`` in a process of its own, with ``home`` as the user's home and its
    temporary files under ``home/tmp``."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("CAMPFIRE_", "XDG_"))}
    env["HOME"] = str(home)
    env["TMPDIR"] = str(home / "tmp")
    (home / "tmp").mkdir(exist_ok=True)
    return subprocess.run(
        [sys.executable, "-m", "bot.frontends.cli", *args],
        input=stdin,
        capture_output=True,
        text=True,
        timeout=120,
        cwd=Path(__file__).resolve().parents[2],
        env=env,
    )


@pytest.mark.parametrize(
    ("lang", "kept", "goes_on", "won"),
    [
        (
            "en",
            "Game #1 is kept. To go on with it: campfire console --resume 1",
            "Game #1 of Nim goes on after move {n}.\nAt this keyboard: Player 1.",
            "The game is over: ",
        ),
        (
            "fr",
            "La partie n°1 est gardée. Pour la reprendre : campfire console --resume 1",
            "La partie n°1 de Nim reprend après le coup {n}.\nSur ce clavier : Joueur 1.",
            "La partie est terminée : ",
        ),
    ],
)
def test_quit_then_resume_continues_the_game_and_cleans_up(
    tmp_path: Path, lang: str, kept: str, goes_on: str, won: str
) -> None:
    start = ["console", "nim", "--players", "2", "--seed", "4", "--ai", "2=greedy", "--lang", lang]
    first = _campfire(start, "1\nquit\n", tmp_path)
    assert first.returncode == 0, first.stderr
    assert kept in first.stdout
    db = tmp_path / ".local" / "share" / "campfire" / "console.sqlite3"
    assert db.is_file()  # the user's data folder keeps the game
    assert list((tmp_path / "tmp").iterdir()) == []  # the pictures' folder is gone
    second = _campfire(["console", "--resume", "--lang", lang], "1\n" * 30, tmp_path)
    assert second.returncode == 0, second.stderr
    took = r"(Player|Joueur) \d (takes|prend) \d$"  # Nim's table line of a move
    played = len(re.findall(took, first.stdout, re.M))
    assert played in (2, 3)  # one move at the keyboard, and the AI's around it
    assert second.stdout.startswith(goes_on.format(n=played))
    assert won in second.stdout and "Traceback" not in second.stderr
    assert list((tmp_path / "tmp").iterdir()) == []
    again = _campfire(["console", "--resume", "--lang", lang], "", tmp_path)
    assert again.returncode == 2
    expected = translate("console.nothing_to_resume", lang, path=str(db))
    assert again.stderr.strip() == f"campfire: {expected}"


def test_resume_refuses_what_only_a_new_game_takes(tmp_path: Path) -> None:
    run = _campfire(["console", "--resume", "--players", "2"], "", tmp_path)
    assert run.returncode == 2
    assert (
        run.stderr.strip() == "campfire: --resume continues a stored game: --players does not apply"
    )
    run = _campfire(["console"], "", tmp_path)
    assert run.returncode == 2 and "needs GAME and --players" in run.stderr
