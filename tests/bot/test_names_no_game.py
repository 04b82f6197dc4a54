"""``bot/`` names no game: everything game-specific (private sections, help tips, move
group names, texts) comes from the game package, so adding a game never touches bot/."""

from __future__ import annotations

import re
from pathlib import Path

GAME_WORDS = re.compile(r"origin|junior|classic|sapiens|orbis|tribes", re.IGNORECASE)


def test_no_file_in_bot_names_a_game() -> None:
    found = []
    for path in sorted(Path("bot").rglob("*")):
        if path.suffix not in (".py", ".json") or "__pycache__" in path.parts:
            continue
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            words = GAME_WORDS.findall(re.sub(r"(?i)original", "", line))
            if words:
                found.append(f"{path}:{number}: {line.strip()[:80]}")
    assert found == []
