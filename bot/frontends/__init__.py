"""The command-line front ends: the ``campfire`` console script and what it runs (serving
Discord and the web, the terminal console, the demo, the arena, the database tools).

Each talks to games only through ``bot.service``; none is imported by the service, the
store or the Discord layer."""
