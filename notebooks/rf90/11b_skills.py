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
# # 11b — Strategies and skills, part 2: the skills
#
# **You need:** [11a_strategies](11a_strategies.ipynb) (and what it needs: [01a_movement](01a_movement.ipynb),
# [01b_passing](01b_passing.ipynb), [02_check_tests](02_check_tests.ipynb), [04_duels](04_duels.ipynb),
# [05a_late_braking](05a_late_braking.ipynb), [07_fuel_and_pits](07_fuel_and_pits.ipynb)).
#
# Every player also picks one **skill** for the whole race. Pick a skill and one of its runs: ★ marks the line where
# the skill acts, and the track view steps through it (|◀ ◀ ▶ ▶|).

# %% tags=["nbval-ignore-output"]
from racebook.rf90.ui.strategies import StrategyDemos

StrategyDemos("reflexes", kind="skill")  # Ex. 23: the same blind test without and with REFLEXES

# %% [markdown]
# **Learning objectives** — after this part you can:
#
# * say what each of the ten **skills** (*habilidades*) does, and which ones use a token that is rotated when
#   used and reset at a pit stop;
# * read a tiny live position for each one and point at the event sentence where the skill acts;
# * tell what the book leaves open about the skills (SIXTH SENSE's missing text, RAIN EXPERT in uncertain weather)
#   from what it states.
#
# <details><summary>Book references</summary>
#
# **Digest sections:** [§6.2][] (choosing a skill), [§13.A.2][] (VERSATILITY, WISE DRIVING), [§27][] (Appendix B,
# the skills).
#
# **Readings** ([§31][]): [AMB-15][], [AMB-33][], [AMB-45][].
#
# **Examples** ([§30][]): a variant of [Ex. 23][].
#
# </details>
#
# [AMB-15]: ../../docs/rules/rf90_rules_digest.md#amb-15
# [AMB-33]: ../../docs/rules/rf90_rules_digest.md#amb-33
# [AMB-45]: ../../docs/rules/rf90_rules_digest.md#amb-45
# [Ex. 23]: ../../docs/rules/rf90_rules_digest.md#ex-23
# [§13.A.2]: ../../docs/rules/rf90_rules_digest.md#s13-a-2
# [§27]: ../../docs/rules/rf90_rules_digest.md#s27
# [§30]: ../../docs/rules/rf90_rules_digest.md#s30
# [§31]: ../../docs/rules/rf90_rules_digest.md#s31
# [§6.2]: ../../docs/rules/rf90_rules_digest.md#s6-2

# %% [markdown]
# ## The skills in one page
#
# Each player picks one **skill** (*habilidade*) at Free Practice ([§6.2][]); it never changes during the race, and
# several players may share one. VERSATILITY, WISE DRIVING and SIXTH SENSE use a token that is **rotated 90°** when
# used and turned back at every pit stop. The demos read as in [part 1](11a_strategies.ipynb): the moves (▶), the
# engine's sentences, ★ where the skill acts.
#
# [§6.2]: ../../docs/rules/rf90_rules_digest.md#s6-2

# %%
from IPython.display import Markdown

from racebook.rf90.lessons import demos

Markdown(demos.markdown_table(demos.skill_rows(), ["skill", "effect", "token (rotated, reset at a pit)", "digest",
                                                   "engine"]))

# %% [markdown]
# ## QUALIFY (§27, §7.1)
#
# **+2** to the qualifying value (*Qualificação*); **+1 MP** in the start turn and at restarts; **2 Track Cards** at
# the start of the race (on top of the Hard tyres' one, [§9.2][]).
#
# [§9.2]: ../../docs/rules/rf90_rules_digest.md#s9-2

# %%
print(demos.demo_text("qualify"))

# %% [markdown]
# ## VERSATILITY (§27, §13.A.2)
#
# The player may **change strategy during the race**: he declares it in **phase A.2** and rotates the skill token
# 90°. At any pit stop the token turns back, so it can be used again (the strategy can also be changed at the pit
# stop itself). Here Blue swaps SAVE TYRES for PUSH, and [2] + [4] becomes a legal pair in the same turn.

# %%
print(demos.demo_text("versatility"))

# %% [markdown]
# ## LAPPING (§27)
#
# **0 MP** to **lap** backmarkers (*retardatários*) on **straights and in braking zones**, **1 MP in corners**
# (normally 1 and 2, [§13.E.4][]); **+1 MP for each blue-flag symbol** on the cards played for movement. At the start
# and at restarts lapping is free (the Leader check may still be needed). It works in the last turn too.
#
# [§13.E.4]: ../../docs/rules/rf90_rules_digest.md#s13-e-4

# %%
print(demos.demo_text("lapping"))

