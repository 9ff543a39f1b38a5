# ---
# jupyter:
#   jupytext:
#     formats: ipynb,py:percent
#     text_representation:
#       extension: .py
#       format_name: percent
#   kernelspec:
#     display_name: Python 3
#     language: python
#     name: python3
# ---

# %% [markdown]
# # 15 — Teams and robot teammates (Expansion #1)
#
# **You need:** [01a_movement](01a_movement.ipynb), [01b_passing](01b_passing.ipynb), [04_duels](04_duels.ipynb),
# [08_flags_weather_tyres](08_flags_weather_tyres.ipynb), [09a_robots](09a_robots.ipynb),
# [09b_robots_in_the_race](09b_robots_in_the_race.ipynb).
#
# Green and Red are teammates. Step through Green's turn at Spa with ▶: he passes Red for 0 MP, then the rival
# Blue stops him ([Ex. X1-4][]).
#
# [Ex. X1-4]: ../../docs/rules/rf90_expansion1_digest.md#x1-ex-4

# %% tags=["nbval-ignore-output"]
from racebook.rf90.ui import ScenarioPlayer

ScenarioPlayer("x1_04")  # ◀ ▶ Green's turn: the card, the trajectory, the free pass, the stop

# %% [markdown]
# **After this notebook you can** say what it means that a **teammate is transparent in movement** and what still
# applies; set up a race with teams (two humans, a human and a **robot teammate**, two robots) with the expansion's
# **recommended line-ups**; play the **four assistance cards** a human may discard for his robot teammate; read
# the house rule `teammate_ends_ahead`.
#
# <details><summary>Book references</summary>
#
# **Sources:** the Expansion #1 digest [§5][] (teams), [§8][] [Ex. X1-4][]…X1-13, [§9][]
# [AMB-X1-21][]…[AMB-X1-30][]; the manual's [digest §12][] (duels), [§15][] (flags), [§17][] (robots). The
# expansion was written for the 1st edition; where it meets the 2nd-edition manual, the manual wins (the robot's
# late-braking base 70, [AMB-X1-14][]).
#
# **Invented values** (none of them is printed in the expansion): the positions of the figures (Fig. 4–9 survive
# only as captions), the stacked card draws, the Spa board (`tracks/rf90/spa.toml`, marked `invented-for-teaching`
# field by field) and the one-player rows of the line-up table. The line-ups for 2–6 players, 3/4 MP, +1, +20, +3
# and the one-card limit are the book's. Every number comes from the engine (`racebook.rf90.teams`,
# `racebook.rf90.rules.assist`, `racebook.rf90.rules.movement`).
#
# </details>
#
# [AMB-X1-14]: ../../docs/rules/rf90_expansion1_digest.md#x1-amb-14
# [AMB-X1-21]: ../../docs/rules/rf90_expansion1_digest.md#x1-amb-21
# [AMB-X1-30]: ../../docs/rules/rf90_expansion1_digest.md#x1-amb-30
# [Ex. X1-4]: ../../docs/rules/rf90_expansion1_digest.md#x1-ex-4
# [§5]: ../../docs/rules/rf90_expansion1_digest.md#x1-s5
# [§8]: ../../docs/rules/rf90_expansion1_digest.md#x1-s8
# [§9]: ../../docs/rules/rf90_expansion1_digest.md#x1-s9
# [digest §12]: ../../docs/rules/rf90_rules_digest.md#s12
# [§15]: ../../docs/rules/rf90_rules_digest.md#s15
# [§17]: ../../docs/rules/rf90_rules_digest.md#s17
#
# ## 1. The rule: "continue your movement as if your teammate's car were not there" (§5.2)
#
# Two humans may always race as one team; a human alone may take a robot teammate. During movement a teammate is
# **transparent**: passing him costs **0 MP**, he **never stops you** in a braking or corner section, and the
# leader laps him **without a Leader check**. The digest's recommended reading ([AMB-X1-22][]) keeps everything else:
# rivals block as usual, a yellow flag forbids passing him too, the lap tokens still change — and a pass happens
# only **while you still have MP** after entering the section: a car that enters with its last MP stops behind
# everybody there, its teammate included.
#
# **[Ex. X1-4][]** (Fig. 4): Green plays an orange [2] and adds his +1 trajectory: 3 MP. Two of them take him into
# the braking section before Rivage, where his teammate Red and the rival Blue are. Watch the **Pass** line: Red is
# passed for 0 MP ([§5.2][]) — and the next car, Blue, a rival on Green's lap, stops him (the manual's
# [§13.E.3][]).
#
# [AMB-X1-14]: ../../docs/rules/rf90_expansion1_digest.md#x1-amb-14
# [AMB-X1-21]: ../../docs/rules/rf90_expansion1_digest.md#x1-amb-21
# [AMB-X1-22]: ../../docs/rules/rf90_expansion1_digest.md#x1-amb-22
# [AMB-X1-30]: ../../docs/rules/rf90_expansion1_digest.md#x1-amb-30
# [Ex. X1-4]: ../../docs/rules/rf90_expansion1_digest.md#x1-ex-4
# [§5]: ../../docs/rules/rf90_expansion1_digest.md#x1-s5
# [§5.2]: ../../docs/rules/rf90_expansion1_digest.md#x1-s5-2
# [§8]: ../../docs/rules/rf90_expansion1_digest.md#x1-s8
# [§9]: ../../docs/rules/rf90_expansion1_digest.md#x1-s9
# [digest §12]: ../../docs/rules/rf90_rules_digest.md#s12
# [§13.E.3]: ../../docs/rules/rf90_rules_digest.md#s13-e-3
# [§15]: ../../docs/rules/rf90_rules_digest.md#s15
# [§17]: ../../docs/rules/rf90_rules_digest.md#s17

