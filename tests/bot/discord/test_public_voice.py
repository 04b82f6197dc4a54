"""The bot's own public texts speak of players in the third person, and every text of
the bot's catalogues has the same placeholders in English and French.

A public text is posted in a channel or a thread for everyone (not an ephemeral reply,
not a direct message): it names players, never "you" (docs/contributors/contract.md,
"Three voices"). The games' public texts are held by ``tests/rules/test_table_voice.py``
over random games; these are the Discord layer's and the service's, listed by key with
where each is posted, the tournaments' family classified whole so that a new key of it
must be placed on one side or the other. The web pages are public too (anyone with the
link reads them): every key of the web catalogue is checked.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from rules import i18n
from tests.rules.test_table_voice import SECOND_PERSON

ROOT = Path(__file__).resolve().parents[3]
CATALOGUES = ("bot/locales", "bot/discord/locales", "bot/web/locales")

TOURNAMENT_MESSAGES = "the registration message, a round's message or the final announcement"
PUBLIC: dict[str, str] = {
    **{
        f"discord.tournament.{name}": TOURNAMENT_MESSAGES
        for name in (
            "title",
            "format.swiss",
            "format.round_robin",
            "swiss_rounds",
            "table_size",
            "with_rate",
            "clock",
            "options",
            "round_days",
            "closes",
            "closes_on_word",
            "min_completion",
            "min_finished",
            "status.open",
            "status.running",
            "status.over",
            "status.cancelled",
            "registered",
            "registered_cap",
            "more",
            "organiser",
            "button.register",
            "button.unregister",
            "bye",
            "versus",
            "table",
            "round_opened",
            "round_deadline",
            "tb.opponents",
            "tb.scored",
            "standing",
            "withdrawn_mark",
            "standings_title",
            "final_title",
            "none",
            "how_title",
            "after_round",
            "over",
            "over_empty",
        )
    },
    **{
        f"service.events.{name}.{part}": "the final announcement's standings explain them"
        for name in ("points", "opponents", "scored", "rating")
        for part in ("name", "explain")
    },
    "discord.tournament.thread": "a table's thread name, in the tournament's channel",
    "discord.tournament.started": "the organiser's /campfire tournament start answer, public",
    "discord.tournament.withdrew_notice": "a notice in the tournament's channel",
    "discord.tournament.substituted": "the organiser's /campfire tournament substitute answer",
    "discord.tournament.cancelled": "the organiser's /campfire tournament cancel answer",
    "discord.tournament.table_done": "a table's thread: this result counts",
    "discord.tournament.table_done_last": "a table's thread: this result counts",
    "discord.turn.prompt": "the turn message, naming a player whose ping waits",
    "discord.result.prompt": "the result message, naming a player not pinged",
    "discord.remind.early": "a reminder in the game's thread, before quiet hours",
    "discord.waited.in_thread": "a game's thread, when a player's direct messages are closed",
    "discord.fair.new": "the lobby message's completion line",
    "discord.fair.rate": "the lobby message's completion line",
    "discord.fair.finished": "the lobby message's completion line",
    "discord.fair.pace": "the lobby message's completion line",
    "discord.fair.asks": "the lobby message: what joining asks",
    "discord.fair.asks_rate": "the lobby message: what joining asks",
    "discord.fair.asks_finished": "the lobby message: what joining asks",
}
"""Public keys, each with where it is posted."""

PRIVATE_TOURNAMENT = {
    "discord.tournament.not_organiser": "an ephemeral refusal",
    "discord.tournament.bad_ref": "an ephemeral refusal",
    "discord.tournament.which": "an ephemeral refusal",
    "discord.tournament.none_here": "an ephemeral refusal",
    "discord.tournament.closes_past": "an ephemeral refusal",
    "discord.tournament.not_in_thread": "an ephemeral refusal",
    "discord.tournament.no_entrant": "an ephemeral refusal",
    "discord.tournament.already_entrant": "an ephemeral refusal",
    "discord.tournament.unregistered": "the ephemeral answer to a withdrawal",
    "discord.tournament.withdrew": "the ephemeral answer to a withdrawal",
}
"""The tournaments' keys that only the caller reads."""


def catalogue(package: str, lang: str) -> dict[str, str]:
    data: dict[str, str] = json.loads((ROOT / package / f"{lang}.json").read_text("utf-8"))
    return data


