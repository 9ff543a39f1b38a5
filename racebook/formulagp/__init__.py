"""FormulaGP (the third game): component data, the pure rules, and a first race on the shared platform.

FormulaGP is a card-driven Formula 1 race on a circuit of tiles with four lanes (digest §1, §2). This package holds,
so far, what does not depend on the shared race platform:

* the component data (``data/*.toml``, ``tracks/formulagp/*.toml``), read and validated by
  :mod:`racebook.formulagp.components`, :mod:`racebook.formulagp.playerboard`, :mod:`racebook.formulagp.panel` and
  :mod:`racebook.formulagp.track`: every number carries its provenance, ``digest §N`` when the source states it,
  ``invented-for-teaching: why`` when it does not (digest §0, §24 A1–A4);
* the pure rules in :mod:`racebook.formulagp.rules`: movement (§10.3, §11), car resources (§5.1, §8), passing
  (§13.1, §13.2), the driver order (§10.2, §19.6), the dice owed (§19.2), the W2W token cycle (§13.4.1), the
  pit-exit order (§16.2), DRS (§11.6), stress (§15), tyre wear (§14.1), qualifying (§9.2), pushing (§11.3.1) and the
  classification (§17.2).

The race: :class:`racebook.formulagp.game.Race` (a :class:`racebook.core.game.Race`), built by
:func:`racebook.formulagp.setup.new_race`, runs a Standard race from a given grid to the classification through one
phase table (:mod:`racebook.formulagp.turn`); ``docs/formulagp.md`` ("Status") says what it does not play yet.
Standard library only.
"""

from racebook.core.lazymodules import submodules

__getattr__ = submodules(__name__)  # racebook.formulagp.scenario … after `import racebook`, imported on first use
