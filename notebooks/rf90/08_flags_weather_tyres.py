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
# # 08 — Flags, weather and tyres
#
# **You need:** [01_movement_and_passing](01_movement_and_passing.ipynb), [02_check_tests](02_check_tests.ipynb),
# [04_duels](04_duels.ipynb), [05_late_braking](05_late_braking.ipynb), [06_trajectories](06_trajectories.ipynb).
#
# **Learning objectives** — after this notebook you can:
#
# * play the four **flags** (*bandeiras*) of a card in phase D.4: place a **yellow flag** in a corner and say what it
#   does to everyone there, remove one with a **green flag**, lap cheaply with a **blue flag**, command the robots
#   with the **orange flag** — and when each goes away;
# * put the **weather pawn** (*peão do clima*) on the weather table from a card's check factor, move it with a
#   weather card, and tell **dry** (*Sol*), **drizzle / intermediate** (*Garoa*) and **rain** (*Chuva*) apart;
# * choose **tyres** (*pneus*: soft, hard, intermediate, rain) and work out the **wrong-tyre penalty**, the
#   **rain -20** on tests, and RAIN EXPERT;
# * predict the **robots' tyres** at the start and their **tyre-change pit stops** when the weather turns.
#
# **Digest sections:** [§9.1][] (initial weather), [§9.2][] (tyres and the robots' choice), [§13.D.4][] (flag and
# weather events), [§15][] (flags: [§15.1][] yellow, [§15.2][] green, [§15.3][] blue, [§15.4][] orange), [§16][]
# (weather and tyres: [§16.1][] change, [§16.2][] wrong tyres, [§16.3][] robot tyre change), [§13.D.2][] (the rain
# modifier), [§27][] RAIN EXPERT; readings [AMB-5][], [AMB-33][], [AMB-40][] and [AMB-44][] ([§31][]); examples
# [Ex. 8][], 9 and 25, and [Ex. 29][] for the blue flag ([§30][]).
#
# Every number below comes from the `racebook` engine — `racebook.rf90.setup.weather_space`, `robot_tyre_for`,
# `racebook.rf90.rules.movement.tyre_penalty`, `racebook.rf90.rules.checks.modifiers` and the turn machine, asked
# through
# small built races
# (`racebook.rf90.lessons.explore`); the notebook and its widgets only show it.
#
# [AMB-33]: ../../docs/rules/rf90_rules_digest.md#amb-33
# [AMB-40]: ../../docs/rules/rf90_rules_digest.md#amb-40
# [AMB-44]: ../../docs/rules/rf90_rules_digest.md#amb-44
# [AMB-5]: ../../docs/rules/rf90_rules_digest.md#amb-5
# [Ex. 29]: ../../docs/rules/rf90_rules_digest.md#ex-29
# [Ex. 8]: ../../docs/rules/rf90_rules_digest.md#ex-8
# [§13.D.2]: ../../docs/rules/rf90_rules_digest.md#s13-d-2
# [§13.D.4]: ../../docs/rules/rf90_rules_digest.md#s13-d-4
# [§15]: ../../docs/rules/rf90_rules_digest.md#s15
# [§15.1]: ../../docs/rules/rf90_rules_digest.md#s15-1
# [§15.2]: ../../docs/rules/rf90_rules_digest.md#s15-2
# [§15.3]: ../../docs/rules/rf90_rules_digest.md#s15-3
# [§15.4]: ../../docs/rules/rf90_rules_digest.md#s15-4
# [§16]: ../../docs/rules/rf90_rules_digest.md#s16
# [§16.1]: ../../docs/rules/rf90_rules_digest.md#s16-1
# [§16.2]: ../../docs/rules/rf90_rules_digest.md#s16-2
# [§16.3]: ../../docs/rules/rf90_rules_digest.md#s16-3
# [§27]: ../../docs/rules/rf90_rules_digest.md#s27
# [§30]: ../../docs/rules/rf90_rules_digest.md#s30
# [§31]: ../../docs/rules/rf90_rules_digest.md#s31
# [§9.1]: ../../docs/rules/rf90_rules_digest.md#s9-1
# [§9.2]: ../../docs/rules/rf90_rules_digest.md#s9-2

