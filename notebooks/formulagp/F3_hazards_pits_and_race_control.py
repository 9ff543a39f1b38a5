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
# # F3 — Hazards, pits and race control (FormulaGP)
#
# **You need:** [F2_overtaking_and_battles](F2_overtaking_and_battles.ipynb) (passing and battles).
#
# Grey has ended its move on the skid marks of a tricky corner with its tyres worn to the RED die icon: two
# different hazards, so it rolls two RED dice (Example 21). How likely is a spin? Tick what the move met below: the
# engine says which dice are owed and the **exact** chance of every outcome. The dice's face counts, the wear
# track and the circuit are **invented for teaching** (the source does not print them).

# %% tags=["nbval-ignore-output"]
from racebook.formulagp.ui import HazardCheck

check = HazardCheck()
check.widget

# %% [markdown]
# The picture is the teaching circuit (not to scale), framed on Grey; the table lists every outcome, likeliest first.
#
# **After this notebook you can:**
#
# * say which **dice** a move owes and work out the exact odds of a **hazard check**;
# * follow a **loss of control**: counter-steer or spin, off track, and **rejoining**;
# * plan **pit stops**: when the tyres lose their bonus, what a stop costs, which lap to stop on;
# * say what **Yellow Flags**, the **Safety Car**, the **VSC** and the **Red Flag** do;
# * say when a car is **lapped** and how the race is **classified**;
# * replay Examples 19–21, 24–25, the held EVENT card and the two spins step by step.
#
# <details><summary>Book references</summary>
#
# **Digest sections:** [§7][] (the dice), [§19.2][] (hazard checks), [§11.7][] (tricky corners), [§14.1][] (tyre
# wear), [§15][] (stress), [§18.1][]–[§18.2][] (loss of control, rejoining), [§11.3.1][] (pushing), [§16.1][]–
# [§16.5][] (pit stops), [§19.3][]–[§19.6][] (Yellow Flags, Safety Car, VSC, Red Flag), [§19.7][] (lapping),
# [§6.7][] (EVENT cards), [§17.2][] (the classification); the invented faces A3, A4 ([§24][]).
#
# **In the engine:** `racebook/formulagp/rules/hazards.py` (the dice owed), `losscontrol.py`, `rejoin.py`,
# `pits.py` with `rules/pitstop.py`, `flags.py`, `safetycar.py`, `vsc.py`, `redflag.py`, `lapping.py`,
# `rules/classification.py`; `racebook/formulagp/analysis/hazardodds.py` (the exact odds) and
# `analysis/pitwindow.py` (the pit-window planner) read them. The notebook only shows them.
#
# </details>
#
# [§7]: ../../docs/rules/formulagp_rules_digest.md#gp-s7
# [§11.3.1]: ../../docs/rules/formulagp_rules_digest.md#gp-s11-3-1
# [§11.7]: ../../docs/rules/formulagp_rules_digest.md#gp-s11-7
# [§14.1]: ../../docs/rules/formulagp_rules_digest.md#gp-s14-1
# [§15]: ../../docs/rules/formulagp_rules_digest.md#gp-s15
# [§16.1]: ../../docs/rules/formulagp_rules_digest.md#gp-s16-1
# [§16.5]: ../../docs/rules/formulagp_rules_digest.md#gp-s16-5
# [§17.2]: ../../docs/rules/formulagp_rules_digest.md#gp-s17-2
# [§18.1]: ../../docs/rules/formulagp_rules_digest.md#gp-s18-1
# [§18.2]: ../../docs/rules/formulagp_rules_digest.md#gp-s18-2
# [§19.2]: ../../docs/rules/formulagp_rules_digest.md#gp-s19-2
# [§19.3]: ../../docs/rules/formulagp_rules_digest.md#gp-s19-3
# [§19.6]: ../../docs/rules/formulagp_rules_digest.md#gp-s19-6
# [§19.7]: ../../docs/rules/formulagp_rules_digest.md#gp-s19-7
# [§24]: ../../docs/rules/formulagp_rules_digest.md#gp-s24
# [§6.7]: ../../docs/rules/formulagp_rules_digest.md#gp-s6-7

