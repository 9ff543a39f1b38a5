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
# # 04 — Duels in corner sections
#
# **You need:** [01a_movement](01a_movement.ipynb), [01b_passing](01b_passing.ipynb),
# [03_activation](03_activation.ipynb).
#
# In a corner the cars may fight for their places before anybody moves. Press ▶ to step through the manual's [Ex. 16][]
# at Stowe: Green challenges, Orange declines, Blue accepts — and the duel ends in a tie.
#
# [Ex. 16]: ../../docs/rules/rf90_rules_digest.md#ex-16

# %% tags=["nbval-ignore-output"]
import racebook
from racebook.rf90.ui import ScenarioPlayer

ScenarioPlayer(racebook.load_scenario("ex16").race)  # ◀ ▶ step through the duel

# %% [markdown]
# **After this notebook you can** say who may **duel** (*duelo*) in a corner and who the **CHALLENGER**
# (*DESAFIANTE*) is; add up a duel total; resolve a duel — new order, **ties**, **decliners**, **frozen cards**
# (*cartas congeladas*), the Leader token; apply the limits; and read the **exact odds** that a bid beats a robot.
# Every number below is the `racebook` engine's (`racebook/rf90/rules/duel.py`).
#
# <details><summary>Book references</summary>
#
# **Digest sections:** [§12][] (corner activation: duels — [§12.1][] declaring, [§12.2][] resolution, [§12.3][]
# restrictions), [§24][] (more on duels), [§17.2][] (robots and duels), [§19.3][] (duel Discard Power), [§26.2][]
# (BANGING WHEELS), [§29.9][] (duel table); **examples** [Ex. 15][], 16, 41 and 42 ([§30][]); **readings** [AMB-22][],
# 23, 24 and 39 ([§31][]).
#
# </details>
#
# [AMB-22]: ../../docs/rules/rf90_rules_digest.md#amb-22
# [Ex. 15]: ../../docs/rules/rf90_rules_digest.md#ex-15
# [§12]: ../../docs/rules/rf90_rules_digest.md#s12
# [§12.1]: ../../docs/rules/rf90_rules_digest.md#s12-1
# [§12.2]: ../../docs/rules/rf90_rules_digest.md#s12-2
# [§12.3]: ../../docs/rules/rf90_rules_digest.md#s12-3
# [§17.2]: ../../docs/rules/rf90_rules_digest.md#s17-2
# [§19.3]: ../../docs/rules/rf90_rules_digest.md#s19-3
# [§24]: ../../docs/rules/rf90_rules_digest.md#s24
# [§26.2]: ../../docs/rules/rf90_rules_digest.md#s26-2
# [§29.9]: ../../docs/rules/rf90_rules_digest.md#s29-9
# [§30]: ../../docs/rules/rf90_rules_digest.md#s30
# [§31]: ../../docs/rules/rf90_rules_digest.md#s31

