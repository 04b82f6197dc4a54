"""Caches of built artwork, each bounded by the bytes it holds, not by a count.

Drawn once per key, then copied for every turn: when several threads ask for the same
key at once, the first builds it and the others wait for that build instead of building
it again (a start's first pictures all need the same static art). With pictures drawn
in threads every
cache lives in the bot's own process, so each one has a byte budget (``budget``, in
bytes): when a new entry takes it over, the least recently used entries go. Sizes are
estimated by ``nbytes`` (a Pillow image by its pixel buffer, containers by what they
hold). Every cache registers itself: ``caches()`` lists them, ``total_budget()`` is the
ceiling of all of them together (documented in the architecture page, held by
``tests/render/test_cache.py``).
"""

from __future__ import annotations

import logging
import sys
import threading
import weakref
from collections import OrderedDict
from collections.abc import Callable, Hashable
from concurrent.futures import Future
from typing import Generic, TypeVar

from PIL import Image

log = logging.getLogger(__name__)

T = TypeVar("T")

MB = 1024 * 1024
DEFAULT_BUDGET = 8 * MB
"""The budget of a cache that names none (it may also bound the count: ``capacity``)."""


def image_bytes(image: Image.Image) -> int:
    """The bytes of ``image``'s pixel buffer as Pillow stores it: four a pixel for every
    image of several bands (``RGB`` included) and for ``I``/``F``, two for ``I;16``,
    one for ``L``, ``P`` and ``1`` (a palette image adds its palette)."""
    if image.mode.startswith("I;16"):
        per_pixel = 2
    elif image.mode in ("I", "F") or len(image.getbands()) > 1:
        per_pixel = 4
    else:
        per_pixel = 1
    palette = 768 if image.mode in ("P", "PA") else 0
    return image.width * image.height * per_pixel + palette + 200


def nbytes(value: object, _depth: int = 0) -> int:
    """An estimate of the memory ``value`` holds: images by their pixels, bytes by their
    length, tuples, lists, dicts and dataclass-like objects by what they hold (a few
    levels deep), anything else by ``sys.getsizeof``."""
    if isinstance(value, Image.Image):
        return image_bytes(value)
    if isinstance(value, (bytes, bytearray, str, int, float, bool)) or value is None:
        return sys.getsizeof(value)
    if _depth > 4:
        return sys.getsizeof(value)
    if isinstance(value, (tuple, list, set, frozenset)):
        return sys.getsizeof(value) + sum(nbytes(item, _depth + 1) for item in value)
    if isinstance(value, dict):
        return sys.getsizeof(value) + sum(
            nbytes(k, _depth + 1) + nbytes(v, _depth + 1) for k, v in value.items()
        )
    fields = getattr(value, "__dict__", None)
    if isinstance(fields, dict):
        return sys.getsizeof(value) + nbytes(fields, _depth + 1)
    slots = getattr(type(value), "__slots__", ())
    if slots:
        held = (getattr(value, name, None) for name in slots)
        return sys.getsizeof(value) + sum(nbytes(item, _depth + 1) for item in held)
    return sys.getsizeof(value)


_registry: weakref.WeakSet[ArtCache[object]] = weakref.WeakSet()
_share = 1.0
"""The part of its budget every cache of this process may hold (``share_budgets``)."""


def budget_share() -> float:
    """The part of its budget every cache of this process may hold (1 unless
    ``share_budgets`` said otherwise)."""
    return _share


def share_budgets(fraction: float) -> None:
    """Let every cache of this process, those made later included, hold ``fraction`` (0
    to 1) of its budget: each of N render processes takes 1/N, so that together they
    hold what one process drawing in threads holds. What a cache holds beyond its new
    budget goes at once, the least recently used first."""
    global _share
    if not 0 < fraction <= 1:
        raise ValueError(f"a share of the budgets is more than 0 and at most 1, not {fraction}")
    _share = fraction
    for cache in caches():
        cache.trim()


class _Build(Generic[T]):
    """A key being built: the thread building it, and its outcome for the callers that
    wait (made by the first of them, under the cache's lock)."""

    __slots__ = ("owner", "outcome")

    def __init__(self, owner: int) -> None:
        self.owner = owner
        self.outcome: Future[T] | None = None


