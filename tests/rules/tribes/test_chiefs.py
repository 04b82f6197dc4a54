"""Chief powers (option ``chiefs``): the hidden pick at set-up and each of the 16 powers
with the rulebook clarification it illustrates (rulebook p. 12-13, T20, T24)."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

import pytest

from rules.base import IllegalMove, Record, State, Text
from rules.tribes import TRIBES_GAME as GAME
from rules.tribes import board as bd
from rules.tribes import chiefs as ch
from rules.tribes import turn as tn
from rules.tribes.components import MEMBERS
from rules.tribes.event_effects import ask_hex
from rules.tribes.event_state import events_of
from tests.rules.tribes.event_helpers import next_cards
from tests.rules.tribes.helpers import give, script_dice, village

NEUTRAL = (("daba", "builders"), ("dananu", "agriculture"), ("kaha", "perseverance"))
"""Powers given to the seats a test does not look at (they change nothing there)."""


def chief_state(
    players: int = 2,
    *,
    powers: Mapping[int, str],
    members: Mapping[str, Sequence[int]],
    hand: Sequence[str] = ("blank", "blank"),
    active: int = 0,
    used: Sequence[str] = (),
    **options: object,
) -> State:
    """A game with chiefs past set-up, ``active``'s turn at step 3 (as ``at_actions``)."""
    chosen = {"map": "reference", "chiefs": True, **options}
    state = GAME.setup([f"p{i}" for i in range(players)], "t", chosen)
    data = state.data
    data["first"] = data["turn"] = active
    data["placing"] = players
    data["step"] = "actions"
    spare = [n for n in NEUTRAL if n[0] not in {ch.POWERS[p].tribe for p in powers.values()}]
    for i, pl in enumerate(data["players"]):
        power = powers.get(i)
        tribe, pick = (ch.POWERS[power].tribe, power) if power else spare.pop(0)
        pl["tribe"] = tribe
        data["chiefs"]["picks"][i] = pick
        data["chiefs"]["shown"][i] = True
    for hex_id, counts in members.items():
        bd.set_members(data, hex_id, list(counts))
    for i, pl in enumerate(data["players"]):
        pl["supply"] = MEMBERS - bd.on_map(data, i)
    data["hand"] = list(hand)
    data["used"] = list(used)
    data["pushed"] = ["blank"] * (2 - len(hand))
    data["roll"] = list(hand)
    return state


def acting(state: State) -> str:
    (seat,) = GAME.to_act(state)
    return seat


def codes(state: State) -> list[str]:
    return [m.code for m in GAME.legal_moves(state, acting(state))]


def play(state: State, *moves: str) -> State:
    for code in moves:
        state = GAME.apply(state, acting(state), code)
        GAME.check_game_invariants(state)
    return state


def res(state: State, p: int) -> dict[str, int]:
    return dict(state.data["players"][p]["resources"])


def rec() -> Record:
    return Record(Text("test"))


def to_conflicts(state: State) -> State:
    """Both actions taken: run the turn on to step 4 (and past it if nothing is asked)."""
    state = state.copy()
    tn.advance(state, rec())
    return state


# ------------------------------------------------------------------------ the pick


def test_chief_pick_is_simultaneous_and_hidden_before_the_reveal() -> None:
    state = GAME.setup(["a", "b", "c"], "pick", {"chiefs": True})
    assert GAME.to_act(state) == {"a", "b", "c"}
    tribe = state.data["players"][0]["tribe"]
    options = [m.code for m in GAME.legal_moves(state, "a")]
    assert options == [f"chief:{ch.POWERS[p].code}" for p in ch.TRIBES[tribe].powers]
    applied = GAME.play(state, "a", options[1])
    assert applied.label.key == "tribes.chief.move.picked"  # the table never reads the power
    assert not applied.label.params  # nor a seat id: the front end says who played
    state = applied.state
    assert GAME.to_act(state) == {"b", "c"}
    public = GAME.view(state, None)
    assert public["players"]["a"]["chief"] is None and public["players"]["a"]["chief_chosen"]
    assert GAME.view(state, "b") == public
    own = [line.params for s in GAME.private_sections(state, "a") for line in s.lines]
    assert {"power": f"@tribes.chief.{ch.TRIBES[tribe].powers[1]}"}.items() <= own[-1].items()
    for seat in ("b", "c"):
        state = GAME.apply(state, seat, GAME.legal_moves(state, seat)[0].code)
    assert state.data["step"] == "place"
    first = state.seats[state.data["first"]]
    placed = GAME.apply(state, first, GAME.legal_moves(state, first)[0].code)
    shown = {s: GAME.view(placed, None)["players"][s]["chief"] for s in placed.seats}
    assert shown[first] is not None
    assert [s for s, power in shown.items() if power is not None] == [first]


