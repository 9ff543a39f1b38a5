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
# **You need:** [05_late_braking](05_late_braking.ipynb), [07_fuel_and_pits](07_fuel_and_pits.ipynb),
# [08_flags_weather_tyres](08_flags_weather_tyres.ipynb), [12_full_race](12_full_race.ipynb).
#
# **Learning objectives** — after this notebook you can:
#
# * set up a **fair comparison**: one choice changes, everything else — track, field, cards, weather — stays the
#   same, because every choice replays the same **seeded** races;
# * run hundreds of races with the engine as the referee and read a **mean finishing position** with its
#   **95 % interval**, a distribution of places, and the share of **retirements** (*abandonos*);
# * tell a real difference from **noise**, and work out **how many races** a question needs;
# * say what the **refuel chit** (*ficha de reabastecimento*), **late braking** (*Atraso de Freada*) and **Soft or
#   Hard tyres** (*pneus macios / duros*) did for a simple automatic driver — and why that is not "the best play".
#
# **Digest sections:** [§6.1][] and [§0.1][] (the robots-per-players table is missing), [§7.1][] (the chit's qualifying
# modifier), [§8][] (fuel management), [§9.2][] (tyres), [§13.A.3][] (the pit stop), [§13.F.1][] (late braking),
# [§18.3][]–[§18.6][] (off track, re-entry, retiring), [§19.3][] (the LB Discard Power), [§25][] (race end); readings
# [AMB-20][], [AMB-27][], [AMB-31][], [AMB-32][] and 37 of [§31][].
#
# Every number below is computed by the `racebook` engine (`racebook.rf90.analysis.simulate`,
# `racebook.rf90.analysis.experiments`); the
# notebook only shows it.
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

import pandas as pd
from IPython.display import display

from racebook.rf90.analysis import experiments as X
from racebook.rf90.analysis import precomputed
from racebook.rf90.analysis.simulate import COLOURS, ROBOTS_BY_PLAYERS, one_race, robots_for
from racebook.rf90.options import Rules
from racebook.rf90.ui import ScenarioPlayer
from racebook.rf90.ui.experiments import ExperimentPanel

# %% [markdown]
# ## The settings
#
# Change them here and run the notebook again (*Run ▸ Run All Cells*). The quick runs use `SMALL` races per
# choice; the long runs and the ▶ **Run** buttons use `BIG`. With these settings the panels show races computed
# in advance (see "How to read the numbers"); with others they play the races, which takes minutes.

# %%
TRACK = "silverstone"  # tracks/silverstone.toml: 24 Game Turns, 31 sections, 5 braking zones with an LB symbol
PLAYERS = 1            # automatic "human" drivers; robots fill the field (ROBOTS_BY_PLAYERS below)
SEED = 1000            # race k of every choice is played with seed SEED + k
SMALL = 20             # races per choice in the quick runs
BIG = 300              # races per choice in the long runs and behind the ▶ Run buttons
CAR = COLOURS[0]       # the first human car

