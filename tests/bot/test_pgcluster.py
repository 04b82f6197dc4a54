"""The tests' PostgreSQL cluster (``campfire_testing/pgcluster.py``) does not outlive its pytest: a
cluster whose owner is gone is stopped and removed by the next run, and SIGTERM stops
the cluster before the process ends."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
from pathlib import Path

import pytest

from campfire_testing.pgcluster import OWNER, PREFIX, Cluster, owner_alive, started_at, stop_stale

ROOT = Path(__file__).resolve().parents[2]


def dead_pid() -> int:
    """The pid of a process that has ended."""
    child = subprocess.Popen(["true"])
    child.wait()
    return child.pid


def accepts(port: int) -> bool:
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=2):
            return True
    except OSError:
        return False


def test_a_cluster_whose_owner_is_gone_is_stopped_and_removed(pg_cluster: Cluster) -> None:
    left = Cluster().start()  # as a killed pytest leaves it
    try:
        assert owner_alive(left.root) and accepts(left.port)
        (left.root / OWNER).write_text(f"{dead_pid()} 1\n")
        assert not owner_alive(left.root)
        assert left.root in stop_stale()
        assert not left.root.exists() and not accepts(left.port)
        # this worker's own cluster, whose owner runs, is left alone
        assert pg_cluster.root.is_dir() and accepts(pg_cluster.port)
    finally:
        left.stop()


def test_only_folders_of_gone_owners_are_stale(tmp_path: Path, pg_cluster: Cluster) -> None:
    me = f"{os.getpid()} {started_at(os.getpid())}"
    folders = {
        "alive": me,
        "dead": f"{dead_pid()} 1",
        "pid-used-again": f"{os.getpid()} 1",  # the pid now runs another process
        "no-owner": None,  # made by another version: maybe in use, left alone
    }
    for name, owner in folders.items():
        (tmp_path / f"{PREFIX}{name}").mkdir()
        if owner is not None:
            (tmp_path / f"{PREFIX}{name}" / OWNER).write_text(owner)
    removed = stop_stale(tmp_path)
    assert sorted(p.name for p in removed) == [f"{PREFIX}dead", f"{PREFIX}pid-used-again"]
    assert sorted(p.name for p in tmp_path.iterdir()) == [f"{PREFIX}alive", f"{PREFIX}no-owner"]


def test_sigterm_stops_the_cluster_before_the_process_ends(pg_cluster: Cluster) -> None:
    script = (
        "import time\n"
        "from campfire_testing.pgcluster import running_cluster\n"
        "with running_cluster() as cluster:\n"
        "    print(cluster.root, cluster.port, flush=True)\n"
        "    time.sleep(120)\n"
    )
    process = subprocess.Popen(
        [sys.executable, "-c", script], cwd=ROOT, stdout=subprocess.PIPE, text=True
    )
    try:
        assert process.stdout is not None
        root, port = process.stdout.readline().split()
        assert Path(root).is_dir() and accepts(int(port))
        process.send_signal(signal.SIGTERM)
        assert process.wait(timeout=60) == -signal.SIGTERM  # it still ends by the signal
        assert not Path(root).exists() and not accepts(int(port))
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()


if sys.platform != "linux":  # pragma: no cover - start times come from /proc
    pytestmark = pytest.mark.skip("Linux only")
