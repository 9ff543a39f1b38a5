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
# **You need:** [01a_movement](01a_movement.ipynb), [01b_passing](01b_passing.ipynb),
# [02_check_tests](02_check_tests.ipynb), [04_duels](04_duels.ipynb), [05a_late_braking](05a_late_braking.ipynb),
# [06_trajectories](06_trajectories.ipynb).
#
# A card can carry a **flag** or move the **weather**. Step through a race on the teaching track (▶ steps on, ◀ goes
# back): Green drops a **yellow flag** in corner G to hold Blue up, and Red, the leader, clears it by driving past.

# %% tags=["nbval-ignore-output"]
import racebook
from racebook.rf90.ui import ScenarioPlayer

yellow = racebook.load_scenario("flags_yellow")
ScenarioPlayer(yellow)  # the (Y) token in G, then Blue held up, then Red removes it

# %% [markdown]
# **What you just watched** (an invented scenario, `racebook/rf90/scenarios/flags_yellow.toml`): Red leads on lap 2;
# Green, Orange and Blue are a lap behind him, still physically ahead.
#
# 1. **Green** plays a yellow-flag card and puts the flag in corner **G**, **behind Orange**.
# 2. **Blue** (BANGING WHEELS, 4 MP) pays **1 MP** to get past the flag and must **stop** behind Orange: no overtaking
#    in a yellow-flag section, not even with BANGING WHEELS. 2 MP are lost; Blue is not the leader, so the flag stays.
# 3. Next turn **Red**, the leader, pays 1 MP to pass the flag: it is **removed** at once ([§15.1][]).
#
# **After this notebook you can:** play the four **flags** (*bandeiras*) of a card in phase D.4 and say when each
# goes away; put the **weather pawn** (*peão do clima*) on the weather table and move it, telling **dry** (*Sol*),
# **drizzle** (*Garoa*) and **rain** (*Chuva*) apart; choose **tyres** (*pneus*) and work out the **wrong-tyre
# penalty**, the **rain -20** on tests and RAIN EXPERT; predict the **robots' tyres** and their **tyre-change pits**.
#
# <details><summary>Book references</summary>
#
# **Digest sections:** [§9.1][] (initial weather), [§9.2][] (tyres and the robots' choice), [§13.D.4][] (flag and
# weather events), [§15][] (flags: [§15.1][] yellow, [§15.2][] green, [§15.3][] blue, [§15.4][] orange), [§16][]
# (weather and tyres: [§16.1][] change, [§16.2][] wrong tyres, [§16.3][] robot tyre change), [§13.D.2][] (the rain
# modifier), [§27][] RAIN EXPERT. **Readings** ([§31][]): [AMB-5][], [AMB-33][], [AMB-40][], [AMB-44][].
# **Examples** ([§30][]): [Ex. 8][], [Ex. 9][], [Ex. 25][], and [Ex. 29][] for the blue flag.
#
# Every number below comes from the `racebook` engine (`racebook.rf90.setup.weather_space`, `robot_tyre_for`,
# `racebook.rf90.rules.movement.tyre_penalty`, `racebook.rf90.rules.checks.modifiers` and the turn machine), asked
# through small built races (`racebook.rf90.lessons.explore`, `racebook.rf90.lessons.flags`).
#
# </details>
#
# [AMB-33]: ../../docs/rules/rf90_rules_digest.md#amb-33
# [AMB-40]: ../../docs/rules/rf90_rules_digest.md#amb-40
# [AMB-44]: ../../docs/rules/rf90_rules_digest.md#amb-44
# [AMB-5]: ../../docs/rules/rf90_rules_digest.md#amb-5
# [Ex. 25]: ../../docs/rules/rf90_rules_digest.md#ex-25
# [Ex. 29]: ../../docs/rules/rf90_rules_digest.md#ex-29
# [Ex. 8]: ../../docs/rules/rf90_rules_digest.md#ex-8
# [Ex. 9]: ../../docs/rules/rf90_rules_digest.md#ex-9
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
from racebook.rf90.events import MovementStops, YellowFlagPassed
from racebook.rf90.lessons.notebook import check, show_assumed

