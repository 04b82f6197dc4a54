"""The drawing kit every game's picture is built on.

``style`` (shared colours, seat colours and shapes), ``text`` (fonts, fitting, glyph
cache), ``cache`` (static art memo), ``paint`` (per-turn stamping onto a palette
image), ``encode`` (band-cached palette PNG).
"""
