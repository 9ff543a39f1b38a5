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
# # 06 — Trajectories and Extreme Trajectories
#
# **You need:** [01a_movement](01a_movement.ipynb), [01b_passing](01b_passing.ipynb),
# [02_check_tests](02_check_tests.ipynb), [05a_late_braking](05a_late_braking.ipynb).
#
# Orange stands on a **+2 trajectory** (the green/orange circle in F) and plays two cards worth 4 MP. Press ▶ to
# step through [Ex. 18][] and watch the trajectory turn them into **6 MP**.
#
# [Ex. 18]: ../../docs/rules/rf90_rules_digest.md#ex-18

# %% tags=["nbval-ignore-output"]
import racebook
from racebook.rf90.ui import ScenarioPlayer

ex18 = racebook.load_scenario("ex18")
ScenarioPlayer(ex18)  # ◀ ▶ — step to "Orange uses trajectory F.t1"

# %% [markdown]
# **After this notebook you can** read a **trajectory** (*trajetória padrão*, a circle) and an **Extreme
# Trajectory** (*Trajetória Extrema*, ET, a diamond) on the board; say when its bonus is earned (colour, costs, and
# for an ET a blind test first); place a car on one at the end of its turn; and predict what a **robot** does with
# trajectories, and where none are available (the start, restarts).
#
# <details><summary>Book references</summary>
#
# **Digest sections:** [§3][] items 5–6 (the board), [§13.D][] (trajectory conditions), [§13.D.2][] (the ET test
# first), [§13.E.1][] (the bonuses), [§13.F.2][] (occupying), [§17.3][] D–F (robots), [§18.2][] (failing an ET),
# [§19.3][] (the ET Discard Power), [§22][] and [AMB-14][] (start and restarts), [§26.5][] BALANCE, [§27][] FLAT OUT;
# examples [Ex. 18][], [Ex. 24][], [Ex. 32][] and [Ex. 33][] ([§30][]).
#
# </details>
#
# Every number below comes from the `racebook` engine, asked through small built races
# (`racebook.rf90.lessons.explore`); the notebook and its widgets only show it.
#
# [AMB-14]: ../../docs/rules/rf90_rules_digest.md#amb-14
# [Ex. 18]: ../../docs/rules/rf90_rules_digest.md#ex-18
# [Ex. 24]: ../../docs/rules/rf90_rules_digest.md#ex-24
# [Ex. 32]: ../../docs/rules/rf90_rules_digest.md#ex-32
# [Ex. 33]: ../../docs/rules/rf90_rules_digest.md#ex-33
# [§13.D]: ../../docs/rules/rf90_rules_digest.md#s13-d
# [§13.D.2]: ../../docs/rules/rf90_rules_digest.md#s13-d-2
# [§13.E.1]: ../../docs/rules/rf90_rules_digest.md#s13-e-1
# [§13.F.2]: ../../docs/rules/rf90_rules_digest.md#s13-f-2
# [§17.3]: ../../docs/rules/rf90_rules_digest.md#s17-3
# [§18.2]: ../../docs/rules/rf90_rules_digest.md#s18-2
# [§19.3]: ../../docs/rules/rf90_rules_digest.md#s19-3
# [§22]: ../../docs/rules/rf90_rules_digest.md#s22
# [§26.5]: ../../docs/rules/rf90_rules_digest.md#s26-5
# [§27]: ../../docs/rules/rf90_rules_digest.md#s27
# [§3]: ../../docs/rules/rf90_rules_digest.md#s3
# [§30]: ../../docs/rules/rf90_rules_digest.md#s30

# %%
from functools import partial

from racebook.rf90.actionlabels import label
from racebook.rf90.actions import Play
from racebook.rf90.cards import Colour
from racebook.rf90.events import Checked, CheckTest, MovementPoints, TyresPaid
from racebook.rf90.lessons import explore
from racebook.rf90.lessons import latebraking as lb
from racebook.rf90.lessons.notebook import book_table, choices, lines, show_assumed, small_race
from racebook.rf90.options import HOUSE_RULE_DOCS, Rules
from racebook.rf90.track import Trajectory, TrajectoryKind
from racebook.rf90.turn import free_trajectories
from racebook.rf90.ui.trajectories import TrajectoryPanel
from racebook.ui.backend import table_of