show_assumed(yellow, blank_line=True)
passed = {e.car: e for e in yellow.race.events if isinstance(e, YellowFlagPassed)}
stop = next(e for e in yellow.race.events if isinstance(e, MovementStops) and e.car == "Blue")
check([("slowdown for Blue (MP)", 1, 3 - passed["Blue"].left), ("Blue stops (rule)", "§15.1", stop.citation),
       ("Blue's MP lost", 2, passed["Blue"].left), ("flag after Blue", "stays",
                                                    "removed" if passed["Blue"].by_leader else "stays"),
       ("flag after Red", "removed", "removed" if passed["Red"].by_leader else "stays"),
       ("yellow flags left", 0, sum(lst.count("(Y)") for lst in yellow.race.state.order.values()))], width=8)

# %% [markdown]
# ## Flags — *Bandeiras*
#
# A Race Card or Track Card may carry a **flag symbol**, resolved in **D.4** after the payments, tests and draws
# ([§13.D.4][]). **Using a flag is always optional**; its effect lasts until it is removed.
#
# * **Yellow** ([§15.1][]) — a token on **any corner section without one**; with cars there, the player chooses
#   **where among them** it goes (always behind the trajectories). Each car that finds it **ahead** pays **1 extra
#   MP**; in that section: **no overtaking, no lapping, no duels** — over everything (BANGING WHEELS, NO MOVE, the blue
#   flag, the robots). Removed when **the leader passes it**, by a green flag, or when the **Safety Car** comes out.
# * **Green** ([§15.2][]) — remove one yellow flag from any section.
# * **Blue** ([§15.3][]) — take a **blue pawn**: lapping costs **0 MP** on straights and in braking zones, **1 MP** in
#   corners; a leader still makes the **Leader lapping check**.
# * **Orange** ([§15.4][]) — take **the** orange pawn if nobody holds it: force robots to **late-brake** or onto an
#   **Extreme Trajectory** until the Race Stage ends.
# * Blue and orange pawns are discarded when a new **Race Stage** (a new row of the Turn Indicator) begins.
#
# ## Ex. 25 — reading the flag cards
#
# The four cards of p.17: (a) **[2]** pay 1 tyre chip, may place a **yellow flag**; (b) **[1]** may remove one
# (**green**); (c) **[2]** draw 1 and take a **blue** pawn; (d) **[2]** pay 1 tyre chip, take the **orange** pawn if
# nobody holds it. Blue plays each alone in I, with a yellow flag already in D and Green in corner G ([Ex. 25][]):
#
# [Ex. 25]: ../../docs/rules/rf90_rules_digest.md#ex-25
# [§13.D.4]: ../../docs/rules/rf90_rules_digest.md#s13-d-4
# [§15.1]: ../../docs/rules/rf90_rules_digest.md#s15-1
# [§15.2]: ../../docs/rules/rf90_rules_digest.md#s15-2
# [§15.3]: ../../docs/rules/rf90_rules_digest.md#s15-3
# [§15.4]: ../../docs/rules/rf90_rules_digest.md#s15-4

# %%
from racebook.rf90.cards import default_race_deck
from racebook.rf90.lessons.flags import flag_card

for name, code in (("(a)", "R45"), ("(b)", "R46"), ("(c)", "R47"), ("(d)", "R48")):
    card = flag_card(code)
    print(f"{name} {card.description}", *(f"      {s}" for s in card.sentences[1:]), sep="\n")
    print("      D.4 choices:", "; ".join(card.decisions))
