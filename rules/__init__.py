"""Pure game rules: the contract (``rules.base``), the registry and one package per game.

No I/O beyond reading the packages' own data files, no clock, no global randomness.
"""