build = partial(small_race, name="nb07", seed=7)  # a small race from a scenario-shaped dict

# %% [markdown]
# ## On the board
#
# * A **standard trajectory** is a movement bonus in a **circle**, printed in one or two of the four card colours —
#   red (Speed, *Velocidade*), green (Manoeuvre, *Manobra*), orange (Gears, *Marcha*), yellow (Events, *Eventos*).
#   A **tyre**, **damage** or **card** symbol next to it is an extra **cost**, paid in D.1.
# * An **Extreme Trajectory** is a bonus in a **diamond** (*losango*). Beside it is a **recovery chart** (*Manobra de
#   Recuperação*) for when its test fails.
# * The boards in this project are **invented-for-teaching** (the manual prints no whole board, [§32][]): here are
#   the teaching track's spots. `lateral` is how far outside the spot lies (robots take the outermost on ties).
#
# [§32]: ../../docs/rules/rf90_rules_digest.md#s32

# %%
table_of(explore.spot_rows("teaching"))

# %% [markdown]
# ## The rules in plain English
#
# ### Using the trajectory you stand on
#
# A car stands on a trajectory at the start of its turn because it **occupied** it at the end of an earlier turn
# (F.2). In phase D it resolves the trajectory's symbols with its cards' — **only if** ([§13.D][]):
#
# 1. **Colour match** — at least one played card has the trajectory's colour; on a **two-colour** trajectory,
#    **either** colour will do. Otherwise every symbol of the trajectory is ignored. **BALANCE** (*Ganha trajetórias
#    grátis*) lifts this condition ([§26.5][]).
# 2. **Costs** — the tyre, damage or card symbols are **added** to the cards' costs in D.1. A player who cannot or
#    will not pay **ignores the trajectory for all purposes** (no bonus).
# 3. **Extreme Trajectories** also need a **blind test** (the top card of the Race deck against the Target Check,
#    the ET's printed modifier and rain −20), and it is **the first test of D.2**. On a failure the car follows the
#    ET's **recovery chart** at once and gets **no bonus** ([§18.2][]). Declining the test declines the ET.
#    **FLAT OUT** skips the test for the bonus **minus 1** ([§27][]); a Track Card's **ET Discard Power** is an
#    **automatic success**, respecting colour ([§19.3][]).
# 4. **One car per trajectory.** A car that ignores its trajectory **still occupies it**: nobody else may take it.
#
# The bonus is added to the MP of the cards in phase E: *total MP = cards + trajectory bonus + other bonuses −
# penalties* ([§13.E.1][]).
#
# ### Taking a trajectory
#
# * At the end of its turn (F.2) a car that **ended its movement in a section it entered** and finds a **free**
#   trajectory there may **occupy** it; the bonus is for its **next** turn ([§13.F.2][]). A spot that a car leaves
#   (a pit stop, say) does not become free for a car already in that section — only for one that **enters** it.
# * A car on a trajectory can **never be forced off** it. A car that passes it in the section is put "**nose
#   ahead**": **the trajectory does not set the race order**.
# * A car that **failed an ET** **leaves the ET spot** and may not re-occupy it or any other trajectory in that
#   section («você não tem permissão para reocupar a trajetória ET ou qualquer outra trajetória disponível nesta
#   seção», [§18.2][]). The spot is free for the others.
# * **Not at restarts** ([§22][]) — and, by the recommended reading **[AMB-14][]**, **not in turn 1** either: the cars
#   are still accelerating. This is a house-rule switch:
#
# [AMB-14]: ../../docs/rules/rf90_rules_digest.md#amb-14
# [§13.D]: ../../docs/rules/rf90_rules_digest.md#s13-d
# [§13.E.1]: ../../docs/rules/rf90_rules_digest.md#s13-e-1
# [§13.F.2]: ../../docs/rules/rf90_rules_digest.md#s13-f-2
# [§18.2]: ../../docs/rules/rf90_rules_digest.md#s18-2
# [§19.3]: ../../docs/rules/rf90_rules_digest.md#s19-3
# [§22]: ../../docs/rules/rf90_rules_digest.md#s22
# [§26.5]: ../../docs/rules/rf90_rules_digest.md#s26-5
# [§27]: ../../docs/rules/rf90_rules_digest.md#s27

