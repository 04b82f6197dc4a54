"""The Discord front end of Campfire: slash commands, restart-proof buttons, game threads.

It only talks to ``bot.service.GameService`` (ids in, values and events out) and keeps
no game state of its own; see ``runner`` for the entry points.
"""