def test_chief_picks_give_the_same_state_in_any_order() -> None:
    state = GAME.setup(["a", "b"], "order", {"chiefs": True})
    pick = {s: GAME.legal_moves(state, s)[1].code for s in ("a", "b")}
    one = GAME.apply(GAME.apply(state, "a", pick["a"]), "b", pick["b"])
    two = GAME.apply(GAME.apply(state, "b", pick["b"]), "a", pick["a"])
    assert one.data == two.data
    strip = ("last",)  # who picked last is all that differs, and it names no power
    assert {k: v for k, v in GAME.view(one, None).items() if k not in strip} == {
        k: v for k, v in GAME.view(two, None).items() if k not in strip
    }


def test_chief_pick_of_a_seat_that_leaves_ends_the_pick_step() -> None:
    state = GAME.setup(["a", "b", "c"], "leave", {"chiefs": True})
    state = GAME.apply(state, "a", GAME.legal_moves(state, "a")[0].code)
    state = GAME.apply(state, "b", GAME.legal_moves(state, "b")[0].code)
    state = GAME.remove_seat(state, "c").state
    assert state.data["step"] == "place"
    GAME.check_game_invariants(state)


def test_determinize_resamples_the_picks_not_revealed_yet() -> None:
    state = GAME.setup(["a", "b"], "det", {"chiefs": True})
    state = GAME.apply(state, "a", GAME.legal_moves(state, "a")[0].code)
    state = GAME.apply(state, "b", GAME.legal_moves(state, "b")[0].code)
    seen = set()
    for n in range(30):
        new = GAME.determinize(state, "a", random.Random(n))
        assert new.data["chiefs"]["picks"][0] == state.data["chiefs"]["picks"][0]
        assert GAME.view(new, "a")["players"] == GAME.view(state, "a")["players"]
        seen.add(new.data["chiefs"]["picks"][1])
    assert len(seen) == 2


def test_chiefs_off_leaves_the_base_game_as_it_was() -> None:
    state = GAME.setup(["a", "b"], "off")
    assert "chiefs" not in state.data and state.data["step"] == "place"
    assert "chief" not in GAME.view(state, None)["players"]["a"]


# ---------------------------------------------------------------------- Daba


def test_merchants_usable_while_an_event_is_resolved() -> None:
    state = chief_state(powers={0: "merchants"}, members={"H05": [2, 0], "H06": [0, 2]})
    give(state, 0, wood=2)
    ask_hex(state, 0, "tiger", ["H01", "H06", "H08"], rec())  # the tiger's hex, on one's turn
    assert "trade" in codes(state)
    state = play(state, "trade", "trade:wood:stone")
    assert res(state, 0) == {"wood": 0, "food": 0, "stone": 1}
    assert state.data["frames"][-1]["kind"] == "ev_hex"  # the event goes on
    assert "trade" not in codes(state)  # once per turn


def test_merchants_any_time_of_the_turn() -> None:
    state = chief_state(powers={0: "merchants"}, members={"H05": [2, 0]})
    give(state, 0, food=4)
    assert "trade" in codes(state)  # between actions
    state = play(state, "grow:blank")
    assert "trade" in codes(state)  # in the middle of Grow
    state = play(state, "trade", "trade:food:wood", "done")
    assert res(state, 0)["wood"] == 1
    assert "trade" not in codes(state)