# %%
from functools import partial

import pandas as pd

import racebook
from racebook.rf90.car import RobotType, Skill, Tyre
from racebook.rf90.cards import default_race_deck
from racebook.rf90.events import (
    CardDrawn,
    CheckTest,
    DrawReason,
    DuelEvent,
    FlagEvent,
    InitialWeather,
    MovementPoints,
    MovementStops,
    Pass,
    RobotTyres,
    YellowFlagPassed,
)
from racebook.rf90.lessons import explore, notebook
from racebook.rf90.lessons.notebook import lines, small_race
from racebook.rf90.options import HOUSE_RULE_DOCS, IntermediateRow, Rules
from racebook.rf90.setup import Driver, new_race, robot_tyre_for, weather_space
from racebook.rf90.track import Condition
from racebook.rf90.ui import ScenarioPlayer
from racebook.rf90.ui.weather import WeatherTableView

pd.set_option("display.width", 200)


def penalty_frame(table):
    """explore.wrong_tyre_table as a DataFrame: tyres down, conditions across, '-1' for one MP lost."""
    return pd.DataFrame({c.value: {t.value: (f"-{p}" if p else "–") for t, p in row.items()}
                         for c, row in table.items()})


check = partial(notebook.check, width=14)
build = partial(small_race, name="nb08", seed=8)  # a small race from a scenario-shaped dict

# %% [markdown]
# ## Flags — *Bandeiras* (§15, §13.D.4)
#
# A Race Card or Track Card may carry a **flag symbol**. It is resolved in **D.4**, after the payments, the tests and
# the card draws of D.1–D.3. **Using or placing a flag is always optional.** Its effect lasts until it is removed.
#
# * **Yellow flag** ([§15.1][]) — place a token on **any corner section without one** (at most one per corner section; 6
#   tokens). With cars in that corner the player chooses **exactly where among them** it goes (but always **behind
#   the trajectories**: «carros numa trajetória não são afetados»). While it is there:
#   * **slowdown** (*Desaceleração*): each car that finds the flag **ahead** pays **1 extra MP** to move past it;
#   * **alignment** (*Alinhamento*): **no overtaking, no lapping, no duels** in that section — it has priority over
#     everything (BANGING WHEELS, a NO MOVE car, the blue flag, the robots' free passes);
#   * it is removed **as soon as the leader passes it**, by a **green flag**, or when the **Safety Car** comes out
#     (all of them). It stays valid in the first turn, at restarts and in the last turn ([§22][]).
# * **Green flag** ([§15.2][]) — remove one yellow flag from any section. No token.
# * **Blue flag** ([§15.3][]) — take one of the 6 **blue pawns**. Lapping then costs **0 MP** on straights and in
#   braking zones and **1 MP** in corners; a leader still makes the **Leader lapping check**; no lapping through a
#   yellow flag.
# * **Orange flag** ([§15.4][]) — take **the** orange pawn if nobody holds it: until the end of the Race Stage you may
#   force a robot that ends its move in a braking zone to **late-brake**, or a robot to **occupy an Extreme
#   Trajectory** (it tests it on its next turn). Only the **first** orange flag of a Race Stage counts.
# * **Blue and orange pawns are discarded** when the turn pawn reaches a new row of the Turn Indicator — a new
#   **Race Stage**.
#
# ## Ex. 25 — reading the flag cards
#
# The four cards of p.17: (a) **[2]** pay 1 tyre chip, may place a **yellow flag**; (b) **[1]** may remove a yellow
# flag (**green flag**); (c) **[2]** draw 1 Race Card and take a **blue flag**; (d) **[2]** pay 1 tyre chip, take the
# **orange pawn** if no other player holds it. Here Blue plays each alone, with a yellow flag already in D and Green
# in corner G; the engine lists the D.4 decisions it offers.
#
# [§15.1]: ../../docs/rules/rf90_rules_digest.md#s15-1
# [§15.2]: ../../docs/rules/rf90_rules_digest.md#s15-2
# [§15.3]: ../../docs/rules/rf90_rules_digest.md#s15-3
# [§15.4]: ../../docs/rules/rf90_rules_digest.md#s15-4
# [§22]: ../../docs/rules/rf90_rules_digest.md#s22

