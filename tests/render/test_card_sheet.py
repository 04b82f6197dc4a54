"""``python -m scripts.card_sheet``: every turn card of a seeded game, at 400 px, on sheets."""

from __future__ import annotations

from pathlib import Path

from PIL import Image

from scripts.card_sheet import CAPTION, CARD_WIDTH, GAP, main, shots


def test_a_sheet_holds_every_card_of_a_whole_game_at_400_px(tmp_path: Path) -> None:
    cards = shots("nim", 3, "2", "en", "greedy")
    assert cards[0].move == 0 and cards[0].new_turn and len(cards) > 3
    assert [c.move for c in cards] == list(range(len(cards)))  # one card per decision
    written = main(["nim", "--players", "3", "--out", str(tmp_path), "--columns", "4"])
    assert [p.name for p in written][0] == "nim-3p-seed2-en-01.png"
    sheets = [Image.open(p) for p in written]
    per_sheet = 4 * 3  # --columns 4, --rows 3 (the default)
    assert len(sheets) == -(-len(cards) // per_sheet)
    assert sheets[0].width == GAP + 4 * (CARD_WIDTH + GAP)
    assert sheets[0].height > CAPTION + CARD_WIDTH  # portrait cards under their captions


def test_turns_keeps_the_new_turn_messages_only(tmp_path: Path) -> None:
    written = main(["nim", "--turns", "--lang", "fr", "--out", str(tmp_path)])
    assert written and written[0].name.endswith("-fr-01.png")
