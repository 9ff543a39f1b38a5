"""How the notebooks are named: ``notebooks/<game>/NN_name.ipynb`` (``04_duels``, ``A1_your_bag_is_your_engine``),
with a part letter when a topic longer than one sitting comes in parts (``05a_late_braking``, ``05b_…``).

One rule for every reader of the folders: the tools' notebook lists (``tools/notebook_times.py``), the learning-order
tests and notebook 00's table of notebooks (:mod:`racebook.rf90.lessons.tour`). Standard library only.
"""

from __future__ import annotations

import re

#: A notebook's file stem: its number (``04``, ``A1``), a part letter when its topic comes in parts (``05a``), "_"
#: and its name. Use ``fullmatch``.
NOTEBOOK_NAME = re.compile(r"(?P<number>[0-9A-Z][0-9])(?P<part>[a-z]?)_\w+")