# %%
print("stage:", explore.D4_POSITION)
for label, card in (("(a)", "R45"), ("(b)", "R46"), ("(c)", "R47"), ("(d)", "R48")):
    text, events, choices = explore.d4_choices(card)
    print(f"{label} {text}")
    for s in events:
        print("      ", s)
    print("      D.4 decisions:", ", ".join(choices))
text, events, choices = explore.d4_choices("R48", orange="Red")
print("(d) when Red already holds the orange pawn:", events[-1])

# %%
deck = default_race_deck()
a, b, c, o = (deck[x] for x in ("R45", "R46", "R47", "R48"))
check([("(a) MP, tyres, flag", "2 1 yellow", f"{a.mp} {a.tyres} {a.flag.value}"),
       ("(b) MP, flag", "1 green", f"{b.mp} {b.flag.value}"),
       ("(c) MP, draws, flag", "2 1 blue", f"{c.mp} {c.draw} {c.flag.value}"),
       ("(d) MP, tyres, flag", "2 1 orange", f"{o.mp} {o.tyres} {o.flag.value}")])

# %% [markdown]
# The shipped scenario `ex25` plays two of them in a race: Blue places the yellow flag in G behind Green, Pink takes a
# blue pawn.

# %%
ex25 = racebook.load_scenario("ex25")
print(ex25.title, f"[{ex25.cite}]")
for e in ex25.race.events:
    if isinstance(e, FlagEvent) or e.kind == "CardsPlayed":
        print(" ", e.sentence())
print("position:", ex25.race.position(), "| blue pawns:", sorted(ex25.race.state.blue_flags))

# %%
# NBVAL_IGNORE_OUTPUT
ScenarioPlayer(ex25)

# %% [markdown]
# `yellow-flag G 0` puts the flag in front of Green, `yellow-flag G 1` behind him; D already has one, so it is not
# offered there (one per corner section). J, G and C are the other corner sections.
#
# ## A yellow flag placed, passed and removed
#
# Not a manual example: a small scenario (`racebook/rf90/scenarios/flags_yellow.toml`) on the teaching track. Red leads
# on lap 2, in I; Green (F), Orange (G) and Blue (H) are a lap behind him, still physically ahead.
#
# 1. **Green** plays the yellow-flag card and puts the flag in corner **G**, **behind Orange**, to hold up Blue.
# 2. **Blue** (BANGING WHEELS, 4 MP) enters G, pays **1 MP** to get past the flag, and must **stop** behind Orange:
#    no overtaking in a yellow-flag section — not even with BANGING WHEELS (2 MP in a corner). 2 MP are lost. Blue
#    is not the leader, so the flag **stays**.
# 3. Next turn **Red**, the leader, enters G and pays 1 MP to pass the flag: it is **removed** at once.

# %%
yellow = racebook.load_scenario("flags_yellow")
print(yellow.title, f"[{yellow.cite}]")
for a in yellow.assumed:
    print("  assumed:", a)
for e in yellow.race.events:
    if isinstance(e, (FlagEvent, YellowFlagPassed, MovementStops, MovementPoints)):
        print(" ", e.sentence())
ev = yellow.race.events
blue_flag = next(e for e in ev if isinstance(e, YellowFlagPassed) and e.car == "Blue")
red_flag = next(e for e in ev if isinstance(e, YellowFlagPassed) and e.car == "Red")
stop = next(e for e in ev if isinstance(e, MovementStops) and e.car == "Blue")
print()
check([("slowdown for Blue (MP)", 1, 3 - blue_flag.left), ("Blue stops (rule)", "§15.1", stop.citation),
       ("Blue's MP lost", "; 2 MP lost", stop.lost), ("flag stays after Blue", "", blue_flag.removed),
       ("flag after Red", "removed", "removed" if red_flag.by_leader else "stays"),
       ("yellow flags left", 0, sum(lst.count("(Y)") for lst in yellow.race.state.order.values()))])

