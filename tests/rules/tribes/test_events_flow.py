"""The double (T1, T11), the event deck, the first village (T10, T21) and elimination
and return (T14)."""

from __future__ import annotations

import pytest

from rules.i18n import translate
from rules.tribes import TRIBES_GAME as GAME
from rules.tribes import board as bd
from rules.tribes import events
from rules.tribes.event_state import events_of
from tests.rules.tribes.event_helpers import next_cards, set_slot
from tests.rules.tribes.helpers import at_actions, codes, play, record, script_dice


def _slots(state: object) -> list[str | None]:
    return [None if s is None else s["id"] for s in events_of(state)["slots"]]  # type: ignore[arg-type]


def test_setup_sets_grand_chef_and_abandoned_village_aside() -> None:
    state = at_actions(members={"H05": [2, 0], "H06": [0, 3]})
    ev = events_of(state)
    assert len(ev["deck"]) == 14
    assert ev["aside"] == ["E13", "E14"]
    assert _slots(state) == [None, None, None]


def test_a_double_blank_rolled_at_step_2_draws_an_event(monkeypatch: pytest.MonkeyPatch) -> None:
    state = at_actions(members={"H05": [2, 0], "H06": [0, 3]}, used=("grow", "travel"), hand=())
    state.data["step"] = "build"
    next_cards(state, "E02")  # Sécheresse, the only card left
    script_dice(monkeypatch, [["blank", "blank"]])
    state = play(state, "end")
    assert _slots(state) == ["E02", None, None]
    notes = [n["key"] for n in state.last["notes"]]  # type: ignore[index]
    assert "tribes.note.double" in notes and "tribes.note.event_drawn" in notes


def test_no_new_event_while_every_slot_is_taken() -> None:
    state = at_actions(members={"H05": [2, 0], "H06": [0, 3]})
    ev = events_of(state)
    set_slot(state, 0, "E04", stock={"food": 2})
    set_slot(state, 1, "E05", stock={"food": 8})
    set_slot(state, 2, "E01", stock={"wood": 2, "food": 2, "stone": 2})
    deck = list(ev["deck"])
    rec = record()
    events.on_double(state, 0, rec)
    assert ev["deck"] == deck
    assert "tribes.note.event_no_slot" in [n.key for n in rec.notes]


def test_bottom_effects_come_first_and_free_the_slot_for_the_new_event() -> None:
    """T11: Sécheresse is discarded by the double, and the same double draws again."""
    state = at_actions(members={"H05": [2, 0], "H06": [0, 3]})
    ev = events_of(state)
    set_slot(state, 0, "E02")
    set_slot(state, 1, "E05", stock={"food": 8})
    set_slot(state, 2, "E01", stock={"wood": 2, "food": 2, "stone": 2})
    next_cards(state, "E06")
    events.on_double(state, 0, record())
    assert _slots(state) == ["E06", "E05", "E01"]
    assert ev["discard"][-1] == "E02"


def test_the_active_player_orders_the_map_effects(monkeypatch: pytest.MonkeyPatch) -> None:
    """Tiger and invaders both act on a double: the roller picks which goes first."""
    state = at_actions(members={"H05": [2, 0], "H06": [0, 3], "H01": [1, 0]})
    ev = events_of(state)
    set_slot(state, 0, "E08")
    set_slot(state, 1, "E03")
    set_slot(state, 2, "E05", stock={"food": 8})
    ev["tiger"] = "H01"
    state.data["invaders"]["H09"] = 3
    events.on_double(state, 0, record())
    assert sorted(codes(state)) == ["first:invaders", "first:tiger"]
    state = play(state, "first:tiger")
    assert "hex:h01" not in codes(state)  # the tiger must change hex
    state = play(state, "hex:h05")
    assert bd.members(state.data, "H05") == [1, 0]
    # then the invaders: 4 now, marching on the neighbour with the most members (H06)
    assert state.data["invaders"]["H06"] == 4
    assert "H09" not in state.data["invaders"]
    assert not state.data["frames"]


