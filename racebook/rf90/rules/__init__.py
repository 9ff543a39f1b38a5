"""RF90 rules, one module per mechanic; each cites the manual by section (§N) so it can be checked against the book."""

# The rules and the turn machine (racebook.rf90.turn) still import each other (one import cycle, issue 39 item 7);
# entering the cycle through the turn machine is the order that works, whichever rules module is imported first.
# (``import racebook`` used to do this for every caller by importing the whole engine; it now imports none.)
from racebook.rf90 import turn as _turn  # noqa: E402, F401