# %%
# NBVAL_IGNORE_OUTPUT
ScenarioPlayer(yellow)  # ⏮ ◀ ▶ ⏭ — the (Y) token in G, then Blue held up, then Red removes it

# %% [markdown]
# **Cars on a trajectory** ([§15.1][]). The flag is always behind the trajectories, so a car on a trajectory of the
# flagged section never finds it ahead and pays **no slowdown** — also when it took the trajectory *after* the flag
# was placed (then the token is listed ahead of it, but the board is the same: one board position, one cost). The
# book is silent on the alignment; the engine's reading is that «a bandeira amarela tem prioridade sobre tudo»:
# **no overtaking and no duels** in that section binds a car on a trajectory too. Blue on G's ET plays a [2], flag
# listed ahead of him or behind him; then the same with Red ahead of him in G:
#
# [§15.1]: ../../docs/rules/rf90_rules_digest.md#s15-1

# %% tags=["presenter-show"]
for position in ("teaching turn=5 lap=3 | D: Fast1* | G: (Y) Blue@G.et1",
                 "teaching turn=5 lap=3 | D: Fast1* | G: Blue@G.et1 (Y)",
                 "teaching turn=5 lap=3 | D: Fast1* | G: Red{played} (Y) Blue@G.et1"):
    r = build(position, {"Blue": {"hand": ["R22", "R24"]}}, ["R55"])
    r.apply("Blue start")
    r.apply("Blue play R22")  # without the ET (no colour match): the car is still on it
    print(position)
    for e in r.events:
        if e.car_id == "Blue" and e.kind in ("YellowFlagPassed", "EnterSection", "MovementStops"):
            print("   ", e.sentence())

# %% [markdown]
# **No duels** under a yellow flag either ([§15.1][], [§12.3][]): with Green and Blue in corner G the activation opens
# the duel procedure; with a yellow flag between them it does not.
#
# [§12.3]: ../../docs/rules/rf90_rules_digest.md#s12-3
# [§15.1]: ../../docs/rules/rf90_rules_digest.md#s15-1

# %%
for position in ("teaching turn=3 | A: Red*{played} | G: Green Blue",
                 "teaching turn=3 | A: Red*{played} | G: Green (Y) Blue"):
    r = build(position, {"Green": {"hand": ["R55"], "target": "R80"}, "Blue": {"hand": ["R56"], "target": "R81"}})
    duel_lines = [e.sentence() for e in r.events if isinstance(e, DuelEvent)]
    print(position)
    print("   ", duel_lines[-1])
    print("    next decision:", ", ".join(str(a) for a in r.legal_actions()[:2]))

# %% [markdown]
# ## Blue flag: cheaper lapping, Leader check still needed (Ex. 29)
#
# [Ex. 29][] ([notebook 01](01_movement_and_passing.ipynb) has it in full): Blue holds a blue pawn and laps Orange **in
# corner G for 1 MP** and Pink **on
# the straight F for 0 MP** — and, as the leader, makes a **Leader lapping check** before each ([§15.3][], [§20][]).
#
# [Ex. 29]: ../../docs/rules/rf90_rules_digest.md#ex-29
# [§15.3]: ../../docs/rules/rf90_rules_digest.md#s15-3
# [§20]: ../../docs/rules/rf90_rules_digest.md#s20

# %%
ex29 = racebook.load_scenario("ex29")
for e in ex29.race.events:
    if isinstance(e, (Pass, CheckTest)):
        print(" ", e.sentence())
passes = [e for e in ex29.race.events if isinstance(e, Pass)]
check([("lapping Orange in the corner", 1, passes[0].cost), ("lapping Pink on the straight", 0, passes[1].cost),
       ("Leader checks made", 2, sum(1 for e in ex29.race.events if isinstance(e, CheckTest) and e.rule == "§20"))])

