"""What one seat of an Origin game sees privately (``rules.origin.present`` through
``game.private_sections``): Junior's hidden tokens, tiles, cards and score, Classic's
objectives dealt, hand by deck with what is playable now, and stacks, in both languages,
never anything of another seat."""

from __future__ import annotations

import random
import re

import pytest

from rules import registry
from rules.base import Section, State
from rules.i18n import translate
from rules.origin.classic.cards import CARDS

SEATS = ["a", "b", "c"]
LEVEL = {"en": "level", "fr": "niveau"}


def played(rules_id: str, seed: int, moves: int) -> State:
    """A real game after ``moves`` random decisions (never ``back``)."""
    game = registry.get(rules_id)
    state = game.setup(SEATS, seed, {})
    chooser = random.Random(seed)
    for _ in range(moves):
        seat = sorted(game.to_act(state))[0]
        legal = [m for m in game.legal_moves(state, seat) if m.code != "back"]
        state = game.apply(state, seat, chooser.choice(legal).code)
    return state


def translated(sections: list[Section], lang: str) -> list[tuple[str, tuple[str, ...]]]:
    return [
        (translate(s.title, lang), tuple(translate(line, lang) for line in s.lines))
        for s in sections
    ]


def text_of(sections: list[Section], lang: str) -> str:
    return "\n".join(f"{title}\n" + "\n".join(lines) for title, lines in translated(sections, lang))


# --------------------------------------------------------------------------- Origin Junior


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_junior_shows_own_token_values_tiles_cards_and_score(lang: str) -> None:
    game = registry.get("origin-junior")
    state = next(
        s
        for s in (played("origin-junior", seed, 45) for seed in range(30))
        if game.view(s, "a")["players"]["a"]["straits"]
        and game.view(s, "a")["players"]["a"]["tiles"]
    )
    view = game.view(state, "a")
    own = view["players"]["a"]
    sections = game.private_sections(state, "a")
    text = text_of(sections, lang)
    for token in own["straits"]:
        name = translate(f"origin.strait.{token['strait']}", lang)
        assert re.search(rf"{re.escape(name)} ?: {token['value']}\b", text), text
    levels = ", ".join(str(t["level"]) for t in own["tiles"])
    assert levels in text
    yellow = translate("origin.colour.yellow", lang)
    assert re.search(rf"{yellow} ?: {own['cards']['yellow']}\b", text)
    assert str(view["scores"]["a"]["total"]) in translated(sections, lang)[-1][1][0]
    assert view["scores"]["a"]["total"] != game.view(state, None)["scores"]["a"]["total"] or not (
        own["straits"] or own["hunting"] or own["tiles"]
    )
    assert "origin." not in text and "present." not in text  # every key translated


def test_junior_never_names_another_seats_tokens() -> None:
    game = registry.get("origin-junior")
    for seed in range(20):
        state = played("origin-junior", seed, 60)
        view = game.view(state, "a")
        own = {t["strait"] for t in view["players"]["a"]["straits"]}
        others = {t["strait"] for s in ("b", "c") for t in view["players"][s]["straits"]} - own
        text = text_of(game.private_sections(state, "a"), "en")
        for strait in others:
            assert translate(f"origin.strait.{strait}", "en") not in text


# --------------------------------------------------------------------------- Origin Classic


def titles(card_ids: list[str], lang: str) -> set[str]:
    return {translate(CARDS[c].title_key, lang) for c in card_ids}


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_classic_set_up_shows_the_objectives_dealt_with_points_and_effect(lang: str) -> None:
    game = registry.get("origin")
    state = game.setup(SEATS, 4, {})
    view = game.view(state, "b")
    sections = translated(game.private_sections(state, "b"), lang)
    title, lines = sections[0]
    assert title == translate("origin.present.dealt", lang)
    assert len(lines) == len(view["me"]["dealt"]) == 3
    assert not any(t.endswith("(0)") for t, _ in sections)  # no empty hand while choosing
    for card, line in zip(view["me"]["dealt"], lines, strict=True):
        assert line.startswith(card[lang]["title"]) and card[lang]["text"] in line
        assert str(card["points"]) in line
    others = {c for i in (0, 2) for c in state.data["dealt"][i]} - set(state.data["dealt"][1])
    text = text_of(game.private_sections(state, "b"), lang)
    for name in titles(sorted(others), lang) - titles(state.data["dealt"][1], lang):
        assert name not in text


def classic_with_a_playable_card() -> tuple[State, str]:
    """A Classic state where the seat to act holds a Permanent card and can play a card."""
    game = registry.get("origin")
    for seed in range(40):
        state = game.setup(SEATS, seed, {})
        chooser = random.Random(seed)
        for _ in range(250):
            if game.outcome(state) is not None:
                break
            seat = sorted(game.to_act(state))[0]
            legal = game.legal_moves(state, seat)
            me = state.seats.index(seat)
            if state.data["hands"][me]["permanent"] and any(m.group == "play" for m in legal):
                return state, seat
            choices = [m for m in legal if m.code != "back" and m.group != "play"] or legal
            state = game.apply(state, seat, chooser.choice(choices).code)
    raise AssertionError("no state with a playable card")


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_classic_hand_by_deck_with_levels_points_and_what_is_playable_now(lang: str) -> None:
    game = registry.get("origin")
    state, seat = classic_with_a_playable_card()
    view = game.view(state, seat)
    moves = game.legal_moves(state, seat)
    playable = {m.code.split(":", 1)[1].upper() for m in moves if m.group == "play"}
    sections = translated(game.private_sections(state, seat), lang)
    by_title = dict(sections)
    marker = translate("origin.present.playable", lang)
    for deck in ("action", "permanent", "objective"):
        cards = view["me"]["hand"][deck]
        deck_name = translate(f"origin.classic.deck.{deck}", lang)
        title = translate("origin.present.deck", lang, deck=deck_name, n=len(cards))
        lines = by_title[title]
        if not cards:
            assert lines == (translate("origin.present.none", lang),)
            continue
        assert len(lines) == len(cards)
        for card, line in zip(cards, lines, strict=True):
            assert line.startswith(card[lang]["title"]) and card[lang]["text"] in line
            assert (marker in line) == (card["id"] in playable)
            if deck == "permanent":
                assert f"{LEVEL[lang]} {card['level']}" in line
            if deck == "objective":
                assert f"{card['points']} points" in line
    assert sum(marker in line for _, lines in sections for line in lines) == len(playable)
    stacks = by_title[translate("origin.present.stacks", lang)]
    tile_ids = view["players"][seat]["tile_ids"]
    assert len(stacks) == max(1, len(tile_ids))
    for stack, line in zip(tile_ids, stacks, strict=False):
        assert all(tile in line for tile in stack)
    # nobody else's cards: titles only held by other seats never appear
    me = state.seats.index(seat)
    mine = [c for d in state.data["hands"][me].values() for c in d] + state.data["permanents"][me]
    others = [
        c for i in range(len(SEATS)) if i != me for d in state.data["hands"][i].values() for c in d
    ]
    text = "\n".join(line for _, lines in sections for line in lines)
    for name in titles(others, lang) - titles(mine, lang):
        assert name not in text


def test_every_section_key_has_english_and_french_text() -> None:
    game = registry.get("origin")
    state, seat = classic_with_a_playable_card()
    for rules_id, sections in (
        ("origin", game.private_sections(state, seat)),
        (
            "origin-junior",
            registry.get("origin-junior").private_sections(played("origin-junior", 3, 40), "a"),
        ),
    ):
        for lang in ("en", "fr"):
            text = text_of(sections, lang)
            assert "origin." not in text and "present." not in text, rules_id
