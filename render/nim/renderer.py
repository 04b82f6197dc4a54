"""Nim's renderer as the registry loads it (``render.kit.renderer``): the picture, its
turn card and private views (all in the package) and its text twin."""

from __future__ import annotations

from render.kit.renderer import Renderer
from render.nim import CARD, PHONE, draw, twin

RENDERER = Renderer(board=draw, card=CARD, phone=PHONE, twin=twin)
