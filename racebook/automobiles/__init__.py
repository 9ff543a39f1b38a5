"""Automobiles (David Short, AEG 2016): a bag-building race, played by an exact rules engine.

The rules are the project's digest ``automobiles_rules_digest.md`` (sections "§N"). The skeleton follows
:mod:`racebook.rf90`: component data in validated TOML files (:mod:`.components`, :mod:`.board`), the player zones and
the state (:mod:`.state`), one module per mechanic in :mod:`.rules`, typed actions with one text notation
(:mod:`.actions`), typed events citing the digest (:mod:`.events`), the turn machine (:mod:`.turn`), the race with
``legal_actions()`` / ``explain()`` / ``apply()`` / ``clone()`` (:mod:`.game`), TOML scenarios with stackable bag
draws (:mod:`.scenario`) and a simple computer player (:mod:`.agents`); its entry in the game registry is
:mod:`.spec` (data) with :mod:`.hooks`, and its conservation checks :mod:`.integrity`.

Standard library only.
"""

from racebook.core.lazymodules import submodules

__getattr__ = submodules(__name__)  # racebook.automobiles.scenario … after `import racebook`, imported on first use
