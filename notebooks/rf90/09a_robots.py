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
# # 09a — Robots, part 1: the cars nobody drives
#
# **You need:** [01a_movement](01a_movement.ipynb), [01b_passing](01b_passing.ipynb),
# [03_activation](03_activation.ipynb), [04_duels](04_duels.ipynb), [05a_late_braking](05a_late_braking.ipynb),
# [06_trajectories](06_trajectories.ipynb), [07_fuel_and_pits](07_fuel_and_pits.ipynb),
# [08_flags_weather_tyres](08_flags_weather_tyres.ipynb).
#
# Robots fill the grid when there are few players, and the engine drives them. Step through their turn (▶ steps on,
# ◀ goes back; robots are squares, humans circles): who passes whom for how many MP, and where a robot must stop.

# %% tags=["nbval-ignore-output"]
import racebook
from racebook.rf90.ui import ScenarioPlayer

robots_pass = racebook.load_scenario("robots_pass")
ScenarioPlayer(robots_pass)

# %% [markdown]
# **What you just watched** (an invented position, every human has played): Fast2 (3 MP) in F reaches Pink in the
# braking zone E and stops; SuperFast1 (4 MP + 2 from the trajectory I.t1) passes Fast1 and Slow1 for nothing, Blue on
# the straight H for 1 MP, and stops behind Green in the corner G. No card, no choice: the rules decide ([§17][]).
#
# **After this part you can:** name the three **robot** types — **SuperFast** (black, *preto*), **Fast** (yellow,
# *amarelo*), **Slow** (purple, *roxo*) — with their MP and their **Target Check** of 70, and say what a robot does
# not have; play a robot's individual turn (*Turno Individual*) by hand; say when a robot **passes**, **laps** (*dar
# volta*) or stops, why it never **unlaps** (*recuperar volta*) on its own and the four exceptions; predict a robot
# leader's **Leader check**. [Part 2](09b_robots_in_the_race.ipynb) has duels, pit stops and the orange flag.
#
# <details><summary>Book references</summary>
#
# **Digest sections:** [§17][] (all: [§17.1][] general, [§17.3][] the simplified turn, [§17.4][] passing, lapping,
# unlapping), [§20][] (the robot leader's check), [§29.3][] (the robot table), [§15.1][] (yellow flag),
# [§13.E.6][] (NO MOVE), [§22][] (start, restart, last turn). **Readings** ([§31][]): [AMB-28][]. No worked example
# of the book is only about robots; the positions here are small and invented, and every event is played by the
# `racebook` engine.
#
# </details>
#
# ### Words used here ([§1][])
#
# [AMB-28]: ../../docs/rules/rf90_rules_digest.md#amb-28
# [§1]: ../../docs/rules/rf90_rules_digest.md#s1
# [§13.E.6]: ../../docs/rules/rf90_rules_digest.md#s13-e-6
# [§15.1]: ../../docs/rules/rf90_rules_digest.md#s15-1
# [§17]: ../../docs/rules/rf90_rules_digest.md#s17
# [§17.1]: ../../docs/rules/rf90_rules_digest.md#s17-1
# [§17.3]: ../../docs/rules/rf90_rules_digest.md#s17-3
# [§17.4]: ../../docs/rules/rf90_rules_digest.md#s17-4
# [§20]: ../../docs/rules/rf90_rules_digest.md#s20
# [§22]: ../../docs/rules/rf90_rules_digest.md#s22
# [§29.3]: ../../docs/rules/rf90_rules_digest.md#s29-3
# [§31]: ../../docs/rules/rf90_rules_digest.md#s31

# %%
from racebook.rf90 import glossary

for term in ("robot", "Target Check", "Lapping", "Late braking", "Extreme Trajectory", "Refuel chit"):
    for t in glossary.search(term)[:2]:
        print(t)