# %% tags=["presenter-show"]
print(f"House rule trajectories_at_start: {HOUSE_RULE_DOCS['trajectories_at_start']}")
print(f"By default it is {'on' if Rules().trajectories_at_start else 'off'}.")

# %% [markdown]
# ### Robots
#
# * A robot gets the bonus of the **standard** trajectory it stands on **without playing a card**: no colour to
#   match, no cost to pay ([§17.3][]).
# * At the end of its move, in a section it entered, a robot always takes the **highest free standard
#   trajectory**; on equal bonuses the **outermost** one.
# * A robot takes an **ET only when the orange-flag holder forces it** ([§15.4][]). On its next turn it makes the ET
#   **blind test against 70** ± modifiers, like a player; on a failure it follows the recovery chart.
#
# ## Ex. 18 — colour match and cost
#
# Orange stands on a **+2 green/orange** trajectory with a **tyre** symbol. He plays **[2] orange + [2] yellow**:
# one card (orange) matches one of the two colours, so he has 4 + 2 = **6 MP**, and pays **2** tyre units — 1 for
# the trajectory and 1 for the yellow card. Declining the trajectory he would pay **1** and move **4**. Either way
# the spot stays his: **Green may not use it** ([§13.D.1][]).
#
# [§13.D.1]: ../../docs/rules/rf90_rules_digest.md#s13-d-1
# [§15.4]: ../../docs/rules/rf90_rules_digest.md#s15-4
# [§17.3]: ../../docs/rules/rf90_rules_digest.md#s17-3

# %%
show_assumed(ex18)
race = ex18.race
lines(race, {"CardsPlayed", "TrajectoryUse", "TyresPaid", "MovementPoints"})
alt = race.at(1)  # back to phase C: Orange declines the trajectory instead
alt.apply("Orange play R15 R22")
lines(alt, {"TrajectoryUse"}, start=len(race.at(1).events))
book_table([("MP with the trajectory", 6, next(e.mp for e in race.events if isinstance(e, MovementPoints))),
            ("tyre units with it", 2, next(e.cost for e in race.events if isinstance(e, TyresPaid))),
            ("tyre units without it", 1, next(e.cost for e in alt.events if isinstance(e, TyresPaid))),
            ("free trajectories in F for Green", [], [t.id for t in free_trajectories(race.at(0).state, "F")])],
           intro="Ex. 18, the book's numbers and the engine's:")

# %% [markdown]
# Which plays of R15 and R22 does the engine allow at phase C? The yellow card alone matches neither colour; the
# orange one does.

# %%
at_c = race.at(1)
for p in at_c.legal_actions():
    if isinstance(p, Play) and set(p.cards) <= {"R15", "R22"}:
        print(" ", label(p, at_c.state))

# %% [markdown]
# ## Costs you cannot pay, other colours, BALANCE
#
# The same spot (F.t1: +2 green/orange, 1 tyre) with other hands. Each table lists the engine's legal plays for a
# car standing on it (`racebook.rf90.turn.legal_plays`), every play then driven through D and E by the engine; a
# combination that cannot use the trajectory gets the engine's reason. With no chip the tyre symbol cannot be paid;
# with BALANCE the red [4] takes the bonus although F.t1 is green/orange (its tyre symbol still costs 1); I.t1's
# damage symbol draws a wear token from the bag.

# %%
explore.plays_tables(explore.TrajectorySetup("teaching", "F.t1", ("R15", "R22"), chips=0),
                     explore.TrajectorySetup("teaching", "F.t1", ("R14", "R18"), strategy="balance"),
                     explore.TrajectorySetup("teaching", "I.t1", ("R14",)))

# %% [markdown]
# ## The ET blind test comes first (Ex. 24)
#
# [Ex. 24][] ([notebook 02](02_check_tests.ipynb) has it in full): Blue stands on the green ET and plays two green cards
# that each need a Normal test. The ET's **blind test** is resolved **first** — the engine draws it before asking
# about the others ([§13.D.2][]).
#
# [Ex. 24]: ../../docs/rules/rf90_rules_digest.md#ex-24
# [§13.D.2]: ../../docs/rules/rf90_rules_digest.md#s13-d-2

# %%
lines(racebook.load_scenario("ex24").race, {"CheckTest"})

