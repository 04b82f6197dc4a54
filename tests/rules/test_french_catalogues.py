"""Issue 40: the French catalogues read as French — a counted noun agrees with its number
("1 coup", "2 coups", and "0 coup": French takes the singular below 2), and the spacing
French puts before ``: ; ! ?`` and inside « ». Every ``locales/fr.json`` of the tree is
read; ``tests/rules/test_base.py`` holds the elision checks ("d'Amélie")."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from rules.i18n import register_package, translate

ROOT = Path(__file__).resolve().parents[2]
CATALOGUES = sorted(
    path
    for package in ("bot", "rules", "render")
    for path in (ROOT / package).glob("**/locales/fr.json")
)

COUNTS = frozenset(
    {
        "n",
        "count",
        "steps",
        "points",
        "vp",
        "pc",
        "games",
        "wins",
        "moves",
        "turns",
        "pictures",
        "players",
        "days",
        "hours",
        "seconds",
        "limit",
        "min",
        "max",
        "total",
        "food",
        "hints",
        "of",
        "on_map",
        "supply",
        "reach",
        "k",
        "m",
    }
)
"""Parameters that hold a count of things; a word written right after one of them must
agree with it (``{n} {n:plural:membre|membres}``, ``{n} {res:of:n}``)."""

NOT_NOUNS = frozenset(
    [
        "de",
        "des",
        "du",
        "d",
        "en",
        "sur",
        "vers",
        "contre",
        "au",
        "aux",
        "à",
        "dans",
        "et",
        "ou",
        "pour",
        "avec",
        "sans",
        "une",
        "un",
        "ce",
        "maintenant",
    ]
)
"""Words that may follow a number without agreeing with it: "{n} sur 5", "{n} de plus"."""

INVARIABLE = frozenset({"PV", "PC", "Mo", "s", "min", "h", "j", "hex", "pas"})
"""Abbreviations and units that French writes the same in the plural: "3 PV", "2 pas", "~3 h"."""

FIELD = re.compile(r"\{([a-z_0-9]+)(?::([^{}]*(?:\{[^{}]*\}[^{}]*)*))?\}")
"""A replacement field, its format spec allowed one level of nested fields."""


def _french() -> dict[tuple[str, str], str]:
    texts = {}
    for path in CATALOGUES:
        for key, text in json.loads(path.read_text("utf-8")).items():
            texts[(str(path.relative_to(ROOT)), key)] = text
    return texts


def _package(path: Path) -> str:
    return ".".join(path.relative_to(ROOT).parts[:-2])


def test_every_catalogue_is_read() -> None:
    found = {str(p.relative_to(ROOT)) for p in CATALOGUES}
    assert {
        "bot/locales/fr.json",
        "bot/discord/locales/fr.json",
        "bot/web/locales/fr.json",
    } <= found
    assert {"rules/tribes/locales/fr.json", "render/twin/locales/fr.json"} <= found
    assert len(found) >= 15


def test_a_counted_noun_agrees_with_its_number() -> None:
    """A word right after a count must be written with the plural syntax (or be a unit,
    an abbreviation or a preposition): "{count} coups" reads "1 coups"."""
    faults = []
    for (path, key), text in _french().items():
        agreed = FIELD.sub(
            lambda m: "{agreed}" if (m.group(2) or "").startswith("plural:") else m.group(0), text
        )  # a plural form is the agreement itself
        for match in re.finditer(r"\{([a-z_0-9]+)\} ([^\s{}(),.:;!?/]+)", agreed):
            name, word = match.group(1), match.group(2).rstrip(".")
            word = word.split("'")[0]
            if name in COUNTS and word not in NOT_NOUNS and word not in INVARIABLE:
                faults.append((path, key, text))
    assert not faults, faults


def _params(text: str, name: str, value: int) -> dict[str, object]:
    """Every field of ``text`` filled: ``name`` with ``value``, other counts with 3, the
    rest with a word."""
    params: dict[str, object] = {}
    for match in FIELD.finditer(text):
        field = match.group(1)
        params[field] = 3 if field in COUNTS else "Bob"
        for inner in re.findall(r"\{([a-z_0-9]+)\}", match.group(2) or ""):
            params.setdefault(inner, 3 if inner in COUNTS else "Bob")
    params[name] = value
    return params


def _plural_texts() -> list[tuple[str, str, str, str, str]]:
    """(package, key, parameter, singular, plural) for every ``{x:plural:a|b}``."""
    found = []
    for path in CATALOGUES:
        package = _package(path)
        for key, text in json.loads(path.read_text("utf-8")).items():
            for match in FIELD.finditer(text):
                spec = match.group(2) or ""
                if spec.startswith("plural:"):
                    singular, bar, plural = spec[len("plural:") :].partition("|")
                    assert bar and singular and plural, (path, key, text)
                    found.append((package, key, match.group(1), singular, plural))
    return found


PLURALS = _plural_texts()


def test_the_plural_texts_are_found() -> None:
    keys = {key for _, key, *_ in PLURALS}
    assert {"discord.menu.groups", "tribes.move.place.table", "demo.summary"} <= keys
    assert len(PLURALS) >= 60


@pytest.mark.parametrize(("package", "key", "name", "singular", "plural"), PLURALS)
def test_every_numbered_text_takes_the_french_plural(
    package: str, key: str, name: str, singular: str, plural: str
) -> None:
    """Rendered with 0 and 1 the text holds the singular form as whole words ("1 tuile",
    not "1 tuiles"), with 2 and 5 the plural one, and the two forms differ."""
    register_package(package)
    assert singular != plural, (key, singular)
    template = json.loads(
        (ROOT / package.replace(".", "/") / "locales" / "fr.json").read_text("utf-8")
    )[key]
    for value, form in ((0, singular), (1, singular), (2, plural), (5, plural)):
        params = _params(template, name, value)
        expected = form.format(**{k: v for k, v in params.items() if isinstance(v, int | str)})
        text = translate(key, "fr", **params)
        assert re.search(rf"(?<!\w){re.escape(expected)}(?!\w)", text), (key, value, text)
        assert "{" not in text and "}" not in text, (key, text)


def test_numbered_texts_read_as_french_when_rendered() -> None:
    """A few whole lines, 1 against 2."""
    for package in ("bot", "bot.discord", "rules.tribes", "rules.origin.classic"):
        register_package(package)
    assert translate("discord.menu.groups", "fr", count=1).startswith("Vous avez 1 coup possible.")
    assert translate("discord.menu.groups", "fr", count=2).startswith(
        "Vous avez 2 coups possibles."
    )
    assert translate("discord.stats.total", "fr", games=1, wins=0) == "1 partie terminée, 0 gagnée"
    assert (
        translate("discord.stats.total", "fr", games=4, wins=2) == "4 parties terminées, 2 gagnées"
    )
    assert translate("discord.settings.hours", "fr", hours=1) == "toutes les heures"
    assert translate("discord.settings.hours", "fr", hours=6) == "toutes les 6 heures"
    fill = {"seat": "Ann", "hex": "H04", "terrain": "forêt"}
    assert translate("tribes.move.fill.table", "fr", n=1, **fill) == (
        "Ann ajoute le dernier membre sur H04 (forêt)"
    )
    assert translate("tribes.move.fill.table", "fr", n=3, **fill) == (
        "Ann ajoute les 3 membres restants sur H04 (forêt)"
    )
    assert (
        translate("tribes.note.invaders_placed", "fr", n=1, hex="H2")
        == "1 envahisseur débarque sur H2"
    )
    assert translate("demo.summary", "fr", game="Nim", players=2, seed=1, moves=1, turns=1) == (
        "Nim à 2 joueurs (graine 1) : 1 coup, 1 tour."
    )


def test_de_merges_with_the_article_of_a_group() -> None:
    """ "un membre de les envahisseurs" reads "un membre des envahisseurs"."""
    register_package("rules.tribes")
    scare = "tribes.chief.move.scare.table"
    assert translate(scare, "fr", seat="Ann", tribe="@tribes.chief.invaders", hex="H2") == (
        "Ann chasse un membre des envahisseurs de H2"
    )
    assert translate(scare, "fr", seat="Ann", tribe="@tribes.tribe.indartsu", hex="H2") == (
        "Ann chasse un membre d'Indartsu de H2"
    )
    assert translate(scare, "fr", seat="Ann", tribe="@tribes.tribe.kaha", hex="H2") == (
        "Ann chasse un membre de Kaha de H2"
    )


def _prose(text: str) -> str:
    """``text`` with its fields (nested ones too) replaced by a word, so that a format spec's
    colon is not read as punctuation."""
    previous = None
    while previous != text:
        previous, text = text, re.sub(r"\{[^{}]*\}", "X", text)
    return text


def test_french_spacing_before_double_punctuation() -> None:
    """French puts a space before ``; ! ?``, before a colon that ends a clause, and inside
    « ». The catalogues use the ordinary space (U+0020) everywhere, the one every font of
    the pictures draws; no other kind is mixed in. A colon glued to a word on both sides is
    a command's option ("mp:True", "affichage:)") and left alone. The apostrophe is the
    straight one everywhere, as ``{name:de}`` writes it."""
    faults = []
    for (path, key), text in _french().items():
        prose = _prose(text)
        if "\u00a0" in prose or "\u202f" in prose:
            faults.append((path, key, "another space", text))
        if "\u2019" in text:  # one apostrophe, the one elision writes ("d'Amélie")
            faults.append((path, key, "another apostrophe", text))
        for match in re.finditer(r"[;!?]|:(?=\s|$)|«|»", prose):
            before = prose[max(0, match.start() - 2) : match.start()]
            after = prose[match.end() : match.end() + 2]
            mark = match.group()
            if mark == "«":
                ok = after[:1] == " " and after[1:2] != " "
            elif mark in "?!" and before.endswith(("?", "!")):
                ok = True  # "?!" is one mark
            else:
                ok = before[-1:] == " " and not before.endswith("  ")
            if not ok and match.start() > 0:
                faults.append((path, key, mark, text))
    assert not faults, faults
