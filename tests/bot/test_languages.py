"""A player's own language (``bot.service.languages``): their Discord client's, recorded
with no write when it did not change; their explicit choice first; automatic and an
unknown locale falling back to the table's (the server's) language; what is sent now
(``Told.speaking``) and what waited in the outbox (``Delivery.lang``) speak it."""

from __future__ import annotations

from collections import Counter
from collections.abc import Awaitable, Callable, Iterator
from contextlib import contextmanager
from dataclasses import replace
from typing import Any

import pytest

from bot.service import ServiceError
from bot.service.languages import client_lang, own_language
from bot.store import SqlStore, UserSettings
from tests.bot.conftest import ALICE, BOB
from tests.bot.days import Clock, running, service_on

pytestmark = pytest.mark.usefixtures("nim")


@contextmanager
def counting(store: SqlStore, *names: str) -> Iterator[Counter[str]]:
    """Count the calls of the store's methods ``names`` while inside."""
    counts: Counter[str] = Counter()
    for name in names:
        method: Callable[..., Awaitable[Any]] = getattr(store, name)

        def counted(*args: Any, _name: str = name, _method: Any = method, **kw: Any) -> Any:
            counts[_name] += 1
            return _method(*args, **kw)

        setattr(store, name, counted)
    try:
        yield counts
    finally:
        for name in names:
            delattr(store, name)


@pytest.mark.parametrize(
    ("locale", "lang"),
    [
        ("fr", "fr"),
        ("fr_CA", "fr"),
        ("en-US", "en"),
        ("en-GB", "en"),
        ("de", None),
        ("pt-BR", None),
        ("", None),
        (None, None),
    ],
)
def test_a_discord_locale_maps_to_a_language_campfire_speaks_or_none(
    locale: str | None, lang: str | None
) -> None:
    assert client_lang(locale) == lang


async def test_recording_a_clients_language_writes_only_when_it_changed(store: SqlStore) -> None:
    clock = Clock()
    service = service_on(store, clock)
    await service.notices.set_preferences(ALICE.user_id, timezone="Europe/Paris")
    languages = service.notices.languages
    with counting(store, "user_settings", "set_client_language") as counts:
        assert await languages.seen(ALICE.user_id, "fr") is True
        assert counts == {"user_settings": 1, "set_client_language": 1}
        for _ in range(3):  # the same client again: nothing read, nothing written
            assert await languages.seen(ALICE.user_id, "fr") is False
        assert counts == {"user_settings": 1, "set_client_language": 1}
        # another process (or a restart) reads once, and writes nothing
        other = service_on(store, clock).notices.languages
        assert await other.seen(ALICE.user_id, "fr") is False
        assert counts == {"user_settings": 2, "set_client_language": 1}
        # an hour later this process checks the store again, still without a write
        clock.advance(hours=1, minutes=1)
        assert await languages.seen(ALICE.user_id, "fr") is False
        assert counts == {"user_settings": 3, "set_client_language": 1}
        # someone with no row and a locale Campfire does not speak: nothing to write
        assert await languages.seen(BOB.user_id, "de") is False
        assert counts["set_client_language"] == 1
    chosen = await service.notices.preferences(ALICE.user_id)
    assert (chosen.client_language, chosen.timezone) == ("fr", "Europe/Paris")  # kept
    assert await languages.seen(ALICE.user_id, "en-GB") is True  # a new client
    assert (await service.notices.preferences(ALICE.user_id)).client_language == "en"
    assert await languages.seen(ALICE.user_id, "de") is True  # one Campfire does not speak
    chosen = await service.notices.preferences(ALICE.user_id)
    assert chosen.client_language is None and own_language(chosen) is None
    assert chosen.timezone == "Europe/Paris"


async def test_an_explicit_choice_beats_the_client_and_automatic_falls_back(
    store: SqlStore,
) -> None:
    clock = Clock()
    service = service_on(store, clock)
    notices = service.notices
    game = await service.game(await running(service, ALICE, BOB))
    await service.timing.set_notify(ALICE.user_id, True)
    await notices.languages.seen(ALICE.user_id, "fr")

    async def speaks(table: str) -> dict[str, str]:
        told = await notices.tell(game, [ALICE.user_id, BOB.user_id], "reminder", table)
        return told.speaking(told.dm, table)

    assert await speaks("en") == {ALICE.user_id: "fr"}  # her Discord's, not the table's
    chosen = await notices.set_preferences(ALICE.user_id, language="en")
    assert (chosen.language, chosen.client_language) == ("en", "fr")
    assert await speaks("fr") == {ALICE.user_id: "en"}  # her choice beats her Discord's
    await notices.languages.seen(ALICE.user_id, "fr")  # using Discord does not undo it
    assert await speaks("fr") == {ALICE.user_id: "en"}
    assert (await notices.set_preferences(ALICE.user_id, language="auto")).language is None
    assert await speaks("en") == {ALICE.user_id: "fr"}  # automatic: her Discord's again
    await notices.languages.seen(ALICE.user_id, "de")
    assert await speaks("en") == {ALICE.user_id: "en"}  # unknown: the table's
    assert await speaks("fr") == {ALICE.user_id: "fr"}
    with pytest.raises(ServiceError) as refused:
        await notices.set_preferences(ALICE.user_id, language="de", timezone="Europe/Paris")
    assert refused.value.key == "service.bad_language"
    chosen = await notices.preferences(ALICE.user_id)
    assert (chosen.language, chosen.timezone) == (None, None)  # nothing saved


async def test_what_waited_speaks_each_players_language_else_the_tables(
    store: SqlStore,
) -> None:
    """Quiet hours in a French server: what waited reaches Alice (an English Discord)
    in English and Bob (a German Discord: Campfire does not speak it) in French."""
    clock = Clock()  # 09:00 UTC: 10:00 in Paris
    service = service_on(store, clock)
    quiet = UserSettings(timezone="Europe/Paris", quiet="08:00-12:00")
    for player, locale in ((ALICE, "en-US"), (BOB, "de")):
        await store.save_user_settings(player.user_id, quiet)
        await service.notices.languages.seen(player.user_id, locale)
    game = await service.game(await running(service, ALICE, BOB))
    told = await service.notices.tell(game, [ALICE.user_id, BOB.user_id], "ended", "fr")
    assert told.ping == ()  # both quiet
    clock.advance(hours=2, minutes=1)
    deliveries = await service.notices.drain("w1")
    assert {d.user_id: d.lang for d in deliveries} == {ALICE.user_id: "en", BOB.user_id: "fr"}


async def test_choices_saved_from_an_older_read_keep_the_language_recorded_meanwhile(
    store: SqlStore,
) -> None:
    """``/campfire me`` and the recording of its caller's Discord run at once: the
    choices saved from what was read before must not take the language back."""
    before = (await store.user_settings([ALICE.user_id])).get(ALICE.user_id, UserSettings())
    await store.set_client_language(ALICE.user_id, "fr")  # recorded meanwhile
    await store.save_user_settings(ALICE.user_id, replace(before, timezone="Europe/Paris"))
    chosen = (await store.user_settings([ALICE.user_id]))[ALICE.user_id]
    assert (chosen.client_language, chosen.timezone) == ("fr", "Europe/Paris")
    await store.save_user_settings(BOB.user_id, UserSettings(language="en", client_language="fr"))
    chosen = (await store.user_settings([BOB.user_id]))[BOB.user_id]
    assert (chosen.language, chosen.client_language) == ("en", "fr")  # a new row: all of it
