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
# # 09b — Robots, part 2: in the race
#
# **You need:** [09a_robots](09a_robots.ipynb) (and what it needs: [04_duels](04_duels.ipynb),
# [05a_late_braking](05a_late_braking.ipynb), [07_fuel_and_pits](07_fuel_and_pits.ipynb),
# [08_flags_weather_tyres](08_flags_weather_tyres.ipynb)).
#
# Whoever holds the **orange pawn** drives the robots a little. Step through it (▶ steps on, ◀ goes back): Red, the
# holder, forces two robots that stop in the braking zone E to **late-brake** — one fails and goes off, one passes
# every car there.

# %% tags=["nbval-ignore-output"]
import racebook
from racebook.rf90.ui import ScenarioPlayer

orange = racebook.load_scenario("robots_orange")
ScenarioPlayer(orange)

# %% [markdown]
# **After this part you can:** predict a robot's **duel** decisions; say which robot makes the single **fuel stop**
# and when **all robots pit** for tyres; use the **orange flag** (*bandeira laranja*) to force a robot to late-brake
# (*Atraso de Freada*) or to take an Extreme Trajectory (*Trajetória Extrema*); and read a robot's whole turn in the
# **robot-move panel** at the end.
#
# <details><summary>Book references</summary>
#
# **Digest sections:** [§17][] ([§17.2][] duels, [§17.3][] the simplified turn, A: the pit stop), [§15.4][] (orange
# flag), [§16.3][] (robot tyre change), [§8][] and [§7.1][] item 5 (robot refuel chits), [§12][] (duels).
# **Readings** ([§31][]): [AMB-19][], [AMB-27][], [AMB-29][], [AMB-40][], [AMB-44][], [AMB-13][], [AMB-14][].
# **Example** ([§30][]): [Ex. 7][] (a robot's pit stop). The other positions are small and invented; every event is
# played by the `racebook` engine.
#
# </details>
#
# ## 6. Robots in duels
#
# When a corner section is activated and duels are declared ([§12][]), a robot **challenges** only if a **human on
# its own lap is ahead of it** in the section, and it **takes part** when a same-lap human challenges ([§17.2][]).
# Otherwise it stays out:
#
# * robots **never duel each other** — a corner with only robots has no duel;
# * a robot **never starts a duel to unlap itself** (it is a lap down and the human ahead is not);
# * it **does not accept** a duel when it is **ahead of the leader** in his section — and, like any car that
#   declines, it then goes **behind the challenger** ([Ex. 42][]'s second duel, [notebook 04](04_duels.ipynb));
# * in a duel it plays the **top two cards of the Race deck**, face down; the corner modifier applies to it unless
#   it is first in the section.
#
# Five small corners, one line each: who challenges, or why nobody does.
#
# [AMB-13]: ../../docs/rules/rf90_rules_digest.md#amb-13
# [AMB-14]: ../../docs/rules/rf90_rules_digest.md#amb-14
# [AMB-19]: ../../docs/rules/rf90_rules_digest.md#amb-19
# [AMB-27]: ../../docs/rules/rf90_rules_digest.md#amb-27
# [AMB-29]: ../../docs/rules/rf90_rules_digest.md#amb-29
# [AMB-40]: ../../docs/rules/rf90_rules_digest.md#amb-40
# [AMB-44]: ../../docs/rules/rf90_rules_digest.md#amb-44
# [Ex. 42]: ../../docs/rules/rf90_rules_digest.md#ex-42
# [Ex. 7]: ../../docs/rules/rf90_rules_digest.md#ex-7
# [§12]: ../../docs/rules/rf90_rules_digest.md#s12
# [§15.4]: ../../docs/rules/rf90_rules_digest.md#s15-4
# [§16.3]: ../../docs/rules/rf90_rules_digest.md#s16-3
# [§17]: ../../docs/rules/rf90_rules_digest.md#s17
# [§17.2]: ../../docs/rules/rf90_rules_digest.md#s17-2
# [§17.3]: ../../docs/rules/rf90_rules_digest.md#s17-3
# [§30]: ../../docs/rules/rf90_rules_digest.md#s30
# [§31]: ../../docs/rules/rf90_rules_digest.md#s31
# [§7.1]: ../../docs/rules/rf90_rules_digest.md#s7-1
# [§8]: ../../docs/rules/rf90_rules_digest.md#s8

# %%
from racebook.rf90.lessons.robots import DUEL_CASES, duel_case

for case in DUEL_CASES:
    print(f"{case.what}:", *(f"    {s}" for s in duel_case(case)), sep="\n")

