"""A private PostgreSQL cluster for the tests: ``initdb`` + ``pg_ctl`` in a temporary folder.

The server listens on 127.0.0.1 at a free port and on a socket in its own folder, trusts
local connections (role ``campfire``) and skips ``fsync``: it lives for one test session.
``initdb`` refuses to run as root, so as root the cluster is made and run as the
machine's ``postgres`` user (``runuser``) in a folder that user owns.

``binaries()`` finds ``initdb``/``pg_ctl`` on ``PATH`` or in Debian's
``/usr/lib/postgresql/<version>/bin``; ``missing_reason()`` says why none can be used.
Also usable from a script: ``python -m campfire_testing.pgcluster`` starts one and prints its URL.

A cluster's folder records its owner, the process that started it (``owner``: its pid
and start time, so a pid used again by another process is not taken for it). A pytest
killed outright cannot stop its cluster; the next ``running_cluster`` stops the clusters
whose owner is gone (``stop_stale``: ``pg_ctl stop -m immediate``) and removes their
folders. SIGTERM stops the cluster before the process ends.
"""

from __future__ import annotations

import contextlib
import itertools
import os
import shutil
import signal
import socket
import subprocess
import tempfile
import threading
import time
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

ROLE = "campfire"
SERVICE_USER = "postgres"
PREFIX = "campfire-pg-"
OWNER = "owner"
"""The file of a cluster's folder naming the process that owns it: ``pid start``."""


def binaries() -> Path | None:
    """The folder of ``initdb`` and ``pg_ctl``, or ``None``."""
    found = shutil.which("initdb")
    if found and shutil.which("pg_ctl"):
        return Path(found).resolve().parent
    versions = sorted(
        Path("/usr/lib/postgresql").glob("*/bin/initdb"),
        key=lambda p: int(p.parent.parent.name) if p.parent.parent.name.isdigit() else 0,
    )
    return versions[-1].parent if versions else None


def missing_reason() -> str | None:
    """Why no cluster can be started here (``None``: one can)."""
    if binaries() is None:
        return "PostgreSQL is not installed (no initdb on PATH or in /usr/lib/postgresql)"
    if os.geteuid() == 0:
        try:
            import pwd

            pwd.getpwnam(SERVICE_USER)
        except KeyError:
            return f"running as root and there is no {SERVICE_USER!r} user to run PostgreSQL"
        if shutil.which("runuser") is None:
            return "running as root and runuser is missing"
    return None


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


