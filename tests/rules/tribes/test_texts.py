"""Every label, note, refusal and name a Tribes game shows has a text in both languages."""

from __future__ import annotations

import json
import random
import re
from importlib import resources

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
            applied = GAME.play(state, seat, chooser.choice(moves), judge=False)
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
            applied = GAME.play(state, seat, chooser.choice(preferred or moves), judge=False)
            for note in applied.notes:
                _check(note)
            state = applied.state


def _catalogue(package: str, lang: str) -> dict[str, str]:
    path = resources.files(package).joinpath("locales", f"{lang}.json")
    data: dict[str, str] = json.loads(path.read_text(encoding="utf-8"))
    return data


def _outside_fields(template: str) -> str:
    """A template's words, its ``{...}`` fields (plural specs included) left out."""
    return re.sub(r"\{[^{}]*(\{[^{}]*\}[^{}]*)*\}", "", template)


def test_french_reads_as_french() -> None:
    """No "(s)" plurals in either language (plural forms instead), and in French a space
    before ":", "?", "!" and ";"."""
    for package in ("rules.tribes", "render.tribes"):
        for lang in ("en", "fr"):
            for key, template in _catalogue(package, lang).items():
                assert "(s)" not in template, (lang, key, template)
        for key, template in _catalogue(package, "fr").items():
            words = _outside_fields(template)
            assert not re.search(r"[^\s\u00a0\u202f][:?!;]", words), (key, template)


def test_counts_agree_with_their_nouns() -> None:
    assert translate("tribes.note.lost", "fr", player="Ana", n=1, hex="H01") == (
        "Ana perd 1 membre sur H01"
    )
    assert translate("tribes.note.lost", "fr", player="Ana", n=0, hex="H01") == (
        "Ana perd 0 membre sur H01"
    )
    assert translate("tribes.note.lost", "en", player="Ana", n=2, hex="H01") == (
        "Ana loses 2 members on H01"
    )
    assert translate("tribes.move.draw", "en", n=1) == "draw 1 goal card"
    assert translate("tribes.move.draw", "fr", n=3) == "piocher 3 cartes Objectif"
    assert translate("tribes.note.invaders_moved", "en", n=1, source="H01", target="H02") == (
        "The invader marches from H01 to H02"
    )


def test_help_gives_every_event_and_chief_power_in_full() -> None:
    from rules.tribes.chiefs import POWERS
    from rules.tribes.event_cards import EVENTS

    for lang in ("en", "fr"):
        tips = [translate(tip, lang) for tip in GAME.spec.tips]
        assert all("{" not in tip and "@" not in tip for tip in tips), tips
        for card in EVENTS.cards.values():
            name, text = translate(card.name_key, lang), translate(card.text_key, lang)
            assert any(name in tip and text in tip for tip in tips), (lang, card.slug)
        for power in POWERS:
            name = translate(f"tribes.chief.{power}", lang)
            text = translate(f"tribes.chief.{power}.text", lang)
            assert any(name in tip and text in tip for tip in tips), (lang, power)


PROBES = (
    "place:h01", "single:h02", "add:h03", "fill:h03", "from:h04", "to:h05", "at:h06",
    "village:h07", "conflict:h08", "grow:sun", "travel:moon:fire", "gather:blank",
    "lead:sun", "take:wood+food", "n:2", "discard:a1", "goal:d3", "extra:wood",
    "pay:food", "give:stone", "bow:invaders", "fort:kaha", "swap:kaha:wood", "nobow",
    "nofort", "done", "draw", "end", "pottery", "back",
)  # fmt: skip


def test_every_refusal_says_why_in_the_games_words() -> None:
    """A well-formed move refused now gets a reason in both languages that never shows
    a move code or a seat id."""
    for options in ({}, {"chiefs": True, "ancients": True, "terrains": "all"}):
        chooser = random.Random(7)
        state = GAME.setup(["p0", "p1", "p2"], "refusals", options)
        while GAME.outcome(state) is None and state.version < 160:
            (seat, *_) = sorted(GAME.to_act(state))
            legal = {m.code for m in GAME.legal_moves(state, seat)}
            for code in PROBES:
                if code in legal or not GAME.is_well_formed(code):
                    continue
                error = GAME.explain_illegal(state, seat, code)
                text = Text(error.key, dict(error.params))
                _check(text)
                for lang in ("en", "fr"):
                    said = translate(text, lang)
                    assert ":" not in code or code not in said, said
                    assert not re.search(r"\bp[0-9]\b", said), said
            state = GAME.play(state, seat, chooser.choice(sorted(legal)), judge=False).state
