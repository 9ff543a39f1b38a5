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
# # 13 — What usually happens if…? Monte Carlo experiments
#
# **You need:** [05a_late_braking](05a_late_braking.ipynb), [07_fuel_and_pits](07_fuel_and_pits.ipynb),
# [08_flags_weather_tyres](08_flags_weather_tyres.ipynb), [12_full_race](12_full_race.ipynb).
#
# Which refuel chit should you take: 8, 12 or 16? An automatic driver raced Silverstone 300 times with each, the
# engine as referee. Read the charts, or press **▶ Run** to play the races again, live (about a minute).

# %% tags=["nbval-ignore-output"]
from IPython.display import display

from racebook.rf90.analysis import experiments as X
from racebook.rf90.analysis import precomputed
from racebook.rf90.ui.experiments import ExperimentPanel

TRACK, PLAYERS, SEED = "silverstone", 1, 1000  # the track, the automatic "human" drivers, the first seed
SMALL, BIG = 20, 300  # races per choice: the quick runs; the long runs and the ▶ Run buttons
exp1 = X.refuel(chits=(8, 12, 16), track=TRACK, players=PLAYERS, seed=SEED)
saved1 = precomputed.load("refuel_silverstone")  # BIG races per choice, by tools/precompute.py
big1 = ExperimentPanel(exp1, races=BIG, extra=("pit stops",))
display(big1)
big1.show(saved1)

# %% [markdown]
# **Left**, each chit's mean finishing position with its 95 % interval (1 = the winner, at the top); **right**, how
# often the car finished in each place; below, the summary table.
#
# **After this notebook you can** set up a **fair comparison** (one choice changes, the **seeded** races stay the
# same); read a mean position, its **95 % interval** and the **retirements** (*abandonos*); tell a real difference
# from **noise**; say what the **refuel chit** (*ficha de reabastecimento*), **late braking** (*Atraso de Freada*)
# and **Soft or Hard tyres** did for a simple automatic driver — and why that is not "the best play".
#
# <details><summary>Book references</summary>
#
# **Digest sections:** [§6.1][] and [§0.1][] (the robots-per-players table is missing), [§7.1][] (the chit's
# qualifying modifier), [§8][] (fuel management), [§9.2][] (tyres), [§13.A.3][] (the pit stop), [§13.F.1][] (late
# braking), [§18.3][]–[§18.6][] (off track, re-entry, retiring), [§19.3][] (the LB Discard Power), [§25][] (race
# end); readings [AMB-20][], [AMB-27][], [AMB-31][], [AMB-32][] and 37 of [§31][]. Every number is computed by the
# engine (`racebook.rf90.analysis.simulate`, `racebook.rf90.analysis.experiments`); the notebook only shows it.
#
# </details>
#
# [AMB-20]: ../../docs/rules/rf90_rules_digest.md#amb-20
# [AMB-27]: ../../docs/rules/rf90_rules_digest.md#amb-27
# [AMB-31]: ../../docs/rules/rf90_rules_digest.md#amb-31
# [AMB-32]: ../../docs/rules/rf90_rules_digest.md#amb-32
# [§0.1]: ../../docs/rules/rf90_rules_digest.md#s0-1
# [§13.A.3]: ../../docs/rules/rf90_rules_digest.md#s13-a-3
# [§13.F.1]: ../../docs/rules/rf90_rules_digest.md#s13-f-1
# [§18.3]: ../../docs/rules/rf90_rules_digest.md#s18-3
# [§18.6]: ../../docs/rules/rf90_rules_digest.md#s18-6
# [§19.3]: ../../docs/rules/rf90_rules_digest.md#s19-3
# [§25]: ../../docs/rules/rf90_rules_digest.md#s25
# [§31]: ../../docs/rules/rf90_rules_digest.md#s31
# [§6.1]: ../../docs/rules/rf90_rules_digest.md#s6-1
# [§7.1]: ../../docs/rules/rf90_rules_digest.md#s7-1
# [§8]: ../../docs/rules/rf90_rules_digest.md#s8
# [§9.2]: ../../docs/rules/rf90_rules_digest.md#s9-2

# %%
import dataclasses

from racebook.rf90.analysis.simulate import COLOURS, ROBOTS_BY_PLAYERS, one_race, robots_for
from racebook.rf90.options import Rules
from racebook.rf90.ui import ScenarioPlayer
from racebook.ui.backend import table_of, table_of_columns

CAR = COLOURS[0]  # the first human car

# %% [markdown]
# ## How the simulation works

# %% [markdown] tags=["presenter-hide"]
# The settings are in the first code cell: change them and *Run ▸ Run All Cells* (other settings play the races:
# minutes).

