"""Bad input: malformed codes, illegal codes with specific reasons, out of turn; state untouched."""

from __future__ import annotations

import pytest

from rules.base import AmbiguousMove, IllegalMove, InvalidMove, MoveError, State, Text, to_json
from rules.i18n import translate
from rules.origin import JUNIOR
from rules.origin.components import BOARD, PAWNS
from tests.rules.origin.helpers import codes, position


def refused(state: State, seat: str, code: str) -> MoveError:
    before = to_json(state)
    with pytest.raises(MoveError) as caught:
        JUNIOR.apply(state, seat, code)
    assert to_json(state) == before, "a refused move changed the state"
    for lang in ("en", "fr"):
        text = translate(Text(caught.value.key, caught.value.params), lang)
        assert text != caught.value.key and "{" not in text and "@" not in text
    return caught.value


@pytest.mark.parametrize(
    "code",
    ["", "   ", "evolve:zz9", "pawn:z4s1w", "fly:a3", "pawn:z2s1w#2", "to:", "x" * 300],
)
def test_malformed_codes_are_invalid(code: str) -> None:
    error = refused(position({}), "ana", code)
    assert isinstance(error, InvalidMove)


def test_a_bare_action_word_is_ambiguous_and_lists_the_choices() -> None:
    error = refused(position({}), "ana", "evolve:")
    assert isinstance(error, AmbiguousMove)
    assert error.params["candidates"][0] == "evolve:a3"


def test_out_of_turn_and_strangers_are_refused() -> None:
    state = position({})
    assert refused(state, "ben", "evolve:a3").key == "move.not_your_turn"
    assert refused(state, "zed", "evolve:a3").key == "move.not_a_player"


BOARD_POSITION = {
    "A9": ("z2s2w", 0),
    "A7": ("z2s2b", 1),
    "A8": ("z1s1b", 1),
    "E13": ("z1s1k", 0),
    "N4": ("z3s3k", 2),
}


@pytest.mark.parametrize(
    ("steps", "code", "key"),
    [
        ([], "evolve:a7", "origin.illegal.occupied"),
        ([], "evolve:t3", "origin.illegal.not_adjacent"),
        ([], "migrate:a7", "origin.illegal.not_your_pawn"),
        ([], "migrate:a1", "origin.illegal.neutral_not_yours"),
        ([], "swap:a2", "origin.illegal.no_pawn_there"),
        ([], "swap:e13", "origin.illegal.no_swap_target"),
        ([], "pawn:z2s1w", "origin.illegal.choose_action_first"),
        ([], "to:a5", "origin.illegal.choose_action_first"),
        ([], "back", "origin.illegal.choose_action_first"),
        ([], "pass", "origin.illegal.pass_not_allowed"),
        (["evolve:a5"], "migrate:a9", "origin.illegal.finish_action"),
        (["evolve:a5"], "to:a4", "origin.illegal.expect_pawn"),
        (["evolve:a5"], "pawn:z1s1w", "origin.illegal.pawn_not_in_supply"),
        (["evolve:a5"], "pawn:z3s3w", "origin.illegal.pawn_size_jump"),
        (["migrate:a9"], "pawn:z1s1k", "origin.illegal.expect_target"),
        (["migrate:a9"], "to:a9", "origin.illegal.same_place"),
        (["migrate:a9"], "to:a7", "origin.illegal.migrate_occupied"),
        (["migrate:a9"], "to:a2", "origin.illegal.too_far"),
        (["swap:a9"], "to:a7", "origin.illegal.swap_not_weaker"),
        (["swap:a9"], "to:a1", "origin.illegal.swap_neutral"),
        (["swap:a9"], "to:e13", "origin.illegal.swap_own"),
        (["swap:a9"], "to:a5", "origin.illegal.swap_empty"),
        (["swap:a9"], "to:n4", "origin.illegal.swap_not_weaker"),
    ],
)
def test_illegal_codes_get_a_specific_reason(steps: list[str], code: str, key: str) -> None:
    state = position(BOARD_POSITION)
    for step in steps:
        state = JUNIOR.apply(state, "ana", step)
    error = refused(state, "ana", code)
    assert isinstance(error, IllegalMove)
    assert error.key == key


