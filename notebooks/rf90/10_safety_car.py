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
# # 10 — The Safety Car
#
# **You need:** [03_activation](03_activation.ipynb), [07_fuel_and_pits](07_fuel_and_pits.ipynb),
# [08_flags_weather_tyres](08_flags_weather_tyres.ipynb), [09a_robots](09a_robots.ipynb),
# [09b_robots_in_the_race](09b_robots_in_the_race.ipynb).
#
# A car has crashed and the **Safety Car** (SC) is out: what may you still do? Pick a situation and click a choice —
# the engine answers with the rule.

# %% tags=["nbval-ignore-output"]
from racebook.rf90.ui.safetycar import SafetyCarTurn

SafetyCarTurn()

# %% [markdown]
# **Learning objectives** — after this notebook you can:
#
# * say when the SC comes out and what happens at once: the **pit window** for the players who have not played,
#   in track order; every **yellow flag** and **CHASE** token removed;
# * **realign** the field (*Realinhamento*): the SC in the leader's section, the others **one per section**, every
#   **lap token** discarded, off-track cars back on the track — and the Game Turn ends;
# * play a Game Turn behind the SC: **draw one card, move one section, discard one card**; no overtaking;
# * pit **under** the SC: to the back of the queue with **16 turns** of fuel, the queue closing up;
# * run a **restart** (*Relargada*): 1 MP passing anywhere, no duels, no trajectories, QUALIFY +1.
#
# <details><summary>Book references</summary>
#
# **Digest sections:** [§21.1][] (deployment), [§21.2][] (realignment), [§21.3][] (turns with the SC out),
# [§21.4][] (pit stops under the SC), [§21.5][] (the SC leaves), [§22][] (restarts); readings [AMB-12][],
# [AMB-30][] and [AMB-43][] (and [AMB-14][] for trajectories) of [§31][]; examples **[Ex. 39][]** and
# **[Ex. 40][]** ([§30][]). The engine: `racebook/rf90/rules/safetycar.py` and the turn machine's Safety Car phases.
#
# </details>
#
# [AMB-12]: ../../docs/rules/rf90_rules_digest.md#amb-12
# [AMB-14]: ../../docs/rules/rf90_rules_digest.md#amb-14
# [AMB-30]: ../../docs/rules/rf90_rules_digest.md#amb-30
# [AMB-43]: ../../docs/rules/rf90_rules_digest.md#amb-43
# [Ex. 39]: ../../docs/rules/rf90_rules_digest.md#ex-39
# [Ex. 40]: ../../docs/rules/rf90_rules_digest.md#ex-40
# [§21.1]: ../../docs/rules/rf90_rules_digest.md#s21-1
# [§21.2]: ../../docs/rules/rf90_rules_digest.md#s21-2
# [§21.3]: ../../docs/rules/rf90_rules_digest.md#s21-3
# [§21.4]: ../../docs/rules/rf90_rules_digest.md#s21-4
# [§21.5]: ../../docs/rules/rf90_rules_digest.md#s21-5
# [§22]: ../../docs/rules/rf90_rules_digest.md#s22
# [§30]: ../../docs/rules/rf90_rules_digest.md#s30
# [§31]: ../../docs/rules/rf90_rules_digest.md#s31

# %%
from functools import partial

import racebook
from racebook.rf90 import glossary
from racebook.rf90.lessons import notebook, safetycar
from racebook.rf90.lessons.notebook import act, rpn_race
from racebook.rf90.lessons.safetycar import queue_line
from racebook.rf90.options import HOUSE_RULE_DOCS
from racebook.rf90.rules.duel import duels_possible
from racebook.rf90.state import Activation
from racebook.rf90.ui import ScenarioPlayer

race = partial(rpn_race, seed=safetycar.SEED)  # a race from Race Position Notation; draws=: the next draws
check = partial(notebook.check, width=26, gap=2)
for term in ("Safety Car", "Realignment", "Restart", "Race Stage", "Pit stop time"):
    print(glossary.search(term)[0])

