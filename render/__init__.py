"""Pillow renderers: a public view of a game state -> image bytes. No discord."""
