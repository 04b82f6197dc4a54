"""One name per game in each language: the docs' menu and each game page's title say the
name the game gives itself (``spec.name``), English in English, French in French."""

from __future__ import annotations

from pathlib import Path

import pytest

from rules import registry
from rules.core.option_words import option_name
from rules.i18n import translate

ROOT = Path(__file__).resolve().parents[2]
GAMES = ("origin-junior", "origin", "sapiens", "orbis", "tribes", "nim")
PAGES = {"en": "players", "fr": "fr/players"}
OTHER = {"en": "fr", "fr": "en"}


def menu_entries() -> dict[str, str]:
    """The docs menu's page -> label (``mkdocs.yml``'s ``nav``, read as plain lines)."""
    found = {}
    for line in (ROOT / "mkdocs.yml").read_text(encoding="utf-8").splitlines():
        label, sep, page = line.strip().removeprefix("- ").rpartition(": ")
        if sep and page.endswith(".md"):
            found[page] = label.strip('"')
    return found


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("game", GAMES)
def test_menu_and_title_say_the_games_name(game: str, lang: str) -> None:
    name = translate(registry.get(game).spec.name, lang)
    page = f"{PAGES[lang]}/{game}.md"
    assert menu_entries()[page] == name
    title = (ROOT / "docs" / page).read_text(encoding="utf-8").splitlines()[0]
    assert title == f"# {name}"


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_players_pages_name_the_games_in_their_language(lang: str) -> None:
    """A players' page names a game the other language's way only to say it is its
    name there (``Its French name: *L'Aube des Tribus*``), in italics."""
    foreign = {
        translate(registry.get(g).spec.name, OTHER[lang])
        for g in GAMES
        if translate(registry.get(g).spec.name, OTHER[lang])
        != translate(registry.get(g).spec.name, lang)
    }
    for page in sorted((ROOT / "docs" / PAGES[lang]).glob("*.md")):
        text = page.read_text(encoding="utf-8")
        for name in foreign:
            bare = text.replace(f"*{name}*", "")
            assert name not in bare, f"{page.name} names {name!r}"


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("game", GAMES)
def test_each_option_row_says_the_name_the_lobby_card_shows(game: str, lang: str) -> None:
    """A game page's options table lists every option of the game, each with the short
    name the lobby card writes in that language (``rules.core.option_words``)."""
    spec = registry.get(game).spec
    text = (ROOT / "docs" / PAGES[lang] / f"{game}.md").read_text(encoding="utf-8")
    rows = {}
    for line in text.splitlines():
        cells = [c.strip() for c in line.strip("|").split("|")]
        if line.startswith("| `") and len(cells) == 4:
            rows[cells[0].strip("`")] = cells[3]
    assert rows == {o.name: option_name(o, lang) for o in spec.options}
