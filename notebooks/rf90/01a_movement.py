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
# # 01 — Movement and passing: MP costs, overtaking, lapping and unlapping
#
# **You need:** [00_start_here](00_start_here.ipynb).
#
# **Learning objectives** — after this notebook you can:
#
# * spend a car's **movement points** (MP, *pontos de movimento*): 1 MP to enter any section, and **all** MP must
#   be used;
# * price any pass — **overtaking** (*Ultrapassagem*), **lapping** (*Lapping / dar volta*) and **unlapping**
#   (*Unlapping / recuperar volta*) — in a straight, a braking zone or a corner, with the modifiers (BANGING WHEELS,
#   RECOVERY, blue flag, LAPPING, NO MOVE, yellow flag, a Track Card "-1", start / restart / last turn);
# * say **where** a pass happens (in the section of the car being passed) and when the **leader** must first make
#   the **Leader lapping check** (*check test do Líder*);
# * apply the **robots'** passing rules and the **wrong-tyre** movement penalties;
# * replay the book's movement examples and check their MP arithmetic against the engine.
#
# **Digest sections:** [§13.E][] (movement: [§13.E.1][] total MP, [§13.E.2][] spending, [§13.E.3][] overtaking,
# [§13.E.4][] lapping, [§13.E.5][] unlapping, [§13.E.6][] cars that did not move, [§13.E.7][] the cost table), [§15.1][]
# (yellow flag), [§15.3][] (blue flag), [§16.2][] (wrong tyres), [§17.4][] (robots), [§19.2][] (Track Card "-1"),
# [§20][] (Leader check), [§22][] (start, restart, last turn), [§26.2][] (BANGING WHEELS), [§26.9][] (RECOVERY), [§27][]
# (LAPPING); examples [Ex. 26][], 27, 28, 29, 30, 32 and 37 ([§30][]); readings [AMB-5][], [AMB-13][], [AMB-17][],
# [AMB-18][], [AMB-25][] and [AMB-28][] ([§31][]).
#
# Every cost, table cell and log line below comes from the `racebook` engine (`racebook/rf90/rules/movement.py`:
# `pass_cost` holds the whole [§13.E.7][] table with its modifiers; `advance` is the movement loop); the notebook only
# shows it.
#
# [AMB-13]: ../../docs/rules/rf90_rules_digest.md#amb-13
# [AMB-17]: ../../docs/rules/rf90_rules_digest.md#amb-17
# [AMB-18]: ../../docs/rules/rf90_rules_digest.md#amb-18
# [AMB-25]: ../../docs/rules/rf90_rules_digest.md#amb-25
# [AMB-28]: ../../docs/rules/rf90_rules_digest.md#amb-28
# [AMB-5]: ../../docs/rules/rf90_rules_digest.md#amb-5
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
# [§16.2]: ../../docs/rules/rf90_rules_digest.md#s16-2
# [§17.4]: ../../docs/rules/rf90_rules_digest.md#s17-4
# [§19.2]: ../../docs/rules/rf90_rules_digest.md#s19-2
# [§20]: ../../docs/rules/rf90_rules_digest.md#s20
# [§22]: ../../docs/rules/rf90_rules_digest.md#s22
# [§26.2]: ../../docs/rules/rf90_rules_digest.md#s26-2
# [§26.9]: ../../docs/rules/rf90_rules_digest.md#s26-9
# [§27]: ../../docs/rules/rf90_rules_digest.md#s27
# [§30]: ../../docs/rules/rf90_rules_digest.md#s30
# [§31]: ../../docs/rules/rf90_rules_digest.md#s31

# %%
import racebook
from racebook.rf90.car import Strategy
from racebook.rf90.lessons.notebook import show_assumed
from racebook.rf90.options import Rules
from racebook.rf90.rules import movement as mv
from racebook.rf90.rules.movement import PassKind, PassSituation
from racebook.rf90.track import SectionType
from racebook.rf90.ui import ScenarioPlayer
from racebook.rf90.ui.costs import (
    PassCostCalculator,
    TyrePenaltyPanel,
    arithmetic,
    arithmetic_rules,
    base_frame,
    cost_frame,
    scenario_variant,
    tyre_frame,
)