class Cluster:
    """One running PostgreSQL server; ``url(database)`` connects to it."""

    def __init__(self, *, durable: bool = False) -> None:
        """``durable``: every commit is on disk before the server answers it (the
        default skips that, fast for tests; a test that kills the server and counts on
        the moves it was told were stored asks for it)."""
        folder = binaries()
        if folder is None:
            raise RuntimeError(missing_reason())
        self.bin = folder
        self.root = Path(tempfile.mkdtemp(prefix=PREFIX))
        self.data = self.root / "data"
        self.port = 0
        self.durable = durable
        self._as_root = os.geteuid() == 0
        pid = os.getpid()
        (self.root / OWNER).write_text(f"{pid} {started_at(pid)}\n")
        if self._as_root:
            shutil.chown(self.root, user=SERVICE_USER, group=None)

    @classmethod
    def at(cls, root: Path) -> Cluster:
        """The cluster whose folder is ``root`` (to stop it), without making one."""
        cluster = cls.__new__(cls)
        folder = binaries()
        if folder is None:
            raise RuntimeError(missing_reason())
        cluster.bin, cluster.root, cluster.data = folder, root, root / "data"
        cluster.port, cluster._as_root = 0, os.geteuid() == 0
        cluster.durable = False
        return cluster

    def _options(self) -> str:
        """The server's command-line settings (port, socket folder, speed)."""
        fast = "" if self.durable else "-c fsync=off -c synchronous_commit=off "
        return (
            f"-p {self.port} -k {self.root} -c listen_addresses=127.0.0.1 "
            f"{fast}-c full_page_writes=off -c max_connections=200 -c shared_buffers=32MB"
        )

    def _run(self, *command: str) -> None:
        prefix = ["runuser", "-u", SERVICE_USER, "--"] if self._as_root else []
        done = subprocess.run(
            [*prefix, *command], capture_output=True, text=True, cwd=self.root, check=False
        )
        if done.returncode != 0:
            log = self.root / "server.log"
            tail = log.read_text(errors="replace")[-2000:] if log.exists() else ""
            raise RuntimeError(
                f"{Path(command[0]).name} failed ({done.returncode}): "
                f"{done.stderr.strip() or done.stdout.strip()}\n{tail}"
            )

    def start(self) -> Cluster:
        self._run(
            str(self.bin / "initdb"),
            "-D",
            str(self.data),
            "-U",
            ROLE,
            "-A",
            "trust",
            "-E",
            "UTF8",
            "--locale=C",
            "--no-sync",
        )
        for attempt in range(5):
            self.port = free_port()
            options = self._options()
            try:
                self._run(
                    str(self.bin / "pg_ctl"),
                    "-D",
                    str(self.data),
                    "-o",
                    options,
                    "-l",
                    str(self.root / "server.log"),
                    "-w",
                    "-t",
                    "30",
                    "start",
                )
                return self
            except RuntimeError:
                if attempt == 4:
                    raise
                time.sleep(0.2)  # the port was taken in between: another one
        return self

    def url(self, database: str = "postgres") -> str:
        return f"postgresql://{ROLE}@127.0.0.1:{self.port}/{database}"

    def halt(self, mode: str = "immediate") -> None:
        """Stop the server but keep its folder (an outage; ``resume`` starts it again on
        the same port). ``immediate``: as a crash, no clean shutdown."""
        self._run(str(self.bin / "pg_ctl"), "-D", str(self.data), "-m", mode, "-w", "stop")

    def kill(self) -> None:
        """Kill the server's main process outright (``SIGKILL``), as a machine that lost
        it; its folder stays for ``resume``."""
        pid = int((self.data / "postmaster.pid").read_text().split()[0])
        os.kill(pid, signal.SIGKILL)
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            try:
                os.kill(pid, 0)
            except ProcessLookupError:
                break
            time.sleep(0.05)

    def is_running(self) -> bool:
        """Whether the server runs (``pg_ctl status``)."""
        prefix = ["runuser", "-u", SERVICE_USER, "--"] if self._as_root else []
        done = subprocess.run(
            [*prefix, str(self.bin / "pg_ctl"), "-D", str(self.data), "status"],
            capture_output=True,
            cwd=self.root,
            check=False,
        )
        return done.returncode == 0

    def resume(self) -> None:
        """Start the server again after ``halt`` or ``kill``, on the same port."""
        self._run(
            str(self.bin / "pg_ctl"),
            "-D",
            str(self.data),
            "-o",
            self._options(),
            "-l",
            str(self.root / "server.log"),
            "-w",
            "-t",
            "30",
            "start",
        )

    def stop(self) -> None:
        """Stop the server at once (if it runs) and remove its folder."""
        if not self.root.is_dir():
            return
        with contextlib.suppress(RuntimeError):
            self._run(str(self.bin / "pg_ctl"), "-D", str(self.data), "-m", "immediate", "stop")
        shutil.rmtree(self.root, ignore_errors=True)


