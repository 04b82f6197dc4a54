"""No module of the bot is over 500 lines: a file that grows past it is split by concern
(``docs/contributors/style.md``), so that a newcomer reads one thing at a time."""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LIMIT = 500


def test_no_module_of_the_bot_is_over_500_lines() -> None:
    sizes = {
        str(path.relative_to(ROOT)): len(path.read_text(encoding="utf-8").splitlines())
        for path in sorted((ROOT / "bot").rglob("*.py"))
    }
    assert len(sizes) > 100  # the whole package was read
    assert {name: n for name, n in sizes.items() if n > LIMIT} == {}
