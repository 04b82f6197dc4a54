"""A small cache for static artwork: drawn once per key, then copied for every turn."""

from __future__ import annotations

import logging
import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import Generic, TypeVar

log = logging.getLogger(__name__)

T = TypeVar("T")


class ArtCache(Generic[T]):
    """A thread-safe least-recently-used memo of built artwork (images, palettes, layouts).

    ``get(key, build)`` returns the stored value or builds it once. Callers must not
    mutate what they get: images are copied before drawing on them.
    """

    def __init__(self, name: str, capacity: int = 16) -> None:
        self.name = name
        self.capacity = capacity
        self._items: OrderedDict[Hashable, T] = OrderedDict()
        self._lock = threading.Lock()
        self.builds = 0

    def get(self, key: Hashable, build: Callable[[], T]) -> T:
        with self._lock:
            if key in self._items:
                self._items.move_to_end(key)
                return self._items[key]
        value = build()
        with self._lock:
            self.builds += 1
            self._items[key] = value
            self._items.move_to_end(key)
            while len(self._items) > self.capacity:
                self._items.popitem(last=False)
        log.debug("%s: built %r", self.name, key)
        return value

    def clear(self) -> None:
        with self._lock:
            self._items.clear()

    def __len__(self) -> int:
        return len(self._items)