def started_at(pid: int) -> str:
    """When process ``pid`` started (clock ticks since boot, from ``/proc``), or ``""``
    where that cannot be read."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return ""
    fields = stat.rpartition(")")[2].split()
    return fields[19] if len(fields) > 19 else ""


def owner_alive(root: Path) -> bool:
    """Whether the process that started the cluster in ``root`` still runs (a folder
    without an owner, made by another version of this file, counts as alive)."""
    try:
        pid_text, _, start = (root / OWNER).read_text().strip().partition(" ")
        pid = int(pid_text)
    except (OSError, ValueError):
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        pass
    return not start or started_at(pid) in ("", start)


def stop_stale(parent: Path | None = None) -> list[Path]:
    """Stop the clusters in ``parent`` (default: the temporary folder) whose owner is
    gone, and remove their folders; the folders removed."""
    stopped = []
    for root in sorted(Path(parent or tempfile.gettempdir()).glob(f"{PREFIX}*")):
        if not root.is_dir() or owner_alive(root):
            continue
        Cluster.at(root).stop()
        stopped.append(root)
    return stopped


_names = itertools.count()


@contextlib.asynccontextmanager
async def fresh_database(cluster: Cluster) -> AsyncIterator[str]:
    """A new empty schema on ``cluster``, as the URL of a database whose search path
    starts there (far cheaper than a database each), dropped afterwards."""
    import asyncpg

    name = f"t{os.getpid()}_{next(_names)}"
    admin = await asyncpg.connect(cluster.url())
    try:
        await admin.execute(f"CREATE SCHEMA {name}")
        yield f"{cluster.url()}?search_path={name}"
    finally:
        try:
            await admin.execute(f"DROP SCHEMA {name} CASCADE")
        finally:
            await admin.close()


async def empty_tables(url: str) -> None:
    """Delete every row of the schema at ``url`` but its schema version and restart its
    identities (so ids start at 1 again): a migrated database as new, in one trip."""
    import asyncpg

    connection = await asyncpg.connect(url)
    try:
        tables = await connection.fetch(
            "SELECT tablename FROM pg_tables WHERE schemaname = current_schema() "
            "AND tablename <> 'schema_version'"
        )
        sequences = await connection.fetch(
            "SELECT sequencename FROM pg_sequences WHERE schemaname = current_schema()"
        )
        # replica: the append-only triggers and the foreign keys (triggers too) rest
        script = ["SET session_replication_role = replica"]
        script += [f"DELETE FROM {r[0]}" for r in tables]
        script += [f"ALTER SEQUENCE {r[0]} RESTART" for r in sequences]
        script.append("SET session_replication_role = origin")
        await connection.execute(";\n".join(script))
    finally:
        await connection.close()


@contextlib.contextmanager
def running_cluster(*, durable: bool = False) -> Iterator[Cluster]:
    """A new cluster, once the clusters of dead processes are stopped; stopped at the
    end, or when the process is sent SIGTERM (then the process ends as it would have).
    ``durable``: see ``Cluster``."""
    stop_stale()
    cluster = Cluster(durable=durable)
    with stopped_on_sigterm(cluster):
        cluster.start()
        yield cluster


@contextlib.contextmanager
def stopped_on_sigterm(cluster: Cluster) -> Iterator[None]:
    """Stop ``cluster`` when the block ends, and on SIGTERM before the signal's own
    effect (where the main thread can catch it and the signal is not ignored)."""
    previous = signal.getsignal(signal.SIGTERM)
    catch = threading.current_thread() is threading.main_thread() and previous not in (
        signal.SIG_IGN,
        None,
    )

    def on_term(number: int, frame: object) -> None:
        cluster.stop()
        signal.signal(signal.SIGTERM, previous)
        if callable(previous):
            previous(number, frame)  # type: ignore[arg-type]
        else:
            os.kill(os.getpid(), number)

    if catch:
        signal.signal(signal.SIGTERM, on_term)
    try:
        yield
    finally:
        if catch and signal.getsignal(signal.SIGTERM) is on_term:
            signal.signal(signal.SIGTERM, previous)
        cluster.stop()


if __name__ == "__main__":  # pragma: no cover - a manual aid
    with running_cluster() as cluster:
        print(cluster.url(), flush=True)
        with contextlib.suppress(KeyboardInterrupt):
            while True:
                time.sleep(3600)
