"""Origin Classic's private views (``render.kit.phone``): the territories its moves name,
on the same map as Origin Junior's."""

from __future__ import annotations

from render.kit.phone import Phone
from render.origin.phone import territory_targets
from render.origin_classic.card import CARD

PHONE = Phone(card=CARD, targets=territory_targets)
