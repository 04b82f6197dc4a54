"""The player pages' command reference agrees with the command tree Discord receives.

The tree is the JSON ``campfire sync --print`` writes (``bot.discord.runner.command_payload``,
the function the CLI calls). ``docs/players/commands.md`` and its French twin
``docs/fr/players/commands.md`` give each subcommand a heading and each option a table row:

    ### `/campfire new` — `nouvelle`             (French page: `/campfire nouvelle` — `new`)
    | `rules` | `jeu` | ... |                    (French page: | `jeu` | `rules` | ... |)

the page's own language first, the other language second. A subcommand or option missing
from a page, or named on a page without existing, fails. On every player page, each
``/campfire NAME`` must be a subcommand in the page's language, and each ``name:value``
written after it in the same code span an option of that subcommand.

Each game page (``docs/players/<game id>.md`` and its French twin) has a ``## Options``
table that names every option of the game (``GameSpec.options``) and no other, its
default value first, then every other value it takes.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from bot.discord.runner import command_payload
from rules import registry
from tests.wide import WIDE

DOCS = Path(__file__).resolve().parents[2] / "docs"
PAGES = {"en": DOCS / "players", "fr": DOCS / "fr" / "players"}
OTHER = {"en": "fr", "fr": "en"}

HEADING = re.compile(r"^### `/campfire ([^`\s]+(?: [^`\s]+)?)` — `([^`\s]+(?: [^`\s]+)?)`\s*$")
OPTION_ROW = re.compile(r"^\| `([^`\s]+)` \| `([^`\s]+)` \|")
MENTION = re.compile(r"/campfire\s+([^\W\d]\w*)(?:\s+([^\W\d]\w*))?")
CODE_SPAN = re.compile(r"`([^`\n]+)`")
OPTION_VALUE = re.compile(r"(?:^|\s)([^\W\dA-Z]\w*):")


@dataclass(frozen=True)
class Option:
    names: dict[str, str]  # language -> name


@dataclass(frozen=True)
class Subcommand:
    names: dict[str, str]
    options: tuple[Option, ...]

    def option_names(self, lang: str) -> set[str]:
        return {o.names[lang] for o in self.options}


def _names(node: dict[str, Any]) -> dict[str, str]:
    localised = node.get("name_localizations") or {}
    return {"en": node["name"], "fr": localised.get("fr", node["name"])}


@pytest.fixture(scope="module")
def tree() -> list[Subcommand]:
    """The ``/campfire`` subcommands with their options, both languages."""
    (group,) = command_payload()
    assert group["name"] == "campfire"
    subcommands = []
    for sub in group["options"]:
        if sub["type"] == 2:  # a nested group: each of its subcommands, named "group sub"
            outer = _names(sub)
            for inner in sub.get("options") or []:
                assert inner["type"] == 1, f"{inner['name']} is not a plain subcommand"
                names = {lang: f"{outer[lang]} {name}" for lang, name in _names(inner).items()}
                options = tuple(Option(_names(o)) for o in inner.get("options") or [])
                subcommands.append(Subcommand(names, options))
            subcommands.append(Subcommand(outer, ()))  # named alone in prose, no heading
            continue
        assert sub["type"] == 1, f"{sub['name']} is not a plain subcommand (the page needs one)"
        options = tuple(Option(_names(o)) for o in sub.get("options") or [])
        subcommands.append(Subcommand(_names(sub), options))
    return subcommands


def _headed(tree: list[Subcommand]) -> list[Subcommand]:
    """The subcommands with a heading of their own (a nested group's name alone has none)."""
    nested = {s.names["en"].split(" ")[0] for s in tree if " " in s.names["en"]}
    return [s for s in tree if s.names["en"] not in nested]


def _sections(lang: str) -> dict[tuple[str, str], list[tuple[str, str]]]:
    """Each subcommand heading of the commands page -> its option rows."""
    text = (PAGES[lang] / "commands.md").read_text(encoding="utf-8")
    sections: dict[tuple[str, str], list[tuple[str, str]]] = {}
    current: list[tuple[str, str]] | None = None
    for line in text.splitlines():
        heading = HEADING.match(line)
        if heading:
            key = (heading.group(1), heading.group(2))
            assert key not in sections, f"{lang}: {key} has two headings"
            current = sections[key] = []
        elif line.startswith("#"):
            current = None
        elif current is not None:
            row = OPTION_ROW.match(line)
            if row:
                current.append((row.group(1), row.group(2)))
    return sections


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_every_subcommand_has_its_heading_and_no_other(lang: str, tree: list[Subcommand]) -> None:
    other = OTHER[lang]
    expected = {(s.names[lang], s.names[other]) for s in _headed(tree)}
    found = set(_sections(lang))
    assert not expected - found, f"{lang} commands page lacks {sorted(expected - found)}"
    assert not found - expected, f"{lang} commands page names {sorted(found - expected)}: no such"


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_every_option_has_its_row_and_no_other(lang: str, tree: list[Subcommand]) -> None:
    other = OTHER[lang]
    sections = _sections(lang)
    for sub in tree:
        rows = sections.get((sub.names[lang], sub.names[other]))
        if rows is None:
            continue  # reported by the heading test
        expected = {(o.names[lang], o.names[other]) for o in sub.options}
        found = set(rows)
        assert len(rows) == len(found), f"{lang} /campfire {sub.names[lang]}: an option row twice"
        assert not expected - found, (
            f"{lang} /campfire {sub.names[lang]} lacks the options {sorted(expected - found)}"
        )
        assert not found - expected, (
            f"{lang} /campfire {sub.names[lang]} names {sorted(found - expected)}: not its options"
        )


def _player_pages(lang: str) -> list[Path]:
    pages = sorted(PAGES[lang].glob("*.md"))
    assert pages, f"no player pages in {PAGES[lang]}"
    return pages


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_commands_named_on_player_pages_exist(lang: str, tree: list[Subcommand]) -> None:
    by_name = {s.names[lang]: s for s in tree}
    problems = []
    for page in _player_pages(lang):
        text = page.read_text(encoding="utf-8")
        for mention in MENTION.finditer(text):
            if mention.group(1) not in by_name:
                problems.append(f"{page.name}: /campfire {mention.group(1)}")
        for span in CODE_SPAN.finditer(text):
            words = MENTION.search(span.group(1))
            if not words or words.group(1) not in by_name:
                continue
            both = f"{words.group(1)} {words.group(2)}"
            if words.group(2) and both in by_name:  # a nested group's subcommand
                sub, end = by_name[both], words.end()
            else:
                sub, end = by_name[words.group(1)], words.end(1)
            rest = span.group(1)[end:]
            for option in OPTION_VALUE.findall(rest):
                if option not in sub.option_names(lang):
                    problems.append(f"{page.name}: `{span.group(1)}`: no option {option}")
    assert not problems, f"{lang} player pages name what the command tree lacks: {problems}"


def test_the_pages_match_one_another() -> None:
    """The French player pages are the English ones, file for file."""
    english = {p.name for p in _player_pages("en")}
    french = {p.name for p in _player_pages("fr")}
    assert english == french


GAME_PAGES = ["origin-junior", "origin", "sapiens", "orbis", "tribes", "nim"]
OPTIONS_HEADING = re.compile(r"^## Options\s*$")
OPTION_LINE = re.compile(r"^\| `([^`\s]+)` \|([^|]*)\|")


def _option_rows(page: Path) -> dict[str, list[str]]:
    """The rows of a game page's ``## Options`` table: option name -> the code spans of
    its values column, in order."""
    rows: dict[str, list[str]] = {}
    inside = False
    for line in page.read_text(encoding="utf-8").splitlines():
        if line.startswith("#"):
            inside = bool(OPTIONS_HEADING.match(line))
        elif inside and (row := OPTION_LINE.match(line)):
            assert row.group(1) not in rows, f"{page}: option {row.group(1)} twice"
            rows[row.group(1)] = CODE_SPAN.findall(row.group(2))
    return rows


SWITCH_WORDS = {"en": {True: "yes", False: "no"}, "fr": {True: "oui", False: "non"}}
"""How a page writes a yes/no option's values, in its language."""


def _written(value: object, lang: str = "en") -> str:
    return SWITCH_WORDS[lang][value] if isinstance(value, bool) else str(value)


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("game_id", GAME_PAGES)
def test_each_game_page_lists_its_options(lang: str, game_id: str) -> None:
    """A game page's options table names every option of the game and no other, its
    default first and then every other value it takes, written as they are typed (a
    switch's yes/no in the page's language), each one a value the game reads."""
    spec = registry.get(game_id).spec
    rows = _option_rows(PAGES[lang] / f"{game_id}.md")
    assert set(rows) == {o.name for o in spec.options}, f"{lang}/{game_id}.md options table"
    for option in spec.options:
        values = rows[option.name]
        assert values, f"{lang}/{game_id}.md: no values for {option.name}"
        default = _written(option.default, lang)
        assert values[0] == default, f"{lang}/{game_id}.md: {option.name} default"
        if isinstance(option.default, bool):
            expected = set(SWITCH_WORDS[lang].values())
            for value, word in SWITCH_WORDS[lang].items():
                assert option.validate(option.read(word)) is value
        elif option.choices:
            expected = {_written(c) for c in option.choices}
        else:
            expected = {_written(option.default)}
        assert expected <= set(values), f"{lang}/{game_id}.md: {option.name} values {values}"


def test_every_game_has_its_page() -> None:
    """Every game players can pick has its page (the test suite's own game aside)."""
    assert set(GAME_PAGES) == set(registry.ids()) - {WIDE.spec.id}
