"""Every custom id format ever posted still parses: buttons and menus in old messages
keep working after an upgrade (ids are persisted in users' Discord messages)."""

from __future__ import annotations

import re
from typing import Any

import pytest

from bot.discord.views import DYNAMIC_ITEMS, is_known

# The formats as the bot has posted them, with the values they carry: (custom id,
# game id, version or None). Never edit a row: add one when a format is added.
POSTED: list[tuple[str, int, int | None]] = [
    ("cf:lobby:join:12", 12, None),
    ("cf:lobby:leave:12", 12, None),
    ("cf:lobby:start:12", 12, None),
    ("cf:play:12:7", 12, 7),
    ("cf:hand:12", 12, None),
    ("cf:scores:12", 12, None),
    ("cf:resign:12", 12, None),
    ("cf:move:12:7", 12, 7),
    ("cf:group:12:7", 12, 7),
    ("cf:page:12:7:-:0", 12, 7),
    ("cf:page:12:7:3:2", 12, 7),
    ("cf:play:" + "9" * 18 + ":" + "9" * 9, int("9" * 18), int("9" * 9)),
    ("cf:lobby:join:" + "9" * 18, int("9" * 18), None),
]

FORGED = [
    "cf:lobby:explode:1",
    "cf:play:1:abc",
    "cf:play:1",
    "cf:hand:1:0",
    "cf:move:1",
    "cf:page:1:0:x:0",
    "cf:" + "9" * 90,
    "cf:play:" + "9" * 19 + ":0",
]


def parser_of(custom_id: str) -> tuple[type[Any], re.Match[str]]:
    matches = [
        (item, match)
        for item in DYNAMIC_ITEMS
        if (match := item.__discord_ui_compiled_template__.fullmatch(custom_id))
    ]
    assert len(matches) == 1, f"{custom_id!r} is parsed by {[m[0] for m in matches]}"
    return matches[0]


@pytest.mark.parametrize(("custom_id", "game_id", "version"), POSTED)
async def test_every_posted_custom_id_still_parses_and_round_trips(
    custom_id: str, game_id: int, version: int | None
) -> None:
    assert is_known(custom_id)
    item_type, match = parser_of(custom_id)
    item = await item_type.from_custom_id(None, None, match)  # the views never use them
    assert item.custom_id == custom_id
    assert item.game_id == game_id
    assert getattr(item, "version", None) == version


@pytest.mark.parametrize("custom_id", FORGED)
def test_forged_or_malformed_custom_ids_are_unknown(custom_id: str) -> None:
    assert not is_known(custom_id)
