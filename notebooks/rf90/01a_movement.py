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
# # 01a — Movement and passing, part 1: MP costs, the Leader check, NO MOVE
#
# **You need:** [00_start_here](00_start_here.ipynb).
#
# Blue is right behind Red in a corner: what does it cost him to get past? Click the section type, the kind of pass
# and the modifiers — the engine prices every choice and plays the move with the MP you give him.

# %% tags=["nbval-ignore-output"]
from racebook.rf90.ui.costs import PassCostCalculator

calculator = PassCostCalculator()
calculator

# %% [markdown]
# The big number is the engine's price; "FORBIDDEN — stop" means Blue stops behind the car and loses the rest of his
# MP. Below it, the **movement loop** runs with the MP left (slider) and the Leader check passing or failing.
#
# **After this part you can:**
#
# * spend a car's **movement points** (MP, *pontos de movimento*): 1 MP to enter any section, and **all** MP must
#   be used;
# * price any pass — **overtaking** (*Ultrapassagem*), **lapping** (*dar volta*) and **unlapping** (*recuperar volta*)
#   — in a straight, a braking zone or a corner, with its modifiers;
# * say when the **leader** must first make the **Leader lapping check** (*check test do Líder*), and what **NO
#   MOVE**, a yellow flag, the robots and the start / restart / last turn change.
#
# [Part 2](01b_passing.ipynb) replays the book's passing examples ([Ex. 26][]–37) and the wrong-tyre penalties.
#
# <details><summary>Book references</summary>
#
# **Digest sections:** [§13.E][] (movement: [§13.E.1][] total MP, [§13.E.2][] spending, [§13.E.3][] overtaking,
# [§13.E.4][] lapping, [§13.E.5][] unlapping, [§13.E.6][] cars that did not move, [§13.E.7][] the cost table),
# [§15.1][] (yellow flag), [§15.3][] (blue flag), [§17.4][] (robots), [§19.2][] (Track Card "-1"), [§20][] (Leader
# check), [§22][] (start, restart, last turn), [§26.2][] (BANGING WHEELS), [§26.9][] (RECOVERY), [§27][] (LAPPING);
# readings [AMB-13][], [AMB-25][], [AMB-28][] and [AMB-38][] ([§31][]).
#
# **In the engine:** `racebook/rf90/rules/movement.py` — `pass_cost` holds the whole [§13.E.7][] table with its
# modifiers, `advance` is the movement loop; the calculator and the tables below only show what they say.
#
# </details>
#
# [AMB-13]: ../../docs/rules/rf90_rules_digest.md#amb-13
# [AMB-25]: ../../docs/rules/rf90_rules_digest.md#amb-25
# [AMB-28]: ../../docs/rules/rf90_rules_digest.md#amb-28
# [AMB-38]: ../../docs/rules/rf90_rules_digest.md#amb-38
# [Ex. 26]: ../../docs/rules/rf90_rules_digest.md#ex-26
# [§13.E]: ../../docs/rules/rf90_rules_digest.md#s13-e
# [§13.E.1]: ../../docs/rules/rf90_rules_digest.md#s13-e-1
# [§13.E.2]: ../../docs/rules/rf90_rules_digest.md#s13-e-2
# [§13.E.3]: ../../docs/rules/rf90_rules_digest.md#s13-e-3
# [§13.E.4]: ../../docs/rules/rf90_rules_digest.md#s13-e-4
# [§13.E.5]: ../../docs/rules/rf90_rules_digest.md#s13-e-5
# [§13.E.6]: ../../docs/rules/rf90_rules_digest.md#s13-e-6
# [§13.E.7]: ../../docs/rules/rf90_rules_digest.md#s13-e-7
# [§15.1]: ../../docs/rules/rf90_rules_digest.md#s15-1
# [§15.3]: ../../docs/rules/rf90_rules_digest.md#s15-3
# [§17.4]: ../../docs/rules/rf90_rules_digest.md#s17-4
# [§19.2]: ../../docs/rules/rf90_rules_digest.md#s19-2
# [§20]: ../../docs/rules/rf90_rules_digest.md#s20
# [§22]: ../../docs/rules/rf90_rules_digest.md#s22
# [§26.2]: ../../docs/rules/rf90_rules_digest.md#s26-2
# [§26.9]: ../../docs/rules/rf90_rules_digest.md#s26-9
# [§27]: ../../docs/rules/rf90_rules_digest.md#s27
# [§31]: ../../docs/rules/rf90_rules_digest.md#s31

