"""The Sapiens renderer as the registry loads it (``render.kit.renderer``)."""

from __future__ import annotations

from render.kit.renderer import Renderer
from render.sapiens import draw, twin
from render.sapiens.card import CARD
from render.sapiens.phone import PHONE

RENDERER = Renderer(board=draw, card=CARD, phone=PHONE, twin=twin)