def test_builders_village_costs_one_less_of_your_choice() -> None:
    state = chief_state(powers={0: "builders"}, members={"H05": [2, 0]}, used=("grow", "lead"))
    state.data["step"] = "build"
    give(state, 0, wood=2, stone=1, food=1)
    state = play(state, "village:h05")
    assert sorted(codes(state)) == ["back", "spare:food", "spare:stone", "spare:wood"]
    state = play(state, "spare:wood")
    assert bd.village(state.data, "H05") == 0
    assert res(state, 0) == {"wood": 1, "food": 0, "stone": 0}


def test_builders_first_turn_village_with_three_resources() -> None:
    """The tip: with one resource less, the two starting resources and one gathering
    can already pay a village on the first turn."""
    state = chief_state(powers={0: "builders"}, members={"H05": [3, 0]}, used=("grow", "lead"))
    state.data["step"] = "build"
    give(state, 0, wood=2, stone=1)
    assert "village:h05" in codes(state)
    state = play(state, "village:h05")  # one way to pay: built at once
    assert bd.village(state.data, "H05") == 0 and res(state, 0)["wood"] == 0


# ---------------------------------------------------------------------- Danānu


def test_ruse_once_per_turn_paid_to_the_supply() -> None:
    state = chief_state(
        powers={0: "ruse"}, members={"H05": [3, 1], "H06": [1, 2]}, hand=(), used=("grow", "lead")
    )
    give(state, 0, stone=2)
    state = to_conflicts(state)
    assert sorted(codes(state)) == ["noruse", "ruse:h05", "ruse:h06"]
    state = play(state, "ruse:h05")  # one type held: paid at once, to the supply
    assert res(state, 0)["stone"] == 1
    assert bd.members(state.data, "H05") == [2, 0]  # the conflict was resolved
    assert not any(f["kind"] == "ch_ruse" for f in state.data["frames"])  # asked once
    assert state.data["chiefs"]["ruse"] is None


def test_agriculture_food_per_village_makes_villages_easier() -> None:
    state = chief_state(powers={0: "agriculture"}, members={"H05": [2, 0], "H01": [1, 0]})
    village(state, "H05", 0)
    village(state, "H01", 0)
    state = state.copy()
    tn.continue_turn(state, rec())
    assert res(state, 0)["food"] == 2
    assert sum(state.data["players"][0]["vp"]) == 2


# ---------------------------------------------------------------------- Indartsu


def test_education_extra_member_is_optional() -> None:
    state = chief_state(powers={0: "education"}, members={"H05": [4, 0], "H06": [0, 1]})
    state = play(state, "lead:blank")
    assert sorted(codes(state)) == ["noteach", "teach:h05"]
    kept = play(state, "noteach")  # no sixth member, no conflict
    assert bd.count(kept.data, "H05", 0) == 4
    taught = play(state, "teach:h05")
    assert bd.count(taught.data, "H05", 0) == 5


def test_exogamy_normal_members_only() -> None:
    state = chief_state(powers={0: "exogamy"}, members={"H05": [1, 0], "H06": [0, 2]})
    state.data["invaders"]["H09"] = 2  # invaders alone on H09
    state = play(state, "grow:blank")
    assert "add:h06" in codes(state) and "add:h09" not in codes(state)
    state = play(state, "add:h06")
    assert bd.members(state.data, "H06") == [1, 2]


# ---------------------------------------------------------------------- Kaha


def test_travellers_full_travel_before_or_after() -> None:
    state = chief_state(powers={0: "travellers"}, members={"H05": [3, 0]})
    state = play(state, "voyage", "vfrom:h05", "vto:h06", "vn:2")
    assert bd.count(state.data, "H06", 0) == 2
    assert "voyage" not in codes(state)  # once per turn
    state = play(state, "travel:blank", "from:h06", "to:h07", "n:2")  # they still travel
    assert bd.count(state.data, "H07", 0) == 2


def test_perseverance_bonus_per_selected_hex_with_four_members() -> None:
    state = chief_state(powers={0: "perseverance"}, members={"H05": [4, 0], "H01": [3, 0]})
    state = play(state, "gather:blank", "at:h05", "at:h05")
    assert res(state, 0)["wood"] == 6  # 2 selections of 2, each +1
    state = chief_state(powers={0: "perseverance"}, members={"H05": [4, 0], "H01": [3, 0]})
    state = play(state, "gather:blank", "at:h05", "at:h01")
    assert res(state, 0) == {"wood": 3, "food": 0, "stone": 2}