# %% [markdown]
# ## The rule in plain English
#
# **When.** Only when a **corner section** (*seção de Curva*, yellow border) is activated, **before** anybody there
# plays; a duel can change the order in which they play ([§12][]).
#
# **Declaring.** From the **last** car forward, each car is asked whether it starts a duel; the first "yes" is the
# **CHALLENGER**. Every car **ahead** of him then says at once whether it **takes part** or **declines**; cars behind
# him stay out ([AMB-23][]).
#
# **Bidding.** Each participant plays **1 or 2 cards** face down, all at once; the pairing rules of movement do not
# apply, so [4][2] is a legal bid ([Ex. 16][]). Totals ([§12.2][]):
#
# | modifier | who | rule |
# |---|---|---|
# | the corner's **duel modifier** (−2, −3 …) | every participant **but the first car** | [§12.2][] |
# | **BANGING WHEELS** **+3** | a car with that strategy | [§26.2][] |
# | a Track Card's **duel power ×2** | only in the corner named on the card | [§19.3][] |
#
# **Resolution.** Highest total first. **Decliners** go **behind the participants**, in their old order — also when
# nobody takes the challenge up ([AMB-22][]): declining always costs the places. **Ties** collide: each tied car takes
# **1 damage** (a random wear token) and they keep their order ([AMB-24][]); robots take no wear.
#
# **Frozen cards.** Duel cards stay on the table until the **start of the next Game Turn**, then return to the hand;
# at a pit stop they count toward the hand limit ([§12.2][]). A robot's two cards are simply discarded.
#
# **The Leader token.** A **same-lap** car that finishes ahead of the leader takes it ([Ex. 15][]); a **lapped** winner
# only goes ahead of it, into the subsection that plays last ([Ex. 42][]).
#
# **Limits** ([§12.3][]). One chance per section — or subsection — per Game Turn, used by the **offer** itself, accepted
# or declined ([AMB-39][]). No duels at the race start, at restarts, under a yellow flag, or for a car re-entering from
# off track.
#
# **Robots** ([§17.2][]) challenge only a **same-lap human** ahead of them and defend only against one; they never duel
# each other, and refuse when ahead of the leader in his section. A robot bids the **top two Race Cards**.
#
# [AMB-22]: ../../docs/rules/rf90_rules_digest.md#amb-22
# [AMB-23]: ../../docs/rules/rf90_rules_digest.md#amb-23
# [AMB-24]: ../../docs/rules/rf90_rules_digest.md#amb-24
# [AMB-39]: ../../docs/rules/rf90_rules_digest.md#amb-39
# [Ex. 15]: ../../docs/rules/rf90_rules_digest.md#ex-15
# [Ex. 16]: ../../docs/rules/rf90_rules_digest.md#ex-16
# [Ex. 42]: ../../docs/rules/rf90_rules_digest.md#ex-42
# [§12]: ../../docs/rules/rf90_rules_digest.md#s12
# [§12.2]: ../../docs/rules/rf90_rules_digest.md#s12-2
# [§12.3]: ../../docs/rules/rf90_rules_digest.md#s12-3
# [§17.2]: ../../docs/rules/rf90_rules_digest.md#s17-2
# [§19.3]: ../../docs/rules/rf90_rules_digest.md#s19-3
# [§26.2]: ../../docs/rules/rf90_rules_digest.md#s26-2

# %% [markdown]
# ### The corners and their printed modifiers
#
# The manual prints only two modifiers in its examples (−2 at C, [Ex. 15][]; −3 at Stowe, [Ex. 16][]); the track files
# mark every other value as *invented for teaching*:
#
# [Ex. 15]: ../../docs/rules/rf90_rules_digest.md#ex-15
# [Ex. 16]: ../../docs/rules/rf90_rules_digest.md#ex-16

# %% tags=["presenter-show"]
from racebook.rf90.lessons import duel_house_rules as dh
from racebook.rf90.lessons import duel_sandbox as ds
from racebook.rf90.lessons.positions import in_words
from racebook.rf90.ui.duels import DuelOddsPanel, DuelSandbox

D = ds.DuelCar  # one car of a hypothetical corner section (the sandbox below)
for track in ("teaching", "silverstone"):
    print(track)
    for c in ds.corner_sections(track):
        print("  ", c.label())

# %% [markdown]
# ### When no duel is possible
#
# The same two cars — Blue first in C, Green behind him wanting to challenge — in four situations; the sandbox
# (`ds.run`) builds each as a real race and the engine decides ([§12.3][]):
#
# [§12.3]: ../../docs/rules/rf90_rules_digest.md#s12-3

# %% tags=["presenter-show"]
pair = (D("Blue", hand=("R14",), choice="join", bid=("R14",)),
        D("Green", hand=("R21",), choice="challenge", bid=("R21",)))
