"""The rulebook's worked example (Loïc and Cécile, "Exemple de jeu"), move by move (T23).

With the starting dice of components 3.2 and the action values of 3.1: Loïc rolls sun +
moon, Grows by 4 (sun on Grow: boosted) and Travels 2 (moon on Travel: reduced) out of
his crowded hex, no conflict. Cécile rolls sun + blank, Leads for 2 cards (blank on
Lead: normal), Gathers 6 (sun on Gather: boosted) on her forest and completes Basketry
and Bow (3 wood each) for 2 VP. Loïc then rolls the two blanks that left the board: a
double blank, which triggers the events.
"""

from __future__ import annotations

import pytest

from rules.base import Record, State
from rules.tribes import TRIBES_GAME as GAME
from rules.tribes import events
from tests.rules.tribes.helpers import codes, members, new_state, play, script_dice, vp

LOIC, CECILE = 0, 1


def test_loic_and_cecile(monkeypatch: pytest.MonkeyPatch) -> None:
    rolls = script_dice(monkeypatch, [["sun", "moon"], ["sun", "blank"], ["blank", "blank"]])
    doubles: list[int] = []

    def on_double(state: State, player: int, record: Record) -> None:
        doubles.append(player)

    monkeypatch.setattr(events, "on_double", on_double)
    state = new_state(2, first=LOIC)
    deck = state.data["players"][CECILE]["deck"]
    deck.remove("D1")
    deck.remove("D4")
    deck += ["D4", "D1"]  # the top is the end of the list: Basketry, then Bow
    assert state.data["board"] == {a: ["sun", "moon", "blank"] for a in state.data["board"]}

    # Set-up (T16): Loïc 2 members, Cécile 3 on an unoccupied hex (H03 is a forest).
    state = play(state, "place:h08", "place:h03")
    assert members(state, "H08") == [2, 0] and members(state, "H03") == [0, 3]
    assert state.data["hexes"]["H03"]["terrain"] == "forest"
    assert rolls == [["sun", "moon"]] and state.data["hand"] == ["sun", "moon"]
    assert not doubles

    # Loïc: the sun on Grow makes it sun, sun, moon: boosted, 4 members.
    view = GAME.view(state, None)
    assert view["board"]["grow"]["if"] == {"sun": "boosted", "moon": "reduced"}
    state = play(state, "grow:sun")
    assert state.data["board"]["grow"] == ["sun", "sun", "moon"]
    assert state.data["frames"][-1]["left"] == 4
    state = play(state, "add:h08", "add:h08", "add:h08", "add:h08")
    assert members(state, "H08") == [6, 0]

    # The moon on Travel makes it moon, sun, moon: reduced, 2 members out of the crowd.
    state = play(state, "travel:moon")
    assert state.data["board"]["travel"] == ["moon", "sun", "moon"]
    assert state.data["frames"][-1]["left"] == 2
    state = play(state, "from:h08", "to:h05", "n:2")
    assert members(state, "H08") == [4, 0] and members(state, "H05") == [2, 0]

    # No conflict, no goal: the turn ends by itself; Cécile rolls the two pushed blanks.
    assert rolls[1] == ["sun", "blank"] and state.data["turn"] == CECILE
    assert state.data["step"] == "actions"

    # Cécile: the blank on Lead makes it blank, sun, moon: normal, 2 cards.
    state = play(state, "lead:blank")
    assert state.data["board"]["lead"] == ["blank", "sun", "moon"]
    assert state.data["players"][CECILE]["goals"] == ["D1", "D4"]

    # The sun on Gather makes it sun, sun, moon: boosted, 3 hexes x 2 = 6 wood (T3: her
    # only hex is selected three times; no choice, so it is taken by itself).
    state = play(state, "gather:sun")
    assert state.data["board"]["gather"] == ["sun", "sun", "moon"]
    assert state.data["players"][CECILE]["resources"] == {"wood": 6, "food": 0, "stone": 0}

    # Step 5: both goals are within reach.
    assert sorted(codes(state)) == ["end", "goal:d1", "goal:d4"]
    state = play(state, "goal:d1", "goal:d4")
    assert vp(state, CECILE) == 2
    assert state.data["players"][CECILE]["resources"]["wood"] == 0

    # Nothing left to do: Loïc's turn; he rolls the two blanks pushed out: a double.
    assert state.data["turn"] == LOIC
    assert rolls[2] == ["blank", "blank"]
    assert doubles == [LOIC]
    notes = [n["key"] for n in state.last["notes"]] if state.last else []
    assert "tribes.note.double" in notes