# %% [markdown]
# ## Orange flag: forcing the robots (§15.4, §17.3, AMB-29, AMB-40)
#
# Red holds the orange pawn. A Fast robot ends its move in the braking zone E (LB -20): Red may force it to
# **late-brake** — a blind test against 70 − 20 = **50** ([AMB-29][]). Another ends in corner G, next to the free ET
# G.et1: Red may force it **onto the ET**. The engine asks the holder at the end of the robot's move ([AMB-40][]).
#
# [AMB-29]: ../../docs/rules/rf90_rules_digest.md#amb-29
# [AMB-40]: ../../docs/rules/rf90_rules_digest.md#amb-40

# %%
for start, stack in (("H", ["R40"]), ("H", ["R60", "R10"]), ("J", [])):
    r = build(f"teaching turn=4 lap=2 | A: Red*{{played}} | {start}: Fast1",
              {"Red": {"hand": ["R55"], "target": "R88"}}, stack, {"orange": "Red"})
    print(f"Fast1 from {start}: Red may choose", ", ".join(str(a) for a in r.legal_actions()))
    if start == "H":
        n = len(r.events)
        r.apply("Red force Fast1 lb")
        lines(r, {"FlagEvent", "CheckTest", "RobotLbAdvance", "OnReentryPoint"}, start=n)

# %% [markdown]
# ## End of a Race Stage: the pawns go back (§15, §10)
#
# Blue holds a blue pawn and Red the orange pawn on turn 4. The teaching track's Turn Indicator starts a new row —
# a new **Race Stage** — on turn 5: both pawns are discarded.

# %%
stage = build("teaching turn=4 | A: Red*{played} | I: Blue{played}",
              {"Red": {"hand": ["R55"], "target": "R88"}, "Blue": {"hand": ["R56"], "target": "R80"}},
              race={"blue_flags": ["Blue"], "orange": "Red"})
lines(stage, {"GameTurnStarted", "GameTurnEnded", "RaceStageStarted"})
s = stage.state
print(f"turn {s.turn}: blue pawns {sorted(s.blue_flags)}, orange pawn {s.orange}")

# %% [markdown]
# ## Weather — *Condições do Tempo* (§9.1, §16)
#
# * Before the start, **draw one Race Card**: the weather pawn goes on the space of the **weather table**
#   (*tabela de meteorologia*) that covers its **check factor** ([§9.1][]). Dry is at one end, rain at the other (rain
#   on the **right** at Silverstone); the spaces between are **intermediate** (*Garoa*, drizzle, uncertain).
# * A card with the **weather symbol** lets its player move the pawn **one step** either way in D.4, or leave it
#   ([§16.1][]). The conditions change **at once**.
# * Each track has its own table — the manual prints none in full ([§32][]); the three tracks here, with where each
#   value comes from:
#
# [§16.1]: ../../docs/rules/rf90_rules_digest.md#s16-1
# [§32]: ../../docs/rules/rf90_rules_digest.md#s32
# [§9.1]: ../../docs/rules/rf90_rules_digest.md#s9-1

# %% tags=["presenter-show"]
for tid in ("teaching", "silverstone", "monza"):
    tr = racebook.load_track(tid)
    row = {f"{i}": f"{sp.label()} {sp.condition.value[:5]}" for i, sp in enumerate(tr.weather.spaces)}
    manual = [sp.label() for sp in tr.weather.spaces if sp.source.startswith("manual")]
    print(f"{tr.name:<15} rain on the {tr.weather.rain_side}; manual values: {', '.join(manual) or 'none'}")
    print("   ", " | ".join(row.values()))

# %% [markdown]
# ## Ex. 8 — the initial weather
#
# A card with check factor **(34)** puts the pawn on the space covering 34 ([§9.1][]).
#
# [§9.1]: ../../docs/rules/rf90_rules_digest.md#s9-1

# %%
for tid in ("silverstone", "teaching", "monza"):
    tr = racebook.load_track(tid)
    i = weather_space(tr, 34)
    sp = tr.weather.spaces[i]
    print(f"{tr.name:<15} card (34) → space {i}: {sp.label()} ({sp.condition.value})")
sil = racebook.load_track("silverstone")
check([("Silverstone space covering 34", "35-26", sil.weather.spaces[weather_space(sil, 34)].label())])

