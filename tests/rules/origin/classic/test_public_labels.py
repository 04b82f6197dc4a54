"""What the table is told of a move (R18: hands are private): ``Applied.label``."""

from __future__ import annotations

from rules.base import Text
from rules.i18n import has_key, translate
from rules.origin.classic import CLASSIC
from rules.origin.classic.engine import HIDDEN_LABELS
from tests.rules.origin.classic.helpers import SEATS3


def test_hidden_labels_have_texts() -> None:
    for source, neutral in HIDDEN_LABELS.items():
        assert has_key(source) and has_key(neutral)
        label = Text(source, {"card": "Knowledge"})
        assert "Knowledge" in translate(label, "en")
        assert all("Knowledge" not in translate(Text(neutral), lang) for lang in ("en", "fr"))


def test_keeping_an_objective_is_announced_by_its_kind_only() -> None:
    state = CLASSIC.setup(SEATS3, "labels")
    seat = state.seats[0]
    move = CLASSIC.legal_moves(state, seat)[0]
    applied = CLASSIC.play(state, seat, move)
    assert applied.move.label == move.label and applied.hidden
    assert applied.label == Text(HIDDEN_LABELS[move.label.key])
    assert applied.state.last is not None
    assert applied.state.last["label"] == applied.label.to_json()
    public = CLASSIC.view(applied.state, None)
    assert move.code.split(":")[1].upper() not in str(public["last"])


def test_an_ordinary_move_is_read_as_the_player_wrote_it() -> None:
    state = CLASSIC.setup(SEATS3, "labels")
    for seat in state.seats:
        state = CLASSIC.apply(state, seat, CLASSIC.legal_moves(state, seat)[0].code)
    seat = sorted(CLASSIC.to_act(state))[0]
    move = next(m for m in CLASSIC.legal_moves(state, seat) if m.code.startswith("evolve:"))
    applied = CLASSIC.play(state, seat, move)
    assert not applied.hidden and applied.label == move.label
