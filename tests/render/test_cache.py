"""The renderers' caches are bounded by bytes, and all of them together by the documented sum."""

from __future__ import annotations

import re
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
from PIL import Image

from render.kit import cache
from render.kit.cache import MB, ArtCache, image_bytes, nbytes
from render.kit.paint import Canvas, Palette

ROOT = Path(__file__).resolve().parents[2]


def test_image_bytes_counts_the_pixel_buffer_as_pillow_stores_it() -> None:
    assert image_bytes(Image.new("L", (100, 10))) == 1000 + 200
    assert image_bytes(Image.new("RGB", (100, 10))) == 4000 + 200  # RGB takes 4 bytes
    assert image_bytes(Image.new("P", (100, 10))) == 1000 + 768 + 200
    pair = (Image.new("RGBA", (10, 10)), Image.new("L", (10, 10)))
    assert nbytes(pair) > image_bytes(pair[0]) + image_bytes(pair[1])


def test_the_least_recently_used_go_when_the_budget_is_full() -> None:
    kept = ArtCache[Image.Image]("test.lru", budget=3 * (10_000 + 200))
    built: list[int] = []

    def build(n: int) -> Image.Image:
        built.append(n)
        return Image.new("L", (100, 100), n)

    for n in range(3):
        kept.get(n, lambda n=n: build(n))  # type: ignore[misc]
    kept.get(0, lambda: build(99))  # 0 is used again: 1 is now the oldest
    kept.get(3, lambda: build(3))
    assert built == [0, 1, 2, 3]
    assert len(kept) == 3 and kept.bytes <= kept.budget
    kept.get(1, lambda: build(1))  # 1 was dropped: built again
    assert built == [0, 1, 2, 3, 1]
    assert kept.evictions == 2


def test_a_value_over_the_whole_budget_is_returned_and_not_kept() -> None:
    kept = ArtCache[Image.Image]("test.big", budget=1000)
    big = kept.get("big", lambda: Image.new("L", (100, 100)))
    assert big.size == (100, 100)
    assert len(kept) == 0 and kept.bytes == 0


def test_a_stamp_whose_source_is_gone_is_made_again() -> None:
    """Stamps are keyed by their source's ``id``; a new sprite may reuse the id of a dead
    one, and must not get the dead one's stamp."""
    palette = Palette(Image.new("P", (1, 1)))
    palette.image.putpalette([0, 0, 0, 255, 0, 0, 0, 0, 255] + [0] * 759)
    ground = Image.new("RGB", (20, 20), (0, 0, 0))
    canvas = Canvas(ground, palette.quantize(ground), palette, "test.stamps")
    for colour in ((255, 0, 0, 255), (0, 0, 255, 255)) * 3:
        sprite = Image.new("RGBA", (4, 4), colour)
        canvas.sprite(sprite, (10, 10))
        assert canvas.image.convert("RGB").getpixel((10, 10)) == colour[:3]
        del sprite  # the next sprite may well get the same id


def test_every_cache_has_a_budget_and_their_sum_is_the_documented_one() -> None:
    import render.kit.card
    import render.kit.phone
    import render.nim
    import render.orbis
    import render.origin
    import render.origin_classic
    import render.sapiens
    import render.tribes  # noqa: F401  (every renderer's caches)

    named = [c for c in cache.caches() if not c.name.startswith("test")]
    assert named and all(c.budget > 0 for c in named)
    total = sum(c.budget for c in named) / MB
    text = (ROOT / "docs" / "contributors" / "architecture.md").read_text(encoding="utf-8")
    documented = re.search(r"at most (\d+) MB of cached artwork", text)
    assert documented is not None, "the architecture page gives the caches' sum"
    assert total <= int(documented.group(1)), (total, documented.group(1))
    for one in named:
        assert one.name in text, f"{one.name} is not in the architecture page's table"


def test_a_key_asked_for_while_another_thread_builds_it_waits_for_that_build() -> None:
    """A start's first pictures all need the same static art at once: the second
    caller waits for the first's build instead of building it again, and a caller of
    another key does not wait."""
    kept = ArtCache[Image.Image]("test.once", budget=MB)
    started, release = threading.Event(), threading.Event()
    built: list[str] = []

    def slow() -> Image.Image:
        built.append("slow")
        started.set()
        assert release.wait(10)
        return Image.new("L", (10, 10), 7)

    with ThreadPoolExecutor(4) as pool:
        first = pool.submit(kept.get, "art", slow)
        assert started.wait(10)
        waiting = [pool.submit(kept.get, "art", slow) for _ in range(2)]
        other = kept.get("other", lambda: Image.new("L", (1, 1)))  # not held up
        assert other.size == (1, 1)
        deadline = time.monotonic() + 10
        while kept.waits < 2 and time.monotonic() < deadline:
            time.sleep(0.01)
        assert kept.waits == 2 and not any(f.done() for f in waiting)
        release.set()
        values = [first.result(10), *(f.result(10) for f in waiting)]
    assert built == ["slow"] and kept.builds == 2  # "art" once, "other" once
    assert all(v is values[0] for v in values)
    assert kept.get("art", slow) is values[0]


def test_the_callers_waiting_for_a_failed_build_get_its_error_and_the_next_builds_again() -> None:
    kept = ArtCache[Image.Image]("test.failed", budget=MB)
    started, release = threading.Event(), threading.Event()

    def broken() -> Image.Image:
        started.set()
        assert release.wait(10)
        raise ValueError("no art")

    with ThreadPoolExecutor(2) as pool:
        first = pool.submit(kept.get, "art", broken)
        assert started.wait(10)
        waiting = pool.submit(kept.get, "art", broken)
        deadline = time.monotonic() + 10
        while kept.waits < 1 and time.monotonic() < deadline:
            time.sleep(0.01)
        release.set()
        for future in (first, waiting):
            with pytest.raises(ValueError, match="no art"):
                future.result(10)
    assert len(kept) == 0
    assert kept.get("art", lambda: Image.new("L", (2, 2))).size == (2, 2)


def test_a_build_that_asks_for_its_own_key_fails_instead_of_waiting_for_itself() -> None:
    kept = ArtCache[Image.Image]("test.self", budget=MB)

    def build() -> Image.Image:
        return kept.get("art", build)

    with pytest.raises(RuntimeError, match="while building it"):
        kept.get("art", build)
    assert kept.get("art", lambda: Image.new("L", (3, 3))).size == (3, 3)


def test_a_share_of_the_budgets_holds_each_cache_to_that_part_of_its_own() -> None:
    """One of N render processes gives each cache 1/N of its budget (what it holds
    beyond goes at once, and caches made later get the share too), so that N processes
    hold what one drawing in threads holds."""
    kept = ArtCache[Image.Image]("test.share", budget=4 * (10_000 + 200))
    for n in range(4):
        kept.get(n, lambda n=n: Image.new("L", (100, 100), n))  # type: ignore[misc]
    assert len(kept) == 4
    try:
        cache.share_budgets(0.5)
        assert kept.budget == 2 * (10_000 + 200) and kept.full_budget == 4 * (10_000 + 200)
        assert len(kept) == 2 and kept.bytes <= kept.budget
        assert kept.peek(0) is None and kept.peek(3) is not None  # the oldest went
        later = ArtCache[Image.Image]("test.share.later", budget=MB)
        assert later.budget == MB // 2
        with pytest.raises(ValueError):
            cache.share_budgets(0)
    finally:
        cache.share_budgets(1.0)
    assert kept.budget == kept.full_budget