# %% [markdown]
# ## What is printed, and what is invented
#
# The source names each die's **kinds** of faces ([§7][]) but not **how many** of each (A4): the project gives each
# kind two faces of six, invented for teaching; which WHITE numbers are green is invented too (A3). The wear track
# and its icons, the tyre bonuses, most RISK, DAMAGE and EVENT cards, the Race Control track's Safety Car space and
# the whole circuit with its pit lane are invented as well. Every odds figure below is computed from these files, so
# it changes if they do. The dice, as `racebook/formulagp/data/dice.toml` gives them:
#
# [§7]: ../../docs/rules/formulagp_rules_digest.md#gp-s7

# %%
from collections import Counter

from IPython.display import HTML, SVG, display

from racebook.formulagp.components import dice

d = dice()
for name, faces in (("RED", d.red), ("YELLOW", d.yellow)):
    print(f"{name:6}", ", ".join(f"{n} × {face.value}" for face, n in Counter(faces).items()))
print("WHITE ", ", ".join(f"{w.value}{' (icon)' if w.icon else ''} {w.colour.value}" for w in d.white))
counts = {k: v for k, v in d.sources.items() if k.endswith(".counts")}
print({k: v.split(":")[0] for k, v in counts.items()})

# %% [markdown]
# ## 1. The hazard check (§19.2)
#
# * At the end of its move a car rolls **one RED die for each different** high-risk event: ending on a tricky
#   corner's skid marks, tyres worn to the RED die icon ([ADV]: speed limits, standing water, dry tyres in rain).
# * The **same** event twice: one RED die and a **YELLOW** die for each repeat (A12). A **pair** of movement cards
#   owes the YELLOW die.
# * In a **Yellow Flag zone** the track hazards are off; under the **Safety Car** every one is.
# * Faces: RED — tyre wear +1, a RISK card, **loss of control**; YELLOW — stress +1, tyre wear +1, a RISK card. A
#   Stressed driver's stress face rolls a RED die at once (A8).
#
# Example 21: Grey ends on T05's skid marks with the wear marker on the RED die icon — two RED dice. The engine, with
# both dice stacked on a Tyre wear face:

# %%
from racebook.formulagp.analysis import hazardodds
from racebook.formulagp.ui.battle import before, replay_lines
from racebook.formulagp.ui.hazards import EXAMPLES, odds_html
from racebook.formulagp.ui.movement import picture

for line in replay_lines(EXAMPLES[0], ("CardsPlayed", "DieRolled")):
    print(line)
display(HTML(odds_html(hazardodds.odds_if_ending(before(EXAMPLES[0], "Grey end")))))

# %% [markdown]
# The odds are those of the position the engine holds, not typed in. How they move with what the move met:

# %%
H = hazardodds.Hazard
for what, hazards, kw in (("a tricky corner", [H.TRICKY_CORNER], {}),
                          ("a tricky corner, Stressed, with a pair", [H.TRICKY_CORNER], dict(
                              pair=True, stress=hazardodds.Stress.STRESSED)),
                          ("Example 21's two hazards", [H.TRICKY_CORNER, H.WORN_TYRES], {}),
                          ("the same, in a Yellow Flag zone", [H.TRICKY_CORNER, H.WORN_TYRES], dict(
                              yellow_zone=True))):
    o = hazardodds.hazard_odds(hazards, **kw)
    print(f"{what:40} {o.owed.red} RED + {o.owed.yellow} YELLOW: loss of control {float(o.loss_of_control):5.1%}, "
          f"RISK card {float(o.risk):5.1%}")

# %% [markdown]
# ## 2. Loss of control and rejoining (§18.1, §18.2)
#
# * A **Loss of control** face: with a Counter-steer card the driver may **counter-steer** (the WHITE die's colour
#   says which way, +1 wear), else the car **spins** — on track, or **off track** where the lane runs out, or into a
#   wall. Every spin brings a **Yellow Flag**.
# * A spun or off-track car moves **last** next round. Rejoining: no tyre bonus; the 1st MP turns a spun car, or puts
#   an off-track car back on its **nearest space** — pushing a car that is there one lane over ([§11.3.1][]).
#
# Example 20: Blue rejoins beside T03.1.1, where Red is; Red is pushed into lane 2, still on track, so no penalty.
#
# [§11.3.1]: ../../docs/rules/formulagp_rules_digest.md#gp-s11-3-1