# ---------------------------------------------------------------------- Kia-Kia


def test_ambush_board_members_never_count_for_clan() -> None:
    state = chief_state(powers={0: "ambush"}, members={"H05": [5, 0], "H01": [5, 0], "H09": [1, 0]})
    give(state, 0, goals=["A1"])
    state = play(state, "grow:blank", "lurk", "lurk", "lurk")
    assert ch.board_members(state, 0) == 3 and bd.on_map(state.data, 0) == 11
    state.data["step"] = "build"
    assert "goal:a1" not in codes(state)  # 14 members, but only 11 on the map
    state.data["step"] = "actions"
    state = play(state, "travel:blank", "spring", "to:h07", "n:2")
    assert ch.board_members(state, 0) == 1 and bd.count(state.data, "H07", 0) == 2


# ----------------------------------------------------------------- Prémonition


def test_premonition_only_before_the_roll(monkeypatch: pytest.MonkeyPatch) -> None:
    state = chief_state(powers={1: "premonition"}, members={"H05": [2, 0], "H06": [0, 2]})
    next_cards(state, "E02", "E03", "E04")
    state.data["hand"], state.data["pushed"] = [], ["blank", "blank"]
    script_dice(monkeypatch, [["sun", "sun"], ["sun", "moon"]])
    state = state.copy()
    tn.end_turn(state, rec())
    assert state.data["hand"] == [] and codes(state) == ["peek", "nopeek"]
    state = play(state, "peek")
    seen = state.data["frames"][-1]["card"]
    assert "card" not in GAME.view(state, None)["pending"]  # the table never sees it
    state = play(state, "keep")  # rolled now: sun, sun, a double draws the card seen
    assert state.data["hand"] == ["sun", "sun"]
    assert any(s and s["id"] == seen for s in events_of(state)["slots"])
    assert "peek" not in codes(state)  # never after the roll


def test_premonition_card_put_under_comes_last() -> None:
    state = chief_state(powers={0: "premonition"}, members={"H05": [2, 0]})
    next_cards(state, "E02", "E04", "E06")
    data = state.data["chiefs"]
    data.update(under=["E04"], known=list(events_of(state)["deck"]), seer=0)
    drawn = [ch.draw_event_card(state, events_of(state)["deck"]) for _ in range(3)]
    assert drawn[-1] == "E04"


# ---------------------------------------------------------------------- Kiror


def test_scouts_mountain_to_mountain_to_lake_in_one_move() -> None:
    state = chief_state(powers={0: "scouts"}, members={"H05": [2, 0]})
    state.data["hexes"].update(H05="mountain", H06="mountain", H07="lake")
    state = play(state, "travel:blank", "from:h05")
    assert "to:h07" in codes(state)  # across the second mountain to the lake beyond
    plain = chief_state(powers={0: "escape"}, members={"H05": [2, 0]})
    plain.data["hexes"].update(H05="mountain", H06="mountain", H07="lake")
    assert "to:h07" not in codes(play(plain, "travel:blank", "from:h05"))


def test_scouts_combine_with_horse() -> None:
    state = chief_state(powers={0: "scouts"}, members={"H03": [2, 0]})
    give(state, 0, done=["D3"])
    state.data["hexes"].update(H03="forest", H04="forest")
    state = play(state, "travel:blank", "from:h03")
    assert "to:h06" in codes(state)  # H04 forest crossed, then two hexes with Horse


def test_escape_conflict_resolved_first_then_retreat() -> None:
    state = chief_state(
        powers={1: "escape"}, members={"H05": [4, 3]}, hand=(), used=("grow", "lead")
    )
    village(state, "H05", 1)
    state = to_conflicts(state)
    assert bd.members(state.data, "H05") == [1, 0]  # resolved as usual first
    assert bd.village(state.data, "H05") is None  # its village already lost
    assert acting(state) == "p1" and "noflee" in codes(state)
    state = play(state, "flee:h06")
    assert bd.count(state.data, "H06", 1) == 3


