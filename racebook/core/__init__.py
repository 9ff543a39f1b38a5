"""The game-agnostic core: what every racebook game uses, and nothing game-specific.

* :mod:`racebook.core.rng` — the seeded random number generator stored in a game state (chance goes through it).
* :mod:`racebook.core.deck` — stackable decks: a scenario can stack draws so a book example replays exactly.
* :mod:`racebook.core.errors` — the error hierarchy (syntax, illegal action, data errors with file/field/reason).
* :mod:`racebook.core.datafile` — the one safe reader of data files (TOML, size cap, UTF-8, clean errors).

Standard library only.
"""