# %% [markdown]
# ## The rules in plain English
#
# **Deployment.** The SC comes out **the moment a car crashes** (retires) at a spot of an off-track route that
# carries the **SC symbol**. Then, in **track order**, every **player who has not played** his individual turn yet
# **may pit**, with the normal pit rules; players who already played cannot, and robots are not asked ([AMB-30][]:
# the book says "players"). **All yellow flags** and **all CHASE tokens** are removed ([§21.1][]).
#
# **Realignment.** After the pit stops the **SC goes in the leader's section**, ahead of him; every other car is
# placed behind **in race order, one section apart, with no empty section between cars** ([AMB-12][]). **All lap
# tokens are discarded**. A car **off track** counts as behind every car of its section and is put back on the
# track. Then **all remaining individual turns are lost**: a new Game Turn begins ([AMB-43][]).
#
# **Turns behind the SC.** At the start of each Game Turn the **SC advances one section**. Then every driver,
# **leader first**, draws **one** Race Card, moves **to the next section** (no card is played), and **discards one
# card** (it may be the one he drew). **No overtaking**, and no strategies, skills or movement bonuses ([§21.3][]).
#
# **Pitting under the SC.** A car that pits goes **at once to the last place**; the cars ahead close the gap
# **immediately**. It loads **up to 16 turns** of fuel **without extra sections** ([§21.4][]).
#
# **The SC leaves** when a **new Race Stage** begins. That Game Turn is a **restart**: the leader plays first;
# overtaking, lapping and unlapping cost **1 MP in any section**; **no duels**; **no trajectories**; QUALIFY gives
# **+1 MP**; yellow flags played at the restart are valid ([§22][]).
#
# *On the track view* the SC is the black "SC" square beside its section.
#
# [AMB-12]: ../../docs/rules/rf90_rules_digest.md#amb-12
# [AMB-30]: ../../docs/rules/rf90_rules_digest.md#amb-30
# [AMB-43]: ../../docs/rules/rf90_rules_digest.md#amb-43
# [§21.1]: ../../docs/rules/rf90_rules_digest.md#s21-1
# [§21.3]: ../../docs/rules/rf90_rules_digest.md#s21-3
# [§21.4]: ../../docs/rules/rf90_rules_digest.md#s21-4
# [§22]: ../../docs/rules/rf90_rules_digest.md#s22

# %% [markdown]
# ## 1. Deployment, the pit window and realignment — a small position
#
# An invented position on the teaching track (race order L K J … A). The leader Blue, in L, late-brakes into K,
# fails, and fails both recovery tests of K's (invented) route: **Crash Out at a spot with the SC symbol**. Behind
# him nobody has played: Orange in A, Fast1 (a robot) in C, Green **off track** beside F (he lost control in G),
# Pink in the corner G **behind a yellow flag**, and Red, a lap down, in I (situation 3 of the panel above).

# %%
deploy = race("teaching turn=6 lap=4 | L: Blue* | A: Orange | C: Fast1 | F: Green{off=G} | G: (Y) Pink | I: Red-1",
              draws=["R01", "R95", "R96"], cars={"Blue": {"hand": ["R18", "R99"]}})
print("before:", queue_line(deploy) + ("; a yellow flag in G" if "(Y)" in deploy.state.order["G"] else ""))
act(deploy, "Blue start", "Blue play R18", "Blue late-brake", "Blue test 1 R99")
print()
print(safetycar.choices_line(deploy))

# %% [markdown]
# The yellow flag in G is gone. The window asks the players **in track order** — Orange, then Green (off track
# beside F, which is ahead of G), then Pink, then Red. Fast1 is a robot: it is never asked ([AMB-30][]). Orange, Green
# and Red stay out; Pink pits (pit time -8 on this board):
#
# [AMB-30]: ../../docs/rules/rf90_rules_digest.md#amb-30

# %% tags=["presenter-show"]
act(deploy, "Orange stay-out", "Green stay-out", "Pink pit 0", "Pink pit-done", "Pink pit-tyres keep",
    "Pink pit-strategy keep", "Red stay-out", quiet=("CardDrawn",))
print()
print(f"after: {queue_line(deploy)}; the Safety Car in {deploy.state.sc}, Game Turn {deploy.state.turn}")

# %% [markdown]
# Read the realignment line: the SC in A with the new leader Orange, then **one car per section** — Fast1 B,
# Green C (back on the track), Pink D, Red E — and Red's "-1 lap" token is gone. The Game Turn ended at once: on
# turn 7 the SC first advances to L, then Orange plays.

# %% tags=["nbval-ignore-output"]
ScenarioPlayer(deploy)  # ◀ ▶