for what, options in [("Game Turn 5", {}), ("race start", {"turn": 1}), ("a restart", {"restart": True}),
                      ("yellow flag in C", {"yellow_flag": True})]:
    r = ds.run(ds.DuelSetup("teaching", "C", pair, **options))
    outcome = r.reason or "a duel: " + ", ".join(f"{c} {t[0]}" for c, t in r.record.totals.items())
    print(f"{what:<17} {outcome}")

# %% [markdown]
# ## Ex. 15 — a duel in the leader's corner section
#
# *Book (Ativando Seções de Curva, p.11):* the Leader token is in **C** (−2); Blue (the leader), Green and Orange
# are there. Asked from the back, **Orange starts** the duel; **Green and Blue accept**. Orange wins and **takes the
# Leader token**; Green is 2nd, Blue last. Orange plays and laps Purple; then B is activated, then **C** again —
# where Blue and Green have **had their chance**, so there is no new duel.
#
# The book gives no cards: the scenario invents the bids (`assumed`). Below: the engine's duel, then every
# activation of the Game Turn — C is activated twice, the duel procedure opens once.

# %%
ex15, duels15 = ds.show_duels("ex15")
print()
for e in ex15.race.events:
    if e.kind == "SectionActivated":
        print(e.sentence())
opened = [e for e in ex15.race.events if e.kind == "DuelsDeclared"]
print("duel procedures opened this Game Turn:", len(opened))

# %% [markdown]
# Orange's 4 + 4 − 2 = 6 beats Green's 2 + 2 − 2 = 2 and Blue's 1 (first in the section: no modifier), and Orange —
# on the leader's lap — takes the token ([§12.2][]). At the start of Game Turn 6 the three cars take their frozen cards
# back (the end of the stepper's log).
#
# [§12.2]: ../../docs/rules/rf90_rules_digest.md#s12-2

# %% tags=["nbval-ignore-output"]
ScenarioPlayer(racebook.load_scenario("ex15"))  # ◀ ▶ step through the duel

# %% [markdown]
# ## Ex. 16 — a duel at Stowe ends in a tie
#
# *Book (Resolução dos Duelos, p.11–12):* the stepper at the top. Blue (first), Orange and Green (last) are in
# **Stowe** (−3). Green **challenges**; **Orange declines**, **Blue accepts**. Green's **[3][3]**, +3 BANGING WHEELS,
# −3 Stowe: **6**. Blue's **[4][2]**, first in the section: **6**. A **tie**: each takes **1 damage**, Blue stays
# ahead, and Orange, who declined, goes **last**: **Blue, Green, Orange**.

# %%
ex16, duels16 = ds.show_duels("ex16")

# %% [markdown]
# ## Ex. 41 — one duel chance per section (Curve 5)
#
# *Book (Mais Sobre Duelos, p.28):* **Curve 5** is activated with **Red**, the leader, first. **Blue** starts a duel;
# **Black** (a SuperFast robot) **and Red accept**. **Red wins**, moves and laps Purple. Curve 5 is activated again —
# but **nobody may start a duel**: all these cars have had their chance there. On the Silverstone teaching track
# Curve 5 is **Abbey** (−1, invented); Black defends against a same-lap human ([§17.2][]) with the top two Race Cards.
#
# [§17.2]: ../../docs/rules/rf90_rules_digest.md#s17-2

# %%
ex41, duels41 = ds.show_duels("ex41")
print()
for e in ex41.race.events:
    if e.kind == "DuelChanceUsed":
        print(e.sentence())
print("\n".join(ds.chances_lines(ex41.race.state)))
print("now:", in_words(ex41.race.state))

# %% tags=["nbval-ignore-output"]
ScenarioPlayer(racebook.load_scenario("ex41"))  # ◀ ▶ step through the duel