# %% [markdown]
# ## 1. Three robots, no panel
#
# A robot **has no Car Panel** (*Painel do Carro*): **no cards**, **no wear**, **no tyre chips**, **no skills or
# strategies** ([§17.1][]). It still late-brakes and takes Extreme Trajectories — but only when the orange flag forces
# it ([§15.4][]) — recovers from off-track excursions, makes the Leader check, and can crash and retire.
#
# Every robot tests against a fixed **Target Check of 70**, plus the usual modifiers (rain -20, printed modifiers).
# Its MP per turn depend only on its type ([§29.3][]). The engine's table, then what the public summary (`racebook
# replay --json`) holds of a robot's panel and of a human's beside it:
#
# [§15.4]: ../../docs/rules/rf90_rules_digest.md#s15-4
# [§17.1]: ../../docs/rules/rf90_rules_digest.md#s17-1
# [§29.3]: ../../docs/rules/rf90_rules_digest.md#s29-3

# %% tags=["presenter-show"]
from racebook.rf90.car import ROBOT_TARGET_CHECK, RobotType
from racebook.rf90.lessons.robots import panel_rows
from racebook.rf90.ui.colours import ROBOT_COLOURS
from racebook.ui.backend import table_of

print(table_of([{"robot": t.value, "colour": ROBOT_COLOURS[t.value], "MP per turn": t.mp,
                 "Target Check": ROBOT_TARGET_CHECK} for t in RobotType]).to_string(index=False), end="\n\n")
print(table_of(panel_rows(robots_pass.race, ["Fast1", "Blue"])).to_string(index=False))

# %% [markdown]
# ## 2. A robot's individual turn
#
# A robot plays phases A–F like everybody, but there is nothing to decide — the engine plays it at once ([§17.3][]):
#
# * **A. Start of turn** — it **cannot skip**. It **must pit** on the turn of its type's refuel chit, or for tyres
#   on a big weather change ([part 2](09b_robots_in_the_race.ipynb)).
# * **B–D. No cards**: nothing is drawn or played. A robot forced onto an ET tests it **blind** against 70 ± mods.
# * **E. Movement** — **base MP** of its type **+ the bonus of the trajectory it occupies**, with **no colour
#   matching** and **no trajectory cost**; minus penalties (but never a tyre penalty, [§16.2][]). Entering a section
#   costs 1 MP, and a robot **must use all its MP**.
# * **F. End of turn** — it never late-brakes on its own. If it ended in a section with a free trajectory it is put
#   on the **highest-value** one (the **outermost** on equal values); it takes an **ET only if forced**.
#
# Here a Fast robot (3 MP) starts on I.t1, a red/green +2 trajectory that costs a human a damage token, behind two
# Slow robots that already played:
#
# [§16.2]: ../../docs/rules/rf90_rules_digest.md#s16-2
# [§17.3]: ../../docs/rules/rf90_rules_digest.md#s17-3

# %% tags=["presenter-show"]
from functools import partial

from racebook.rf90.lessons.notebook import rpn_race
from racebook.rf90.lessons.robots import show_turn
from racebook.rf90.ui.costs import arithmetic

race = partial(rpn_race, seed=9)  # a race from Race Position Notation; draws=: check factors of the next draws
traj = race("teaching turn=6 lap=3 | L: Red*{played} | G: Slow3{played} | I: Slow2{played} Fast1@I.t1")
show_turn(traj)
print()
print(arithmetic(traj, "Fast1"))

# %% [markdown]
# 5 MP, no card, no damage, no colour: 3 for a Fast robot + 2 from I.t1. It passes Slow2 for **0 MP** and spends
# all 5 MP. It ends in D, where the only trajectory is an ET: it stays off it. In the scenario at the top, Fast2 ends
# in the braking zone E, which has two free trajectories (green +2 and orange +1): it takes **E.t1, the +2**.
#
# ## 3. Passing: robots, humans, corners
#
# * Robots pass **each other for 0 MP** — even in braking zones and corners — and **lap** each other for 0 MP.
# * On a **straight**, passing a **human** costs **1 MP**.
# * In a **corner** or a **braking zone** with a human ahead, the robot **stops**: its remaining MP are lost.
# * A **yellow flag** in the section forbids a robot to pass **any** car, robots included ([§15.1][]).
# * Like a human, a robot passes a car that **skipped its turn or did not move** (NO MOVE token) for **1 MP in any
#   section** ([§13.E.6][], [§17.4][]); at the **start, a restart and the last turn**, 1 MP in any section ([§22][]).
#
# Every cell of this table is `racebook.rf90.rules.movement.pass_cost` asked about a real two-car position (a
# SuperFast robot behind the car in the column; "stop" = it stops and loses the rest of its MP; "—" = impossible, a
# yellow flag lies only in a corner):
#
# [§13.E.6]: ../../docs/rules/rf90_rules_digest.md#s13-e-6
# [§15.1]: ../../docs/rules/rf90_rules_digest.md#s15-1
# [§17.4]: ../../docs/rules/rf90_rules_digest.md#s17-4
# [§22]: ../../docs/rules/rf90_rules_digest.md#s22