# %% [markdown]
# **The engine is the referee.** `one_race(track, seed, …)` (`racebook.rf90.analysis.simulate`) plays a race to the
# end: Free Practice with the default panel (10 tyre chips, 6 cards, 5 wear slots); **qualifying** ([§7][]:
# the first card of the dealt hand becomes the car's **Target Check**, and the experiment's refuel chit; robots
# draw robot chits); the weather, the experiment's **tyres** and SAVE TYRES; then the
# race. At each decision of a human car an **automatic driver** picks one of `race.legal_actions()`: it can
# choose, never bend a rule.
#
# **The driver is a simple, documented heuristic** (`racebook.rf90.analysis.drivers.GreedyDriver`), not a good
# player:
#
# | decision | what `GreedyDriver` does |
# |---|---|
# | play cards ([§13.C][]) | the legal combination with the most MP minus its risk (damage symbols + tests); ties: fewer tyres. It **ignores the Soft tyres' blue token** (+1 MP) |
# | tests ([§13.D.2][]) | the lowest hand card that **surely** passes; otherwise a blind draw |
# | pit stops ([§8][]) | when the chit is due, when forced and whenever the Safety Car window offers one; **never** extra fuel; **Hard** tyres at every stop; keeps its strategy |
# | late braking ([§13.F.1][]) | a Track Card's LB Discard Power whenever it holds one (a sure success); otherwise *always*, *never*, or *by the odds* (exact P(pass) at least 60 %) |
# | duels ([§12][]) | never challenges, never joins; bids its highest-MP cards when it must |
# | trajectories ([§13.F.2][]) | the free one with the biggest bonus |
#
# So every result below describes **this driver**, not what a strong player would get from the same choice.
#
# **The field.** The manual's robots-per-players table is missing ([§6.1][], [§0.1][]): `racebook` uses the
# advanced line-up of [Expansion #1 §5.3][] for 2–6 players and, for one player — these experiments — the invented
# 2 SuperFast, 2 Fast, 1 Slow:
#
# [Expansion #1 §5.3]: ../../docs/rules/rf90_expansion1_digest.md#x1-s5-3
# [§0.1]: ../../docs/rules/rf90_rules_digest.md#s0-1
# [§12]: ../../docs/rules/rf90_rules_digest.md#s12
# [§13.C]: ../../docs/rules/rf90_rules_digest.md#s13-c
# [§13.D.2]: ../../docs/rules/rf90_rules_digest.md#s13-d-2
# [§13.F.1]: ../../docs/rules/rf90_rules_digest.md#s13-f-1
# [§13.F.2]: ../../docs/rules/rf90_rules_digest.md#s13-f-2
# [§6.1]: ../../docs/rules/rf90_rules_digest.md#s6-1
# [§7]: ../../docs/rules/rf90_rules_digest.md#s7
# [§8]: ../../docs/rules/rf90_rules_digest.md#s8

# %% tags=["presenter-show"]
field_table = table_of([{"players": p, "SuperFast": sf, "Fast": f, "Slow": s} for p, (sf, f, s)
                        in ROBOTS_BY_PLAYERS.items()])
print(field_table.to_string(index=False))
field = list(COLOURS[:PLAYERS]) + [name for name, _ in robots_for(PLAYERS)]
print(f"\nthis notebook's field ({len(field)} cars):", ", ".join(field))

# %% [markdown]
# **Seeds make every number reproducible.** A race's *seed* fixes every shuffle and every blind draw; the same
# seed replays the same race, decision for decision. Here is one race, and what the experiments keep of it for
# the human car (`racebook.rf90.analysis.experiments.outcomes`):

# %% tags=["presenter-show"]
race, result = one_race(TRACK, SEED, players=PLAYERS)
print(f"seed {SEED}: {len(race.actions)} decisions by the automatic driver(s); winner {result.winner} (§25)")
print("classification:", ", ".join(X.classification(race)))
print("pit stops:", "; ".join(f"{car} on turn {', '.join(map(str, turns))}" for car, turns in result.pit_turns.items()))
same = one_race(TRACK, SEED, players=PLAYERS)[1] == result
print(f"the same seed played again gives {'the same race ✓' if same else 'ANOTHER race ✗'}\n")
outs = X.outcomes(race, result, "example")
rows = [{k: ", ".join(map(str, v)) if isinstance(v, tuple) else v for k, v in dataclasses.asdict(o).items()}
        for o in outs]
print(table_of_columns(dict(enumerate(rows))).to_string(header=False))

