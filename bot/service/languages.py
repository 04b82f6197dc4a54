"""A player's own language: the one their direct messages speak.

Campfire speaks English and French (``rules.i18n.LANGS``). A player's language is their
choice (``/campfire me language:``), else that of the Discord client they last used with
Campfire, else unknown: then a direct message speaks the server's language (the table's,
as its public messages do), else English. Public messages always speak the server's.

The client's language is recorded when a player interacts (``Languages.seen``, asked by
the front end at every interaction): a locale is mapped to a language as the ephemeral
replies map it (``fr-CA`` is French); a locale Campfire does not speak (``de``) is
recorded as none, so that the server's language applies. Recording costs nothing when
nothing changed: what a process saw of a player is remembered ``CACHE_SECONDS``, and the
store is written only when the language differs from what it holds.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime

from bot.service.values import ServiceError
from bot.store import GameStore, UserSettings
from rules.i18n import LANGS

__all__ = [
    "AUTO",
    "CACHE_SECONDS",
    "CHOICES",
    "Languages",
    "checked_choice",
    "client_lang",
    "own_language",
    "source_of",
]

AUTO = "auto"
CHOICES = (*LANGS, AUTO)
"""What ``/campfire me language:`` offers: a language, or back to automatic."""
CACHE_SECONDS = 3600.0
"""How long a process trusts what it last saw of a player's client (a change seen by
another process is written there; this one checks the store again after this time)."""
MAX_REMEMBERED = 50_000


def client_lang(locale: str | None) -> str | None:
    """The language Campfire speaks for a Discord locale (``fr``, ``en-US``, ``fr_CA``),
    ``None`` for a locale it does not speak (``de``) or none."""
    if not locale:
        return None
    prefix = str(locale).replace("_", "-").split("-")[0].lower()
    return prefix if prefix in LANGS else None


def own_language(chosen: UserSettings) -> str | None:
    """A player's own language: their choice, else their client's, else ``None``."""
    if chosen.language in LANGS:
        return chosen.language
    if chosen.client_language in LANGS:
        return chosen.client_language
    return None


def source_of(chosen: UserSettings) -> str | None:
    """Where a player's language comes from: ``choice``, ``client`` or ``None`` (the
    server's applies)."""
    if chosen.language in LANGS:
        return "choice"
    if chosen.client_language in LANGS:
        return "client"
    return None


def checked_choice(choice: str) -> str | None:
    """``/campfire me language:`` as stored: ``en``, ``fr``, or ``None`` for automatic
    (``auto`` or empty). Raises ``service.bad_language``."""
    cleaned = choice.strip().lower()
    if cleaned in ("", AUTO):
        return None
    if cleaned in LANGS:
        return cleaned
    raise ServiceError("service.bad_language", choices=", ".join(CHOICES))


class Languages:
    """The client languages a service sees: recorded cheaply, read with the choices."""

    def __init__(
        self, store: GameStore, clock: Callable[[], datetime], *, seconds: float = CACHE_SECONDS
    ) -> None:
        self.store = store
        self.clock = clock
        self.seconds = seconds
        self._seen: dict[str, tuple[float, str | None]] = {}

    async def seen(self, user_id: str, locale: str | None) -> bool:
        """``user_id`` used a Discord client in ``locale``: remember its language (none
        for a locale Campfire does not speak). Whether the store was written: only when
        it held another language, and at most once every ``seconds`` for what this
        process already saw."""
        lang = client_lang(locale)
        now = self.clock().timestamp()
        known = self._seen.get(user_id)
        if known is not None and known[1] == lang and now - known[0] < self.seconds:
            return False
        stored = (await self.store.user_settings([user_id])).get(user_id)
        held = stored.client_language if stored is not None else None
        wrote = held != lang
        if wrote:
            await self.store.set_client_language(user_id, lang)
        if len(self._seen) >= MAX_REMEMBERED:  # forget the oldest half
            for old in sorted(self._seen, key=lambda u: self._seen[u][0])[: MAX_REMEMBERED // 2]:
                del self._seen[old]
        self._seen[user_id] = (now, lang)
        return wrote