# %% [markdown]
# ## Ex. 33 — failing the ET test at the 1st Di Lesmo
#
# Blue is on the **+3 ET** at the exit of the 1st Di Lesmo (Monza) and plays a [3], hoping for 6 MP. The blind draw
# (83) fails against his Target Check (67); the recovery chart's Normal test at −10 (83 − 10 = 73) passes with (42)
# from hand: back on track with −2 MP, he moves 3 − 2 = **1 MP**, with no ET bonus ([notebook
# 05a](05a_late_braking.ipynb) checks every number of it).
#
# **The red arrow** — a failed recovery test, the blind draw (95) against 73: −4 MP, so Blue cannot move and stays in
# Lesmo1-exit, but **not on the ET**: he left it when the test failed ([§18.2][]), so the next Game Turn it is not
# offered to him again, and any car entering the section may take it.
#
# [§18.2]: ../../docs/rules/rf90_rules_digest.md#s18-2

# %%
red = lb.play_variant("ex33", actions=("Blue start", "Blue play R17 +traj", "Blue test 1 blind"),
                      stack=["R01", "R83", "R95"])
lines(red, {"CheckTest", "MovementPoints", "MovementStops"})
blue = red.state.cars["Blue"]
book_table([("MP on the red arrow (3 − 4)", -1, next(e.mp for e in red.events if isinstance(e, MovementPoints))),
            ("Blue's section", "Lesmo1-exit", blue.section), ("Blue's trajectory", None, blue.trajectory),
            ("the ET is free", True, "Lesmo1-exit.et1" in [t.id for t in free_trajectories(red.state, "Lesmo1-exit")])],
           sides=("expected", "the engine"))

# %% tags=["nbval-ignore-output"]
p33 = ScenarioPlayer(racebook.load_scenario("ex33"))
p33.view.show_route("Lesmo1-exit.et1")  # the ET's recovery chart, drawn beside the track
p33

# %% [markdown]
# ## FLAT OUT and the ET Discard Power
#
# **FLAT OUT** ([§27][]): Blue, on the green +2 ET G.et1, plays a green [2]. He may skip the blind test: 2 + 2 − 1 =
# **3 MP**, and no ET test appears in the log.
#
# [§27]: ../../docs/rules/rf90_rules_digest.md#s27

# %%
flat = build("teaching turn=3 | A: Red*{played} | G: Blue@G.et1",
             {"Blue": {"hand": ["R20", "R55"], "target": "R88", "skill": "flat_out"}}, ["R01"])
for action in ("Blue start", "Blue play R20 +traj et=flat", "Blue test 1 R20"):
    flat.apply(action)
lines(flat, {"TrajectoryUse", "FlatOut", "CheckTest", "MovementPoints"})
book_table([("FLAT OUT MP (2 + 2 − 1)", 3, next(e.mp for e in flat.events if isinstance(e, MovementPoints))),
            ("ET tests", 0, sum(1 for e in flat.events if isinstance(e, CheckTest) and e.test is Checked.ET))],
           sides=("expected", "the engine"))

# %% [markdown]
# **The ET Discard Power** ([§19.3][]): on the red +3 ET D.et1, Blue discards the Track Card T04 (power *et:red*) and
# plays a red [4]: automatic success, 4 + 3 = **7 MP**.
#
# [§19.3]: ../../docs/rules/rf90_rules_digest.md#s19-3

# %%
power = build("teaching turn=3 | A: Red*{played} | D: Blue@D.et1",
              {"Blue": {"hand": ["R14", "T04", "R55"], "target": "R88"}}, ["R01"])
for action in ("Blue start", "Blue play R14 +traj et=T04", "Blue pay chips=2"):
    power.apply(action)
lines(power, {"TrajectoryUse", "EtDiscardPower", "CheckTest", "MovementPoints"})
book_table([("ET power MP (4 + 3)", 7, next(e.mp for e in power.events if isinstance(e, MovementPoints))),
            ("T04 discarded", True, "T04" in power.state.track_deck.discards)], sides=("expected", "the engine"))

# %% [markdown]
# "Respecting colour": T04's power is *red*, so it cannot take the **green** ET G.et1 — no play with its power is
# offered there, while on the red D.et1 it is. For a blind ET the MP column shows each branch: the test passes; or it
# fails and the chart's first recovery test passes / fails (the engine draws the cards; D.et1's chart is the shape of
# [Ex. 33][]: −2 or −4 MP).
#
# [Ex. 33]: ../../docs/rules/rf90_rules_digest.md#ex-33

