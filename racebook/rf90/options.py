"""House rules: named switches for readings where the book is ambiguous (§31).

Each option defaults to the digest's recommended reading; a club that prefers
the other reading flips the switch. Notebooks show them as "house rule"
toggles.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from enum import Enum

from racebook.core.fields import as_enum, bad, field_key, get_bool, kind_of


class IntermediateRow(Enum):
    """AMB-5: the printed wrong-tyre row for Intermediate tyres."""

    CORRECTED = "corrected"  # recommended: Dry -1, Drizzle 0, Rain -1
    PRINTED = "printed"  # as printed: Dry -1, Drizzle -1, Rain 0


class EtProcedureRule(Enum):
    """AMB-X1-2 (expansion1 digest §4.11): which Extreme Trajectory procedure a race plays."""

    TRACK = "track"  # recommended: the track file's et_procedure (Spa: expansion1; the others: 2e)
    SECOND_EDITION = "2e"  # the manual's procedure on every track (Spa's ET then uses its test_modifier)
    EXPANSION1 = "expansion1"  # Expansion #1's procedure on every track whose ETs print a check value


# Switches added after the equivalence goldens were pinned: left out of ``to_dict`` while at their defaults, so
# the saves and state hashes of races that do not use them stay byte-identical (tests/rf90/analysis).
_OMITTED_AT_DEFAULT = ("et_procedure", "balance_non_red_only", "et_check_rain", "restart_duels",
                       "teammate_ends_ahead")


@dataclass(frozen=True, slots=True)
class Rules:
    """House-rule switches. Defaults = the digest's recommended readings."""

    intermediate_row: IntermediateRow = IntermediateRow.CORRECTED  # AMB-5 (§16.2)
    trajectories_at_start: bool = False  # AMB-14: False = unavailable in turn 1 as at restarts (§22)
    last_turn_easy_passing: bool = True  # AMB-13: 1 MP overtake/lap in any section in the last turn (§22)
    lucky_discard_mandatory: bool = True  # AMB-9 (§26.4)
    lone_challenger_bids: bool = True  # §12.1: nobody accepts a challenge: the challenger still bids 1–2 cards
    duel_modifier_spares_group_front: bool = True  # §12.2: the activated group's first car (False: the section's)
    leader_token_same_lap: bool = True  # §18.4: leader off track: frontmost car there on his lap (False: any car)
    # -- Expansion #1 (expansion1 digest §4.11, §7.2)
    et_procedure: EtProcedureRule = EtProcedureRule.TRACK  # §4.11 X1: AMB-X1-2, the track file's ET procedure
    balance_non_red_only: bool = False  # §4.4 X1: AMB-X1-10, BALANCE on an expansion ET: any colour (True: not red)
    et_check_rain: bool = True  # §4.3 X1: AMB-X1-13, rain -20 on the expansion's ET check (False: the printed value)
    restart_duels: bool = False  # §22 (X1 §7.2): AMB-X1-38, no duels at restarts (True: the expansion's duels)
    teammate_ends_ahead: bool = False  # §5.2 X1: AMB-X1-22, out of MP behind a teammate: stop (True: end ahead)

    def to_dict(self) -> dict:
        out = {f.name: (v.value if isinstance(v := getattr(self, f.name), Enum) else v) for f in fields(self)}
        default = Rules()
        for name in _OMITTED_AT_DEFAULT:
            if getattr(self, name) == getattr(default, name):
                del out[name]
        return out

    @classmethod
    def from_dict(cls, d: dict, where: str = "rules") -> Rules:
        """The switches named in ``d`` (the others keep their defaults). An unknown switch or a value of the
        wrong type raises :class:`~racebook.core.errors.DataError` naming the field (``rules.intermediate_row``)."""

        if not isinstance(d, dict):
            raise bad(where, f"must be a table, not {kind_of(d)}")
        known = {f.name: f for f in fields(cls)}
        kw: dict = {}
        for k, v in d.items():
            if k not in known:
                raise bad(f"{where}.{field_key(k)}", f"unknown house rule (known: {', '.join(sorted(known))})")
            if k == "intermediate_row":
                kw[k] = as_enum(IntermediateRow, v, f"{where}.{k}")
            elif k == "et_procedure":
                kw[k] = as_enum(EtProcedureRule, v, f"{where}.{k}")
            else:
                kw[k] = get_bool(d, k, f"{where}.{k}")
        return cls(**kw)


