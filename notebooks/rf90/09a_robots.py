# ---
# jupyter:
#   jupytext:
#     formats: ipynb,py:percent
#     text_representation:
#       extension: .py
#       format_name: percent
#       format_version: '1.3'
#       jupytext_version: 1.19.6
#   kernelspec:
#     display_name: Python 3
#     language: python
#     name: python3
# ---

# %% [markdown]
# # 09 — Robots: the cars nobody drives
#
# **You need:** [01_movement_and_passing](01_movement_and_passing.ipynb), [03_activation](03_activation.ipynb),
# [04_duels](04_duels.ipynb), [05_late_braking](05_late_braking.ipynb), [06_trajectories](06_trajectories.ipynb),
# [07_fuel_and_pits](07_fuel_and_pits.ipynb), [08_flags_weather_tyres](08_flags_weather_tyres.ipynb).
#
# **Learning objectives** — after this notebook you can:
#
# * name the three **robot** types — **SuperFast** (black, *preto*), **Fast** (yellow, *amarelo*) and **Slow**
#   (purple, *roxo*) — their movement points (MP, *pontos de movimento*) and their fixed **Target Check** of 70,
#   and say what a robot does *not* have (cards, wear, tyre chips, skills, strategies);
# * play a robot's individual turn (*Turno Individual*) by hand: base MP plus a trajectory bonus with no colour
#   and no cost, every MP spent, and the robot passing rules (0 MP past robots, 1 MP past a human on a straight,
#   a stop behind a human in a corner or braking zone);
# * say when a robot **laps** (*dar volta*) a car, why it never **unlaps** (*recuperar volta*) on its own, and the
#   four exceptions;
# * predict a robot's **duel** decisions, its **Leader check** as race leader, its single **fuel stop** and its
#   **tyre-change** pit;
# * use the **orange flag** (*bandeira laranja*) to force a robot to late-brake (*Atraso de Freada*) or to take an
#   Extreme Trajectory (*Trajetória Extrema*).
#
# **Digest sections:** [§17][] (all: [§17.1][] general, [§17.2][] duels, [§17.3][] the simplified turn, [§17.4][]
# passing, lapping, unlapping), [§15.4][] (orange flag), [§16.3][] (robot tyre change), [§20][] (the robot leader's
# check), [§29.3][] (the robot table), [§8][] and [§7.1][] item 5 (robot refuel chits); readings [AMB-19][], [AMB-28][],
# [AMB-29][], [AMB-40][] and [AMB-44][] of [§31][]. No worked example of the book is only about robots; the positions
# below are small and invented, and every event is played by the `racebook` engine.
#
# [AMB-19]: ../../docs/rules/rf90_rules_digest.md#amb-19
# [AMB-28]: ../../docs/rules/rf90_rules_digest.md#amb-28
# [AMB-29]: ../../docs/rules/rf90_rules_digest.md#amb-29
# [AMB-40]: ../../docs/rules/rf90_rules_digest.md#amb-40
# [AMB-44]: ../../docs/rules/rf90_rules_digest.md#amb-44
# [§15.4]: ../../docs/rules/rf90_rules_digest.md#s15-4
# [§16.3]: ../../docs/rules/rf90_rules_digest.md#s16-3
# [§17]: ../../docs/rules/rf90_rules_digest.md#s17
# [§17.1]: ../../docs/rules/rf90_rules_digest.md#s17-1
# [§17.2]: ../../docs/rules/rf90_rules_digest.md#s17-2
# [§17.3]: ../../docs/rules/rf90_rules_digest.md#s17-3
# [§17.4]: ../../docs/rules/rf90_rules_digest.md#s17-4
# [§20]: ../../docs/rules/rf90_rules_digest.md#s20
# [§29.3]: ../../docs/rules/rf90_rules_digest.md#s29-3
# [§31]: ../../docs/rules/rf90_rules_digest.md#s31
# [§7.1]: ../../docs/rules/rf90_rules_digest.md#s7-1
# [§8]: ../../docs/rules/rf90_rules_digest.md#s8

# %%
from functools import partial