# %% tags=["presenter-show"]
explore.plays_tables(explore.TrajectorySetup("teaching", "G.et1", ("R20", "T04")),
                     explore.TrajectorySetup("teaching", "D.et1", ("R14", "T04")))

# %% [markdown]
# ## Ex. 32 — the trajectory does not set the race order
#
# Blue ended his move on the **green +2** trajectory in a braking zone. Red (BANGING WHEELS) reaches him, passes him
# in the braking zone and takes the **orange +1** beside him, nose **ahead**: Red is ahead in the race, whatever the
# spots ([§13.F.2][], [§26.2][]).
#
# [§13.F.2]: ../../docs/rules/rf90_rules_digest.md#s13-f-2
# [§26.2]: ../../docs/rules/rf90_rules_digest.md#s26-2

# %%
ex32 = racebook.load_scenario("ex32")
show_assumed(ex32)
lines(ex32.race, {"Pass", "TrajectoryOccupied", "LeaderToken"})
s = ex32.race.state
book_table([("race order", ["Red", "Blue"], s.race_order()[:2]),
            ("Blue keeps", "E.t1", s.cars["Blue"].trajectory), ("Red takes", "E.t2", s.cars["Red"].trajectory)],
           intro="Ex. 32, the book's numbers and the engine's:")

# %% tags=["nbval-ignore-output"]
ScenarioPlayer(ex32)

# %% [markdown]
# ## Occupying only after entering the section
#
# F.2 is offered only to a car that **entered** the section where it ends ([§13.F.2][]). Below, Blue starts behind Red
# in the braking zone E (no overtaking there, [§13.E.3][]): he cannot move, is offered late braking (F.1) and then **no
# trajectory**, though E.t1 and E.t2 are free. Starting one section back, he **enters** E and is offered both.
#
# [§13.E.3]: ../../docs/rules/rf90_rules_digest.md#s13-e-3
# [§13.F.2]: ../../docs/rules/rf90_rules_digest.md#s13-f-2

# %%
for where, start_text in (("E: Red*{played} Blue", "Blue starts behind Red in E"),
                          ("E: Red*{played} | F: Blue", "Blue starts in F")):
    r = build(f"teaching turn=3 | {where}", {"Blue": {"hand": ["R22"], "target": "R88"}}, ["R01"])
    r.apply("Blue start")
    r.apply("Blue play R22")
    print(f"{start_text}. At F.1 he may: {choices(r)}.")
    r.apply("Blue no-late-brake")
    print(f"  At F.2 he may: {choices(r)}." if r.current_car == "Blue" else "  His turn is over: no F.2 choice.")

# %% [markdown]
# ## Robots and trajectories
#
# A Fast robot (3 MP) from H ends in the braking zone E, where E.t1 is **+2** and E.t2 **+1**. It takes the
# highest free one; if a car already holds E.t1, it takes E.t2. On a **what-if** board with a second +2 spot in E
# (an invented E.t3, further outside), the tie goes to the **outermost**. In turn 1 it takes none ([AMB-14][]).
#
# [AMB-14]: ../../docs/rules/rf90_rules_digest.md#amb-14

# %%
extra = Trajectory("E.t3", "E", TrajectoryKind.STANDARD, (Colour.RED,), 2, lateral=2)  # what-if: not on the board
cases = [("E.t1 and E.t2 free", "teaching turn=3 | A: Red*{played} | H: Fast1", None),
         ("Blue holds E.t1", "teaching turn=3 | A: Red*{played} | E: Blue@E.t1{played} | H: Fast1", None),
         ("what-if: E.t3 +2 outside", "teaching turn=3 | A: Red*{played} | H: Fast1",
          explore.with_trajectory("teaching", extra)),
         ("turn 1 (AMB-14)", "teaching turn=1 | A: Red*{played} | H: Fast1", None)]
for case, position, tr in cases:
    print(f"{case}: {explore.robot_choice_line(explore.robot_turn(position, 'Fast1', track=tr))}")