# %%
from racebook.rf90.car import Strategy
from racebook.rf90.lessons.passes import PassSituation, pass_story
from racebook.rf90.options import Rules
from racebook.rf90.rules.movement import PassKind
from racebook.rf90.track import SectionType
from racebook.rf90.ui.costs import base_frame, cost_column_frame, cost_frame, quote_frame

STRAIGHT, BRAKING, CORNER = SectionType.STRAIGHT, SectionType.BRAKING, SectionType.CORNER
OVERTAKE, LAP, UNLAP = PassKind.OVERTAKE, PassKind.LAP, PassKind.UNLAP

# %% [markdown]
# ## The rule in plain English
#
# **Spending MP.** In phase E a car's total MP are its movement cards, plus a trajectory bonus if earned, plus other
# bonuses, minus penalties ([§13.E.1][]). Then **entering a new section always costs 1 MP**, whatever its type
# (straight *Reta*, braking zone *Freio*, corner *Curva*), and spending is **not optional**: the car must use **all**
# its MP and **cannot refuse to overtake** when it has them; when a pass is forbidden the car **stops** and the rest
# of its MP are **lost** ([§13.E.2][]).
#
# **Who passes whom.** Cars in a section stand in an ordered list, front to back. Passing the car directly ahead is
# **overtaking** if both are on the same lap, **lapping** if the mover has crossed the finish line more times (the
# passed car becomes a **backmarker**, *retardatário*), **unlapping** if the mover is the lapped one and passes a car
# that lapped it ([AMB-25][]).
#
# **Where a pass happens.** A pass is priced by **the section of the car being passed**, and entering that section
# (1 MP) is paid separately ([§13.E.3][]). So in a corner or a braking zone a car cannot get past a same-lap car by
# normal movement — only a duel (corners, [notebook 04](04_duels.ipynb)), BANGING WHEELS, late braking (braking
# zones, [notebook 05a](05a_late_braking.ipynb)), a Track Card "-1" or the start / restart / last-turn rule lets it
# through.
#
# | pass | straight | braking zone | corner | rule |
# |---|---|---|---|---|
# | **overtaking** (same lap) | 1 MP | forbidden: stop | forbidden: stop | [§13.E.3][] |
# | **lapping** | 1 MP | 1 MP | 2 MP | [§13.E.4][] |
# | **unlapping** | 1 MP | 1 MP | 2 MP | [§13.E.5][] |
#
# When the **leader** laps a car it gets a **"-1 lap"** token (*token "-1 lap"*; "-2 laps", "-3 laps" later); when a
# backmarker passes the leader back, its token is adjusted or removed.
#
# [AMB-25]: ../../docs/rules/rf90_rules_digest.md#amb-25
# [§13.E.1]: ../../docs/rules/rf90_rules_digest.md#s13-e-1
# [§13.E.2]: ../../docs/rules/rf90_rules_digest.md#s13-e-2
# [§13.E.3]: ../../docs/rules/rf90_rules_digest.md#s13-e-3
# [§13.E.4]: ../../docs/rules/rf90_rules_digest.md#s13-e-4
# [§13.E.5]: ../../docs/rules/rf90_rules_digest.md#s13-e-5

# %% [markdown]
# ## The base costs, measured
#
# The engine has no "1 MP" written in a table for entering a section: the movement loop spends it. `base_frame()` runs
# the loop on tiny positions (10 MP each) and reads the MP spent per step:

# %% tags=["presenter-show"]
base_frame(measured_on=False)