# %%
for line in replay_lines(EXAMPLES[1], ("CardsPlayed", "Pushed", "Rejoined", "Moved")):
    print(line)

# %% tags=["presenter-show"]
SVG(picture(before(EXAMPLES[1], "Blue end")))

# %% [markdown]
# ## 3. Yellow Flags, the Safety Car and the VSC (§19.3–§19.5)
#
# * A spin or a car off track: a **Yellow Flag** on its tile, the **Green Flag** the WHITE die's tiles ahead; the
#   zone lasts 2 rounds. No overtaking in it; its track hazards are off. The **Race Control** token moves up a space.
# * **Two zones at once**, or the Race Control token on its Safety Car space: the **Safety Car**. The round ends,
#   the field lines up behind it, stress goes to the middle, ERS to full; no overtaking, no dice; 2 rounds.
# * The **VSC** (an EVENT card): every other car moves its number of spaces, no cards, no overtaking.
#
# Two cars spin in one round on different parts of the track (the rulebook's [13.8] example):

# %%
kinds = ("DieRolled", "Spun", "RaceControl", "YellowFlag", "SafetyCarDeployed")
for line in replay_lines(EXAMPLES[2], kinds):
    print(line)

# %% tags=["presenter-show"]
from racebook.formulagp import scenario

SVG(picture(scenario.read(EXAMPLES[2]).race()))

# %% [markdown]
# ## 4. Tyres and pit stops (§14.1, §16)
#
# * Every +1 wear moves the marker on the board's **wear track**: at the **degraded** icon the tyre bonus drops, at
#   **worn out** it is gone, at the **RED die** icon the car rolls the RED die after every move.
# * **Pitting**: from the pit-side lane's front space of the entry tile, one step into the 'PIT LANE' space; the MP
#   left are **lost**. Next turn, in the box: **new tyres** (back to their start space), repairs, discards; ERS +1,
#   stress to the middle. The turn after, out of the pit exit in **2nd gear**, no pairs, with **Cold Tyres** (−2 LED
#   in battles for 2 rounds). Penalty tokens are served in the box first.
# * Cars that left their boxes in the same round roll the WHITE die for the exit order, teammates' second car last.
#
# Example 19: three teams pit both cars in one round; the next round each stops; then the dice set the exit order.

# %%
for line in replay_lines(EXAMPLES[3], ("PitEntered", "PitStopTime", "PitExitOrder")):
    print(line)

# %% [markdown]
# ## 5. When to stop: the pit-window planner
#
# Every plan of no, one or two stops at the rounds your car reaches the pit entry, on any dry tyre, with the MP it
# moves over the rounds left: the board's speed and tyre bonus round by round as the marker moves, the stop's cost
# from the pit rules (the box turn, the 2nd-gear exit, the MP lost at the entry, less the track the pit lane skips),
# and the expected losses of control of the RED-die rounds. Move the sliders: worn tyres and many rounds left want
# a stop, fresh tyres near the end stay out.

# %% tags=["nbval-ignore-output"]
from racebook.formulagp.ui import PitPlanner

PitPlanner().widget

# %% [markdown]
# The planner reads a race in progress too: a seeded race of three computer drivers after 8 rounds, Grey's window
# from its own tyres and wear rate and the rounds left by the computer driver's estimate.

# %%
from racebook.formulagp import agents
from racebook.formulagp.analysis import pitwindow
from racebook.formulagp.setup import new_race

race = new_race(["Red", "Grey", "Blue"], seed=4)
drivers = {c: agents.Greedy(seed=i) for i, c in enumerate(race.state.cars)}
while race.state.round < 8:
    race.apply(drivers[race.current_car].choose(race))
window = pitwindow.pit_window(race, "Grey")
grey = race.state.cars["Grey"]
print(f"Grey on {grey.tyre.value}, wear {grey.wear}, {window.rounds} rounds left; pit entry: rounds {window.passages}")
print(window.sentence())

