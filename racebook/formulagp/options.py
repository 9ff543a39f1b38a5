"""House rules for FormulaGP: named switches for the readings the digest marks ambiguous (§24, A1–A45) and for the
engine's own readings where the digest is silent, as :mod:`racebook.automobiles.options` does for Automobiles.

Each switch defaults to the digest's recommended reading; a club that reads the rules otherwise flips it. What each
switch means, its section and both readings are **data**, in ``data/house_rules.toml`` (:func:`house_rule_docs`); a
test keeps the file and this class in step. A race carries its switches in ``RaceState.rules``; the position notation
(``rules=``) and the saves record the switches that differ from the defaults. Standard library only.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from functools import cache

from racebook.core.houserules import HouseRules, RuleDoc, load_docs
from racebook.formulagp.components import DATA

__all__ = ["Rules", "house_rule_docs", "SafetyCarMoves", "GravelRemoval", "RedFlagRestart", "RookieAttackOrder",
           "SmallFieldPoints", "TyreSets"]


class SafetyCarMoves(Enum):
    """A16: when in the round the Safety Car drives its 3 tiles (§19.4.2 step 4)."""

    ROUND_START = "round_start"  # at the start of each round's movement phase, before the first car (the digest)
    ROUND_END = "round_end"  # after the last car of each round


class GravelRemoval(Enum):
    """A18: when a Gravel token leaves the track (§19.8, §19.8.1)."""

    STOP = "stop"  # only when a car ends its move on it (the digest: the Gravel section removes it on a stop)
    TRIGGERED = "triggered"  # once any car triggers it, driving through included (the general hazard rule)


class RedFlagRestart(Enum):
    """A30: which "Race Start procedures" a Red Flag restart follows (§19.6 step 6)."""

    RACE_START = "race_start"  # race round 1's rules, then race round 2's; no draw, hands kept (the digest)
    NORMAL = "normal"  # a normal round from the grid: the draw phase and the driver sequence


class RookieAttackOrder(Enum):
    """B3: which car a Rookie in position to attack two cars attacks first (§22.10.2 item 1)."""

    ADJACENT = "adjacent"  # the adjacent lane, then the Slipstream space, then its own lane (the engine's reading)
    AHEAD = "ahead"  # the car straight ahead first: its own lane and the Slipstream space, then the adjacent lane


class RepeatedHazardDice(Enum):
    """A12: the dice of the same [ADV] high-risk event three or more times in a move (§19.2; two: 1 RED + 1 YELLOW
    either way)."""

    PER_ADDITIONAL = "per_additional"  # 1 RED, then 1 YELLOW for each additional event (the original's 4.11.3)
    ONE_YELLOW = "one_yellow"  # 1 RED + 1 YELLOW in all (the original's 8.4.2 and 4.12)


class SmallFieldPoints(Enum):
    """A22: the points row of a field the table does not list (7 or 9 cars; fewer than 6) (§20.2)."""

    BELOW = "below"  # the row of the largest listed field not above it: 7 -> 6-car row, 9 -> 8-car row (the digest)
    ABOVE = "above"  # the row of the smallest listed field not below it: 7 -> 8-car row, 9 -> 10-car row


class TyreSets(Enum):
    """§21 Optional 15.10: the limited dry tyre sets of every player, or none."""

    OFF = "off"  # any dry type at every stop (the Standard rules)
    A = "a"  # Option A: 2 Soft, 1 Medium, 1 Hard
    B = "b"  # Option B: 1 Soft, 2 Medium, 1 Hard
    CHOOSE = "choose"  # each player chooses A or B before qualifying (the source's reading; ``Grey sets b``)


@dataclass(frozen=True, slots=True)
class Rules(HouseRules):
    """House-rule switches of a FormulaGP race. Defaults = the digest's recommended readings. Add a switch at the
    end, with its [[rule]] in data/house_rules.toml (same order) and a test of both readings."""

    leader_crossing_in_round_24: bool = True  # A6: a leader crossing during round 24 starts the final round
    red_flag_on_red_face: bool = False  # A13: the 'Safety Car' EVENT's WHITE die: only a 6 shows the Red Flag
    race_control_double_count: bool = False  # A14: the 'Yellow Flag' RISK / 'Incident on Track' advance once
    safety_car_moves: SafetyCarMoves = SafetyCarMoves.ROUND_START  # A16: the SC drives before the first car
    gravel_removal: GravelRemoval = GravelRemoval.STOP  # A18: Gravel stays when driven through
    red_flag_restart: RedFlagRestart = RedFlagRestart.RACE_START  # A30: round-1 rules, then round-2 rules
    extension_into_battle: bool = True  # A10 iii: an extension that runs into a car may lead to a battle
    option_backs_any_card: bool = True  # A11: an Option card backs any primary battle card (ORANGE, Tyre Wear too)
    immediate_event_overdue_after_its_turn: bool = True  # §6.7: an unplayed 'apply immediately' card is proven late
    rookie_tactics_each: bool = False  # N12: all Rookies share the one TACTICS card by the Control card (§22.5)
    bot_abort_on_icon_only: bool = True  # A24: a BATTLE card's die aborts on the icon face only ([BOT 3.2.3.1])
    push_penalty_once: bool = True  # A20: one Penalty token per push incident (False: one per clause of the source)
    pit_serves_penalties: bool = True  # A45: Penalty tokens held at a pit stop are served then (the box hold)
    pit_lane_start_round: int = 3  # A7: a qualifying crash starts from the pit lane after everyone moved in round 3
    investigation_counts_hand: bool = True  # §17.4 (the original's 13.12.1): penalty icons on every card in hand
    green_result_any_green_face: bool = False  # §19.3.1, A3: "a green result equals 1" = the icon face counts 1
    rookie_battles_once_a_round: bool = True  # B1: a Rookie attacks or defends at most once a round (§22.10.3)
    countersteer_outside_in_corners: bool = False  # §21 Optional 15.6: on a corner a counter-steer goes outside
    rookie_attack_order: RookieAttackOrder = RookieAttackOrder.ADJACENT  # B3: the adjacent lane's car first
    rookie_spins: bool = True  # B4: a Rookie hit or pushed off track spins as a car with no counter-steer card
    dice_before_battle: bool = True  # §13.2 a, 4.11.2-4.11.3: the dice owed are rolled before the battle (N28)
    driver_skills: bool = False  # §6.8, §13.3 item 4: the teaching DRIVER cards' battle skills (N30); off: none
    w2w_forward_push: bool = False  # §13.5 (N29): W2W cars push by lane changes only (§11.3.1); on: forward too
    safety_car_in_final_lap_ends_race: bool = True  # §19.4.1: any Safety Car out on or after round 24 ends the race
    pit_entry_past_shadow_car_only: bool = True  # §16.1 (N33): a pitting car passes only the shadow car's car
    temperature_wear_each_set: bool = True  # A17: Hot/Extreme wear on every Soft/Medium set fitted (False: once)
    rainy_setup_yellow_flag: bool = True  # A31: the Rainy set-up puts the Race Control token on the cloud space
    repeated_hazard_dice: RepeatedHazardDice = RepeatedHazardDice.PER_ADDITIONAL  # A12: a YELLOW per extra event
    orange_limit_as_played: bool = True  # §11.4.2: an ORANGE card obeys a speed limit as the colour it is played as
    standing_water_from_start: bool = True  # §19.8.4, A44: leaving a Standing Water tile from the start owes the die
    small_field_points: SmallFieldPoints = SmallFieldPoints.BELOW  # A22: 7 or 9 cars score by the row below
    championship_countback: bool = False  # §20.3 (C1): a tie on points is shared; on: more 1st, 2nd, … places first
    team_orders_when_level: bool = False  # §20.4 (C2): team orders need the player strictly ahead of its BOT teammate
    pro_pit_round_from_race_start: bool = False  # §22.4, A5: a Pro BOT's set-up Pit token on radar space = its life
    pro_sc_saving_flips_on_icon: bool = False  # §22.13.5: the SC's tyre saving moves a token onto its icon, no flip
    pro_blocking: bool = False  # §22.14 (BOT 7.2, optional): a Pro BOT defending may block a player after a tie
    pro_undercut: bool = False  # §22.14 (BOT 7.1, optional): the Pit Check token and the undercut roll
    pro_late_pit: bool = False  # §22.14 (BOT 7.3, optional): the Late Pit Bonus check of Pro BOTs that have pitted
    pro_pass_pits_in_final_round: bool = True  # §22.11.1 (N-P6): "at the end of the race" no Pro stop: the last round
    second_attempt_once: bool = True  # §13.4.3 [ADV] (SA1): one second attempt after a tie; off: again after each
    second_attempt_plays_movement: bool = True  # §13.4.3 [ADV] (SA2): the second attack lays a movement card
    defending_position: bool = False  # §21 15.7.2 (optional): after a tie the defender may block (GREEN/RED/ORANGE)
    late_pit_needs_new_tyres: bool = False  # §16.6 [ADV] (LP1): any stop earns the Fresh Tyres token; on: new tyres
    debris_in_standard: bool = False  # A19: a Standard race's wall hits place no Debris ([ADV] component)
    safety_car_card_one_roll: bool = True  # §19.4.1, §19.6: [ADV] the 'Safety Car' card's die sets the period too
    sc_card_shuffle_back: bool = False  # §21 Optional 15.11.1: the first 'Safety Car' card drawn goes back (off)
    race_start_by_grid: bool = False  # §21 Optional 15.4: race round 1's order by the grid, not by the LEDs
    medium_one_space_early: bool = False  # §21 Optional 15.5: a Medium set's wear marker one space before S/M start
    momentum_order: bool = False  # §21 Optional 15.1: cars sharing a tile move by the LEDs of the cards they show
    street_circuit: int = 0  # §21 Optional 15.2: 0 off; 1 or 2: edges are walls, 2 'Close Call!', defender +1/+2 LEDs
    die_qualifying: bool = False  # §21 Optional 15.3: qualifying by die roll instead of the sealed cards and the push
    die_qualifying_any_green_fails: bool = False  # A24 (15.3's half): only the WHITE die's icon face fails an attempt
    ot_management: bool = False  # §21 Optional 15.7.1: a full OT must attack; a won battle drives every OT point
    weather_change_modifier: bool = False  # §21 Optional 15.14: a WHITE die moves each Weather token placed by a roll
    faster_safety_car: bool = False  # §21 Optional 15.11.2: under the SC a player drives 6 spaces, no card (off)
    limited_tyre_sets: TyreSets = TyreSets.OFF  # §21 Optional 15.10: off; a (2 S, 1 M, 1 H), b (1 S, 2 M, 1 H), choose
    pro_stress_levels: bool = False  # §22.14 (BOT 7.4, optional): the Pro BOTs' stress levels (max: GREEN pace)
    pro_undercut_weather: bool = False  # §22.14 (BOT 7.1's weather variant, optional; needs pro_undercut)
    race_director: bool = False  # §21 Optional 15.9: the WHITE die judges a two-car incident's penalty (off)
    new_overtake_mode: bool = False  # §21 Optional 15.13, §11.6: one DRS zone banks OT, no DRS move (off)
    faster_vsc: bool = False  # §21 Optional 15.11.3, §19.5: the VSC round, every car 4 spaces, no card (off)
    photo_finish: bool = False  # §21 Optional 15.8 (§17.2.2 item 7): a tie for the win on one tile plays extra turns
    pro_tactics_failures: bool = False  # §22.12.4: the invented TACTICS cards that give a Pro BOT a failure (off)


@cache
def house_rule_docs() -> dict[str, RuleDoc]:
    """The documentation of every switch, from ``data/house_rules.toml`` (validated against :class:`Rules`)."""
    return load_docs(DATA / "house_rules.toml", Rules)
