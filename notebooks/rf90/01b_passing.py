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
# # 01b — Movement and passing, part 2: the book's passing examples
#
# **You need:** [00_start_here](00_start_here.ipynb), [01a_movement](01a_movement.ipynb).
#
# Blue has 5 MP and Red sits in the corner ahead on the same lap. Press ▶ to watch what the engine lets Blue do —
# then guess what BANGING WHEELS would change.

# %% tags=["nbval-ignore-output"]
import racebook
from racebook.rf90.ui import ScenarioPlayer

ex26 = racebook.load_scenario("ex26")
ScenarioPlayer(ex26)  # ◀ ▶ step through the movement

# %% [markdown]
# Blue enters the corner and **stops** behind Red: the rest of his MP are lost. Each example below gives the book's
# arithmetic beside the engine's (read from the race's log), the steps with the rule the engine cited, and the move
# in a stepper.
#
# **After this part you can** replay the book's passing, lapping and unlapping examples — [Ex. 26][]–30, 32 and 37 —
# and check their MP arithmetic, read the two places where the book leaves a number open (the Leader check in [Ex. 28][]
# and 29, "for free" in [Ex. 28][]), and apply the **wrong-tyre** movement penalties.
#
# <details><summary>Book references</summary>
#
# **Digest sections:** [§13.E][] (movement), [§13.E.3][] (overtaking), [§13.E.4][] (lapping), [§13.E.5][]
# (unlapping), [§13.F.2][] (trajectories and the race order), [§15.3][] (blue flag), [§16.2][] (wrong tyres), [§19.2][]
# (Track Card "-1"), [§20][] (Leader check), [§26.2][] (BANGING WHEELS), [§27][] (RAIN EXPERT); examples [Ex. 26][],
# 27, 28, 29, 30, 32 and 37 ([§30][]); readings [AMB-5][], [AMB-17][], [AMB-18][] and [AMB-33][] ([§31][]).
#
# **In the engine:** each example is a scenario file (`racebook/rf90/scenarios/ex26.toml` …) replayed by the engine;
# `racebook.rf90.lessons.passes.mp_breakdown` reads a car's MP spending from the log.
#
# </details>
#
# [AMB-17]: ../../docs/rules/rf90_rules_digest.md#amb-17
# [AMB-18]: ../../docs/rules/rf90_rules_digest.md#amb-18
# [AMB-33]: ../../docs/rules/rf90_rules_digest.md#amb-33
# [AMB-5]: ../../docs/rules/rf90_rules_digest.md#amb-5
# [Ex. 26]: ../../docs/rules/rf90_rules_digest.md#ex-26
# [Ex. 28]: ../../docs/rules/rf90_rules_digest.md#ex-28
# [§13.E]: ../../docs/rules/rf90_rules_digest.md#s13-e
# [§13.E.3]: ../../docs/rules/rf90_rules_digest.md#s13-e-3
# [§13.E.4]: ../../docs/rules/rf90_rules_digest.md#s13-e-4
# [§13.E.5]: ../../docs/rules/rf90_rules_digest.md#s13-e-5
# [§13.F.2]: ../../docs/rules/rf90_rules_digest.md#s13-f-2
# [§15.3]: ../../docs/rules/rf90_rules_digest.md#s15-3
# [§16.2]: ../../docs/rules/rf90_rules_digest.md#s16-2
# [§19.2]: ../../docs/rules/rf90_rules_digest.md#s19-2
# [§20]: ../../docs/rules/rf90_rules_digest.md#s20
# [§26.2]: ../../docs/rules/rf90_rules_digest.md#s26-2
# [§27]: ../../docs/rules/rf90_rules_digest.md#s27
# [§30]: ../../docs/rules/rf90_rules_digest.md#s30
# [§31]: ../../docs/rules/rf90_rules_digest.md#s31

# %%
from racebook.rf90.car import Skill
from racebook.rf90.lessons.notebook import show_assumed
from racebook.rf90.lessons.passes import book_check, ex28_with_one_more_mp
from racebook.rf90.options import IntermediateRow, Rules
from racebook.rf90.scenario import load as load_unplayed
from racebook.rf90.ui.costs import TyrePenaltyPanel, scenario_variant, steps_frame, tyre_frame
from racebook.ui.backend import side_by_side

# %% [markdown]
# ## Ex. 26 — a corner blocks overtaking
#
# *Book (Ultrapassando, p.19):* Red is in corner section **G**; Blue has **5 MP**. On entering G — a corner with a
# **same-lap** car — Blue **loses all his remaining MP** ([§13.E.3][]). With BANGING WHEELS he would pass Red for
# **2 MP** and end in **F**: H 1 + G 1 + pass 2 + F 1 = 5 ([§26.2][]).
#
# [§13.E.3]: ../../docs/rules/rf90_rules_digest.md#s13-e-3
# [§26.2]: ../../docs/rules/rf90_rules_digest.md#s26-2

