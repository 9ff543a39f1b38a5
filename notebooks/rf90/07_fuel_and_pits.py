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
# # 07 — Qualifying, fuel and pit stops
#
# **You need:** [03_activation](03_activation.ipynb), [04_duels](04_duels.ipynb).
#
# **Learning objectives** — after this notebook you can:
#
# * work out a driver's **qualifying** value (*Qualificação*) from his card, his **refuel chit** (*ficha de
#   reabastecimento*) and the QUALIFY skill, and line up the grid, ties included;
# * put the refuel chits on the **Turn Indicator** (*Indicador de Turno*) and say on which Game Turn each car
#   **must** pit;
# * play a **pit stop** step by step: the sections lost (the **pit stop time**, *tempo de pit stop*, plus extra
#   sections for fuel), the new chit (+10, +3 per extra section, a 16-turn tank, overflow), repairs, cards,
#   tyres and strategy;
# * plan a race's **fuel management** (*Gerenciamento de Combustível*): one stop or two, and spot a plan that
#   runs **out of fuel** (*pane seca*).
#
# **Digest sections:** [§7][] (qualifying), [§8][] (fuel management), [§13.A.3][] (the pit stop), [§17.3][] A (robot pit
# stops), [§26.3][] SAVE FUEL, [§26.7][] PUSH, [§27][] (QUALIFY, PITTING, TUNING, WISE DRIVING), [§29.1][]–[§29.2][]
# (the tables); readings [AMB-16][], [AMB-31][], [AMB-32][], [AMB-45][], 20 and 37 of [§31][]; examples [Ex. 3][], 4, 5,
# 6, 7 and 17 ([§30][]).
#
# Every number below is computed by the `racebook` engine (`racebook.rf90.rules.qualifying`, `racebook.rf90.rules.pits`,
# `racebook.rf90.analysis.planner`); the notebook only shows it.
#
# [AMB-16]: ../../docs/rules/rf90_rules_digest.md#amb-16
# [AMB-31]: ../../docs/rules/rf90_rules_digest.md#amb-31
# [AMB-32]: ../../docs/rules/rf90_rules_digest.md#amb-32
# [AMB-45]: ../../docs/rules/rf90_rules_digest.md#amb-45
# [Ex. 3]: ../../docs/rules/rf90_rules_digest.md#ex-3
# [§13.A.3]: ../../docs/rules/rf90_rules_digest.md#s13-a-3
# [§17.3]: ../../docs/rules/rf90_rules_digest.md#s17-3
# [§26.3]: ../../docs/rules/rf90_rules_digest.md#s26-3
# [§26.7]: ../../docs/rules/rf90_rules_digest.md#s26-7
# [§27]: ../../docs/rules/rf90_rules_digest.md#s27
# [§29.1]: ../../docs/rules/rf90_rules_digest.md#s29-1
# [§29.2]: ../../docs/rules/rf90_rules_digest.md#s29-2
# [§30]: ../../docs/rules/rf90_rules_digest.md#s30
# [§31]: ../../docs/rules/rf90_rules_digest.md#s31
# [§7]: ../../docs/rules/rf90_rules_digest.md#s7
# [§8]: ../../docs/rules/rf90_rules_digest.md#s8

# %%
import pandas as pd

import racebook
from racebook.core.rng import Rng
from racebook.rf90.analysis import planner
from racebook.rf90.car import RobotType, Skill
from racebook.rf90.lessons.notebook import check, show_assumed
from racebook.rf90.rules import pits
from racebook.rf90.rules.qualifying import (
    FUEL_MODIFIER,
    QUALIFY_BONUS,
    draw_robot_entries,
    grid_order,
    human_entry,
    load_robot_chits,
)
from racebook.rf90.ui import ScenarioPlayer
from racebook.rf90.ui.planner import FuelPlanner, TurnIndicatorChart