# %%
import tomllib
from pathlib import Path

from IPython.display import SVG, display

import racebook
from racebook.rf90.lessons.notebook import lines, show_assumed, small_race
from racebook.rf90.lessons.teams import choices, example_rows, lineup_rows, play, refusals, teammate_ends_ahead, window
from racebook.rf90.options import HOUSE_RULE_DOCS
from racebook.rf90.setup import Driver
from racebook.rf90.teams import Team, TeamRobot, team_race
from racebook.rf90.tracksvg import race_svg
from racebook.ui.backend import pandas_display, table_of

pandas_display(width=200, max_colwidth=90)

# %%
x1_04 = racebook.load_scenario("x1_04")
show_assumed(x1_04, blank_line=True)
lines(x1_04.race, {"MovementPoints", "EnterSection", "Pass", "MovementStops"})
display(SVG(race_svg(x1_04.race, whole=False)))  # framed on the last step; whole=True: the circuit

# %% [markdown]
# The dashed rings mark the teams (one colour per team, listed under the title). In the Race Position Notation a
# team is a header item, `teams=Green+Red` (a named team: `teams=Ferrari:Green+Red`); a scenario file writes it in
# its `position`, and a position without `teams=` reads and writes exactly as before. [Ex. X1-4][]'s file starts with:
#
# [Ex. X1-4]: ../../docs/rules/rf90_expansion1_digest.md#x1-ex-4

# %%
raw = tomllib.loads(Path(x1_04.file).read_text(encoding="utf-8"))
print(f"Ex. X1-4's scenario file writes its position as: {raw['scenario']['position']}")

# %% [markdown]
# ### The house rule `teammate_ends_ahead`
#
# [AMB-X1-22][] lists one alternative reading: *the mover chooses to end ahead of or behind its teammate*. The switch
# `teammate_ends_ahead` plays it as "ahead": a car whose MP run out right behind its teammate passes him all the
# same, free. Here Green's 3rd MP takes him into Rivage, where Red waits.
#
# [AMB-X1-22]: ../../docs/rules/rf90_expansion1_digest.md#x1-amb-22

# %%
print(HOUSE_RULE_DOCS["teammate_ends_ahead"], "\n")
for ahead in (False, True):
    print(teammate_ends_ahead(ahead))

# %% [markdown]
# ### Teammates may duel (§5.7, AMB-X1-23)
#
# Two teammates who start their turn in the same corner section may fight: the rearmost may declare a **normal
# duel** — the one-chance-per-section limit included. A robot teammate's duel AI counts its own human ("he will
# fight you too"): with a same-lap human ahead it challenges, teammate or not.

