"""Contract v2: applied moves tell the table what happened, revisions grow, seats leave,
every view carries the envelope, options have sets and links, totals can be given."""

from __future__ import annotations

from typing import Any

import pytest

from rules.base import (
    ENVELOPE_KEYS,
    CorruptState,
    GameSpec,
    IllegalMove,
    InvalidOptions,
    OptionSpec,
    RulesChanged,
    ScoreSheet,
    Text,
    from_json,
    to_json,
)
from rules.nim import NIM
from rules.origin import JUNIOR

SEATS = ["a", "b", "c"]


def test_play_returns_the_public_label_notes_and_a_growing_revision() -> None:
    state = NIM.setup(SEATS, "s", {"stones": 10})
    applied = NIM.play(state, "a", "take 2")  # parsed once, from the words
    assert applied.move.code == "take2" and applied.label == Text("nim.take", {"n": 2})
    assert applied.notes == (Text("nim.note.left", {"n": applied.state.data["stones"]}),)
    assert applied.undoable and not applied.hidden
    assert applied.state.revision == 1 and state.revision == 0  # the input is untouched
    assert applied.state.last == {
        "seat": "a",
        "label": applied.label.to_json(),
        "notes": [n.to_json() for n in applied.notes],
    }


def test_a_move_that_moves_the_seeded_generator_cannot_be_undone() -> None:
    state = JUNIOR.setup(["a", "b"], "undo")
    first = sorted(JUNIOR.to_act(state))[0]
    step = JUNIOR.play(state, first, JUNIOR.legal_moves(state, first)[0])
    assert step.undoable  # choosing an action reveals nothing
    # Play on until a brown territory hands out tiles drawn at random.
    seen_draw = False
    current = step.state
    for _ in range(400):
        if JUNIOR.outcome(current) is not None:
            break
        seat = sorted(JUNIOR.to_act(current))[0]
        applied = JUNIOR.play(current, seat, JUNIOR.legal_moves(current, seat)[0])
        if applied.state.rng != current.rng:
            assert not applied.undoable
            seen_draw = True
        current = applied.state
    assert seen_draw


def test_a_seat_leaving_nim_lets_the_others_play_on() -> None:
    state = NIM.setup(SEATS, "s", {"stones": 10})
    left = NIM.remove_seat(state, "a", "resign")
    assert left.state.out == ["a"] and left.state.log[-1] == ["a", "!resign"]
    assert NIM.to_act(left.state) == {"b"} and not left.undoable
    assert left.label == Text("seat.resign", {"seat": "a"})
    with pytest.raises(IllegalMove):
        NIM.remove_seat(left.state, "a")
    replayed = NIM.replay(SEATS, "s", {"stones": 10}, left.state.log)
    assert replayed == left.state
    # With two left, one more leaving ends the game: the last one standing wins.
    over = NIM.remove_seat(left.state, "c", "timeout").state
    outcome = NIM.outcome(over)
    assert outcome is not None and outcome.ranking == (("b",), ("c",), ("a",))
    assert outcome.termination.key == "termination.timeout"
    assert NIM.to_act(over) == frozenset() and NIM.legal_moves(over, "b") == []


def test_origin_plays_on_without_a_seat_until_one_is_left() -> None:
    state = JUNIOR.setup(SEATS, "s")
    first = sorted(JUNIOR.to_act(state))[0]
    state = JUNIOR.apply(state, first, JUNIOR.legal_moves(state, first)[0].code)  # mid-turn
    on = JUNIOR.remove_seat(state, first).state
    assert JUNIOR.outcome(on) is None and on.data["frames"] == []
    assert JUNIOR.to_act(on) and first not in JUNIOR.to_act(on)
    JUNIOR.check_invariants(on)
    last = sorted(JUNIOR.to_act(on))[0]
    out = JUNIOR.remove_seat(on, last).state
    outcome = JUNIOR.outcome(out)
    assert outcome is not None and outcome.ranking[1:] == ((last,), (first,))
    assert outcome.termination.key == "termination.resigned"
    JUNIOR.check_invariants(out)


def test_every_view_carries_the_envelope() -> None:
    state = NIM.setup(SEATS, "s")
    state = NIM.apply(state, "a", "take1")
    for seat in (None, "a"):
        view = NIM.view(state, seat)
        assert set(view) >= ENVELOPE_KEYS
        assert view["to_act"] == ["b"] and view["turn"] == 1 and not view["over"]
        assert view["last"]["label"] == {"key": "nim.take.table", "params": {"n": 1, "seat": "a"}}
        assert view["winners"] == [] and view["out"] == []
        assert view["scores"]["a"] == {"total": 0, "partial": False}