# %% [markdown]
# ## How the simulation works
#
# **The engine is the referee.** `racebook.rf90.analysis.simulate.one_race(track, seed, …)` sets a race up and plays it
# to the
# end:
#
# 1. **Free Practice** with the default panel: 10 tyre chips, 6 cards, 5 wear slots ([§6.2][]), no skill.
# 2. **Qualifying** (*Qualificação*, [§7][]): each player lays the first card of his dealt hand — it becomes his
#    **Target Check** for the race ([§7.2][]) — and the **refuel chit** of the experiment. Robots draw robot chits.
# 3. **Pre-race** ([§9][]): the weather from a card, then the **tyres** of the experiment and the SAVE TYRES strategy.
# 4. **The race** ([§10][]–[§25][]): the engine runs every rule. Whenever a human car has a decision, an **automatic
#    driver** picks one action from `race.legal_actions()` — it can choose, never bend a rule.
#
# **The drivers are simple, documented heuristics** (`racebook.rf90.analysis.drivers.GreedyDriver`), not good players:
#
# | decision | what `GreedyDriver` does |
# |---|---|
# | play cards ([§13.C][]) | the legal combination with the most MP minus its risk (damage symbols + tests); ties: the one that costs fewer tyres. It **ignores the Soft tyres' blue token** (+1 MP, [§9.2][]) |
# | tests ([§13.D.2][]) | uses the lowest hand card that **surely** passes; otherwise a blind draw |
# | pit stops ([§8][], [§13.A.3][]) | when the chit is due, when forced ([§18.1][]) and whenever the Safety Car window offers one ([§21.4][]); **never** an extra section of fuel; fits **Hard** tyres at every stop; keeps its strategy |
# | late braking ([§13.F.1][]) | a Track Card's LB Discard Power whenever it holds one (a sure success, [§19.3][]); otherwise *always*, *never*, or *by the odds*: when the exact P(pass) is at least 60 % |
# | duels ([§12][]) | never challenges, never joins; bids its highest-MP cards when it must |
# | trajectories ([§13.F.2][]) | occupies the free one with the biggest bonus |
#
# So every result below describes **this driver**, not what a strong player would get from the same choice.
#
# **The field.** The manual's table of robots per number of players is missing ([§6.1][]: "see table" — NOT IN
# SOURCE, [§0.1][]). `racebook` uses Expansion #1's recommended advanced line-up for 2–6 players ([Expansion #1 §5.3][];
# the rows for 2–6 changed from an invented six-car field when the team rules came in) and, for one player — the
# experiments below — the invented 2 SuperFast, 2 Fast, 1 Slow it always used, so their numbers and the precomputed
# tables did not change:
#
# [Expansion #1 §5.3]: ../../docs/rules/rf90_expansion1_digest.md#x1-s5-3
# [§0.1]: ../../docs/rules/rf90_rules_digest.md#s0-1
# [§6.1]: ../../docs/rules/rf90_rules_digest.md#s6-1

# %% tags=["presenter-show"]
table = pd.DataFrame([{"players": p, "SuperFast": sf, "Fast": f, "Slow": s} for p, (sf, f, s)
                      in ROBOTS_BY_PLAYERS.items()])
print(table.to_string(index=False))
field = list(COLOURS[:PLAYERS]) + [name for name, _ in robots_for(PLAYERS)]
print(f"\nthis notebook's field ({len(field)} cars):", ", ".join(field))

# %% [markdown]
# **Seeds make every number reproducible.** A race's *seed* fixes every shuffle and every blind draw; the same
# seed replays the same race, decision for decision. Here is one race, and its replay:

# %% tags=["presenter-show"]
race, result = one_race(TRACK, SEED, players=PLAYERS)
print(f"seed {SEED}: {len(race.actions)} decisions by the automatic driver(s); winner {result.winner} (§25)")
print("classification:", " ".join(X.classification(race)))
print("pit turns:", result.pit_turns)
print("the same seed again gives the same race:", one_race(TRACK, SEED, players=PLAYERS)[1] == result)

# %% [markdown]
# What the experiments keep of each race, for every human car (`racebook.rf90.analysis.experiments.outcomes`):

# %% tags=["presenter-show"]
outs = X.outcomes(race, result, "example")
print(pd.DataFrame([dataclasses.asdict(o) for o in outs]).T.to_string(header=False))