# %% [markdown]
# ## 2. Ex. 39 — the Safety Car comes out (§21.1, §21.2)
#
# *Book (Safety Car, p.26–27):* Blue leads, followed by Orange and Pink, with backmarkers among them; **Blue has
# already played** when the SC comes out. **Orange** has not played: he **pits** before the SC and goes back.
# **Green and Pink decline.** **Red** pits and goes **from -1 to -2 laps**, ending up just behind the leader. At
# the realignment the SC goes ahead of the leader in his section and every other car **one section apart**;
# **Green and Red regain their laps**. Orange has **lost his place to Pink** — but he is one section behind with a
# fresh car.
#
# The book's track has a pit time of **-5**; the Silverstone teaching board has **-8** (the scenario says so): it
# changes only how far Orange and Red go back before the realignment, not the result. What brings the SC out is not
# in the book either: here Black crashes at Woodcote.

# %%
safetycar.show(safetycar.ex39(), check)

# %% tags=["nbval-ignore-output"]
ScenarioPlayer(racebook.load_scenario("ex39"))

# %% [markdown]
# The SC stands in Pits-1 with Blue at the realignment; the "Safety Car advances to Pits-2" line is already the
# start of turn 11 ([§21.3][]).
#
# ## 3. A Game Turn behind the Safety Car (§21.3)
#
# Behind the SC a player has only two choices: **start** (draw one card and follow) or **pit**. There is no card to
# play, no turn to skip, no strategy, skill or bonus to use. A robot simply follows. Here the SC is out in E with
# Blue; Orange and the robot Fast1 follow:
#
# [§21.3]: ../../docs/rules/rf90_rules_digest.md#s21-3

# %% tags=["presenter-show"]
behind = race("teaching turn=6 lap=3 | E: Blue* | F: Orange | G: Fast1", draws=["R01", "R02"],
              safety_car="E", cars={"Blue": {"hand": ["R55"]}, "Orange": {"hand": ["R22"]}})
for e in behind.events:
    print(e.sentence())
print(safetycar.choices_line(behind))
act(behind, "Blue start")
print(safetycar.choices_line(behind))
act(behind, "Blue discard R01", "Orange start", "Orange discard R22")
print()
print(f"after: {queue_line(behind)}; the Safety Car in {behind.state.sc}")

# %% [markdown]
# Blue follows the SC into D, Orange into E (he discards his old card and keeps the new one), Fast1 into F: the
# queue keeps one car per section. There is nothing to duel about either — the engine's duel check says so for
# every corner while the SC is out:

# %% tags=["presenter-show"]
print("A duel in the corner D now?", duels_possible(behind.state, Activation("D")) or "yes")

# %% [markdown]
# ## 4. Ex. 40 — the leader must pit under the Safety Car (§21.3, §21.4)
#
# *Book (p.27):* first the **SC advances one section**. The leader **Blue is forced to pit** (his refuel chit is
# due) while the SC is out: he is placed **at the end of the queue**, and **Orange becomes the leader**. Then all
# the cars play their individual turns and **move one section forward, with no gaps**.
#
# How the engine gets there: Blue's pit sends him straight behind the last car and closes the gap he leaves at once
# ([§21.4][]) — Orange moves into the SC's section, Pink and Green one section up each. So in their own turns the
# others are already right behind the car ahead ("the queue closed up"). The end position is the book's.
#
# [§21.4]: ../../docs/rules/rf90_rules_digest.md#s21-4

# %%
safetycar.show(safetycar.ex40(), check)

# %% [markdown]
# Each of Orange, Pink and Green ends **two** sections up: one to fill the gap Blue left ([§21.4][]) and one following
# the SC ([§21.3][]).
#
# [§21.3]: ../../docs/rules/rf90_rules_digest.md#s21-3
# [§21.4]: ../../docs/rules/rf90_rules_digest.md#s21-4

# %% tags=["nbval-ignore-output"]
ScenarioPlayer(racebook.load_scenario("ex40"))

# %% [markdown]
# ## 5. The SC leaves: the restart (§21.5, §22)
#
# On the teaching track a new Race Stage begins on turns 1, 5, 9 and 13. Below, the SC is out on turn 4: one Game
# Turn behind it, then turn 5 opens Race Stage 2, the SC goes in and the race **restarts**. The leader Blue plays
# first (a [2]: C, then B). Orange plays a [1] into the corner D. Pink has the **QUALIFY** skill, **+1 MP** at a
# restart: with a [4] she reaches Orange in the corner D and passes him **for 1 MP** — at a restart any overtaking
# costs 1 MP, in any section. Blue and Pink both end in B beside the free trajectory B.t1: **nobody is offered
# it** (no trajectories at a restart).

