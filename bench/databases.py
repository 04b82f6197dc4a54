"""Where a benchmark keeps its games: a SQLite file, or a fresh database on a private
PostgreSQL cluster (``campfire_testing/pgcluster.py``: ``initdb``/``pg_ctl`` on 127.0.0.1, started
once per benchmark run, no ``fsync``), so the two backends are measured side by side.

``--backend sqlite|postgresql|both`` (default ``both``; ``both`` without PostgreSQL on
the machine measures SQLite and says why).
"""

from __future__ import annotations

import argparse
import contextlib
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

from campfire_testing.pgcluster import Cluster, fresh_database, missing_reason, running_cluster

BACKENDS = ("sqlite", "postgresql")


def add_backend_argument(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--backend",
        choices=(*BACKENDS, "both"),
        default="both",
        help="the database(s) to measure (default: both; PostgreSQL on a private cluster)",
    )


def chosen(backend: str) -> list[str]:
    """The backends ``--backend`` names that this machine can run."""
    wanted = list(BACKENDS) if backend == "both" else [backend]
    reason = missing_reason()
    if "postgresql" in wanted and reason is not None:
        if backend == "postgresql":
            raise SystemExit(f"cannot measure PostgreSQL: {reason}")
        print(f"PostgreSQL left out: {reason}")
        wanted.remove("postgresql")
    return wanted


class Databases:
    """The cluster (started at its first use) and a fresh database per measurement."""

    def __init__(self, stack: contextlib.ExitStack) -> None:
        self._stack = stack
        self._cluster: Cluster | None = None

    @property
    def cluster(self) -> Cluster:
        if self._cluster is None:
            self._cluster = self._stack.enter_context(running_cluster())
        return self._cluster

    @contextlib.asynccontextmanager
    async def database(self, backend: str, folder: Path, name: str) -> AsyncIterator[str]:
        """A SQLite file in ``folder`` or a fresh PostgreSQL database (dropped after)."""
        if backend == "sqlite":
            yield str(folder / f"{name}.sqlite3")
            return
        async with fresh_database(self.cluster) as url:
            yield url


@contextlib.contextmanager
def databases() -> Iterator[Databases]:
    with contextlib.ExitStack() as stack:
        yield Databases(stack)


__all__ = ["BACKENDS", "Databases", "add_backend_argument", "chosen", "databases"]
