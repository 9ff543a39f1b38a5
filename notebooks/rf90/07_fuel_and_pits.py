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
# A light car qualifies better but must stop sooner. Below, a car starts the 24 turns of Silverstone with fuel until
# turn 8 and stops twice: try **one** stop (it runs dry on turn 18), then give that stop extra sections of fuel.

# %% tags=["nbval-ignore-output"]
from racebook.rf90.ui.planner import FuelPlanner, TurnIndicatorChart

FuelPlanner("silverstone", chit=8, extras=(0, 0))

# %% [markdown]
# The Turn Indicator shows each **stint** in its own colour, the **pit turns** (red) with the sections lost and the
# new chit, the chit's place once it **wraps** past the race end (dashed) and the **finish**; an impossible plan
# shows where the fuel runs out. Below it: the fuel in the tank turn by turn, and the track's best one-stop and
# two-stop plans. Also try Monza with chit 8 and one stop with 2 extra sections, and the teaching track with chit 16.
#
# **After this notebook you can** work out a driver's **qualifying** value (*Qualificação*) from his card and his
# **refuel chit** (*ficha de reabastecimento*) and line up the grid; say on which Game Turn each car **must** pit;
# play a **pit stop** step by step (sections lost, the new chit, repairs, cards, tyres, strategy); and plan a race's
# **fuel management** (*Gerenciamento de Combustível*), spotting a plan that runs **out of fuel** (*pane seca*). Every
# number below is computed by the `racebook` engine (`racebook.rf90.rules.qualifying`, `racebook.rf90.rules.pits`,
# `racebook.rf90.analysis.planner`).
#
# <details><summary>Book references</summary>
#
# **Digest sections:** [§7][] (qualifying), [§8][] (fuel management), [§13.A.3][] (the pit stop), [§17.3][] A (robot pit
# stops), [§26.3][] SAVE FUEL, [§26.7][] PUSH, [§27][] (QUALIFY, PITTING, TUNING, WISE DRIVING), [§29.1][]–[§29.2][]
# (the tables);
# **examples** [Ex. 3][], 4, 5, 6, 7 and 17, and the pit stops of [Ex. 39][] and 40 ([§30][]); **readings** [AMB-16][],
# [AMB-31][], [AMB-32][], [AMB-45][], 20, 21 and 37 of [§31][].
#
# </details>
#
# [AMB-16]: ../../docs/rules/rf90_rules_digest.md#amb-16
# [AMB-31]: ../../docs/rules/rf90_rules_digest.md#amb-31
# [AMB-32]: ../../docs/rules/rf90_rules_digest.md#amb-32
# [AMB-45]: ../../docs/rules/rf90_rules_digest.md#amb-45
# [Ex. 3]: ../../docs/rules/rf90_rules_digest.md#ex-3
# [Ex. 39]: ../../docs/rules/rf90_rules_digest.md#ex-39
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
import racebook
from racebook.core.rng import Rng
from racebook.rf90 import actionlabels
from racebook.rf90.analysis import planner
from racebook.rf90.car import RobotType, Skill
from racebook.rf90.events import LeaderCause
from racebook.rf90.lessons import pitstops
from racebook.rf90.lessons.notebook import check, show_assumed
from racebook.rf90.lessons.positions import in_words
from racebook.rf90.rules import pits, qualifying
from racebook.rf90.rules.qualifying import draw_robot_entries, grid_order, human_entry
from racebook.rf90.ui import ScenarioPlayer
from racebook.ui.backend import table, table_of, table_of_columns

