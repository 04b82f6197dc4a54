"""Discord's size limits hold in every payload of whole Origin games, in both languages:
menus, autocomplete, hands, boards, scores and results."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from campfire_testing.harness import Call, Harness, walk_components
from tests.bot.discord.conftest import CAROL
from tests.bot.discord.test_hidden_information import start
from tests.bot.discord.test_origin_classic import USERS, classic_harness, newest

EMBED_LIMITS = {"title": 256, "description": 4096}


def limit_problems(call: Call) -> list[str]:
    """Every Discord limit ``call`` breaks (empty when it would be accepted)."""
    data = call.data
    problems = []
    if len(data.get("content") or "") > 2000:
        problems.append("content > 2000")
    embeds = data.get("embeds") or []
    if len(embeds) > 10:
        problems.append("more than 10 embeds")
    for embed in embeds:
        total = 0
        for key, limit in EMBED_LIMITS.items():
            total += len(embed.get(key) or "")
            if len(embed.get(key) or "") > limit:
                problems.append(f"embed {key} > {limit}")
        fields = embed.get("fields") or []
        if len(fields) > 25:
            problems.append("more than 25 fields")
        for field in fields:
            total += len(field["name"]) + len(field["value"])
            if not 1 <= len(field["name"]) <= 256 or not 1 <= len(field["value"]) <= 1024:
                problems.append(f"field {field['name'][:30]!r} out of bounds")
        footer = (embed.get("footer") or {}).get("text") or ""
        total += len(footer)
        if len(footer) > 2048:
            problems.append("footer > 2048")
        if total > 6000:
            problems.append(f"embed of {total} characters")
    for component in walk_components(data.get("components") or []):
        if len(component.get("custom_id", "")) > 100:
            problems.append("custom id > 100")
        if len(component.get("label") or "") > 80:
            problems.append("button label > 80")
        options = component.get("options")
        if options is not None:
            if not 1 <= len(options) <= 25:
                problems.append(f"{len(options)} select options")
            values = [o["value"] for o in options]
            if len(set(values)) != len(values):
                problems.append("duplicate select values")
            for option in options:
                for key in ("label", "value", "description"):
                    if not 1 <= len(option.get(key) or "x") <= 100:
                        problems.append(f"select option {key} of {len(option.get(key))}")
        if len(component.get("placeholder") or "") > 150:
            problems.append("placeholder > 150")
    choices = data.get("choices")
    if choices is not None:
        if len(choices) > 25:
            problems.append(f"{len(choices)} choices")
        for choice in choices:
            if not 1 <= len(choice["name"]) <= 100 or not 1 <= len(str(choice["value"])) <= 100:
                problems.append(f"choice {choice['name'][:30]!r} out of bounds")
    return problems


async def menu_move(bot: Harness, user: Any, chooser: random.Random) -> list[Call]:
    """``user`` presses Play on the newest turn message, walks the menu (kinds, pages)
    and picks a move there."""
    game = await bot.service.game(1)
    turn = bot.find(int(game.thread_id or 0), "cf:play:")
    calls = await bot.press(user, turn, f"cf:play:1:{game.version}")
    menu = newest(bot)
    for _ in range(4):
        select = menu["components"][0]["components"][0]
        if not select["custom_id"].startswith("cf:group:"):
            break
        value = chooser.choice(select["options"])["value"]
        calls += await bot.press(user, menu, select["custom_id"], values=[value])
        menu = bot.message(menu["id"])
    options = [o["value"] for o in select["options"] if o["value"] != "back"]
    value = chooser.choice(options or [select["options"][0]["value"]])
    return calls + await bot.press(user, menu, select["custom_id"], values=[value])


@pytest.mark.parametrize("rules", ["origin", "origin-junior"])
async def test_every_payload_of_a_whole_game_fits_discord(
    rules: str, db_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    bot = await classic_harness(db_path, monkeypatch)
    thread = await start(bot, rules)
    chooser = random.Random(17)
    problems: list[tuple[str, str]] = []
    checked = 0
    for turn in range(1500):
        game = await bot.service.game(1)
        if game.status != "running":
            break
        user = USERS[game.to_act[0]]
        calls: list[Call] = []
        if turn % 5 == 0:
            calls += await bot.command(user, "hand", channel=thread)
            calls += await bot.command(CAROL, "scores", channel=thread)
        if turn % 2 == 0:
            for typed in ("", "a", "e"):
                choices = await bot.autocomplete(user, "move", "move", channel=thread, move=typed)
                fake = Call("POST", "autocomplete", "", None, {"choices": choices})  # type: ignore[arg-type]
                problems += [(typed, p) for p in limit_problems(fake)]
        calls += await menu_move(bot, user, chooser)
        after = await bot.service.game(1)
        assert after.version == game.version + 1
        for call in calls:
            checked += 1
            problems += [(call.path, p) for p in limit_problems(call)]
    assert (await bot.service.game(1)).status == "over"
    calls = await bot.command(CAROL, "scores", channel=thread)
    calls += await bot.command(CAROL, "games", channel=thread)
    problems += [(c.path, p) for c in calls for p in limit_problems(c)]
    assert checked > 100
    assert problems == []


def test_the_limit_checker_sees_overflows() -> None:
    option = {"label": "x" * 101, "value": "v"}
    select = {"type": 3, "custom_id": "cf:move:1:0", "options": [option, dict(option)]}
    body = {
        "content": "",
        "embeds": [{"title": "t" * 257, "fields": [{"name": "n", "value": "v" * 1025}]}],
        "components": [{"type": 1, "components": [select]}],
        "choices": [{"name": "c", "value": "v" * 101}] * 26,
    }
    problems = limit_problems(Call("POST", "/x", "", None, body))  # type: ignore[arg-type]
    assert set(problems) == {
        "embed title > 256",
        "field 'n' out of bounds",
        "duplicate select values",
        "select option label of 101",
        "26 choices",
        "choice 'c' out of bounds",
    }