# %% [markdown]
# * **position**: 1 = the winner, the car with the Leader token ([§25][]); then the engine's race order: laps, then
#   section, then the order inside the section. Two cases the race order leaves out get a place by this notebook's
#   reading: a car still **at a re-entry point** at the end is placed behind the cars of its re-entry section,
#   where it would come back ([§18.5][]); **retired** cars ([§18.6][]) come after every running car, the last one out
#   first.
# * **gap**: sections behind the winner at the end (a Silverstone lap is 31 sections), cars still in the race only.
# * **pit_turns**, **lb_attempts**, **lb_failures** (each failed late braking sends the car off the track, [§18.3][]),
#   **blue_tokens** (Soft tyres' +1 MP tokens spent), **why_out** (the retirement's reason).
#
# The readings of the book these races use (`one_race` plays with the default house rules — it has no switch for
# them):
#
# | # | the question | the reading used |
# |---|---|---|
# | [§6.1][], [§0.1][] | how many robots for how many players (the table is missing) | `ROBOTS_BY_PLAYERS`: Expansion #1's advanced line-up ([Expansion #1 §5.3][]) for 2–6 players; 2-2-1 (invented) for one |
# | 20 | "each stop gives 10 turns": from where? | new chit = old chit + 10 (+3 per extra section), at most current turn + 16 |
# | 37 | may a car whose chit is due skip its turn instead? | no: it is offered only pit stops |
# | [AMB-27][] | where a successful late braker lands | **behind** the cars already in the next section |
# | [AMB-31][] | "two sets of Soft tyres": is the start one? | yes |
# | [AMB-32][] | Hard's Track Card when Hard is refitted | yes: every new Hard set gives one |
# | [§25][] | the places after the winner | laps, then section, then order in the section; a car at a **re-entry point** at the end goes behind its re-entry section ([§18.5][]); **retired** cars come last, the last one out first (this notebook's reading, `racebook.rf90.analysis.experiments.classification`) |
#
# [Expansion #1 §5.3]: ../../docs/rules/rf90_expansion1_digest.md#x1-s5-3
# [AMB-27]: ../../docs/rules/rf90_rules_digest.md#amb-27
# [AMB-31]: ../../docs/rules/rf90_rules_digest.md#amb-31
# [AMB-32]: ../../docs/rules/rf90_rules_digest.md#amb-32
# [§0.1]: ../../docs/rules/rf90_rules_digest.md#s0-1
# [§18.3]: ../../docs/rules/rf90_rules_digest.md#s18-3
# [§18.5]: ../../docs/rules/rf90_rules_digest.md#s18-5
# [§18.6]: ../../docs/rules/rf90_rules_digest.md#s18-6
# [§25]: ../../docs/rules/rf90_rules_digest.md#s25
# [§6.1]: ../../docs/rules/rf90_rules_digest.md#s6-1

# %%
for name, value in Rules().to_dict().items():
    print(f"{name} = {value!r}")

# %% [markdown]
# ## How to read the numbers
#
# * An experiment plays `SMALL` (or `BIG`) seeds for **every choice**: seed 1000 with chit 8, seed 1000 with
#   chit 12, … The choices differ only by the choice and what follows from it ("common random numbers").
# * **Mean position** over *n* races, and its **standard error** SE = s.d. / √n (the s.d. of one race's
#   position). A race is the unit: the human cars of one race share its cards and weather.
# * **95 % interval** ≈ mean ± 1.96 SE: where the long-run mean probably lies. Two choices whose intervals
#   overlap a lot are **not** shown to differ — the difference may be noise.
# * **Paired difference**: choice B minus choice A, seed by seed, with its own 95 % interval. It is sharper than
#   comparing two intervals, because each pair of races starts from the same shuffled decks.
# * **How many races?** To tell apart two choices whose means differ by *d* places, when one race's position has
#   standard deviation *s*, you need about n = 2 (1.96 + 0.84)² s² / d² races **per choice** (a 5 % false alarm
#   rate and an 80 % chance to see a real difference): `racebook.rf90.analysis.experiments.races_needed(s, d)`.
#
# The panels below show races computed in advance: playing 300 races per choice takes about a minute, so
# `tools/precompute.py` played them once and stored each human car's outcome in a small file
# (`racebook/rf90/data/precomputed/`, with the seeds, the command and the racebook version; a test replays a few
# of its races and checks they come out the same). A quick run is the first `SMALL` seeds of that file. Each
# panel's **▶ Run** button plays its races again, live, with a progress bar (one step per race), and fills the
# two charts as it goes: **left**, each choice's mean finishing position with its 95 % interval (1 = winner at the
# top); **right**, the distribution of the human car's finishing places. Below them, the summary table.
#
# ---
#
# ## Experiment 1 — the refuel chit: 8, 12 or 16?
#
# **The rules.** The refuel chit (*ficha de reabastecimento*) is chosen secretly at qualifying ([§7.1][]): turn 8,
# 10, 12, 14 or 16. It is the Game Turn of the car's **first mandatory pit stop** ([§8][]). Fuel weighs: chit 8 adds
# **+2** to the qualifying value, chit 12 nothing, chit 16 **−2** ([§7.1][], [§29.1][]) — a light car starts further up
# the grid. Each stop gives **10 turns** of fuel (+3 per extra section backed, tank 16; reading 20) and costs the
# **pit stop time** in sections (Silverstone: 8). The stop also **repairs** every red wear token and refits the
# tyre chips ([§13.A.3][]).
#
# The automatic driver pits only when the chit is due and never takes extra fuel, so at Silverstone its plans are
# (`racebook.rf90.analysis.planner.plan`, [§8][]):
#
# [§13.A.3]: ../../docs/rules/rf90_rules_digest.md#s13-a-3
# [§29.1]: ../../docs/rules/rf90_rules_digest.md#s29-1
# [§7.1]: ../../docs/rules/rf90_rules_digest.md#s7-1
# [§8]: ../../docs/rules/rf90_rules_digest.md#s8

