"""Campfire's application around the pure rules: ``store`` (the database), ``service``
(the game service and its parts), the front ends that show it (``discord``, ``web``, and
``frontends``: the ``campfire`` command, console, demo, arena and database tools), and two
shared leaves (``config``, ``shards``)."""