# %% [markdown]
# ## The rules in plain English
#
# ### Qualifying — *Qualificação*
#
# 1. Each player lays **one card** face down (1–4 MP, check factor 1–99) and secretly picks a **refuel chit**: turn
#    **8, 10, 12, 14 or 16**, the Game Turn of his first mandatory pit stop. Everybody reveals at once ([§7.1][]).
# 2. **Fuel weighs**: a light car (chit 8) qualifies better than a heavy one (chit 16); the chit changes the card's
#    value by the table below. The **QUALIFY** skill adds +2.
# 3. **Higher value starts further forward.** A tie goes to the **lower check factor**, then to a lot drawn from the
#    engine's seeded random generator ([§7.2][]).
# 4. **Robots** draw a robot refuel chit each: a qualifying value, a check factor and the turn that robot type must
#    pit. **The manual prints none of these values (NOT IN SOURCE, [§0.1][])**: the 30 chits in
#    `racebook/rf90/data/robot_chits.toml` are **invented for teaching**; only [Ex. 6][]'s figure anchors them.
# 5. The qualifying card stays **face up on the panel**: it is the car's **Target Check** for the race.
#
# [Ex. 6]: ../../docs/rules/rf90_rules_digest.md#ex-6
# [§0.1]: ../../docs/rules/rf90_rules_digest.md#s0-1
# [§7.1]: ../../docs/rules/rf90_rules_digest.md#s7-1
# [§7.2]: ../../docs/rules/rf90_rules_digest.md#s7-2

# %% tags=["presenter-show"]
modifiers = table_of([{"refuel chit (pit turn)": chit, "qualifying modifier": f"{m:+d}"}
                      for chit, m in qualifying.FUEL_MODIFIER.items()])
print(modifiers.to_string(index=False))
print(f"QUALIFY skill: {qualifying.QUALIFY_BONUS:+d} more")
print()
print("The robot refuel chits shipped with racebook — INVENTED FOR TEACHING (the manual prints none, §0.1):")
rows = [{"type": t.value, "qualifying value": q, "check factor": f"({c:02d})", "pit turn": turn}
        for t, chits in qualifying.load_robot_chits().items() for q, c, turn in chits]

by_type: dict[str, list[dict]] = {}
for row in rows:
    by_type.setdefault(row["type"], []).append(row)
listed = lambda key, chits: ", ".join(map(str, sorted({c[key] for c in chits})))  # noqa: E731 - a cell's format
print(table_of([{"type": t, "chits": len(chits), "values": listed("qualifying value", chits),
                 "pit_turns": listed("pit turn", chits)} for t, chits in by_type.items()], index="type").to_string())

# %% [markdown]
# ### Fuel management — *Gerenciamento de Combustível*
#
# * After qualifying every driver, robots too, puts his refuel chit on the **Turn Indicator** (*Indicador de
#   Turno*) at the turn it shows. Each row of the indicator is a **Race Stage** ([§10][]).
# * When the turn pawn reaches a car's chit, that car **must pit this turn**, or it is eliminated **out of fuel**
#   (*pane seca*); it may pit earlier. (The engine offers a car whose chit is due only pit stops — reading 37 — so
#   its cars never run dry; the planner is where *pane seca* shows up.)
# * **Each stop gives 10 turns of fuel**; each **extra section** backed gives **3 more**, at most 2, since the
#   **tank holds 16 turns**. Reading 20 ([§31][]): new chit = old chit + 10 + 3 × extra, never beyond *current turn* +
#   16 — an early stop keeps the fuel still in the tank.
# * **Overflow**: a chit carrying more fuel than the race needs wraps to the top of the indicator.
# * **SAVE FUEL** moves the chit +1 (later) each time the car moves with cards ≤ 2 only; **PUSH** −1 (earlier) each
#   time a [2] is combined with a [3]–[6] ([§26][]).
# * Players may pit as often as they like. **Robots pit once** for fuel: a robot chit binds the best-placed robot
#   of its type that has not pitted yet, and is then discarded ([§17.3][] A).
#
# [§10]: ../../docs/rules/rf90_rules_digest.md#s10
# [§17.3]: ../../docs/rules/rf90_rules_digest.md#s17-3
# [§26]: ../../docs/rules/rf90_rules_digest.md#s26
# [§31]: ../../docs/rules/rf90_rules_digest.md#s31

# %% tags=["presenter-show"]
print(f"fuel per stop:            {pits.FUEL_PER_STOP} turns")
print(f"fuel per extra section:   {pits.FUEL_PER_EXTRA_SECTION} turns "
      f"(at most {pits.MAX_EXTRA_SECTIONS} extra sections)")
