"""The Origin Junior renderer as the registry loads it (``render.kit.renderer``)."""

from __future__ import annotations

from render.kit.renderer import Renderer
from render.origin import draw, twin
from render.origin.card import CARD
from render.origin.phone import PHONE

RENDERER = Renderer(board=draw, card=CARD, phone=PHONE, twin=twin)
