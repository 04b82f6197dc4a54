"""Message catalogues (English and French) and ``translate``.

Catalogues are JSON files ``locales/en.json`` and ``locales/fr.json`` inside a package;
``rules`` and every game package register theirs, and ``bot``/``render`` add their own
with ``register_package``. A parameter whose value is a string starting with ``@`` is a
key itself and is translated too (``{"where": "@origin.terr.A7"}``).

Plurals: ``{count:plural:line|lines}`` writes the form that fits ``count`` in the
language of the catalogue (English: 1 is singular; French: 0 and 1 are), so a template
reads ``"{count} {count:plural:ligne|lignes}"`` instead of ``"ligne(s)"``.

Signed figures: ``{lead:signed}`` writes a number with its sign and one decimal in the
language's form (``+1.5``, ``−3.0``; French ``+1,5``), zero without a sign.

Agreement: ``{res:of:n}`` writes the word of the parameter ``res`` (a ``@key``) in the
plural when the count ``n`` asks for it, from the catalogue's ``key.plural``
("récolter 2 pierres", "1 pierre").

Elision: ``{name:de}`` writes "de Bob" or "d'Amélie" (French; a name that starts with a
vowel or a mute h takes "d'"), and ``{name:le}`` "le Mammouth" / "l'Ours" (``elide``).
"""

from __future__ import annotations

import json
import re
import string
from collections.abc import Mapping, Sequence
from importlib import resources
from typing import Any

from rules.core.values import Text

LANGS = ("en", "fr")
DEFAULT_LANG = "en"

_catalogues: dict[str, dict[str, str]] = {lang: {} for lang in LANGS}
_packages: set[str] = set()


class CatalogueError(ValueError):
    """A catalogue file is missing, unreadable, or its languages disagree."""


def register_package(package: str) -> None:
    """Load ``<package>/locales/{en,fr}.json`` once; both must have the same keys."""
    if package in _packages:
        return
    loaded: dict[str, dict[str, str]] = {}
    for lang in LANGS:
        path = resources.files(package).joinpath("locales", f"{lang}.json")
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError) as exc:
            raise CatalogueError(f"{package}/locales/{lang}.json: {exc}") from exc
        if not isinstance(data, dict) or not all(isinstance(v, str) for v in data.values()):
            raise CatalogueError(f"{package}/locales/{lang}.json: not a flat object of strings")
        loaded[lang] = data
    missing = set(loaded["en"]) ^ set(loaded["fr"])
    if missing:
        raise CatalogueError(f"{package}/locales: keys not in both languages: {sorted(missing)}")
    for lang in LANGS:
        _catalogues[lang].update(loaded[lang])
    _packages.add(package)


def has_key(key: str) -> bool:
    _ensure_rules()
    return all(key in _catalogues[lang] for lang in LANGS)


def keys(lang: str = DEFAULT_LANG) -> set[str]:
    _ensure_rules()
    return set(_catalogues[lang])


def lang_of(locale: str | None) -> str:
    """Map a Discord/POSIX locale (``fr``, ``en-US``, ``fr_CA``) to a supported language."""
    if locale:
        prefix = str(locale).replace("_", "-").split("-")[0].lower()
        if prefix in LANGS:
            return prefix
    return DEFAULT_LANG


def is_singular(count: float, lang: str) -> bool:
    """Whether ``count`` takes the singular in ``lang`` (French: below 2, English: 1)."""
    return abs(count) < 2 if lang == "fr" else count == 1


def signed(value: Any, lang: str) -> str:
    """``+1.5`` / ``−3.0`` / ``0.0`` (French: ``+1,5``): sign, one decimal, a real minus."""
    try:
        number = round(float(value), 1)
    except (TypeError, ValueError):
        return str(value)
    text = "0.0" if number == 0 else f"{number:+.1f}".replace("-", "\u2212")
    return text.replace(".", ",") if lang == "fr" else text


ELIDED = {"de": ("de ", "d'"), "le": ("le ", "l'"), "la": ("la ", "l'")}
"""French words that elide before a vowel: the full form, then the elided one."""
_VOWELS = frozenset("aeiouyhàâäéèêëîïôöùûüœæAEIOUYHÀÂÄÉÈÊËÎÏÔÖÙÛÜŒÆ")
"""Letters a French word elides before (h taken as mute; y only before a consonant)."""


CONTRACTED = (("les ", "des "), ("le ", "du "))
"""A word in lower case that starts with "les"/"le" merges with "de" ("des", "du")."""


def elide(word: str, name: str) -> str:
    """``word`` (``de``, ``le``, ``la``) before ``name``, elided before a vowel or an h:
    ``elide("de", "Amélie")`` is "d'Amélie", ``elide("de", "Bob")`` "de Bob", "de Yann"
    but "d'Yves". A name that starts otherwise (a digit, a mention ``<@…>``) keeps the
    full word; "de" before "les envahisseurs" / "le Glacier" contracts to "des" / "du"."""
    if word == "de":  # "de les envahisseurs" is "des envahisseurs", "de le" is "du"
        for article, merged in CONTRACTED:
            if name.startswith(article):
                return merged + name[len(article) :]
    full, short = ELIDED[word]
    first, second = name[:1], name[1:2]
    vowel = first in _VOWELS and not (first in "yY" and second in _VOWELS)
    return (short if vowel else full) + name


