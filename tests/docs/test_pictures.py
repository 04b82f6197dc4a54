"""The pictures of the docs are the renderers' pictures now: each game picture under
``docs/img/games/`` and the README's turn message equal, within a small tolerance, what
``python -m scripts.docs_pictures`` makes from its seeded games. After a renderer
change, run that script and look at the pictures before committing."""

from __future__ import annotations

import asyncio
import re
from pathlib import Path

import pytest

from scripts.docs_pictures import (
    GAMES,
    IMG,
    Shot,
    game_pictures,
    game_view,
    readme_pictures,
    stale,
)

DOCS = Path(__file__).resolve().parents[2] / "docs"


@pytest.fixture(scope="module")
def views() -> dict[Shot, dict[str, object]]:
    """Each docs game played once for the module's tests."""
    return {shot: game_view(shot) for shot in GAMES}


def test_every_game_picture_of_the_docs_is_made_by_the_script(
    views: dict[Shot, dict[str, object]],
) -> None:
    pictures = game_pictures(views)
    assert {p.name for p in pictures} == {p.name for p in (IMG / "games").glob("*.png")}
    assert stale(pictures) == [], "run: .venv/bin/python -m scripts.docs_pictures"


def test_the_readme_turn_message_is_made_by_the_script() -> None:
    pictures = asyncio.run(readme_pictures())
    assert stale(pictures) == [], "run: .venv/bin/python -m scripts.docs_pictures"


def ordinal(n: int) -> str:
    return f"{n}{'th' if 10 <= n % 100 <= 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th')}"


def test_each_game_page_describes_its_picture_at_the_right_round(
    views: dict[Shot, dict[str, object]],
) -> None:
    for shot in GAMES:
        view = views[shot]
        if view.get("round") is None:
            continue
        n = int(str(view["round"]))
        for page, words in (
            (DOCS / "players" / f"{shot.rules}.md", f"in the {ordinal(n)} round"),
            (DOCS / "fr" / "players" / f"{shot.rules}.md", f"à la {n}e manche"),
        ):
            alt = re.search(r"!\[([^\]]*)\]\([./]*img/games/", page.read_text(encoding="utf-8"))
            assert alt is not None and words in alt.group(1), (page.name, words)
