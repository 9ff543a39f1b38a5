"""The Expansion #1 fields of a track file (issue 20; expansion1 digest §4.2–§4.6, §4.11, §11), kept apart from the
base schema (:mod:`racebook.rf90.trackschema`) so the two evolve separately.

* provenance: ``"expansion1: <citation>"`` (a value Expansion #1 states) and ``"derived: <derivation>"`` (a value
  it implies, with the derivation), beside ``"manual: …"`` and ``invented-for-teaching``;
* ``et_procedure = "2e" | "expansion1"`` at the top level (AMB-X1-2);
* ``check_value`` on an Extreme Trajectory: the absolute ET check value printed in the green diamond (60 at Eau
  Rouge), not a modifier (§4.2, AMB-X1-4);
* ``reentry`` spots on the recovery route of such an ET: the expansion's off-track trajectory ends at a re-entry
  point where the turn ends (§4.3 B2);
* ``et_scope = "straight_before_corner"`` on a Track Card with an ET power: the crossed-out ET symbol of the Spa
  cards, valid only in the straight before the corner the card names (§4.6, AMB-X1-12).

Every check raises :class:`~racebook.core.errors.TrackDataError` (file, dotted field, reason) through the
:class:`~racebook.rf90.trackschema.FieldReader` it is given.
"""

from __future__ import annotations

from typing import Any

from racebook.rf90.cards import PowerKind
from racebook.rf90.track import EffectKind, EtProcedure, NodeKind, Route, Track, Trajectory, TrajectoryKind

EXPANSION_TOP_KEYS = frozenset({"et_procedure"})
EXPANSION_TRAJ_KEYS = frozenset({"check_value"})
EXPANSION_CARD_KEYS = frozenset({"et_scope"})
SOURCE_PREFIXES = ("expansion1:", "derived:")  # beside "manual:" (trackschema)
ET_SCOPES = ("anywhere", "straight_before_corner")


def parse_et_procedure(r: Any, raw: dict[str, Any]) -> EtProcedure:
    """``et_procedure`` (default ``"2e"``, the manual's procedure)."""
    if "et_procedure" not in raw:
        return EtProcedure.SECOND_EDITION
    proc: EtProcedure = r.enum(raw["et_procedure"], "et_procedure", EtProcedure)
    return proc


def parse_check_value(r: Any, t: dict[str, Any], where: str, kind: TrajectoryKind) -> int | None:
    """An ET's absolute ``check_value`` (1–99), or None."""
    if "check_value" not in t:
        return None
    if kind is not TrajectoryKind.EXTREME:
        r.fail(f"{where}.check_value", "only an Extreme Trajectory prints an ET check value (expansion1 §4.2)")
    value: int = r.integer(t["check_value"], f"{where}.check_value", 1, 99)
    return value


def check_et_route(r: Any, t: Trajectory, route: Route, sections: list[dict[str, Any]]) -> None:
    """The recovery route of an ET may end at ``reentry`` spots only when the ET prints a check value (the
    expansion's off-track trajectory, §4.3 B2); such a route loses no MP this turn (the turn ends at the re-entry
    point) and its re-entry points lie 1..N/2 sections after the ET."""
    n = len(sections)
    by_name = {s["name"]: s for s in sections}
    reentries = [(nid, node) for nid, node in route.nodes.items() if node.kind is NodeKind.REENTRY]
    if not reentries:
        return
    if t.check_value is None:
        nid = reentries[0][0]
        r.fail(f"routes.{route.id}.nodes.{nid}.kind",
               f"'reentry' ends LB routes and the off-track routes of Expansion #1 ETs; route {route.id!r} is the "
               f"recovery chart of {t.id!r}, which prints no check_value, so it must end at 'back_on_track' or "
               "'retire' (§18.2)")
    for nid, node in route.nodes.items():
        for j, e in enumerate(node.effects):
            if e.kind is EffectKind.MP_LOSS:
                r.fail(f"routes.{route.id}.nodes.{nid}.effects[{j}].kind",
                       f"'mp_loss' on the off-track route of {t.id!r}: its turn ends at the re-entry point "
                       "(expansion1 §4.3 B2), so a loss is 'time_loss' (next turn)")
    for nid, node in reentries:
        d = (by_name[node.section]["index"] - by_name[t.section]["index"]) % n  # type: ignore[index]
        if not 1 <= d <= n // 2:
            r.fail(f"routes.{route.id}.nodes.{nid}.section",
                   f"{node.section!r} does not lie after ET section {t.section!r}; a re-entry point is "
                   f"1..{n // 2} sections ahead of where the car left the track")


def check_procedure(r: Any, proc: EtProcedure, trajectories: tuple[Trajectory, ...]) -> None:
    """Under ``et_procedure = "expansion1"`` every ET prints its check value (§4.3 B, AMB-X1-2)."""
    if proc is not EtProcedure.EXPANSION1:
        return
    for i, t in enumerate(trajectories):
        if t.kind is TrajectoryKind.EXTREME and t.check_value is None:
            r.fail(f"trajectories[{i}].check_value",
                   f"missing: et_procedure = 'expansion1' checks ET {t.id!r} against the value printed in its "
                   "green diamond (expansion1 §4.3), e.g. check_value = 60")


def pop_card_scope(r: Any, item: dict[str, Any], where: str) -> tuple[dict[str, Any], bool]:
    """Take ``et_scope`` out of a Track Card table (the card parser does not know it): (the rest, scoped?)."""
    if "et_scope" not in item:
        return item, False
    scope = item["et_scope"]
    if scope not in ET_SCOPES:
        r.fail(f"{where}.et_scope", f"{scope!r} is not one of {', '.join(repr(s) for s in ET_SCOPES)}")
    rest = {k: v for k, v in item.items() if k != "et_scope"}
    return rest, scope == "straight_before_corner"


def check_scoped_cards(r: Any, track: Track, where_of: dict[str, str]) -> None:
    """A card scoped to "the straight before the named corner" has an ET power, and one of its corners has an
    ET of that power's colour in the straight before it (else the power could never be used)."""
    for card in track.track_cards:
        if card.code not in track.et_scoped_cards:
            continue
        where = where_of[card.code]
        colours = {p.colour for p in card.powers if p.kind is PowerKind.ET}
        if not colours:
            r.fail(f"{where}.et_scope", f"{card.code} has no ET power ('et:<colour>'); et_scope limits where an "
                                        "ET power holds (expansion1 §4.6)")
        spots = {track.straight_before(c) for c in card.corners} - {None}
        if not any(t.kind is TrajectoryKind.EXTREME and t.section in spots and set(t.colours) & colours
                   for t in track.trajectories):
            r.fail(f"{where}.et_scope", f"{card.code}'s ET power holds only in the straight before corner(s) "
                                        f"{', '.join(str(c) for c in card.corners)}, and no ET of its colour lies "
                                        "there (expansion1 §4.6)")
