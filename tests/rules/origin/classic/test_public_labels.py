"""What the table is told of a move (R18: hands are private): ``public_label``."""

from __future__ import annotations

from rules import registry
from rules.base import Text
from rules.i18n import has_key, translate
from rules.origin.classic.engine import HIDDEN_LABELS


def test_hidden_labels_have_texts_and_others_pass_through() -> None:
    public_label = registry.get("origin").public_label
    for source, neutral in HIDDEN_LABELS.items():
        assert has_key(source) and has_key(neutral)
        label = Text(source, {"card": "Knowledge"})
        assert "Knowledge" in translate(label, "en")
        assert public_label(label) == Text(neutral)
        assert all("Knowledge" not in translate(public_label(label), lang) for lang in ("en", "fr"))
    played = Text("origin.classic.move.play", {"card": "X"})
    assert public_label(played) is played
