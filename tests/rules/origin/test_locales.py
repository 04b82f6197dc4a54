"""Every message key the Origin Junior package uses exists in English and French."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

from rules.base import Text
from rules.i18n import has_key, translate
from rules.origin import JUNIOR, moves
from rules.origin.components import BOARD, CARD_COLOURS, PAWNS, TERRITORY_COLOURS
from rules.origin.pawns import Evolution
from rules.origin.scoring import JUNIOR_CATEGORIES

PACKAGE = Path(__file__).resolve().parents[3] / "rules" / "origin"
JUNIOR_MODULES = sorted(PACKAGE.glob("*.py"))
LITERAL = re.compile(r"\"(origin\.[a-z_]+(?:\.[a-z_]+)+)\"")


def test_both_catalogues_have_the_same_keys_and_no_empty_text() -> None:
    en = json.loads((PACKAGE / "locales" / "en.json").read_text(encoding="utf-8"))
    fr = json.loads((PACKAGE / "locales" / "fr.json").read_text(encoding="utf-8"))
    assert set(en) == set(fr)
    assert all(v.strip() for v in list(en.values()) + list(fr.values()))
    for key in en:
        placeholders = sorted(re.findall(r"{(\w+)}", en[key]))
        assert placeholders == sorted(re.findall(r"{(\w+)}", fr[key])), key


def test_every_literal_key_in_the_source_exists() -> None:
    found = {m for path in JUNIOR_MODULES for m in LITERAL.findall(path.read_text())}
    assert len(found) > 30
    missing = sorted(k for k in found if not has_key(k))
    assert missing == []


def test_every_built_key_exists() -> None:
    keys = [f"origin.terr.{t}" for t in BOARD.order]
    keys += [f"origin.strait.{s}" for s in BOARD.straits]
    keys += [f"origin.continent.{c}" for c in BOARD.continents]
    keys += [f"origin.pawn.{p}" for p in PAWNS.order]
    keys += [f"origin.illegal.pawn_{v.value}" for v in Evolution if not v.allowed]
    keys += [f"origin.end.{e}" for e in ("deck", "blocked")]
    keys += [f"origin.action.{a}" for a in ("evolve", "migrate", "swap")]
    keys += [f"origin.colour.{c}" for c in TERRITORY_COLOURS]
    keys += [f"origin.score.{c}" for c in CARD_COLOURS] + list(JUNIOR_CATEGORIES)
    keys += [JUNIOR.spec.name.key, JUNIOR.spec.summary.key]
    assert sorted(k for k in keys if not has_key(k)) == []


def test_every_move_label_of_random_games_translates_fully() -> None:
    chooser = random.Random(5)
    for players in (2, 4):
        state = JUNIOR.setup([f"p{i}" for i in range(players)], f"labels-{players}")
        while JUNIOR.outcome(state) is None:
            seat = next(iter(JUNIOR.to_act(state)))
            legal = JUNIOR.legal_moves(state, seat)
            for move in legal:
                for lang in ("en", "fr"):
                    text = translate(move.label, lang)
                    assert text != move.label.key and "{" not in text and "@" not in text
            state = JUNIOR.apply(state, seat, chooser.choice(legal).code)
        outcome = JUNIOR.outcome(state)
        assert outcome is not None
        assert translate(outcome.termination, "fr") != outcome.termination.key
        for category in JUNIOR.scores(state).categories:
            assert translate(Text(category), "fr") != category


def test_the_first_step_of_a_swap_names_the_players_own_pawn_as_the_mover() -> None:
    # The pawn named in ``swap:<territory>`` is the player's own, the one that moves;
    # "swap with the pawn" would name it as the target.
    label = moves.start_from("swap", "A2", "z2s2w").label
    assert translate(label, "en") == "Swap: move the white pawn 2·2 from Maghreb"
    assert translate(label, "fr") == "Échanger : déplacer le pion blanc 2·2 du territoire Maghreb"


def test_a_pawn_has_one_name_the_picture_badges() -> None:
    """``z2s3w`` is the ``white pawn 2·3`` in every label: the picture's badge reads ``2·3``
    (size · strength) in the owner's colour, the supply's columns too."""
    for pawn, en, fr in (
        ("z2s3w", "white pawn 2·3", "pion blanc 2·3"),
        ("z1s1b", "brown pawn 1·1", "pion marron 1·1"),
    ):
        assert translate(moves.place_pawn(pawn).label, "en") == f"Place the {en}"
        assert translate(moves.place_pawn(pawn).label, "fr") == f"Poser le {fr}"


def test_every_move_label_fits_a_discord_choice() -> None:
    longest_pawn = max(PAWNS.order, key=lambda p: len(translate(f"origin.pawn.{p}", "fr")))
    for lang in ("en", "fr"):
        for territory in BOARD.order:
            for label in (
                moves.evolve_at(territory).label,
                moves.start_from("migrate", territory, longest_pawn).label,
                moves.start_from("swap", territory, longest_pawn).label,
                moves.swap_with(territory, longest_pawn).label,
                moves.migrate_to(territory).label,
            ):
                assert len(translate(label, lang)) <= 100, translate(label, lang)


def test_french_colour_words_follow_the_grammar() -> None:
    # "orange" and "marron" are nouns used as colour words: they stay invariable.
    assert translate("origin.score.orange", "fr") == "Cartes orange"
    assert translate("origin.strait.ST09", "fr") == "Ligne de Wallace"
