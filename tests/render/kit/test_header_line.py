"""The header's second line keeps whole parts and whole words (never "…Figh…")."""

from __future__ import annotations

from render.kit.frame import PAD, header_line, round_turn
from render.kit.geometry import WIDTH
from render.kit.text import ELLIPSIS, font, text_width

VIEW = {"turn": 164, "round": 15, "seats": ["a"]}


def room() -> float:
    return WIDTH - 2 * PAD - round(text_width(round_turn(VIEW, "en"), font(16))) - 30


def test_parts_that_fit_are_all_kept() -> None:
    assert header_line(VIEW, "en", ["Ann: take slot 5", "slot 5 is refilled"]) == (
        "Ann: take slot 5 · slot 5 is refilled"
    )


def test_notes_that_do_not_fit_are_left_out_whole() -> None:
    notes = [f"note number {i} about the Fighters of the north" for i in range(12)]
    line = header_line(VIEW, "en", ["Ann: take slot 5", *notes])
    assert line.startswith("Ann: take slot 5 · note number 0")
    assert line.endswith(ELLIPSIS) and text_width(line, font(16)) <= room()
    kept = line.removesuffix(" " + ELLIPSIS).split(" · ")
    assert all(part in ["Ann: take slot 5", *notes] for part in kept)


def test_a_label_too_long_alone_is_cut_after_a_whole_word() -> None:
    label = " ".join(["Fighters"] * 80)
    line = header_line(VIEW, "en", [label])
    assert line.endswith(ELLIPSIS) and text_width(line, font(16)) <= room()
    assert all(word == "Fighters" for word in line.removesuffix(ELLIPSIS).split())