print("(d) when Red already holds the orange pawn:", flag_card("R48", orange="Red").sentences[-1], end="\n\n")
deck = default_race_deck()
a, b, c, o = (deck[x] for x in ("R45", "R46", "R47", "R48"))
check([("(a) MP, tyres, flag", "2 1 yellow", f"{a.mp} {a.tyres} {a.flag.value}"),
       ("(b) MP, flag", "1 green", f"{b.mp} {b.flag.value}"),
       ("(c) MP, draws, flag", "2 1 blue", f"{c.mp} {c.draw} {c.flag.value}"),
       ("(d) MP, tyres, flag", "2 1 orange", f"{o.mp} {o.tyres} {o.flag.value}")], width=14)

# %% [markdown]
# "Behind 0 cars" puts the yellow flag in front of Green, "behind 1 car" behind him; D already has one, so it is
# not offered there (one per corner section). The shipped scenario `ex25` plays two of the cards in a race: Blue
# places the yellow flag in G behind Green, Pink takes a blue pawn.

# %%
from racebook.rf90.events import FlagEvent
from racebook.rf90.lessons.flags import pawns
from racebook.rf90.lessons.robots import where

ex25 = racebook.load_scenario("ex25")
print(ex25.title, f"[{ex25.cite}]")
for e in ex25.race.events:
    if isinstance(e, FlagEvent) or e.kind == "CardsPlayed":
        print(" ", e.sentence())
print(f"After: {where(ex25.race.state)}; a yellow flag in G between Green and Blue; {pawns(ex25.race.state)}.")

# %% tags=["nbval-ignore-output"]
ScenarioPlayer(ex25)

# %% [markdown]
# **Cars on a trajectory** ([§15.1][]). The flag is always behind the trajectories, so a car on a trajectory of the
# flagged section never finds it ahead and pays **no slowdown** — also when it took the trajectory after the flag
# was placed. The book is silent on the alignment; the engine's reading is that «a bandeira amarela tem prioridade
# sobre tudo»: **no overtaking and no duels** binds a car on a trajectory too. Blue on G's ET plays a [2]:
#
# [§15.1]: ../../docs/rules/rf90_rules_digest.md#s15-1

# %% tags=["presenter-show"]
from functools import partial

from racebook.rf90.lessons.notebook import small_race

build = partial(small_race, name="nb08", seed=8)  # a small race from a scenario-shaped dict
for what, position in (("flag listed ahead of Blue", "teaching turn=5 lap=3 | D: Fast1* | G: (Y) Blue@G.et1"),
                       ("flag listed behind Blue", "teaching turn=5 lap=3 | D: Fast1* | G: Blue@G.et1 (Y)"),
                       ("Red ahead of Blue in G", "teaching turn=5 lap=3 | D: Fast1* | G: Red{played} (Y) Blue@G.et1")):
    r = build(position, {"Blue": {"hand": ["R22", "R24"]}}, ["R55"])
    r.apply("Blue start")
    r.apply("Blue play R22")  # without the ET (no colour match): the car is still on it
    print(f"Blue on G.et1, {what}:")
    for e in r.events:
        if e.car_id == "Blue" and e.kind in ("YellowFlagPassed", "EnterSection", "MovementStops"):
            print("   ", e.sentence())

# %% [markdown]
# **No duels** under a yellow flag either ([§12.3][]): with Green and Blue in corner G the activation opens the duel
# procedure; with a yellow flag between them it does not.
#
# [§12.3]: ../../docs/rules/rf90_rules_digest.md#s12-3

# %%
from racebook.rf90.events import DuelEvent
from racebook.rf90.lessons.robots import choices

for what, position in (("no flag", "teaching turn=3 | A: Red*{played} | G: Green Blue"),
                       ("a yellow flag between them", "teaching turn=3 | A: Red*{played} | G: Green (Y) Blue")):
    r = build(position, {"Green": {"hand": ["R55"], "target": "R80"}, "Blue": {"hand": ["R56"], "target": "R81"}})
    print(f"Green and Blue in G, {what}:")
    print("   ", [e.sentence() for e in r.events if isinstance(e, DuelEvent)][-1])
    print(f"    next: {r.current_car} may {choices(r, most=2)}")