# %% [markdown]
# ## The modifiers
#
# * **Leader check** ([§20][]). Before lapping a car **for the first time**, the leader must pass a **Leader lapping
#   check** — a test ([notebook 02](02_check_tests.ipynb)): a hand card or a blind draw vs his Target Check; no rain
#   -20, REFLEXES +20; a robot leader makes a blind test vs 70. Not needed to put a car 2 or 3 laps down, to pass by
#   late braking or to pass an off-track car. A failure **stops** him (MP lost) but causes **no damage**.
# * **NO MOVE** ([§13.E.6][]). A car that skipped its turn (*Perder o Turno*) or did not move (ET failure, re-entry with
#   ≤ 0 MP) carries the **NO MOVE** token until the end of the Game Turn: it can be overtaken, lapped or unlapped for
#   **1 MP in any section**.
# * **Yellow flag** ([§15.1][]). In its corner section **nothing may pass anything** — not even a NO MOVE car, not with
#   a blue flag, not a robot. A car that finds the flag ahead pays **1 extra MP** to move past it (*Desaceleração*,
#   [AMB-38][]); the flag is removed once the leader passes it.
# * **Blue flag** (the blue pawn, [§15.3][]) and the **LAPPING** skill: lapping costs **0 MP** in straights and
#   braking zones and **1 MP** in corners. The leader still makes the Leader check.
# * **BANGING WHEELS** ([§26.2][]): overtaking costs **2 MP in corners** and **1 MP elsewhere**. **RECOVERY**
#   ([§26.9][]): passing **Fast and Slow robots** costs 0 / 1 / 2 MP (straight / braking / corner); the digest presumes
#   the same for lapping and unlapping them.
# * **Track Card "-1"** ([§19.2][]): in **one corner of your choice** pass as if it were a straight: **1 MP per car**.
# * **Start, restart and last turn** ([§22][]): every overtake, lap and unlap costs **1 MP in any section**; with a blue
#   flag or LAPPING, lapping is **free**.
# * **Robots** ([§17.4][]): robots pass and lap each other for **0 MP** anywhere; a robot passes a human for 1 MP on a
#   straight but **stops** behind a same-lap human in a corner or braking zone; it laps humans at the normal 1 / 1 / 2;
#   it **never unlaps on its own** ([AMB-28][]) — except past a NO MOVE car, for 1 MP like everyone.
#
# [AMB-28]: ../../docs/rules/rf90_rules_digest.md#amb-28
# [AMB-38]: ../../docs/rules/rf90_rules_digest.md#amb-38
# [§13.E.6]: ../../docs/rules/rf90_rules_digest.md#s13-e-6
# [§15.1]: ../../docs/rules/rf90_rules_digest.md#s15-1
# [§15.3]: ../../docs/rules/rf90_rules_digest.md#s15-3
# [§17.4]: ../../docs/rules/rf90_rules_digest.md#s17-4
# [§19.2]: ../../docs/rules/rf90_rules_digest.md#s19-2
# [§20]: ../../docs/rules/rf90_rules_digest.md#s20
# [§22]: ../../docs/rules/rf90_rules_digest.md#s22
# [§26.2]: ../../docs/rules/rf90_rules_digest.md#s26-2
# [§26.9]: ../../docs/rules/rf90_rules_digest.md#s26-9

# %% [markdown]
# ## The §13.E.7 table, generated by the engine
#
# Every cell is `pass_cost` on a real two-car position: the mover **Blue** directly behind **Red** in **H**
# (straight), **E** (braking zone) or **G** (corner, Curve 1) of the teaching track, the Leader token on Green far
# ahead. Each column sets one modifier. `stop` = forbidden (the mover stops and loses his remaining MP); `—` = the
# situation cannot exist (yellow flags lie on corners only). In "RECOVERY vs Fast" the car ahead is a Fast robot.

# %% tags=["presenter-show"]
cost_frame()

# %% [markdown]
# Which rule each number comes from (the rule `pass_cost` cites):

# %% tags=["presenter-show"]
cost_frame(show="rule")

# %% [markdown]
# And a **robot** moving (a Fast robot; SuperFast and Slow robots give the same table). "vs robot": the car ahead is
# a Slow robot; the others are humans. Unlapping is `stop` — robots never unlap on their own — except past a NO MOVE
# car (1 MP, [§17.4][]).
#
# [§17.4]: ../../docs/rules/rf90_rules_digest.md#s17-4

# %%
cost_frame("fast")

# %% [markdown]
# ### House rule AMB-13: the last turn
#
# The digest's last-turn paragraph copies the restart text ([AMB-13][]), so the engine makes it a switch:
# `Rules(last_turn_easy_passing=True)` (recommended: 1 MP in any section in the last Game Turn) or `False` (the
# normal table). The last turn's **blue-flag** line is its own rule («as bandeiras azuis permitem que você dê uma
# volta sem gastar PM»): a blue-flag lap is free in the last turn **either way**. The same "last turn" column both
# ways:
#
# [AMB-13]: ../../docs/rules/rf90_rules_digest.md#amb-13

# %% tags=["presenter-show"]
cost_column_frame("last turn", {"AMB-13 on (default)": Rules(last_turn_easy_passing=True),
                                 "AMB-13 off": Rules(last_turn_easy_passing=False)})

# %% [markdown]
# ## The calculator, driven from code
#
# The same controller as at the top (a second, hidden copy), so the answers are checked text: first the corner of
# [Ex. 26][] with and without BANGING WHEELS, then a leader lapping there with 4 MP left.
#
# [Ex. 26]: ../../docs/rules/rf90_rules_digest.md#ex-26

# %% tags=["presenter-show"]
demo = PassCostCalculator()
demo.set(section=CORNER, kind=OVERTAKE, mp=3)
print(demo.text())
demo.set(strategy=Strategy.BANGING_WHEELS)
print(demo.text())
demo.set(strategy=None, kind=LAP, leader="mover", mp=4)
print(demo.text())

