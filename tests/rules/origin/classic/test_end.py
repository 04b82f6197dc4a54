"""End of the game and scoring (rulebook "Fin du jeu", "Décompte"; R10, R12, R16, R17, R21)."""

from __future__ import annotations

import pytest

from rules.base import RulesChanged, State
from rules.origin.classic import CLASSIC
from rules.origin.classic.engine import end_trigger
from rules.origin.classic.scoring import score_row
from rules.origin.components import BOARD, PAWNS
from tests.rules.origin.classic.helpers import (
    check,
    clear_hand,
    codes,
    give_cards,
    give_stacks,
    place,
    play,
    set_board,
    started,
    tile_of,
)


def thin_deck(state: State, deck: str, keep: int) -> None:
    """Leave only ``keep`` cards in ``deck`` (the rest go to a player's permanents or the
    discard pile, so cards stay conserved)."""
    pile = state.data["decks"][deck]
    extra = pile[: len(pile) - keep]
    del pile[: len(pile) - keep]
    if deck == "action":
        state.data["discard"] += extra
    elif deck == "permanent":
        state.data["permanents"][2] += extra
    else:
        state.data["objectives_done"][2] += extra


def finish_turn(state: State, seat: str) -> State:
    """Do the first available action and its rewards, then end the turn (which ends by
    itself when no card can be played)."""
    while seat in CLASSIC.to_act(state) and "end" not in codes(state, seat):
        state = play(state, seat, codes(state, seat)[0])
    return play(state, seat, "end") if seat in CLASSIC.to_act(state) else state


def test_an_empty_deck_ends_the_game_after_one_more_turn_each() -> None:
    state = started()
    set_board(state, "yellow", [tile_of(3), tile_of(4), tile_of(5)])
    thin_deck(state, "action", 1)
    state = play(state, "ana", "evolve:a7", "pawn:z1s1b", "reward:card")
    assert state.data["ending"] == {"reason": "deck", "by": 0, "left": [1, 2]}
    assert CLASSIC.outcome(state) is None and "end" in codes(state, "ana")
    state = play(state, "ana", "end")
    assert CLASSIC.to_act(state) == frozenset({"ben"})
    state = finish_turn(state, "ben")
    assert CLASSIC.to_act(state) == frozenset({"cy"})
    state = finish_turn(state, "cy")
    outcome = CLASSIC.outcome(state)
    assert outcome is not None and outcome.termination.key == "origin.classic.end.deck"
    assert CLASSIC.to_act(state) == frozenset()
    check(state)


def test_a_deck_emptied_by_the_draw_option_ends_the_game_even_if_refilled() -> None:
    """R10 (« dès que l'une des 3 pioches … est épuisée »), option ``deck_end=at_once``,
    the default: drawing the last three cards triggers the end although two go back."""
    state = started()
    assert state.options["deck_end"] == "at_once"
    thin_deck(state, "action", 3)
    state = play(state, "ana", "evolve:a7", "pawn:z1s1b", "reward:draw")
    assert state.data["decks"]["action"] == []
    state = play(state, "ana", codes(state, "ana")[0], codes(state, "ana")[1])
    assert len(state.data["decks"]["action"]) == 2
    assert state.data["ending"] == {"reason": "deck", "by": 0, "left": [1, 2]}


def test_with_deck_end_after_reward_a_refilled_deck_does_not_end_the_game() -> None:
    """Option ``deck_end=after_reward`` (rules version 1): the check waits until the
    reward is fully resolved, and the deck is no longer empty then."""
    state = started(options={"deck_end": "after_reward"})
    thin_deck(state, "action", 3)
    state = play(state, "ana", "evolve:a7", "pawn:z1s1b", "reward:draw")
    assert state.data["decks"]["action"] == []
    state = play(state, "ana", codes(state, "ana")[0], codes(state, "ana")[1])
    assert len(state.data["decks"]["action"]) == 2 and state.data["ending"] is None


def test_a_version_1_game_keeps_the_after_reward_reading() -> None:
    """Games stored under rules version 1 replay with ``deck_end=after_reward``; an
    unknown version is refused rather than replayed differently."""
    assert CLASSIC.spec.rules_version == 2
    assert CLASSIC.check_rules_version(1, {})["deck_end"] == "after_reward"
    assert CLASSIC.check_rules_version(2, {})["deck_end"] == "at_once"
    with pytest.raises(RulesChanged):
        CLASSIC.check_rules_version(7, {})