print(f"tank:                     {pits.TANK_MAX} turns")
for tid in ("teaching", "silverstone", "monza"):
    tr = racebook.load_track(tid)
    stage_rows = [len(r) for r in planner.stages(tr)]
    print(f"{tr.name:<15} {tr.turns.last_turn} turns in {len(stage_rows)} Race Stages of "
          f"{', '.join(map(str, stage_rows))} turns; pit stop time -{tr.pit_time}")

# %% [markdown]
# ### The pit stop
#
# **Announce it** in phase A, before anything else of the turn (after skipping and VERSATILITY / WISE DRIVING,
# reading 21). Move the car **back** as many sections as the **pit stop time** printed on the board (*tempo de pit
# stop*, e.g. "-8"), **or more** for extra fuel; **PITTING** goes back 2 fewer. The car is placed **last** where it
# lands, behind every car and yellow flag there. If the **leader** pits and loses the lead, the **Leader token goes
# at once** to the new leader (as in [notebook 03](03_activation.ipynb)). Then, in this order ([§13.A.3][]):
#
# 1. **Refuel**: move the chit as above.
# 2. **Repairs**: **red** wear tokens go back to the bag; **brown** ones stay. **TUNING** also removes one brown.
# 3. **Discard** as many cards as you like.
# 4. **Draw** Race Cards up to the panel's card number; you may not *finish* the stop holding more. **Frozen** duel
#    cards count; Track Cards from **Hard tyres** or **PITTING** do not ([AMB-45][]); with **WISE DRIVING** no Track
#    Card counts.
# 5. **Tyres**: take the panel's tyre number of chips for the new type. **Soft**: panel − 3 chips + 3 blue tokens, at
#    most **2 soft sets** a race ([AMB-31][]); **Hard**: +1 Track Card with each new set. Keeping the tyres keeps the
#    chips you had.
# 6. **Strategy**: change it or keep it.
#
# The car then **does not move**: it takes the **JUST PIT** token and plays phases B–F when its **new** section is
# activated. No house-rule switch concerns fuel or pits: the engine plays the readings quoted above.
#
# [AMB-31]: ../../docs/rules/rf90_rules_digest.md#amb-31
# [AMB-45]: ../../docs/rules/rf90_rules_digest.md#amb-45
# [§13.A.3]: ../../docs/rules/rf90_rules_digest.md#s13-a-3

# %% [markdown]
# ## Ex. 3 and Ex. 4 — a tie, and chit 8
#
# Two drivers qualify with the same value, 4: the **lower check factor** starts ahead, (25) beats (30). Chit 8 means
# fuel **only until the beginning of turn 8**: the lightest car, **+2** in qualifying, but it must pit on turn 8
# ([§7.1][]).
#
# [§7.1]: ../../docs/rules/rf90_rules_digest.md#s7-1

# %%
a = human_entry("Red", 4, 30, 12)
b = human_entry("Yellow", 4, 25, 12)
for e in (a, b):
    print(e.explain())
print("grid:", " → ".join(e.car for e in grid_order([a, b], Rng(3))))
print()
e = human_entry("Blue", 2, 74, 8)
print(e.explain())
print(f"chit 8: qualifying {planner.qualifying_modifier(8):+d}; "
      f"on the teaching track it must pit on turn {planner.plan('teaching', 8, [0]).pit_turns[0]}")

# %% [markdown]
# ## Ex. 5 — three players qualify
#
# Orange plays a [3] (13) with chit 10, Blue a [2] (74) with chit 8, Green a [3] (17) with chit 14. Orange and Blue
# tie on 4; Orange has the lower check factor and starts ahead; Green is behind both. Each qualifying card becomes
# its car's **Target Check** ([§7.2][]).
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
# Then the robots' chits are drawn and every car is placed. The manual's robot chit values are **NOT IN SOURCE**:
# the draw below uses the **invented** chits, with a seed chosen so that the SuperFast draws a turn-8 chit as in
# [Ex. 6][]'s figure.
#
# [Ex. 6]: ../../docs/rules/rf90_rules_digest.md#ex-6

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
# Stages; each row is a stage.
#
# [Ex. 5]: ../../docs/rules/rf90_rules_digest.md#ex-5
# [§8]: ../../docs/rules/rf90_rules_digest.md#s8