STRAIGHT, BRAKING, CORNER = SectionType.STRAIGHT, SectionType.BRAKING, SectionType.CORNER
OVERTAKE, LAP, UNLAP = PassKind.OVERTAKE, PassKind.LAP, PassKind.UNLAP


def show(sit, mp=None):
    """The engine's price for a situation and, with ``mp``, the movement loop run on it."""
    q = mv.quote(sit)
    print(q.position)
    print("  ", q.sentence())
    if mp is not None:
        for e in mv.play_situation(sit, mp).events:
            print("     ", e.sentence())


# %% [markdown]
# ## The rule in plain English
#
# **Spending MP** ([§13.E.1][], [§13.E.2][]). In phase E a car's total MP are its movement cards, plus a trajectory
# bonus if earned, plus other bonuses, minus penalties (wrong tyres [§16.2][], time loss after an off-track). Then:
#
# * **entering a new section always costs 1 MP**, whatever its type (straight *Reta*, braking zone *Freio*,
#   corner *Curva*);
# * spending is **not optional**: the car must use **all** its MP whenever it can, and it **cannot refuse to
#   overtake** when it has the MP; when a pass is forbidden the car **stops** and the rest of its MP are **lost**.
#
# **Who passes whom** ([§13.E.2][], [AMB-25][]). Cars in a section stand in an ordered list, front to back. Passing the
# car directly ahead is **overtaking** if both are on the same lap, **lapping** if the mover has crossed the finish line
# more times (the passed car becomes a **backmarker**, *retardatário*), **unlapping** if the mover is the lapped one
# and passes a car that lapped it.
#
# **Where a pass happens** ([§13.E.3][], from [Ex. 26][], 27, 32). A pass is priced by **the section of the car being
# passed**, and entering that section (1 MP) is paid separately: [Ex. 27][] is *enter F (1), pass Red in F (1), enter E
# (1)*. So in a corner or a braking zone a car cannot get past a same-lap car by normal movement — only a duel
# (corners, [notebook 04](04_duels.ipynb)), BANGING WHEELS, late braking (braking zones,
# [notebook 05](05_late_braking.ipynb)), a Track Card "-1" or the start / restart / last-turn rule lets it through.
#
# [AMB-25]: ../../docs/rules/rf90_rules_digest.md#amb-25
# [Ex. 26]: ../../docs/rules/rf90_rules_digest.md#ex-26
# [Ex. 27]: ../../docs/rules/rf90_rules_digest.md#ex-27
# [§13.E.1]: ../../docs/rules/rf90_rules_digest.md#s13-e-1
# [§13.E.2]: ../../docs/rules/rf90_rules_digest.md#s13-e-2
# [§13.E.3]: ../../docs/rules/rf90_rules_digest.md#s13-e-3
# [§16.2]: ../../docs/rules/rf90_rules_digest.md#s16-2

