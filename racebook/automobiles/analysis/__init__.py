"""Analysis of Automobiles positions: exact draw odds (:mod:`.odds`) and the guided race's coach (:mod:`.coach`: a
look-ahead on clones of the position, with the exact bag odds of a buy before the race)."""
