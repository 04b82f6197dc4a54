"""Regenerate the golden Origin pictures: ``.venv/bin/python -m tests.render.regen_golden``.

Each golden is a real view (a seeded random Junior or Classic game stopped after some
decisions),
stored as JSON, and its picture. The test renders the stored JSON and compares it with
the stored picture, so only renderer changes can move it. Never edit the files by hand:
change the renderer, run this script, look at the new pictures, commit both.
"""

from __future__ import annotations

import json
import logging
from pathlib import Path

from render.registry import draw
from tests.render import classic_games
from tests.render.games import public_view

GOLDEN = Path(__file__).parent / "golden"
# name: (players, seed, decisions, lang)
CASES = {
    "origin_junior_3p_mid_en": (3, 7, 45, "en"),
    "origin_junior_4p_end_fr": (4, 11, None, "fr"),
    # Origin Classic: a reward being chosen, the last round (same tuple, Classic games).
    "origin_classic_3p_reward_en": (3, 4, 33, "en"),
    "origin_classic_4p_last_fr": (4, 5, 352, "fr"),
}
NAMES = {"s1": "Amélie", "s2": "Bob", "s3": "Chloé", "s4": "Dévi"}

log = logging.getLogger(__name__)


def main() -> None:
    GOLDEN.mkdir(exist_ok=True)
    for name, (players, seed, moves, lang) in CASES.items():
        classic = name.startswith("origin_classic")
        view = (classic_games.public_view if classic else public_view)(players, seed, moves)
        (GOLDEN / f"{name}.json").write_text(
            json.dumps(view, ensure_ascii=False, indent=1, sort_keys=True) + "\n", encoding="utf-8"
        )
        (GOLDEN / f"{name}.png").write_bytes(draw(view["game"], view, lang=lang, names=NAMES))
        log.warning("wrote %s", GOLDEN / f"{name}.png")


if __name__ == "__main__":
    logging.basicConfig(level=logging.INFO)
    main()
