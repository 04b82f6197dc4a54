"""Every shell command shown in the README, the players' pages and the hosts' pages runs.

Each page's shell code blocks (fenced ``sh``, ``bash``, ``shell``, ``console`` or with no
language) are read line by line and every line is classified by ``classify``: run, or
skipped for a stated reason (it needs Discord, a database server, the network, or is the
test suite itself). A line it cannot classify fails the test, so a new code block is
either run or consciously skipped; keep the examples small (2 players, small games).

The lines of one page run in order, as written, with ``bash`` in a temporary folder of
their own (so ``--out demo`` and ``backups/...`` land there), where ``.venv`` points at
this virtual environment and a ``campfire.sqlite3`` holding one finished game is made
before the first ``campfire db`` line. Input is ``quit``, which ends a console at once.
"""

from __future__ import annotations

import os
import re
import shlex
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SHELL_LANGUAGES = {"", "sh", "bash", "shell", "console"}
FENCE = re.compile(r"^(\s*)(`{3,}|~{3,})\s*([\w+-]*)")
TIMEOUT = 180  # seconds per line

SKIPPED: tuple[tuple[str, str], ...] = (
    # (pattern searched in the line without its comment, why it cannot run here)
    (r"postgresql://", "needs a PostgreSQL server"),
    (r"^(sudo|psql|pg_restore|pg_dump|createdb|createuser)\b", "needs a PostgreSQL server"),
    (r"\bcampfire db backup .*\.dump\b", "pg_dump of a PostgreSQL database"),
    (r"\bcampfire run\b(?!.*--help)", "connects to Discord"),
    (r"\bcampfire sync\b(?!.*--print|.*--help)", "publishes the commands to Discord"),
    (r"\bcampfire web\b(?!.*--help)", "serves the web pages until stopped"),
    (r"^echo\b.*>>\s*\.env\b", "writes the host's own settings file"),
    (r"^git\b", "fetches code over the network"),
    (r"^python3? -m venv\b|\bpip install\b", "installs packages over the network"),
    (r"(^|/)pytest\b", "the test suite itself"),
    (r"(^|/)mkdocs (serve|build)\b", "the docs build (.ci/run runs it; serve never ends)"),
    (r"^/campfire\b", "a slash command, typed in Discord"),
)
RUN = re.compile(
    r"^(\.venv/bin/)?campfire"
    r"( --help| (games|demo|replay|console|arena|sync --print|db (backup|check)|\w+ --help)\b)"
)
ENV_PREFIX = re.compile(r"^(\w+=\S*\s+)+")


@dataclass(frozen=True)
class Line:
    page: str
    number: int
    text: str


class Unclassified(AssertionError):
    """A command the test does not know how to run or why to skip."""


def pages() -> list[Path]:
    found = [ROOT / "README.md"]
    for folder in ("docs/players", "docs/fr/players", "docs/hosts"):
        found += sorted((ROOT / folder).rglob("*.md"))
    return [path for path in found if path.is_file()]


def shown(path: Path) -> str:
    """``path`` as the test names it: from the repository's root when inside it."""
    return str(path.relative_to(ROOT)) if path.is_relative_to(ROOT) else str(path)


def shell_lines(path: Path) -> list[Line]:
    """The command lines of the shell code blocks of ``path`` (continuations joined)."""
    lines: list[Line] = []
    fence: str | None = None
    shell = False
    pending = ""
    for number, raw in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        match = FENCE.match(raw)
        if fence is None:
            if match:
                fence, shell = match.group(2), match.group(3).lower() in SHELL_LANGUAGES
            continue
        if match and match.group(2).startswith(fence) and not match.group(3):
            fence = None
            continue
        if not shell:
            continue
        text = raw.strip()
        if text.startswith("$ "):
            text = text[2:]
        if text.endswith("\\"):
            pending += text[:-1].rstrip() + " "
            continue
        text, pending = pending + text, ""
        if text and not text.startswith("#"):
            lines.append(Line(shown(path), number, text))
    return lines


def command_of(text: str) -> str:
    """The line without its comment and its leading ``NAME=value`` assignments."""
    words = shlex.split(text, comments=True)
    return ENV_PREFIX.sub("", " ".join(words))