# %%
chits = {e.car: e.refuel for e in full}
for turn, cars in planner.chits_on_indicator("teaching", chits).items():
    print(f"turn {turn:>2}: {', '.join(cars)}")
check([("Blue", 8, chits["Blue"]), ("SuperFast1", 8, chits["SuperFast1"]), ("Orange", 10, chits["Orange"]),
       ("Green", 14, chits["Green"])])

# %% tags=["nbval-ignore-output"]
chart = TurnIndicatorChart("teaching")
chart.show_chits(chits)
chart.widget

# %% [markdown]
# ## Ex. 7 — turn 8: extra fuel and a robot's pit stop
#
# At the start of **turn 8** Blue and a SuperFast must pit; the pit stop time is **-8**. Blue goes back **9**
# sections (one extra) and moves his chit **13** turns (10 + 3), to **turn 21**. A black (robot) chit is on turn 8,
# so the **best-placed SuperFast** pits too: it goes back **8** sections, and its chit is discarded — it will not
# stop again for fuel ([§17.3][] A).
#
# [§17.3]: ../../docs/rules/rf90_rules_digest.md#s17-3

# %%
ex07 = racebook.load_scenario("ex07")
show_assumed(ex07)
start = racebook.rf90.scenario.load("ex07", play=False).race
print("Blue's chit is due: the only choices are", " · ".join(actionlabels.label(a, start.state)
                                                             for a in start.legal_actions()))
print("\n".join("  " + line for line in pitstops.pit_stop_lines(ex07.race)))
back = {e.car: e.sections for e in ex07.race.events if e.kind == "MovedBack"}
s = ex07.race.state
blue_stop = planner.plan("silverstone", 8, [1, 0]).stops[0]
print()
check([("Blue goes back", 9, back["Blue"]), ("Blue's new chit", 21, s.cars["Blue"].refuel),
       ("SuperFast1 goes back", 8, back["SuperFast1"]), ("SuperFast2 pit stops", 0, s.cars["SuperFast2"].pits),
       ("planner: Blue's new chit", 21, blue_stop.chit_after),
       ("planner: Blue's fuel (turns)", 13, blue_stop.fuel_after)])

# %% tags=["nbval-ignore-output"]
ScenarioPlayer(ex07)  # ◀ ▶ — step to "Blue goes back 9 section(s)"

# %% [markdown]
# ## Ex. 17 — the pit-stop procedure
#
# Blue leads and declares a pit at the start of a Game Turn (pit stop time -8). He goes back 8 sections to
# **corner 4**, behind the Fast robot, and the **Leader token** goes to the SuperFast behind him. His chit moves
# **+10**. He returns his **2 red** tokens to the bag; the **brown** one stays. He keeps 1 of his 3 cards and draws
# **5** up to his limit of **6**. He fits **Hard** tyres: **10** chips and **1 Track Card**, which does not count
# toward the limit. He changes strategy from LUCKY to BANGING WHEELS and takes the **JUST PIT** token ([§13.A.3][]).
#
# The engine plays the procedure as a series of decisions; below, the choices it offers at each one. Blue's chit is
# on turn 12 and this is turn 9, so he pits early by choice (in [Ex. 7][], where the chit is due, only pit stops are
# offered).
#
# [Ex. 7]: ../../docs/rules/rf90_rules_digest.md#ex-7
# [§13.A.3]: ../../docs/rules/rf90_rules_digest.md#s13-a-3

# %%
ex17 = racebook.load_scenario("ex17")
show_assumed(ex17)
print("\n".join(pitstops.choices_walk("ex17")))