# %% [markdown]
# ## 6. The Red Flag (§19.6)
#
# * The 'Safety Car' EVENT card's WHITE die on 6 (or a blocked track): every car **stops**.
# * The new grid is the driver sequence of the moment; a car in the **pit lane** lines up behind the cars on track of
#   its tile. Stress to the middle, ERS to full, repairs and a **tyre choice** for everyone; the race restarts with
#   round 1's rules.
#
# Example 24: Orange leads, then Grey, Red (in its box) and Blue; the new grid is Orange, Grey, Blue, Red.

# %%
for line in replay_lines(EXAMPLES[5], ("PitEntered", "SafetyCarRoll", "RedFlag", "GridTyres")):
    print(line)

# %% tags=["presenter-show"]
SVG(picture(scenario.read(EXAMPLES[5]).race()))

# %% [markdown]
# ## 7. Lapping and Blue Flags (§19.7)
#
# * A car is **lapped** when the leader ends its move a tile ahead of it a lap up: a **Blue Flag**; a lapped car that
#   has not moved this round **loses its turn**. Lapped twice: a double Blue Flag.
# * Lapped cars let the leaders by without a battle, and **unlap** when they get back within a lap.
#
# Example 25: after 3 laps the leader catches the last car and passes it; at the next line crossing the leader has 4
# laps, the lapped car 3.

# %%
for line in replay_lines(EXAMPLES[6], ("CrossedLine", "Lapped")):
    print(line)

# %% [markdown]
# ## 8. EVENT cards held too long (§6.7)
#
# * An Option card draws an **EVENT** card, held face down. An 'apply immediately' card must be used in the turn it
#   was drawn; one used later costs **one Penalty token per penalty icon** — and at the end of the race every token
#   is **−5 tiles** ([§17.2][]).
#
# The rulebook's [4.4] example: Grey draws 'Perfect Exit' (E7), keeps it past its turn and uses it the next round.
#
# [§17.2]: ../../docs/rules/formulagp_rules_digest.md#gp-s17-2

# %%
for line in replay_lines(EXAMPLES[4], ("OptionPlayed", "HeldTooLong", "EventPlayed", "PenaltyTaken")):
    print(line)

# %% [markdown]
# ## 9. The classification (§17.2)
#
# * The race ends when the leader crosses the line in the **final round**. Each Penalty token moves a car **5 tiles
#   back**.
# * Then by groups: the cars that **crossed** the line in the final round, those that **spun** or went **off**, those
#   that did **not cross**, the **lapped** cars; within each, by distance.
#
# A seeded race of three computer drivers, to the flag:

# %%
agents.play_out(race, drivers)
for e in race.events:
    if type(e).__name__ in ("PenaltyTaken", "Classified"):
        print(f"{e.body()} ({e.citation})")

# %% [markdown]
# ## 10. Step through every example
#
# Choose an example and step with |◀ ◀ ▶ ▶|: each action in words, the events it caused with their rules, the
# picture after it. Every example is a seeded scenario (`racebook/formulagp/scenarios/`), the same positions the
# tests replay; in a terminal, `racebook replay fgp_ex21` prints one and `--svg FILE` draws it.

# %% tags=["nbval-ignore-output"]
from racebook.formulagp.ui import ExampleStepper

ExampleStepper(EXAMPLES[0], EXAMPLES).widget

# %% [markdown]
# ## What to remember
#
# * One RED die per **different** hazard, a YELLOW die per repeat and per pair; none of the track's in a Yellow zone,
#   none at all under the Safety Car. A RED die shows Loss of control one time in three on the teaching dice.
# * A spin: Yellow Flag, last next round, rejoin without the tyre bonus. Two zones: the Safety Car.
# * A stop costs the box turn and a 2nd-gear exit, less the track the pit lane skips: stop when the tyres' lost bonus
#   and the RED die's losses of control over the rounds left cost more.
# * Red Flag: the sequence of the moment, pit cars behind their tile. Lapped: lose the turn. Penalty tokens: −5 tiles.

# %% [markdown]
# **Next →** [F4_advanced_race_and_pro_bots](F4_advanced_race_and_pro_bots.ipynb): the Advanced race's weather,
# speed limits and Pro BOTs; or race to the flag: [F0_first_race](F0_first_race.ipynb) with
# `GuidedRace(seed=3, rounds=40)` puts everything of F1–F3 in one race; back to
# [F2_overtaking_and_battles](F2_overtaking_and_battles.ipynb).