class _Formatter(string.Formatter):
    """``str.format`` plus the ``plural:singular|plural`` format spec."""

    def __init__(self, lang: str, params: Mapping[str, Any] | None = None) -> None:
        self.lang = lang
        self.params = params or {}

    def format_field(self, value: Any, format_spec: str) -> Any:
        if format_spec.startswith("of:"):
            count: Any = self.params.get(format_spec[len("of:") :])
            plural = getattr(value, "plural", None)
            try:
                many = plural is not None and not is_singular(float(count), self.lang)
            except (TypeError, ValueError):  # no count beside it: the singular
                many = False
            return plural if many else str(value)
        if format_spec == "signed":
            return signed(value, self.lang)
        if format_spec in ELIDED:
            return elide(format_spec, str(value))
        if format_spec.startswith("plural:"):
            singular, _, plural = format_spec[len("plural:") :].partition("|")
            try:
                count = float(value)
            except (TypeError, ValueError):
                return plural
            return singular if is_singular(count, self.lang) else plural
        return super().format_field(value, format_spec)


_FORMATTERS = {lang: _Formatter(lang) for lang in LANGS}


class Word(str):
    """A translated word that knows its plural (``key.plural`` in the catalogue), for
    ``{res:of:n}``: the word agreeing with the count ``n`` ("2 pierres", "1 pierre")."""

    plural: str


def _word(key: str, lang: str) -> str:
    word = Word(translate(key, lang))
    plural_key = key + ".plural"
    word.plural = translate(plural_key, lang) if has_key(plural_key) else str(word)
    return word


class _Params(dict[str, Any]):
    def __missing__(self, key: str) -> str:
        return "{" + key + "}"


def translate(text: Text | str, lang: str = DEFAULT_LANG, /, **params: Any) -> str:
    """Render a message key (or ``Text``) in ``lang``; unknown keys come back as the key."""
    _ensure_rules()
    if isinstance(text, Text):
        key, merged = text.key, {**text.params, **params}
    else:
        key, merged = text, params
    lang = lang if lang in LANGS else DEFAULT_LANG
    template = _catalogues[lang].get(key) or _catalogues[DEFAULT_LANG].get(key)
    if template is None:
        return key
    resolved = _Params(_resolve(merged, lang))
    if ":of:" in template:  # a word that agrees with a count: this call's own formatter
        return _Formatter(lang, resolved).vformat(template, (), resolved)
    return _FORMATTERS[lang].vformat(template, (), resolved)


def _resolve(params: Mapping[str, Any], lang: str) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for name, value in params.items():
        if isinstance(value, str) and value.startswith("@"):
            out[name] = _word(value[1:], lang)
        elif isinstance(value, Text):
            out[name] = translate(value, lang)
        elif isinstance(value, list | tuple):
            out[name] = ", ".join(
                translate(v[1:], lang) if isinstance(v, str) and v.startswith("@") else str(v)
                for v in value
            )
        else:
            out[name] = value
    return out


SEAT_PARAMS = frozenset({"seat", "owner", "player"})
"""Parameters that hold a seat id (``Text("seat.resign", {"seat": id})``, a note naming who
gained what): front ends show the seat's display name there (``with_names``)."""


def with_names(text: Text, names: Mapping[str, str]) -> Text:
    """``text`` with every seat-id parameter (``SEAT_PARAMS``) replaced by its name."""
    if not any(k in SEAT_PARAMS for k in text.params):
        return text
    params = {
        k: names.get(v, v) if k in SEAT_PARAMS and isinstance(v, str) else v
        for k, v in text.params.items()
    }
    return Text(text.key, params)


_WORDS = re.compile(r"\w+")


def repeats(note: str, said: str) -> bool:
    """Whether ``note`` only says again what ``said`` says: every word of it is there
    ("Bob takes Feast/Hunt from the common pool" after the same label)."""
    words = {w.casefold() for w in _WORDS.findall(said)}
    return {w.casefold() for w in _WORDS.findall(note)} <= words


def table_text(label: Text, lang: str, names: Mapping[str, str]) -> str:
    """A table label (``rules.core.values.table_label``) in ``lang``, seat ids shown as
    names. A key without its table form in the catalogues (a game that has not written
    it yet) reads ``Ann: <the mover's label>``, and an unknown key ``""``, never a key."""
    if label.key.endswith(".table") and not has_key(label.key):
        mover = label.params.get("seat", "")
        plain = Text(label.key[: -len(".table")], label.params)
        if not has_key(plain.key):
            return ""
        text = translate(with_names(plain, names), lang)
        return translate("move.by", lang, seat=names.get(mover, mover), move=text)
    return translate(with_names(label, names), lang) if has_key(label.key) else ""


def move_parts(
    label: Text | None, notes: Sequence[Text], lang: str, names: Mapping[str, str]
) -> list[str]:
    """What one move's line says, as separate parts: the table's ``label`` (already in
    the table's voice, ``rules.core.values.table_label``), then its public ``notes``,
    every seat id shown by its name (``with_names``); a text whose key no catalogue
    holds says nothing rather than its key. A note that only says again what the label
    says is left out (``repeats``); two notes alike both stay (two tiles of the same
    kind revealed are two events). The picture's header, the card, the text twin, the
    thread, the console and the web log all read a move through this one function, so
    none of them says the move twice."""
    said = "" if label is None else table_text(label, lang, names)
    told = [translate(with_names(t, names), lang) for t in notes if has_key(t.key)]
    return [said] * bool(said) + [t for t in told if t and not (said and repeats(t, said))]


def _ensure_rules() -> None:
    if "rules" not in _packages:
        register_package("rules")