# %% [markdown]
# The bids themselves (the robot's two blind cards, the corner modifier, the tie rule) are [notebook
# 04](04_duels.ipynb).
#
# ## 7. The single fuel stop
#
# At qualifying each robot draws a **robot refuel chit** ([§7.1][] item 5): a qualifying value, a check factor for
# ties and the turn of its type's mandatory pit stop. The manual prints none of the 30 chits ([§0.1][]): **the
# engine's chits are invented for teaching** (`racebook/rf90/data/robot_chits.toml`). The invented Fast chits, and one
# seeded draw:
#
# [§0.1]: ../../docs/rules/rf90_rules_digest.md#s0-1
# [§7.1]: ../../docs/rules/rf90_rules_digest.md#s7-1

# %% tags=["presenter-show"]
from racebook.core.rng import Rng
from racebook.rf90.car import RobotType
from racebook.rf90.rules.qualifying import draw_robot_entries, load_robot_chits
from racebook.ui.backend import table

chits = load_robot_chits()[RobotType.FAST]
fields = ["qualifying value", "check factor", "pit turn"]
fast = table([{i: chit[f] for i, chit in enumerate(chits)} for f in range(len(fields))], range(len(chits)), fields)
print("The Fast robots' chits (INVENTED for teaching), one a column:")
print(fast.to_string(header=False), end="\n\n")
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
# Fast2 goes back 8 sections to A — into the leader's section, a lap down behind him, where it stops:
#
# [AMB-19]: ../../docs/rules/rf90_rules_digest.md#amb-19
# [§17.3]: ../../docs/rules/rf90_rules_digest.md#s17-3
# [§8]: ../../docs/rules/rf90_rules_digest.md#s8

# %% tags=["presenter-show"]
from functools import partial

from racebook.rf90.lessons.notebook import rpn_race
from racebook.rf90.lessons.robots import chits_text, show_turn

race = partial(rpn_race, seed=9)  # a race from Race Position Notation; draws=: check factors of the next draws
fuel = race("teaching turn=8 lap=3 | A: Red*{played} | E: Fast2 | G: Fast1 | H: Slow1",
            robot_chits=[["fast", 8], ["fast", 12], ["slow", 12]])
show_turn(fuel)
print(f"Robot chits left on the Turn Indicator: {chits_text(fuel.state)}.")

# %% [markdown]
# A robot that crashes takes its type's farthest chit with it. Here the orange-flag holder forces Slow1 to
# late-brake in K (LB -10); it fails, fails both recovery tests of K's invented route, and crashes at a spot with
# the Safety Car symbol — which is [notebook 10](10_safety_car.ipynb):

# %% tags=["presenter-show"]
from racebook.rf90.lessons.robots import show_decisions

crash = race("teaching turn=6 lap=3 | H: Red*{played} | A: Slow1 | C: Slow2", draws=(95, 96, 97), orange="Red",
             robot_chits=[["slow", 12], ["slow", 14]])
print(f"Robot chits before: {chits_text(crash.state)}.")
show_decisions(crash, "Red force Slow1 lb")
print(f"Robot chits after: {chits_text(crash.state)}.")

# %% [markdown]
# The book's own robot pit is [Ex. 7][] ([notebook 07](07_fuel_and_pits.ipynb)): on turn 8 Blue and the black robot's
# chit are due; Blue pits first, then **the best-placed SuperFast** goes back 8 sections with a Just Pit token.
#
# [Ex. 7]: ../../docs/rules/rf90_rules_digest.md#ex-7

# %% tags=["nbval-ignore-output"]
ScenarioPlayer(racebook.load_scenario("ex07"))

# %% [markdown]
# ## 8. Tyre-change pits
#
# Robots start on tyres that fit the weather ([§9.2][]). When the weather goes **from uncertain to rain** or **from
# uncertain to dry** and the robots are not on the right tyres (Rain for rain, Hard for dry), then **at the end of
# the current car's individual turn all robots pit at once** — front of the race first ([§16.3][], [AMB-44][]), each
# going back the pit time. This stop **also counts as the refuelling stop: every robot refuel chit leaves the Turn
# Indicator**. A robot that had not played yet keeps a Just Pit state and plays when its new section is activated.
#
# Blue plays a card with the weather symbol and moves the pawn from an uncertain space to rain:
#
# [AMB-44]: ../../docs/rules/rf90_rules_digest.md#amb-44
# [§16.3]: ../../docs/rules/rf90_rules_digest.md#s16-3
# [§9.2]: ../../docs/rules/rf90_rules_digest.md#s9-2

# %% tags=["presenter-show"]
tyres = race("teaching turn=3 weather=4 | A: Red*{played} | B: Blue | D: Fast1{played} | J: Slow1",
             cars={"Blue": {"hand": ["R26", "R55"], "tyre": "intermediate"}}, draws=(1,),
             robot_tyre="hard", robot_chits=[["fast", 12], ["slow", 14]])
print(f"Robots on {tyres.state.robot_tyre.value} tyres; robot chits: {chits_text(tyres.state)}.")
show_decisions(tyres, "Blue start", "Blue play R26", "Blue weather +1")
print(f"Robots on {tyres.state.robot_tyre.value} tyres; robot chits: {chits_text(tyres.state)}.")

