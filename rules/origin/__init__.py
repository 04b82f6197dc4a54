"""Origin (Matagot, 2013): component data, shared rules, and the Junior rule set.

Modules: ``components`` (data files, loaded and validated once), ``pawns`` (the pawn
value and the Evolve comparison), and the rules built on them.
"""

from __future__ import annotations

from rules.i18n import register_package

register_package("rules.origin")
