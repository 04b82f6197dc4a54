"""render.kit.frame: reading the view envelope, the header's words, legends."""

from __future__ import annotations

from typing import Any

from PIL import Image

from render.kit import frame, style
from render.kit.geometry import Box
from render.kit.text import font, text_width
from rules.i18n import repeats

SEATS = ["s1", "s2", "s3"]


def envelope(**changes: Any) -> dict[str, Any]:
    view: dict[str, Any] = {
        "game": "test",
        "seats": list(SEATS),
        "out": [],
        "to_act": ["s2"],
        "turn": 7,
        "round": 3,
        "over": False,
        "last": None,
        "scores": {s: {"total": 2, "partial": False} for s in SEATS},
        "winners": [],
    }
    view.update(changes)
    return view


def test_acting_seats_come_in_seat_order_and_never_out_or_after_the_end() -> None:
    assert frame.acting(envelope(to_act=["s3", "s1", "zz"])) == ["s1", "s3"]
    assert frame.acting(envelope(to_act=["s1", "s2"], out=["s2"])) == ["s1"]
    assert frame.acting(envelope(over=True)) == []
    assert frame.acting({"seats": ["a"]}) == []


def test_winners_count_only_once_the_game_is_over() -> None:
    assert frame.winners_of(envelope(winners=["s1"])) == []
    assert frame.winners_of(envelope(over=True, winners=["s1"])) == ["s1"]


def test_round_and_turn_words() -> None:
    assert frame.round_turn(envelope(), "en") == "Round 3 · Move 7"
    assert frame.round_turn(envelope(), "fr") == "Manche 3 · Coup 7"
    assert frame.round_turn(envelope(round=None), "en") == "Move 7"
    assert frame.round_turn({}, "fr") == "Coup 0"


def test_the_game_over_line_names_the_winners() -> None:
    names = {"s1": "Amélie"}
    assert frame.over_text(envelope(over=True), "en", None) == "Game over · final scores"
    won = envelope(over=True, winners=["s1"])
    assert frame.over_text(won, "en", names) == "Game over · Amélie won"
    tie = envelope(over=True, winners=["s1", "s3"])
    assert frame.over_text(tie, "en", names) == "Game over · a tie: Amélie, s3 share the win"
    assert "Amélie" in frame.over_text(tie, "fr", names) and "égalité" in frame.over_text(
        tie, "fr", names
    )


def test_a_stopped_game_says_it_was_stopped_and_why_and_nobody_is_to_play() -> None:
    view = envelope(to_act=["s2"], stopped=True)
    assert frame.acting(view) == []
    assert frame.over_text(view, "en", None) == "Game stopped · no result"
    assert frame.ending_parts(view, "fr", None) == [
        "Arrêtée avant sa fin par son créateur ou un modérateur"
    ]


def test_a_game_ended_by_a_seat_leaving_says_who_left() -> None:
    last = {"seat": "s2", "label": {"key": "seat.resign", "params": {"seat": "s2"}}, "notes": []}
    view = envelope(over=True, winners=["s1"], last=last)
    [why] = frame.ending_parts(view, "en", {"s2": "Bob"}, ["A card deck ran out."])
    assert why == "Bob resigns, and the game cannot go on"


def test_the_last_move_reads_as_its_label_then_its_notes() -> None:
    label = {"key": "move.not_legal", "params": {"move": "take9"}}
    note = {"key": "options.out_of_range", "params": {"option": "n", "minimum": 1, "maximum": 3}}
    view = envelope(last={"seat": "s2", "label": label, "notes": [note, {"key": "nope"}]})
    line = frame.describe_last(view, "en", {"s2": "Bob"})
    assert line.startswith("Bob: ") and "take9" in line
    assert line.count(" · ") == 1 and line.endswith("between 1 and 3.")
    assert frame.describe_last(view, "fr", {"s2": "Bob"}).startswith("Bob : ")
    unknown = envelope(last={"seat": "s2", "label": {"key": "nope"}, "notes": [note]})
    assert frame.describe_last(unknown, "en", None).startswith("Option")
    assert frame.describe_last(envelope(), "en", None) == ""
    assert frame.describe_last(envelope(last="take2"), "en", None) == ""


def test_last_move_names_seats_in_label_and_notes_once() -> None:
    resign = {"key": "seat.resign", "params": {"seat": "s3"}}
    note = {"key": "seat.out", "params": {"seat": "s1"}}
    view = envelope(last={"seat": "s3", "label": resign, "notes": [note]})
    assert frame.describe_last(view, "en", {"s1": "Amy", "s3": "Carl"}) == (
        "Carl resigns · Amy leaves the game"
    )
    assert frame.describe_last(view, "en", None) == "s3 resigns · s1 leaves the game"


