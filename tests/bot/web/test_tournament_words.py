"""A tournament's page read as French: the colon of a table's line spaced as French
spaces it, counts that agree, and no second person on a page anyone with the link reads."""

from __future__ import annotations

import re
from collections.abc import Callable
from html import unescape
from typing import Any

from bot.service import GameService
from bot.store.database import SqlStore
from tests.bot.web.test_tournament_page import nim_tournament, tournament_token
from tests.rules.test_table_voice import SECOND_PERSON

WebClient = Callable[..., Any]


def words(page: str, between: str = " ") -> str:
    """The page's text: no scripts or styles, each tag ``between`` ("" joins a link to
    what follows it, as a reader sees it)."""
    page = re.sub(r"<(script|style)\b.*?</\1>", " ", page, flags=re.S)
    return unescape(re.sub(r"<[^>]+>", between, page))


async def test_the_page_reads_as_french_and_as_english(
    store: SqlStore, web_client: WebClient, nim: None
) -> None:
    service = GameService(store)
    try:
        tournament = await nim_tournament(service)
    finally:
        service.close()
    client = await web_client()
    token = tournament_token(tournament)
    french = words(await (await client.get(f"/t/{token}?lang=fr")).text())
    shown = words(await (await client.get(f"/t/{token}?lang=fr")).text(), "")
    assert re.search(r"Table 1 : \S", shown), shown
    assert "suisse, 2 rondes" in french
    english = words(await (await client.get(f"/t/{token}?lang=en")).text())
    shown = words(await (await client.get(f"/t/{token}?lang=en")).text(), "")
    assert re.search(r"Table 1: \S", shown) and "Swiss, 2 rounds" in english
    for lang, text in (("fr", french), ("en", english)):
        assert not SECOND_PERSON[lang].search(text), (lang, SECOND_PERSON[lang].search(text))