# %% [markdown]
# ## The rules in plain English
#
# ### Qualifying — *Qualificação* (§7)
#
# 1. Each player lays **one card** from his hand face down (cards have 1–4 MP and a check factor 1–99) and
#    secretly picks one of his **refuel chits** (*fichas de reabastecimento*): turn **8, 10, 12, 14 or 16**.
#    The chit is the Game Turn of his first mandatory pit stop. Everybody reveals at once ([§7.1][] items 1–3).
# 2. **Fuel weighs**: a light car (chit 8) qualifies better than a heavy one (chit 16). The chit changes the
#    card's value by the table below ([§7.1][] item 4, [§29.1][]). The **QUALIFY** skill adds +2 ([§7.1][] item 6,
#    [§27][]).
# 3. **Higher value starts further forward.** A tie goes to the **lower check factor**; if still tied, draw
#    lots ([§7.2][]). The engine draws the lot from its seeded random generator.
# 4. **Robots** ([§7.1][] item 5) draw a robot refuel chit per car. Each chit shows a qualifying value, a check
#    factor for ties and the turn on which that robot type must pit. **The manual prints none of these values
#    (NOT IN SOURCE, [§0.1][])**: the 30 chits shipped in `racebook/rf90/data/robot_chits.toml` are **invented for
#    teaching**. Only [Ex. 6][]'s figure anchors them (the SuperFast chit on turn 8, the others on 12 and 14).
# 5. The qualifying card stays **face up on the panel**: it is the car's **Target Check** for the race ([§7.2][]).
#
# [Ex. 6]: ../../docs/rules/rf90_rules_digest.md#ex-6
# [§0.1]: ../../docs/rules/rf90_rules_digest.md#s0-1
# [§27]: ../../docs/rules/rf90_rules_digest.md#s27
# [§29.1]: ../../docs/rules/rf90_rules_digest.md#s29-1
# [§7.1]: ../../docs/rules/rf90_rules_digest.md#s7-1
# [§7.2]: ../../docs/rules/rf90_rules_digest.md#s7-2

# %% tags=["presenter-show"]
table = pd.DataFrame({"refuel chit (pit turn)": list(FUEL_MODIFIER),
                      "qualifying modifier": [f"{m:+d}" for m in FUEL_MODIFIER.values()]})
print(table.to_string(index=False))
print(f"QUALIFY skill: {QUALIFY_BONUS:+d} more")

# %%
# The robot refuel chits shipped with racebook — INVENTED FOR TEACHING (the manual prints none, §0.1).
rows = [{"type": t.value, "qualifying value": q, "check factor": f"({c:02d})", "pit turn": turn}
        for t, chits in load_robot_chits().items() for q, c, turn in chits]
robots = pd.DataFrame(rows)
print(robots.groupby("type", sort=False).agg(chits=("pit turn", "size"),
                                             values=("qualifying value", lambda v: sorted(set(v))),
                                             pit_turns=("pit turn", lambda v: sorted(set(v)))).to_string())

# %% [markdown]
# ### Fuel management — *Gerenciamento de Combustível* (§8)
#
# * After qualifying every driver, robots too, puts his refuel chit on the **Turn Indicator** (*Indicador de
#   Turno*) at the turn it shows. Each row of the indicator is a **Race Stage**; a row begins on a space
#   marked black ([§10][]).
# * When the turn pawn reaches a car's chit, that car **must pit this turn**, or it is eliminated **out of
#   fuel** (*pane seca*, [§13.A.3][]). It may pit earlier. (In the engine a car whose chit is due is offered only
#   pit stops — reading 37: it cannot skip its turn instead — so its cars never run dry; the planner below is
#   where *pane seca* shows up.)
# * **Each stop gives 10 turns of fuel**: the chit moves 10 turns forward. Going back **one extra section**
#   moves it **3 more turns**; at most **2 extra sections**, since the **tank holds 16 turns** (10 + 3 + 3).
#   Reading 20 ([§31][]): new chit = old chit + 10 + 3 × extra, but never beyond *current turn* + 16 — an early
#   stop keeps the fuel still in the tank, up to 16.
# * **Overflow**: a chit carrying more fuel than the race needs goes to the top of the indicator, as many
#   spaces as it passes the race end (it wraps around).
# * Strategies move the chit during the race: **SAVE FUEL** +1 (later) each time the car moves with cards
#   ≤ 2 only ([§26.3][]); **PUSH** −1 (earlier) each time a [2] is combined with a [3]–[6] ([§26.7][]).
# * Players may pit as often as they like. **Robots pit once** for fuel: a robot chit binds the best-placed
#   robot of its type that has not pitted yet; the chit is then discarded ([§8][], [§17.3][] A).
#
# [§10]: ../../docs/rules/rf90_rules_digest.md#s10
# [§13.A.3]: ../../docs/rules/rf90_rules_digest.md#s13-a-3
# [§17.3]: ../../docs/rules/rf90_rules_digest.md#s17-3
# [§26.3]: ../../docs/rules/rf90_rules_digest.md#s26-3
# [§26.7]: ../../docs/rules/rf90_rules_digest.md#s26-7
# [§31]: ../../docs/rules/rf90_rules_digest.md#s31
# [§8]: ../../docs/rules/rf90_rules_digest.md#s8