# %% tags=["presenter-show"]
for chit in (8, 12, 16):
    print(X.greedy_fuel_plan(TRACK, chit).summary())

# %% [markdown]
# Chit 16 is the only **one-stop** plan without extra fuel: 8 sections lost instead of 16, but the heaviest
# car on the grid and 16 turns on the first set of tyres and wear slots. Which matters more?
#
# **The experiment** — everything as in `one_race`'s defaults (Hard tyres, SAVE TYRES, late braking by the odds);
# only the chit changes:

# %% tags=["presenter-show"]
exp1 = X.refuel(chits=(8, 12, 16), track=TRACK, players=PLAYERS, seed=SEED)
print(exp1.describe())
saved1 = precomputed.load("refuel_silverstone")  # BIG races per choice of exp1, by tools/precompute.py

# %%
# NBVAL_IGNORE_OUTPUT
panel1 = ExperimentPanel(exp1, races=BIG, extra=("pit stops",))
display(panel1)
panel1.show(saved1, SMALL)  # the quick run: the first SMALL seeds of the saved races (▶ Run plays BIG live)

# %% [markdown]
# The quick run's numbers (the table under the charts), and the turns on which the human car pitted:

# %% tags=["presenter-show"]
print(panel1.table().to_string(index=False))
print()
print(panel1.pits().to_string())

# %% [markdown]
# The pit turns follow the chit ([§8][]): 8 and 18, 12 and 22, or 16 alone. A turn missing for a few cars means they
# had retired by then.
#
# **Is there a difference?** Race by race (the same seeds), and how many races it would take to see one:
#
# [§8]: ../../docs/rules/rf90_rules_digest.md#s8

# %% tags=["presenter-show"]
for b in ("chit 8", "chit 16"):
    print(panel1.difference("chit 12", b).sentence())
sd = max(s.sd_position for s in X.stats(panel1.results))
print(f"\none race's position varies with a standard deviation of about {sd:.2f} places, so to see a difference of")
for d in (1.0, 0.5, 0.3, 0.1):
    print(f"  {d:.1f} places you need about {X.races_needed(sd, d):>5} races per choice")

# %% [markdown]
# **Be honest about 20 races.** With 20 races per choice the 95 % intervals are about ±0.3–0.4 places wide and
# they overlap. A paired difference may already *look* clear — its interval only just missing zero — but with this
# many comparisons that happens by luck now and then (see the end of the notebook): at this size it is a hint,
# not a finding. A difference of 0.2–0.3 places needs well over a hundred races per choice: here are all `BIG` =
# 300 races per choice of the saved run (its **▶ Run** plays them again, live: about a minute):

