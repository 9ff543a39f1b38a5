"""FormulaGP's lessons without widgets: the guided first race of notebook F0 (:mod:`.firstrace`). Standard library
only."""