# %%
duel = small_race("spa turn=4 lap=1 teams=Blue+Pink | Kemmel: Green*{played} | Les-Combes: Blue Pink",
                  {"Blue": {"hand": ["R44", "R60"]}, "Pink": {"kind": "robot", "robot": "superfast"}},
                  ["R13", "R42"], track="spa")
lines(duel, {"DuelsDeclared", "Challenged"})
print(choices(duel))

# %% [markdown]
# ## 2. Robot teammates and the recommended line-ups (§5.3–5.5)
#
# A player who wants a robot teammate takes **one robot of the highest category** — Fast in the basic game,
# SuperFast in the advanced game — and recolours it in his team's colour; when none is left, the teammate is an
# **additional** robot of that category. The expansion also recommends how many robots to race with — the table
# the base manual lacks. It lives in a data file, `racebook/rf90/data/robot_lineups.toml`:

# %%
table_of(lineup_rows())

# %% [markdown]
# `racebook.rf90.teams.team_race(track, teams, level=…)` sets a race up from a list of teams. [Ex. X1-5][] … X1-9:
#
# [Ex. X1-5]: ../../docs/rules/rf90_expansion1_digest.md#x1-ex-5

# %%
table_of(example_rows())

# %% [markdown]
# A robot teammate **follows the robot rules** (no panel, the highest free trajectory, 3 MP basic / 4 MP advanced,
# other robots passed for 0 MP) and ignores its own human in movement. Its qualifying chit is replaced by the
# **refuel chit of its own colour** with the same turn ([§5.4][], [AMB-X1-24][]): it pits when the turn pawn reaches
# *its* chit, not when a chit of its type binds "the best-placed robot".
#
# [AMB-X1-24]: ../../docs/rules/rf90_expansion1_digest.md#x1-amb-24
# [§5.4]: ../../docs/rules/rf90_expansion1_digest.md#x1-s5-4

# %%
rs = team_race(racebook.load_track("spa"), [Team("Blue", (Driver("Blue"), TeamRobot("Pink")))], level="advanced",
               seed=9)
for e in rs.events:
    if e.kind in ("RobotTeammateJoins", "RobotTeammateChit"):
        print(e.sentence())
print("robot chits left on the turn track:", ", ".join(sorted(f"{t.value} {n}" for t, n in rs.state.robot_chits)))

# %% [markdown]
# ## 3. The four assistance cards (§5.6)
#
# During its robot teammate's turn the associated human may discard **one** card — and only one per Game Turn
# ([AMB-X1-25][]) — of the right colour; its icons are ignored (no cost, no check, no draw). Each colour has its
# window; the engine opens a window only when the human holds a card that can do something there, and the window is
# a decision of the human: `Blue assist Pink CARD WHAT` or `Blue no-assist`.
#
# | window | card | effect |
# |---|---|---|
# | start of its movement | event (yellow) **with the matching symbol** | place a yellow flag / remove one (green-flag symbol) / move the weather one step |
# | during its movement — **also after its MP ran out** | speed (red) | +1 MP |
# | end of its movement | driving (green) | a forced late braking (LB symbol needed) or ET; **+20** on that next blind check, not on later off-track checks |
# | its section activated | gears (orange) | it declares a duel, or takes part in one, with **+3** — against robots too |
#
# ### Red: +1 MP after the MP ran out (Ex. X1-10, Fig. 6)
#
# [AMB-X1-25]: ../../docs/rules/rf90_expansion1_digest.md#x1-amb-25

# %%
x1_10 = racebook.load_scenario("x1_10", play=False)
show_assumed(x1_10)
r10 = x1_10.race
lines(r10, {"MovementPoints", "EnterSection", "Pass"})
window(r10)

# %%
play(r10, "Blue assist Pink R10 mp", quiet={"GameTurnStarted", "LeaderToken", "Activated", "DuelsDeclared",
                                             "RaceStageStarted", "GameTurnEnded", "TurnBegins"})
display(SVG(race_svg(r10, whole=False)))