# %%
# NBVAL_IGNORE_OUTPUT
big1 = ExperimentPanel(exp1, races=BIG, extra=("pit stops",))
display(big1)
big1.show(saved1)

# %%
print(f"{saved1.header['seeds']}; racebook {saved1.header['racebook']}; recompute: {saved1.header['command']}")
print(big1.table().to_string(index=False))
print(big1.retirements().to_string())
for a, b in (("chit 12", "chit 8"), ("chit 12", "chit 16"), ("chit 16", "chit 8")):
    print(big1.difference(a, b).sentence())
    print(big1.difference(a, b, retirements=True).sentence())

# %% [markdown]
# **What 300 races per choice say** (seeds 1000…1299, Silverstone, one automatic driver against five robots):
#
# * **Chit 8 was best, chit 12 worst**, chit 16 in between: about 5.1, 5.3 and 5.2. Chit 8's lead over the two
#   others (about 0.1 and 0.2 places) is clear at this size; chit 16 against chit 12 (0.07) is not.
# * **Retirements** explain part of it: about 10 % with chit 8 against about 14 % with 12 and 19 % with 16,
#   mostly "wear slots full". A stop repairs every red wear token and refits the tyres ([§13.A.3][]); the light car
#   stops on turn 8, the others run 12 or 16 turns on their first set of wear slots. The chit is also your
#   **repair schedule**.
# * Chit 16 retires more often than chit 12 but finishes no worse: its single stop loses 8 sections instead of 16.
# * The **win share is about zero** for every chit: this driver is slower than the SuperFast and Fast robots, and
#   the "gap" column says it ends more than a lap behind the winner. The places mostly measure whether it beats the
#   Slow robot and stays in the race. A better driver may well rank the chits differently.
#
# ---
#
# ## Experiment 2 — late braking: always, never, or by the odds?
#
# **The rules** ([§13.F.1][]). A car that **ends its movement** in a braking zone with an LB symbol may try a **late
# braking** (*Atraso de Freada*): a **blind test** against its Target Check plus the printed LB modifier
# (Silverstone: −10 or −20). **Success**: it passes every car in the braking zone and moves to the next section,
# behind the cars already there ([AMB-27][]). **Failure**: it leaves the track and follows the **off-track route**
# printed there ([§18.3][]): recovery tests, time loss, tyre chips, wear — or **Crash Out** and retirement ([§18.6][]);
# it comes back at a **re-entry point** on its next turn ([§18.5][]). [Notebook 05](05_late_braking.ipynb) takes one late braking apart; here we
# ask what a habit does over a whole race.
#
# The three choices of `GreedyDriver(late_brake=…)`: **always** try; **never** try a blind test; **by the odds**:
# try when the exact chance of passing is at least 60 % (`racebook.rf90.analysis.odds`). All three still use a Track
# Card's **LB
# Discard Power** when they hold one — a success with no test ([§19.3][]) — which is why *never* shows a few "LB tries".
#
# [AMB-27]: ../../docs/rules/rf90_rules_digest.md#amb-27
# [§13.A.3]: ../../docs/rules/rf90_rules_digest.md#s13-a-3
# [§13.F.1]: ../../docs/rules/rf90_rules_digest.md#s13-f-1
# [§18.3]: ../../docs/rules/rf90_rules_digest.md#s18-3
# [§18.5]: ../../docs/rules/rf90_rules_digest.md#s18-5
# [§18.6]: ../../docs/rules/rf90_rules_digest.md#s18-6
# [§19.3]: ../../docs/rules/rf90_rules_digest.md#s19-3

# %%
exp2 = X.late_braking(track=TRACK, players=PLAYERS, seed=SEED)
print(exp2.describe())
saved2 = precomputed.load("late_braking_silverstone")