HOUSE_RULE_DOCS = {
    "intermediate_row": "AMB-5 (§16.2): Intermediate tyres' wrong-weather row. 'corrected' = Dry -1 / Drizzle 0 / "
    "Rain -1 (recommended); 'printed' = Dry -1 / Drizzle -1 / Rain 0 as printed.",
    "trajectories_at_start": "AMB-14 (§22): are trajectories usable in turn 1? The manual says 'not at restarts'; "
    "the recommended reading extends it to the start (False).",
    "last_turn_easy_passing": "AMB-13 (§22): in the last Game Turn, overtaking/lapping costs 1 MP in any section "
    "(True, recommended) or follows the normal table (False).",
    "lucky_discard_mandatory": "AMB-9 (§26.4): LUCKY's discard after drawing two is mandatory (True) or optional.",
    "lone_challenger_bids": "§12.1 (the book is silent): when every car ahead declines a challenge, the decliners "
    "still go behind the challenger (§12.2). True (default): the challenger first lays 1 or 2 cards face down as "
    "the procedure says, and they freeze; laying none, he is not participating and the order is kept. False: he "
    "lays no card.",
    "duel_modifier_spares_group_front": "§12.2: the corner modifier applies to every participant 'except the first "
    "car in the section'. True (default): the first car of the activated group (of the leader's subsection when "
    "the Leader token splits the section). False: literally the first car of the section, so in the leader's "
    "subsection nobody is spared when lapped cars sit ahead of the leader.",
    "leader_token_same_lap": "§18.4: the leader goes off track. True (default): the Leader token goes to the "
    "frontmost car on the leader's lap in the section where he lost control (a lapped car never leads; with none "
    "there he keeps it). False: literally to the frontmost car in that section, even a lapped one.",
    "et_procedure": "AMB-X1-2 (Expansion #1 digest §4.11): the Extreme Trajectory procedure. 'track' (default) = "
    "the track file's et_procedure (Spa: Expansion #1's, at the start of the turn against the printed check value "
    "60, the check card discarded; the other tracks: the manual's §13.D.2, against the Target Check); '2e' = the "
    "manual's on every track; 'expansion1' = the expansion's on every track whose ETs print a check value.",
    "balance_non_red_only": "AMB-X1-10 (Expansion #1 digest §4.4): BALANCE and the colour of an ET played by the "
    "expansion's procedure. False (default: the 2nd-edition card, «trajetória/E.T, não precisa jogar uma carta da "
    "mesma cor», which wins where the texts conflict): any card; True (the expansion's text, «una Carta verde, "
    "naranja o amarilla»): a green, orange or yellow card.",
    "et_check_rain": "AMB-X1-13 (Expansion #1 digest §4.3, §4.7): rain and the ET check of the expansion's procedure "
    "(players and robots). True (default, the manual's «A chuva também modifica qualquer teste em -20», which wins "
    "where the texts conflict): in rain the check is against the printed value - 20 (60 -> 40); False (the "
    "expansion's words alone, «contra el valor de Comprobación ET impreso»): against the printed value. The "
    "off-track route's checks keep the manual's rain -20 either way.",
    "restart_duels": "AMB-X1-38 (§22; Expansion #1 digest §7.2): duels at a restart after the Safety Car. False "
    "(default, the 2nd edition, the later text): none; True (Expansion #1): a duel may take place before the cars "
    "of a corner section move.",
    "teammate_ends_ahead": "AMB-X1-22 (Expansion #1 digest §5.2): a car whose MP run out right behind its teammate. "
    "False (default, the digest's reading): movement stops when MP run out, so it stays behind him; True (the "
    "option 'the mover chooses to end ahead of or behind its teammate', chosen ahead): it ends ahead of him, free.",
}
