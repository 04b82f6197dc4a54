"""Settings and preferences: a server's settings and language, a player's choices (direct
messages, layout, time zone, quiet hours, how often they are told).
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Any

from bot.store.rows import (
    GuildSettings,
    UserSettings,
    iso,
)
from bot.store.session import Repository


def _int(value: Any) -> int | None:
    return None if value is None else int(value)


class SettingsQueries(Repository):
    """The ``guild_settings`` and ``user_settings`` tables."""

    async def guild_language(self, guild_id: str) -> str | None:
        rows = await self.db.fetchall(
            "SELECT language FROM guild_settings WHERE guild_id = ?", (guild_id,)
        )
        return str(rows[0][0]) if rows and rows[0][0] is not None else None

    async def set_guild_language(self, guild_id: str, language: str | None, at: datetime) -> None:
        async with self.db.transaction() as db:
            await db.execute(
                "INSERT INTO guild_settings (guild_id, language, updated_at) VALUES (?, ?, ?) "
                "ON CONFLICT (guild_id) DO UPDATE SET language = excluded.language, "
                "updated_at = excluded.updated_at",
                (guild_id, language, iso(at)),
            )

    async def guild_settings(self, guild_id: str) -> GuildSettings:
        rows = await self.db.fetchall(
            "SELECT language, clock_hours, timeout_policy, nudge_hours, max_away_days, "
            "games_channel, hints, pictures, web_links, max_games, frequency, digest, "
            "organiser_role FROM guild_settings WHERE guild_id = ?",
            (guild_id,),
        )
        if not rows:
            return GuildSettings()
        (
            language,
            clock,
            policy,
            nudge,
            away,
            channel,
            hints,
            pictures,
            web,
            cap,
            often,
            digest,
            organisers,
        ) = rows[0]
        return GuildSettings(
            language,
            _int(clock),
            policy,
            _int(nudge),
            _int(away),
            channel,
            None if hints is None else bool(hints),
            pictures,
            None if web is None else bool(web),
            organiser_role=organisers,
            max_games=_int(cap),
            frequency=often,
            digest=digest,
        )

    async def save_guild_settings(
        self, guild_id: str, settings: GuildSettings, at: datetime
    ) -> None:
        async with self.db.transaction() as db:
            await db.execute(
                "INSERT INTO guild_settings (guild_id, language, updated_at, clock_hours, "
                "timeout_policy, nudge_hours, max_away_days, games_channel, hints, pictures, "
                "web_links, max_games, frequency, digest, organiser_role) "
                "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) "
                "ON CONFLICT (guild_id) DO UPDATE SET "
                "language = excluded.language, updated_at = excluded.updated_at, "
                "clock_hours = excluded.clock_hours, timeout_policy = excluded.timeout_policy, "
                "nudge_hours = excluded.nudge_hours, max_away_days = excluded.max_away_days, "
                "games_channel = excluded.games_channel, hints = excluded.hints, "
                "pictures = excluded.pictures, web_links = excluded.web_links, "
                "max_games = excluded.max_games, "
                "frequency = excluded.frequency, digest = excluded.digest, "
                "organiser_role = excluded.organiser_role",
                (
                    guild_id,
                    settings.language,
                    iso(at),
                    settings.clock_hours,
                    settings.timeout_policy,
                    settings.nudge_hours,
                    settings.max_away_days,
                    settings.games_channel,
                    None if settings.hints is None else int(settings.hints),
                    settings.pictures,
                    None if settings.web_links is None else int(settings.web_links),
                    settings.max_games,
                    settings.frequency,
                    settings.digest,
                    settings.organiser_role,
                ),
            )

    async def user_settings(self, user_ids: Sequence[str]) -> dict[str, UserSettings]:
        """The settings of those of ``user_ids`` who chose any."""
        if not user_ids:
            return {}
        marks = ",".join("?" * len(user_ids))
        rows = await self.db.fetchall(
            "SELECT user_id, notify_dm, dm_closed, layout, timezone, quiet, frequency, digest, "
            f"language, client_language FROM user_settings WHERE user_id IN ({marks})",
            tuple(user_ids),
        )
        return {
            str(u): UserSettings(bool(n), bool(c), str(lay) if lay else None, *rest)
            for u, n, c, lay, *rest in rows
        }

    async def save_user_settings(self, user_id: str, settings: UserSettings) -> None:
        """A player's choices; their client's language only when the row is new: it is
        ``set_client_language``'s alone, so that a choice saved from what was read
        before never takes back a language recorded meanwhile."""
        async with self.db.transaction() as db:
            await db.execute(
                "INSERT INTO user_settings (user_id, notify_dm, dm_closed, layout, timezone, "
                "quiet, frequency, digest, language, client_language) "
                "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) "
                "ON CONFLICT (user_id) DO UPDATE SET notify_dm = excluded.notify_dm, "
                "dm_closed = excluded.dm_closed, layout = excluded.layout, "
                "timezone = excluded.timezone, quiet = excluded.quiet, "
                "frequency = excluded.frequency, digest = excluded.digest, "
                "language = excluded.language",
                (
                    user_id,
                    settings.notify_dm,
                    settings.dm_closed,
                    settings.layout,
                    settings.timezone,
                    settings.quiet,
                    settings.frequency,
                    settings.digest,
                    settings.language,
                    settings.client_language,
                ),
            )

    async def set_client_language(self, user_id: str, language: str | None) -> None:
        """The language of the Discord client ``user_id`` last used (that column alone:
        their other choices are kept)."""
        async with self.db.transaction() as db:
            await db.execute(
                "INSERT INTO user_settings (user_id, client_language) VALUES (?, ?) "
                "ON CONFLICT (user_id) DO UPDATE SET client_language = excluded.client_language",
                (user_id, language),
            )
