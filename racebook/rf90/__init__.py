"""Race! Formula 90 (2nd edition, advanced mode): the engine, its data, lessons, analysis and widgets.

The skeleton a second game copies:

* ``state``, ``car``, ``cards``, ``track``/``trackfile``, ``options`` — the game's data model and files.
* ``notation`` (Race Position Notation), ``actions`` (action texts), ``events`` (what each rule step did).
* ``rules/`` — one module per mechanic (activation, movement, checks, payments, duel, pits, qualifying,
  safety car, …), each citing the manual's sections.
* ``turn`` — the individual-turn machine (§13).
* ``game`` — :class:`~racebook.rf90.game.Race`: ``legal_actions``, ``apply``, time travel, saves.
* ``scenario``/``setup``/``saves``/``integrity`` — scenario files, race set-up, saved races, validation.
* ``spec``/``hooks`` — the game's entry in the registry (:mod:`racebook.core.registry`): data only, and the
  functions the CLI and the conformance tests call.
* ``analysis/`` — odds, drivers, simulation, planner, experiments (built on the engine, never beside it).
* ``lessons/`` — the pure helpers notebooks use (no rule lives there).
* ``ui/`` — RF90 widgets (ipywidgets, bqplot), imported lazily.
* ``data/``, ``scenarios/`` — the Race deck, robot chits, glossary and the book's worked examples.

Track files live in ``tracks/rf90/`` at the top of the repository.
"""

from racebook.core.lazymodules import submodules

__getattr__ = submodules(__name__)  # racebook.rf90.scenario … after `import racebook`, imported on first use