class ArtCache(Generic[T]):
    """A thread-safe least-recently-used memo of built artwork (images, palettes, layouts),
    bounded by ``budget`` bytes (and by ``capacity`` entries when given).

    ``get(key, build)`` returns the stored value or builds it once: a caller that finds
    ``key`` being built by another thread waits for that build and gets its value (or
    its exception) rather than building it again. Callers must not
    mutate what they get: images are copied before drawing on them. A value bigger
    than the whole budget is returned but not kept. ``size`` estimates a value's bytes
    (default ``nbytes``).
    """

    def __init__(
        self,
        name: str,
        capacity: int | None = None,
        *,
        budget: int = DEFAULT_BUDGET,
        size: Callable[[T], int] = nbytes,
    ) -> None:
        self.name = name
        self.capacity = capacity
        self.full_budget = budget
        """The budget of this cache alone in its process (``budget`` is its share)."""
        self._size = size
        self._items: OrderedDict[Hashable, tuple[T, int]] = OrderedDict()
        self._lock = threading.Lock()
        self._building: dict[Hashable, _Build[T]] = {}
        """The keys being built now: the thread building each, and the build's outcome
        once another caller waits for it."""
        self.bytes = 0
        self.builds = 0
        self.waits = 0
        """Callers that waited for another thread's build of their key."""
        self.evictions = 0
        _registry.add(self)  # type: ignore[arg-type]

    @property
    def budget(self) -> int:
        """The bytes this cache may hold: its ``full_budget``, or this process's share of
        it (``share_budgets``)."""
        return max(1, int(self.full_budget * _share))

    def get(self, key: Hashable, build: Callable[[], T]) -> T:
        with self._lock:
            found = self._items.get(key)
            if found is not None:
                self._items.move_to_end(key)
                return found[0]
            pending = self._building.get(key)
            if pending is None:
                mine = self._building[key] = _Build(threading.get_ident())
            elif pending.owner == threading.get_ident():
                raise RuntimeError(f"{self.name}: {key!r} asked for while building it")
            else:
                self.waits += 1
                if pending.outcome is None:  # made only when someone waits: a miss stays cheap
                    pending.outcome = Future()
                waiting = pending.outcome
        if pending is not None:  # another thread builds it: wait for its value
            return waiting.result()
        try:
            value = build()
            cost = self._size(value)
        except BaseException as exc:
            with self._lock:
                del self._building[key]
            if mine.outcome is not None:
                mine.outcome.set_exception(exc)
            raise
        self._keep(key, value, cost)
        if mine.outcome is not None:  # set under the lock by a waiter, before _keep's
            mine.outcome.set_result(value)
        return value

    def _keep(self, key: Hashable, value: T, cost: int) -> None:
        with self._lock:
            del self._building[key]
            self.builds += 1
            if cost > self.budget:
                log.debug(
                    "%s: %r (%d bytes) is over the whole budget, not kept", self.name, key, cost
                )
                return
            old = self._items.pop(key, None)
            if old is not None:
                self.bytes -= old[1]
            self._items[key] = (value, cost)
            self.bytes += cost
            self._evict()
        log.debug("%s: built %r", self.name, key)

    def _evict(self) -> None:
        """Drop the least recently used entries while over the budget (lock held)."""
        budget = self.budget
        while self._items and (
            self.bytes > budget or (self.capacity is not None and len(self._items) > self.capacity)
        ):
            _, (_, freed) = self._items.popitem(last=False)
            self.bytes -= freed
            self.evictions += 1

    def trim(self) -> None:
        """Drop what this cache holds beyond its budget (after ``share_budgets``)."""
        with self._lock:
            self._evict()

    def peek(self, key: Hashable) -> T | None:
        """The stored value of ``key`` (used again: it goes last), or ``None`` (nothing
        is built)."""
        with self._lock:
            found = self._items.get(key)
            if found is None:
                return None
            self._items.move_to_end(key)
            return found[0]

    def discard(self, key: Hashable) -> None:
        """Forget ``key`` (nothing happens when it is not stored)."""
        with self._lock:
            found = self._items.pop(key, None)
            if found is not None:
                self.bytes -= found[1]

    def clear(self) -> None:
        with self._lock:
            self._items.clear()
            self.bytes = 0

    def __len__(self) -> int:
        return len(self._items)


def caches() -> list[ArtCache[object]]:
    """Every artwork cache of this process (those of the renderers imported so far),
    by name."""
    return sorted(_registry, key=lambda cache: cache.name)


def total_budget() -> int:
    """The bytes all the caches of this process may hold together."""
    return sum(cache.budget for cache in caches())


def held() -> dict[str, int]:
    """The bytes each cache holds now, by name."""
    return {cache.name: cache.bytes for cache in caches()}
