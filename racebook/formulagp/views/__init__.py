"""FormulaGP's views: the lane-and-tile track picture's parts, shared by the SVG (:mod:`racebook.formulagp.picture`)
and any interactive view drawn on the same geometry.

* :mod:`.layout`: where every tile, lane, space, wall, pit box and DRS zone of a circuit lies, in track units,
  computed once per circuit;
* :mod:`.palette`: the cars' colours (a colour-blind-safe palette) and their second cue, the team number (§23);
* :mod:`.framing`: which tiles the picture frames (the tiles of the current step, or the whole circuit).

No module here imports the engine: a race or a state is read through its attributes. Standard library only.
"""