# %% [markdown]
# ## Blue flag: cheaper lapping, Leader check still needed (Ex. 29)
#
# [Ex. 29][] ([notebook 01b](01b_passing.ipynb) has it in full): Blue holds a blue pawn and laps Orange **in
# corner G for 1 MP** and Pink **on the straight F for 0 MP** — and, as the leader, makes a **Leader lapping check**
# before each ([§15.3][], [§20][]).
#
# [Ex. 29]: ../../docs/rules/rf90_rules_digest.md#ex-29
# [§15.3]: ../../docs/rules/rf90_rules_digest.md#s15-3
# [§20]: ../../docs/rules/rf90_rules_digest.md#s20

# %%
from racebook.rf90.events import CheckTest, Pass

ex29 = racebook.load_scenario("ex29")
for e in ex29.race.events:
    if isinstance(e, (Pass, CheckTest)):
        print(" ", e.sentence())
passes = [e for e in ex29.race.events if isinstance(e, Pass)]
check([("lapping Orange in the corner", 1, passes[0].cost), ("lapping Pink on the straight", 0, passes[1].cost),
       ("Leader checks made", 2, sum(1 for e in ex29.race.events if isinstance(e, CheckTest) and e.rule == "§20"))])

# %% [markdown]
# ## Orange flag: forcing the robots
#
# Red holds the orange pawn ([§15.4][]). A Fast robot ends its move in the braking zone E (LB -20): Red may force it
# to **late-brake**, a blind test against 70 − 20 = **50** ([AMB-29][]). Another ends in corner G, next to the free
# ET G.et1: Red may force it **onto the ET**. The engine asks the holder at the end of the robot's move ([AMB-40][]).
#
# [AMB-29]: ../../docs/rules/rf90_rules_digest.md#amb-29
# [AMB-40]: ../../docs/rules/rf90_rules_digest.md#amb-40
# [§15.4]: ../../docs/rules/rf90_rules_digest.md#s15-4

# %%
from racebook.rf90.lessons.robots import decide

for start, stack in (("H", ["R40"]), ("H", ["R60", "R10"]), ("J", [])):
    r = build(f"teaching turn=4 lap=2 | A: Red*{{played}} | {start}: Fast1",
              {"Red": {"hand": ["R55"], "target": "R88"}}, stack, {"orange": "Red"})
    print(f"Fast1 from {start}, next draw ({stack[0][1:] if stack else '–'}): Red may {choices(r)}")
    if start == "H":
        print(*decide(r, "Red force Fast1 lb", kinds={"FlagEvent", "CheckTest", "RobotLbAdvance", "OnReentryPoint"}),
              sep="\n")

# %% [markdown]
# ## End of a Race Stage: the pawns go back
#
# Blue holds a blue pawn and Red the orange pawn on turn 4. The teaching track's Turn Indicator starts a new row —
# a new **Race Stage** — on turn 5: both pawns are discarded ([§10.1][]).
#
# [§10.1]: ../../docs/rules/rf90_rules_digest.md#s10-1

# %%
from racebook.rf90.lessons.notebook import lines

stage = build("teaching turn=4 | A: Red*{played} | I: Blue{played}",
              {"Red": {"hand": ["R55"], "target": "R88"}, "Blue": {"hand": ["R56"], "target": "R80"}},
              race={"blue_flags": ["Blue"], "orange": "Red"})
lines(stage, {"GameTurnStarted", "GameTurnEnded", "RaceStageStarted"})
print(f"On turn {stage.state.turn}: {pawns(stage.state)}.")

