"""Every label, note, refusal and name a Tribes game shows has a text in both languages."""

from __future__ import annotations

import random

from rules.base import Text
from rules.i18n import has_key, translate
from rules.tribes import TRIBES_GAME as GAME


def _check(text: Text) -> None:
    assert has_key(text.key), text.key
    for value in text.params.values():
        items = value if isinstance(value, list) else [value]
        for item in items:
            if isinstance(item, str) and item.startswith("@"):
                assert has_key(item[1:]), item
    for lang in ("en", "fr"):
        assert "{" not in translate(text, lang), (text, lang)


def test_every_text_of_random_games_exists_in_en_and_fr() -> None:
    for players in (2, 3, 4):
        chooser = random.Random(players)
        state = GAME.setup([f"p{i}" for i in range(players)], f"texts-{players}")
        while GAME.outcome(state) is None and state.version < 400:
            (seat,) = GAME.to_act(state)
            moves = GAME.legal_moves(state, seat)
            for move in moves:
                _check(move.label)
                _check(GAME.spec.group_label(move.group))
            applied = GAME.play(state, seat, chooser.choice(moves))
            for note in applied.notes:
                _check(note)
            for section in GAME.private_sections(applied.state, seat):
                _check(section.title)
                for line in section.lines:
                    _check(line)
            state = applied.state
    for key in ("tribes.name", "tribes.summary", "tribes.tips", "tribes.end.victory"):
        assert has_key(key)
    for option in GAME.spec.options:
        _check(option.description)


def test_every_text_of_the_advanced_modules_exists_in_en_and_fr() -> None:
    options = {"ancients": True, "terrains": "all"}
    for players in (4,):
        chooser = random.Random(players)
        state = GAME.setup([f"p{i}" for i in range(players)], f"adv-{players}", options)
        while GAME.outcome(state) is None and state.version < 300:
            (seat,) = GAME.to_act(state)
            moves = GAME.legal_moves(state, seat)
            for move in moves:
                _check(move.label)
                _check(GAME.spec.group_label(move.group))
            preferred = [m for m in moves if m.code.startswith(("village", "call:elder", "elder"))]
            applied = GAME.play(state, seat, chooser.choice(preferred or moves))
            for note in applied.notes:
                _check(note)
            state = applied.state
