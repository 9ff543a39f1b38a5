"""The game-agnostic core: what every racebook game uses, and nothing game-specific.

* :mod:`racebook.core.rng` — the seeded random number generator stored in a game state (chance goes through it).
* :mod:`racebook.core.deck` — stackable decks: a scenario can stack draws so a book example replays exactly (the
  owner passes its rule).
* :mod:`racebook.core.bag` — a multiset drawn at random (stacked draws, refill from a pile, the state's Rng).
* :mod:`racebook.core.errors` — the error hierarchy (syntax, illegal action, data errors with file/field/reason).
* :mod:`racebook.core.datafile` — the one safe reader of data files (TOML, size cap, UTF-8, clean errors).
* :mod:`racebook.core.fields` — typed readers of scenario/save fields (``get_int``, ``as_enum``, …; dotted paths).
* :mod:`racebook.core.events` — the event base class (fields are data; the sentence citing a rule is derived).
* :mod:`racebook.core.actions` — the action base class (a frozen value whose text form round-trips).
* :mod:`racebook.core.log` — the step log with time travel (``Step``, ``Replay.at(n)``) and the save comparison.
* :mod:`racebook.core.agents` — the agent (driver) protocol, a random agent and ``play_out``.
* :mod:`racebook.core.visibility` — what one player may see (viewer-filtered position and log) and sealed
  simultaneous decisions (:class:`~racebook.core.visibility.SealedRound`: commit hidden, reveal together).

Standard library only.
"""
