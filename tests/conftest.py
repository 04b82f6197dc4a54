"""The test game Wide is registered before any test module is collected.

So ``rules.registry.ids()`` is the same in every run, whichever tests it selects, and in
every pytest-xdist worker (they must all collect the same items): the shared random-game
test covers the test game too, and the Discord command tree offers it as rules.
"""

from __future__ import annotations

from rules import registry
from tests.wide import WIDE

if WIDE.spec.id not in registry.ids():
    registry.register(WIDE)