def classify(text: str) -> str | None:
    """``None`` for a line to run, else why it is skipped; raises ``Unclassified``."""
    command = command_of(text)
    for pattern, reason in SKIPPED:
        if re.search(pattern, command):
            return reason
    if RUN.match(command):
        return None
    raise Unclassified(
        f"{command!r}: neither run nor skipped; add it to RUN or to SKIPPED in "
        "tests/docs/test_code_blocks.py (or keep it out of a shell code block)"
    )


def environment(folder: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("CAMPFIRE_", "DISCORD_"))}
    env["PATH"] = f"{folder / '.venv' / 'bin'}{os.pathsep}{env.get('PATH', '')}"
    env["HOME"] = str(folder)
    return env


def run(line: Line, folder: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        ["bash", "-c", line.text],
        cwd=folder,
        env=environment(folder),
        input="quit\n",
        capture_output=True,
        text=True,
        timeout=TIMEOUT,
    )


def a_database(folder: Path) -> None:
    """``campfire.sqlite3`` in ``folder`` with one finished game, for ``campfire db``."""
    if (folder / "campfire.sqlite3").exists():
        return
    demo = [".venv/bin/campfire", "demo", "nim", "--players", "2", "--seed", "1"]
    done = subprocess.run(
        [*demo, "--out", "setup-demo", "--db", "campfire.sqlite3"],
        cwd=folder,
        env=environment(folder),
        capture_output=True,
        text=True,
        timeout=TIMEOUT,
    )
    assert done.returncode == 0, done.stderr


PAGES = pages()


@pytest.mark.parametrize("page", PAGES, ids=[shown(p) for p in PAGES])
def test_every_shell_line_of_the_page_runs_or_is_skipped_for_a_reason(
    page: Path, tmp_path: Path
) -> None:
    (tmp_path / ".venv").symlink_to(Path(sys.prefix), target_is_directory=True)
    for line in shell_lines(page):
        if classify(line.text) is not None:
            continue
        if " db " in f" {command_of(line.text)} ":
            a_database(tmp_path)
        done = run(line, tmp_path)
        assert done.returncode == 0, (
            f"{line.page}:{line.number}: {line.text}\nexit {done.returncode}\n"
            f"{done.stdout[-2000:]}\n{done.stderr[-2000:]}"
        )


def test_the_readme_and_the_hosts_pages_show_commands_that_run() -> None:
    readme = shell_lines(ROOT / "README.md")
    assert any(classify(line.text) is None for line in readme)
    hosts = [line for page in PAGES if "hosts" in page.parts for line in shell_lines(page)]
    assert any("db backup" in line.text and classify(line.text) is None for line in hosts)


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        (".venv/bin/campfire demo nim --players 2 --seed 1 --out demo   # a game", None),
        ("campfire replay demo/record.json --out replayed", None),
        ("campfire sync --print > commands.json", None),
        (".venv/bin/campfire db backup backups/campfire-$(date +%F).sqlite3", None),
        (".venv/bin/campfire run --shards 0-3 --shard-count 8", "connects to Discord"),
        (".venv/bin/campfire run --help", None),
        ("campfire db backup b/c-$(date +%F).dump  # the URL", "pg_dump of a PostgreSQL database"),
        ("campfire sync --guild 123", "publishes the commands to Discord"),
        ("campfire db check --db postgresql://u:p@127.0.0.1/c", "needs a PostgreSQL server"),
        ("CAMPFIRE_SOAK=1 .venv/bin/pytest tests/rules", "the test suite itself"),
    ],
)
def test_lines_are_run_or_skipped_by_the_lists(text: str, reason: str | None) -> None:
    assert classify(text) == reason


@pytest.mark.parametrize(
    "text", ["rm -rf /", "curl https://example.com", "campfire frobnicate", "python -m bench"]
)
def test_a_line_it_cannot_classify_fails(text: str) -> None:
    with pytest.raises(Unclassified):
        classify(text)


def test_only_shell_blocks_are_read(tmp_path: Path) -> None:
    page = tmp_path / "page.md"
    page.write_text(
        "```text\nhttps://discord.com/oauth2/authorize\n```\n\n"
        "```sh\n# a comment\ncampfire games   # ids\ncampfire demo nim \\\n  --players 2\n```\n"
        '```json\n{"a": 1}\n```\n',
        encoding="utf-8",
    )
    found = [line.text for line in shell_lines(page)]
    assert found == ["campfire games   # ids", "campfire demo nim --players 2"]
