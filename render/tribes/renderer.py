"""The L'Aube des Tribus renderer as the registry loads it (``render.kit.renderer``)."""

from __future__ import annotations

from render.kit.renderer import Renderer
from render.tribes import draw, twin
from render.tribes.card import CARD
from render.tribes.phone import PHONE

RENDERER = Renderer(board=draw, card=CARD, phone=PHONE, twin=twin)