# %% tags=["nbval-ignore-output"]
ScenarioPlayer(tyres)

# %% [markdown]
# ## 9. The orange flag: a player drives the robots
#
# A card with an **orange flag** lets its player take the **orange pawn** — there is only one — if nobody holds it
# ([§15.4][]). While he holds it he may:
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
# The scenario `robots_orange` at the top — two forced late brakings in E (LB -20) — as the engine tells it:
#
# [AMB-29]: ../../docs/rules/rf90_rules_digest.md#amb-29
# [AMB-40]: ../../docs/rules/rf90_rules_digest.md#amb-40
# [§15.4]: ../../docs/rules/rf90_rules_digest.md#s15-4

# %%
from racebook.rf90.lessons.notebook import show_assumed
from racebook.rf90.lessons.robots import choices, where

show_assumed(orange, blank_line=True)
print(f"Red's choices when Slow1 stops in E: {choices(racebook.load_scenario('robots_orange', play=False).race)}.")
show_turn(orange.race)
print(f"\nAfter: {where(orange.race.state)}.")

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
print(f"Red may {choices(et)}.")
show_decisions(et, "Red force Fast1 G.et1", "Red skip")

# %% [markdown]
# **First come, first served.** Red already holds the pawn; Blue plays R48, a card with an orange flag — and is
# offered nothing. When the turn pawn drops to a new row of the Turn Indicator the pawn goes back to the box:

# %% tags=["presenter-show"]
from racebook.rf90.lessons.flags import pawns

first = race("teaching turn=6 lap=3 | A: Red*{played} | I: Blue", orange="Red", cars={"Blue": {"hand": ["R48"]}})
show_decisions(first, "Blue start", "Blue play R48")
stage = race("teaching turn=4 lap=3 | A: Red*{played} | I: Blue{played}", orange="Red")
print(f"\nOn turn 4 the orange pawn belongs to {stage.initial_state()['orange']}.")
print(next(e.sentence() for e in stage.events if e.kind == "RaceStageStarted"))
print(f"On turn {stage.state.turn}: {pawns(stage.state)}.")

# %% [markdown]
# ## 10. Your turn: what does the robot do here?
#
# Pick a robot (type, section, trajectory, whether it holds the Leader token) and up to four cars in front of it:
# human or robot, how many sections ahead (0 = in front of it in its own section), on which lap compared with the
# robot, and whether the car has the NO MOVE token. Add a yellow flag, the next blind draws (for a Leader check or
# a forced test), what the orange-flag holder Red does, and the kind of Game Turn. The engine plays the robot's
# turn: its events are listed, the MP arithmetic is on top, and the track view and stepper below show the same
# race. "start from" loads one of the positions of both parts.
#
# Two house rules matter for robots: **[AMB-13][]** (the last turn's 1-MP passing anywhere) and **[AMB-14][]**
# (trajectories in turn 1): try a robot on a trajectory at the race start with and without it.
#
# [AMB-13]: ../../docs/rules/rf90_rules_digest.md#amb-13
# [AMB-14]: ../../docs/rules/rf90_rules_digest.md#amb-14

# %% tags=["nbval-ignore-output"]
from racebook.rf90.ui.robots import PRESETS, RobotMovePanel

panel = RobotMovePanel()
panel

# %% [markdown]
# What the panel shows, as text, for one of its starting positions (the robot leader's Leader check of part 1), and
# what it says when a position is impossible:

# %% tags=["presenter-show"]
demo = RobotMovePanel("the robot leader's Leader check")
print(*demo.move.lines(), demo.move.arithmetic(), f"After: {where(demo.move.race.state)}.", sep="\n", end="\n\n")
demo.rows[0].lap.value = 0  # a car in front of the leader on his own lap would be the leader
print(demo.text())
print("\nStarting positions:", "; ".join(PRESETS))

# %% [markdown]
# ## What to remember
#
# * Duels: a robot challenges or joins only against a **same-lap human**; never among robots, never to unlap,
#   never ahead of the leader; it bids the **top two cards** ([§17.2][]).
# * **One fuel stop**, by the best-placed robot of the chit's type; **all robots pit** for tyres on a big weather
#   change, and that stop clears every robot chit ([§8][], [§17.3][] A, [§16.3][]).
# * The **orange pawn**'s holder forces late brakings (blind vs 70 + LB) and ETs (blind test next turn); first come
#   in the Race Stage, discarded at the next ([§15.4][]).
#
# [§15.4]: ../../docs/rules/rf90_rules_digest.md#s15-4
# [§16.3]: ../../docs/rules/rf90_rules_digest.md#s16-3
# [§17.2]: ../../docs/rules/rf90_rules_digest.md#s17-2
# [§17.3]: ../../docs/rules/rf90_rules_digest.md#s17-3
# [§8]: ../../docs/rules/rf90_rules_digest.md#s8

# %% [markdown]
# **Next →** [10_safety_car](10_safety_car.ipynb): the Safety Car.