# %% [markdown]
# ## PITTING (§27, §13.A.3)
#
# At every pit stop the car goes back **2 sections fewer** than the pit stop time (here −8 + 2 = 6), and takes
# **one more Track Card**, which does **not** count toward the hand limit ([AMB-45][]).
#
# [AMB-45]: ../../docs/rules/rf90_rules_digest.md#amb-45

# %%
print(demos.demo_text("pitting"))

# %% [markdown]
# ## REFLEXES (§27, §13.D.2)
#
# **+20 on every test**: a green card's, a late braking's, an Extreme Trajectory's, the Leader check and the
# off-track recovery tests — the only skill that helps during a recovery. [Ex. 23][]: a blind test at −10 in the
# rain (−20) is a −30 test; with REFLEXES it is a −10 test, and the same (77) passes.
#
# [Ex. 23]: ../../docs/rules/rf90_rules_digest.md#ex-23

# %%
print(demos.demo_text("reflexes"))

# %% [markdown]
# ## TUNING (§27, §6.2) — spelled "TUNNING" in the manual
#
# The player may spend up to **8 setup points** (*pontos de setup*; normally 6), never more than **3 in one
# characteristic** (tyres, cards, wear slots). At each pit stop he may also remove **one permanent damage**
# (*dano permanente*, a brown token) besides all the red ones. (The 7-card token's 3 points are presumed: the
# manual states only some values, [§6.2][].)
#
# [§6.2]: ../../docs/rules/rf90_rules_digest.md#s6-2

# %%
print(demos.demo_text("tuning"))

# %% [markdown]
# ## WISE DRIVING (§27, §13.A.2)
#
# As the **first action of his turn** (phase A.2) the player may discard all or part of his hand and draw new
# **Race Cards** up to the panel's card number — **Track Cards do not count** toward it. The token is rotated:
# once between pit stops. After a pit stop his Track Cards do not count toward the hand limit either ([§13.A.3][]).
#
# [§13.A.3]: ../../docs/rules/rf90_rules_digest.md#s13-a-3

# %%
print(demos.demo_text("wise_driving"))

# %% [markdown]
# ## RAIN EXPERT (§27, §16.2)
#
# In **intermediate** weather (*Garoa*) his **Rain or Hard** tyres (*chuva / duro*) carry **no penalty**. If he
# **starts on Rain tyres** he gets **3 blue tyre tokens** (*token azul*: +1 MP each, at most one a turn), even in
# intermediate weather. Every other wrong-tyre case is penalised as usual.
#
# *[AMB-33][]:* p.18 seems to free every tyre in uncertain weather; the engine follows the skill's text (Soft still
# −1).
#
# [AMB-33]: ../../docs/rules/rf90_rules_digest.md#amb-33

# %%
print(demos.demo_text("rain_expert"))

# %% [markdown]
# ## FLAT OUT (§27) <STK>
#
# An expert at **Extreme Trajectories** (*Trajetória Extrema*): when he takes one he **may skip its blind test**
# and still gets the bonus — **reduced by 1**. The colour rule still applies. Marked <STK>: not for the Basic game.
# The engine offers it as a play option ("the Extreme Trajectory flat out").

# %%
print(demos.demo_text("flat_out"))

# %% [markdown]
# ## SIXTH SENSE (§27, AMB-15) — incomplete
#
# "Anticipates race events": at the start of his turn the player has **3 flag tokens**; when all are used the
# card is rotated 90°, and it returns after each pit stop; "none of these flags may be used more than once." The
# manual's text **ends there** ([AMB-15][]): which flags, and how they are played, is NOT IN SOURCE. The engine marks
# the skill incomplete and refuses it with `RuleUnavailable`, as it refuses the 10th strategy.
#
# [AMB-15]: ../../docs/rules/rf90_rules_digest.md#amb-15

# %%
print(demos.demo_text("sixth_sense"))

# %% [markdown]
# # Try it: every strategy and skill
#
# Both parts together: pick any strategy or skill and one of its runs; the lines where it acts are highlighted, and
# the track view steps through the same race.

# %% tags=["nbval-ignore-output"]
StrategyDemos("banging_wheels")

# %% [markdown]
# **See also.** [Notebook 05a](05a_late_braking.ipynb) plays late braking (REFLEXES), [07](07_fuel_and_pits.ipynb)
# fuel and pit stops (PITTING, TUNING, QUALIFY). Each skill's demo lives in `racebook/rf90/lessons/demo_catalogue.py`
# as plain data, with a test in `tests/rf90/lessons/test_demos.py` checking that it shows its effect.

# %% [markdown]
# **Next →** [12_full_race](12_full_race.ipynb): a whole race at the club table.