# %%
# NBVAL_IGNORE_OUTPUT
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
# "LB off track" counts the failed tests per race; "off track" in the second table counts the cars still waiting
# at a re-entry point when the race ended. The **retirements** of *always* stand out even at 20 races: a
# difference of several tenths of a retirement per car is big enough to see. Differences of a few tenths of a
# *place* are not, at this size.
#
# **Why does *always* go so wrong?** The Target Check is the qualifying card's check factor ([§7.2][]) — anything from
# 1 to 99 — and every test replaces it with the card drawn ([§13.D.2][]). The target of a late braking is that number
# plus the LB modifier, and a blind draw passes only when its check factor is at most the target. *Always* tries
# with whatever Target Check it has. Here is the first *always* race in which the human car failed, from the
# failed test to the end of its turn:
#
# [§13.D.2]: ../../docs/rules/rf90_rules_digest.md#s13-d-2
# [§7.2]: ../../docs/rules/rf90_rules_digest.md#s7-2

# %% tags=["presenter-show"]
seed2 = next(o.seed for o in panel2.results["always"] if o.lb_failures)
race2, _ = X.run_race(exp2, exp2.arms[0], seed2, frames=True)
at = X.lb_failure_event(race2, CAR)
print(f"seed {seed2}, event {at}:")
for e in X.lb_excursion(race2, CAR):
    print(" ", e.sentence())

# %%
# NBVAL_IGNORE_OUTPUT
ScenarioPlayer(race2, position=at)

# %% [markdown]
# And the long run:

# %%
# NBVAL_IGNORE_OUTPUT
big2 = ExperimentPanel(exp2, races=BIG, extra=("LB tries", "LB off track"))
display(big2)
big2.show(saved2)

# %%
print(f"{saved2.header['seeds']}; racebook {saved2.header['racebook']}; recompute: {saved2.header['command']}")
print(big2.table().to_string(index=False))
print(big2.retirements().to_string())
for a, b in (("never", "always"), ("never", "by the odds")):
    print(big2.difference(a, b).sentence())
    print(big2.difference(a, b, retirements=True).sentence())

# %% [markdown]
# **What 300 races per choice say:**
#
# * ***Always* is a disaster**: more than half of the cars retire — most of them crash off the track — and the
#   mean place is about 0.4 worse than *never*: a clear difference.
# * ***By the odds* and *never* finish in the same places** (a difference of about 0.0 ± 0.05 places). With the
#   −10/−20 modifiers the 60 % threshold is rarely reached, so *by the odds* makes only about one extra blind test
#   every three races. Its retirements are a couple of points higher, an interval that includes zero. To tell
#   whether a 60 % rule beats never braking late you would need **thousands** of races per choice, a better driver —
#   or the exact odds of [notebook 05](05_late_braking.ipynb), which answer it for one situation without any simulation.
# * The same arm appears in several experiments: *by the odds* here is exactly *chit 12* of experiment 1 (and *Hard*
#   below): the same seeds replay the same races, so their numbers are identical.
#
# ---
#
# ## Experiment 3 — Soft or Hard tyres?
#
# **The rules** ([§9.2][], [§29.6][]). **Soft** tyres (*macios*) give the panel's tyre chips **minus 3** (7 instead of
# 10) and **3 blue tokens**: each adds **+1 MP**, at most one per turn; at most two sets of Soft per race, the start
# included ([AMB-31][]). **Hard** tyres (*duros*) give all 10 chips and **one Track Card** — also at every new Hard
# set fitted at a pit stop ([AMB-32][]). Tyres change only at a pit stop ([§9.2][], [§13.A.3][]).
#
# **Two warnings about the driver** (they shape this experiment more than the rules do):
#
# * it fits **Hard** tyres at every pit stop, so "Soft" means *Soft for the first stint only*;
# * its card choice ignores the blue token, so it **almost never spends** the Soft tyres' +1 MP (the "blue tokens"
#   column). This experiment therefore compares "7 chips and no Track Card" with "10 chips and a Track Card" — not
#   what Soft tyres give a player who uses his tokens.
#
# [AMB-31]: ../../docs/rules/rf90_rules_digest.md#amb-31
# [AMB-32]: ../../docs/rules/rf90_rules_digest.md#amb-32
# [§13.A.3]: ../../docs/rules/rf90_rules_digest.md#s13-a-3
# [§29.6]: ../../docs/rules/rf90_rules_digest.md#s29-6
# [§9.2]: ../../docs/rules/rf90_rules_digest.md#s9-2

