"""Every way a game can end reads as a full sentence, in every language."""

from __future__ import annotations

import pytest

from campfire_testing.random_games import is_sentence
from rules import registry
from rules.i18n import LANGS, keys, translate


def end_reason_keys() -> list[str]:
    """The contract's terminations and every game's end reasons (``<game>.end.<why>``)."""
    for rules_id in registry.ids():
        registry.get(rules_id)  # loads the game's catalogues
    found = {
        k
        for k in keys("en")
        if k.startswith("termination.") or (".end." in k and ".move." not in k)
    }
    return sorted(found)


def test_the_games_have_end_reasons() -> None:
    found = end_reason_keys()
    assert "sapiens.end.normal" in found and "orbis.end.normal" in found
    assert "nim.end.last" in found and "termination.resigned" in found


@pytest.mark.parametrize("lang", LANGS)
def test_every_end_reason_is_a_full_sentence(lang: str) -> None:
    texts = {key: translate(key, lang) for key in end_reason_keys()}
    assert {k: t for k, t in texts.items() if not is_sentence(t)} == {}


def test_is_sentence() -> None:
    assert is_sentence("Every universe is complete.")
    assert not is_sentence("Every universe is complete")
    assert not is_sentence("the draw pile is empty.")
    assert not is_sentence("")