# %% tags=["presenter-show"]
print(f"fuel per stop:            {pits.FUEL_PER_STOP} turns")
print(f"fuel per extra section:   {pits.FUEL_PER_EXTRA_SECTION} turns "
      f"(at most {pits.MAX_EXTRA_SECTIONS} extra sections)")
print(f"tank:                     {pits.TANK_MAX} turns")
for tid in ("teaching", "silverstone", "monza"):
    tr = racebook.load_track(tid)
    rows = [len(r) for r in planner.stages(tr)]
    print(f"{tr.name:<15} {tr.turns.last_turn} turns in {len(rows)} Race Stages {rows}; pit stop time -{tr.pit_time}")

# %% [markdown]
# ### The pit stop (§13.A.3)
#
# **Announce it** in phase A, before anything else of the turn (after A.1 skip turn and A.2 VERSATILITY /
# WISE DRIVING, reading 21). Then move the car **back** as many sections as the **pit stop time** printed on the
# board (*tempo de pit stop*, e.g. "-8"), **or more**: each extra section gives 3 more turns of fuel ([§8][]).
# **PITTING** goes back 2 sections fewer ([§27][]). Where the car lands it is placed **last**, behind every car
# and yellow flag there; it may occupy a free trajectory, still counting as last. If the **leader** pits and
# loses the lead, the **Leader token goes at once** to the new race leader ([Ex. 13][], [Ex. 17][]).
#
# **The procedure** (*Procedimento de Pit Stop*), in this order:
#
# 1. **Refuel**: move the chit as above ([§8][]).
# 2. **Repairs**: all **red** wear tokens go back to the bag; **brown** ones stay. **TUNING** also removes one
#    brown token per stop ([§27][]).
# 3. **Discard** as many cards as you like.
# 4. **Draw** Race Cards up to the panel's card number. You may not *finish* the stop holding more:
#    * **frozen** duel cards stay in hand and **count**;
#    * Track Cards from **Hard tyres** or from **PITTING** do **not** count — for everybody ([AMB-45][]);
#    * with **WISE DRIVING**, no Track Card counts.
# 5. **Tyres**: discard the unused chips and take the panel's tyre number for the new type ([AMB-16][]). **Soft**:
#    panel − 3 chips + 3 blue tokens, at most **2 soft sets** a race, the starting set included ([AMB-31][]);
#    **Hard**: +1 Track Card with every new set ([AMB-32][]). Unused blue tokens go when the tyres change.
#    Keeping the tyres keeps exactly the chips you had; it does not shorten the stop.
# 6. **Strategy**: change it or keep it (a change removes a CHASE token).
#
# After the stop the car **does not move**: it takes the **JUST PIT** token and plays the rest of its turn,
# phases B–F, when its **new** section is activated again. VERSATILITY, WISE DRIVING and SIXTH SENSE tokens
# turn back to normal.
#
# *House rules:* none of the switches in `racebook.rf90.options` concerns fuel or pits. The engine plays the
# recommended readings 20, 37, [AMB-16][], [AMB-31][], [AMB-32][] and [AMB-45][] quoted above.
#
# [AMB-16]: ../../docs/rules/rf90_rules_digest.md#amb-16
# [AMB-31]: ../../docs/rules/rf90_rules_digest.md#amb-31
# [AMB-32]: ../../docs/rules/rf90_rules_digest.md#amb-32
# [AMB-45]: ../../docs/rules/rf90_rules_digest.md#amb-45
# [Ex. 13]: ../../docs/rules/rf90_rules_digest.md#ex-13
# [Ex. 17]: ../../docs/rules/rf90_rules_digest.md#ex-17
# [§27]: ../../docs/rules/rf90_rules_digest.md#s27
# [§8]: ../../docs/rules/rf90_rules_digest.md#s8

