"""Analysis of FormulaGP positions for the notebooks (issue 32 items 3–5): the MP of a play itemised
(:mod:`.movement`), the exact chance of winning a battle against cards you cannot see (:mod:`.battleodds`) and the
exact odds of a hazard check's dice (:mod:`.hazardodds`).

Standard library only. The engine never imports this package; these modules call the engine's own rule functions
(nothing here decides a rule) and read the position through what a viewer may see where it matters.
"""
