"""Make every picture under ``docs/img/`` from seeded games, so that the docs show what the
renderers draw now (a test, ``tests/docs/test_pictures.py``, fails when a picture there
differs from what this script makes).

What it makes, from the repository root::

    .venv/bin/python -m scripts.docs_pictures            # docs/img/games/ and the turn message
    .venv/bin/python -m scripts.docs_pictures --web      # ... and docs/img/web/ (needs Chromium)
    .venv/bin/python -m scripts.docs_pictures --check    # compare only; exit 1 on a difference

- ``docs/img/games/<game>.png`` and ``<game>-fr.png``: each game's board at a fixed move
  of a seeded three-player game of the greedy AI (``GAMES``), in English and French;
- ``docs/img/turn-message.png``: the README's turn message, drawn as Discord shows it
  (``scripts.render_turn_message``);
- with ``--web``, ``docs/img/web/*.png``: the web companion photographed in the machine's
  Chromium (``scripts.web_screenshots``). A browser's screenshots are not compared by
  the test (fonts differ between machines): they are made on purpose, by this step.
"""

from __future__ import annotations

import argparse
import asyncio
import io
import logging
import sys
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from PIL import Image, ImageChops, ImageStat

from ai import choose
from campfire_testing.random_games import seats_for
from render.registry import draw
from rules import registry

log = logging.getLogger("campfire.scripts.docs_pictures")

ROOT = Path(__file__).resolve().parent.parent
IMG = ROOT / "docs" / "img"
NAMES = {"p0": "Ann", "p1": "Bob", "p2": "Chloé"}
TOLERANCE = 1.0
"""Mean difference per channel (0-255) under which a picture is the same (as the golden
pictures' tests allow for anti-aliasing between Pillow builds)."""


@dataclass(frozen=True)
class Shot:
    """One game picture: a seeded three-player game of ``rules`` after ``moves`` moves
    (decisions, as the log counts them)."""

    rules: str
    seed: int
    moves: int


GAMES = (
    Shot("nim", 1, 4),
    Shot("origin-junior", 1, 60),
    Shot("origin", 1, 110),
    Shot("sapiens", 1, 90),
    Shot("orbis", 1, 70),
    Shot("tribes", 1, 90),
)


def game_view(shot: Shot) -> dict[str, object]:
    """The public view of ``shot``'s game after its moves (fewer if it ends before),
    every seat played by the ``greedy`` AI (as ``campfire demo`` plays by default, so the
    picture shows a game as people play it)."""
    game = registry.get(shot.rules)
    state = game.setup(seats_for(3), str(shot.seed), {})
    for n in range(shot.moves):
        acting = game.to_act(state)
        if not acting:
            break
        seat = min(acting)
        state = game.apply(state, seat, choose(game, state, seat, "greedy", f"docs-{n}"))
    return dict(game.view(state, None))


def game_pictures(views: Mapping[Shot, dict[str, object]] | None = None) -> dict[Path, bytes]:
    """Every game's docs picture, in English and French, by path (from ``views`` when
    given, by shot, else from the games played again)."""
    pictures = {}
    for shot in GAMES:
        view = views[shot] if views is not None else game_view(shot)
        for lang, suffix in (("en", ""), ("fr", "-fr")):
            path = IMG / "games" / f"{shot.rules}{suffix}.png"
            pictures[path] = draw(shot.rules, view, lang=lang, names=NAMES)
    return pictures


async def readme_pictures() -> dict[Path, bytes]:
    """The README's turn message."""
    import tempfile

    from scripts import render_turn_message as turn

    with tempfile.TemporaryDirectory(prefix="campfire-docs-") as scratch:
        written = await turn.write_pictures(Path(scratch), moves=6)
        return {IMG / path.name: path.read_bytes() for path in written}


def difference(a: bytes, b: bytes) -> float | None:
    """Mean difference per channel of two PNGs (``None``: not the same size)."""
    one = Image.open(io.BytesIO(a)).convert("RGB")
    two = Image.open(io.BytesIO(b)).convert("RGB")
    if one.size != two.size:
        return None
    return sum(ImageStat.Stat(ImageChops.difference(one, two)).mean) / 3


def stale(pictures: dict[Path, bytes]) -> list[str]:
    """The pictures whose stored file differs from what is made now, with how."""
    problems = []
    for path, data in pictures.items():
        if not path.exists():
            problems.append(f"{path.relative_to(ROOT)}: missing")
            continue
        value = difference(path.read_bytes(), data)
        if value is None or value > TOLERANCE:
            shown = "another size" if value is None else f"mean difference {value:.2f}"
            problems.append(f"{path.relative_to(ROOT)}: {shown}")
    return problems


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--web", action="store_true", help="also the web companion (Chromium)")
    parser.add_argument("--check", action="store_true", help="compare only; exit 1 if stale")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.WARNING, format="%(message)s")
    log.setLevel(logging.INFO)
    pictures = game_pictures()
    pictures.update(asyncio.run(readme_pictures()))
    if args.check:
        problems = stale(pictures)
        for line in problems:
            log.error("%s", line)
        return 1 if problems else 0
    for path, data in pictures.items():
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)
        log.info("wrote %s (%d KB)", path.relative_to(ROOT), len(data) // 1024)
    if args.web:
        from campfire_testing.chromium import missing_reason
        from scripts import web_screenshots

        reason = missing_reason()
        if reason is not None:
            log.error("web pictures not made: %s", reason)
            return 1
        for path in asyncio.run(web_screenshots.shoot(IMG / "web")):
            log.info("wrote %s", path.relative_to(ROOT))
    return 0


if __name__ == "__main__":
    sys.exit(main())