# %% [markdown]
# ## Ex. 3 — a tie broken by the check factor
#
# Two drivers qualify with the same value, 4. The one whose card has the **lower check factor** starts ahead:
# (25) beats (30) ([§7.2][]).
#
# [§7.2]: ../../docs/rules/rf90_rules_digest.md#s7-2

# %%
a = human_entry("Red", 4, 30, 12)
b = human_entry("Yellow", 4, 25, 12)
for e in (a, b):
    print(e.explain())
print("grid:", " → ".join(e.car for e in grid_order([a, b], Rng(3))))

# %% [markdown]
# ## Ex. 4 — refuel chit 8
#
# Chit 8 means fuel **only until the beginning of turn 8**: the lightest car, **+2** in qualifying, but it
# must pit on turn 8 ([§7.1][], [§8][]).
#
# [§7.1]: ../../docs/rules/rf90_rules_digest.md#s7-1
# [§8]: ../../docs/rules/rf90_rules_digest.md#s8

# %%
e = human_entry("Blue", 2, 74, 8)
print(e.explain())
print(f"chit 8: qualifying {planner.qualifying_modifier(8):+d}; "
      f"on the teaching track it must pit on turn {planner.plan('teaching', 8, [0]).pit_turns[0]}")

# %% [markdown]
# ## Ex. 5 — three players qualify
#
# Orange plays a [3] (13) with chit 10, Blue a [2] (74) with chit 8, Green a [3] (17) with chit 14. Orange and
# Blue tie on 4; Orange has the lower check factor and starts ahead. Green is behind both. Each qualifying
# card becomes its car's **Target Check** ([§7.2][]).
#
# [§7.2]: ../../docs/rules/rf90_rules_digest.md#s7-2

# %%
players = [human_entry("Orange", 3, 13, 10, card="R13"), human_entry("Blue", 2, 74, 8, card="R74"),
           human_entry("Green", 3, 17, 14, card="R17")]
for e in players:
    print(e.explain())
grid = grid_order(players, Rng(5))
print("grid:", " → ".join(e.car for e in grid))
check([("Orange", 4, players[0].value), ("Blue", 4, players[1].value), ("Green", 2, players[2].value),
       ("grid", "Orange Blue Green", " ".join(e.car for e in grid))])
print("Target Checks:", ", ".join(f"{e.car} ({e.check})" for e in grid))

# %% [markdown]
# Then the robots' chits are drawn and every car is placed ([§7.1][] item 5). The manual's robot chit values are
# **NOT IN SOURCE**: the draw below uses the **invented** chits, with a seed chosen so that the SuperFast draws a
# turn-8 chit as in [Ex. 6][]'s figure.
#
# [Ex. 6]: ../../docs/rules/rf90_rules_digest.md#ex-6
# [§7.1]: ../../docs/rules/rf90_rules_digest.md#s7-1

# %% tags=["presenter-show"]
robot_cars = [("SuperFast1", RobotType.SUPERFAST), ("Fast1", RobotType.FAST), ("Slow1", RobotType.SLOW)]
bots = draw_robot_entries(robot_cars, Rng(53))
for e in bots:
    print(e.explain(), " (invented chit)")