import racebook
from racebook.core.rng import Rng
from racebook.rf90 import glossary, scenario
from racebook.rf90.car import ROBOT_TARGET_CHECK, RobotType
from racebook.rf90.lessons.notebook import act, rpn_race
from racebook.rf90.rules.qualifying import draw_robot_entries, load_robot_chits
from racebook.rf90.ui import ScenarioPlayer
from racebook.rf90.ui.costs import arithmetic, cost_frame
from racebook.rf90.ui.robots import PRESETS, RobotMovePanel
from racebook.ui.style import ROBOT_COLOURS


def log(r, start=2, stop="GameTurnEnded"):
    """Print the event sentences (each cites the digest) up to the end of the first Game Turn."""
    for e in r.events[start:]:
        print(e.sentence())
        if e.kind == stop:
            break


race = partial(rpn_race, seed=9)  # a race from Race Position Notation; draws=: check factors of the next draws

# %% [markdown]
# ### Words used here (digest §1)

# %%
for term in ("robot", "Target Check", "Lapping", "Late braking", "Extreme Trajectory", "Refuel chit"):
    for t in glossary.search(term)[:2]:
        print(t)

# %% [markdown]
# ## 1. Three robots, no panel (§17.1, §29.3)
#
# Robots fill the grid when there are few players. A robot **has no Car Panel** (*Painel do Carro*): it holds
# **no cards**, takes **no wear**, pays **no tyre chips** and has **no skills or strategies** ([§17.1][]). It still
# late-brakes and takes Extreme Trajectories — but only when the orange flag forces it ([§15.4][]) — recovers from
# off-track excursions, makes the Leader check, and can crash and retire.
#
# Every robot tests against a fixed **Target Check of 70**, plus the usual modifiers (rain -20, printed
# modifiers). Its MP per turn depend only on its type — the engine's table:
#
# [§15.4]: ../../docs/rules/rf90_rules_digest.md#s15-4
# [§17.1]: ../../docs/rules/rf90_rules_digest.md#s17-1

# %% tags=["presenter-show"]
print(f"{'robot':<10} {'colour':<8} {'MP per turn':>11}   Target Check")
for t in RobotType:
    print(f"{t.value:<10} {ROBOT_COLOURS[t.value]:<8} {t.mp:>11}   {ROBOT_TARGET_CHECK}")

# %% [markdown]
# In the engine's public summary (the JSON of `racebook replay --json`) a robot has no Target Check card, no
# tyre chips and no hand; a human beside it has all three:

# %% tags=["presenter-show"]
pass_race = racebook.load_scenario("robots_pass").race
cars = scenario.summary(pass_race)["cars"]
for car in ("Fast1", "Blue"):
    c = cars[car]
    print(f"{car:<6} kind={c['kind']:<12} target_check={c['target_check']!s:<5} tyres={c['tyres']!s:<5} "
          f"hand={c['hand']!s:<5} wear={c['red'] + c['brown']}")

# %% [markdown]
# ## 2. A robot's individual turn (§17.3)
#
# A robot plays phases A–F like everybody, but there is nothing to decide — the engine plays it at once:
#
# * **A. Start of turn** — it **cannot skip**. It **must pit** on the turn of its type's refuel chit (section 7
#   below), or for tyres on a big weather change (section 8).
# * **B–D. No cards**: nothing is drawn or played. A robot forced onto an ET tests it **blind** against 70 ± mods.
# * **E. Movement** — **base MP** of its type **+ the bonus of the trajectory it occupies**, with **no colour
#   matching** and **no trajectory cost** ([§17.3][] E); minus penalties (but never a tyre penalty, [§16.2][]).
#   Entering a section costs 1 MP, and a robot **must use all its MP**.
# * **F. End of turn** — it never late-brakes on its own. If it ended in a section with a free trajectory it is
#   put on the **highest-value** one (the **outermost** on equal values); it takes an **ET only if forced**.
#
# Here a Fast robot (3 MP) starts on I.t1, a red/green +2 trajectory that costs a human a damage token, behind two
# Slow robots that already played:
#
# [§16.2]: ../../docs/rules/rf90_rules_digest.md#s16-2
# [§17.3]: ../../docs/rules/rf90_rules_digest.md#s17-3

