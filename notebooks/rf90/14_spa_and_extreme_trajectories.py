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
# # 14 — Spa, Monaco and Expansion #1's Extreme Trajectories
#
# **You need:** [05a_late_braking](05a_late_braking.ipynb), [06_trajectories](06_trajectories.ipynb).
#
# At Spa's Eau Rouge, Red tries Expansion #1's **Extreme Trajectory**: a blind check against the 60 printed in the
# green diamond, at the start of his turn. Step through it with ▶ ([Ex. X1-1][]–X1-2).
#
# [Ex. X1-1]: ../../docs/rules/rf90_expansion1_digest.md#x1-ex-1

# %% tags=["nbval-ignore-output"]
from racebook.rf90.ui import ScenarioPlayer

ScenarioPlayer("x1_02")  # ◀ ▶ Red's turn: the ET check, the green card, 7 MP to Rivage

# %% [markdown]
# **After this notebook you can** tell the **two Extreme Trajectory procedures** apart (the 2nd-edition manual's and
# **Expansion #1's**, *Trayectoria Extrema*); replay [Ex. X1-1][] to X1-3 and say what a failed check costs; compute the
# **exact odds** of passing 60 against the manual's for any Target Check; read **Monaco**'s braking zones *without*
# the late-braking symbol.
#
# <details><summary>Book references</summary>
#
# **Sources:** the Expansion #1 digest [§3][] (Monaco), [§4][] (Spa, the ET procedure), [§4.11][] (the two
# procedures), [§8][] [Ex. X1-1][]…X1-4, [§9][] [AMB-X1-2][]…13; the manual's [digest §13.D.2][], [§18.2][],
# [§26][], [§27][]. Where the digest and the Spanish original differ, the original wins: Fig. 3's recovery card is
# *discarded* ("descarta una carta 28 de su mano"), so the engine discards it like the ET check card. Every number
# comes from the engine (`racebook.rf90.rules.extreme_x1`, `racebook.rf90.analysis`).
#
# </details>
#
# [AMB-X1-2]: ../../docs/rules/rf90_expansion1_digest.md#x1-amb-2
# [Ex. X1-1]: ../../docs/rules/rf90_expansion1_digest.md#x1-ex-1
# [§3]: ../../docs/rules/rf90_expansion1_digest.md#x1-s3
# [§4]: ../../docs/rules/rf90_expansion1_digest.md#x1-s4
# [§4.11]: ../../docs/rules/rf90_expansion1_digest.md#x1-s4-11
# [§8]: ../../docs/rules/rf90_expansion1_digest.md#x1-s8
# [§9]: ../../docs/rules/rf90_expansion1_digest.md#x1-s9
# [digest §13.D.2]: ../../docs/rules/rf90_rules_digest.md#s13-d-2
# [§18.2]: ../../docs/rules/rf90_rules_digest.md#s18-2
# [§26]: ../../docs/rules/rf90_rules_digest.md#s26
# [§27]: ../../docs/rules/rf90_rules_digest.md#s27

# %%
from IPython.display import SVG, display

import racebook
from racebook.rf90.lessons import extreme_x1 as L
from racebook.rf90.lessons.notebook import lines
from racebook.rf90.options import HOUSE_RULE_DOCS
from racebook.rf90.track import SectionType
from racebook.ui.backend import pandas_display, table_of

pandas_display(width=200, max_colwidth=100)

# %% [markdown]
# ## 1. The rule: one Extreme Trajectory, two procedures
#
# The expansion was written for the **1st edition**; the 2nd-edition manual later built ETs into the core rules
# with another procedure. The engine plays **both**: each track file says which (`et_procedure`), and the house
# rule `et_procedure` can override it. Spa plays the expansion's.
#
# | | Expansion #1 (Spa) | 2nd edition (the manual) |
# |---|---|---|
# | when | **start of the turn**, before cards, pit or skip (`Red extreme`; `start` declines) | phase D.2, after the cards are played |
# | target | the **printed value** (60) + rain; **no REFLEXES** | the car's Target Check ± the printed modifier |
# | the check card | **discarded**; the Target Check is unchanged | becomes the new Target Check |
# | passed | the bonus, with a card of the ET's colour | the bonus in phase E (colour needed) |
# | failed | **no movement card**; the off-track route, checked **against the ET value** (60 − 20 = 40); the turn **ends at the re-entry point** | the recovery chart against the Target Check, then the turn goes on without the bonus |
# | robots | forced by the orange flag; blind against the printed value | forced by the orange flag; blind against 70 |

# %%
x1_02 = racebook.load_scenario("x1_02")
table_of(L.provenance_rows(x1_02.race))

# %% [markdown]
# The table shows the provenance rule at work: the check value 60 is the expansion's (`expansion1:`), the bonus +4
# is **derived** from Fig. 2 (7 MP with a [3]), and the test modifier, used only under the manual's procedure, is
# invented for teaching.
#
# ## 2. Ex. X1-1 and X1-2: following the ET and using its bonus

# %%
lines(x1_02.race)

# %% [markdown]
# (57) ≤ 60 passes, although Red's Target Check is (83): the check ignores it, and it stays (83). The green [3]
# matches the ET's colour, so Red has 3 + 4 = **7 MP**, exactly the seven sections to the orange trajectory at
# Rivage.
#
# ## 3. Ex. X1-3: failing it

