"""The Orbis renderer as the registry loads it (``render.kit.renderer``)."""

from __future__ import annotations

from render.kit.renderer import Renderer
from render.orbis import draw, twin
from render.orbis.card import CARD
from render.orbis.phone import PHONE

RENDERER = Renderer(board=draw, card=CARD, phone=PHONE, twin=twin)
