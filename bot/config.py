"""Settings from the environment and ``.env`` (python-dotenv), and the logging set-up.

Variables: ``DISCORD_TOKEN`` (needed only to run the bot), ``CAMPFIRE_DB`` (SQLite file,
default ``campfire.sqlite3``, or a ``postgresql://`` URL), ``DEV_GUILD_ID`` (a server where
commands sync at once),
``CAMPFIRE_LOG_LEVEL`` (``DEBUG``, ``INFO``, ``WARNING``, ``ERROR``; default ``INFO``),
``CAMPFIRE_COOLDOWN`` (per user, the costly commands and buttons allowed: ``USES/SECONDS``,
default ``5/10``, or ``off``), ``CAMPFIRE_RENDER`` (where pictures are drawn: ``threads``
of the bot's process, the default, or ``processes``), ``CAMPFIRE_WEB_URL`` (the public
address of ``campfire web``: the bot links to it) and ``CAMPFIRE_WEB_SECRET`` (at least 16
characters; the key its links are signed with: without it there are no links).
The process environment wins over ``.env``.
"""

from __future__ import annotations

import logging
import os
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from dotenv import dotenv_values

from bot.store import DEFAULT_DB
from bot.web.tokens import WebLinks

LOG_LEVELS = ("DEBUG", "INFO", "WARNING", "ERROR")
RENDER_MODES = ("threads", "processes")
"""Where ``campfire run`` draws pictures (``CAMPFIRE_RENDER``): threads of the bot's own
process (the default: the whole process tree stays within 300 MB under the load
benchmark) or a process per core (about 320 MB; see docs/measurements/benchmarks.md)."""
DEFAULT_COOLDOWN = (5, 10.0)
MIN_WEB_SECRET = 16
"""The shortest ``CAMPFIRE_WEB_SECRET`` (characters)."""
LOG_FORMAT = "%(asctime)s %(levelname)-7s %(name)s: %(message)s"


class ConfigError(ValueError):
    """A setting has a value we cannot use; the message is one line for the operator."""


class UsageError(Exception):
    """A command line that makes no sense: a one-line explanation for the operator; the
    process exits with status 2."""


@dataclass(frozen=True)
class Settings:
    """What the bot and the command-line tools need to start."""

    token: str | None
    db_path: str
    dev_guild_id: int | None
    log_level: str
    cooldown: tuple[int, float] | None = DEFAULT_COOLDOWN
    render: str = "threads"
    web_url: str | None = None
    web_secret: str | None = None

    def web_links(self) -> WebLinks | None:
        """What the bot needs to link to the web companion: its address and secret
        (``None`` unless both are set)."""
        if not (self.web_url and self.web_secret):
            return None
        return WebLinks(self.web_url, self.web_secret.encode())

    def __repr__(self) -> str:  # never print the token or the secret
        hidden = "set" if self.token else "missing"
        return (
            f"Settings(token=<{hidden}>, db_path={self.db_path!r}, "
            f"dev_guild_id={self.dev_guild_id!r}, log_level={self.log_level!r}, "
            f"cooldown={self.cooldown!r}, render={self.render!r}, web_url={self.web_url!r}, "
            f"web_secret=<{'set' if self.web_secret else 'missing'}>)"
        )


def load_settings(
    env_file: str | Path | None = ".env", environ: Mapping[str, str] | None = None
) -> Settings:
    """Read ``env_file`` (if it exists) then the environment; raise ``ConfigError``."""
    values: dict[str, str] = {}
    if env_file is not None and Path(env_file).is_file():
        values.update({k: v for k, v in dotenv_values(env_file).items() if v is not None})
    values.update(os.environ if environ is None else environ)

    def get(name: str) -> str | None:
        value = values.get(name, "").strip()
        return value or None

    guild = get("DEV_GUILD_ID")
    if guild is not None and not guild.isdigit():
        raise ConfigError(f"DEV_GUILD_ID must be a server id (digits), not {guild!r}")
    level = (get("CAMPFIRE_LOG_LEVEL") or "INFO").upper()
    if level not in LOG_LEVELS:
        raise ConfigError(
            f"CAMPFIRE_LOG_LEVEL must be one of {', '.join(LOG_LEVELS)}, not {level!r}"
        )
    render = (get("CAMPFIRE_RENDER") or "threads").lower()
    if render not in RENDER_MODES:
        raise ConfigError(
            f"CAMPFIRE_RENDER must be one of {', '.join(RENDER_MODES)}, not {render!r}"
        )
    web_url = get("CAMPFIRE_WEB_URL")
    if web_url is not None and not web_url.lower().startswith(("http://", "https://")):
        raise ConfigError(f"CAMPFIRE_WEB_URL must start with http:// or https://, not {web_url!r}")
    web_secret = get("CAMPFIRE_WEB_SECRET")
    if web_secret is not None and len(web_secret) < MIN_WEB_SECRET:
        raise ConfigError(
            f"CAMPFIRE_WEB_SECRET must be at least {MIN_WEB_SECRET} characters "
            "(try: python3 -c 'import secrets; print(secrets.token_urlsafe(32))')"
        )
    return Settings(
        token=get("DISCORD_TOKEN"),
        db_path=get("CAMPFIRE_DB") or DEFAULT_DB,
        dev_guild_id=int(guild) if guild is not None else None,
        log_level=level,
        cooldown=parse_cooldown(get("CAMPFIRE_COOLDOWN")),
        render=render,
        web_url=web_url,
        web_secret=web_secret,
    )


def parse_cooldown(text: str | None) -> tuple[int, float] | None:
    """``CAMPFIRE_COOLDOWN``: ``"5/10"`` (five uses per ten seconds) -> ``(5, 10.0)``;
    ``"off"`` or ``"0"`` -> ``None`` (no limit); unset -> ``DEFAULT_COOLDOWN``. Raises
    ``ConfigError``."""
    if text is None:
        return DEFAULT_COOLDOWN
    text = text.strip().lower()
    if text in ("off", "0"):
        return None
    rate_text, sep, per_text = text.partition("/")
    try:
        rate, per = int(rate_text), float(per_text)
    except ValueError:
        rate, per = 0, 0.0
    if not sep or rate < 1 or not 0 < per <= 86_400:
        raise ConfigError(
            f"CAMPFIRE_COOLDOWN must be USES/SECONDS (like 5/10) or off, not {text!r}"
        )
    return rate, per


def configure_logging(level: str = "INFO") -> None:
    """One stderr handler with timestamps and logger names for the whole process."""
    logging.basicConfig(level=getattr(logging, level.upper(), logging.INFO), format=LOG_FORMAT)
    logging.getLogger("discord.http").setLevel(max(logging.INFO, logging.getLogger().level))