# %% [markdown]
# ## Weather — *Condições do Tempo*
#
# * Before the start, **draw one Race Card**: the weather pawn goes on the space of the **weather table**
#   (*tabela de meteorologia*) that covers its **check factor** ([§9.1][]). Dry is at one end, rain at the other;
#   the spaces between are **intermediate** (*Garoa*, drizzle).
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
# A card with check factor **(34)** puts the pawn on the space covering 34 ([Ex. 8][]). The shipped scenario `ex08`
# runs the whole pre-race at Silverstone ([§6][]–[§9][]) with the weather card stacked as (34).
#
# [Ex. 8]: ../../docs/rules/rf90_rules_digest.md#ex-8
# [§6]: ../../docs/rules/rf90_rules_digest.md#s6
# [§9]: ../../docs/rules/rf90_rules_digest.md#s9

# %% tags=["presenter-show"]
from racebook.rf90.events import CardDrawn, DrawReason, InitialWeather, RobotTyres
from racebook.rf90.setup import weather_space

for tid in ("silverstone", "teaching", "monza"):
    tr = racebook.load_track(tid)
    sp = tr.weather.spaces[weather_space(tr, 34)]
    print(f"{tr.name:<15} card (34) → space {weather_space(tr, 34)}: {sp.label()} ({sp.condition.value})")
ex08 = racebook.load_scenario("ex08")
for e in ex08.race.events:
    if isinstance(e, InitialWeather | RobotTyres) or isinstance(e, CardDrawn) and e.reason is DrawReason.HARD_START:
        print(" ", e.sentence())
sil = racebook.load_track("silverstone")
check([("Silverstone space covering 34", "35-26", sil.weather.spaces[weather_space(sil, 34)].label()),
       ("ex08: weather pawn on", "35-26", ex08.race.state.track.weather.spaces[ex08.race.state.weather].label())])

# %% tags=["nbval-ignore-output"]
ScenarioPlayer(ex08)

# %% [markdown]
# ## Tyres — *Pneus*
#
# From the pole-sitter down the grid each player chooses a **tyre type** ([§9.2][]). Tyres change **only at a pit
# stop**.
#
# * **Soft** (*macio*): the panel's tyre chips **minus 3**, plus **3 blue tokens** (+1 MP each, one per turn); at most
#   **two soft sets** a race.
# * **Hard** (*duro*): the full chips and **+1 Track Card** (also with every new set at a pit).
# * **Intermediate** (*intermediário*) and **Rain** (*chuva*): the full chips; for drizzle and rain.
# * **RAIN EXPERT** starting on **Rain** tyres: **+3 blue tokens** too ([§27][]).
#
# The engine's pre-race, for four drivers with a 10-chip panel:
#
# [§27]: ../../docs/rules/rf90_rules_digest.md#s27
# [§9.2]: ../../docs/rules/rf90_rules_digest.md#s9-2

# %% tags=["presenter-show"]
from racebook.rf90.car import RobotType, Skill, Tyre
from racebook.rf90.setup import Driver, new_race
from racebook.ui import backend

drivers = [Driver("Blue", tyre=Tyre.SOFT), Driver("Red", tyre=Tyre.HARD), Driver("Green", tyre=Tyre.INTERMEDIATE),
           Driver("Orange", tyre=Tyre.RAIN, skill=Skill.RAIN_EXPERT)]
rs = new_race(racebook.load_track("silverstone"), drivers, [("Fast1", RobotType.FAST)], seed=9)
rows = {c.id: {"tyres": c.tyre.value, "chips": c.chips, "blue tokens": c.blue,
               "Track Cards": sum(1 for x in c.hand if rs.state.card(x).is_track)}
        for c in rs.state.cars.values() if not c.is_robot}
print(backend.table(list(rows.values()), ["tyres", "chips", "blue tokens", "Track Cards"], list(rows)).to_string())
for e in rs.events:
    if isinstance(e, InitialWeather | RobotTyres) or isinstance(e, CardDrawn) and e.reason is DrawReason.HARD_START:
        print(" ", e.sentence())