# %% [markdown]
# ### The costs, section by section
#
# | pass | straight | braking zone | corner | rule |
# |---|---|---|---|---|
# | **overtaking** (same lap) | 1 MP | forbidden: stop | forbidden: stop | [§13.E.3][] |
# | **lapping** | 1 MP | 1 MP | 2 MP | [§13.E.4][] |
# | **unlapping** | 1 MP | 1 MP | 2 MP | [§13.E.5][] |
#
# * **Lap tokens.** When the **leader** laps a car it gets a **"-1 lap"** token (*token "-1 lap"*; "-2 laps", "-3
#   laps" later). When a backmarker passes the leader back, its token is adjusted or removed ([§13.E.4][], [§13.E.5][]).
# * **Leader check** ([§20][]). Before lapping a car **for the first time**, the leader must pass a **Leader lapping
#   check** — a test ([notebook 02](02_check_tests.ipynb)): a hand card or a blind draw vs his Target Check; no rain
#   -20, REFLEXES +20; a robot leader makes a blind test vs 70. Not needed to put a car 2 or 3 laps down, to pass by
#   late braking or to pass an off-track car. A failure **stops** him (MP lost) but causes **no damage**. He cannot
#   refuse the test when he has the MP.
# * **NO MOVE** ([§13.E.6][]). A car that skipped its turn (*Perder o Turno*) or did not move (ET failure, re-entry with
#   ≤ 0 MP) carries the **NO MOVE** token (*token NO MOVE*) until the end of the Game Turn: it can be overtaken,
#   lapped or unlapped for **1 MP in any section**.
# * **Yellow flag** ([§15.1][]). In its corner section **nothing may pass anything** — not even a NO MOVE car, not with
#   a blue flag, not a robot. A car that finds the flag ahead pays **1 extra MP** to move past it (*Desaceleração*,
#   [AMB-38][]); the flag is removed once the leader passes it.
# * **Blue flag** ([§15.3][], the blue pawn) and the **LAPPING** skill ([§27][]): lapping costs **0 MP** in straights
#   and braking zones and **1 MP** in corners. The leader still makes the Leader check.
# * **BANGING WHEELS** ([§26.2][]): overtaking costs **2 MP in corners** and **1 MP elsewhere**.
# * **RECOVERY** ([§26.9][]): passing **Fast and Slow robots** costs 0 / 1 / 2 MP (straight / braking / corner); the
#   digest presumes the same for lapping and unlapping them.
# * **Track Card "-1"** ([§19.2][]): in **one corner of your choice** pass as if it were a straight: **1 MP per car**.
# * **Start, restart and last turn** ([§22][]): every overtake, lap and unlap costs **1 MP in any section**; with a blue
#   flag or LAPPING, lapping is **free**. The last-turn part copies the restart text ([AMB-13][]): it is a **house
#   rule** switch, on by default. The last turn's **blue-flag** line is its own rule («as bandeiras azuis permitem que
#   você dê uma volta sem gastar PM»): a blue-flag lap is free in the last turn **either way**.
# * **Robots** ([§17.4][]): robots pass and lap each other for **0 MP** anywhere; a robot passes a human for 1 MP on a
#   straight but **stops** behind a same-lap human in a corner or braking zone; it laps humans at the normal 1 / 1 / 2;
#   it **never unlaps on its own** ([AMB-28][]) — except past a NO MOVE car, for 1 MP like everyone.
#
# [AMB-13]: ../../docs/rules/rf90_rules_digest.md#amb-13
# [AMB-28]: ../../docs/rules/rf90_rules_digest.md#amb-28
# [AMB-38]: ../../docs/rules/rf90_rules_digest.md#amb-38
# [§13.E.3]: ../../docs/rules/rf90_rules_digest.md#s13-e-3
# [§13.E.4]: ../../docs/rules/rf90_rules_digest.md#s13-e-4
# [§13.E.5]: ../../docs/rules/rf90_rules_digest.md#s13-e-5
# [§13.E.6]: ../../docs/rules/rf90_rules_digest.md#s13-e-6
# [§15.1]: ../../docs/rules/rf90_rules_digest.md#s15-1
# [§15.3]: ../../docs/rules/rf90_rules_digest.md#s15-3
# [§17.4]: ../../docs/rules/rf90_rules_digest.md#s17-4
# [§19.2]: ../../docs/rules/rf90_rules_digest.md#s19-2
# [§20]: ../../docs/rules/rf90_rules_digest.md#s20
# [§22]: ../../docs/rules/rf90_rules_digest.md#s22
# [§26.2]: ../../docs/rules/rf90_rules_digest.md#s26-2
# [§26.9]: ../../docs/rules/rf90_rules_digest.md#s26-9
# [§27]: ../../docs/rules/rf90_rules_digest.md#s27

# %% [markdown]
# ## The base costs, measured
#
# The engine has no "1 MP" written in a table for entering a section: the movement loop (`advance`) spends it.
# `base_frame()` runs the loop on tiny positions (10 MP each) and reads the MP spent per step:

# %% tags=["presenter-show"]
print(base_frame().to_string())