# %%
exp3 = X.tyres(track=TRACK, players=PLAYERS, seed=SEED)
print(exp3.describe())
saved3 = precomputed.load("tyres_silverstone")

# %%
# NBVAL_IGNORE_OUTPUT
panel3 = ExperimentPanel(exp3, races=BIG, extra=("blue tokens", "pit stops"))
display(panel3)
panel3.show(saved3, SMALL)

# %%
print(panel3.table().to_string(index=False))
print()
print(panel3.difference("Hard", "Soft").sentence())
print(panel3.difference("Hard", "Soft", retirements=True).sentence())

# %%
# NBVAL_IGNORE_OUTPUT
big3 = ExperimentPanel(exp3, races=BIG, extra=("blue tokens", "pit stops"))
display(big3)
big3.show(saved3)

# %%
print(f"{saved3.header['seeds']}; racebook {saved3.header['racebook']}; recompute: {saved3.header['command']}")
print(big3.table().to_string(index=False))
print(big3.retirements().to_string())
print(big3.difference("Hard", "Soft").sentence())
print(big3.difference("Hard", "Soft", retirements=True).sentence())

# %% [markdown]
# **Replicate before you believe.** The same question with 300 *other* seeds (5000, 5001, …):

# %%
# NBVAL_IGNORE_OUTPUT
saved4 = precomputed.load("tyres_silverstone_seed5000")
again = ExperimentPanel(X.tyres(track=TRACK, players=PLAYERS, seed=5000), races=BIG, extra=("blue tokens",))
display(again)
again.show(saved4)

# %%
print(f"{saved4.header['seeds']}; racebook {saved4.header['racebook']}; recompute: {saved4.header['command']}")
print(again.table().to_string(index=False))
print(again.difference("Hard", "Soft").sentence())
print(again.difference("Hard", "Soft", retirements=True).sentence())

# %% [markdown]
# **What the two runs say:**
#
# * With seeds 1000… Soft and Hard finish in the **same places within noise** (a difference of 0.02 places) and
#   retire about as often (about 13 % against 14 %).
# * With the fresh seeds 5000… *Soft* finishes about **0.1 place behind**, an interval that just excludes zero,
#   and retires a little more often (about 16 % against 11 %, within noise). Two runs of the same question
#   disagree: the "clear" result of the second is most likely luck — the "many comparisons" trap described below.
#   Only a bigger run could still find a small real effect.
# * The blue-token column confirms the warning: a fraction of a token spent per race, out of three.
#
# ---
#
# ## What these experiments can and cannot tell you
#
# * They **can** show what a rule does to a *given* way of playing, with every number reproducible from its seed,
#   and they can tell you when a difference is still noise.
# * They **cannot** tell you the best play: the automatic driver is a short list of heuristics. A result such as
#   "chit 8 beats chit 16" holds for this driver, this track and this field.
# * **Size matters.** A difference of 0.3 places needs well over a hundred races per choice; a tenth of a place,
#   about a thousand or more (the `races_needed` table of experiment 1). Small runs are for seeing how things
#   work, big runs for answers.
# * **Many comparisons, some luck.** At the 95 % level, about one comparison in twenty looks "clear" by chance
#   alone. This notebook makes more than twenty; a surprising "clear" result deserves a **replication** with
#   fresh seeds before anyone believes it.
#
# ### Try it
#
# * Press ▶ **Run** in any panel (set the number of races first), or change the settings cell: another `TRACK`
#   (`"monza"`, `"teaching"`), more `PLAYERS` (the robots change with them, see the table), another `SEED`.
# * Build your own experiment: any `one_race` option (`refuel`, `tyre`, `strategy`, `late_brake`, `driver`) can be
#   an arm, e.g.
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