# %% [markdown]
# ## Ex. 42 — a second duel through subsections (Curve 1)
#
# *Book (p.28):* **Red**, the leader, is in a straight; ahead of him in **Curve 1** (G, −1 invented) are Yellow (a
# Fast robot), Orange and Purple (a Slow robot), all a lap behind. Red moves into G and **laps Purple and Orange**.
# In **G2** — Red and the cars behind him — **Purple** challenges **Orange**, and **Red**, who has already played,
# takes part. **Orange wins** and passes Red: **ahead of the Leader token** (but not leader: he is a lap down), he
# plays when **G1** is activated, and there he has a **new** chance and **challenges Yellow** ([§12.3][]).
#
# Yellow, a robot ahead of the leader, refuses and goes **behind the challenger**; by the default house rule
# `lone_challenger_bids` Orange still lays a card face down (R57 [3], frozen).
#
# [§12.3]: ../../docs/rules/rf90_rules_digest.md#s12-3

# %%
ex42, duels42 = ds.show_duels("ex42")

# %% tags=["nbval-ignore-output"]
ScenarioPlayer(racebook.load_scenario("ex42"))  # ◀ ▶ step through the duel

# %% [markdown]
# ## Duel sandbox: let the engine resolve your duel
#
# Pick a **corner**, **2–4 cars** front to back (human or robot, lap, strategy, hand), each human's **decision**
# (*challenge*; *join if asked*; *stay out*) and **bid** (click 1 or 2 of the hand's cards). The sandbox plays the
# decisions as the engine's own actions and shows its resolution: totals, new order, damage, frozen cards, Leader
# token and log. Robots decide by [§17.2][] and bid the next Race Cards. It opens on [Ex. 16][].
#
# Try: let Orange *join if asked*; move the duel to **Copse** and bid the Track Card **T02** (×2 in Copse); tick
# **race start**; turn car 3 into a robot. A set-up the engine refuses is explained in red.
#
# [Ex. 16]: ../../docs/rules/rf90_rules_digest.md#ex-16
# [§17.2]: ../../docs/rules/rf90_rules_digest.md#s17-2

# %% tags=["nbval-ignore-output"]
sandbox = DuelSandbox()
sandbox

# %% [markdown]
# The same controller without the widgets — *what if Orange had joined at Stowe?* His [3][3] − 3 = 3 is too little:
# he still ends last, but now his cards are frozen too:

# %% tags=["presenter-show"]
from dataclasses import replace

ex16_setup = ds.DuelSetup("silverstone", "Stowe", (
    D("Blue", hand=("R14", "R22", "R55"), choice="join", bid=("R14", "R22")),
    D("Orange", hand=("R56", "R57"), choice="out", bid=("R56", "R57")),
    D("Green", hand=("R04", "R13", "R63"), strategy="banging_wheels", choice="challenge", bid=("R04", "R13")),
), seed=16, turn=6, lap=2, wear_stack=("red", "red", "red"))
orange_joins = replace(ex16_setup, cars=(ex16_setup.cars[0], replace(ex16_setup.cars[1], choice="join"),
                                         ex16_setup.cars[2]))
print(ds.run(orange_joins).record)

# %% [markdown]
# A robot in the section — a Slow robot (Purple) behind Blue in C **challenges** the same-lap human ahead of it and
# bids the top two cards (stacked: (03) [4] and (40) [1]). Black, a robot first in the section, does **not** defend
# against another robot and is placed behind the participants ([§17.2][]):
#
# [§17.2]: ../../docs/rules/rf90_rules_digest.md#s17-2

# %% tags=["presenter-show"]
r = ds.run(ds.DuelSetup("teaching", "C", (
    D("Black", robot="superfast"),
    D("Blue", hand=("R14", "R22", "R55"), choice="join", bid=("R14",)),
    D("Purple", robot="slow"),
), robot_draws=("R03", "R40")))
print(r.record)
print()
print("\n".join(r.sentences()))