def test_an_empty_reward_board_ends_the_game() -> None:
    state = started()
    every = [[1, 2, 3, 4, 5]] * 2 + [[1, 2, 3, 4]] * 2 + [[1, 2, 3]] * 2 + [[1, 2]] * 2 + [[1]]
    give_stacks(state, 1, every)
    assert state.data["reserve"] == []
    state = play(check(state), "ana", "evolve:a3", "pawn:z1s1b", "reward:any")
    state = play(state, "ana", codes(state, "ana")[0])
    assert end_trigger(state.data) == "board"
    assert state.data["ending"]["reason"] == "board"


def test_an_empty_supply_ends_the_game() -> None:
    state = started()
    spots = [t for t in BOARD.order if t not in ("A1", "A7") and t not in BOARD.adjacent("A7")]
    pawns = [p for p, n in state.data["supply"].items() for _ in range(n) if p != "z1s1b"]
    owners = [0] * 8 + [1] * 9 + [2] * 8
    place(state, {t: (p, o) for t, p, o in zip(spots, pawns, owners, strict=False)})
    assert state.data["supply"] == {"z1s1b": 1}
    state = play(check(state), "ana", "evolve:a7", "pawn:z1s1b")
    while state.data["frames"]:
        state = play(state, "ana", codes(state, "ana")[0])
    assert state.data["ending"]["reason"] == "supply"


def test_every_village_placed_ends_the_game() -> None:
    state = started(["ana", "ben"])
    spots = [t for t in BOARD.order if t not in ("A1", "A7") and t not in BOARD.adjacent("A7")]
    pawns = [p for p in PAWNS.order if p not in ("z1s1w", "z1s1b")]
    place(
        state,
        {
            t: (p, 0 if i < 8 else 1)
            for i, (t, p) in enumerate(zip(spots, pawns[:17], strict=False))
        },
    )
    state = play(check(state), "ana", "evolve:a7", "pawn:z1s1b")
    while state.data["frames"]:
        state = play(state, "ana", codes(state, "ana")[0])
    assert state.data["villages"] == [0, 0]
    assert state.data["ending"]["reason"] == "villages"


def test_several_objectives_on_the_last_turn_only_the_first_replaced() -> None:
    state = started()
    clear_hand(state, 0)
    give_cards(state, 0, ["OB05", "OB11"])
    place(state, {"A2": ("z2s2w", 0), "A3": ("z2s2b", 0), "A6": ("z2s2k", 0), "E1": ("z3s1w", 1)})
    place(state, {"A4": ("z3s1b", 0)})
    state.data["ending"] = {"reason": "deck", "by": 2, "left": []}
    deck = len(state.data["decks"]["objective"])
    state = play(state, "ana", "play:ob05")
    assert len(state.data["hands"][0]["objective"]) == 2  # the first one is replaced
    state = play(state, "ana", "play:ob11")
    assert state.data["objectives_done"][0] == ["OB05", "OB11"]
    assert len(state.data["hands"][0]["objective"]) == 1  # the second one is not
    assert len(state.data["decks"]["objective"]) == deck - 1
    check(state)


def test_score_example_worth_51_points() -> None:
    """Rulebook example: objectives 6/5/5/4/4, three cards in hand, a Hunting token of 4,
    Strait tokens of 4 and 5, tiles 2x1, 2x2, 3, 4, 5."""
    tiles = [tile_of(1), tile_of(1, {tile_of(1)}), tile_of(2), tile_of(2, {tile_of(2)})]
    tiles += [tile_of(3), tile_of(4), tile_of(5)]
    row = score_row(["OB08", "OB06", "OB11", "OB02", "OB14"], 3, ["HU1"], ["SR05", "SR09"], tiles)
    assert row == {
        "origin.classic.score.objectives": 24,
        "origin.classic.score.hand": 3,
        "origin.score.hunting": 4,
        "origin.score.straits": 9,
        "origin.classic.score.legend": 0,
        "origin.score.tiles": 11,
    }
    assert sum(row.values()) == 51