# %% [markdown]
# ## The Leader check comes before each *first* lapping
#
# The leader, about to lap a car that is not yet a lap down, tests first ([§20][]). Not when the car is already a lap
# down, not when the mover is not the leader; the blue flag does not remove it, and a robot leader makes it too:
#
# [§20]: ../../docs/rules/rf90_rules_digest.md#s20

# %% tags=["presenter-show"]
quote_frame({
    "the leader laps in a corner": PassSituation(CORNER, LAP, leader="mover"),
    "the leader laps with the blue flag": PassSituation(STRAIGHT, LAP, leader="mover", blue_flag=True),
    "the leader puts a car 2 laps down": PassSituation(CORNER, LAP, leader="mover", already_lapped=True),
    "a non-leader laps a backmarker": PassSituation(CORNER, LAP),
    "a robot leader laps a robot": PassSituation(STRAIGHT, LAP, mover="superfast", other="slow", leader="mover"),
})

# %% [markdown]
# If the check **fails**, the leader stops behind the car, loses his MP and takes **no damage**:

# %% tags=["presenter-show"]
print(pass_story(PassSituation(CORNER, LAP, leader="mover"), mp=4, check_passes=False))

# %% [markdown]
# ## NO MOVE, yellow flags and robots in the movement loop
#
# A car that did not move (NO MOVE token) is passed for 1 MP even in a corner — unless a yellow flag is in the
# section, which has priority over everything ([§15.1][]). A robot stops behind a same-lap human in a braking zone,
# but passes another robot there for nothing, and never unlaps on its own:
#
# [§15.1]: ../../docs/rules/rf90_rules_digest.md#s15-1

# %% tags=["presenter-show"]
for sit, mp in ((PassSituation(CORNER, OVERTAKE, no_move=True), 3),
                (PassSituation(CORNER, OVERTAKE, no_move=True, yellow_flag=True), 3),
                (PassSituation(BRAKING, OVERTAKE, mover="fast"), 3),
                (PassSituation(BRAKING, OVERTAKE, mover="fast", other="slow"), 3),
                (PassSituation(STRAIGHT, UNLAP, mover="slow"), 2)):
    print(pass_story(sit, mp), end="\n\n")

# %% [markdown]
# At the **start** (turn 1), a **restart** or the **last turn** everything costs 1 MP in any section, and lapping
# with a blue flag or LAPPING is free ([§22][]); the last two switch [AMB-13][] off:
#
# [AMB-13]: ../../docs/rules/rf90_rules_digest.md#amb-13
# [§22]: ../../docs/rules/rf90_rules_digest.md#s22

# %% tags=["presenter-show"]
strict = Rules(last_turn_easy_passing=False)
for sit in (PassSituation(CORNER, OVERTAKE, turn="start"),
            PassSituation(CORNER, LAP, turn="last", lapping_skill=True),
            PassSituation(CORNER, OVERTAKE, turn="last", rules=strict),
            PassSituation(CORNER, LAP, turn="last", blue_flag=True, rules=strict)):
    print(pass_story(sit, mp=2), end="\n\n")

# %% [markdown]
# ## What to remember
#
# * **1 MP per section entered**, whatever its type; **all MP must be used**; a forbidden pass **stops** the car and
#   the rest of its MP are lost ([§13.E.2][]).
# * A pass is priced by **the section of the car being passed**; entering that section is paid separately.
# * Overtaking: **1 MP on straights**, **forbidden** in corners and braking zones — unless BANGING WHEELS (2 / 1),
#   a duel, late braking, a "-1" Track Card, or the start / restart / last turn (1 MP anywhere).
# * Lapping and unlapping: **1 MP** (straight, braking zone), **2 MP** (corner); blue flag / LAPPING lap for 0 / 0 / 1;
#   the **leader** makes a **Leader check** before each first lapping, blue flag or not ([§20][]).
# * A **NO MOVE** car is passed for 1 MP anywhere; a **yellow flag** forbids every pass in its corner.
# * **Robots**: 0 MP among themselves; stop behind same-lap humans in corners and braking zones; never unlap on their
#   own ([§17.4][]).
# * House rule: **[AMB-13][]** (last-turn easy passing).
#
# [AMB-13]: ../../docs/rules/rf90_rules_digest.md#amb-13
# [§13.E.2]: ../../docs/rules/rf90_rules_digest.md#s13-e-2
# [§17.4]: ../../docs/rules/rf90_rules_digest.md#s17-4
# [§20]: ../../docs/rules/rf90_rules_digest.md#s20

# %% [markdown]
# **Next →** [01b_passing](01b_passing.ipynb): the book's passing and lapping examples, move by move, and the
# wrong-tyre penalties.
