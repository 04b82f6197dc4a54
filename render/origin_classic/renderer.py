"""The Origin Classic renderer as the registry loads it (``render.kit.renderer``)."""

from __future__ import annotations

from render.kit.renderer import Renderer
from render.origin_classic import draw, twin
from render.origin_classic.card import CARD
from render.origin_classic.phone import PHONE

RENDERER = Renderer(board=draw, card=CARD, phone=PHONE, twin=twin)
