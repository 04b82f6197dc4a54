"""The drawing kit every game's picture is built on.

A game's renderer is a ``compose.Picture``: the kit draws the frame (header with whose
turn it is, seat panels' name bars) from the standard view envelope, caches static art,
paints a turn on a palette canvas and encodes a PNG; the game gives its own board,
panel rows, footer and legend as hooks.

- ``geometry``: boxes, square and hex grids, the frame layout (all coordinates)
- ``frame``: header, seat name bars, tags, legends; reading the view envelope
- ``compose``: ``Picture`` (static art cached per key -> a turn's layer -> PNG)
- ``sprites``: cached smooth sprites, seat markers, rings, arrows
- ``names``: catalogue look-ups, texts carried by views, seat names, fitting
- ``style``: shared colours, seat colours and shapes (a game's own: its package)
- ``text``, ``cache``, ``paint``, ``encode``: fonts, memo, palette canvas, PNG
"""
