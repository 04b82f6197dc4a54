"""Signed links of the web companion: a page is reached only through an HMAC of what it
shows and when the link was made.

A token reads ``<subject>.<issued>.<mac>``: the subject (``g12`` a game, ``t7`` a
tournament, ``s<guild>`` a server's standings, ``p<guild>-<user>`` a player's stats,
``u<user>`` the games waiting on a player, a link the bot gives that player alone), the
issue time in Unix seconds (base 36), and the first 128 bits of HMAC-SHA256 of both under
``CAMPFIRE_WEB_SECRET`` (URL-safe base 64). Nothing here reads a clock: the caller gives
``now``. A token that does not verify, or is older than ``LINK_DAYS``, is ``None``.

A link made from a page (the standings from a game, a player from the standings) carries
the issue time of the link that opened the page (``link_from``), so it ends when that
one ends: 180 days after the bot made the first link, however many pages were followed.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import re
from dataclasses import dataclass

LINK_DAYS = 180
"""How long a link works after it was made (every turn message carries a fresh one)."""
LINK_SECONDS = LINK_DAYS * 86_400
SKEW_SECONDS = 300
"""A link made up to this far in the future (clocks of two machines) still works."""
MIN_SECRET = 16
"""The shortest ``CAMPFIRE_WEB_SECRET`` accepted (characters)."""

_SUBJECT = re.compile(
    r"^(g[0-9]{1,18}|t[0-9]{1,18}|s[0-9]{1,20}|p[0-9]{1,20}-[0-9A-Za-z_]{1,40}|u[0-9]{1,20})$"
)
_TOKEN = re.compile(r"^([0-9A-Za-z_-]{2,64})\.([0-9a-z]{1,10})\.([0-9A-Za-z_-]{22})$")


def _mac(secret: bytes, subject: str, issued: str) -> str:
    digest = hmac.new(secret, f"{subject}.{issued}".encode(), hashlib.sha256).digest()
    return base64.urlsafe_b64encode(digest[:16]).decode().rstrip("=")


def _base36(number: int) -> str:
    digits = "0123456789abcdefghijklmnopqrstuvwxyz"
    out = ""
    while True:
        number, rest = divmod(number, 36)
        out = digits[rest] + out
        if not number:
            return out


def game_subject(game_id: int) -> str:
    return f"g{game_id}"


def tournament_subject(tournament_id: int) -> str:
    return f"t{tournament_id}"


def standings_subject(guild_id: str) -> str:
    return f"s{guild_id}"


def player_subject(guild_id: str, user_id: str) -> str:
    return f"p{guild_id}-{user_id}"


def agenda_subject(user_id: str) -> str:
    """The games waiting on ``user_id`` (a Discord id: digits only), in every server."""
    return f"u{user_id}"


def make_token(secret: bytes, subject: str, now: float) -> str:
    """A link to ``subject`` made at ``now`` (Unix seconds)."""
    if not _SUBJECT.match(subject):
        raise ValueError(f"not a subject of a web link: {subject!r}")
    issued = _base36(max(0, int(now)))
    return f"{subject}.{issued}.{_mac(secret, subject, issued)}"


@dataclass(frozen=True)
class Verified:
    """What a good token names: its subject and when it was made."""

    subject: str
    issued: int

    @property
    def expires(self) -> int:
        """When the link stops working (Unix seconds)."""
        return self.issued + LINK_SECONDS

    def remaining(self, now: float) -> int:
        """Seconds of life left at ``now`` (0 when it has just ended)."""
        return max(0, int(self.expires - now))

    @property
    def game_id(self) -> int | None:
        return int(self.subject[1:]) if self.subject.startswith("g") else None

    @property
    def tournament_id(self) -> int | None:
        return int(self.subject[1:]) if self.subject.startswith("t") else None

    @property
    def guild_id(self) -> str | None:
        if self.subject.startswith("s"):
            return self.subject[1:]
        if self.subject.startswith("p"):
            return self.subject[1:].partition("-")[0]
        return None

    @property
    def user_id(self) -> str | None:
        return self.subject.partition("-")[2] if self.subject.startswith("p") else None

    @property
    def agenda_of(self) -> str | None:
        """The player whose waiting games the link shows (``u<user>``)."""
        return self.subject[1:] if self.subject.startswith("u") else None


def verify(secret: bytes, token: str, now: float) -> Verified | None:
    """The subject of ``token`` if its MAC is right and it is neither expired nor made
    in the future; ``None`` otherwise (the caller answers 404)."""
    found = _TOKEN.match(token)
    if found is None:
        return None
    subject, issued_text, mac = found.groups()
    if not _SUBJECT.match(subject):
        return None
    if not hmac.compare_digest(mac, _mac(secret, subject, issued_text)):
        return None
    issued = int(issued_text, 36)
    if not issued - SKEW_SECONDS <= now <= issued + LINK_SECONDS:
        return None
    return Verified(subject, issued)


def link_from(secret: bytes, subject: str, opener: Verified, now: float) -> str:
    """A link to ``subject`` made from a page that ``opener`` opened: it ends when
    ``opener`` ends (or sooner, never later)."""
    return make_token(secret, subject, min(opener.issued, now))


@dataclass(frozen=True)
class WebLinks:
    """The public address of ``campfire web`` and its secret: what the bot needs to
    put a **Web** button on its messages."""

    base_url: str
    secret: bytes

    def game_url(self, game_id: int, now: float) -> str:
        return (
            f"{self.base_url.rstrip('/')}/g/{make_token(self.secret, game_subject(game_id), now)}"
        )

    def agenda_url(self, user_id: str, now: float) -> str | None:
        """The page of the games waiting on ``user_id`` (``None``: not a Discord id)."""
        if not (user_id.isascii() and user_id.isdigit() and len(user_id) <= 20):
            return None
        token = make_token(self.secret, agenda_subject(user_id), now)
        return f"{self.base_url.rstrip('/')}/u/{token}"

    def tournament_url(self, tournament_id: int, now: float) -> str:
        token = make_token(self.secret, tournament_subject(tournament_id), now)
        return f"{self.base_url.rstrip('/')}/t/{token}"

    def standings_url(self, guild_id: str, now: float, *, season_id: int, lang: str) -> str:
        """A server's standings page showing one season's table, in ``lang``."""
        token = make_token(self.secret, standings_subject(guild_id), now)
        return f"{self.base_url.rstrip('/')}/s/{token}?season={season_id}&lang={lang}"


__all__ = [
    "LINK_DAYS",
    "MIN_SECRET",
    "Verified",
    "WebLinks",
    "agenda_subject",
    "game_subject",
    "link_from",
    "make_token",
    "player_subject",
    "standings_subject",
    "tournament_subject",
    "verify",
]