# %%
s = ex17.race.state
blue = s.cars["Blue"]
before = racebook.rf90.scenario.load("ex17", play=False).race.state.cars["Blue"].refuel
print(f"Blue's chit: turn {before} → turn {blue.refuel}")
token = next(e for e in ex17.race.events if e.kind == "LeaderToken" and e.cause is LeaderCause.PITTED)
check([("lands in corner 4 (Club-2)", "Club-2", blue.section),
       ("placed behind the Fast robot", "Fast1 Blue", " ".join(s.cars_in("Club-2"))),
       ("Leader token goes to", "SuperFast1", token.car),
       ("chit moves (turns)", 10, blue.refuel - before), ("red tokens", 0, blue.red), ("brown tokens", 1, blue.brown),
       ("Race Cards in hand", 6, sum(not s.card(c).is_track for c in blue.hand)),
       ("Track Cards in hand", 1, sum(s.card(c).is_track for c in blue.hand)), ("tyre chips", 10, blue.chips),
       ("strategy", "BANGING WHEELS", blue.strategy.value.replace("_", " ").upper()),
       ("JUST PIT token", "yes", "yes" if blue.just_pit else "no")], width=14)

# %% tags=["nbval-ignore-output"]
ScenarioPlayer(ex17)

# %% [markdown]
# **The hand limit at a pit stop.** A player may not finish the stop holding more cards than his panel allows, and
# frozen duel cards count ([§13.A.3][]). Here Blue comes in with 5 cards in hand and 2 frozen from a duel — 7 for a
# limit of 6:
#
# [§13.A.3]: ../../docs/rules/rf90_rules_digest.md#s13-a-3

# %%
print("\n".join(pitstops.hand_limit_demo()))

# %% [markdown]
# ## The fuel-strategy planner
#
# `racebook.rf90.analysis.planner` (the planner at the top) replays a whole race's fuel on a track's Turn Indicator.
# A plan is a starting chit and a list of stops, each with its extra sections; a stop is made on the turn its chit is
# due unless given an earlier turn. Each stop calls the engine's own `pits.refuel` and `pits.recoil`. It counts only
# fuel and pit time — not the fresh tyres, cards and repairs a stop brings.
#
# **One stop or two at Silverstone** (24 turns, -8): the heavy one-stopper starts with chit 16 and qualifies −2; the
# light two-stopper starts with chit 8 and qualifies +2, but stops twice. Then [Ex. 7][]'s Blue, raced to the end:
#
# [Ex. 7]: ../../docs/rules/rf90_rules_digest.md#ex-7

# %%
one = planner.best_plan("silverstone", 1)
two = planner.best_plan("silverstone", 2)
print(table_of_columns(planner.compare({"one stop": one, "two stops": two})).to_string())
print()
for line in planner.plan("silverstone", 8, [1, 0]).lines():
    print(line)

# %% [markdown]
# **Every plan worth considering.** A plan is dominated when another loses no more sections *and* qualifies at
# least as well. What is left, track by track (stops made when due, up to two):

# %% tags=["presenter-show"]
for tid in ("teaching", "silverstone", "monza"):
    plans = {p.label: {"qualifying": f"{p.qualifying_modifier:+d}", "pit turns": ", ".join(map(str, p.pit_turns)),
                       "sections lost": p.sections_lost, "spare turns": p.spare_turns}
             for p in planner.frontier(tid)}
    print(racebook.load_track(tid).name)
    print(table(list(plans.values()), ["qualifying", "pit turns", "sections lost", "spare turns"],
                list(plans)).to_string(), end="\n\n")

# %% [markdown]
# At Monza (22 turns, -6) chit 8 with 2 extra sections reaches the flag on one stop. On the 16-turn teaching track
# every chit needs exactly one stop, so the lightest chit wins. **PITTING** ([§27][]) makes every stop 2 sections
# cheaper, so stopping more often costs less:
#
# [§27]: ../../docs/rules/rf90_rules_digest.md#s27

# %% tags=["presenter-show"]
for skill in (None, Skill.PITTING):
    b1, b2 = (planner.best_plan("silverstone", n, skill=skill) for n in (1, 2))
    name = skill.value.upper() if skill else "no skill"
    print(f"{name:<9} one stop: {b1.sections_lost} sections lost;  two stops: {b2.sections_lost} sections lost")