# %%
show_assumed(ex26)
print(book_check("Ex. 26", "H 1 + G 1 + (stopped behind Red: 3 MP lost)", 5, ex26.race, "Blue"))
steps_frame(ex26.race, "Blue")

# %% [markdown]
# The BANGING WHEELS reading, as a real race: the same scenario file with Blue's strategy set
# (`scenario_variant`), replayed by the engine:

# %%
ex26_bw = scenario_variant("ex26", "Ex. 26 with BANGING WHEELS", {"Blue": {"strategy": "banging_wheels"}},
                           "Blue has BANGING WHEELS (the book's second reading).")
print(book_check("Ex. 26 with BANGING WHEELS", "H 1 + G 1 + pass 2 + F 1", 5, ex26_bw.race, "Blue"))

# %% tags=["nbval-ignore-output"]
ScenarioPlayer(ex26_bw)

# %% [markdown]
# ## Ex. 27 — a pass on the straight, then BANGING WHEELS in a braking zone
#
# *Book (p.19):* Blue has **7 MP**: he enters **H, G, F** (3), passes **Red** on the straight F (1), enters the
# braking zone **E** (1), which holds **Green** — normally he would stop there ([§13.E.3][]), but with **BANGING
# WHEELS** he passes Green for **1** ([§26.2][]) — and enters corner **D** (1). Total 7. Without BANGING WHEELS the
# braking zone stops him behind Green. Passing Green gives Blue the Leader token ([§11.2][] case 2).
#
# [§11.2]: ../../docs/rules/rf90_rules_digest.md#s11-2
# [§13.E.3]: ../../docs/rules/rf90_rules_digest.md#s13-e-3
# [§26.2]: ../../docs/rules/rf90_rules_digest.md#s26-2

# %%
ex27 = racebook.load_scenario("ex27")
show_assumed(ex27)
print(book_check("Ex. 27", "H 1 + G 1 + F 1 + pass Red 1 + E 1 + pass Green (BW) 1 + D 1", 7, ex27.race, "Blue"))
ex27_plain = scenario_variant("ex27", "Ex. 27 without BANGING WHEELS", {"Blue": {"strategy": None}},
                              "Blue has no strategy card.")
print(book_check("Without BANGING WHEELS", "H 1 + G 1 + F 1 + pass Red 1 + E 1 + (stopped behind Green: 2 MP lost)",
                 7, ex27_plain.race, "Blue"))
steps_frame(ex27.race, "Blue")

# %% tags=["nbval-ignore-output"]
ScenarioPlayer(ex27)  # ◀ ▶ step through the movement

# %% [markdown]
# ## Ex. 28 — the leader laps a backmarker in a corner
#
# *Book (Lapping, p.19):* Blue has **5 MP**: he enters **H, G** (2). **Orange**, a backmarker in corner G, costs
# **2** to lap ([§13.E.4][]) — total 4 — and gets a **"-1 lap"** token. Blue enters **F** (1) and ends **behind
# Purple**. "If Blue had one more MP he could also pass Purple, *for free*."
#
# Two readings the book leaves open: the example does not mention the **Leader check**, but it is still required
# ([AMB-18][]): the scenario passes it with a blind draw. And "for free" is read as **1 MP** — lapping on a straight
# costs 1 MP by the table ([AMB-17][]).
#
# [AMB-17]: ../../docs/rules/rf90_rules_digest.md#amb-17
# [AMB-18]: ../../docs/rules/rf90_rules_digest.md#amb-18
# [§13.E.4]: ../../docs/rules/rf90_rules_digest.md#s13-e-4

# %%
ex28 = racebook.load_scenario("ex28")
show_assumed(ex28)
print(book_check("Ex. 28", "H 1 + G 1 + lap Orange 2 + F 1", 5, ex28.race, "Blue"))
before = load_unplayed("ex28", play=False).race.state
print(f"Orange was {before.laps_down('Orange')} laps down before, {ex28.race.state.laps_down('Orange')} after; "
      f"Blue ends in {ex28.race.state.cars['Blue'].section}, behind Purple.")
steps_frame(ex28.race, "Blue")

# %% tags=["nbval-ignore-output"]
ScenarioPlayer(ex28)  # ◀ ▶ step through the movement

# %% [markdown]
# **[AMB-17][], tested:** the same start with **one more MP** (Blue plays R14 [4] on the red/green +2 trajectory I.t1:
# 6 MP). Purple costs **1 MP** to lap on the straight — not 0 — and needs its own Leader check first:
#
# [AMB-17]: ../../docs/rules/rf90_rules_digest.md#amb-17