def test_tie_break_most_cards_in_hand_then_shared() -> None:
    state = started()
    for i in range(3):
        clear_hand(state, i)
    give_cards(state, 1, ["A01", "A02", "A03"])  # 3 points, 3 cards
    give_cards(state, 2, ["OB01"])
    state = play(state, "ana")
    state.data["hands"][2]["objective"].remove("OB01")
    state.data["objectives_done"][2].append("OB01")  # 3 points, no card
    state.data["over"] = "deck"
    outcome = CLASSIC.outcome(check(state))
    assert outcome is not None
    assert outcome.ranking == (("ben",), ("cy",), ("ana",))
    give_cards(state, 2, ["A04", "A05", "A06"])
    give_cards(state, 1, ["OB02"])
    state.data["hands"][1]["objective"].remove("OB02")
    state.data["objectives_done"][1].append("OB02")
    state.data["objectives_done"][2].remove("OB01")
    state.data["objectives_done"][2].append("OB03")
    state.data["hands"][1]["action"] = ["A01", "A02", "A03"]
    state.data["decks"]["objective"].append("OB01")
    state.data["decks"]["objective"].remove("OB03")
    outcome = CLASSIC.outcome(check(state))
    assert outcome is not None
    assert outcome.ranking[0] == ("ben", "cy")  # same points, same cards: shared


def test_the_turn_ends_by_itself_when_no_card_can_be_played() -> None:
    """After the action, ``end`` would be the only choice: the turn passes at once."""
    state = started()
    clear_hand(state, 0)
    state = play(state, "ana", "evolve:a3", "pawn:z1s1b", "reward:brown")  # tiles only
    while state.data["frames"]:
        assert CLASSIC.to_act(state) == frozenset({"ana"})
        state = play(state, "ana", codes(state, "ana")[0])
    assert not any(state.data["hands"][0].values())
    assert CLASSIC.to_act(state) == frozenset({"ben"})
    assert state.log[-1][0] == "ana" and state.log[-1][1].startswith("tile:")
    check(state)


def test_the_turn_waits_for_end_while_a_card_can_be_played() -> None:
    state = started()
    give_cards(state, 0, ["A09"])  # GATHERING: playable whenever a deck holds cards
    state = play(state, "ana", "evolve:a7", "pawn:z1s1b")
    while state.data["frames"]:
        state = play(state, "ana", codes(state, "ana")[0])
    assert CLASSIC.to_act(state) == frozenset({"ana"})
    assert "end" in codes(state, "ana") and "play:a09" in codes(state, "ana")
    state = play(state, "ana", "end")
    assert CLASSIC.to_act(state) == frozenset({"ben"})
    check(state)


def test_a_pawn_moved_by_a_card_breaks_a_run_of_passes() -> None:
    """ "Every player passes in a row" ends a blocked game; a pawn moved by a card in
    the passing turn may open actions again, so the run of passes starts over."""
    state = started(["ana", "ben"])
    clear_hand(state, 0)
    clear_hand(state, 1)
    # ana: nine pawns (no village left), boxed in Africa and New Guinea by stronger pawns.
    place(
        state,
        {
            "A2": ("z1s1b", 0),
            "A3": ("z1s1k", 0),
            "A4": ("z1s2w", 0),
            "A5": ("z1s2b", 0),
            "A6": ("z1s2k", 0),
            "A7": ("z1s3w", 0),
            "A8": ("z1s3b", 0),
            "A9": ("z2s1w", 0),
            "O5": ("z1s3k", 0),
            "E1": ("z2s3w", 1),
            "E2": ("z2s3b", 1),
            "E5": ("z2s3k", 1),
            "E6": ("z3s3w", 1),
            "E11": ("z3s3b", 1),
            "O1": ("z3s3k", 1),
        },
    )
    assert codes(state, "ana") == ["pass"]
    give_cards(state, 0, ["A12"])
    state.data["passes"] = 1  # ben passed on the turn before
    state = play(state, "ana", "pass", "play:a12", "migrate:a2", "to:e4")
    assert not state.data["over"]
    assert CLASSIC.to_act(state) == {"ben"}
    check(state)