# %% [markdown]
# ## The §13.E.7 table, generated by the engine
#
# Every cell below is `pass_cost` on a real two-car position (built with `racebook.rf90.notation`): the mover **Blue**
# directly behind **Red** in **H** (straight), **E** (braking zone) or **G** (corner, Curve 1) of the teaching
# track; the Leader token on Green far ahead. The column sets one modifier. `stop` = forbidden (the mover stops
# and loses his remaining MP); `—` = the situation cannot exist (yellow flags lie on corners only, [§15.1][]). In
# "RECOVERY vs Fast" the car ahead is a Fast robot.
#
# [§15.1]: ../../docs/rules/rf90_rules_digest.md#s15-1

# %% tags=["presenter-show"]
print(cost_frame().to_string())

# %% [markdown]
# Which rule each number comes from (the rule `pass_cost` cites):

# %% tags=["presenter-show"]
print(cost_frame(show="rule").to_string())

# %% [markdown]
# And a **robot** moving (a Fast robot; SuperFast and Slow robots give the same table). "vs robot": the car ahead
# is a Slow robot; the others are humans. Unlapping is `stop` — robots never unlap on their own ([§17.4][], [AMB-28][])
# — except past a NO MOVE car (1 MP, [§17.4][] last bullet).
#
# [AMB-28]: ../../docs/rules/rf90_rules_digest.md#amb-28
# [§17.4]: ../../docs/rules/rf90_rules_digest.md#s17-4

# %%
print(cost_frame("fast").to_string())

# %% [markdown]
# ### House rule AMB-13: the last turn
#
# The digest's last-turn paragraph copies the restart text, so the engine makes it a switch:
# `Rules(last_turn_easy_passing=True)` (recommended: 1 MP in any section in the last Game Turn) or `False` (the
# normal table). The same "last turn" column both ways (no blue flag here: with one, lapping is free in the last
# turn under both settings, [§22][]):
#
# [§22]: ../../docs/rules/rf90_rules_digest.md#s22

# %% tags=["presenter-show"]
on = cost_frame()["last turn"]
off = cost_frame(rules=Rules(last_turn_easy_passing=False))["last turn"]
print(on.to_frame("AMB-13 on (default)").join(off.to_frame("AMB-13 off")).to_string())

# %% [markdown]
# ## The MP-cost calculator
#
# Pick the **section type**, **who moves** and **who is ahead** (human or robot), the **kind of pass** and who holds
# the **Leader token**, then the modifiers. The big number is the engine's answer —
# `racebook.rf90.rules.movement.quote`, i.e.
# `pass_cost` on the two-car position printed under it — with the reason and the rule; "FORBIDDEN — stop" means
# the mover stops behind the car and loses his MP. Below, the **movement loop** is run on that position with the
# MP left (slider) and the Leader check passing or failing, so you can see the pass happen (or not) and the car go
# on. A situation that cannot exist (a yellow flag on a straight) says why. Strategy, skill, blue flag and
# Track Card are off for a robot mover ([§17.1][]).
#
# [§17.1]: ../../docs/rules/rf90_rules_digest.md#s17-1

# %%
# NBVAL_IGNORE_OUTPUT
calculator = PassCostCalculator()
calculator

# %% [markdown]
# The same controller driven from code (a second, hidden copy), so the answers are checked text. First the corner
# of [Ex. 26][] with and without BANGING WHEELS, then a leader lapping there with 4 MP left:
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
# `quote(...).leader_check` is the engine's `needs_leader_check` ([§20][]): the leader, about to lap a car that is
# not yet a lap down. Not when the car is already a lap down (2nd lap), not when the mover is not the leader, and
# the blue flag does not remove it ([§15.3][]); a robot leader makes it too, for robots and humans ([§17.4][]).
#
# [§15.3]: ../../docs/rules/rf90_rules_digest.md#s15-3
# [§17.4]: ../../docs/rules/rf90_rules_digest.md#s17-4
# [§20]: ../../docs/rules/rf90_rules_digest.md#s20

