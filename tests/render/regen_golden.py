"""Regenerate the golden pictures: ``.venv/bin/python -m tests.render.regen_golden``.

Each golden is a view, stored as JSON, and its picture: for Origin a real view (a
seeded random Junior or Classic game stopped after some decisions), for Nim a view
built by hand (``campfire_testing/nim_views.py``). The test renders the stored JSON and
compares it with the stored picture, so only renderer changes can move it. Never edit
the files by hand: change the renderer, run this script, look at the new pictures,
commit both. ``python -m tests.render.regen_golden nim`` rewrites only the goldens whose
names contain ``nim`` (the seeded Origin games move when the rules change: rewrite
those on purpose).
"""

from __future__ import annotations

import json
import logging
import sys
from pathlib import Path
from typing import Any

from campfire_testing import nim_views
from campfire_testing.junior_games import public_view
from render.registry import draw
from tests.render import classic_games, sapiens_views, tribes_games, tribes_views

GOLDEN = Path(__file__).parent / "golden"
# name: (players, seed, decisions, lang)
CASES = {
    "origin_junior_3p_mid_en": (3, 7, 45, "en"),
    "origin_junior_4p_end_fr": (4, 11, None, "fr"),
    # Origin Classic: a reward being chosen, the last round (same tuple, Classic games).
    "origin_classic_3p_reward_en": (3, 4, 33, "en"),
    "origin_classic_4p_last_fr": (4, 5, 352, "fr"),
}
# name: (view builder, lang)
HAND_BUILT = {
    "nim_3p_mid_en": (nim_views.nim_view, "en"),
    "nim_4p_over_fr": (nim_views.finished_view, "fr"),
    "sapiens_4p_mid_en": (sapiens_views.sapiens_view, "en"),
    "sapiens_3p_over_fr": (sapiens_views.finished_view, "fr"),
}
# L'Aube des Tribus: name: (players, seed, phase of tests/render/tribes_games.py, lang)
TRIBES = {
    "tribes_3p_conflict_fr": (3, 2, "conflict", "fr"),
    "tribes_2p_over_en": (2, 4, "over", "en"),
}
HAND_BUILT["tribes_4p_crowded_en"] = (tribes_views.crowded_view, "en")
NAMES = {"s1": "Amélie", "s2": "Bob", "s3": "Chloé", "s4": "Dévi"}


def lang_of(name: str) -> str:
    """The language a golden picture is drawn in."""
    if name in TRIBES:
        return TRIBES[name][3]
    return CASES[name][3] if name in CASES else HAND_BUILT[name][1]


log = logging.getLogger(__name__)


def main(words: list[str]) -> None:
    """Rewrite the goldens whose names contain one of ``words`` (all when none given)."""
    GOLDEN.mkdir(exist_ok=True)
    for name, (players, seed, moves, lang) in CASES.items():
        if words and not any(word in name for word in words):
            continue
        classic = name.startswith("origin_classic")
        view = (classic_games.public_view if classic else public_view)(players, seed, moves)
        write(name, view, lang)
    for name, (players, seed, phase, lang) in TRIBES.items():
        if not words or any(word in name for word in words):
            write(name, tribes_games.phase_view(players, seed, phase), lang)
    for name, (build, lang) in HAND_BUILT.items():
        if not words or any(word in name for word in words):
            write(name, build(), lang)


def write(name: str, view: dict[str, Any], lang: str) -> None:
    (GOLDEN / f"{name}.json").write_text(
        json.dumps(view, ensure_ascii=False, indent=1, sort_keys=True) + "\n", encoding="utf-8"
    )
    (GOLDEN / f"{name}.png").write_bytes(draw(view["game"], view, lang=lang, names=NAMES))
    log.warning("wrote %s", GOLDEN / f"{name}.png")


if __name__ == "__main__":
    logging.basicConfig(level=logging.INFO)
    main(sys.argv[1:])
