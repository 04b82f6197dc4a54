"""No tracked file points outside the repository: someone who clones Campfire can read
everything it refers to (the design, the component notes: ``docs/contributors/``)."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
OUTSIDE = "../" + "shared"  # spelt in two parts so that this file does not match itself


def tracked_files() -> list[Path]:
    try:
        listed = subprocess.run(
            ["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, check=True, text=True
        ).stdout
    except (OSError, subprocess.CalledProcessError):
        pytest.skip("not a git checkout: no list of tracked files")
    return [ROOT / name for name in listed.split("\0") if name]


def test_no_tracked_file_mentions_a_folder_outside_the_repository() -> None:
    files = tracked_files()
    assert any(path.name == "README.md" for path in files)
    found = []
    for path in files:
        try:
            text = path.read_text(encoding="utf-8")
        except (UnicodeDecodeError, FileNotFoundError, IsADirectoryError):
            continue  # pictures and fonts; a file deleted but not yet committed
        for number, line in enumerate(text.splitlines(), start=1):
            if OUTSIDE in line:
                found.append(f"{path.relative_to(ROOT)}:{number}: {line.strip()}")
    assert not found, "paths outside the repository:\n" + "\n".join(found)