# %% tags=["presenter-show"]
traj = race("teaching turn=6 lap=3 | L: Red*{played} | G: Slow3{played} | I: Slow2{played} Fast1@I.t1")
log(traj)
print()
print(arithmetic(traj, "Fast1"))

# %% [markdown]
# 5 MP, no card, no damage, no colour: 3 for a Fast robot + 2 from I.t1. It passes Slow2 for **0 MP** and spends
# all 5 MP. It ends in D, where the only trajectory is an ET: it stays off it. In the next scenario, Fast2 ends in
# the braking zone E, which has two free trajectories (green +2 and orange +1): it takes **E.t1, the +2**.
#
# ## 3. Passing: robots, humans, corners (§17.4)
#
# * Robots pass **each other for 0 MP** — even in braking zones and corners — and **lap** each other for 0 MP.
# * On a **straight**, passing a **human** costs **1 MP**.
# * In a **corner** or a **braking zone** with a human ahead, the robot **stops**: its remaining MP are lost.
# * A **yellow flag** in the section forbids a robot to pass **any** car, robots included ([§15.1][]).
# * Like a human, a robot passes a car that **skipped its turn or did not move** (NO MOVE token) for **1 MP in any
#   section** ([§13.E.6][], [§17.4][]); at the **start, a restart and the last turn**, 1 MP in any section ([§22][]).
#
# The table below is not typed in: every cell is `racebook.rf90.rules.movement.pass_cost` asked about a real two-car
# position (a SuperFast robot behind the car in the column; "stop" = it stops and loses the rest of its MP;
# "—" = impossible, a yellow flag lies only in a corner):
#
# [§13.E.6]: ../../docs/rules/rf90_rules_digest.md#s13-e-6
# [§15.1]: ../../docs/rules/rf90_rules_digest.md#s15-1
# [§17.4]: ../../docs/rules/rf90_rules_digest.md#s17-4
# [§22]: ../../docs/rules/rf90_rules_digest.md#s22

# %% tags=["presenter-show"]
print(cost_frame("superfast").to_string())

# %% [markdown]
# The **unlaps** rows say "stop" almost everywhere: a robot **never unlaps on its own** (section 4). The one
# exception in the table is a car with the NO MOVE token.
#
# ### Scenario `robots_pass` — 0 MP past robots, 1 MP past a human, stops behind humans
#
# An invented position: every human has played. Fast2 (3 MP) in F reaches Pink in the braking zone E. SuperFast1
# (4 MP + 2 from I.t1) sits behind Fast1 and Slow1 in I, then meets Blue on the straight H and Green in the corner G:

# %% tags=["presenter-show"]
robots_pass = racebook.load_scenario("robots_pass")
for line in robots_pass.assumed:
    print("assumed:", line)
print()
log(robots_pass.race)
print()
for car in ("Fast2", "SuperFast1"):
    print(arithmetic(robots_pass.race, car))

# %%
# NBVAL_IGNORE_OUTPUT
ScenarioPlayer(robots_pass)  # ⏮ ◀ ▶ ⏭ — robots are squares, humans circles

# %% [markdown]
# ## 4. Lapping and unlapping (§17.4, AMB-28)
#
# A robot **laps a human at the normal cost**: 1 MP on a straight or in a braking zone, **2 MP in a corner** —
# and laps robots for 0. Here SuperFast1 (4 MP) laps Blue in the corner G:

# %% tags=["presenter-show"]
lapping = race("teaching turn=6 lap=3 | K: Red*{played} | E: Green{played} | G: Blue-1{played} | H: SuperFast1")
log(lapping)

# %% [markdown]
# A lapped robot **does not try to unlap**: when it reaches a car on a higher lap it **stops and loses the rest
# of its MP** — behind a human ([§17.4][]) and, in the engine's reading [AMB-28][], behind a robot too. SuperFast1 is a
# lap down (`-1`) and finds Blue, who is on the leader's lap, on the straight H:
#
# [AMB-28]: ../../docs/rules/rf90_rules_digest.md#amb-28
# [§17.4]: ../../docs/rules/rf90_rules_digest.md#s17-4