# %%
cases = {
    "leader laps in a corner": PassSituation(CORNER, LAP, leader="mover"),
    "leader laps with the blue flag": PassSituation(STRAIGHT, LAP, leader="mover", blue_flag=True),
    "leader puts a car 2 laps down": PassSituation(CORNER, LAP, leader="mover", already_lapped=True),
    "a non-leader laps a backmarker": PassSituation(CORNER, LAP),
    "robot leader laps a robot": PassSituation(STRAIGHT, LAP, mover="superfast", other="slow", leader="mover"),
}
for label, sit in cases.items():
    q = mv.quote(sit)
    print(f"{label:<32} cost {q.cost.cost} MP   Leader check: {'yes' if q.leader_check else 'no':<3}   {q.position}")

# %% [markdown]
# If the check **fails**, the leader stops behind the car, loses his MP and takes **no damage** ([§20][]):
#
# [§20]: ../../docs/rules/rf90_rules_digest.md#s20

# %% tags=["presenter-show"]
for e in mv.play_situation(PassSituation(CORNER, LAP, leader="mover"), 4, check_passes=False).events:
    print(e.sentence())

# %% [markdown]
# ## NO MOVE, yellow flags and robots in the movement loop
#
# A car that did not move (NO MOVE token) is passed for 1 MP even in a corner ([§13.E.6][]) — unless a yellow flag is
# in the section, which has priority over everything ([§15.1][]). A robot stops behind a same-lap human in a braking
# zone, but passes another robot there for nothing ([§17.4][]):
#
# [§13.E.6]: ../../docs/rules/rf90_rules_digest.md#s13-e-6
# [§15.1]: ../../docs/rules/rf90_rules_digest.md#s15-1
# [§17.4]: ../../docs/rules/rf90_rules_digest.md#s17-4

# %% tags=["presenter-show"]
show(PassSituation(CORNER, OVERTAKE, no_move=True), mp=3)
show(PassSituation(CORNER, OVERTAKE, no_move=True, yellow_flag=True), mp=3)
show(PassSituation(BRAKING, OVERTAKE, mover="fast"), mp=3)
show(PassSituation(BRAKING, OVERTAKE, mover="fast", other="slow"), mp=3)
show(PassSituation(STRAIGHT, UNLAP, mover="slow"), mp=2)

# %% [markdown]
# At the **start** (turn 1), a **restart** or the **last turn** everything costs 1 MP in any section, and lapping
# with a blue flag or LAPPING is free ([§22][]):
#
# [§22]: ../../docs/rules/rf90_rules_digest.md#s22

# %% tags=["presenter-show"]
show(PassSituation(CORNER, OVERTAKE, turn="start"), mp=2)
show(PassSituation(CORNER, LAP, turn="last", lapping_skill=True), mp=2)
show(PassSituation(CORNER, OVERTAKE, turn="last", rules=Rules(last_turn_easy_passing=False)), mp=2)
show(PassSituation(CORNER, LAP, turn="last", blue_flag=True, rules=Rules(last_turn_easy_passing=False)), mp=2)

# %% [markdown]
# ## Ex. 26 — a corner blocks overtaking
#
#
# *Book (Ultrapassando, p.19):* Red is in corner section **G**; Blue has **5 MP**. On entering G — a corner with a
# **same-lap** car — Blue **loses all his remaining MP** ([§13.E.3][]). With BANGING WHEELS he would pass Red for
# **2 MP** and end in **F**: H 1 + G 1 + pass 2 + F 1 = 5 ([§26.2][]).
#
# Below, the book's arithmetic beside the engine's (read from the log by `racebook.rf90.rules.movement.mp_breakdown`),
# then
# each step with the rule the engine cited.
#
# [§13.E.3]: ../../docs/rules/rf90_rules_digest.md#s13-e-3
# [§26.2]: ../../docs/rules/rf90_rules_digest.md#s26-2

# %%
ex26 = racebook.load_scenario("ex26")
show_assumed(ex26)
print("book:  ", 'H 1 + G 1 + (stopped behind Red: 3 MP lost) = 5')
print("engine:", arithmetic(ex26.race, 'Blue'))
print(arithmetic_rules(ex26.race, 'Blue'))

# %% [markdown]
# The BANGING WHEELS reading, as a real race: the same scenario file with Blue's strategy set
# (`scenario_variant`), replayed by the engine:

# %%
# NBVAL_IGNORE_OUTPUT
ScenarioPlayer(ex26)  # ⏮ ◀ ▶ ⏭ step through the movement

