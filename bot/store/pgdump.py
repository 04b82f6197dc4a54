"""``campfire db backup`` on a ``postgresql://`` URL: the machine's ``pg_dump``.

The dump is PostgreSQL's custom format (``pg_dump --format=custom``), written to a
temporary file beside the target and moved into place once ``pg_dump`` succeeded, so a
failed dump never leaves half a file; ``pg_restore`` reads it back. The password of the
URL goes to ``pg_dump`` through ``PGPASSWORD`` (never on its command line, where ``ps``
would show it) and is never printed. A ``search_path`` in the URL (a query parameter
asyncpg understands and ``pg_dump`` does not) names the schema the games live in: only
that schema is dumped.
"""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path
from urllib.parse import parse_qsl, urlencode, urlsplit, urlunsplit

from bot.store.maintenance import MaintenanceError
from bot.store.postgres import shown_url

TIMEOUT = 6 * 3600
"""Seconds a dump may take before it is given up."""


def dump_command(url: str, target: Path) -> tuple[list[str], dict[str, str]]:
    """The ``pg_dump`` command line writing ``url``'s database to ``target`` and the
    variables to add to its environment (the password). Raises ``MaintenanceError``
    when no ``pg_dump`` is on ``PATH``."""
    program = shutil.which("pg_dump")
    if program is None:
        raise MaintenanceError(
            "pg_dump is not installed (PostgreSQL's client programs, e.g. Debian's "
            "postgresql-client): install it, or back up the server with your own tools"
        )
    parts = urlsplit(url)
    query = parse_qsl(parts.query, keep_blank_values=True)
    schemas = [v for k, v in query if k == "search_path"]
    rest = [(k, v) for k, v in query if k != "search_path"]
    host = parts.netloc.rpartition("@")[2]
    user = f"{parts.username}@" if parts.username else ""
    bare = urlunsplit(parts._replace(netloc=f"{user}{host}", query=urlencode(rest)))
    command = [program, "--format=custom", f"--file={target}", f"--dbname={bare}"]
    for value in schemas:
        command += [f"--schema={s.strip()}" for s in value.split(",") if s.strip()]
    env = {"PGPASSWORD": parts.password} if parts.password is not None else {}
    return command, env


def pg_backup(url: str, target: Path, *, overwrite: bool = False) -> int:
    """Dump the database at ``url`` to ``target`` with ``pg_dump`` (custom format);
    the size of the file. Raises ``MaintenanceError`` (one line, no password) when
    ``target`` exists (without ``overwrite``), ``pg_dump`` is missing or fails."""
    if target.exists() and not overwrite:
        raise MaintenanceError(f"{target} already exists (pass --force to replace it)")
    partial = target.with_name(f".{target.name}.partial")
    command, extra = dump_command(url, partial)
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        done = subprocess.run(
            command,
            env={**os.environ, **extra},
            capture_output=True,
            text=True,
            timeout=TIMEOUT,
            check=False,
        )
        if done.returncode != 0:
            lines = [line for line in done.stderr.splitlines() if line.strip()]
            why = lines[0] if lines else f"exit status {done.returncode}"
            password = urlsplit(url).password
            if password:
                why = why.replace(password, "***")
            raise MaintenanceError(f"pg_dump could not back up {shown_url(url)}: {why}")
        os.replace(partial, target)
    except subprocess.TimeoutExpired as exc:
        raise MaintenanceError(f"pg_dump took more than {TIMEOUT} s: given up") from exc
    except OSError as exc:
        raise MaintenanceError(f"cannot write {target} ({exc.strerror or exc})") from exc
    finally:
        partial.unlink(missing_ok=True)
    return target.stat().st_size