# %% tags=["presenter-show"]
no_unlap = race("teaching turn=6 lap=3 | L: Red*{played} | F: Fast3{played} | H: Blue{played} | I: SuperFast1-1")
log(no_unlap)

# %% [markdown]
# A robot can get a lap back **only** in four cases ([§17.4][] a–d). Each is played below; watch the `-1` token.
#
# **a) The car ahead is off track and the lapped robot moves first.** The leader Blue went off at E and waits at
# the re-entry point beside D (`{off=E}`); Fast1, a lap down, drives past that point:
#
# [§17.4]: ../../docs/rules/rf90_rules_digest.md#s17-4

# %% tags=["presenter-show"]
before = "teaching turn=5 lap=2 | D: Blue*{played,off=E} | F: Fast1-1 | H: Red"
case_a = race(before)
print("before:", before)
log(case_a)
print("after: ", case_a.position())

# %% [markdown]
# **b) A forced late braking succeeds.** The orange-flag holder Red makes Fast1, a lap down, late-brake in E,
# where the leader Blue sits: a success passes **every** car in the braking zone ([§13.F.1][]), the leader included:
#
# [§13.F.1]: ../../docs/rules/rf90_rules_digest.md#s13-f-1

# %% tags=["presenter-show"]
case_b = race("teaching turn=6 lap=3 | E: Blue*{played} | H: Fast1-1 | I: Red", draws=(31,), orange="Red")
print("Fast1 has moved H → E and waits for Red's decision:", case_b.position())
act(case_b, "Red force Fast1 lb")
print("after: ", case_b.position())

# %% [markdown]
# **c) The leader pits** and, going back, drops behind the lapped robot ([§13.A.3][]): Blue's refuel chit is due.
#
# [§13.A.3]: ../../docs/rules/rf90_rules_digest.md#s13-a-3

# %%
case_c = race("teaching turn=8 lap=3 | D: Blue* | F: Fast1-1 | H: Red",
              cars={"Blue": {"hand": ["R55", "R56", "R57", "R58", "R59", "R60"], "refuel": 8}})
print("before:", case_c.position())
act(case_c, "Blue pit 0", "Blue pit-done", "Blue pit-tyres keep", "Blue pit-strategy keep")
print("after: ", case_c.position())

# %% [markdown]
# **d) A corner duel with cars on its own lap** ([§17.2][]). In Curve 1 (G) the leader Red has played; behind him
# Orange and Slow1 are a lap down. Slow1 challenges Orange — a human **on its own lap** — and Red joins. The robot
# bids the top two cards of the Race deck (stacked here: R03 [4] and R14 [4]) and wins: it ends **ahead of the
# leader**, so its lap token goes:
#
# [§17.2]: ../../docs/rules/rf90_rules_digest.md#s17-2

# %% tags=["presenter-show"]
case_d = race("teaching turn=6 lap=3 | G: Red*{played} Orange-1 Slow1-1", draws=(3, 14),
              cars={"Red": {"hand": ["R22", "R55"]}, "Orange": {"hand": ["R21", "R57"]}})
log(case_d)
act(case_d, "Orange join", "Red join", "Orange bid R21", "Red bid R22 R55")
print("after: ", case_d.position())

# %% [markdown]
# ## 5. The robot leader's Leader check (§20, §17.4)
#
# A **robot leading the race** must pass the **Leader check** before it laps **any** car, human or robot: a
# **blind test against 70**, once for each car it laps for the first time. The check is **not** affected by rain
# ([§20][]). A failed check stops the robot (no damage); its remaining MP are lost. No check is needed to put a car
# 2 or 3 laps down, to pass an off-track car, or when passing by late braking.
#
# SuperFast1 leads; Green and Slow2, ahead of it in F, are backmarkers about to be lapped. The next blind draws
# are stacked: (40) passes, (80) fails:
#
# [§20]: ../../docs/rules/rf90_rules_digest.md#s20