# %%
x1_03 = racebook.load_scenario("x1_03")
lines(x1_03.race)
red = x1_03.race.state.cars["Red"]
tc = x1_03.race.state.card(red.target).check
print(f"\nRed: off the track beside {red.off_track}, {red.time_loss} MP lost next turn, Target Check still ({tc})")

# %% [markdown]
# ## 4. The same position under the manual's procedure
#
# The same start, with the house rule `et_procedure = "2e"`: Red declares the trajectory with his cards and the
# ET is tested in phase D.2 against his Target Check (83) plus Spa's (invented) modifier −10.

# %%
print(HOUSE_RULE_DOCS["et_procedure"], "\n")
manual, start = L.manual_procedure()  # the same three cards, drawn phase B first, then the ET test
lines(manual, start=start)

# %% [markdown]
# ## 5. The odds
#
# Under the expansion the odds do not depend on the car: P(pass) is the share of unseen cards with a check factor
# of at most 60 (40 in rain). Under the manual they grow with the Target Check. The table compares them on the
# position of [Ex. X1-1][] for several Target Checks (exact fractions over the cards Red cannot see).
#
# [Ex. X1-1]: ../../docs/rules/rf90_expansion1_digest.md#x1-ex-1

# %%
table_of(L.odds_rows())

# %% [markdown]
# What a failure costs under the expansion: the whole turn's movement (no card is played), then the route.
# `odds.route_outcome` walks Spa's off-track route exactly, here with the ET value 60 as its base (Fig. 3: a normal
# check at −20, so 40; then, on the red arrow, an invented blind check at −40 and a Crash Out with the Safety Car).
# Red holds a (28), which surely passes 40: his failure costs the turn and 2 MP next turn, never the race. A hand
# with nothing under 41 would make the check blind, and the red arrow possible.

# %%
table_of([L.failure_cost_row()])

# %% [markdown]
# The designers' advice follows: *"don't take excessive risks … make sure you can actually use the extra MP"* —
# a +4 is worth about 2.4 MP on average, and a failure costs a whole turn.
#
# ## 6. Monaco: braking zones without the late-braking symbol
#
# Monaco (pit −9, 28 turns) has several braking sections **without the LB symbol**: nobody may late-brake there,
# and a car reaching one that holds a car of its lap **stops** ([§13.E.3][]). Lapping costs 1 MP per car; only
# BANGING WHEELS overtakes there, for 1 MP per car. In the picture Red waits in Grand-Hotel-brake, a braking section
# without the symbol: Blue and Green, behind him at Mirabeau, may not late-brake past him there.
#
# [§13.E.3]: ../../docs/rules/rf90_rules_digest.md#s13-e-3

# %%
monaco = racebook.load_track("monaco")
display(SVG(L.monaco_view()))  # framed on Mirabeau; racebook.rf90.tracksvg.position_svg(monaco): the whole circuit
table_of([{"section": s.name, "corner": monaco.corner(s.corner).name if s.corner else "",
           "LB symbol": "yes" if s.lb_modifier is not None else "no", "source": s.source[:60]}
          for s in monaco.sections if s.type is SectionType.BRAKING])

# %% [markdown]
# A small simulation (seeded, so the numbers are fixed): three automatic drivers race Monaco with the same
# strategy, four races per strategy. The designers recommend SAVE TYRES (its Special pays a Track Card when a tyre
# chip is spent, and Monaco's long stints stress the tyres) and BANGING WHEELS (the only way to overtake in a
# braking zone, and its Special pays for an overtake) ([Expansion #1 §3.5][]). The field is eleven cars: the three
# humans and the expansion's recommended line-up of eight robots ([Expansion #1 §5.3][]; notebook 15). In this small
# sample the humans place best with SAVE TYRES, and BANGING WHEELS ties with BALANCE (with the six-car field used before
# the line-ups it came second); twelve races are a hint, not a proof — try more with `simulate("monaco", 40, …)`.
#
# [Expansion #1 §3.5]: ../../docs/rules/rf90_expansion1_digest.md#x1-s3-5
# [Expansion #1 §5.3]: ../../docs/rules/rf90_expansion1_digest.md#x1-s5-3

# %%
table_of(L.monaco_rows(races=4, seed=40))

# %% [markdown]
# ## 7. Words (English · Portuguese, the manual · Spanish, the expansion)
#
# | English | Portuguese (manual) | Spanish (Expansion #1) |
# |---|---|---|
# | Extreme Trajectory (ET) | Trajetória Extrema | Trayectoria Extrema |
# | ET check value | — (the Target Check) | valor de Comprobación ET |
# | blind check | Teste Cego | Comprobación ciega |
# | off-track route | trajetória fora da pista | Trayectoria de Salida de Pista |
# | re-entry point | ponto de reentrada | punto de re-entrada |
# | braking section | seção de freio | sección de frenado |
# | late braking | Atraso de Freada | Apurada de Frenada |
# | Track Card | Track Card | Carta de Circuito |
# | duel | duelo | Lucha |
# | pit stop | pit stop | parada en boxes |
#
# **Try it:** `racebook replay x1_03`, or play Spa in `12_full_race` — on the straight before Eau Rouge, occupy the
# diamond and choose `extreme` at the start of your next turn.

# %% [markdown]
# **Next →** [15_teams_and_robot_teammates](15_teams_and_robot_teammates.ipynb): Expansion #1: teams and robot
# teammates.