def test_escape_question_dropped_when_the_kiror_leaves() -> None:
    state = chief_state(
        3, powers={1: "escape"}, members={"H05": [4, 3, 0]}, hand=(), used=("grow", "lead")
    )
    state = to_conflicts(state)
    assert acting(state) == "p1"
    state = GAME.remove_seat(state, "p1").state
    GAME.check_step_invariants(state)
    assert GAME.to_act(state) == {"p0"} or state.data["turn"] != 0


# ------------------------------------------------------------------- Mu'k'a'an


def test_sharing_any_type_its_hexes_produce() -> None:
    state = chief_state(
        powers={1: "sharing"}, members={"H05": [2, 1], "H02": [0, 1], "H01": [1, 0]}
    )
    state = play(state, "gather:blank", "at:h05", "at:h01")
    assert acting(state) == "p1"
    assert sorted(codes(state)) == ["share:food", "share:wood"]  # forest and lake, no stone
    state = play(state, "share:food")
    assert res(state, 1) == {"wood": 0, "food": 1, "stone": 0}


def test_intimidation_paid_to_the_supply() -> None:
    state = chief_state(
        powers={1: "intimidation"}, members={"H05": [4, 3]}, hand=(), used=("grow", "lead")
    )
    give(state, 1, food=1, wood=1)
    state = to_conflicts(state)
    assert acting(state) == "p1" and "scare:daba" in codes(state)
    state = play(state, "scare:daba", "cpay:wood")
    assert res(state, 1) == {"wood": 0, "food": 1, "stone": 0}
    assert bd.members(state.data, "H05") == [0, 0]  # 3 against 3 after the member left


# ----------------------------------------------------------------------- Tunga


def test_hidden_village_needs_a_village_on_the_map_first() -> None:
    state = chief_state(powers={0: "hidden_village"}, members={"H05": [2, 0]}, used=("a", "b"))
    state.data["step"] = "build"
    give(state, 0, wood=2, stone=2, food=2)
    assert "hidden" not in codes(state)
    village(state, "H05", 0)
    state = play(state, "hidden", "cpay:stone")
    assert ch.hidden_villages(state, 0) == 1 and res(state, 0) == {"wood": 1, "food": 1, "stone": 0}
    assert "hidden" not in codes(state)  # one only


def test_hidden_village_cannot_be_destroyed_and_scores() -> None:
    state = chief_state(powers={0: "hidden_village"}, members={"H05": [1, 0]})
    village(state, "H05", 0)
    state.data["chiefs"]["hidden"][0] = 1
    state.data["village_supply"] -= 1
    bd.set_members(state.data, "H05", [0, 0])
    state.data["players"][0]["supply"] += 1
    from rules.tribes.villages import lose_villages

    state = state.copy()
    lose_villages(state, rec())
    assert bd.village(state.data, "H05") is None and ch.hidden_villages(state, 0) == 1
    bd.set_members(state.data, "H01", [1, 0])
    state.data["players"][0]["supply"] -= 1
    tn.continue_turn(state, rec())
    assert state.data["players"][0]["vp"][0] == 1  # the hidden village scores at step 1


def test_night_glow_can_make_a_double(monkeypatch: pytest.MonkeyPatch) -> None:
    state = chief_state(powers={1: "night_glow"}, members={"H05": [2, 0], "H06": [0, 2]})
    next_cards(state, "E02")
    state.data["hand"], state.data["pushed"] = [], ["blank", "blank"]
    script_dice(monkeypatch, [["sun", "moon"]])
    state = state.copy()
    tn.end_turn(state, rec())
    assert codes(state) == ["glow", "noglow"]
    state = play(state, "glow")
    assert state.data["hand"] == ["sun", "sun"]
    assert events_of(state)["slots"][0] is not None  # the new double drew an event


# ------------------------------------------------------------------- texts, refusals