def test_too_far_says_how_far_and_how_fast() -> None:
    state = JUNIOR.apply(position(BOARD_POSITION), "ana", "migrate:a9")
    error = refused(state, "ana", "to:a2")
    assert error.params == {"where": "@origin.terr.A2", "steps": 3, "size": 2}
    assert translate(Text(error.key, error.params), "en") == (
        "Maghreb is 3 steps away; that pawn moves at most 2."
    )


def test_swap_out_of_reach_is_too_far() -> None:
    state = position({"A9": ("z1s2w", 0), "A8": ("z1s1b", 1), "A5": ("z1s1k", 1)})
    state = JUNIOR.apply(state, "ana", "swap:a9")
    error = refused(state, "ana", "to:a5")
    assert error.key == "origin.illegal.too_far" and error.params["size"] == 1


def test_a_pawn_without_weaker_opponent_in_reach_cannot_start_a_swap() -> None:
    state = position({"A9": ("z1s2w", 0), "A5": ("z1s1b", 1)})
    assert refused(state, "ana", "swap:a9").key == "origin.illegal.no_swap_target"


def test_the_rulebook_reason_reads_well() -> None:
    state = JUNIOR.apply(position({"A2": ("z2s2w", 1)}), "ana", "evolve:a6")
    error = refused(state, "ana", "pawn:z2s1w")
    assert translate(Text(error.key, error.params), "en") == (
        "That pawn is weaker than the one in Maghreb."
    )
    assert translate(Text(error.key, error.params), "fr") == (
        "Ce pion est plus faible que celui du territoire Maghreb."
    )


def test_no_fitting_pawn_when_the_supply_lacks_every_allowed_pawn() -> None:
    # A7 touches only the neutral pawn: the four pawns that may evolve from it are
    # placed far away by cy.
    state = position(
        {"E1": ("z1s1b", 2), "E3": ("z1s1k", 2), "N1": ("z1s2w", 2), "S1": ("z2s1w", 2)}
    )
    assert refused(state, "ana", "evolve:a7").key == "origin.illegal.no_fitting_pawn"


def test_a_pawn_with_every_neighbour_occupied_cannot_migrate() -> None:
    state = position({"O5": ("z1s1k", 0), "E11": ("z1s1b", 1), "O1": ("z3s3b", 1)})
    assert refused(state, "ana", "migrate:o5").key == "origin.illegal.stuck"


def test_a_label_is_accepted_instead_of_a_code() -> None:
    state = JUNIOR.apply(position({}), "ana", "Sahara")
    assert state.data["frames"] == [{"kind": "evolve", "at": "A3"}]
    state = JUNIOR.apply(state, "ana", "pion blanc 2.1")
    assert state.data["pawn_at"]["A3"] == "z2s1w"


def test_a_pawn_is_typed_by_the_name_its_badge_gives() -> None:
    """``white pawn 2·1`` (or ``2.1``) is that pawn, never the ``1·2``."""
    for typed in ("white pawn 2·1", "pion blanc 2.1", "Place the white pawn 2·1"):
        state = JUNIOR.apply(position({}), "ana", "Sahara")
        state = JUNIOR.apply(state, "ana", typed)
        assert state.data["pawn_at"]["A3"] == "z2s1w", typed


def test_stored_states_are_never_mutated_by_legal_moves() -> None:
    state = position(BOARD_POSITION)
    before = to_json(state)
    for code in ("evolve:a5", "migrate:a9", "swap:a9"):
        after = JUNIOR.apply(state, "ana", code)
        JUNIOR.legal_moves(after, "ana")
        assert to_json(state) == before


def test_no_evolve_once_the_supply_is_empty() -> None:
    # 4 players: 36 pawns for 36 villages, but the neutral pawn uses one of them.
    seats = ["ana", "ben", "cy", "dee"]
    pool = [p for p, n in PAWNS.pool(4).items() for _ in range(n)]
    pool.remove("z1s1w")  # the neutral pawn
    free = [t for t in BOARD.order if t != BOARD.origin]
    pawns = {t: (p, (n + 1) % 4) for n, (t, p) in enumerate(zip(free, pool, strict=False))}
    state = position(pawns, seats=seats)
    assert state.data["supply"] == {}
    assert not any(c.startswith("evolve:") for c in codes(state, "ana"))
    assert refused(state, "ana", "evolve:t3").key == "origin.illegal.supply_empty"