# %% [markdown]
# ### The robots' tyres at the start — Ex. 9
#
# Robots use only **Hard** or **Rain** tyres, all the same set. **Dry → Hard, rain → Rain**; intermediate → the tyre
# of the **nearest stable condition** on the table; **exactly in the middle → random** ([§9.2][]).
#
# At Silverstone a card **(38)** gives intermediate weather, closer to the rain side: the robots fit **Rain** tyres.
# On **55-46**, the exact middle, they would choose at random ([Ex. 9][]). The shipped scenario `ex09` plays the same
# pre-race with a SuperFast and a Fast robot.
#
# [Ex. 9]: ../../docs/rules/rf90_rules_digest.md#ex-9
# [§9.2]: ../../docs/rules/rf90_rules_digest.md#s9-2

# %%
from racebook.rf90.lessons import explore
from racebook.rf90.setup import robot_tyre_for

for card in (38, 50):
    print(f"card ({card:02d}) → {explore.weather_reading('silverstone', card).label}: "
          f"{explore.weather_reading('silverstone', card).robot_sentence()}")
ex09 = racebook.load_scenario("ex09")
print(*(f"  {e.sentence()}" for e in ex09.race.events if isinstance(e, InitialWeather | RobotTyres)), sep="\n")
middle = weather_space(sil, 50)
check([("card (38): condition", "intermediate", explore.weather_reading("silverstone", 38).condition.value),
       ("card (38): robots", "rain", robot_tyre_for(sil, weather_space(sil, 38), coin=0).value),
       ("55-46 is the middle", "55-46", sil.weather.spaces[middle].label()),
       ("55-46: the coin decides", "hard/rain", "/".join(robot_tyre_for(sil, middle, c).value for c in (0, 1))),
       ("ex09: robots' tyres", "rain rain", " ".join(c.tyre.value for c in ex09.race.state.cars.values()
                                                     if c.is_robot))])

# %% tags=["nbval-ignore-output"]
ScenarioPlayer(ex09)

# %% [markdown]
# ## Wrong tyres
#
# A player whose tyres do not suit the weather loses MP **every turn** in phase E ([§16.2][]). The manual's table
# gives Intermediate tyres **-1 in drizzle and nothing in rain** — the reverse of their purpose. The recommended
# reading ([AMB-5][]) is Dry -1, Drizzle –, Rain -1; a house-rule switch keeps the printed row. **RAIN EXPERT**
# ([AMB-33][]): in drizzle, **Rain or Hard** tyres lose nothing. **Robots never lose MP for their tyres** — they only
# pit to change them ([§16.3][]).
#
# [AMB-33]: ../../docs/rules/rf90_rules_digest.md#amb-33
# [AMB-5]: ../../docs/rules/rf90_rules_digest.md#amb-5
# [§16.2]: ../../docs/rules/rf90_rules_digest.md#s16-2
# [§16.3]: ../../docs/rules/rf90_rules_digest.md#s16-3

# %% tags=["presenter-show"]
from racebook.rf90.lessons.flags import penalty_rows
from racebook.rf90.options import HOUSE_RULE_DOCS, IntermediateRow, Rules

print("The house rule —", HOUSE_RULE_DOCS["intermediate_row"], end="\n\n")
for title, table in (("corrected (default)", explore.wrong_tyre_table()),
                     ("as printed", explore.wrong_tyre_table(rules=Rules(intermediate_row=IntermediateRow.PRINTED))),
                     ("RAIN EXPERT (corrected)", explore.wrong_tyre_table(skill=Skill.RAIN_EXPERT))):
    print(f"MP lost per turn, {title}:")
    print(backend.table_of_columns(penalty_rows(table)).to_string(), end="\n\n")