# %% [markdown]
# Purple's 4 + 1 − 2 = 3 beats Blue's lone R14, 4 − 2 = 2: the robot passes Blue. Only Blue's card is frozen.
#
# ## Odds: does my bid beat a robot's two blind cards?
#
# A robot bids the **top two cards of the Race deck**. From my seat every card I **cannot see** is equally likely to
# be one of them; the cards I **can** see (my hand, the discard pile, the Target Checks, frozen cards) are out. So
# the chance is **exact**:
# `racebook.rf90.analysis.odds.duel_vs_robot` counts every pair of unseen cards, and each bid's total is the engine's
# (`racebook.rf90.rules.duel.total`). A **tie** means 1 damage for me and the order kept.
#
# **[Ex. 41][] from Blue's seat**, before he challenges: Blue holds R22 [2], R24 [2], R63 [2]; Black is 2nd in Abbey
# (−1), Blue 3rd (−1). What could Blue expect against Black alone?
#
# [Ex. 41]: ../../docs/rules/rf90_rules_digest.md#ex-41

# %%
start41 = racebook.rf90.scenario.load("ex41", play=False).race  # the position before any decision
st = start41.state
print(in_words(st), "| Blue's hand:", " ".join(st.cars["Blue"].hand))
rows41 = ds.bid_odds(st, "Blue", "Black", "Abbey")
print("\n".join(ds.odds_lines(rows41)))
print()
print("Black's total (two unseen cards, -1):")
for total, p in ds.robot_total_distribution(st, "Blue", rows41[0].robot_modifier).items():
    print(f"  {total:>2}: {ds.fraction_text(p)}")

# %% [markdown]
# With two cards Blue's 3 beats Black only **17.9 % (261/1457)** of the time and ties **26.4 % (1153/4371)** — in
# the book Black drew (40) and (64), [1] + [1] − 1 = 1, and Blue's 3 won. One card never wins.
#
# A richer hand for the panel below: **Copse** (−1), Blue with **BANGING WHEELS** holding R14 [4], R22 [2], R89 [1]
# and the Track Card **T02** [3], doubled **in Copse**; a third car is first in the section, so Blue and the robot
# both get the −1:

# %% tags=["presenter-show"]
copse = ds.DuelSetup("silverstone", "Copse", (
    D("Red"), D("Blue", hand=("R14", "R22", "R89", "T02"), strategy="banging_wheels"), D("Black", robot="superfast")))
st = ds.build(copse).state
print(in_words(st))
for b in ds.bid_totals(st, "Copse", "Blue")[-3:]:
    print(f"  {b.label:<8} {b.breakdown} = {b.total}")
print()
print("\n".join(ds.odds_lines(ds.bid_odds(st, "Blue", "Black", "Copse"))))

# %% [markdown]
# The panel: type a hand (Race Cards `R..`, this track's Track Cards `T..`), the corner, who is first, BANGING
# WHEELS and the cards already seen. Top: P(win / tie / lose) for every bid. Bottom: the exact distribution of the
# robot's total, coloured against the bid in **compare bid** (here R22+R89 = 5). The odds are against **one** robot,
# and for the moment **before** the bids.

# %% tags=["nbval-ignore-output"]
odds_panel = DuelOddsPanel(track="silverstone", section="Copse",
                           hand=("R14", "R22", "R89", "T02"), strategy="banging_wheels")
odds_panel.compare_bid("R22+R89")  # colour the robot's totals against this bid
odds_panel