# %%
ex28_6 = ex28_with_one_more_mp()
print(book_check("Ex. 28 with 6 MP (AMB-17)", "H 1 + G 1 + lap Orange 2 + F 1 + lap Purple 1", 6, ex28_6, "Blue"))
steps_frame(ex28_6, "Blue")

# %% tags=["nbval-ignore-output"]
ScenarioPlayer(ex28_6)

# %% [markdown]
# ## Ex. 29 — lapping with the blue flag
#
# *Book (p.19):* Blue has **5 MP** and the **blue flag** ([§15.3][]): he enters **H, G** (2), laps **Orange** in corner
# G for **1**, enters **F** (1), laps **Pink** on the straight for **0**, enters **E** (1). Total 5; Pink and Orange
# get "-1 lap" tokens. The Leader checks are not mentioned — the blue flag does not remove them, so the scenario
# passes both ([AMB-18][]).
#
# [AMB-18]: ../../docs/rules/rf90_rules_digest.md#amb-18
# [§15.3]: ../../docs/rules/rf90_rules_digest.md#s15-3

# %%
ex29 = racebook.load_scenario("ex29")
show_assumed(ex29)
print(book_check("Ex. 29", "H 1 + G 1 + lap Orange 1 + F 1 + lap Pink 0 + E 1", 5, ex29.race, "Blue"))
print(", ".join(f"{car} is now {ex29.race.state.laps_down(car)} lap down" for car in ("Orange", "Pink")) + ".")
steps_frame(ex29.race, "Blue")

# %% tags=["nbval-ignore-output"]
ScenarioPlayer(ex29)  # ◀ ▶ step through the movement

# %% [markdown]
# ## Ex. 30 — unlapping the leader
#
# *Book (Unlapping, p.19):* **Pink**, one lap down, has **4 MP**: he enters **E** (1), **unlaps Blue** — the leader —
# for **1** in the braking zone ([§13.E.5][]; unlapping is allowed there, overtaking is not), and his "-1 lap" token is
# **removed**; then he enters the next section (1) and **C** (1). Next turn Blue will probably have to lap him again
# (with a new Leader check).
#
# [§13.E.5]: ../../docs/rules/rf90_rules_digest.md#s13-e-5

# %%
ex30 = racebook.load_scenario("ex30")
show_assumed(ex30)
print(book_check("Ex. 30", "E 1 + unlap Blue 1 + next section 1 + C 1", 4, ex30.race, "Pink"))
before = load_unplayed("ex30", play=False).race.state
print(f"Pink was {before.laps_down('Pink')} lap down before, {ex30.race.state.laps_down('Pink')} after.")
steps_frame(ex30.race, "Pink")

# %% tags=["nbval-ignore-output"]
ScenarioPlayer(ex30)  # ◀ ▶ step through the movement

# %% [markdown]
# ## Ex. 32 — the trajectory does not set the race order
#
# A **trajectory** is a spot in a section that gives its car bonus MP next turn ([notebook 06](06_trajectories.ipynb)).
# *Book (F.2, p.20):* Blue ended his move on the **green +2** trajectory of a braking zone. **Red**, with **BANGING
# WHEELS**, reaches Blue and passes him **in the braking zone** (1 MP, [§26.2][]), then occupies the **orange +1**
# trajectory — with his nose **ahead** of Blue. The race order is Red ahead of Blue, whatever trajectory spot each
# holds ([§13.F.2][]). (The scenario gives Red 3 MP; the book's 4 take him one section further — see its assumptions.)
#
# [§13.F.2]: ../../docs/rules/rf90_rules_digest.md#s13-f-2
# [§26.2]: ../../docs/rules/rf90_rules_digest.md#s26-2

# %%
ex32 = racebook.load_scenario("ex32")
show_assumed(ex32)
print(book_check("Ex. 32", "F 1 + E 1 + pass Blue (BW) 1", 3, ex32.race, "Red"))
state = ex32.race.state
print("Order in E, front to back: " + ", ".join(f"{c} (trajectory {state.cars[c].trajectory})"
                                                  for c in state.cars_in("E")) + ".")

# %% tags=["nbval-ignore-output"]
ScenarioPlayer(ex32)  # ◀ ▶ step through the movement

