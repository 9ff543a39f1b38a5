"""Analysis of Automobiles positions: exact draw odds (:mod:`.odds`)."""
