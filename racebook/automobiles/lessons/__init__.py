"""Helpers the Automobiles notebooks share (no rule lives here: every number printed comes from the engine or the
data files)."""