# %% [markdown]
# The shipped scenario `ex08` runs the whole pre-race at Silverstone ([§6][]–[§9][]) with the weather card stacked as
# (34):
#
# [§6]: ../../docs/rules/rf90_rules_digest.md#s6
# [§9]: ../../docs/rules/rf90_rules_digest.md#s9

# %% tags=["presenter-show"]
ex08 = racebook.load_scenario("ex08")
for e in ex08.race.events:
    if isinstance(e, InitialWeather | RobotTyres) or isinstance(e, CardDrawn) and e.reason is DrawReason.HARD_START:
        print(" ", e.sentence())
sp = ex08.race.state.track.weather.spaces[ex08.race.state.weather]
check([("weather pawn on", "35-26", sp.label())])

# %%
# NBVAL_IGNORE_OUTPUT
ScenarioPlayer(ex08)

# %% [markdown]
# ## Tyres — *Pneus* (§9.2)
#
# From the pole-sitter down the grid each player chooses a **tyre type** (and a Strategy Card). Tyres change **only
# at a pit stop**.
#
# * **Soft** (*macio*): the panel's tyre chips **minus 3**, plus **3 blue tokens** (+1 MP each, one per turn; still
#   usable in rain); at most **two soft sets** a race.
# * **Hard** (*duro*): the full chips and **+1 Track Card** (also with every new set at a pit).
# * **Intermediate** (*intermediário*) and **Rain** (*chuva*): the full chips; for drizzle and rain.
# * **RAIN EXPERT** starting on **Rain** tyres: **+3 blue tokens** too ([§27][]).
#
# The engine's pre-race, for four drivers with a 10-chip panel:
#
# [§27]: ../../docs/rules/rf90_rules_digest.md#s27

# %% tags=["presenter-show"]
drivers = [Driver("Blue", tyre=Tyre.SOFT), Driver("Red", tyre=Tyre.HARD), Driver("Green", tyre=Tyre.INTERMEDIATE),
           Driver("Orange", tyre=Tyre.RAIN, skill=Skill.RAIN_EXPERT)]
rs = new_race(racebook.load_track("silverstone"), drivers, [("Fast1", RobotType.FAST)], seed=9)
s = rs.state
rows = {c.id: {"tyres": c.tyre.value, "chips": c.chips, "blue tokens": c.blue,
               "Track Cards": sum(1 for x in c.hand if s.card(x).is_track)} for c in s.cars.values() if not c.is_robot}
print(pd.DataFrame(rows).T.to_string())
for e in rs.events:
    if isinstance(e, InitialWeather | RobotTyres) or isinstance(e, CardDrawn) and e.reason is DrawReason.HARD_START:
        print(" ", e.sentence())

# %% [markdown]
# ### The robots' tyres at the start
#
# Robots use only **Hard** or **Rain** tyres, all the same set (the Robot tyres chit). **Dry → Hard, rain → Rain**;
# intermediate → the tyre of the **nearest stable condition** on the table; **exactly in the middle → random**
# ([§9.2][]).
#
# ## Ex. 9 — the robots' tyres at Silverstone
#
# A card **(38)** gives intermediate weather, but the pawn is **closer to the rain side** (on the right): the robots
# fit **Rain** tyres. On **55-46**, the exact middle, they would choose at random.
#
# [§9.2]: ../../docs/rules/rf90_rules_digest.md#s9-2

# %%
for card in (38, 50):
    r = explore.weather_reading("silverstone", card)
    print(f"card ({card:02d}) → {r.label}: {r.robot_sentence()}")
middle = weather_space(sil, 50)
check([("card (38): condition", "intermediate", explore.weather_reading("silverstone", 38).condition.value),
       ("card (38): robots", "rain", robot_tyre_for(sil, weather_space(sil, 38), coin=0).value),
       ("55-46 is the middle", "55-46", sil.weather.spaces[middle].label()),
       ("55-46: the coin decides", "hard/rain",
        "/".join(robot_tyre_for(sil, middle, coin).value for coin in (0, 1)))])

# %% [markdown]
# The shipped scenario `ex09`: the same pre-race with a SuperFast and a Fast robot and the weather card (38).

