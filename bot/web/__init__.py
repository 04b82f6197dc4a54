"""The web companion (``campfire web``): read-only pages of the games, standings and
stats, reached through signed links (``tokens``), served by an aiohttp app (``app``)
over the same database as the bot, read through the service's read-only queries
(``bot.service.reads``: positions, pictures, standings); ``pages`` (the frame and
shared pieces), ``gamepage`` and ``standings`` write the HTML.

Importing this package imports only ``tokens`` (the bot needs it to make links).
"""