# %% tags=["presenter-show"]
leader = race("teaching turn=6 lap=3 | H: SuperFast1* | F: Slow2{played} Green{played} | I: Red", draws=(40, 80))
log(leader)
print()
print(arithmetic(leader, "SuperFast1"))

# %% [markdown]
# In the rain every test gets -20 (robots too, [§16.2][]) — but not the Leader check: (65) still passes against 70
# with the weather pawn on a rain space. And lapping Blue a **second** time (`-1` already) needs no check:
#
# [§16.2]: ../../docs/rules/rf90_rules_digest.md#s16-2

# %% tags=["presenter-show"]
rain = race("teaching turn=6 lap=3 weather=6 | H: SuperFast1* | F: Slow1{played} | I: Red", draws=(65,))
print("weather:", rain.state.condition().value)
print(next(e.sentence() for e in rain.events if e.kind == "CheckTest"))
second = race("teaching turn=6 lap=3 | H: SuperFast1* | F: Blue-1{played} | I: Red")
print(next(e.sentence() for e in second.events if e.kind == "Pass"))
print("Leader checks made:", sum(e.kind == "CheckTest" for e in second.events))

# %% [markdown]
# ## 6. Robots in duels (§17.2)
#
# When a corner section is activated and duels are declared ([§12][]), a robot **challenges** only if a **human on
# its own lap is ahead of it** in the section, and it **takes part** when a same-lap human challenges. Otherwise
# it stays out:
#
# * robots **never duel each other** — a corner with only robots has no duel;
# * a robot **never starts a duel to unlap itself** (it has a "-x lap" token and the human ahead does not);
# * it **does not accept** a duel when it is **ahead of the leader** in his section — and, like any car that
#   declines, it then goes **behind the challenger** ([§12.2][]; [Ex. 42][]'s second duel, [notebook
#   04](04_duels.ipynb));
# * in a duel it plays the **top two cards of the Race deck**, face down; the corner modifier applies to it unless
#   it is first in the section.
#
# Four small corners, one line each: who challenges, or why nobody does.
#
# [Ex. 42]: ../../docs/rules/rf90_rules_digest.md#ex-42
# [§12]: ../../docs/rules/rf90_rules_digest.md#s12
# [§12.2]: ../../docs/rules/rf90_rules_digest.md#s12-2

# %%
from racebook.rf90.events import DuelEvent, DuelsDeclared

duels = {
    "a same-lap human ahead": ("teaching turn=6 lap=3 | A: Red*{played} | G: Blue Slow1", None),
    "only robots in the corner": ("teaching turn=6 lap=3 | A: Red*{played} | G: Fast1 Slow1", None),
    "the robot is a lap down": ("teaching turn=6 lap=3 | A: Red*{played} | G: Blue Slow1-1", None),
    "a human challenges the robot": ("teaching turn=6 lap=3 | A: Red*{played} | G: Fast1 Blue", "Blue challenge"),
    "the robot is ahead of the leader": ("teaching turn=6 lap=3 | G: Fast1-1 Orange-1 Red*{played}",
                                         "Orange challenge"),
}
for what, (pos, first) in duels.items():
    d = race(pos, draws=(40, 64), cars={"Blue": {"hand": ["R21", "R57"]}} if "Blue" in pos else None)
    if first:
        d.apply(first)
    said = [e.sentence() for e in d.events if isinstance(e, DuelEvent) and not isinstance(e, DuelsDeclared)]
    print(f"{what}:")
    for s in said[:2]:
        print("   ", s)

# %% [markdown]
# The bids themselves (the robot's two blind cards, the corner modifier, the tie rule) are [notebook
# 04](04_duels.ipynb).
#
# ## 7. The single fuel stop (§8, §17.3 A, §7.1 item 5)
#
# At qualifying each robot draws a **robot refuel chit**: a qualifying value, a check factor for ties and the
# turn of its type's mandatory pit stop. The manual prints none of the 30 chits ([§0.1][]): **the engine's chits are
# invented for teaching** (`racebook/rf90/data/robot_chits.toml`). The invented Fast chits, and one seeded draw:
#
# [§0.1]: ../../docs/rules/rf90_rules_digest.md#s0-1

