"""Fixtures for the Discord layer: a service with a picture-drawing stand-in, and a
``Harness`` around a Campfire client (the test game Wide is registered by
``tests/conftest.py``, before the command tree is built)."""

from __future__ import annotations

import io
from collections.abc import AsyncIterator, Mapping
from pathlib import Path
from typing import Any

import pytest
from discord.webhook.async_ import AsyncWebhookAdapter
from PIL import Image, ImageDraw

from bot.service import GameService
from bot.service.core import Drawer
from bot.store import Store
from campfire_testing.harness import ALICE, BOB, CAROL, MALLORY, Harness
from tests.bot.conftest import FakeClock, seeds

__all__ = ["ALICE", "BOB", "CAROL", "MALLORY", "draw_nim", "make_harness"]


def draw_nim(rules: str, view: Any, *, lang: str, names: Mapping[str, str] | None) -> bytes:
    """A real little PNG of a Nim heap (Nim has no renderer of its own)."""
    image = Image.new("RGB", (120, 40), "white")
    ImageDraw.Draw(image).text((5, 12), str(view)[:20], fill="black")
    out = io.BytesIO()
    image.save(out, format="PNG")
    return out.getvalue()


async def make_harness(
    db_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    *,
    seed_prefix: str = "seed",
    drawer: Drawer | None = draw_nim,
) -> tuple[Harness, Store]:
    """A set-up ``Harness`` over a service on ``db_path`` with known seeds and clock;
    ``drawer=None`` draws real pictures (``render.registry``)."""
    store = await Store.open(db_path)
    _STORES.append(store)
    service = GameService(store, seed_source=seeds(seed_prefix), clock=FakeClock(), drawer=drawer)
    harness = Harness(service)
    monkeypatch.setattr(AsyncWebhookAdapter, "request", _webhook_router)
    _ROUTES.append(harness)
    await harness.setup()
    return harness, store


_ROUTES: list[Harness] = []
_STORES: list[Store] = []


async def _webhook_router(
    self: AsyncWebhookAdapter, route: Any, session: Any = None, **kwargs: Any
) -> Any:
    """Interaction webhooks go to the newest harness (one per client in a test)."""
    return await _ROUTES[-1].fake.webhook(route, session, **kwargs)


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "campfire.sqlite3"


@pytest.fixture(autouse=True)
async def _close_everything() -> AsyncIterator[None]:
    """Every harness made in a test is settled and its store closed, even on failure
    (an open aiosqlite connection would keep the test process alive)."""
    yield
    for harness in _ROUTES:
        await harness.close()
    for store in _STORES:
        await store.close()
    _ROUTES.clear()
    _STORES.clear()


@pytest.fixture
async def bot(db_path: Path, monkeypatch: pytest.MonkeyPatch) -> Harness:
    harness, _ = await make_harness(db_path, monkeypatch)
    return harness
