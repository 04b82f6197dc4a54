"""Pillow renderers: a public view of a game state -> image bytes. No discord.

``kit`` is what every picture is built on (colours, fonts, caches, palette painting and
PNG encoding, and later the frame around a game's board). ``registry`` maps a game id to
its ``draw(view, *, lang, names)``. One package per game: ``origin`` (Origin Junior)
and ``origin_classic`` (Origin Classic, on Origin's map and pieces).
"""
