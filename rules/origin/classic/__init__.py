"""Origin with the Classic rules (``origin``): cards, Innovation stacks and objectives.

Modules: ``cards`` (card and reward-board data, validated), ``tiles`` (stacks, reward
board, reserve), ``objectives`` (conditions), ``perks`` (Permanent card effects),
``actions`` (Evolve/Migrate/Swap with card changes, tokens), ``rewards`` (reward
options and their small decisions), ``play`` (playing cards), ``engine`` (the game),
``scoring``, ``view``, ``explain``, ``invariants``. Board, pawns and movement legality
are shared with Junior (``rules.origin.components``, ``pawns``, ``movement``).
"""

from __future__ import annotations

from rules.i18n import register_package

register_package("rules.origin")
register_package("rules.origin.classic")

from rules.origin.classic.engine import CLASSIC, OriginClassic  # noqa: E402

__all__ = ["CLASSIC", "OriginClassic"]