full = grid_order(players + bots, Rng(5))
print()
for i, e in enumerate(full, 1):
    print(f"P{i}: {e.car:<10} value {e.value}  check ({e.check:02d})  pits on turn {e.refuel}")

# %% [markdown]
# ## Ex. 6 — the refuel chits on the Turn Indicator
#
# After [Ex. 5][] the chits go on the Turn Indicator ([§8][]): Blue and the SuperFast must pit on turn 8 (or earlier),
# Orange on 10, the others on 12 and 14 — Green on 14. The teaching track's indicator has 16 turns in four Race
# Stages; each row is a stage, and its first space is the black-marked one ([§10][]).
#
# [Ex. 5]: ../../docs/rules/rf90_rules_digest.md#ex-5
# [§10]: ../../docs/rules/rf90_rules_digest.md#s10
# [§8]: ../../docs/rules/rf90_rules_digest.md#s8

# %%
chits = {e.car: e.refuel for e in full}
for turn, cars in planner.chits_on_indicator("teaching", chits).items():
    print(f"turn {turn:>2}: {', '.join(cars)}")
check([("Blue", 8, chits["Blue"]), ("SuperFast1", 8, chits["SuperFast1"]), ("Orange", 10, chits["Orange"]),
       ("Green", 14, chits["Green"])])

# %%
# NBVAL_IGNORE_OUTPUT
chart = TurnIndicatorChart("teaching")
chart.show_chits(chits)
chart.widget

# %% [markdown]
# ## Ex. 7 — turn 8: extra fuel and a robot's pit stop
#
# At the start of **turn 8** Blue and a SuperFast must pit. The pit stop time here is **-8**. Blue goes back
# **9** sections (one extra) and moves his chit **13** turns (10 + 3), to **turn 21**. There is a black (robot)
# chit on turn 8, so the **best-placed SuperFast** pits too: it goes back **8** sections; its chit is
# discarded when it plays again, and it will not stop again for fuel ([§8][], [§13.A.3][], [§17.3][] A).
#
# [§13.A.3]: ../../docs/rules/rf90_rules_digest.md#s13-a-3
# [§17.3]: ../../docs/rules/rf90_rules_digest.md#s17-3
# [§8]: ../../docs/rules/rf90_rules_digest.md#s8

# %%
from racebook.rf90.events import LeaderCause

ex07 = racebook.load_scenario("ex07")
show_assumed(ex07)
start = racebook.rf90.scenario.load("ex07", play=False).race
print("Blue's chit is due: the only choices are", ", ".join(str(a) for a in start.legal_actions()))
race = ex07.race
pit_steps = ("PitDeclared", "MovedBack", "RefuelChitMoved", "Repaired", "TyresKept", "TyresFitted", "StrategyChanged",
             "JustPit", "RobotChitDue", "JustPitRemoved", "TurnResumes")
for e in race.events:
    if e.kind in pit_steps or e.kind == "LeaderToken" and e.cause is LeaderCause.PITTED:
        print(" ", e.sentence())
back = {e.car: e.sections for e in race.events if e.kind == "MovedBack"}
s = race.state
blue_stop = planner.plan("silverstone", 8, [1, 0]).stops[0]
print()
check([("Blue goes back", 9, back["Blue"]), ("Blue's new chit", 21, s.cars["Blue"].refuel),
       ("SuperFast1 goes back", 8, back["SuperFast1"]), ("SuperFast2 pit stops", 0, s.cars["SuperFast2"].pits),
       ("planner: Blue's new chit", 21, blue_stop.chit_after),
       ("planner: Blue's fuel (turns)", 13, blue_stop.fuel_after),
       ("planner: tank ≤ 16", True, blue_stop.fuel_after <= pits.TANK_MAX)])

# %%
# NBVAL_IGNORE_OUTPUT
ScenarioPlayer(ex07)  # ⏮ ◀ ▶ ⏭ — step to "Blue goes back 9 section(s)"