def test_an_empty_deck_takes_back_the_discards() -> None:
    state = at_actions(members={"H05": [2, 0], "H06": [0, 3]})
    ev = events_of(state)
    next_cards(state)
    ev["discard"].remove("E06")
    set_slot(state, 1, "E04", stock={"food": 2})
    ev["deck"], ev["discard"] = [], ["E06", *ev["discard"]]
    rec = record()
    events.on_double(state, 0, rec)
    assert _slots(state)[0] is not None and ev["discard"] == []
    assert "tribes.note.event_deck_again" in [n.key for n in rec.notes]


def test_first_village_brings_grand_chef_and_abandoned_village_into_the_deck() -> None:
    """T10, T21: the two set-aside cards join the event deck, not the goal decks."""
    state = at_actions(members={"H05": [2, 0], "H06": [0, 3]}, used=("grow", "travel"), hand=())
    state.data["step"] = "build"
    state.data["players"][0]["resources"] = {"wood": 4, "food": 4, "stone": 4}
    goals_before = list(state.data["players"][0]["deck"])
    state = play(state, "village:h05")
    ev = events_of(state)
    assert ev["aside"] == []
    assert {"E13", "E14"} <= set(ev["deck"]) and len(ev["deck"]) == 16
    assert state.data["players"][0]["deck"] == goals_before


# ------------------------------------------------------------------- elimination