# %% [markdown]
# From J a Fast robot ends in corner G, whose only spot is the green ET G.et1. On its own it **never** takes an ET;
# when Red holds the **orange pawn**, Red decides — and a robot forced onto the ET makes its **blind test vs 70**
# on its next turn ([§15.4][], [§17.3][] D; the forcing time is reading [AMB-40][]).
#
# [AMB-40]: ../../docs/rules/rf90_rules_digest.md#amb-40
# [§15.4]: ../../docs/rules/rf90_rules_digest.md#s15-4
# [§17.3]: ../../docs/rules/rf90_rules_digest.md#s17-3

# %%
alone = explore.robot_turn("teaching turn=4 lap=2 | A: Red*{played} | J: Fast1", "Fast1")
print("With no orange pawn:", explore.robot_choice_line(alone))
forced_race = explore.robot_turn("teaching turn=4 lap=2 | A: Red*{played} | J: Fast1", "Fast1", orange="Red").race
print("With the orange pawn, Red may:", choices(forced_race))
forced_race.apply("Red force Fast1 G.et1")
while not any(isinstance(e, CheckTest) and e.car == "Fast1" for e in forced_race.events):
    forced_race.apply(forced_race.legal_actions()[0])
for e in forced_race.events:
    if e.kind == "FlagEvent" or (e.car_id == "Fast1" and e.kind in ("CheckTest", "MovementPoints")):
        print(" ", e.sentence())

# %% [markdown]
# ## Not at the start, not at restarts
#
# Orange's [Ex. 18][] hand on F.t1 in **turn 1**: by default no play uses the trajectory. Flip the house rule
# `trajectories_at_start` and the trajectory is usable in turn 1 — never at a restart after the Safety Car
# ([§22][], [AMB-14][]):
#
# [AMB-14]: ../../docs/rules/rf90_rules_digest.md#amb-14
# [Ex. 18]: ../../docs/rules/rf90_rules_digest.md#ex-18
# [§22]: ../../docs/rules/rf90_rules_digest.md#s22

# %% tags=["presenter-show"]
hand = ("R15", "R22")
explore.plays_tables(explore.TrajectorySetup("teaching", "F.t1", hand, turn=1),
                     explore.TrajectorySetup("teaching", "F.t1", hand, turn=1, rules=Rules(trajectories_at_start=True)),
                     explore.TrajectorySetup("teaching", "F.t1", hand, restart=True,
                                             rules=Rules(trajectories_at_start=True)))

# %% [markdown]
# ## Try it — which trajectories can I use?
#
# Pick a track and a trajectory, one or two cards (Race Cards, or the track's Track Cards — some carry an ET
# Discard Power), the tyre chips left, FLAT OUT or a strategy, and the Game Turn. The engine lists every legal play:
# green rows use the trajectory; each shows the tyre units, the cards discarded and the damage drawn in D.1, and the
# MP of phase E. Below the table, each card combination that cannot use the trajectory and the rule that forbids it.
# Tick the [AMB-14][] house rule and choose "the race start" to see trajectories come back in turn 1.
#
# Things to try: F.t1 with R15 + R22 ([Ex. 18][]), then 0 chips; I.t1 (damage symbol); D.et1 with R14 and T04
# (Discard Power) — then FLAT OUT; Silverstone's Luffield-2.et1 (a chart that can crash out); BALANCE with a card
# of another colour.
#
# [AMB-14]: ../../docs/rules/rf90_rules_digest.md#amb-14
# [Ex. 18]: ../../docs/rules/rf90_rules_digest.md#ex-18

# %% tags=["nbval-ignore-output"]
TrajectoryPanel(track="teaching", trajectory="F.t1", hand=("R15", "R22"))

# %% [markdown]
# ## See also
#
# * [Notebook 05a](05a_late_braking.ipynb) follows late braking and the off-track routes ([§18][]), [notebook
#   02](02_check_tests.ipynb) the check tests of D.2 ([Ex. 24][] in full), [notebook 08](08_flags_weather_tyres.ipynb)
#   the orange flag, which also forces robots to late-brake.
# * `racebook replay ex18` (or ex32, ex33) prints these examples' logs in a terminal.
#
# [Ex. 24]: ../../docs/rules/rf90_rules_digest.md#ex-24
# [§18]: ../../docs/rules/rf90_rules_digest.md#s18

# %% [markdown]
# **Next →** [07_fuel_and_pits](07_fuel_and_pits.ipynb): qualifying, fuel and pit stops.