# %% [markdown]
# ## Ex. 17 — the pit-stop procedure
#
# Blue leads and declares a pit at the start of a Game Turn (pit stop time -8). He goes back 8 sections to
# **corner 4**, behind the Fast robot, and the **Leader token** goes to the SuperFast behind him. His chit moves
# **+10**. He returns his **2 red** tokens to the bag; the **brown** one stays. He keeps 1 of his 3 cards,
# discards 2 and draws **5** up to his limit of **6**. He fits **Hard** tyres: **10** chips (the panel value) and
# **1 Track Card**, which does not count toward the limit. He changes strategy from LUCKY to BANGING WHEELS and
# takes the **JUST PIT** token ([§13.A.3][], [§9.2][]).
#
# The engine plays the procedure as a short series of decisions; here are the choices it offers at each one.
# Blue's chit is on turn 12 and this is turn 9, so he pits early by choice: he could also have started his turn
# or skipped it (in [Ex. 7][], where the chit is due, only the pit stops are offered).
#
# [Ex. 7]: ../../docs/rules/rf90_rules_digest.md#ex-7
# [§13.A.3]: ../../docs/rules/rf90_rules_digest.md#s13-a-3
# [§9.2]: ../../docs/rules/rf90_rules_digest.md#s9-2

# %%
ex17 = racebook.load_scenario("ex17")
show_assumed(ex17)
walk = racebook.rf90.scenario.load("ex17", play=False).race
for action in ex17.actions:
    legal = [str(a).removeprefix("Blue ") for a in walk.legal_actions()]
    print(f"legal: {', '.join(legal)}")
    print(f"  > {action}")
    walk.apply(action)

# %%
s = ex17.race.state
blue = s.cars["Blue"]
before = racebook.rf90.scenario.load("ex17", play=False).race.state.cars["Blue"].refuel
print(f"Blue's chit: turn {before} → turn {blue.refuel}")
race_cards = [c for c in blue.hand if not s.card(c).is_track]
track_cards = [c for c in blue.hand if s.card(c).is_track]
token = next(e for e in ex17.race.events if e.kind == "LeaderToken" and e.cause is LeaderCause.PITTED)
check([("lands in corner 4 (Club-2)", "Club-2", blue.section),
       ("placed behind the Fast robot", "Fast1 Blue", " ".join(s.cars_in("Club-2"))),
       ("Leader token goes to", "SuperFast1", token.car),
       ("chit moves (turns)", 10, blue.refuel - before),
       ("red tokens", 0, blue.red), ("brown tokens", 1, blue.brown),
       ("Race Cards in hand", 6, len(race_cards)), ("Track Cards in hand", 1, len(track_cards)),
       ("tyre chips", 10, blue.chips), ("strategy", "banging_wheels", blue.strategy.value),
       ("JUST PIT", True, blue.just_pit)])

# %%
# NBVAL_IGNORE_OUTPUT
ScenarioPlayer(ex17)

# %% [markdown]
# ### The hand limit at a pit stop
#
# A player may not finish the stop holding more cards than his panel allows, even if he held more before; frozen
# duel cards count ([§13.A.3][]). Here Blue comes in with 5 cards in hand and 2 frozen from a duel — 7 for a limit
# of 6 — so the engine does not let him finish discarding until one card has gone.
#
# [§13.A.3]: ../../docs/rules/rf90_rules_digest.md#s13-a-3

# %%
import tomllib

raw = tomllib.loads(racebook.rf90.scenario.resolve_path("ex17").read_text(encoding="utf-8"))
raw["cars"]["Blue"].update(hand=["R55", "R56", "R57", "R63", "R64"], frozen=["R76", "R77"])
crowded = racebook.rf90.scenario.build(raw)
crowded.apply("Blue pit 0")
print("may finish discarding:", any(str(a) == "Blue pit-done" for a in crowded.legal_actions()))
crowded.apply("Blue pit-discard R63")
print("after one discard:    ", any(str(a) == "Blue pit-done" for a in crowded.legal_actions()))