def test_every_chief_text_exists_in_en_and_fr() -> None:
    from tests.rules.tribes.test_texts import _check

    for players in (2, 3, 4):
        chooser = random.Random(players)
        state = GAME.setup([f"p{i}" for i in range(players)], f"ct-{players}", {"chiefs": True})
        while GAME.outcome(state) is None and state.version < 500:
            seat = chooser.choice(sorted(GAME.to_act(state)))
            moves = GAME.legal_moves(state, seat)
            for move in moves:
                _check(move.label)
                _check(GAME.spec.group_label(move.group))
            applied = GAME.play(state, seat, chooser.choice(moves), judge=False)
            _check(applied.label)
            for note in applied.notes:
                _check(note)
            for section in GAME.private_sections(applied.state, seat):
                _check(section.title)
                for line in section.lines:
                    _check(line)
            state = applied.state
    for power in ch.POWERS:
        _check(Text(f"tribes.chief.{power}"))
        _check(Text(f"tribes.chief.{power}.text"))


def test_chief_moves_out_of_turn_are_refused_with_a_reason() -> None:
    state = chief_state(powers={0: "travellers"}, members={"H05": [2, 0]})
    with pytest.raises(IllegalMove) as refused:
        GAME.apply(state, "p0", "trade")
    assert refused.value.key == "tribes.chief.illegal.not_yours"
    state.data["turn_flags"].append("chief:travellers")
    with pytest.raises(IllegalMove) as used:
        GAME.apply(state, "p0", "voyage")
    assert used.value.key == "tribes.chief.illegal.not_now"


def test_determinize_never_reads_a_hidden_pick_or_a_seen_event() -> None:
    state = GAME.setup(["a", "b"], "cheat", {"chiefs": True})
    for s in ("a", "b"):
        state = GAME.apply(state, s, GAME.legal_moves(state, s)[0].code)
    deck = events_of(state)["deck"]
    state.data["chiefs"].update(top=deck[0], under=[deck[1]], known=list(deck), seer=1)
    flipped = state.copy()
    tribe = flipped.data["players"][1]["tribe"]
    flipped.data["chiefs"]["picks"][1] = ch.TRIBES[tribe].powers[1]
    flipped.data["chiefs"].update(top=deck[2], under=[deck[3]])
    assert GAME.view(state, "a") == GAME.view(flipped, "a")
    one = GAME.determinize(state, "a", random.Random(7))
    two = GAME.determinize(flipped, "a", random.Random(7))
    assert one.data == two.data
    own = GAME.determinize(state, "b", random.Random(7))
    assert (
        own.data["chiefs"]["top"] == deck[0]
        and own.data["chiefs"]["picks"][1] == (state.data["chiefs"]["picks"][1])
    )


def test_determinize_keeps_each_seat_view_in_a_chiefs_game() -> None:
    chooser = random.Random(5)
    state = GAME.setup(["a", "b", "c"], "views", {"chiefs": True})
    for ply in range(120):
        seat = chooser.choice(sorted(GAME.to_act(state)))
        state = GAME.apply(state, seat, chooser.choice(GAME.legal_moves(state, seat)).code)
        if ply % 10 == 0:
            for s in state.seats:
                world = GAME.determinize(state, s, random.Random(ply))
                assert GAME.view(world, s) == GAME.view(state, s)
                assert [m.code for m in GAME.legal_moves(world, s)] == [
                    m.code for m in GAME.legal_moves(state, s)
                ]


def test_hidden_village_never_holds_the_elder() -> None:
    state = chief_state(
        powers={0: "hidden_village"}, members={"H05": [2, 0]}, used=("a", "b"), ancients=True
    )
    state.data["step"] = "build"
    give(state, 0, wood=2, stone=2, food=2)
    village(state, "H05", 0)
    state = play(state, "hidden", "cpay:stone")
    assert ch.hidden_villages(state, 0) == 1
    assert not any(f["kind"] == "elder_call" for f in state.data["frames"])
    assert not any(c.startswith("call:") for c in codes(state))
    assert state.data["elders"][0] is None


def test_perseverance_never_above_one_stone_on_the_glacier() -> None:
    state = chief_state(powers={0: "perseverance"}, members={"H01": [4, 0]})
    state.data["specials"] = {"H01": "glacier"}
    assert ch.gather_bonus(state, 0, "H01") == 0
    state.data["specials"] = {}
    assert ch.gather_bonus(state, 0, "H01") == 1
