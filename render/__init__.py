"""Pillow renderers: a public view of a game state -> image bytes. No discord.

Shared helpers: ``style`` (colours, player colours and shapes), ``text`` (fonts from
render/fonts, fitting, cached glyph masks), ``cache`` (static art memo), ``paint``
(per-turn stamping onto a palette image), ``encode`` (palette and band-cached PNG),
``registry`` (``draw(game_id, view, lang=..., names=...)``). One package or module per
game: ``origin`` (Origin Junior; Classic reuses it through ``origin.Extras``).
"""