# %% tags=["presenter-show"]
from racebook.rf90.ui.costs import cost_frame

print(cost_frame("superfast").to_string())

# %% [markdown]
# The **unlaps** rows say "stop" almost everywhere: a robot **never unlaps on its own** (section 4). The one
# exception in the table is a car with the NO MOVE token.
#
# The scenario `robots_pass` at the top, as the engine tells it, with each robot's MP arithmetic:

# %% tags=["presenter-show"]
from racebook.rf90.lessons.notebook import show_assumed

show_assumed(robots_pass, blank_line=True)
show_turn(robots_pass.race)
print()
for car in ("Fast2", "SuperFast1"):
    print(arithmetic(robots_pass.race, car))

# %% [markdown]
# ## 4. Lapping and unlapping
#
# A robot **laps a human at the normal cost**: 1 MP on a straight or in a braking zone, **2 MP in a corner** —
# and laps robots for 0 ([§17.4][]). Here SuperFast1 (4 MP) laps Blue in the corner G:
#
# [§17.4]: ../../docs/rules/rf90_rules_digest.md#s17-4

# %% tags=["presenter-show"]
lapping = race("teaching turn=6 lap=3 | K: Red*{played} | E: Green{played} | G: Blue-1{played} | H: SuperFast1")
show_turn(lapping)

# %% [markdown]
# A lapped robot **does not try to unlap**: when it reaches a car on a higher lap it **stops and loses the rest
# of its MP** — behind a human ([§17.4][]) and, in the engine's reading [AMB-28][], behind a robot too. SuperFast1 is a
# lap down and finds Blue, who is on the leader's lap, on the straight H:
#
# [AMB-28]: ../../docs/rules/rf90_rules_digest.md#amb-28
# [§17.4]: ../../docs/rules/rf90_rules_digest.md#s17-4

# %% tags=["presenter-show"]
no_unlap = race("teaching turn=6 lap=3 | L: Red*{played} | F: Fast3{played} | H: Blue{played} | I: SuperFast1-1")
show_turn(no_unlap)

# %% [markdown]
# A robot can get a lap back **only** in four cases ([§17.4][] a–d). Each is played below; watch "a lap down".
#
# **a) The car ahead is off track and the lapped robot moves first.** The leader Blue went off at E and waits at
# the re-entry point beside D; Fast1, a lap down, drives past that point:
#
# [§17.4]: ../../docs/rules/rf90_rules_digest.md#s17-4

# %% tags=["presenter-show"]
from racebook.rf90.lessons.robots import where, where_at_start

case_a = race("teaching turn=5 lap=2 | D: Blue*{played,off=E} | F: Fast1-1 | H: Red")
print(f"Before: {where_at_start(case_a)}.")
show_turn(case_a)
print(f"After: {where(case_a.state)}.")

# %% [markdown]
# **b) A forced late braking succeeds.** The orange-flag holder Red makes Fast1, a lap down, late-brake in E,
# where the leader Blue sits: a success passes **every** car in the braking zone ([§13.F.1][]), the leader included:
#
# [§13.F.1]: ../../docs/rules/rf90_rules_digest.md#s13-f-1

# %% tags=["presenter-show"]
from racebook.rf90.lessons.robots import show_decisions

case_b = race("teaching turn=6 lap=3 | E: Blue*{played} | H: Fast1-1 | I: Red", draws=(31,), orange="Red")
print(f"Fast1 has moved H → E and waits for Red's decision: {where(case_b.state)}.")
show_decisions(case_b, "Red force Fast1 lb")
print(f"After: {where(case_b.state)}.")

