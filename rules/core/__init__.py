"""The game contract, split by concern; ``rules.base`` re-exports all of it.

``errors`` (the keyed error tree), ``values`` (``Text``, ``Move``, ``Section``),
``options`` (``OptionSpec``, ``GameSpec``), ``state`` (``State`` and its JSON form),
``scores`` (``ScoreSheet``, ``Outcome``, ``rank_by``), ``envelope`` (the standard view
keys every game's view carries), ``parsing`` (``parse_move``), ``game`` (the abstract
``Game``, ``Record`` and ``Applied``).
"""