# %%
ex09 = racebook.load_scenario("ex09")
for e in ex09.race.events:
    if isinstance(e, InitialWeather | RobotTyres) or isinstance(e, CardDrawn) and e.reason is DrawReason.HARD_START:
        print(" ", e.sentence())
s9 = ex09.race.state
check([("robots' tyres", "rain rain", " ".join(c.tyre.value for c in s9.cars.values() if c.is_robot))])

# %%
# NBVAL_IGNORE_OUTPUT
ScenarioPlayer(ex09)

# %% [markdown]
# ## Wrong tyres (§16.2, AMB-5, AMB-33)
#
# A player whose tyres do not suit the weather loses MP **every turn** in phase E. The manual's table gives
# Intermediate tyres **-1 in drizzle and nothing in rain** — the reverse of their purpose. The recommended reading
# (**[AMB-5][]**) is Dry -1, Drizzle –, Rain -1; a house-rule switch keeps the printed row:
#
# [AMB-5]: ../../docs/rules/rf90_rules_digest.md#amb-5

# %% tags=["presenter-show"]
print("intermediate_row:", HOUSE_RULE_DOCS["intermediate_row"])
print()
print("corrected (default):")
print(penalty_frame(explore.wrong_tyre_table()).to_string())
print()
print("as printed:")
print(penalty_frame(explore.wrong_tyre_table(rules=Rules(intermediate_row=IntermediateRow.PRINTED))).to_string())

# %% [markdown]
# **RAIN EXPERT** ([§27][], [AMB-33][]): in intermediate weather, **Rain or Hard** tyres lose nothing; everything else
# as usual (Soft still -1 in drizzle, Rain tyres -2 in the dry, Hard -2 in rain). **Robots never lose MP for their
# tyres** — they only pit to change them ([§16.3][]).
#
# [AMB-33]: ../../docs/rules/rf90_rules_digest.md#amb-33
# [§16.3]: ../../docs/rules/rf90_rules_digest.md#s16-3
# [§27]: ../../docs/rules/rf90_rules_digest.md#s27

# %%
print("RAIN EXPERT:")
print(penalty_frame(explore.wrong_tyre_table(skill=Skill.RAIN_EXPERT)).to_string())

# %% [markdown]
# ## Rain: -20 on every test but the Leader check (§13.D.2, §16.2)
#
# In rain **every test** is at **-20** — card tests, ET blind tests, late braking, recovery tests — for robots too
# (Target Check 70). The **Leader lapping check** is the exception. ([Ex. 23][]: a -10 test in rain is a -30 test.)
#
# [Ex. 23]: ../../docs/rules/rf90_rules_digest.md#ex-23

# %%
for who, robot in (("player, Target Check (88)", False), ("robot, Target Check 70", True)):
    dry = pd.DataFrame(explore.test_targets(Condition.DRY, robot=robot)).set_index("test")
    rain = pd.DataFrame(explore.test_targets(Condition.RAIN, robot=robot)).set_index("test")
    print(who)
    print(pd.DataFrame({"dry target": dry["target"], "rain modifiers": rain["modifiers"],
                        "rain target": rain["target"]}).to_string())
    print()

# %% [markdown]
# ## A weather card and the robots' tyre change (§16.1, §16.3, AMB-44)
#
# When the pawn goes from **intermediate to rain** (or to dry) and the robots are not on the right tyres (Rain for
# rain, Hard for dry), then **at the end of the current car's individual turn all robots pit** for new tyres —
# front to back, each going back the pit-stop time ([AMB-44][]). That stop **is also their refuelling**: every robot
# refuel chit leaves the Turn Indicator.
#
# Blue, on intermediate tyres, plays a weather card on the teaching track's last drizzle space and moves the pawn
# one step into the rain. The robots run on Hard tyres and have their chits on turns 12 and 14. The rain hits Blue's
# own movement at once (intermediates in rain: -1 MP, [AMB-5][]).
#
# [AMB-44]: ../../docs/rules/rf90_rules_digest.md#amb-44
# [AMB-5]: ../../docs/rules/rf90_rules_digest.md#amb-5