# %% [markdown]
# **SAVE FUEL and PUSH** move the chit during a stint ([§26][]): the `drift` of a plan is the net number of moves in
# each stint, at most one per Game Turn. **Impossible plans** raise `planner.ImpossiblePlan`, citing the rule:
# running out of fuel before the race end is *pane seca*, and the car is eliminated ([§8][]).
#
# [§26]: ../../docs/rules/rf90_rules_digest.md#s26
# [§8]: ../../docs/rules/rf90_rules_digest.md#s8

# %% tags=["presenter-show"]
for drift, why in (([0, 0], "no moves"), ([-2, 0], "two PUSH combinations in stint 1"),
                   ([-2, 3], "then three SAVE FUEL moves in stint 2")):
    try:
        p = planner.plan("teaching", 8, [0], drift=drift)
        print(f"{why:<40} pit on turn {p.pit_turns[0]}, final chit {p.final_chit}")
    except planner.ImpossiblePlan as err:
        print(f"{why:<40} impossible: {err.reason}")
print()
for track, chit, stops, what in (("silverstone", 8, [0], "one stop when due"), ("teaching", 16, [], "no stop"),
                                 ("teaching", 8, [3], "one stop, 3 extra sections"),
                                 ("teaching", 8, [planner.Stop(0, turn=9)], "one stop on turn 9")):
    try:
        planner.plan(track, chit, stops)
    except planner.ImpossiblePlan as err:
        print(f"{track}, chit {chit}, {what}:\n  {err}")

# %% [markdown]
# ## Ex. 39 and Ex. 40 — pit stops under the Safety Car
#
# Pitting when the Safety Car comes out ([Ex. 39][]: "Orange has not played yet, so he may pit before the SC"), and the
# leader forced to pit under it ([Ex. 40][]), follow [§21.4][]: a car that pits under the SC goes straight to the back
# of the queue and may load up to 16 turns of fuel **without** backing extra sections. [Notebook
# 10](10_safety_car.ipynb) covers the Safety Car itself; here are the two pit stops, checked against the book.
#
# [Ex. 39]: ../../docs/rules/rf90_rules_digest.md#ex-39
# [Ex. 40]: ../../docs/rules/rf90_rules_digest.md#ex-40
# [§21.4]: ../../docs/rules/rf90_rules_digest.md#s21-4

# %%
ex39 = racebook.load_scenario("ex39").race
s39 = ex39.state
print("\n".join(line for line in pitstops.pit_stop_lines(ex39) if "declares a pit stop" in line))
print("after the realignment:", in_words(s39))
order39 = s39.race_order()
ex40 = racebook.load_scenario("ex40").race
s40 = ex40.state
print("Ex. 40 queue:", in_words(s40))
check([("Ex. 39: just ahead of Orange", "Pink", order39[order39.index("Orange") - 1]),
       ("Ex. 39: Green's laps down", 0, s39.laps_down("Green")), ("Ex. 39: Red's laps down", 0, s39.laps_down("Red")),
       ("Ex. 40: last in the queue", "Blue", s40.race_order()[-1]), ("Ex. 40: leader", "Orange", s40.leader),
       ("Ex. 40: Blue's chit (turn 6 + 16)", 22, s40.cars["Blue"].refuel)])

# %% tags=["nbval-ignore-output"]
ScenarioPlayer(racebook.load_scenario("ex39"))

# %% tags=["nbval-ignore-output"]
ScenarioPlayer(racebook.load_scenario("ex40"))

# %% [markdown]
# **See also:** [notebook 03](03_activation.ipynb) shows how a pit stop moves the Front Activation Section when the
# leader pits ([Ex. 13][]); `racebook replay ex07` and `racebook replay ex17` print these pit stops' event logs in a
# terminal.
#
# [Ex. 13]: ../../docs/rules/rf90_rules_digest.md#ex-13

# %% [markdown]
# **Next →** [08_flags_weather_tyres](08_flags_weather_tyres.ipynb): flags, weather and tyres.