# %% [markdown]
# ## The fuel-strategy planner
#
# `racebook.rf90.analysis.planner` replays a whole race's fuel on a track's Turn Indicator. A plan is a starting chit
# and
# a
# list of stops, each with its extra sections; every stop is made on the turn its chit is due, unless it is
# given an earlier turn. For each stop the planner calls the engine's own `pits.refuel` and `pits.recoil`, so
# its numbers are the ones a race would give. It counts only fuel and pit time — the fresh tyres, cards and
# repairs a stop brings are not weighed.
#
# **One stop or two at Silverstone** (24 turns, pit stop time -8): the heavy one-stopper starts with chit 16
# and qualifies −2; the light two-stopper starts with chit 8 and qualifies +2, but stops twice.

# %%
one = planner.best_plan("silverstone", 1)
two = planner.best_plan("silverstone", 2)
print(pd.DataFrame(planner.compare({"one stop": one, "two stops": two})).to_string())

# %%
for line in planner.plan("silverstone", 8, [1, 0]).lines():  # Ex. 7's Blue, raced to the end
    print(line)

# %% [markdown]
# **Every plan worth considering.** A plan is dominated when another loses no more sections *and* qualifies at
# least as well. What is left, track by track (stops made when due, up to two):

# %% tags=["presenter-show"]
for tid in ("teaching", "silverstone", "monza"):
    rows = {p.label: {"qualifying": f"{p.qualifying_modifier:+d}", "pit turns": ", ".join(map(str, p.pit_turns)),
                      "sections lost": p.sections_lost, "spare turns": p.spare_turns}
            for p in planner.frontier(tid)}
    print(racebook.load_track(tid).name)
    print(pd.DataFrame(rows).T.to_string(), end="\n\n")

# %% [markdown]
# At Monza (22 turns, -6) chit 8 with 2 extra sections reaches the flag on one stop — a second stop only buys
# sections lost. On the 16-turn teaching track every chit needs exactly one stop (chit 16 = a stop on the last
# turn), so the lightest chit wins.
#
# **PITTING** ([§27][]) makes every stop 2 sections cheaper, so stopping more often costs less:
#
# [§27]: ../../docs/rules/rf90_rules_digest.md#s27

# %% tags=["presenter-show"]
for skill in (None, Skill.PITTING):
    b1, b2 = (planner.best_plan("silverstone", n, skill=skill) for n in (1, 2))
    name = skill.value.upper() if skill else "no skill"
    print(f"{name:<9} one stop: {b1.sections_lost} sections lost;  two stops: {b2.sections_lost} sections lost")

# %% [markdown]
# **SAVE FUEL and PUSH** move the chit during a stint ([§26.3][], [§26.7][]): the `drift` of a plan is the net number
# of moves in each stint, at most one per Game Turn.
#
# [§26.3]: ../../docs/rules/rf90_rules_digest.md#s26-3
# [§26.7]: ../../docs/rules/rf90_rules_digest.md#s26-7

# %%
for drift, why in (([0, 0], "no moves"), ([-2, 0], "two PUSH combinations in stint 1"),
                   ([-2, 3], "then three SAVE FUEL moves in stint 2")):
    try:
        p = planner.plan("teaching", 8, [0], drift=drift)
        print(f"{why:<40} pit on turn {p.pit_turns[0]}, final chit {p.final_chit}")
    except planner.ImpossiblePlan as e:
        print(f"{why:<40} impossible: {e.reason}")

# %% [markdown]
# **Impossible plans** raise `planner.ImpossiblePlan`, citing the rule. Running out of fuel before the race
# end is *pane seca* — the car is eliminated ([§8][], [§13.A.3][]):
#
# [§13.A.3]: ../../docs/rules/rf90_rules_digest.md#s13-a-3
# [§8]: ../../docs/rules/rf90_rules_digest.md#s8