# %%
wx = build("teaching turn=3 weather=4 | A: Red*{played} | I: Blue | B: Fast1{played} | C: Slow1",
           {"Blue": {"hand": ["R26", "R55"], "target": "R88", "tyre": "intermediate"}}, ["R01"],
           {"robot_tyre": "hard", "robot_chits": [["fast", 12], ["slow", 14]]})
def chits(state):
    return ", ".join(f"{t.value} turn {n}" for t, n in state.robot_chits) or "none"


print("before:", wx.position(), "| robots on", wx.state.robot_tyre.value, "| robot chits:", chits(wx.state))
n = len(wx.events)
for action in ("Blue start", "Blue play R26", "Blue weather +1"):
    wx.apply(action)
lines(wx, {"WeatherMoved", "RobotsWillPit", "MovementPoints", "MovedBack", "RobotTyresChanged"}, start=n)
s = wx.state
print("after: ", wx.position(), "| robots on", s.robot_tyre.value, "| robot chits:", chits(s))
check([("weather now", "rain", s.condition().value), ("robots' tyres", "rain", s.robot_tyre.value),
       ("robot refuel chits left", 0, len(s.robot_chits)), ("Blue's MP (2 - 1)", 1,
        next(e.mp for e in wx.events if isinstance(e, MovementPoints) and e.car == "Blue"))])

# %%
# NBVAL_IGNORE_OUTPUT
ScenarioPlayer(wx)  # step to "Blue moves the weather pawn", then the robots' pit stops

# %% [markdown]
# The other direction, and a step that changes nothing for them (`explore.weather_step` plays the weather card in a
# real race each time):

# %% tags=["presenter-show"]
for space, step, tyre in ((2, -1, Tyre.RAIN), (2, -1, Tyre.HARD), (4, -1, Tyre.HARD)):
    st = explore.weather_step("teaching", space, step, tyre)
    print(f"space {space} → {st.after} ({st.condition_before.value} → {st.condition_after.value}), robots on "
          f"{tyre.value}: {'they pit for ' + st.robot_tyre.value if st.robots_pit else 'no pit'}")

# %% [markdown]
# ## Try it — the weather table
#
# Pick a track and the check factor of the card drawn for the weather (the slider). The table shows each space in
# its colour — **yellow dry**, **grey-blue drizzle**, **blue rain** — and the black **pawn**. Below: the robots'
# tyres there and why, and the MP each player tyre loses per turn. "◀ / ▶ weather card" moves the pawn one step as a
# weather symbol does ([§16.1][]) and says whether the robots now pit ([§16.3][]). Switch the [AMB-5][] house rule and
# RAIN EXPERT to change the penalties.
#
# Things to try: Silverstone (38) — [Ex. 9][]; then (50), the middle; then one step right, and again into the rain.
#
# [AMB-5]: ../../docs/rules/rf90_rules_digest.md#amb-5
# [Ex. 9]: ../../docs/rules/rf90_rules_digest.md#ex-9
# [§16.1]: ../../docs/rules/rf90_rules_digest.md#s16-1
# [§16.3]: ../../docs/rules/rf90_rules_digest.md#s16-3

# %%
# NBVAL_IGNORE_OUTPUT
WeatherTableView("silverstone", check=38)

# %%
view = WeatherTableView("silverstone", check=38)  # the same view, driven from code and read as text
print("card (38):", view.text())
for _ in range(4):  # four weather cards, each moving the pawn one step towards the dry side
    view.move(-1)
    pit = "the robots pit for " + view.step.robot_tyre.value if view.step.robots_pit else "no robot pit"
    print(f"one step ◀: {view.text()} — {pit}")

# %% [markdown]
# ## See also
#
# * [Notebook 06](06_trajectories.ipynb) shows the ET and trajectories the orange flag forces robots onto; [notebook
#   05](05_late_braking.ipynb) the late braking it can force; [notebook 01](01_movement_and_passing.ipynb) the lapping
#   costs a blue flag changes; [notebook 02](02_check_tests.ipynb) the other test modifiers.
# * `racebook replay flags_yellow` prints the yellow-flag scenario's log in a terminal.

# %% [markdown]
# **Next →** [09_robots](09_robots.ipynb): the robots' whole turn.