# %% [markdown]
# Step through it: |◀ ◀ ▶ ▶| replays Pink's turn one rule step at a time — its 3 MP, then Blue's red card and the
# +2 trajectory it reaches.

# %% tags=["nbval-ignore-output"]
ScenarioPlayer(r10, position=None)

# %% [markdown]
# ### Green: a forced late braking, 60 + 20 = 80 (Ex. X1-11, Fig. 7)
#
# Pink must stop behind the green human in the braking section before Rivage (the manual's [§17.4][]). Blue's driving
# card forces a late braking: a **blind** check against the robot's 70, −10 for the section ([AMB-X1-14][]), **+20** for
# the card.
#
# [AMB-X1-14]: ../../docs/rules/rf90_expansion1_digest.md#x1-amb-14
# [§17.4]: ../../docs/rules/rf90_rules_digest.md#s17-4

# %%
x1_11 = racebook.load_scenario("x1_11", play=False)
show_assumed(x1_11)
r11 = x1_11.race
window(r11)
play(r11, "Blue assist Pink R28 lb", quiet={"GameTurnStarted", "LeaderToken", "Activated", "DuelsDeclared",
                                             "RaceStageStarted", "GameTurnEnded", "TurnBegins", "Challenged"})

# %% [markdown]
# ### Orange: a forced robot-vs-robot duel (Ex. X1-12, Fig. 8)
#
# Robots never duel each other (the manual's [§17.2][]) — unless a human discards a gears card. When Stavelot is
# activated the duel procedure asks Blue first: Pink may be forced to declare. Then Green is asked whether he supports
# Red.
#
# [§17.2]: ../../docs/rules/rf90_rules_digest.md#s17-2

# %%
x1_12 = racebook.load_scenario("x1_12", play=False)
show_assumed(x1_12)
r12 = x1_12.race
window(r12)

# %%
play(r12, "Blue assist Pink R22 duel")
window(r12)

# %%
play(r12, "Green no-assist", quiet={"MovementPoints", "EnterSection", "Pass", "MovementStops", "TurnEnds",
                                    "TurnBegins", "TrajectoryOccupied", "GameTurnStarted", "GameTurnEnded",
                                    "LeaderToken", "Activated", "RaceStageStarted", "DuelsDeclared", "Challenged"})

# %% [markdown]
# Pink's total: its two random cards **−1** for the corner (it is not first) **+3** for Blue's card = **+2**; Red,
# first and unsupported, adds nothing. Step back through the duel, from Blue's card to the result:

# %% tags=["nbval-ignore-output"]
ScenarioPlayer(r12, position=None)

# %% [markdown]
# ### Yellow: a yellow flag before the robot moves (Ex. X1-13, Fig. 9)

# %%
x1_13 = racebook.load_scenario("x1_13", play=False)
show_assumed(x1_13)
r13 = x1_13.race
window(r13)

# %% [markdown]
# The window lists only what Blue's cards allow: R15 shows the yellow-flag symbol (every free corner place), R46
# the green-flag symbol (but no yellow flag is out). Blue puts the flag in Rivage to slow down Green, coming behind.

# %%
play(r13, "Blue assist Pink R15 yellow-flag=Rivage@0", quiet={"EnterSection"})

# %% [markdown]
# `explain()` says why an assistance card is refused — from the same rules that list the legal ones:

# %%
table_of(refusals(r13, ("Blue assist Pink R46 green-flag=Rivage", "Blue assist Pink R22 mp",
                         "Green assist Pink R25 mp")))

# %% [markdown]
# ## 4. What changed elsewhere
#
# The automatic races of notebooks **12** and **13** (and `racebook simulate`) now fill the field with the
# expansion's **advanced line-up** for 2–6 players (2 SuperFast, 3 Fast, 3 Slow for 2–3 players; 2-2-2 for 4–6)
# instead of the invented six-car default; one player keeps the invented 2 SuperFast, 2 Fast, 1 Slow.
#
# **Try it:** `racebook replay x1_12` replays the forced duel; change the stacked cards in the scenario and see who
# wins.

# %% [markdown]
# **Next →** [16_championship](16_championship.ipynb): Expansion #1: the RF90 Championship.