# %%
ex26_bw = scenario_variant("ex26", "Ex. 26 with BANGING WHEELS", {"Blue": {"strategy": "banging_wheels"}},
                           "Blue has BANGING WHEELS (the book's second reading).")
print("book:   H 1 + G 1 + pass 2 + F 1 = 5")
print("engine:", arithmetic(ex26_bw.race, "Blue"))
print(ex26_bw.race.position())

# %%
# NBVAL_IGNORE_OUTPUT
ScenarioPlayer(ex26_bw)

# %% [markdown]
# ## Ex. 27 — a pass on the straight, then BANGING WHEELS in a braking zone
#
#
# *Book (p.19):* Blue has **7 MP**: he enters **H, G, F** (3), passes **Red** on the straight F (1), enters the
# braking zone **E** (1), which holds **Green** — normally he would stop there ([§13.E.3][]), but with **BANGING
# WHEELS** he passes Green for **1** ([§26.2][]) — and enters corner **D** (1). Total 7.
#
# [§13.E.3]: ../../docs/rules/rf90_rules_digest.md#s13-e-3
# [§26.2]: ../../docs/rules/rf90_rules_digest.md#s26-2

# %%
ex27 = racebook.load_scenario("ex27")
show_assumed(ex27)
print("book:  ", 'H 1 + G 1 + F 1 + pass Red 1 + E 1 + pass Green (BW) 1 + D 1 = 7')
print("engine:", arithmetic(ex27.race, 'Blue'))
print(arithmetic_rules(ex27.race, 'Blue'))
ex27_plain = scenario_variant("ex27", "Ex. 27 without BANGING WHEELS", {"Blue": {"strategy": None}},
                              "Blue has no strategy card.")
print("without BANGING WHEELS:", arithmetic(ex27_plain.race, "Blue"))

# %% [markdown]
# Without BANGING WHEELS the braking zone stops him behind Green ([§13.E.3][]): the straight pass of Red still costs
# 1 MP, and the engine then cites [§13.E.3][] instead of [§26.2][]. Passing Green gives Blue the Leader token ([§11.2][]
# case 2).
#
# [§11.2]: ../../docs/rules/rf90_rules_digest.md#s11-2
# [§13.E.3]: ../../docs/rules/rf90_rules_digest.md#s13-e-3
# [§26.2]: ../../docs/rules/rf90_rules_digest.md#s26-2

# %%
# NBVAL_IGNORE_OUTPUT
ScenarioPlayer(ex27)  # ⏮ ◀ ▶ ⏭ step through the movement

# %% [markdown]
# ## Ex. 28 — the leader laps a backmarker in a corner
#
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
print("book:  ", 'H 1 + G 1 + lap Orange 2 + F 1 = 5')
print("engine:", arithmetic(ex28.race, 'Blue'))
print(arithmetic_rules(ex28.race, 'Blue'))
start = racebook.rf90.scenario.load("ex28", play=False).race
print("before:", start.position())
print("after: ", ex28.race.position())

# %% [markdown]
# **[AMB-17][], tested:** the same start with **one more MP** (Blue plays R14 [4] on the red/green +2 trajectory I.t1:
# 6 MP). Purple costs **1 MP** to lap on the straight — not 0 — and needs its own Leader check first:
#
# [AMB-17]: ../../docs/rules/rf90_rules_digest.md#amb-17

# %%
# NBVAL_IGNORE_OUTPUT
ScenarioPlayer(ex28)  # ⏮ ◀ ▶ ⏭ step through the movement

# %%
ex28_6 = racebook.rf90.scenario.build({
    "scenario": {"id": "ex28_6mp", "track": "teaching", "seed": 28,
                 "position": "teaching turn=4 lap=2 | F: Purple{played} | G: Orange{played} | I: Blue*@I.t1"},
    "cars": {"Blue": {"hand": ["R14", "R18"], "target": "R88", "chips": 10}},
    "deck": {"stack": ["R01", "R30", "R25"]},
    "bag": {"stack": ["red"]},
})
for action in ["Blue start", "Blue play R14 +traj", "Blue pay chips=2", "Blue leader-check blind",
               "Blue leader-check blind"]:
    ex28_6.apply(action)
