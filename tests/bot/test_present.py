"""How games present themselves to any front end (``bot.service.present``): private sections
translated for the reader, the "nothing hidden" line, each game's help from its spec,
the service's ``private_sections`` (seated players only), and the Discord embed that
holds the sections within Discord's limits. What each game shows is tested with the
game (``tests/rules/origin/test_present.py``)."""

from __future__ import annotations

import discord
import pytest

from bot.discord.embeds import MAX_FIELD, hand_embed, scores_embed
from bot.service import GameInfo, GameService, Player, ServiceError
from bot.service.present import (
    TranslatedSection,
    game_help,
    nothing_hidden,
    section_text,
    translate_sections,
)
from rules import registry
from rules.base import ScoreSheet, Section, Text
from rules.i18n import translate
from rules.nim import NIM
from tests.bot.conftest import ALICE, BOB, CAROL, FakeClock

SEATS = ["a", "b", "c"]


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


def text(raw: str) -> Text:
    """A literal line (an unknown key translates to itself)."""
    return Text(raw)


# --------------------------------------------------------------------------- any game


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_sections_are_translated_title_and_lines(lang: str) -> None:
    state = NIM.setup(["a", "b"], 1, {"stones": 5})
    sections = NIM.private_sections(state, "a")
    shown = translate_sections(sections, lang)
    assert [s.title for s in shown] == [translate(s.title, lang) for s in sections]
    assert shown[0].lines == tuple(translate(line, lang) for line in sections[0].lines)
    assert "nim." not in "\n".join(line for s in shown for line in s.lines)


def test_section_text_bullets_several_lines_only() -> None:
    assert section_text(TranslatedSection("t", ("one",))) == "one"
    assert section_text(TranslatedSection("t", ("one", "two"))) == "- one\n- two"


def test_nothing_hidden_is_said_in_the_readers_language() -> None:
    assert nothing_hidden("en").startswith("Nothing hidden")
    assert nothing_hidden("fr").startswith("Rien de caché")


@pytest.mark.parametrize("rules_id", ["nim", "origin", "origin-junior"])
def test_help_of_a_game_is_its_summary_then_its_tips(rules_id: str) -> None:
    spec = registry.get(rules_id).spec
    for lang in ("en", "fr"):
        assert game_help(rules_id, lang) == [
            translate(spec.summary, lang),
            *(translate(tip, lang) for tip in spec.tips),
        ]
    assert game_help("no-such-game", "en") == []


FRONT_END_WORDS = ("/campfire", "Discord", "console", "Play", "Jouer", "menu", "button", "bouton")


@pytest.mark.parametrize("rules_id", registry.ids())
@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_games_help_names_no_front_end(rules_id: str, lang: str) -> None:
    """The game's help serves every front end: how to press or type a move is each
    front end's own help (the console's commands, Discord's /campfire help)."""
    text = "\n".join(game_help(rules_id, lang))
    assert text
    assert [w for w in FRONT_END_WORDS if w in text] == []


async def test_service_gives_a_seated_player_the_games_sections(service: GameService) -> None:
    lobby = await service.create_lobby(
        rules="nim", options={}, guild_id="g", channel_id="c", creator=ALICE
    )
    await service.join(lobby.id, BOB)
    with pytest.raises(ServiceError) as raised:
        await service.private_sections(lobby.id, ALICE.user_id)
    assert raised.value.key == "service.not_started"
    await service.start(lobby.id, ALICE.user_id)
    sections = await service.private_sections(lobby.id, ALICE.user_id)
    assert sections and all(isinstance(s, Section) for s in sections)
    assert sections[0].title == Text("nim.present.title")
    with pytest.raises(ServiceError) as raised:
        await service.private_sections(lobby.id, CAROL.user_id)
    assert raised.value.key == "service.not_in_game"


# --------------------------------------------------------------------------- Discord embed


def test_hand_embed_is_one_field_per_section_in_the_readers_language() -> None:
    game = registry.get("origin")
    state = game.setup(SEATS, 4, {})
    sections = game.private_sections(state, "b")
    embed = hand_embed(info("origin"), sections, "fr")
    assert [f.name for f in embed.fields] == [translate(s.title, "fr") for s in sections]
    assert embed.title is not None and embed.title.startswith("Pour vous seul")
    assert embed.footer.text is None


def test_hand_embed_stays_within_discord_limits() -> None:
    long_line = "x" * 3000
    sections = [
        Section(
            text(f"section {n} " + "t" * 300),
            tuple(text(f"line {i} " + "y" * 150) for i in range(12)),
        )
        for n in range(30)
    ] + [Section(text("long"), (text(long_line),))]
    embed = hand_embed(info("nim"), sections, "en")
    assert len(embed.fields) <= 25
    assert all(len(f.value or "") <= MAX_FIELD and len(f.name or "") <= 256 for f in embed.fields)
    assert len(embed) <= 6000
    assert embed.footer.text and "did not fit" in embed.footer.text
    left = int(embed.footer.text.split()[0])
    shown = sum(len((f.value or "").splitlines()) for f in embed.fields)
    assert shown + left == 30 * 12 + 1
    one = hand_embed(info("nim"), [Section(text("long"), (text(long_line),))], "en")
    assert len(one.fields) == 1 and (one.fields[0].value or "").endswith("…")
    split = hand_embed(
        info("nim"), [Section(text("s"), tuple(text("z" * 300) for _ in range(8)))], "en"
    )
    assert [f.name for f in split.fields] == ["s", "s (2)", "s (3)"]
    assert isinstance(split, discord.Embed) and split.footer.text is None


def test_hand_embed_without_sections_says_nothing_is_hidden() -> None:
    embed = hand_embed(info("nim"), [], "en")
    assert embed.description and "nothing hidden" in embed.description


def test_scores_embed_says_hidden_only_for_a_seat_with_something_hidden() -> None:
    sheet = ScoreSheet(
        ("nim.win", "points"),
        {"a": {"nim.win": 1, "points": 0}, "b": {"nim.win": 0}, "c": {"nim.win": 0}},
        hidden={"a": frozenset({"points"}), "b": frozenset()},
    )
    embed = scores_embed(info("nim"), sheet, "en")
    by_name = {(f.name or "").split(":")[0]: f for f in embed.fields}
    assert "+?" in (by_name["A"].name or "") and "**?**" in (by_name["A"].value or "")
    for seat in ("B", "C"):
        assert "?" not in (by_name[seat].name or "") + (by_name[seat].value or "")