# %% [markdown]
# ## Ex. 37 — the Track Card "-1" symbol
#
# *Book (p.25):* Blue plays **[4][2]** = **6 MP** (the [2] is a Track Card for **Curve 7** with the combination
# symbol, so the pair is legal). In **Priory (Curve 6)** he would stop behind the **SuperFast robot**, but the
# card's **"-1"** lets him pass in one corner as if it were a straight ([§19.2][]): **1 MP** to enter the corner, **1
# MP** to pass the SuperFast, **3 MP** to reach **Curve 7** (Luffield), where Green is. He has 1 MP left, but the "-1"
# was already used in Curve 6, so he **stops behind Green**. On Silverstone the three sections are Brooklands,
# Luffield-brake and Luffield-1.
#
# [§19.2]: ../../docs/rules/rf90_rules_digest.md#s19-2

# %%
ex37 = racebook.load_scenario("ex37")
show_assumed(ex37)
print(book_check("Ex. 37", "Priory 1 + pass SuperFast 1 + 3 sections to Curve 7 + (stopped behind Green: 1 MP lost)",
                 6, ex37.race, "Blue"))
steps_frame(ex37.race, "Blue")

# %% tags=["nbval-ignore-output"]
ScenarioPlayer(ex37)  # ◀ ▶ step through the movement

# %% [markdown]
# ## Wrong tyres: the movement penalty
#
# Phase E also takes off MP for tyres that do not suit the weather ([§16.2][]). The Intermediate row is printed in
# the manual as "-1 / -1 / –", which punishes intermediates in their own weather; the digest recommends
# "-1 / – / -1" ([AMB-5][]). It is a house-rule switch, `Rules(intermediate_row=...)`; flip it in the panel, with
# **RAIN EXPERT** ([§27][], [AMB-33][]), which removes the penalty only for **Rain or Hard** tyres in **intermediate**
# weather. Robots never pay tyre penalties.
#
# [AMB-33]: ../../docs/rules/rf90_rules_digest.md#amb-33
# [AMB-5]: ../../docs/rules/rf90_rules_digest.md#amb-5
# [§16.2]: ../../docs/rules/rf90_rules_digest.md#s16-2
# [§27]: ../../docs/rules/rf90_rules_digest.md#s27

# %% tags=["nbval-ignore-output"]
TyrePenaltyPanel()  # flip the AMB-5 house rule and RAIN EXPERT

# %% [markdown]
# The three tables, checked: [AMB-5][] corrected (the default), [AMB-5][] as printed, and RAIN EXPERT with the default.
#
# [AMB-5]: ../../docs/rules/rf90_rules_digest.md#amb-5

# %% tags=["presenter-show"]
side_by_side({"AMB-5 corrected (default)": tyre_frame(Rules(intermediate_row=IntermediateRow.CORRECTED)),
              "AMB-5 as printed": tyre_frame(Rules(intermediate_row=IntermediateRow.PRINTED)),
              "RAIN EXPERT (default row)": tyre_frame(skill=Skill.RAIN_EXPERT)})

# %% [markdown]
# ## What to remember
#
# * A forbidden pass **stops** the car and the rest of its MP are lost ([Ex. 26][]); BANGING WHEELS gets past for 2 MP
#   in a corner, 1 MP in a braking zone ([Ex. 27][]).
# * A pass is priced by **the section of the car being passed**; entering that section is paid separately ([Ex. 27][]).
# * The **leader** makes a **Leader check** before each first lapping, blue flag or not ([AMB-18][]); "for free" in
#   [Ex. 28][] is 1 MP ([AMB-17][]); the blue flag laps for 0 / 0 / 1 ([Ex. 29][]).
# * Unlapping the leader removes the "-1 lap" token ([Ex. 30][]); the race order is the order in the section, not the
#   trajectory spot ([Ex. 32][]); a Track Card "-1" works in one corner only ([Ex. 37][]).
# * House rule **[AMB-5][]**: the Intermediate tyre row.
#
# [AMB-17]: ../../docs/rules/rf90_rules_digest.md#amb-17
# [AMB-18]: ../../docs/rules/rf90_rules_digest.md#amb-18
# [AMB-5]: ../../docs/rules/rf90_rules_digest.md#amb-5
# [Ex. 26]: ../../docs/rules/rf90_rules_digest.md#ex-26
# [Ex. 27]: ../../docs/rules/rf90_rules_digest.md#ex-27
# [Ex. 28]: ../../docs/rules/rf90_rules_digest.md#ex-28
# [Ex. 29]: ../../docs/rules/rf90_rules_digest.md#ex-29
# [Ex. 30]: ../../docs/rules/rf90_rules_digest.md#ex-30
# [Ex. 32]: ../../docs/rules/rf90_rules_digest.md#ex-32
# [Ex. 37]: ../../docs/rules/rf90_rules_digest.md#ex-37

# %% [markdown]
# **Next →** [02_check_tests](02_check_tests.ipynb): the Target Check and the tests that cards, the Leader check and
# late braking ask for.
