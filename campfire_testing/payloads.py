"""Raw Discord payloads for the test harness: ids, users, guild, channels, commands.

Shapes follow Discord's API documentation (gateway ``INTERACTION_CREATE``, channel and
message objects); only the fields discord.py reads are filled in.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import discord

APP_ID = 900000000000000001
BOT_ID = 900000000000000002
GUILD_ID = 700000000000000001
CHANNEL_ID = 700000000000000002
OTHER_CHANNEL_ID = 700000000000000003
ORGANISERS_ROLE = 700000000000000004
"""A role of the test server besides ``@everyone`` (a server's tournament organisers)."""
SIZE_LIMIT = 25 * 1024 * 1024
EPHEMERAL = 64

ALL = str(discord.Permissions.all().value)
MEMBER = str(discord.Permissions(send_messages=True, use_application_commands=True).value)
MODERATOR = str(
    discord.Permissions(
        send_messages=True, manage_threads=True, use_application_commands=True
    ).value
)


@dataclass(frozen=True)
class User:
    """A person clicking in the tests; ``perms`` are their resolved channel permissions."""

    id: int
    name: str
    locale: str = "en-US"
    perms: str = MEMBER
    roles: tuple[int, ...] = ()

    @property
    def key(self) -> str:
        return str(self.id)


def walk_components(components: list[dict[str, Any]]) -> Iterator[dict[str, Any]]:
    for component in components:
        yield component
        yield from walk_components(component.get("components") or [])


def command_options(
    name: str, options: dict[str, Any], focused: str | None = None
) -> dict[str, Any]:
    items = []
    for key, value in options.items():
        if isinstance(value, User):  # a user option: its id (the user goes in "resolved")
            kind, value = 6, str(value.id)
        else:
            kind = 4 if isinstance(value, int) and not isinstance(value, bool) else 3
        item: dict[str, Any] = {"type": kind, "name": key, "value": value}
        if key == focused:
            item["focused"] = True
        items.append(item)
    return {"type": 1, "name": name, "options": items}


def user_payload(user_id: int, name: str, bot: bool = False) -> dict[str, Any]:
    return {
        "id": str(user_id),
        "username": name.lower(),
        "global_name": name,
        "discriminator": "0",
        "avatar": None,
        "bot": bot,
    }


def guild_payload(channels: list[dict[str, Any]]) -> dict[str, Any]:
    return {
        "id": str(GUILD_ID),
        "name": "Test server",
        "owner_id": "1",
        "icon": None,
        "features": [],
        "emojis": [],
        "stickers": [],
        "roles": [
            {
                "id": str(GUILD_ID),
                "name": "@everyone",
                "permissions": MEMBER,
                "position": 0,
                "color": 0,
                "hoist": False,
                "managed": False,
                "mentionable": False,
                "flags": 0,
            },
            {
                "id": str(ORGANISERS_ROLE),
                "name": "organisers",
                "permissions": MEMBER,
                "position": 1,
                "color": 0,
                "hoist": False,
                "managed": False,
                "mentionable": True,
                "flags": 0,
            },
        ],
        "channels": [c for c in channels if c["type"] == 0],
        # the active threads, as Discord lists them when the bot connects
        "threads": [
            c
            for c in channels
            if c["type"] in (10, 11, 12) and not c["thread_metadata"]["archived"]
        ],
        "member_count": 3,
        "preferred_locale": "en-US",
        "verification_level": 0,
        "default_message_notifications": 0,
        "explicit_content_filter": 0,
        "mfa_level": 0,
        "afk_timeout": 300,
        "premium_tier": 0,
        "nsfw_level": 0,
    }


def with_component(
    message: dict[str, Any], custom_id: str, *, select: bool = False
) -> dict[str, Any]:
    """``message`` as if it carried one component ``custom_id`` (a forged or outdated one:
    Discord only sends clicks on components a message really has)."""
    if select:
        component: dict[str, Any] = {
            "type": 3,
            "custom_id": custom_id,
            "options": [{"label": "x", "value": "x"}],
        }
    else:
        component = {"type": 2, "style": 1, "label": "x", "custom_id": custom_id}
    return {**message, "components": [{"type": 1, "components": [component]}]}