def test_an_eliminated_tribe_comes_back_with_two_members_on_an_unoccupied_hex(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """T14: at the start of his turn, 2 members on a hex of his choice, unoccupied if any."""
    state = at_actions(members={"H05": [2, 0]}, used=("grow", "travel"), hand=())
    state.data["step"] = "build"
    script_dice(monkeypatch, [["sun", "moon"]])
    state = play(state, "end")
    assert state.data["turn"] == 1
    moves = codes(state)
    assert "hex:h05" not in moves and "hex:h01" in moves and len(moves) == 8
    assert state.data["roll"] == []  # no roll before the return
    state = play(state, "hex:h09")
    assert bd.members(state.data, "H09") == [0, 2]
    assert state.data["hand"] == ["sun", "moon"]  # the turn goes on: the roll, then actions


def test_an_eliminated_tribe_goes_anywhere_when_every_hex_is_taken(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    every = {f"H0{i}": [1, 0] for i in range(1, 10)}
    state = at_actions(members=every, used=("grow", "travel"), hand=())
    state.data["step"] = "build"
    script_dice(monkeypatch, [["sun", "moon"]])
    state = play(state, "end")
    assert len(codes(state)) == 9


def test_elimination_is_announced_in_both_languages(monkeypatch: pytest.MonkeyPatch) -> None:
    state = at_actions(members={"H05": [2, 0]}, used=("grow", "travel"), hand=())
    state.data["step"] = "build"
    script_dice(monkeypatch, [["sun", "moon"]])
    applied = GAME.play(state, "p0", "end")
    keys = [n.key for n in applied.notes]
    assert "tribes.note.eliminated" in keys
    note = next(n for n in applied.notes if n.key == "tribes.note.eliminated")
    assert "p1" in translate(note, "en") and "p1" in translate(note, "fr")


def test_a_seat_leaving_during_its_migration_lets_the_others_play_on() -> None:
    state = at_actions(3, members={"H05": [2, 0, 0], "H06": [0, 3, 0], "H01": [0, 0, 2]})
    next_cards(state, "E15")
    events.on_double(state, 0, record())
    state = play(state, "mig:end")
    assert GAME.to_act(state) == {"p1"}
    state = GAME.remove_seat(state, "p1").state
    assert GAME.to_act(state) == {"p2"}
    state = play(state, "mig:end")
    assert GAME.to_act(state) == {"p0"} and not state.data["frames"]


def test_every_event_card_is_somewhere_once() -> None:
    from rules.base import CorruptState

    state = at_actions(members={"H05": [2, 0], "H06": [0, 3]})
    events.check_invariants(state)
    events_of(state)["discard"].append("E01")
    with pytest.raises(CorruptState):
        events.check_invariants(state)
    events_of(state)["discard"].remove("E01")
    events_of(state)["deck"].remove("E01")
    with pytest.raises(CorruptState):
        events.check_invariants(state)


def test_a_seat_that_left_during_set_up_is_not_asked_to_come_back() -> None:
    state = GAME.setup(["p0", "p1", "p2"], "left", {"map": "reference"})
    first = state.seats[state.data["first"]]
    state = GAME.remove_seat(state, first, "resign").state
    while state.data["step"] == "place":
        (seat,) = GAME.to_act(state)
        state = GAME.apply(state, seat, GAME.legal_moves(state, seat)[0].code)
    assert state.seats[state.data["turn"]] != first
    assert not any(f["kind"] == "ev_hex" for f in state.data["frames"])


def test_invaders_placed_by_the_game_when_the_roller_leaves_before_choosing(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A roller who leaves with an event decision pending: the game takes the first
    choice, so the card does not wait in its slot for invaders that never come (v2)."""
    state = at_actions(3, members={"H05": [2, 0, 0], "H06": [0, 3, 0], "H01": [0, 0, 2]})
    next_cards(state, "E03")
    events.on_double(state, 0, record())
    assert state.data["frames"][-1]["kind"] == "ev_hex"
    script_dice(monkeypatch, [["sun", "moon"]])  # the next turn's roll: no double
    state = GAME.remove_seat(state, "p0").state
    GAME.check_game_invariants(state)
    assert sum(state.data["invaders"].values()) == 3
    assert GAME.to_act(state) == {"p1"} and not state.data["frames"]


def test_volcano_rises_by_itself_when_the_roller_leaves_before_choosing_its_place(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    state = at_actions(3, members={"H05": [2, 0, 0], "H06": [0, 3, 0], "H01": [0, 0, 2]})
    next_cards(state, "E09")
    events.on_double(state, 0, record())
    assert state.data["frames"][-1]["kind"] == "ev_spot"
    script_dice(monkeypatch, [["sun", "moon"]])
    state = GAME.remove_seat(state, "p0").state
    ev = events_of(state)
    assert ev["volcano"] is not None and "E09" in ev["deck"]
    assert _slots(state) == [None, None, None]


def test_migration_lapses_for_the_others_when_the_roller_leaves(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    state = at_actions(3, members={"H05": [2, 0, 0], "H06": [0, 3, 0], "H01": [0, 0, 2]})
    next_cards(state, "E15")
    events.on_double(state, 0, record())
    script_dice(monkeypatch, [["sun", "moon"]])
    state = GAME.remove_seat(state, "p0").state
    assert GAME.to_act(state) == {"p1"} and not state.data["frames"]


def test_invaders_version_1_card_waits_when_the_roller_leaves(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Version 1 (stored games) dropped the decision and the card stayed in its slot."""
    state = at_actions(3, members={"H05": [2, 0, 0], "H06": [0, 3, 0], "H01": [0, 0, 2]})
    state.options["events_reviewed"] = False
    next_cards(state, "E03")
    events.on_double(state, 0, record())
    script_dice(monkeypatch, [["sun", "moon"]])
    state = GAME.remove_seat(state, "p0").state
    assert not state.data["invaders"] and _slots(state)[0] == "E03"


def test_events_version_1_games_keep_the_first_reading() -> None:
    """Rules version 2 reviewed the events; a game stored under version 1 is replayed
    with ``events_reviewed`` off, a new game has it on."""
    assert GAME.spec.rules_version >= 2
    old = GAME.check_rules_version(1, {"map": "reference"})
    assert old["events_reviewed"] is False and old["map"] == "reference"
    assert GAME.check_rules_version(2, {})["events_reviewed"] is True
    assert GAME.setup(["a", "b"], "v2").options["events_reviewed"] is True


def test_drought_and_shared_knowledge_leaving_on_one_double_make_room_for_one_card() -> None:
    """T11: the bottom effects free two slots, but a double draws one card, into the
    first free slot."""
    state = at_actions(members={"H05": [2, 0], "H06": [0, 3]})
    set_slot(state, 0, "E02")
    set_slot(state, 1, "E06")
    set_slot(state, 2, "E05", stock={"food": 8})
    next_cards(state, "E04", "E16")
    events.on_double(state, 0, record())
    slots = _slots(state)
    assert slots[0] in ("E04", "E16") and slots[1:] == [None, "E05"]
    assert len(events_of(state)["deck"]) == 1
