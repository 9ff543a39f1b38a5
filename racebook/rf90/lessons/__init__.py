"""The pure helpers RF90 notebooks use: worked demos, the duel sandbox, explorations. No rule lives here; each
helper asks the engine."""