# %% tags=["presenter-show"]
chits = load_robot_chits()
print("Fast chits (qualifying value, check factor, pit turn) — INVENTED:", chits[RobotType.FAST])
for e in draw_robot_entries([("SuperFast1", RobotType.SUPERFAST), ("Fast1", RobotType.FAST),
                             ("Fast2", RobotType.FAST), ("Slow1", RobotType.SLOW)], Rng(9)):
    print("  ", e.explain())

# %% [markdown]
# A chit does not belong to one robot: when the turn pawn reaches it, **the best-placed robot of that type** must
# pit ([§8][]). It goes back the board's pit time and takes a **Just Pit** token; when its section is activated again
# it removes the token, **discards the chit** and moves normally ([§17.3][] A). That robot will not stop for fuel
# again. If a robot retires, the chit of its type **farthest from turn 1** leaves the Turn Indicator ([AMB-19][]).
#
# Turn 8 with Fast chits on turns 8 and 12: Fast2 is ahead of Fast1, so Fast2 stops now and Fast1 on turn 12.
# Fast2 goes back 8 sections to A — into the leader's section, a lap down behind him, where it stops (section 4):
#
# [AMB-19]: ../../docs/rules/rf90_rules_digest.md#amb-19
# [§17.3]: ../../docs/rules/rf90_rules_digest.md#s17-3
# [§8]: ../../docs/rules/rf90_rules_digest.md#s8

# %% tags=["presenter-show"]
fuel = race("teaching turn=8 lap=3 | A: Red*{played} | E: Fast2 | G: Fast1 | H: Slow1",
            robot_chits=[["fast", 8], ["fast", 12], ["slow", 12]])
log(fuel)
print("chits left on the Turn Indicator:", [(t.value, n) for t, n in fuel.state.robot_chits])

# %% [markdown]
# A robot that crashes takes its type's farthest chit with it. Here the orange-flag holder forces Slow1 to
# late-brake in K (LB -10); it fails, fails both recovery tests of K's invented route, and crashes at a spot with
# the Safety Car symbol — which is notebook 10:

# %% tags=["presenter-show"]
crash = race("teaching turn=6 lap=3 | H: Red*{played} | A: Slow1 | C: Slow2", draws=(95, 96, 97), orange="Red",
             robot_chits=[["slow", 12], ["slow", 14]])
print("chits before:", [(t.value, n) for t, n in crash.state.robot_chits])
act(crash, "Red force Slow1 lb")
print("chits after: ", [(t.value, n) for t, n in crash.state.robot_chits])

# %% [markdown]
# The book's own robot pit is [Ex. 7][] ([notebook 07](07_fuel_and_pits.ipynb)): on turn 8 Blue and the black robot's
# chit are due; Blue pits
# first, then **the best-placed SuperFast** goes back 8 sections with a Just Pit token.
#
# [Ex. 7]: ../../docs/rules/rf90_rules_digest.md#ex-7

# %%
# NBVAL_IGNORE_OUTPUT
ScenarioPlayer(racebook.load_scenario("ex07"))

# %% [markdown]
# ## 8. Tyre-change pits (§16.3, AMB-44)
#
# Robots start on tyres that fit the weather ([§9.2][]). When the weather goes **from uncertain to rain** or **from
# uncertain to dry** and the robots are not on the right tyres (Rain for rain, Hard for dry), then **at the end of
# the current car's individual turn all robots pit at once** — front of the race first ([AMB-44][]), each going back
# the pit time. This stop **also counts as the refuelling stop: every robot refuel chit leaves the Turn
# Indicator**. A robot that had not played yet keeps a Just Pit state and plays when its new section is activated.
#
# Blue plays a card with the weather symbol and moves the pawn from an uncertain space to rain:
#
# [AMB-44]: ../../docs/rules/rf90_rules_digest.md#amb-44
# [§9.2]: ../../docs/rules/rf90_rules_digest.md#s9-2

