"""Private views as sections: Origin Junior and Classic in both languages, the generic
fallback, and the Discord embed that holds them within Discord's limits."""

from __future__ import annotations

import random
import re
from pathlib import Path

import discord
import pytest

from bot.discord.embeds import MAX_FIELD, hand_embed
from bot.present import Section, private_sections, section_text
from bot.service import GameInfo, Player
from rules import registry
from rules.base import State
from rules.i18n import has_key, translate
from rules.nim import NIM
from rules.origin.classic.cards import CARDS
from tests.bot.conftest import FakeClock

SEATS = ["a", "b", "c"]


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


def text_of(sections: list[Section]) -> str:
    return "\n".join(f"{s.title}\n{section_text(s)}" for s in sections)


def info(rules_id: str) -> GameInfo:
    now = FakeClock()()
    return GameInfo(
        id=1,
        rules=rules_id,
        options={},
        status="running",
        guild_id="g",
        channel_id="c",
        thread_id=None,
        creator="a",
        seats=tuple(Player(s, s.upper()) for s in SEATS),
        version=0,
        to_act=("a",),
        min_seats=2,
        max_seats=4,
        created_at=now,
        turn_started_at=now,
    )


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
    sections = private_sections("origin-junior", view, "a", lang)
    text = text_of(sections)
    for token in own["straits"]:
        name = translate(f"origin.strait.{token['strait']}", lang)
        assert re.search(rf"{re.escape(name)} ?: {token['value']}\b", text), text
    levels = ", ".join(str(t["level"]) for t in own["tiles"])
    assert levels in text
    yellow = translate("origin.colour.yellow", lang)
    assert re.search(rf"{yellow} ?: {own['cards']['yellow']}\b", text)
    assert str(view["scores"]["a"]["total"]) in sections[-1].lines[0]
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
        text = text_of(private_sections("origin-junior", view, "a", "en"))
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
    moves = game.legal_moves(state, "b")
    sections = private_sections("origin", view, "b", lang, moves=moves)
    dealt = sections[0]
    assert dealt.title == translate("present.classic.dealt", lang)
    assert len(dealt.lines) == len(view["me"]["dealt"]) == 3
    assert not any(s.title.endswith("(0)") for s in sections)  # no empty hand while choosing
    for card, line in zip(view["me"]["dealt"], dealt.lines, strict=True):
        assert line.startswith(card[lang]["title"]) and card[lang]["text"] in line
        assert str(card["points"]) in line
    others = {c for i in (0, 2) for c in state.data["dealt"][i]} - set(state.data["dealt"][1])
    text = text_of(sections)
    for title in titles(sorted(others), lang) - titles(state.data["dealt"][1], lang):
        assert title not in text


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
    sections = private_sections("origin", view, seat, lang, moves=moves)
    by_title = {s.title: s for s in sections}
    marker = translate("present.classic.playable", lang)
    for deck in ("action", "permanent", "objective"):
        cards = view["me"]["hand"][deck]
        deck_name = translate(f"origin.classic.deck.{deck}", lang)
        title = f"{translate('present.classic.deck', lang, deck=deck_name)} ({len(cards)})"
        section = by_title[title]
        if not cards:
            assert section.lines == (translate("present.none", lang),)
            continue
        assert len(section.lines) == len(cards)
        for card, line in zip(cards, section.lines, strict=True):
            assert line.startswith(card[lang]["title"]) and card[lang]["text"] in line
            assert (marker in line) == (card["id"] in playable)
            if deck == "permanent":
                assert translate("present.classic.level", lang, level=card["level"]) in line
            if deck == "objective":
                assert translate("present.classic.points", lang, points=card["points"]) in line
    assert sum(marker in line for s in sections for line in s.lines) == len(playable)
    stacks = by_title[translate("present.classic.stacks", lang)]
    tile_ids = view["players"][seat]["tile_ids"]
    assert len(stacks.lines) == max(1, len(tile_ids))
    for stack, line in zip(tile_ids, stacks.lines, strict=False):
        assert all(tile in line for tile in stack)
    # nobody else's cards: titles only held by other seats never appear
    me = state.seats.index(seat)
    mine = [c for d in state.data["hands"][me].values() for c in d] + state.data["permanents"][me]
    others = [
        c for i in range(len(SEATS)) if i != me for d in state.data["hands"][i].values() for c in d
    ]
    text = text_of(sections)
    for title in titles(others, lang) - titles(mine, lang):
        assert title not in text


def test_classic_sections_are_empty_for_a_view_that_is_not_the_seats_own() -> None:
    game = registry.get("origin")
    state = game.setup(SEATS, 2, {})
    assert private_sections("origin", game.view(state, None), "a", "en") == []
    assert private_sections("origin", game.view(state, "b"), "a", "en") == []


# --------------------------------------------------------------------------- other games


def test_generic_fallback_shows_only_what_differs_from_the_public_view() -> None:
    state = NIM.setup(["a", "b"], 1, {"stones": 5})
    view = NIM.view(state, "a")
    assert private_sections("nim", view, "a", "en", public_view=NIM.view(state, None)) == []
    private = {"stones": 5, "secret": {"hidden": True, "cards": ["x", "y"]}}
    sections = private_sections("nim", private, "a", "fr", public_view={"stones": 5})
    assert sections == [Section("secret", ("hidden: oui", "cards: x, y"))]


def test_every_present_key_has_english_and_french_text() -> None:
    source = Path("bot/present.py").read_text(encoding="utf-8")
    used = set(re.findall(r"\"(present\.[a-z_.]+)\"", source))
    assert {"present.classic.dealt", "present.origin.tokens"} <= used
    assert [k for k in sorted(used) if not has_key(k)] == []


# --------------------------------------------------------------------------- Discord embed


def test_hand_embed_is_one_field_per_section_in_the_readers_language() -> None:
    game = registry.get("origin")
    state, seat = classic_with_a_playable_card()
    sections = private_sections("origin", game.view(state, seat), seat, "fr")
    embed = hand_embed(info("origin"), sections, "fr")
    assert [f.name for f in embed.fields] == [s.title for s in sections]
    assert embed.title is not None and embed.title.startswith("Pour vous seul")
    assert embed.footer.text is None


def test_hand_embed_stays_within_discord_limits() -> None:
    long_line = "x" * 3000
    sections = [
        Section(f"section {n} " + "t" * 300, tuple(f"line {i} " + "y" * 150 for i in range(12)))
        for n in range(30)
    ] + [Section("long", (long_line,))]
    embed = hand_embed(info("nim"), sections, "en")
    assert len(embed.fields) <= 25
    assert all(len(f.value or "") <= MAX_FIELD and len(f.name or "") <= 256 for f in embed.fields)
    assert len(embed) <= 6000
    assert embed.footer.text and "did not fit" in embed.footer.text
    left = int(embed.footer.text.split()[0])
    shown = sum(len((f.value or "").splitlines()) for f in embed.fields)
    assert shown + left == 30 * 12 + 1
    one = hand_embed(info("nim"), [Section("long", (long_line,))], "en")
    assert len(one.fields) == 1 and (one.fields[0].value or "").endswith("…")
    split = hand_embed(info("nim"), [Section("s", tuple("z" * 300 for _ in range(8)))], "en")
    assert [f.name for f in split.fields] == ["s", "s (2)", "s (3)"]
    assert isinstance(split, discord.Embed) and split.footer.text is None


def test_hand_embed_without_sections_says_nothing_is_hidden() -> None:
    embed = hand_embed(info("nim"), [], "en")
    assert embed.description and "nothing hidden" in embed.description