# %% [markdown]
# **position**: 1 = the winner ([§25][]), then laps, section, order in the section; a car **at a re-entry point**
# goes behind its re-entry section, **retired** cars come last (this notebook's reading). **gap**: sections behind
# the winner (a Silverstone lap is 31). The readings of the book these races use (and the default house rules,
# below):
#
# | # | the question | the reading used |
# |---|---|---|
# | 20 | "each stop gives 10 turns": from where? | new chit = old chit + 10 (+3 per extra section), at most current turn + 16 |
# | 37 | may a car whose chit is due skip its turn instead? | no: it is offered only pit stops |
# | [AMB-27][] | where a successful late braker lands | **behind** the cars already in the next section |
# | [AMB-31][] | "two sets of Soft tyres": is the start one? | yes |
# | [AMB-32][] | Hard's Track Card when Hard is refitted | yes: every new Hard set gives one |
#
# [AMB-27]: ../../docs/rules/rf90_rules_digest.md#amb-27
# [AMB-31]: ../../docs/rules/rf90_rules_digest.md#amb-31
# [AMB-32]: ../../docs/rules/rf90_rules_digest.md#amb-32
# [§25]: ../../docs/rules/rf90_rules_digest.md#s25

# %%
table_of([{"house rule": rule, "value": value} for rule, value in Rules().to_dict().items()], index="house rule")

# %% [markdown]
# ## How to read the numbers
#
# * Every choice plays the **same seeds**: the choices differ only by the choice and what follows from it.
# * **Mean position** over *n* races, its standard error SE = s.d. / √n and its **95 % interval** ≈ mean ± 1.96 SE:
#   two choices whose intervals overlap a lot are **not** shown to differ.
# * **Paired difference**: B minus A, seed by seed, with its own interval — sharper, as each pair shares its decks.
# * **How many races?** For means *d* places apart, with a standard deviation *s* per race: about
#   n = 2 (1.96 + 0.84)² s² / d² races **per choice** (`X.races_needed(s, d)`).
#
# The saved races (`racebook/rf90/data/precomputed/`) record their seeds, command and racebook version; a quick
# run is their first `SMALL` seeds.
#
# ---
#
# ## Experiment 1 — the refuel chit: 8, 12 or 16?
#
# **The rules.** The refuel chit is chosen secretly at qualifying ([§7.1][]): the Game Turn of the car's **first
# mandatory pit stop** ([§8][]). Fuel weighs: chit 8 adds **+2** to the qualifying value, chit 12 nothing, chit 16
# **−2** ([§29.1][]). Each stop gives **10 turns** of fuel (reading 20), costs 8 sections at Silverstone,
# **repairs** every red wear token and refits the tyre chips ([§13.A.3][]). The driver's plans:
#
# [§13.A.3]: ../../docs/rules/rf90_rules_digest.md#s13-a-3
# [§29.1]: ../../docs/rules/rf90_rules_digest.md#s29-1
# [§7.1]: ../../docs/rules/rf90_rules_digest.md#s7-1
# [§8]: ../../docs/rules/rf90_rules_digest.md#s8

# %% tags=["presenter-show"]
for chit in (8, 12, 16):
    print(X.greedy_fuel_plan(TRACK, chit).summary())

# %% [markdown]
# Chit 16 is the only **one-stop** plan: 8 sections lost instead of 16, but the heaviest car on the grid and 16
# turns on the first tyres and wear slots. First a quick run, `SMALL` = 20 races per chit:

# %% tags=["nbval-ignore-output"]
panel1 = ExperimentPanel(exp1, races=BIG, extra=("pit stops",))
display(panel1)
panel1.show(saved1, SMALL)  # the first SMALL seeds of the saved races (▶ Run plays BIG live)

# %% tags=["presenter-show"]
print(panel1.table().to_string(index=False))
print()
print(panel1.pits().to_string())
print()
for b in ("chit 8", "chit 16"):
    print(panel1.difference("chit 12", b).sentence())
sd = max(s.sd_position for s in X.stats(panel1.results))
print(f"\none race's position varies with a standard deviation of about {sd:.2f} places, so to see a difference of")
for d in (1.0, 0.5, 0.3, 0.1):
    print(f"  {d:.1f} places you need about {X.races_needed(sd, d):>5} races per choice")

# %% [markdown]
# The pit turns follow the chit: 8 and 18, 12 and 22, or 16 alone (a missing turn: the car had retired).
#
# **Be honest about 20 races.** The intervals are ±0.3–0.4 places wide and overlap; a paired difference that
# *looks* clear is, at this size, a hint, not a finding. The 300 races per chit of the panel at the top:

# %%
print(saved1.describe())
print(big1.table().to_string(index=False))
print(big1.retirements().to_string())
for a, b in (("chit 12", "chit 8"), ("chit 12", "chit 16"), ("chit 16", "chit 8")):
    print(big1.difference(a, b).sentence())
    print(big1.difference(a, b, retirements=True).sentence())

# %% [markdown]
# **What 300 races per choice say** (seeds 1000…1299, one automatic driver against five robots):
#
# * **Chit 8 was best, chit 12 worst**, chit 16 in between: about 5.1, 5.3 and 5.2. Chit 8's lead (about 0.1 and
#   0.2 places) is clear at this size; chit 16 against chit 12 (0.07) is not.
# * **Retirements** explain part of it: about 10 % with chit 8, 14 % with 12 and 19 % with 16, mostly "wear slots
#   full": the chit is also your **repair schedule**. Chit 16 retires more often than 12 but finishes no worse:
#   its single stop loses 8 sections instead of 16.
# * The **win share is about zero**: this driver ends more than a lap behind the SuperFast and Fast robots; the
#   places mostly measure whether it beats the Slow robot and stays in. A better driver may rank the chits
#   differently.
#
# ---
#
# ## Experiment 2 — late braking: always, never, or by the odds?
#
# **The rules** ([§13.F.1][]). A car that ends its movement in a braking zone with an LB symbol may try a **late
# braking**: a **blind test** against its Target Check plus the printed modifier (Silverstone: −10 or −20).
# **Success**: it passes every car in the zone and moves to the next section, behind the cars there
# ([AMB-27][]). **Failure**: the **off-track route** ([§18.3][]): recovery tests, time loss, wear, or **Crash
# Out**. Here: what a habit does over a race — **always** try, **never** try a blind test, or **by the odds**
# (P(pass) at least 60 %). All three use a Track Card's **LB Discard Power** (a sure success, [§19.3][]): hence
# *never*'s few "LB tries".
#
# [AMB-27]: ../../docs/rules/rf90_rules_digest.md#amb-27
# [§13.F.1]: ../../docs/rules/rf90_rules_digest.md#s13-f-1
# [§18.3]: ../../docs/rules/rf90_rules_digest.md#s18-3
# [§19.3]: ../../docs/rules/rf90_rules_digest.md#s19-3

# %% tags=["nbval-ignore-output"]
exp2 = X.late_braking(track=TRACK, players=PLAYERS, seed=SEED)
saved2 = precomputed.load("late_braking_silverstone")
panel2 = ExperimentPanel(exp2, races=BIG, extra=("LB tries", "LB off track"))
display(panel2)
panel2.show(saved2, SMALL)

# %%
print(panel2.table().to_string(index=False))
print()
print(panel2.endings().to_string())
print()
print(panel2.difference("never", "always").sentence())
print(panel2.difference("never", "always", retirements=True).sentence())
print(panel2.difference("never", "by the odds").sentence())

# %% [markdown]
# The **retirements** of *always* stand out even at 20 races; a few tenths of a *place* do not. **Why does it go so
# wrong?** The Target Check is any check factor from 1 to 99, replaced by every test's card ([§13.D.2][]); a blind
# draw passes only at most the Target Check plus the LB modifier, and *always* tries whatever its Target Check.
# The first *always* race in which the human car failed:
#
# [§13.D.2]: ../../docs/rules/rf90_rules_digest.md#s13-d-2

# %% tags=["presenter-show"]
seed2 = next(o.seed for o in panel2.results["always"] if o.lb_failures)
race2, _ = X.run_race(exp2, exp2.arms[0], seed2, frames=True)
at = X.lb_failure_event(race2, CAR)
print(f"seed {seed2}, event {at}:")
for e in X.lb_excursion(race2, CAR):
    print(" ", e.sentence())

# %% tags=["nbval-ignore-output"]
ScenarioPlayer(race2, position=at)

# %% [markdown]
# And the long run:

# %% tags=["nbval-ignore-output"]
big2 = ExperimentPanel(exp2, races=BIG, extra=("LB tries", "LB off track"))
display(big2)
big2.show(saved2)

# %%
print(saved2.describe())
print(big2.table().to_string(index=False))
print(big2.retirements().to_string())
for a, b in (("never", "always"), ("never", "by the odds")):
    print(big2.difference(a, b).sentence())
    print(big2.difference(a, b, retirements=True).sentence())