# %% tags=["presenter-show"]
tyres = race("teaching turn=3 weather=4 | A: Red*{played} | B: Blue | D: Fast1{played} | J: Slow1",
             cars={"Blue": {"hand": ["R26", "R55"], "tyre": "intermediate"}}, draws=(1,),
             robot_tyre="hard", robot_chits=[["fast", 12], ["slow", 14]])
print("robot tyres:", tyres.state.robot_tyre.value, "| chits:", [(t.value, n) for t, n in tyres.state.robot_chits])
act(tyres, "Blue start", "Blue play R26", "Blue weather +1")
print("robot tyres:", tyres.state.robot_tyre.value, "| chits:", [(t.value, n) for t, n in tyres.state.robot_chits])

# %%
# NBVAL_IGNORE_OUTPUT
ScenarioPlayer(tyres)

# %% [markdown]
# ## 9. The orange flag: a player drives the robots (§15.4)
#
# A card with an **orange flag** lets its player take the **orange pawn** — there is only one — if nobody holds it.
# While he holds it he may:
#
# * force a robot that **ends its movement in a braking zone** (with an LB symbol) to **attempt a late braking**;
# * force a robot to **occupy an Extreme Trajectory**; the robot then makes the ET **blind test on its next
#   turn**.
#
# Only the **first** player to play an orange flag in a Race Stage controls the robots: a later orange flag is
# ignored. The pawn is discarded when a **new Race Stage** begins. The book does not say when the holder declares;
# the engine asks him at the end of the robot's movement ([AMB-40][]). A forced late braking is a **blind test against
# 70 + the LB modifier** (+ rain) — [AMB-29][], since the book gives no target.
#
# ### Scenario `robots_orange` — two forced late brakings in E (LB -20)
#
# [AMB-29]: ../../docs/rules/rf90_rules_digest.md#amb-29
# [AMB-40]: ../../docs/rules/rf90_rules_digest.md#amb-40

# %%
orange = racebook.load_scenario("robots_orange", play=False)
for line in orange.assumed:
    print("assumed:", line)
print()
print("Red's choices when Slow1 stops in E:", ", ".join(str(a) for a in orange.race.legal_actions()))
orange = racebook.load_scenario("robots_orange")
log(orange.race)
print()
print("after:", orange.race.position())

# %%
# NBVAL_IGNORE_OUTPUT
ScenarioPlayer(orange)

# %% [markdown]
# A success passes **every car** in the braking zone and goes on to the next section, behind any car already
# there ([AMB-27][]). A failure sends the robot down the zone's off-track route with blind recovery tests against 70 ±
# the printed modifier; wear and tyre costs on the route do not apply to a robot, time loss and re-entry do.
#
# **Forcing an ET.** Fast1 ends in G beside the free ET G.et1 (green +2): Red puts it there, and on its next turn
# Fast1 tests it blind against 70 before moving (here Red skips his own turn first):
#
# [AMB-27]: ../../docs/rules/rf90_rules_digest.md#amb-27

# %% tags=["presenter-show"]
et = race("teaching turn=6 lap=3 | A: Red*{played} | J: Fast1", draws=(20,), orange="Red")
print("Red's choices:", ", ".join(str(a) for a in et.legal_actions()))
act(et, "Red force Fast1 G.et1", "Red skip")

# %% [markdown]
# **First come, first served.** Red already holds the pawn; Blue plays R48, a card with an orange flag — and is
# offered nothing. When the turn pawn drops to a new row of the Turn Indicator the pawn goes back to the box:

# %% tags=["presenter-show"]
first = race("teaching turn=6 lap=3 | A: Red*{played} | I: Blue", orange="Red", cars={"Blue": {"hand": ["R48"]}})
act(first, "Blue start", "Blue play R48")
stage = race("teaching turn=4 lap=3 | A: Red*{played} | I: Blue{played}", orange="Red")
print("orange pawn on turn 4:", stage.initial_state()["orange"])
print(next(e.sentence() for e in stage.events if e.kind == "RaceStageStarted"))
print("orange pawn on turn", stage.state.turn, ":", stage.state.orange)