# %% [markdown]
# ## Rain: -20 on every test but the Leader check
#
# In rain **every test** is at **-20** — card tests, ET blind tests, late braking, recovery tests — for robots too
# (Target Check 70). The **Leader lapping check** is the exception ([§13.D.2][]; [Ex. 23][]: a -10 test in rain is a
# -30 test).
#
# [Ex. 23]: ../../docs/rules/rf90_rules_digest.md#ex-23
# [§13.D.2]: ../../docs/rules/rf90_rules_digest.md#s13-d-2

# %%
from racebook.rf90.track import Condition

for who, robot in (("player, Target Check (88)", False), ("robot, Target Check 70", True)):
    dry = {r["test"]: r for r in explore.test_targets(Condition.DRY, robot=robot)}
    rain = {r["test"]: r for r in explore.test_targets(Condition.RAIN, robot=robot)}
    print(who)
    print(backend.table([{"dry target": dry[t]["target"], "rain modifiers": rain[t]["modifiers"],
                          "rain target": rain[t]["target"]} for t in dry],
                        ["dry target", "rain modifiers", "rain target"], list(dry), "test").to_string(), end="\n\n")

# %% [markdown]
# ## A weather card and the robots' tyre change
#
# When the pawn goes from **intermediate to rain** (or to dry) and the robots are not on the right tyres (Rain for
# rain, Hard for dry), then **at the end of the current car's individual turn all robots pit** for new tyres — front
# to back, each going back the pit-stop time ([§16.3][], [AMB-44][]). That stop **is also their refuelling**: every
# robot refuel chit leaves the Turn Indicator.
#
# Blue, on intermediate tyres, plays a weather card on the teaching track's last drizzle space and moves the pawn
# one step into the rain. The robots run on Hard tyres. The rain hits Blue's own movement at once (intermediates in
# rain: -1 MP).
#
# [AMB-44]: ../../docs/rules/rf90_rules_digest.md#amb-44
# [§16.3]: ../../docs/rules/rf90_rules_digest.md#s16-3

# %%
from racebook.rf90.events import MovementPoints
from racebook.rf90.lessons.robots import chits_text

wx = build("teaching turn=3 weather=4 | A: Red*{played} | I: Blue | B: Fast1{played} | C: Slow1",
           {"Blue": {"hand": ["R26", "R55"], "target": "R88", "tyre": "intermediate"}}, ["R01"],
           {"robot_tyre": "hard", "robot_chits": [["fast", 12], ["slow", 14]]})
print(f"Before: {where(wx.state)}. Robots on {wx.state.robot_tyre.value}; refuel chits: {chits_text(wx.state)}.")
n = len(wx.events)
for action in ("Blue start", "Blue play R26", "Blue weather +1"):
    wx.apply(action)
lines(wx, {"WeatherMoved", "RobotsWillPit", "MovementPoints", "MovedBack", "RobotTyresChanged"}, start=n)
s = wx.state
print(f"After: {where(s)}. Robots on {s.robot_tyre.value}; refuel chits: {chits_text(s)}.")
check([("weather now", "rain", s.condition().value), ("robots' tyres", "rain", s.robot_tyre.value),
       ("robot refuel chits left", 0, len(s.robot_chits)), ("Blue's MP (2 - 1)", 1,
        next(e.mp for e in wx.events if isinstance(e, MovementPoints) and e.car == "Blue"))])

# %% tags=["nbval-ignore-output"]
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

# %% tags=["nbval-ignore-output"]
from racebook.rf90.ui.weather import WeatherTableView

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
#   05a](05a_late_braking.ipynb) the late braking it can force; [notebook 01b](01b_passing.ipynb) the lapping
#   costs a blue flag changes; [notebook 02](02_check_tests.ipynb) the other test modifiers.
# * `racebook replay flags_yellow` prints the yellow-flag scenario's log in a terminal.

# %% [markdown]
# **Next →** [09a_robots](09a_robots.ipynb): the robots, part 1 — their turn, passing, lapping, the Leader check.