# %% [markdown]
# **What 300 races per choice say:**
#
# * ***Always* is a disaster**: more than half of the cars retire, most of them crashing off the track, and the
#   mean place is about 0.4 worse than *never*: a clear difference.
# * ***By the odds* and *never* finish in the same places** (0.0 ± 0.05): the 60 % threshold is rarely reached.
#   Telling them apart would take **thousands** of races — or the exact odds of
#   [notebook 05a](05a_late_braking.ipynb), for one situation.
# * *By the odds* is exactly *chit 12* of experiment 1 (and *Hard* below): the same seeds, the same races.
#
# ---
#
# ## Experiment 3 — Soft or Hard tyres?
#
# **The rules** ([§9.2][], [§29.6][]). **Soft** tyres give the panel's tyre chips **minus 3** and **3 blue tokens**,
# each **+1 MP**, at most one per turn; at most two sets of Soft per race, the start included ([AMB-31][]).
# **Hard** tyres give all 10 chips and **one Track Card**, also at every new Hard set ([AMB-32][]). Two warnings:
# the driver fits **Hard** at every pit stop, so "Soft" means *Soft for the first stint*; and it ignores the blue
# token, so it **almost never spends** the +1 MP: this compares "7 chips, no Track Card" with "10 chips and a
# Track Card".
#
# [AMB-31]: ../../docs/rules/rf90_rules_digest.md#amb-31
# [AMB-32]: ../../docs/rules/rf90_rules_digest.md#amb-32
# [§29.6]: ../../docs/rules/rf90_rules_digest.md#s29-6
# [§9.2]: ../../docs/rules/rf90_rules_digest.md#s9-2

# %% tags=["nbval-ignore-output"]
exp3 = X.tyres(track=TRACK, players=PLAYERS, seed=SEED)
saved3 = precomputed.load("tyres_silverstone")
big3 = ExperimentPanel(exp3, races=BIG, extra=("blue tokens", "pit stops"))
display(big3)
big3.show(saved3)

# %%
print(saved3.describe())
print(big3.table().to_string(index=False))
print(big3.retirements().to_string())
print(big3.difference("Hard", "Soft").sentence())
print(big3.difference("Hard", "Soft", retirements=True).sentence())

# %% [markdown]
# **Replicate before you believe.** The same question with 300 *other* seeds (5000, 5001, …):

# %% tags=["nbval-ignore-output"]
saved4 = precomputed.load("tyres_silverstone_seed5000")
again = ExperimentPanel(X.tyres(track=TRACK, players=PLAYERS, seed=5000), races=BIG, extra=("blue tokens",))
display(again)
again.show(saved4)

# %%
print(saved4.describe())
print(again.table().to_string(index=False))
print(again.difference("Hard", "Soft").sentence())
print(again.difference("Hard", "Soft", retirements=True).sentence())

# %% [markdown]
# **What the two runs say:**
#
# * With seeds 1000… Soft and Hard finish in the **same places within noise** (0.02 places) and retire about as
#   often (about 13 % against 14 %).
# * With seeds 5000… *Soft* finishes about **0.1 place behind**, an interval that just excludes zero (retirements
#   16 % against 11 %, within noise). Two runs disagree: the second's "clear" result is most likely luck.
# * The blue-token column confirms the warning: a fraction of a token spent per race, out of three.
#
# ---
#
# ## What these experiments can and cannot tell you
#
# * They **can** show what a rule does to a *given* way of playing, reproducibly, and say when a difference is
#   still noise. They **cannot** tell you the best play: results hold for this driver, track and field.
# * **Size matters**: 0.3 places needs over a hundred races per choice; a tenth of a place, about a thousand.
# * **Many comparisons, some luck**: about one comparison in twenty looks "clear" by chance. This notebook makes
#   more than twenty: a surprising result deserves a **replication** with fresh seeds.
#
# ### Try it
#
# Press ▶ **Run** in any panel (set the number of races first).

# %% [markdown] tags=["presenter-hide"]
# In the notebook you can also change the settings in the first code cell:
# another `TRACK` (`"monza"`, `"teaching"`), more `PLAYERS`, another `SEED`. Or build your own experiment: any
# `one_race` option (`refuel`, `tyre`, `strategy`, `late_brake`, `driver`) can be an arm:
#
# ```python
# from racebook.rf90.car import Tyre
# mine = X.Experiment("Chit 8 on Soft tyres", (X.Arm("chit 8 Soft", {"refuel": 8, "tyre": Tyre.SOFT}),
#                                              X.Arm("chit 8 Hard", {"refuel": 8, "tyre": Tyre.HARD})),
#                     track=TRACK, players=PLAYERS, seed=SEED)
# ExperimentPanel(mine)  # then press ▶ Run
# ```

# %% [markdown]
# **Next →** [14_spa_and_extreme_trajectories](14_spa_and_extreme_trajectories.ipynb): Expansion #1: Spa, Monaco and the
# Extreme Trajectories.
