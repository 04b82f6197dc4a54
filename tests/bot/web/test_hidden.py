"""Only public information leaves the web companion: whole games of every game with
hidden information are played, and at every few moves each page, fragment, JSON answer,
record, event and picture input is searched for what no player but its owner (or nobody
yet) may know: the ids of cards, tokens and tiles in hands and piles, and Origin's card
titles and texts.

What is hidden is read from the rules themselves: every id-like string of the state and
of the seats' private views (``view(state, seat)``) that the public view has not shown
so far and that no public label names."""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

import pytest

from bot.service import GameInfo, GameService
from bot.store.database import SqlStore
from rules import registry
from rules.base import Text
from rules.i18n import translate
from rules.origin.classic.cards import CARDS
from tests.bot.web.conftest import game_token, open_game, play, tiny_png

pytestmark = pytest.mark.slow

ID = re.compile(r"[A-Za-z]{1,4}[-_]?\d{1,3}")
"""What a component's id looks like (``OB19``, ``IN25``, ``E07``, ``A1``)."""
EVERY = 12
"""Moves between two searches."""


def strings(value: Any, out: set[str]) -> set[str]:
    if isinstance(value, str):
        out.add(value)
    elif isinstance(value, Mapping):
        for key, item in value.items():
            out.add(str(key))
            strings(item, out)
    elif isinstance(value, list | tuple | set | frozenset):
        for item in value:
            strings(item, out)
    return out


def text_strings(text: Text, out: set[str]) -> set[str]:
    out.add(text.key)
    for value in text.params.values():
        if isinstance(value, Text):
            text_strings(value, out)
        else:
            strings(value, out)
    return out


def secret_texts(ids: set[str]) -> set[str]:
    """Origin Classic's title and text of each hidden card, in both languages."""
    found = set()
    for card_id in ids & set(CARDS):
        card = CARDS[card_id]
        for lang in ("en", "fr"):
            found.add(translate(card.title_key, lang))
            found.add(translate(f"origin.classic.card.{card_id}.text", lang))
    return {t for t in found if len(t) >= 6 and "." not in t[:3]}


def leaks(text: str, token: str, ids: set[str], texts: set[str]) -> list[str]:
    text = text.replace(token, "")
    found = [i for i in ids if re.search(rf"(?<![\w-]){re.escape(i)}(?![\w-])", text)]
    return found + [t for t in texts if t in text]


@pytest.mark.parametrize("rules", ["origin", "origin-junior", "sapiens", "orbis", "tribes"])
async def test_no_page_shows_what_is_hidden(
    rules: str, db_path: Path, store: SqlStore, web_client: Callable[..., Any]
) -> None:
    drawn: list[Mapping[str, Any]] = []

    def recording(rules_id: str, view: Mapping[str, Any], **kwargs: Any) -> bytes:
        drawn.append(view)
        return tiny_png()

    client = await web_client(drawer=recording)
    service = GameService(store, seed_source=lambda: f"web-{rules}")
    game = registry.get(rules)
    info = await open_game(service, rules, 3)
    token = game_token(info.id)
    chooser = random.Random(rules)
    public: set[str] = set()  # every string a public view or a public label has shown
    searched = {"pages": 0, "hidden": 0}

    async def search(now: GameInfo) -> None:
        state = (await service.pipeline.started(now.id)).state
        history = await service.history(now.id)
        view_now = strings(game.view(state, None), set())
        for entry in history:
            text_strings(entry.public_label, public)
            for note in entry.notes:
                text_strings(note, public)
        private = strings(state.data, set())
        for seat in state.seats:
            strings(game.view(state, seat), private)
        hidden_now = {s for s in private - view_now - public if ID.fullmatch(s)}
        hidden_ever = hidden_now - public
        public.update(view_now)
        searched["hidden"] += len(hidden_ever)
        steps = len(history)
        earlier = chooser.randrange(0, steps + 1)
        answers = {
            "page": await client.get(f"/g/{token}?lang=en"),
            "page fr": await client.get(f"/g/{token}?lang=fr&layout=card"),
            "json": await client.get(f"/g/{token}/game.json"),
            "poll": await client.get(f"/g/{token}/poll"),
            "earlier": await client.get(f"/g/{token}/fragment?at={earlier}&lang=fr"),
            "earlier json": await client.get(f"/g/{token}/game.json?at={earlier}"),
            "earlier words": await client.get(f"/g/{token}/words.txt?at={earlier}"),
            "words": await client.get(f"/g/{token}/words.txt?lang=fr"),
        }
        if now.status == "running":  # once over, the record tells every move
            answers["record"] = await client.get(f"/g/{token}/record.json")
            answers["record text"] = await client.get(f"/g/{token}/record.txt?lang=fr")
        for name, answer in answers.items():
            assert answer.status == 200, name
            body = await answer.text()
            secret = hidden_ever if name.startswith("earlier") else hidden_now
            texts = secret_texts(secret) - secret_texts(public)  # copies share a title
            found = leaks(body, token, secret, texts)
            assert found == [], f"{rules} move {steps}, {name}: {sorted(found)[:5]}"
            searched["pages"] += 1
        for view in drawn:
            assert not (strings(view, set()) & hidden_ever), f"{rules}: a picture's input"
        drawn.clear()

    moves = 0

    async def each(now: GameInfo) -> None:
        nonlocal moves
        moves += 1
        if moves % EVERY == 0 or now.status != "running":
            await search(now)
        else:
            state = (await service.pipeline.started(now.id)).state
            strings(game.view(state, None), public)

    events = await client.get(f"/g/{token}/events")
    first = await events.content.readuntil(b"\n\n")
    assert first.startswith(b"event: revision\ndata: {") and b"revision" in first
    events.close()
    try:
        info = await play(service, info, 11, each=each)
    finally:
        service.close()
    assert info.status == "over"
    assert searched["pages"] > 20
    if rules in ("origin", "origin-junior", "tribes"):
        assert searched["hidden"] > 0  # there was something to hide, and it stayed hidden