print(arithmetic(ex28_6, "Blue"))
print(ex28_6.position())

# %%
# NBVAL_IGNORE_OUTPUT
ScenarioPlayer(ex28_6)

# %% [markdown]
# ## Ex. 29 — lapping with the blue flag
#
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
print("book:  ", 'H 1 + G 1 + lap Orange 1 + F 1 + lap Pink 0 + E 1 = 5')
print("engine:", arithmetic(ex29.race, 'Blue'))
print(arithmetic_rules(ex29.race, 'Blue'))
print({car: ex29.race.state.laps_down(car) for car in ("Orange", "Pink")})

# %%
# NBVAL_IGNORE_OUTPUT
ScenarioPlayer(ex29)  # ⏮ ◀ ▶ ⏭ step through the movement

# %% [markdown]
# ## Ex. 30 — unlapping the leader
#
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
print("book:  ", 'E 1 + unlap Blue 1 + next section 1 + C 1 = 4')
print("engine:", arithmetic(ex30.race, 'Pink'))
print(arithmetic_rules(ex30.race, 'Pink'))
start = racebook.rf90.scenario.load("ex30", play=False).race
print("before:", start.position(), " Pink laps down:", start.state.laps_down("Pink"))
print("after: ", ex30.race.position(), " Pink laps down:", ex30.race.state.laps_down("Pink"))

# %%
# NBVAL_IGNORE_OUTPUT
ScenarioPlayer(ex30)  # ⏮ ◀ ▶ ⏭ step through the movement

# %% [markdown]
# ## Ex. 32 — the trajectory does not set the race order
#
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
print("book:  ", 'F 1 + E 1 + pass Blue (BW) 1 = 3')
print("engine:", arithmetic(ex32.race, 'Red'))
print(arithmetic_rules(ex32.race, 'Red'))
state = ex32.race.state
print("order in E, front to back:", state.cars_in("E"),
      {c: state.cars[c].trajectory for c in state.cars_in("E")})

# %%
# NBVAL_IGNORE_OUTPUT
ScenarioPlayer(ex32)  # ⏮ ◀ ▶ ⏭ step through the movement

# %% [markdown]
# ## Ex. 37 — the Track Card "-1" symbol
#
#
# *Book (p.25):* Blue plays **[4][2]** = **6 MP** (the [2] is a Track Card for **Curve 7** with the combination
# symbol, so the pair is legal). In **Priory (Curve 6)** he would stop behind the **SuperFast robot**, but the
# card's **"-1"** lets him pass in one corner as if it were a straight ([§19.2][]): **1 MP** to enter the corner, **1
# MP** to pass the SuperFast, **3 MP** to reach **Curve 7** (Luffield), where Green is. He has 1 MP left, but the "-1"
# was already used in Curve 6, so he **stops behind Green**.
#
# [§19.2]: ../../docs/rules/rf90_rules_digest.md#s19-2

# %%
ex37 = racebook.load_scenario("ex37")
show_assumed(ex37)
print("book:  ", 'Priory 1 + pass SuperFast 1 + 3 sections to Curve 7 + (stopped behind Green: 1 MP lost) = 6')
print("engine:", arithmetic(ex37.race, 'Blue'))
print(arithmetic_rules(ex37.race, 'Blue'))

# %% [markdown]
# On Silverstone the three sections are Brooklands, Luffield-brake and Luffield-1 (the teaching board). The
# scenario's `minus1=6` in the action names the corner the "-1" is used on.

# %%
# NBVAL_IGNORE_OUTPUT
ScenarioPlayer(ex37)  # ⏮ ◀ ▶ ⏭ step through the movement

# %% [markdown]
# ## Wrong tyres: the movement penalty (§16.2)
#
# Phase E also takes off MP for tyres that do not suit the weather ([§13.E.1][]). `tyre_frame()` asks
# `racebook.rf90.rules.movement.tyre_penalty` for each tyre × weather. The Intermediate row is printed in the manual as
# "-1 / -1 / –", which punishes intermediates in their own weather; the digest recommends "-1 / – / -1" ([AMB-5][]).
# It is a house-rule switch, `Rules(intermediate_row=...)`, shown both ways:
#
# [AMB-5]: ../../docs/rules/rf90_rules_digest.md#amb-5
# [§13.E.1]: ../../docs/rules/rf90_rules_digest.md#s13-e-1