def test_last_seat_and_params_are_read_safely() -> None:
    view = envelope(last={"seat": "s1", "label": {"key": "k", "params": {"n": 2}}, "notes": []})
    assert frame.last_seat(view) == "s1" and frame.last_params(view) == {"n": 2}
    for odd in (None, "x", {"seat": None}, {"label": "k"}, {"label": {"params": [1]}}):
        assert frame.last_params(envelope(last=odd)) == {}
    assert frame.last_seat(envelope()) is None


def test_score_text_marks_partial_scores() -> None:
    view = envelope(scores={"s1": {"total": 12, "partial": True}})
    assert frame.score_text(view, "s1", "en") == "≈ 12 pts"
    assert frame.score_text(envelope(), "s2", "en") == "2 pts"
    assert frame.score_text(envelope(), "s9", "en") == "0 pts"


def test_a_legend_stacks_rows_and_cuts_long_captions() -> None:
    image = Image.new("RGB", (300, 200), style.PAPER)
    box = Box(10, 10, 280, 180)
    legend = frame.Legend(image, box, "Legend")
    top = legend.y
    dot = Image.new("RGBA", (10, 10), style.INK + (255,))
    legend.row("short", [frame.Icon(dot, (0, 0)), frame.Icon(dot, (30, 5), centred=True)])
    assert legend.y == top + 24
    assert image.getpixel((legend.x + 2, top + 2)) == style.INK
    assert image.getpixel((legend.x + 30, top + 5)) == style.INK
    legend.row(["one", "two"], height=40)
    assert legend.y == top + 64
    legend.row("x" * 200, text_x=52)
    ink = [
        x
        for x in range(box.x, box.right)
        if image.getpixel((x, top + 64 + 8)) != style.PANEL
        and image.getpixel((x, top + 64 + 8)) != style.RULE
    ]
    assert max(ink) < legend.right + 1
    assert text_width("x" * 200, font(12)) > box.w  # the caption really was cut


def test_a_label_that_names_its_player_is_not_prefixed_with_the_name() -> None:
    resign = {"key": "seat.resign", "params": {"seat": "s2"}}
    view = envelope(last={"seat": "s2", "label": resign, "notes": []})
    assert frame.describe_last(view, "en", {"s2": "Chloé"}) == "Chloé resigns"
    assert frame.describe_last(view, "fr", {"s2": "Chloé"}) == "Chloé abandonne"
    again = envelope(last={"seat": "s2", "label": resign, "notes": [resign]})
    # the note says again what the label says: left out (issue 28)
    assert frame.describe_last(again, "en", {"s2": "Chloé"}) == "Chloé resigns"


def test_a_note_that_only_repeats_the_move_is_left_out() -> None:
    """Issue 28: a header never repeats the move in its note ("Bob: Gather with the moon
    die: boosted · Bob: Gather, boosted")."""
    assert repeats("Bob: Gather, boosted", "Bob: Gather with the moon die: boosted")
    assert not repeats("Bob: +2 food", "Bob: Gather with the moon die: boosted")
    from rules import registry

    game = registry.get("tribes")
    state = game.setup(["s1", "s2"], "repeat", None)
    checked = 0
    for _ in range(300):
        acting = sorted(game.to_act(state))
        if not acting:
            break
        state = game.apply(state, acting[0], game.legal_moves(state, acting[0])[-1])
        view = game.view(state, None)
        for lang in ("en", "fr"):
            label, *notes = frame.last_parts(view, lang, {}) or [""]
            assert not any(repeats(n, label) for n in notes)
            checked += len(notes)
    assert checked


def test_the_header_never_cuts_a_word() -> None:
    """Issue 28: "…Figh…" no more: what does not fit ends at a word, then an ellipsis."""
    face = font(16)
    text = "Fight the Mammoth with every hunter of the tribe, then feast by the fire"
    for room in range(60, round(text_width(text, face)), 37):
        cut = frame.fit_words(text, face, room)
        assert text_width(cut, face) <= room
        head = cut.removesuffix("…")
        assert cut.endswith("…") and text.startswith(head)
        assert text[len(head)] in " ,·:;"  # the cut falls between words


def test_the_picture_counts_moves() -> None:
    assert frame.round_turn(envelope(turn=12, round=None), "en") == "Move 12"
    assert frame.round_turn(envelope(turn=12, round=None), "fr") == "Coup 12"
