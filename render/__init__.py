"""Pillow renderers: a public view of a game state -> image bytes. No discord.

``kit`` is what every picture is built on (layout, frame, sprites, words, the compose
pipeline and PNG encoding). ``registry`` maps a game id, in one line, to its
``render.kit.renderer.Renderer`` (board, turn card, private views, text twin). One
package per game, each a ``render.kit.compose.Picture``: ``origin`` (Origin Junior),
``origin_classic`` (Origin Classic, on Origin's map and pieces).
"""