# %% [markdown]
# **c) The leader pits** and, going back, drops behind the lapped robot ([§13.A.3][]): Blue's refuel chit is due.
#
# [§13.A.3]: ../../docs/rules/rf90_rules_digest.md#s13-a-3

# %%
case_c = race("teaching turn=8 lap=3 | D: Blue* | F: Fast1-1 | H: Red",
              cars={"Blue": {"hand": ["R55", "R56", "R57", "R58", "R59", "R60"], "refuel": 8}})
print(f"Before: {where_at_start(case_c)}.")
show_decisions(case_c, "Blue pit 0", "Blue pit-done", "Blue pit-tyres keep", "Blue pit-strategy keep")
print(f"After: {where(case_c.state)}.")

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
show_turn(case_d)
show_decisions(case_d, "Orange join", "Red join", "Orange bid R21", "Red bid R22 R55")
print(f"After: {where(case_d.state)}.")

# %% [markdown]
# ## 5. The robot leader's Leader check
#
# A **robot leading the race** must pass the **Leader check** before it laps **any** car, human or robot: a
# **blind test against 70**, once for each car it laps for the first time ([§20][]). The check is **not** affected by
# rain. A failed check stops the robot (no damage); its remaining MP are lost. No check is needed to put a car 2 or 3
# laps down, to pass an off-track car, or when passing by late braking.
#
# SuperFast1 leads; Green and Slow2, ahead of it in F, are backmarkers about to be lapped. The next blind draws
# are stacked: (40) passes, (80) fails:
#
# [§20]: ../../docs/rules/rf90_rules_digest.md#s20

# %% tags=["presenter-show"]
leader = race("teaching turn=6 lap=3 | H: SuperFast1* | F: Slow2{played} Green{played} | I: Red", draws=(40, 80))
show_turn(leader)
print()
print(arithmetic(leader, "SuperFast1"))

# %% [markdown]
# In the rain every test gets -20 (robots too, [§16.2][]) — but not the Leader check: (65) still passes against 70
# with the weather pawn on a rain space. And lapping Blue a **second** time (a lap down already) needs no check:
#
# [§16.2]: ../../docs/rules/rf90_rules_digest.md#s16-2

# %% tags=["presenter-show"]
rain = race("teaching turn=6 lap=3 weather=6 | H: SuperFast1* | F: Slow1{played} | I: Red", draws=(65,))
print(f"The weather is {rain.state.condition().value}.")
print(next(e.sentence() for e in rain.events if e.kind == "CheckTest"))
second = race("teaching turn=6 lap=3 | H: SuperFast1* | F: Blue-1{played} | I: Red")
print(next(e.sentence() for e in second.events if e.kind == "Pass"))
print(f"Leader checks made: {sum(e.kind == 'CheckTest' for e in second.events)}.")

# %% [markdown]
# ## What to remember
#
# * SuperFast **4**, Fast **3**, Slow **2** MP; Target Check **70** ± modifiers; no panel: no cards, wear, tyre
#   chips, skills or strategies ([§17.1][]).
# * Base MP **+ trajectory bonus, no colour, no cost**; every MP is spent; at the end, the **highest free standard
#   trajectory** (outermost on ties), never an ET unless forced ([§17.3][]).
# * **0 MP past robots**; **1 MP past a human on a straight**; **stop** behind a human in a **corner** or **braking
#   zone**; a yellow flag stops everything; NO MOVE cars and special turns: 1 MP ([§17.4][]).
# * Robots **lap at the normal cost** (humans) or 0 (robots) and **never unlap on their own** — except a) past an
#   off-track car, b) a forced late braking, c) the leader pits, d) a corner duel.
# * A robot **leader** takes a **blind Leader check vs 70** (no rain modifier) before each first lapping ([§20][]).
#
# [§17.1]: ../../docs/rules/rf90_rules_digest.md#s17-1
# [§17.3]: ../../docs/rules/rf90_rules_digest.md#s17-3
# [§17.4]: ../../docs/rules/rf90_rules_digest.md#s17-4
# [§20]: ../../docs/rules/rf90_rules_digest.md#s20

# %% [markdown]
# **Next →** [09b_robots_in_the_race](09b_robots_in_the_race.ipynb): robots, part 2 — duels, the fuel stop, tyre
# pits, the orange flag and your turn.