# %%
restart = race("teaching turn=4 lap=3 | E: Blue* | F: Orange | G: Pink", safety_car="E",
               draws=["R01", "R02", "R03", "R04", "R05", "R06"],
               cars={"Blue": {"hand": ["R55", "R22"]}, "Orange": {"hand": ["R18", "R56"]},
                     "Pink": {"hand": ["R14", "R57"], "skill": "qualify"}})
act(restart, "Blue start", "Blue discard R01", "Orange start", "Orange discard R02", "Pink start",
    "Pink discard R03")
print()
s = restart.state
print(f"Game Turn {s.turn}:", "a restart" if s.restart else "no restart", "— the Safety Car",
      f"in {s.sc}" if s.sc else "has gone in")
print("A duel in the corner D now?", duels_possible(s, Activation("D")) or "yes")
act(restart, "Blue start", "Blue play R55", "Orange start", "Orange play R18", "Pink start", "Pink play R14",
    "Pink pay chips=2")
print()
print("after:", queue_line(restart))

# %% tags=["nbval-ignore-output"]
ScenarioPlayer(restart)

# %% [markdown]
# **House rules.** The book says trajectories are not available *at restarts*; whether the same holds for the race
# start (turn 1) is [AMB-14][], a switch of `racebook.rf90.options.Rules` — at a restart the engine never offers
# them, whatever the switch. Expansion #1 allows duels at a restart: that is the switch `restart_duels`, off by
# default (the 2nd edition):
#
# [AMB-14]: ../../docs/rules/rf90_rules_digest.md#amb-14

# %% tags=["presenter-show"]
print(HOUSE_RULE_DOCS["trajectories_at_start"])
print(HOUSE_RULE_DOCS["restart_duels"])

# %% [markdown]
# ## What to remember
#
# * The SC comes out **at once** when a car **crashes at an SC symbol**. The **players who have not played** may pit,
#   in **track order** (robots: no, [AMB-30][]); **yellow flags** and **CHASE** tokens go ([§21.1][]).
# * **Realignment**: SC with the leader, then **one car per section**, race order, no gaps ([AMB-12][]); **every lap
#   token discarded**; off-track cars back on the track; the **Game Turn ends** ([§21.2][], [AMB-43][]).
# * Each turn behind the SC: the **SC advances**, then every driver **draws one, moves one, discards one**; no
#   overtaking, no strategies, skills or bonuses ([§21.3][]).
# * Pitting under the SC: **to the back**, **16 turns** of fuel, no extra sections; the queue closes up ([§21.4][]).
# * The SC leaves at a **new Race Stage**; the **restart**: leader first, **1 MP** passing anywhere, **no duels**,
#   **no trajectories**, QUALIFY **+1** ([§21.5][], [§22][]).
# * [Ex. 39][]: Orange's early pit costs him a place to Pink, but Green and Red get their laps back. [Ex. 40][]: Blue's
#   forced pit puts him last and makes Orange the leader; the queue stays gap-free.
#
# [AMB-12]: ../../docs/rules/rf90_rules_digest.md#amb-12
# [AMB-30]: ../../docs/rules/rf90_rules_digest.md#amb-30
# [AMB-43]: ../../docs/rules/rf90_rules_digest.md#amb-43
# [Ex. 39]: ../../docs/rules/rf90_rules_digest.md#ex-39
# [Ex. 40]: ../../docs/rules/rf90_rules_digest.md#ex-40
# [§21.1]: ../../docs/rules/rf90_rules_digest.md#s21-1
# [§21.2]: ../../docs/rules/rf90_rules_digest.md#s21-2
# [§21.3]: ../../docs/rules/rf90_rules_digest.md#s21-3
# [§21.4]: ../../docs/rules/rf90_rules_digest.md#s21-4
# [§21.5]: ../../docs/rules/rf90_rules_digest.md#s21-5
# [§22]: ../../docs/rules/rf90_rules_digest.md#s22

# %% [markdown]
# **Next →** [11a_strategies](11a_strategies.ipynb): every strategy, then every skill.
