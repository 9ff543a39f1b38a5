"""The demos of notebook 11: one per strategy (§26) and skill (§27), as data.

Each :class:`~racebook.rf90.lessons.demo_runs.Demo` lists its runs: a small position (stacked decks) and the
actions that show the effect, with the sentences the log must contain (``expect``) and must not (``absent``). A few
effects happen outside a race (qualifying, Free Practice, the pre-race): those runs compute their lines with the
engine's functions. Nothing here decides a rule.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from racebook.core.errors import RacebookError, SetupError
from racebook.rf90 import scenario as _scenario
from racebook.rf90.car import Setup, Skill, Strategy, Tyre
from racebook.rf90.events import CardDrawn
from racebook.rf90.lessons.demo_runs import Demo, Run
from racebook.rf90.lessons.passes import tyre_penalty_table
from racebook.rf90.rules.qualifying import human_entry
from racebook.rf90.setup import Driver, new_race
from racebook.rf90.track import Condition
from racebook.rf90.trackfile import load_track


# ------------------------------------------------------------------ computed runs (outside a race)
def _unavailable(parse: Callable[[str], object], text: str, spec: dict[str, str]) -> list[str]:
    """Two sentences: choosing ``text`` is refused, and so is a scenario file naming it (the engine's messages)."""
    out = []
    what = f"the {text} strategy" if "strategy" in spec else f"the skill {text.upper()}"
    try:
        parse(text)
    except RacebookError as e:
        out.append(f"Choosing {what} is refused ({type(e).__name__}): {e}")
    try:
        _scenario.build({"scenario": {"id": "demo", "track": "teaching", "position": "teaching turn=3 | I: Blue*"},
                         "cars": {"Blue": spec}})
    except RacebookError as e:
        field, value = next(iter(spec.items()))
        out.append(f'A scenario file with {field} = "{value}" is refused ({type(e).__name__}): {e}')
    return out


def tenth_strategy() -> list[str]:
    """§26 / AMB-7: choosing the 10th strategy raises RuleUnavailable (the card is NOT IN SOURCE)."""
    return _unavailable(Strategy.parse, "tenth", {"strategy": "tenth"})


def sixth_sense() -> list[str]:
    """§27 / AMB-15: choosing SIXTH SENSE raises RuleUnavailable (its flags are NOT IN SOURCE)."""
    return _unavailable(Skill.parse, "sixth sense", {"skill": "sixth_sense"})


def qualify_entries() -> list[str]:
    """§7.1 item 6, §27: the same qualifying card and chit, without and with QUALIFY; the start's Track Cards."""
    out = [human_entry("Blue", 3, 82, 12, None).explain() + "   (no skill)",
           human_entry("Blue", 3, 82, 12, Skill.QUALIFY).explain() + "   (QUALIFY)"]
    rs = new_race(load_track("teaching"), [Driver("Blue", skill=Skill.QUALIFY)], [], seed=3)
    out += [e.sentence() for e in rs.events if isinstance(e, CardDrawn) and rs.state.card(e.card).is_track]
    return out


def tuning_setup() -> list[str]:
    """§6.2, §27: 12 tyres / 7 cards / 5 wear slots is 3 + 3 + 2 = 8 setup points: only with TUNING."""
    s = Setup(12, 7, 5)
    pts = s.points()
    out = [f"setup 12 tyres / 7 cards / 5 wear slots = {' + '.join(str(v) for v in pts.values())} = "
           f"{sum(pts.values())} setup points (7 cards = 3 points is presumed, not stated, §6.2)"]
    for skill in (None, Skill.TUNING):
        who = "with TUNING" if skill else "without TUNING"
        try:
            s.validate(skill)
            out.append(f"{who}: legal (at most 8 points, never more than 3 in one characteristic)")
        except SetupError as e:
            out.append(f"{who}: {e.rule}: {e.reason}")
    return out


def rain_expert_tables() -> list[str]:
    """§16.2, §27, AMB-33: the wrong-tyre MP penalty in intermediate weather, and the start on Rain tyres."""
    out = []
    for skill in (None, Skill.RAIN_EXPERT):
        row = tyre_penalty_table(skill=skill)
        cells = ", ".join(f"{t.value} {-row[t][Condition.INTERMEDIATE] or 0:+d}".replace("+0", "0") for t in Tyre)
        out.append(f"intermediate weather, {'RAIN EXPERT' if skill else 'no skill'}: MP penalty {cells}")
    for skill in (None, Skill.RAIN_EXPERT):
        rs = new_race(load_track("teaching"), [Driver("Blue", skill=skill, tyre=Tyre.RAIN)], [], seed=3)
        b = rs.state.cars["Blue"]
        out.append(f"starts on rain tyres, {'RAIN EXPERT' if skill else 'no skill'}: {b.chips} tyre chips, "
                   f"{b.blue} blue token(s) (+1 MP each, at most 1 a turn)")
    return out


# ------------------------------------------------------------------ the positions
def _sc(position: str, cars: dict[str, Any], stack: tuple[str, ...] = (), *, seed: int = 11,
        rules: dict[str, Any] | None = None, bag: tuple[str, ...] = ()) -> dict[str, Any]:
    d: dict[str, Any] = {"scenario": {"id": "demo", "track": "teaching", "seed": seed, "position": position},
                         "cars": cars, "deck": {"stack": list(stack)}}
    if rules:
        d["rules"] = rules
    if bag:
        d["bag"] = {"stack": list(bag)}
    return d


def _blue(**panel: Any) -> dict[str, Any]:
    return {"Blue": {"target": "R88", **panel}}


_I = "teaching turn=3 | A: Red*{played} | I: Blue"  # Blue alone at the back, the leader has played
_BW = {"cars": {"Blue": {"strategy": "banging_wheels"}}}
_CHASE = ("Red start", "Red play R22 R24", "Red occupy none", "Blue chase Red", "Blue start", "Blue play R63",
          "Blue occupy none", "Red start", "Red play R55", "Red occupy none", "Blue start", "Blue take R55",
          "Blue play R76 R87", "Blue occupy none")
_PIT = ("Blue pit 0", "Blue pit-done", "Blue pit-tyres keep")
_LAPPING = "teaching turn=5 lap=3 | A: Red*{played} | G: Orange-1{played} | H: Pink-1{played} | I: Blue"

STRATEGY_DEMOS: tuple[Demo, ...] = (
    Demo("save_tyres", "strategy", "SAVE TYRES", "Poupa 1 pneu", "§26.1",
         "one tyre unit of the turn is free; with 0 chips a 1-tyre card is still playable",
         "spend at least 1 tyre chip (cards + track symbols)", (
             Run("Ex. 20 as printed: the [3] costs 2 tyre units", "ex20", (
                 "Blue start", "Blue play R60", "Blue pay chips=2", "Blue occupy none"), show=("chips", "wear"),
                 expect=("pays 2 tyre unit(s)",), absent=("SAVE TYRES Special",)),
             Run("Ex. 20 with SAVE TYRES: the same [3] costs 1 chip", "ex20_save_tyres", (
                 "Blue start", "Blue play R60", "Blue occupy none"), show=("chips", "wear"),
                 expect=("pays 1 tyre unit(s): 1 chip(s); 9 chip(s) left", "SAVE TYRES Special")),
             Run("SAVE TYRES with no chip left: a 1-tyre [2] is still legal",
                 _sc(_I, _blue(hand=["R10", "R55"], chips=0, strategy="save_tyres"), ("R01",)),
                 ("Blue start", "Blue play R10"), legal_at=(1,), show=("chips",),
                 expect=("play R10 ·", "Blue plays R10")),
         )),
    Demo("banging_wheels", "strategy", "BANGING WHEELS", "Soma +3 em Duelos", "§26.2",
         "+3 in every duel; overtake for 2 MP in corners, 1 MP elsewhere",
         "win a corner duel against all, or overtake a same-lap car (1 Track Card a turn)", (
             Run("Ex. 26 as printed: the corner stops Blue", "ex26", expect=("no overtaking a same-lap car",)),
             Run("Ex. 26 with BANGING WHEELS: 2 MP to pass Red in the corner, and the Special", "ex26",
                 ("Blue start", "Blue play R14 R18", "Blue pay chips=2", "Blue occupy none"), patch=_BW,
                 show=("hand",), expect=("BANGING WHEELS overtaking in a corner, 2 MP", "BANGING WHEELS Special")),
             Run("Ex. 16: Green's +3 in the duel at Stowe", "ex16", focus="Green", opening=True,
                 expect=("+3 BANGING WHEELS",)),
             Run("one Track Card a turn: a corner duel won, then a pass on the straight",
                 _sc("teaching turn=3 | A: Red*{played} | F: Pink{played} | G: Orange Blue",
                     {"Blue": {"hand": ["R14", "R22", "R89"], "target": "R88", "strategy": "banging_wheels"},
                      "Orange": {"hand": ["R18", "R56"], "target": "R77"}}, ("R01", "R02")),
                 ("Blue challenge", "Orange join", "Blue bid R14", "Orange bid R18", "Blue start", "Blue play R22",
                  "Blue occupy none"), opening=True, show=("hand",),
                 expect=("won a corner duel against all", "BANGING WHEELS overtaking in a straight, 1 MP"),
                 absent=("overtook a same-lap car",)),
         ), note="Only 1 Track Card a turn: the duel's card, drawn first, uses up the turn's Special."),
    Demo("save_fuel", "strategy", "SAVE FUEL", "Poupa Gasolina", "§26.3",
         "refuel chit +1 when moving with cards ≤ 2 only; in phase B trade a card > 2 for two draws",
         "move with cards ≤ 2 only", (
             Run("trade R04 [3] for two cards, then move with two [2]s",
                 _sc(_I, _blue(hand=["R04", "R22"], strategy="save_fuel", refuel=12), ("R24", "R63")),
                 ("Blue start", "Blue draw R04", "Blue play R22 R24", "Blue no-late-brake", "Blue occupy none"),
                 legal_at=(1,), show=("refuel", "hand"),
                 expect=("a card > 2 MP for two draws", "moves forward to turn 13", "SAVE FUEL Special")),
         ), note="AMB-8: the card says 'at the end of your turn'; the engine draws in phase B (p.14)."),
    Demo("lucky", "strategy", "LUCKY", "Compra 2, escolhe 1", "§26.4",
         "phase B: draw 2 Race Cards, then discard a card from hand",
         "the two drawn cards share value or colour", (
             Run("Ex. 10: two orange [2]s — a Track Card; the discard is mandatory (default)",
                 _sc(_I, _blue(hand=["R55"], strategy="lucky"), ("R22", "R24")),
                 ("Blue start", "Blue draw R55"), legal_at=(1,), show=("hand",),
                 expect=("LUCKY Special", "LUCKY: draw 2, keep 1")),
             Run("house rule lucky_discard_mandatory = false: 'draw' keeps all three",
                 _sc(_I, _blue(hand=["R55"], strategy="lucky"), ("R22", "R24"),
                     rules={"lucky_discard_mandatory": False}),
                 ("Blue start", "Blue draw"), legal_at=(1,), show=("hand",),
                 expect=("LUCKY Special", "(B: LUCKY discard): draw · draw R22")),
             Run("[2] orange and [4] red: no Track Card",
                 _sc(_I, _blue(hand=["R55"], strategy="lucky"), ("R22", "R14")),
                 ("Blue start", "Blue draw R55"), show=("hand",), expect=("R14 (phase B, LUCKY: second of two)",),
                 absent=("LUCKY Special",)),
         ), note="AMB-8 (phase B, not the end of the turn) and AMB-9 (discard mandatory by default; house rule)."),
    Demo("balance", "strategy", "BALANCE", "Ganha trajetórias grátis", "§26.5",
         "use a trajectory or ET without a card of its colour",
         "on a trajectory with a movement card of its colour", (
             Run("no BALANCE: an orange card cannot use the red/green I.t1",
                 _sc(_I.replace("I: Blue", "I: Blue@I.t1"), _blue(hand=["R55", "R56"]), ("R01",)),
                 ("Blue start", "Blue play R55"), legal_at=(1,), expect=("no played card matches its colour",)),
             Run("BALANCE: the same orange card takes the +2",
                 _sc(_I.replace("I: Blue", "I: Blue@I.t1"), _blue(hand=["R55", "R56"], strategy="balance"),
                     ("R01",), bag=("red",)),
                 ("Blue start", "Blue play R55 +traj", "Blue no-late-brake", "Blue occupy none"), legal_at=(1,),
                 expect=("no colour match needed with BALANCE", "+2 trajectory I.t1"), absent=("BALANCE Special",)),
             Run("BALANCE with a red card: colour matched, the Special",
                 _sc(_I.replace("I: Blue", "I: Blue@I.t1"), _blue(hand=["R89", "R56"], strategy="balance"),
                     ("R01",), bag=("red",)),
                 ("Blue start", "Blue play R89 +traj", "Blue occupy none"), expect=("BALANCE Special",)),
         )),
    Demo("hazard", "strategy", "HAZARD", "+1 PM com Compra Cega ou Dano", "§26.6",
         "+1 MP per blind test (green card, ET) and per card damage; late braking goes 2 sections if empty",
         "every risky blind draw (green card, LB, ET) — may exceed 1 a turn", (
             Run("a green card's blind test: +1 MP and a Track Card",
                 _sc(_I, _blue(hand=["R06", "R56"], strategy="hazard"), ("R01", "R42")),
                 ("Blue start", "Blue play R06", "Blue occupy none"),
                 expect=("+1 HAZARD: blind test (green card)", "HAZARD Special")),
             Run("a card's damage symbol: +1 MP",
                 _sc(_I, _blue(hand=["R03", "R56"], strategy="hazard"), ("R01",), bag=("red",)),
                 ("Blue start", "Blue play R03", "Blue occupy none"),
                 expect=("+1 HAZARD: damage from a card",)),
             Run("late braking in E without HAZARD: one section",
                 _sc("teaching turn=3 | A: Red*{played} | G: Blue", _blue(hand=["R55", "R56"]), ("R01", "R42")),
                 ("Blue start", "Blue play R55", "Blue late-brake", "Blue occupy none"), expect=("advances to D",)),
             Run("late braking in E with HAZARD: two empty sections",
                 _sc("teaching turn=3 | A: Red*{played} | G: Blue", _blue(hand=["R55", "R56"], strategy="hazard"),
                     ("R01", "R42")),
                 ("Blue start", "Blue play R55", "Blue late-brake"),
                 expect=("advances to C (HAZARD: two sections)", "HAZARD Special")),
         ), note="AMB-10: the late braking's +1 MP is read as the 2-section advance; no extra MP after phase E."),
    Demo("push", "strategy", "PUSH", "Combina cartas +2 com outros valores", "§26.7",
         "[2] + [3]…[6] pairs become legal; each time the refuel chit moves back 1",
         "spend 2 or more tyre chips in the turn (chips, not cards)", (
             Run("no PUSH: [2] + [4] is not a legal pair (AMB-4)",
                 _sc("teaching turn=3 | A: Red*{played} | L: Blue", _blue(hand=["R55", "R14", "R56"], refuel=12),
                     ("R01",)),
                 ("Blue start",), legal_at=(1,), legal_verbs=("play",), absent=("R14 R55",),
                 expect=("legal now",)),
             Run("PUSH: R14 [4] + R55 [2] for 6 MP, the chit back to turn 11",
                 _sc("teaching turn=3 | A: Red*{played} | L: Blue",
                     _blue(hand=["R55", "R14", "R56"], refuel=12, strategy="push"), ("R01",)),
                 ("Blue start", "Blue play R14 R55", "Blue pay chips=2", "Blue occupy none"), legal_at=(1,),
                 legal_verbs=("play",), show=("refuel", "chips"),
                 expect=("play R14 R55", "moves back to turn 11", "PUSH Special")),
         )),
    Demo("chase", "strategy", "CHASE", "Compra cartas de um jogador à sua frente", "§26.8",
         "take a chased car's discarded movement card instead of drawing; +1 MP when there is none",
         "end the movement in the chased car's section", (
             Run("the Chased token, +1 MP on the first turn, then Red's reserved card",
                 _sc("teaching turn=3 | H: Red* | I: Blue",
                     {"Red": {"hand": ["R22", "R24", "R55"], "target": "R77"},
                      "Blue": {"hand": ["R63", "R76", "R87"], "target": "R88", "strategy": "chase"}},
                     ("R01", "R02", "R03", "R05")),
                 _CHASE, legal_at=(3, 11), show=("chasing", "hand"),
                 expect=("places the Chased token on Red", "+1 CHASE", "take R55", "taken from Red's discards",
                         "CHASE Special")),
             Run("chasing a robot: never a card to take, so +1 MP (AMB-11)",
                 _sc("teaching turn=3 | A: Red*{played} | H: Fast1{played} | I: Blue",
                     _blue(hand=["R55", "R56"], strategy="chase"), ("R01",)),
                 ("Blue chase Fast1", "Blue start", "Blue play R55", "Blue occupy none"), legal_at=(0,),
                 legal_verbs=("chase",), expect=("Chased token on Fast1", "+1 CHASE")),
         ), note="AMB-11: the detailed Notes are followed (any driver ahead on the same lap; a robot gives +1 MP)."),
    Demo("recovery", "strategy", "RECOVERY", "Facilita ultrapassagem em Robôs Slow e Fast", "§26.9",
         "pass Fast/Slow robots for 0 MP on straights, 1 in braking zones, 2 in corners",
         "a Fast/Slow robot ahead on the same lap at the end of the turn", (
             Run("no RECOVERY: passing the Slow robot on the straight costs 1 MP",
                 _sc("teaching turn=3 | A: Red*{played} | G: Fast1{played} | H: Slow1{played} | I: Blue",
                     _blue(hand=["R55", "R56"]), ("R01",)),
                 ("Blue start", "Blue play R55"), expect=("overtaking on a straight, 1 MP",)),
             Run("RECOVERY: 0 MP, one more section, and the Special (Fast1 is still ahead)",
                 _sc("teaching turn=3 | A: Red*{played} | G: Fast1{played} | H: Slow1{played} | I: Blue",
                     _blue(hand=["R55", "R56"], strategy="recovery"), ("R01",)),
                 ("Blue start", "Blue play R55", "Blue occupy none"),
                 expect=("RECOVERY passing a slow robot in a straight, 0 MP", "RECOVERY Special")),
         ), note="Marked <STK>: not for the Basic game (§28)."),
    Demo("tenth", "strategy", "(10th strategy)", "—", "§26, AMB-7", "NOT IN SOURCE", "NOT IN SOURCE", (
        Run("choosing it", compute=tenth_strategy, expect=("RuleUnavailable",)),
    ), status="NOT IN SOURCE: raises RuleUnavailable",
         note="The manual says there are 10 strategies; only 9 are described (AMB-7)."),
)

SKILL_DEMOS: tuple[Demo, ...] = (
    Demo("qualify", "skill", "QUALIFY", "", "§27, §7.1",
         "+2 in qualifying; +1 MP at the start and at restarts; 2 Track Cards at the start", "—", (
             Run("qualifying and the start's Track Cards", compute=qualify_entries,
                 expect=("+2 QUALIFY = 5", "QUALIFY: 2 Track Cards")),
             Run("turn 1 without QUALIFY",
                 _sc("teaching turn=1 | A: Red*{played} | B: Blue", _blue(hand=["R55", "R56"]), ("R01",)),
                 ("Blue start", "Blue play R55"), expect=("has 2 MP",)),
             Run("turn 1 with QUALIFY: +1 MP",
                 _sc("teaching turn=1 | A: Red*{played} | B: Blue", _blue(hand=["R55", "R56"], skill="qualify"),
                     ("R01",)),
                 ("Blue start", "Blue play R55"), expect=("+1 QUALIFY at the start/restart",)),
         )),
    Demo("versatility", "skill", "VERSATILITY", "", "§27, §13.A.2",
         "change strategy in phase A.2 (token rotated; reset at every pit stop)", "—", (
             Run("SAVE TYRES → PUSH in A.2, then [2] + [4] is legal",
                 _sc(_I, _blue(hand=["R55", "R14"], skill="versatility", strategy="save_tyres"), ("R01",)),
                 ("Blue versatility push", "Blue start"), legal_at=(0, 1, 2), legal_verbs=("versatility", "play"),
                 show=("strategy",), expect=("uses VERSATILITY: strategy now PUSH", "play R14 R55")),
         )),
    Demo("lapping", "skill", "LAPPING", "", "§27",
         "lap for 0 MP on straights and in braking zones, 1 MP in corners; +1 MP per blue-flag symbol", "—", (
             Run("no LAPPING: 1 MP to lap Pink on the straight",
                 _sc(_LAPPING, _blue(hand=["R55", "R47"]), ("R01",)),
                 ("Blue start", "Blue play R47", "Blue no-flag"), expect=("lapping in a straight, 1 MP",)),
             Run("LAPPING: Pink for 0 MP, Orange in the corner for 1, +1 MP for R47's blue flag",
                 _sc(_LAPPING, _blue(hand=["R55", "R47"], skill="lapping"), ("R01",)),
                 ("Blue start", "Blue play R47", "Blue no-flag"),
                 expect=("+1 LAPPING blue-flag symbols", "with the LAPPING, 0 MP", "with the LAPPING, 1 MP")),
         )),
    Demo("pitting", "skill", "PITTING", "", "§27, §13.A.3",
         "2 sections fewer at each pit stop; +1 Track Card there (not counted in the hand limit)", "—", (
             Run("no PITTING: back 8 sections", _sc("teaching turn=5 | A: Red*{played} | B: Blue",
                                                     _blue(hand=["R55", "R56"], refuel=6),
                                                     ("R01", "R02", "R03", "R04", "R05")),
                 _PIT, show=("section",), expect=("goes back 8 section(s) to J",)),
             Run("PITTING: back 6, and a Track Card", _sc("teaching turn=5 | A: Red*{played} | B: Blue",
                                                         _blue(hand=["R55", "R56"], refuel=6, skill="pitting"),
                                                         ("R01", "R02", "R03", "R04", "R05")),
                 _PIT, show=("section", "hand"), expect=("PITTING -2", "PITTING: +1 Track Card")),
         )),
    Demo("reflexes", "skill", "REFLEXES", "", "§27, §13.D.2",
         "+20 on every test: green cards, late braking, ET, the Leader check, recovery tests", "—", (
             Run("Ex. 23: a -10 blind test in the rain is a -30 test", "ex23", expect=("-20 rain",)),
             Run("Ex. 23 with REFLEXES: +20, the (77) passes", "ex23_reflexes", expect=("+20 REFLEXES",)),
         )),
    Demo("tuning", "skill", "TUNING", "", "§27, §6.2",
         "up to 8 setup points (3 at most in one); 1 brown (permanent) token off at each pit stop", "—", (
             Run("Free Practice: 8 setup points", compute=tuning_setup, expect=("with TUNING: legal",)),
             Run("a pit stop without TUNING: the brown token stays",
                 _sc("teaching turn=5 | A: Red*{played} | B: Blue",
                     _blue(hand=["R55", "R56"], refuel=6, wear=["red", "brown"]), ("R01", "R02", "R03", "R04")),
                 ("Blue pit 0",), show=("wear",), expect=("1 brown stay",)),
             Run("a pit stop with TUNING: the brown token goes too",
                 _sc("teaching turn=5 | A: Red*{played} | B: Blue",
                     _blue(hand=["R55", "R56"], refuel=6, wear=["red", "brown"], skill="tuning"),
                     ("R01", "R02", "R03", "R04")),
                 ("Blue pit 0",), show=("wear",), expect=("TUNING removes one brown token",)),
         )),
    Demo("wise_driving", "skill", "WISE DRIVING", "", "§27, §13.A.2",
         "phase A.2: discard Race Cards and draw up to the hand limit (Track Cards do not count); once a pit",
         "—", (
             Run("discard R55 and R56, draw back to 6 Race Cards (T01 does not count)",
                 _sc(_I, _blue(hand=["R55", "R56", "R89", "T01"], skill="wise_driving"),
                     ("R14", "R21", "R25", "R94", "R01", "R86")),
                 ("Blue wise-driving R55,R56",), legal_at=(0, 1), legal_verbs=("wise-driving",),
                 show=("hand",), expect=("discards R55 R56 (WISE DRIVING)",)),
         )),
    Demo("rain_expert", "skill", "RAIN EXPERT", "", "§27, §16.2",
         "no penalty for Rain or Hard tyres in intermediate weather; +3 blue tokens when starting on Rain", "—", (
             Run("the penalty table and the start", compute=rain_expert_tables,
                 expect=("RAIN EXPERT: MP penalty", "3 blue token(s)")),
             Run("rain tyres in intermediate weather, no skill: -1 MP",
                 _sc("teaching turn=3 weather=2 | A: Red*{played} | I: Blue", _blue(hand=["R55", "R56"], tyre="rain"),
                     ("R01",)),
                 ("Blue start", "Blue play R55"), expect=("-1 rain tyres in intermediate weather",)),
             Run("the same with RAIN EXPERT: no penalty",
                 _sc("teaching turn=3 weather=2 | A: Red*{played} | I: Blue",
                     _blue(hand=["R55", "R56"], tyre="rain", skill="rain_expert"), ("R01",)),
                 ("Blue start", "Blue play R55"), expect=("has 2 MP (2 cards)",), absent=("rain tyres in",)),
         ), note="AMB-33: the skill text (Rain or Hard only) is followed; Soft tyres keep their -1."),
    Demo("flat_out", "skill", "FLAT OUT", "", "§27",
         "take an ET without its blind test; its bonus is then 1 less (colour rules still apply)", "—", (
             Run("the green ET G.et1 with its blind test",
                 _sc("teaching turn=3 | A: Red*{played} | G: Blue@G.et1", _blue(hand=["R74", "R55"]),
                     ("R01", "R42")),
                 ("Blue start", "Blue play R74 +traj"), expect=("ET blind test at G.et1", "+2 trajectory G.et1")),
             Run("FLAT OUT: no test, +2 - 1",
                 _sc("teaching turn=3 | A: Red*{played} | G: Blue@G.et1", _blue(hand=["R74", "R55"], skill="flat_out"),
                     ("R01", "R42")),
                 ("Blue start", "Blue play R74 +traj et=flat", "Blue occupy none"), legal_at=(1,),
                 legal_verbs=("play",), expect=("flat out: no blind test", "-1 FLAT OUT")),
         ), note="Marked <STK>: not for the Basic game (§28)."),
    Demo("sixth_sense", "skill", "SIXTH SENSE", "", "§27, AMB-15",
         "3 flag tokens a pit stop, each used once — which flags is NOT IN SOURCE", "—", (
             Run("choosing it", compute=sixth_sense, expect=("RuleUnavailable",)),
         ), status="incomplete (AMB-15): raises RuleUnavailable",
         note="The skill's text is cut off in the manual: which flags, and how they are played, is NOT IN SOURCE."),
)

DEMOS: dict[str, Demo] = {d.key: d for d in STRATEGY_DEMOS + SKILL_DEMOS}
"""Every demo by key (the Strategy / Skill enum value), strategies first, in the digest's order."""