# %% tags=["presenter-show"]
for track, chit, stops in (("silverstone", 8, [0]), ("teaching", 16, []), ("teaching", 8, [3]),
                           ("teaching", 8, [planner.Stop(0, turn=9)])):
    try:
        planner.plan(track, chit, stops)
    except planner.ImpossiblePlan as e:
        print(f"{track}, chit {chit}, stops {stops}:\n  {e}")

# %% [markdown]
# ### Try it
#
# Pick a track, a starting chit, the number of stops and the extra sections of each; add PITTING or QUALIFY.
# The Turn Indicator shows each **stint** in its own colour, the **pit turns** (red) with the sections lost and
# the new chit, the chit's place once it **wraps** past the race end (dashed), and the **finish**. An impossible
# plan shows where the fuel runs out. Below: the fuel in the tank turn by turn, and the best one-stop and
# two-stop plans for the track beside yours.
#
# Things to try: Silverstone, chit 8, **one** stop (out of fuel on turn 18); then give that stop 2 extra
# sections; Monza with chit 8 and one stop with 2 extra sections; the teaching track with chit 16.

# %%
# NBVAL_IGNORE_OUTPUT
FuelPlanner("silverstone", chit=8, extras=(0, 0))

# %% [markdown]
# ## Ex. 39 and Ex. 40 — pit stops under the Safety Car
#
# Pitting when the Safety Car comes out ([Ex. 39][]: "Orange has not played yet, so he may pit before the SC"), and
# the leader forced to pit under it ([Ex. 40][]), follow [§21.1][] and [§21.4][]: a car that pits under the SC goes
# straight to the back of the queue and may load up to 16 turns of fuel **without** backing extra sections. [Notebook
# 10](10_safety_car.ipynb)
# covers the Safety Car itself; here are the two pit stops, checked against the book.
#
# [Ex. 39]: ../../docs/rules/rf90_rules_digest.md#ex-39
# [Ex. 40]: ../../docs/rules/rf90_rules_digest.md#ex-40
# [§21.1]: ../../docs/rules/rf90_rules_digest.md#s21-1
# [§21.4]: ../../docs/rules/rf90_rules_digest.md#s21-4

# %%
from racebook.rf90 import events as ev

# (names of their own: re-running an earlier cell after Run All must find its own `s` again)
ex39 = racebook.load_scenario("ex39").race
s39 = ex39.state
declared = [e.sentence() for e in ex39.events if isinstance(e, ev.PitDeclared)]
for line in declared:
    print(line)
print("after the realignment:",
      ", ".join(f"{c} {s39.cars[c].section} (-{s39.laps_down(c)})" for c in s39.race_order()))
print("book: Orange pits and loses his place to Pink ->",
      s39.race_order().index("Pink") < s39.race_order().index("Orange"))
print("book: Green and Red regain their laps ->", s39.laps_down("Green") == 0 and s39.laps_down("Red") == 0)
ex40 = racebook.load_scenario("ex40").race
s40 = ex40.state
print("Ex. 40 queue:", ", ".join(f"{c} {s40.cars[c].section}" for c in s40.race_order()))
print("book: Blue to the back, Orange leads ->", s40.race_order()[-1] == "Blue" and s40.leader == "Orange")
print("Blue's fuel: chit on turn", s40.cars["Blue"].refuel, "(turn 6 + 16, no extra sections)")

# %%
# NBVAL_IGNORE_OUTPUT
ScenarioPlayer(racebook.load_scenario("ex39"))

# %%
# NBVAL_IGNORE_OUTPUT
ScenarioPlayer(racebook.load_scenario("ex40"))

# %% [markdown]
# ## See also
#
# * [Notebook 03](03_activation.ipynb) shows how a pit stop moves the Front Activation Section when the leader pits
#   ([Ex. 13][]).
# * `racebook replay ex07` and `racebook replay ex17` print these pit stops' event logs in a terminal.
#
# [Ex. 13]: ../../docs/rules/rf90_rules_digest.md#ex-13

# %% [markdown]
# **Next →** [08_flags_weather_tyres](08_flags_weather_tyres.ipynb): flags, weather and tyres.
