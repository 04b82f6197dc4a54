"""Shared machinery for turn-based games, over plain JSON in ``state.data``.

Nothing here is stored as an object: every helper is a function or a thin view over the
dicts and lists a game keeps in ``state.data``, so states stay JSON and replays exact.

- ``stack``: the decision stack. A turn the rulebook tells as several choices is a list
  of frames (``{"kind": ..., ...}``, last = current) in ``data["frames"]``;
  ``Stack(data)`` pushes, peeks and pops them, offers ``back`` on an uncommitted frame
  (one ``back`` move per frame kind), runs the game's undo hook, and ``settle``\\s the
  frames that need no decision (automatic draws, rewards that offer nothing).
- ``offers``: moves legal at every step of a seat's turn (Origin's ``play:<card>``;
  trades, buying), declared once as ``Offer``\\s by code prefix; ``Offers.moves`` lists
  them at a decision point and ``Offers.route`` applies one in ``_apply``.
- ``turns``: ``Turns(state)`` rotates ``data["turn"]`` (skipping seats in
  ``state.out``), counts ``data["round"]`` from ``data["first"]``, counts passes in a
  row (``data["passes"]``: everyone passed -> ``"blocked"``) and runs a final round
  (``data["ending"]``: the triggering player finishes, every other plays once more).
- ``decks``: seeded piles with ``rules.rng``: shuffle, draw n from the top (the end of
  the list) with an ``on_empty`` hook, put under, draw at random from a bag, roll a
  die, refill a display's empty slots from a pile.

A game puts ``turn``/``first``/``round``/``passes``/``ending`` and ``frames`` in its
``_setup`` (``turns.new_turns``, ``[]``), reads ``Stack(data).top`` in
``_legal_moves`` (the frame's moves, ``stack.with_back``, plus ``offers.moves``),
routes ``back`` and offered codes first in ``_apply``, and calls
``Turns(state).end_turn()`` when a turn is over.
"""
