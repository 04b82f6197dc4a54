"""The hot-seat console, driven by scripted input through the real service."""

from __future__ import annotations

import io
import re
import subprocess
import sys
from pathlib import Path

import pytest
from PIL import Image

from bot.console import ConsoleSession, console_players, open_table, parse_number
from bot.service import GameService
from bot.store import Store
from render import registry as render_registry
from rules.base import Text
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
    assert "The game is over." in text
    assert "1. " in text and "The game ended normally." in text
    assert prompts[0] in ("Player 1> ", "Player 2> ")
    pictures = sorted((tmp_path / "pictures").glob("*.png"))
    info = await session.service.game(session.game_id)
    assert len(pictures) == info.version + 1  # the start and after every move
    assert "Board picture: " in text and str(pictures[0]) in text


async def test_console_commands_and_errors_in_french(
    store: Store, nim: None, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delitem(render_registry._RENDERERS, "nim")  # a game with no picture
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
    assert f"La partie n°{session.game_id} est enregistrée" in text
    info = await session.service.game(session.game_id)
    assert info.version == 1 and info.status == "running"
    # no renderer: no picture, no error
    assert not (tmp_path / "pictures").exists()


async def test_console_stops_at_end_of_input(store: Store, nim: None, tmp_path: Path) -> None:
    session, _, output = await _session(store, tmp_path, [])
    assert await session.run() == 0
    assert "is saved in" in output[-1]


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
            "bot.cli",
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
    assert "Move 3: Player" in run.stdout
    assert translate(Text("move.unreadable", {"text": "nonsense words"}), "en") in run.stdout
    assert "Scores:" in run.stdout and f"is saved in {db}" in run.stdout
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