# %% [markdown]
# ## 10. Your turn: what does the robot do here?
#
# Pick a robot (type, section, trajectory, whether it holds the Leader token) and up to four cars in front of it:
# human or robot, how many sections ahead (0 = in front of it in its own section), on which lap compared with the
# robot, and whether the car has the NO MOVE token. Add a yellow flag, the next blind draws (for a Leader check or
# a forced test), what the orange-flag holder Red does, and the kind of Game Turn. The engine plays the robot's
# turn: its events are listed, the MP arithmetic is on top, and the track view and stepper below show the same
# race. "start from" loads one of the positions of this notebook.
#
# Two house rules matter for robots: **[AMB-13][]** (the last turn's 1-MP passing anywhere) and **[AMB-14][]**
# (trajectories in turn 1): try a robot on a trajectory at the race start with and without it.
#
# [AMB-13]: ../../docs/rules/rf90_rules_digest.md#amb-13
# [AMB-14]: ../../docs/rules/rf90_rules_digest.md#amb-14

# %%
# NBVAL_IGNORE_OUTPUT
panel = RobotMovePanel()
panel

# %% [markdown]
# What the panel shows, as text, for one of its starting positions (the Leader check above, with the robot as
# leader), and what it says when a position is impossible:

# %% tags=["presenter-show"]
demo = RobotMovePanel("the robot leader's Leader check")
print(demo.text())
print()
demo.rows[0].lap.value = 0  # a car in front of the leader on his own lap would be the leader
print(demo.text())

# %%
print("starting positions:", "; ".join(PRESETS))

# %% [markdown]
# ## What to remember
#
# * SuperFast **4**, Fast **3**, Slow **2** MP; Target Check **70** ± modifiers; no panel: no cards, wear, tyre
#   chips, skills or strategies ([§17.1][], [§29.3][]).
# * Base MP **+ trajectory bonus, no colour, no cost**; every MP is spent; at the end, the **highest free standard
#   trajectory** (outermost on ties), never an ET unless forced ([§17.3][]).
# * **0 MP past robots**; **1 MP past a human on a straight**; **stop** behind a human in a **corner** or **braking
#   zone**; a yellow flag stops everything; NO MOVE cars and special turns: 1 MP ([§17.4][], [§15.1][], [§22][]).
# * Robots **lap at the normal cost** (humans) or 0 (robots) and **never unlap on their own** — except a) past an
#   off-track car, b) a forced late braking, c) the leader pits, d) a corner duel ([§17.4][]).
# * A robot **leader** takes a **blind Leader check vs 70** (no rain modifier) before each first lapping ([§20][]).
# * Duels: a robot challenges or joins only against a **same-lap human**; never among robots, never to unlap,
#   never ahead of the leader; it bids the **top two cards** ([§17.2][]).
# * **One fuel stop**, by the best-placed robot of the chit's type; **all robots pit** for tyres on a big weather
#   change, and that stop clears every robot chit ([§8][], [§17.3][] A, [§16.3][]).
# * The **orange pawn**'s holder forces late brakings (blind vs 70 + LB) and ETs (blind test next turn); first come
#   in the Race Stage, discarded at the next ([§15.4][]).
#
# [§15.1]: ../../docs/rules/rf90_rules_digest.md#s15-1
# [§15.4]: ../../docs/rules/rf90_rules_digest.md#s15-4
# [§16.3]: ../../docs/rules/rf90_rules_digest.md#s16-3
# [§17.1]: ../../docs/rules/rf90_rules_digest.md#s17-1
# [§17.2]: ../../docs/rules/rf90_rules_digest.md#s17-2
# [§17.3]: ../../docs/rules/rf90_rules_digest.md#s17-3
# [§17.4]: ../../docs/rules/rf90_rules_digest.md#s17-4
# [§20]: ../../docs/rules/rf90_rules_digest.md#s20
# [§22]: ../../docs/rules/rf90_rules_digest.md#s22
# [§29.3]: ../../docs/rules/rf90_rules_digest.md#s29-3
# [§8]: ../../docs/rules/rf90_rules_digest.md#s8

# %% [markdown]
# **Next →** [10_safety_car](10_safety_car.ipynb): the Safety Car.
