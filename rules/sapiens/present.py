"""What Sapiens shows a seat on its own: move-group names and the seat's summary.

Nothing is hidden in Sapiens (pools lie face up, tokens scene up); the private section
gathers what a player checks before a turn: the pool, the mountain tokens in hand, the
Baston tokens, food, shelter and steaks.
"""

from __future__ import annotations

from rules.base import Section, State, Text
from rules.sapiens import moves as mv
from rules.sapiens import state as st

GROUPS: dict[str, Text] = {
    name: Text(f"sapiens.group.{name}")
    for name in (
        "tile",
        "row1",
        "row2",
        "row3",
        "row4",
        "row5",
        "caves",
        "lay",
        "pay",
        "abandon",
        "token",
        "effect",
        "ritual",
        "fight",
        "water",
        "hunt",
        "fire",
        "refill",
        "discard",
        "skip",
        "back",
    )
}


def sections(state: State, me: int) -> list[Section]:
    data = st.data(state)
    player = data["players"][me]
    lines = [
        Text(
            "sapiens.present.points",
            {"food": player["food"], "shelter": player["shelter"], "steaks": player["steaks"]},
        )
    ]
    for tile in player["pool"]:
        lines.append(
            Text("sapiens.present.tile", mv.tile_params(tile, data["baston"].get(tile, ())))
        )
    held = [mv.scene_ref(s) for s in player["held"]]
    lines.append(
        Text("sapiens.present.tokens" if held else "sapiens.present.no_tokens", {"tokens": held})
    )
    lines.append(Text("sapiens.present.baston", {"n": player["baston_home"]}))
    if player["finished"]:
        lines.append(Text("sapiens.present.finished"))
    return [Section(Text("sapiens.present.title"), tuple(lines))]


__all__ = ["GROUPS", "sections"]