def test_state_json_keeps_the_v2_fields_and_reads_schema_1() -> None:
    state = NIM.remove_seat(NIM.apply(NIM.setup(SEATS, "s"), "a", "take1"), "c").state
    assert from_json(to_json(state)) == state
    old = to_json(NIM.setup(SEATS, "s")).replace('"schema":2', '"schema":1')
    assert from_json(old).revision == 0
    with pytest.raises(CorruptState):
        from_json(to_json(state).replace('"schema":2', '"schema":9'))


def test_options_of_kind_set_and_requires_links() -> None:
    spec = GameSpec(
        "t",
        Text("t"),
        2,
        4,
        options=(
            OptionSpec("modules", (), choices=("elders", "terrain"), multiple=True),
            OptionSpec("advanced", False),
            OptionSpec("powers", False, requires={"advanced": True}),
        ),
    )
    assert spec.validate_options({"modules": "terrain+elders"})["modules"] == [
        "elders",
        "terrain",
    ]
    assert spec.validate_options({"modules": ["elders"]})["modules"] == ["elders"]
    with pytest.raises(InvalidOptions) as bad:
        spec.validate_options({"modules": "elders+dragons"})
    assert bad.value.key == "options.bad_choice"
    with pytest.raises(InvalidOptions) as missing:
        spec.validate_options({"powers": True})
    assert missing.value.key == "options.requires"
    assert spec.validate_options({"powers": True, "advanced": True})["powers"] is True


def test_a_game_refuses_a_rules_version_it_cannot_carry() -> None:
    assert NIM.check_rules_version(1, {"stones": 9})["stones"] == 9
    with pytest.raises(RulesChanged) as refused:
        NIM.check_rules_version(0, {})
    assert refused.value.key == "game.rules_changed"


def test_a_sheet_total_can_be_given_by_the_game() -> None:
    sheet = ScoreSheet(
        ("food", "shelter"),
        {"a": {"food": 7, "shelter": 4}, "b": {"food": 3, "shelter": 9}},
        given={"a": 4, "b": 3},  # the lower of the two tracks, as Sapiens scores
        hidden={"b": frozenset({"food"})},
    )
    assert sheet.totals() == {"a": 4, "b": 3}
    assert not sheet.has_hidden("a") and sheet.has_hidden("b")


def test_a_card_drawn_from_a_deck_shuffled_at_set_up_cannot_be_undone() -> None:
    """Origin Classic draws from decks shuffled at set-up: the generator does not move,
    yet the card drawn (or the token taken from the board) was seen."""
    from rules.origin.classic.engine import CLASSIC

    def unseen(data: dict[str, Any]) -> int:
        return sum(len(p) for p in data["decks"].values()) + len(data["hunting"])

    current = CLASSIC.setup(["a", "b", "c"], "undo")
    draws = kept = 0
    for _ in range(300):
        if CLASSIC.outcome(current) is not None:
            break
        seat = sorted(CLASSIC.to_act(current))[0]
        applied = CLASSIC.play(current, seat, CLASSIC.legal_moves(current, seat)[0])
        if unseen(applied.state.data) < unseen(current.data):
            assert not applied.undoable
            draws += 1
        elif applied.undoable:
            kept += 1
        current = applied.state
    assert draws and kept  # other moves stay undoable


def test_a_move_that_shows_another_seat_something_cannot_be_undone() -> None:
    """The contract's default compares what every other seat sees privately."""
    from rules.base import Move, Record, State
    from rules.nim import Nim

    class Whisper(Nim):
        """Nim where taking three whispers the heap's parity to the next seat."""

        def _apply(self, state: State, seat: str, move: Move, record: Record) -> None:
            super()._apply(state, seat, move, record)
            if move.code == "take3":
                state.data.setdefault("told", []).append(seat)

        def _view(self, state: State, seat: str | None) -> dict[str, Any]:
            view = super()._view(state, seat)
            if seat is not None and seat != "a":
                view["told"] = list(state.data.get("told", []))
            return view

    game = Whisper()
    state = game.setup(SEATS, "s", {"stones": 20})
    assert game.play(state, "a", "take1").undoable
    assert not game.play(state, "a", "take3").undoable
    assert game.apply(state, "a", "take3") == game.play(state, "a", "take3").state