def fields(text: str) -> set[str]:
    """The parameters a template shows: ``{name}``, ``{name:de}``, ``{res:of:n}``; a
    count read only to choose a plural form (``{count:plural:Joué|Joués}``, French
    agreeing where English need not) is not shown."""
    return {
        m.group(1)
        for m in re.finditer(r"\{([a-z_0-9]+)(:[^{}]*)?\}", text)
        if not (m.group(2) or "").startswith(":plural:")
    }


def words(text: str) -> str:
    """``text`` without its fields and its code (``/campfire follow mode:unmute``)."""
    text = re.sub(r"`[^`]*`", " ", text)
    previous = None
    while previous != text:
        previous, text = text, re.sub(r"\{[^{}]*\}", " ", text)
    return text


@pytest.mark.parametrize("lang", i18n.LANGS)
def test_public_texts_never_say_you(lang: str) -> None:
    texts = {**catalogue("bot/discord/locales", lang), **catalogue("bot/locales", lang)}
    missing = sorted(k for k in PUBLIC if k not in texts)
    assert missing == []
    said = {k: texts[k] for k in PUBLIC if SECOND_PERSON[lang].search(words(texts[k]))}
    assert said == {}


@pytest.mark.parametrize("lang", i18n.LANGS)
def test_the_web_pages_never_say_you(lang: str) -> None:
    texts = catalogue("bot/web/locales", lang)
    new = {k: v for k, v in texts.items() if k.split(".")[1] in {"tournament", "season", "fair"}}
    assert len(new) > 40
    said = {k: v for k, v in new.items() if SECOND_PERSON[lang].search(words(v))}
    assert said == {}


def test_every_tournament_key_is_known_public_or_private() -> None:
    """A new ``discord.tournament.*`` key must say where it is posted (here)."""
    ours = {
        k for k in catalogue("bot/discord/locales", "en") if k.startswith("discord.tournament.")
    }
    assert not PUBLIC.keys() & PRIVATE_TOURNAMENT.keys()
    assert sorted(ours - PUBLIC.keys() - PRIVATE_TOURNAMENT.keys()) == []


def test_the_guard_sees_the_second_person() -> None:
    assert SECOND_PERSON["en"].search(words("{player}: your turn in {title}"))
    assert SECOND_PERSON["fr"].search(words("À vous de jouer dans {title}"))
    assert not SECOND_PERSON["fr"].search(words("{player} quitte le tournoi"))
    assert not SECOND_PERSON["en"].search(words("`/campfire follow` {you}"))


@pytest.mark.parametrize("package", CATALOGUES)
def test_both_languages_have_the_same_keys_and_placeholders(package: str) -> None:
    en, fr = catalogue(package, "en"), catalogue(package, "fr")
    assert sorted(en.keys() ^ fr.keys()) == []
    differ = {k: (en[k], fr[k]) for k in en if fields(en[k]) != fields(fr[k])}
    assert differ == {}
    assert [k for k in en if not en[k].strip() or not fr[k].strip()] == []


RELATIVE = {
    "discord.waited.turn": "at",
    "discord.waited.reminder": "at",
    "discord.waited.late": "at",
    "discord.waited.ended": "at",
    "discord.waited.undo": "at",
    "discord.waited.rematch": "at",
    "discord.waited.claim": "at",
    "discord.waited.timeout": "at",
    "discord.digest.line_open": "since",
    "discord.agenda.since": "since",
    "discord.remind.nudge": "since",
}
"""Keys filled with a relative Discord timestamp (``<t:…:R>``: "3 hours ago", "il y a
3 heures"), and the parameter that holds it."""


@pytest.mark.parametrize("lang", i18n.LANGS)
def test_a_relative_time_is_not_read_after_since(lang: str) -> None:
    """ "since 3 hours ago" and "depuis il y a 3 heures" read badly: a relative
    timestamp stands where "3 hours ago" reads ("your turn came 3 hours ago")."""
    texts = catalogue("bot/discord/locales", lang)
    after = {
        key: texts[key]
        for key, name in RELATIVE.items()
        if re.search(rf"\b(since|depuis|until|jusqu'(à|au)|le|on)\s+\{{{name}\}}", texts[key])
    }
    assert after == {}