# %% tags=["presenter-show"]
from racebook.rf90.options import IntermediateRow

print("AMB-5 corrected (the default):")
print(tyre_frame(Rules(intermediate_row=IntermediateRow.CORRECTED)).to_string())
print()
print("AMB-5 as printed:")
print(tyre_frame(Rules(intermediate_row=IntermediateRow.PRINTED)).to_string())

# %% [markdown]
# **RAIN EXPERT** ([§27][], [AMB-33][]) removes the penalty only for **Rain or Hard** tyres in **intermediate** weather;
# every other wrong-tyre case is penalised as usual. Robots never pay tyre penalties.
#
# [AMB-33]: ../../docs/rules/rf90_rules_digest.md#amb-33
# [§27]: ../../docs/rules/rf90_rules_digest.md#s27

# %%
from racebook.rf90.car import Skill

print(tyre_frame(skill=Skill.RAIN_EXPERT).to_string())

# %%
# NBVAL_IGNORE_OUTPUT
TyrePenaltyPanel()  # flip the AMB-5 house rule and RAIN EXPERT

# %% [markdown]
# ## What to remember
#
# * **1 MP per section entered**, whatever its type; **all MP must be used**; a forbidden pass **stops** the car and
#   the rest of its MP are lost ([§13.E.2][], [§13.E.3][], [Ex. 26][]).
# * A pass is priced by **the section of the car being passed**; entering that section is paid separately ([Ex. 27][]).
# * Overtaking: **1 MP on straights**, **forbidden** in corners and braking zones — unless BANGING WHEELS (2 / 1),
#   a duel, late braking, a "-1" Track Card, or the start / restart / last turn (1 MP anywhere).
# * Lapping and unlapping: **1 MP** (straight, braking zone), **2 MP** (corner); blue flag / LAPPING lap for 0 / 0 / 1;
#   the **leader** makes a **Leader check** before each first lapping, blue flag or not ([§20][], [AMB-18][]); "for
#   free" in [Ex. 28][] is 1 MP ([AMB-17][]).
# * A **NO MOVE** car is passed for 1 MP anywhere; a **yellow flag** forbids every pass in its corner ([§13.E.6][],
#   [§15.1][]).
# * **Robots**: 0 MP among themselves; stop behind same-lap humans in corners and braking zones; never unlap on their
#   own ([§17.4][]).
# * House rules: **[AMB-13][]** (last-turn easy passing) and **[AMB-5][]** (the Intermediate tyre row).
#
# [AMB-13]: ../../docs/rules/rf90_rules_digest.md#amb-13
# [AMB-17]: ../../docs/rules/rf90_rules_digest.md#amb-17
# [AMB-18]: ../../docs/rules/rf90_rules_digest.md#amb-18
# [AMB-5]: ../../docs/rules/rf90_rules_digest.md#amb-5
# [Ex. 26]: ../../docs/rules/rf90_rules_digest.md#ex-26
# [Ex. 27]: ../../docs/rules/rf90_rules_digest.md#ex-27
# [Ex. 28]: ../../docs/rules/rf90_rules_digest.md#ex-28
# [§13.E.2]: ../../docs/rules/rf90_rules_digest.md#s13-e-2
# [§13.E.3]: ../../docs/rules/rf90_rules_digest.md#s13-e-3
# [§13.E.6]: ../../docs/rules/rf90_rules_digest.md#s13-e-6
# [§15.1]: ../../docs/rules/rf90_rules_digest.md#s15-1
# [§17.4]: ../../docs/rules/rf90_rules_digest.md#s17-4
# [§20]: ../../docs/rules/rf90_rules_digest.md#s20

# %% [markdown]
# **Next →** [02_check_tests](02_check_tests.ipynb): the Target Check and the tests that cards, the Leader check and
# late braking ask for.