# %% [markdown]
# ## House rules: the readings the engine uses
#
# The book leaves four duel points open; the engine follows the digest's recommended reading ([§31][]):
#
# * **[AMB-22][] — where decliners go:** behind **all** participants, in their old order ([Ex. 16][]), not between them.
# * **[AMB-23][] — cars behind the challenger** are not asked and stay at the back.
# * **[AMB-24][] — tie damage:** **1 damage to each** tied car ([Ex. 16][]), not N each for N tied cars.
# * **[AMB-39][] — the chance:** any **offer** uses it in that section or subsection ([Ex. 41][]).
#
# Two more points are open in the text and clubs read them differently, so `racebook.rf90.options.Rules` has a
# **switch** for each:
#
# * **`lone_challenger_bids`** ([§12.1][]): when everyone ahead declines, does the challenger still lay cards? Default
#   `True`: he lays 1 or 2 face down, which freeze (a challenge is never free); `False`: he lays none.
# * **`duel_modifier_spares_group_front`** ([§12.2][]): default `True` spares the first car of the **activated group** —
#   in the leader's subsection, its first car ([Ex. 42][]: Red gets no −1); `False`: literally the first car of the
#   **section**.
#
# Each switch both ways — Green challenges in G and Red and Blue decline; Red's bid in [Ex. 42][]'s G2:
#
# [AMB-22]: ../../docs/rules/rf90_rules_digest.md#amb-22
# [AMB-23]: ../../docs/rules/rf90_rules_digest.md#amb-23
# [AMB-24]: ../../docs/rules/rf90_rules_digest.md#amb-24
# [AMB-39]: ../../docs/rules/rf90_rules_digest.md#amb-39
# [Ex. 16]: ../../docs/rules/rf90_rules_digest.md#ex-16
# [Ex. 41]: ../../docs/rules/rf90_rules_digest.md#ex-41
# [Ex. 42]: ../../docs/rules/rf90_rules_digest.md#ex-42
# [§12.1]: ../../docs/rules/rf90_rules_digest.md#s12-1
# [§12.2]: ../../docs/rules/rf90_rules_digest.md#s12-2
# [§31]: ../../docs/rules/rf90_rules_digest.md#s31

# %% tags=["presenter-show"]
print("duel switches (§12):", ", ".join(dh.duel_switches()))
for flag in (True, False):
    print(dh.lone_challenger(flag))
for flag in (True, False):
    print(dh.group_front(flag))

# %% [markdown]
# [AMB-22][] and [AMB-23][] in one sandbox run: four cars in Copse; Green (3rd) challenges, **Orange** (2nd) declines,
# Blue (1st) joins, Pink (4th) is not asked. Green wins — and Orange goes behind **both** participants; Pink stays last:
#
# [AMB-22]: ../../docs/rules/rf90_rules_digest.md#amb-22
# [AMB-23]: ../../docs/rules/rf90_rules_digest.md#amb-23

# %% tags=["presenter-show"]
r = ds.run(ds.DuelSetup("silverstone", "Copse", (
    D("Blue", hand=("R07",), choice="join", bid=("R07",)),
    D("Orange", hand=("R14", "R21"), choice="out"),
    D("Green", hand=("R25", "R03"), choice="challenge", bid=("R25", "R03")),
    D("Pink", hand=("R18",), choice="out"),
)))
print(r.record)

# %% [markdown]
# A three-way tie ([AMB-24][]): every tied car takes 1 damage, and the three keep their order:
#
# [AMB-24]: ../../docs/rules/rf90_rules_digest.md#amb-24

# %% tags=["presenter-show"]
r = ds.run(ds.DuelSetup("teaching", "C", (
    D("Blue", hand=("R22",), choice="join", bid=("R22",)),
    D("Orange", hand=("R14",), choice="join", bid=("R14",)),
    D("Green", hand=("R21",), choice="challenge", bid=("R21",)),
), wear_stack=("red", "brown", "red")))
print(r.record)

# %% [markdown]
# ## What to remember
#
# * Duels: only when a **corner** is activated, before anybody there plays; asked **from the back**, the first "yes"
#   is the **CHALLENGER** and only the cars **ahead** choose to take part ([§12][]).
# * **1–2 cards face down**, the modifier for all but the **first** car; highest total first, **decliners behind**,
#   **ties** 1 damage each; duel cards **frozen** until the next Game Turn.
# * A same-lap winner ahead of the leader **takes the Leader token**; one chance per section per Game Turn.
# * **Robots** duel only against a same-lap human — your odds against them are exact.
#
# [§12]: ../../docs/rules/rf90_rules_digest.md#s12

# %% [markdown]
# **Next →** [05a_late_braking](05a_late_braking.ipynb): pass a whole braking zone in one go — or go off track.
