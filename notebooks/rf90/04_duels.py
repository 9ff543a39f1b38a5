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
# **You need:** [01_movement_and_passing](01_movement_and_passing.ipynb), [03_activation](03_activation.ipynb).
#
# **Learning objectives** — after this notebook you can:
#
# * say **who may duel** (*duelo*) when a corner section is activated, who the **CHALLENGER** (*DESAFIANTE*) is
#   and who is asked to join;
# * add up a duel total: 1–2 cards face down (no pair rules), the **duel modifier** (*modificador de duelo*) for
#   everyone but the first car, **BANGING WHEELS +3**, a Track Card's **×2 duel power** in its own corner;
# * resolve a duel: the new order, **ties** (1 damage each, order kept), where **decliners** go, the **frozen
#   cards** (*cartas congeladas*) and the **Leader token**;
# * apply the limits: **one chance per section (or subsection) per Game Turn**, no duels at the start, at a
#   restart, under a yellow flag or for a car re-entering the track — and how **robots** duel;
# * read the **exact odds** that a bid beats a robot's two blind cards.
#
# **Digest sections:** [§12][] (corner activation: duels — [§12.1][] declaring, [§12.2][] resolution, [§12.3][]
# restrictions), [§24][] (more on duels), [§17.2][] (robots and duels), [§19.3][] (duel Discard Power), [§26.2][]
# (BANGING WHEELS), [§29.9][] (duel table); examples [Ex. 15][], 16, 41 and 42 ([§30][]); readings [AMB-22][], 23, 24
# and 39 ([§31][]).
#
# Every total, order, damage token and frozen card below is computed by the `racebook` engine
# (`racebook/rf90/rules/duel.py`); the notebook and its widgets only show it.
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

# %%
import racebook
from racebook.rf90.events import DuelReveal
from racebook.rf90.lessons import duel_sandbox as ds
from racebook.rf90.ui import ScenarioPlayer
from racebook.rf90.ui.duels import DuelOddsPanel, DuelSandbox

D = ds.DuelCar  # one car of a hypothetical corner section (the sandbox below)


def show_duels(name):
    """Replay a shipped scenario action by action and print every duel the engine resolved in it."""
    sc, records = ds.scenario_duels(name)
    print(sc.title, f"[{sc.cite}]")
    for line in sc.assumed:
        print("  assumed:", line)
    for rec in records:
        print()
        print(rec)
    return sc, records


# %% [markdown]
# ## The rule in plain English
#
# **When.** A duel can only happen when a **corner section** (*seção de Curva*, yellow border) is activated. It is
# resolved **before** anybody in that section plays, and it can change the order in which they play ([§12][]).
#
# **Declaring** ([§12.1][]). Starting from the **last** car in the section and moving forward, each car is asked
# whether it wants to start a duel. The first one that says yes is the **CHALLENGER** (*DESAFIANTE*). Every car
# **ahead of** the challenger must then say at once whether it **takes part** or **declines**. Cars behind the
# challenger have already passed: they do not take part ([AMB-23][]).
#
# **Bidding** ([§12.1][]). Every participant plays **1 or 2 cards** from hand — Race Cards or Track Cards — **face
# down**, all at the same time. The pairing rules of movement ([§13.C][]) **do not apply**: [4][2] is a legal duel bid
# ([Ex. 16][]). A car that plays no card is not participating.
#
# **Totals** ([§12.2][], table [§29.9][]). All cards are revealed together. Each car adds the MP of its cards and:
#
# | modifier | who | rule |
# |---|---|---|
# | the corner's **duel modifier** (−2, −3 …), printed by its name | every participant **but the first car** | [§12.2][] |
# | **BANGING WHEELS** (*Soma +3 em Duelos*) **+3** | a car with that strategy, in any position | [§26.2][] |
# | **duel Discard Power**: the Track Card counts **×2** | only in the corner named on the card | [§19.3][] |
#
# **Resolution** ([§12.2][]). The participants are re-ordered by total, **highest first**. Drivers who **declined** go
# **behind the participants**, in their old order ([AMB-22][]; [Ex. 16][]) — also when **nobody** takes up the
# challenge: «Pilotos que se recusaram a participar agora são colocados atrás do DESAFIANTE». Declining always costs the
# places; a robot that refuses ([§17.2][]) is a decliner too. **Ties**: tied cars **collide** — each takes
# **1 damage** (a random wear token from the bag) and they **keep their relative order** ([AMB-24][]). Robots take no
# wear ([§17.1][]).
#
# **Frozen cards** (*cartas congeladas*, [§12.2][], [§23][]). Duel cards are not discarded: they stay frozen on the
# table for the rest of the Game Turn and **return to the owner's hand at the start of the next**. A car that pits this
# turn cannot discard them, and they **count** toward its hand limit ([§13.A.3][]). A duel-power Track Card is frozen
# the same way ([§19.3][]). A robot's two cards are simply discarded.
#
# **The Leader token** ([§12.2][]). If the leader took part and a **same-lap** car finishes ahead of him, that car
# becomes the leader ([Ex. 15][]). A **lapped** car that wins goes ahead of the token **without** becoming leader: it
# now sits in the subsection ahead of the leader and plays last ([Ex. 42][]).
#
# **One chance** ([§12.3][], [§24][]). A car may duel several times in a Game Turn, but only **once per section** — or
#  per
# **subsection** when it shared the section with the leader ([§11.2][] case 3) — whether it **accepted or declined**:
# being offered the duel uses the chance ([AMB-39][]).
#
# **No duels** ([§12.3][]): at the **race start** and at **restarts** ([§22][]), in a section with a **yellow flag**
# ([§15.1][]), and never for a car **re-entering** from off track ([§18.5][]). Duels happen normally in the last Game
# Turn.
#
# **Robots** ([§17.2][]). A robot **challenges** only when a **same-lap human** is ahead of it in the section, and it
# **defends** (joins) against a same-lap human's challenge. Robots **never duel each other**, never start a duel to
# unlap themselves, and do not accept a duel when they are **ahead of the leader** in his section. A robot bids the
# **top two cards of the Race deck**, face down; the corner modifier applies to it unless it is first.
#
# [AMB-22]: ../../docs/rules/rf90_rules_digest.md#amb-22
# [AMB-23]: ../../docs/rules/rf90_rules_digest.md#amb-23
# [AMB-24]: ../../docs/rules/rf90_rules_digest.md#amb-24
# [AMB-39]: ../../docs/rules/rf90_rules_digest.md#amb-39
# [Ex. 15]: ../../docs/rules/rf90_rules_digest.md#ex-15
# [Ex. 16]: ../../docs/rules/rf90_rules_digest.md#ex-16
# [Ex. 42]: ../../docs/rules/rf90_rules_digest.md#ex-42
# [§11.2]: ../../docs/rules/rf90_rules_digest.md#s11-2
# [§12]: ../../docs/rules/rf90_rules_digest.md#s12
# [§12.1]: ../../docs/rules/rf90_rules_digest.md#s12-1
# [§12.2]: ../../docs/rules/rf90_rules_digest.md#s12-2
# [§12.3]: ../../docs/rules/rf90_rules_digest.md#s12-3
# [§13.A.3]: ../../docs/rules/rf90_rules_digest.md#s13-a-3
# [§13.C]: ../../docs/rules/rf90_rules_digest.md#s13-c
# [§15.1]: ../../docs/rules/rf90_rules_digest.md#s15-1
# [§17.1]: ../../docs/rules/rf90_rules_digest.md#s17-1
# [§17.2]: ../../docs/rules/rf90_rules_digest.md#s17-2
# [§18.5]: ../../docs/rules/rf90_rules_digest.md#s18-5
# [§19.3]: ../../docs/rules/rf90_rules_digest.md#s19-3
# [§22]: ../../docs/rules/rf90_rules_digest.md#s22
# [§23]: ../../docs/rules/rf90_rules_digest.md#s23
# [§24]: ../../docs/rules/rf90_rules_digest.md#s24
# [§26.2]: ../../docs/rules/rf90_rules_digest.md#s26-2
# [§29.9]: ../../docs/rules/rf90_rules_digest.md#s29-9

# %% [markdown]
# ### The corners and their printed modifiers
#
# The manual prints only two modifiers in its examples (−2 for the corner at C, [Ex. 15][]; −3 for Stowe, [Ex. 16][]).
# The track files mark every other value as *invented for teaching* (tracks/SCHEMA.md). From the engine's track data:
#
# [Ex. 15]: ../../docs/rules/rf90_rules_digest.md#ex-15
# [Ex. 16]: ../../docs/rules/rf90_rules_digest.md#ex-16

# %% tags=["presenter-show"]
for track in ("teaching", "silverstone"):
    print(track)
    for c in ds.corner_sections(track):
        print("  ", c.label())

# %% [markdown]
# ### When no duel is possible
#
# The same two cars — Blue first in C, Green behind him, Green wants to challenge — in four situations. The
# sandbox (`ds.run`) builds each position as a real race and lets the engine decide ([§12.3][], [§22][], [§15.1][]):
#
# [§12.3]: ../../docs/rules/rf90_rules_digest.md#s12-3
# [§15.1]: ../../docs/rules/rf90_rules_digest.md#s15-1
# [§22]: ../../docs/rules/rf90_rules_digest.md#s22

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
#
# *Book (Ativando Seções de Curva, p.11):* the Leader token is in **C**, a corner with modifier **−2**; Blue (the
# leader), Green and Orange are there and nobody has played. Asked from the back, **Orange starts** the duel;
# **Green and Blue accept**. Orange wins and **takes the Leader token**; Green is 2nd, Blue last. Orange plays and
# **laps Purple**; then **B** (Purple) is activated, then **C** again — where Blue and Green have **already had
# their chance**, so there is **no new duel** and Green moves first.
#
# The book gives no cards: the scenario invents the bids (see `assumed`). The −2 applies to everyone but Blue,
# first in the section. Below: the engine's duel, then every activation of the Game Turn — C is activated twice
# but the duel procedure opens only once.

# %%
ex15, duels15 = show_duels("ex15")
print()
for e in ex15.race.events:
    if e.kind == "SectionActivated":
        print(e.sentence())
opened = [e for e in ex15.race.events if e.kind == "DuelsDeclared"]
print("duel procedures opened this Game Turn:", len(opened))

# %% [markdown]
# Orange's 4 + 4 − 2 = 6 beats Green's 2 + 2 − 2 = 2 and Blue's 1: the order becomes Orange, Green, Blue, and
# Orange — on the leader's lap and now ahead of him — takes the Leader token ([§12.2][]). At the start of Game Turn 6
# the three cars take their frozen cards back (the end of the player's log).
#
# [§12.2]: ../../docs/rules/rf90_rules_digest.md#s12-2

# %%
# NBVAL_IGNORE_OUTPUT
ScenarioPlayer(racebook.load_scenario("ex15"))  # ⏮ ◀ ▶ ⏭ step through the duel

# %% [markdown]
# ## Ex. 16 — a duel at Stowe ends in a tie
#
#
# *Book (Resolução dos Duelos, p.11–12):* Blue (first), Orange and Green (last) are in **Stowe** (−3). Green, last,
# is asked first and **challenges**. **Orange declines** (to avoid the risk of damage); **Blue accepts**. Green
# reveals **[3][3]** and has **BANGING WHEELS (+3)**, cancelled by the **−3**: **6**. Blue, first in the section (no
# modifier), reveals **[4][2]**: **6**. A **tie**: Blue and Green each take **1 damage**, Blue stays ahead, and
# Orange, who declined, goes **last**: **Blue, Green, Orange**.

# %%
ex16, duels16 = show_duels("ex16")

# %%
# NBVAL_IGNORE_OUTPUT
ScenarioPlayer(racebook.load_scenario("ex16"))  # ⏮ ◀ ▶ ⏭ step through the duel

# %% [markdown]
# Note **[4][2]**: not a legal movement pair ([§13.C][]), but any two cards may be bid ([§12.1][]). Both wear tokens are
# red because the scenario stacks the bag (`assumed`); in a real game they are random.
#
# [§12.1]: ../../docs/rules/rf90_rules_digest.md#s12-1
# [§13.C]: ../../docs/rules/rf90_rules_digest.md#s13-c

# %% [markdown]
# ## Ex. 41 — one duel chance per section (Curve 5)
#
#
# *Book (Mais Sobre Duelos, p.28):* **Curve 5** is activated with **Red**, the leader, first. **Blue** starts a duel;
# **Black** (a SuperFast robot) **and Red accept**. **Red wins**, moves and **laps Purple**. Purple's section is
# activated; Purple ends behind Red. Curve 5 is activated again — but **nobody may start a duel**: all these cars
# have already had their chance there.
#
# On the Silverstone teaching track Curve 5 is **Abbey** (−1, invented). Black joins by [§17.2][] — it defends against
# a same-lap human's challenge — and bids the top two cards of the Race deck (stacked: (40) and (64)).
#
# [§17.2]: ../../docs/rules/rf90_rules_digest.md#s17-2

# %%
ex41, duels41 = show_duels("ex41")
print()
print("Abbey activations:", [e.label for e in ex41.race.events if e.kind == "SectionActivated"
                             and e.section == "Abbey"])
print("duel chances used this Game Turn:", sorted(ex41.race.state.duel_chances))
print("position now:", ex41.race.position())

# %% [markdown]
# The chances are kept per car and per section (`Abbey:main`; a subsection ahead of the leader would be
# `Abbey:ahead`). The second activation of Abbey finds Blue and Black with their chance used, so the engine opens
# no duel procedure at all and Blue simply plays ([AMB-39][]).
#
# [AMB-39]: ../../docs/rules/rf90_rules_digest.md#amb-39

# %%
# NBVAL_IGNORE_OUTPUT
ScenarioPlayer(racebook.load_scenario("ex41"))  # ⏮ ◀ ▶ ⏭ step through the duel

# %% [markdown]
# ## Ex. 42 — a second duel through subsections (Curve 1)
#
#
# *Book (p.28):* **Red**, the leader, is in a straight; ahead of him in **Curve 1** (G on the teaching track, −1
# invented) are Yellow (a Fast robot), Orange and Purple (a Slow robot), all a lap behind. Red moves into G and
# **laps Purple and Orange**. Now **G2** — Red and the cars behind him — is the active subsection: **Purple**
# starts a duel against **Orange**, and **Red**, who has already played, **takes part**. **Orange wins** and
# passes Red: he is now **ahead of the Leader token** (but not leader: he is a lap down) and plays when **G1** is
# activated. There he has a **new** chance and **challenges Yellow** — a different subsection ([§12.3][]).
#
# Purple, lapped, challenges because Orange is a human **on its own lap** ([§17.2][]). In G1 Yellow is a robot ahead of
# the leader, so it does not accept ([§17.2][]) — and, like any decliner, it goes **behind the challenger** ([§12.2][]).
# So Orange's second chance is real: nobody accepted, and by the default house rule `lone_challenger_bids` Orange still
# lays a card face down (R57 [3], frozen until the next Game Turn); the last "New order in G" line shows Orange
# ahead of Yellow, and Orange plays first when G1 is played.
#
# [§12.2]: ../../docs/rules/rf90_rules_digest.md#s12-2
# [§12.3]: ../../docs/rules/rf90_rules_digest.md#s12-3
# [§17.2]: ../../docs/rules/rf90_rules_digest.md#s17-2

# %%
ex42, duels42 = show_duels("ex42")

# %%
# NBVAL_IGNORE_OUTPUT
ScenarioPlayer(racebook.load_scenario("ex42"))  # ⏮ ◀ ▶ ⏭ step through the duel

# %% [markdown]
# ## Duel sandbox: let the engine resolve your duel
#
# Pick a **corner** (with its printed modifier), **2–4 cars** front to back (human or robot, lap, strategy — try
# BANGING WHEELS — and hand), each human's **decision** (*challenge*; *join if asked*; *stay out*) and **bid** (click
# 1 or 2 of the hand's cards). On every change the sandbox builds the position as a race, applies the decisions as
# the engine's own actions (`Green challenge`, `Orange decline`, `Blue bid R14 R22` …) and shows the engine's
# resolution: totals, new order, damage, frozen cards, Leader token and the log. Robots decide by [§17.2][]; their two
# cards are the next Race Cards (**robots draw**, or the seeded deck when empty). It opens on [Ex. 16][].
#
# Try: let Orange *join if asked*; give Blue only one card; make Green's strategy plain; move the duel to
# **Copse** and bid the Track Card **T02** (duel power ×2 in Copse); tick **race start**; turn car 3 into a robot.
# If the engine refuses a set-up (three cards, a card not in hand, an unknown code) it says why in red.
#
# [Ex. 16]: ../../docs/rules/rf90_rules_digest.md#ex-16
# [§17.2]: ../../docs/rules/rf90_rules_digest.md#s17-2

# %%
# NBVAL_IGNORE_OUTPUT
sandbox = DuelSandbox()
sandbox

# %% [markdown]
# The same controller without the widgets — *what if Orange had joined at Stowe?* Orange's [3][3] − 3 = 3 is too
# little; he still ends last, but now his cards are frozen too:

# %% tags=["presenter-show"]
from dataclasses import replace

ex16_setup = ds.DuelSetup("silverstone", "Stowe", (
    D("Blue", hand=("R14", "R22", "R55"), choice="join", bid=("R14", "R22")),
    D("Orange", hand=("R56", "R57"), choice="out", bid=("R56", "R57")),
    D("Green", hand=("R04", "R13", "R63"), strategy="banging_wheels", choice="challenge", bid=("R04", "R13")),
), seed=16, turn=6, lap=2, wear_stack=("red", "red", "red"))
orange_joins = replace(ex16_setup, cars=(ex16_setup.cars[0], replace(ex16_setup.cars[1], choice="join"),
                                         ex16_setup.cars[2]))
r = ds.run(orange_joins)
print("decisions:", " · ".join(r.actions))
print(r.record)

# %% [markdown]
# A robot in the section — a Slow robot (Purple) behind Blue in C: it **challenges** the same-lap human ahead of
# it ([§17.2][]) and bids the top two cards (stacked here: (03) [4] and (40) [1]). Black, a robot first in the section,
# does **not** defend against another robot's challenge and is placed behind the participants:
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
# Purple's (03) [4] + (40) [1] − 2 = 3 beats Blue's lone R14, 4 − 2 = 2: the robot passes Blue. Only Blue's card is
# frozen; the robot's two go to the discard pile.
#
# ## Odds: does my bid beat a robot's two blind cards?
#
# A robot's bid is the **top two cards of the Race deck** ([§17.2][]). From my seat every card I **cannot see** — the
# draw pile and the other players' hidden hands — is equally likely to be one of them; the cards I **can** see
# are out: my hand, the discard pile, every Target Check on the panels, frozen duel cards
# (`racebook.rf90.analysis.odds.unseen`).
# So the chance is **exact**: `racebook.rf90.analysis.odds.duel_vs_robot` counts every pair of unseen cards — no
# sampling.
# `ds.bid_odds` asks it for every bid in my hand (each total from `racebook.rf90.rules.duel.total`, so the corner
# modifier,
# BANGING WHEELS and duel power are the engine's), and `ds.robot_total_distribution` gives the exact distribution
# of the robot's total. A **tie** means 1 damage for me and the order kept (robots ignore damage).
#
# **[Ex. 41][] from Blue's seat**, before he challenges: Blue holds R22 [2], R24 [2], R63 [2]; Black, the robot, is
# 2nd in Abbey (−1), Blue 3rd (−1). What could Blue expect against Black alone?
#
# [Ex. 41]: ../../docs/rules/rf90_rules_digest.md#ex-41
# [§17.2]: ../../docs/rules/rf90_rules_digest.md#s17-2

# %%
start41 = racebook.rf90.scenario.load("ex41", play=False).race  # the position before any decision
st = start41.state
print("position:", start41.position(), "| Blue's hand:", " ".join(st.cars["Blue"].hand))
rows41 = ds.bid_odds(st, "Blue", "Black", "Abbey")
print("\n".join(ds.odds_lines(rows41)))
print()
print("Black's total (two unseen cards, -1):")
for total, p in ds.robot_total_distribution(st, "Blue", rows41[0].robot_modifier).items():
    print(f"  {total:>2}: {ds.fraction_text(p)}")

# %% [markdown]
# With two cards Blue's 3 beats Black only **17.9 % (261/1457)** of the time and ties (1 damage) **26.4 %
# (1153/4371)** — in the book Black drew (40) and (64), [1] + [1] − 1 = 1, and Blue's 3 won. One card never wins: its 1
# can at best tie the robot's lowest total, [1] + [1] − 1. (Red, a human, bids what he chooses: the odds rate
# the robot only.)
#
# A richer, seeded hand for the panel below: **Copse** (corner 1 of Silverstone, −1), Blue with **BANGING WHEELS**
# holding R14 [4], R22 [2], R89 [1] and the Track Card **T02** [3] whose duel power doubles it **in Copse**; a
# third car is first in the section, so both Blue and the robot get the −1:

# %% tags=["presenter-show"]
copse = ds.DuelSetup("silverstone", "Copse", (
    D("Red"), D("Blue", hand=("R14", "R22", "R89", "T02"), strategy="banging_wheels"), D("Black", robot="superfast")))
st = ds.build(copse).state
print("position:", ds.position(copse))
for b in ds.bid_totals(st, "Copse", "Blue")[-3:]:
    print(f"  {b.label:<8} {b.breakdown} = {b.total}")
print()
print("\n".join(ds.odds_lines(ds.bid_odds(st, "Blue", "Black", "Copse"))))

# %% [markdown]
# The panel: type a hand (Race Cards `R..`, this track's Track Cards `T..`), choose the corner, who is first in
# the section, BANGING WHEELS, and the cards already seen in the discard pile. Top: P(win / tie / lose) for every
# bid (green / amber / red). Bottom: the exact distribution of the robot's total, coloured against the bid chosen
# in **compare bid** (here R22+R89 = 5; by default the cheapest bid with the best chance). The table under the
# charts has the exact fractions.

# %%
# NBVAL_IGNORE_OUTPUT
odds_panel = DuelOddsPanel(track="silverstone", section="Copse",
                           hand=("R14", "R22", "R89", "T02"), strategy="banging_wheels")
odds_panel.compare_bid("R22+R89")  # colour the robot's totals against this bid
odds_panel

# %% [markdown]
# Two cautions, both about what the numbers mean rather than how they are counted: the odds are against **one**
# robot (with several opponents the chances are not independent), and they are for the moment **before** the bids
# — the robot draws its two cards when the bidding starts.
#
# ## House rules: the readings the engine uses
#
# The book leaves four duel points open that the digest lists; the engine follows its recommended reading for each
# ([§31][]):
#
# * **[AMB-22][] — where decliners go.** "Placed behind the CHALLENGER" could put a decliner *between* participants
#   when the challenger does not finish last. The engine puts decliners **behind all participants**, in their old
#   order (as in [Ex. 16][]).
# * **[AMB-23][] — cars behind the challenger.** Only cars ahead of the challenger are asked; cars behind **stay at the
#   back** in their order.
# * **[AMB-24][] — tie damage.** "Um dano para cada carro que empatou" could mean N damage for N tied cars: the engine
#   gives **1 damage to each** tied car ([Ex. 16][]), and only the tied cars are affected.
# * **[AMB-39][] — the chance.** Any **offer** of a duel uses the chance in that section (or subsection) for this Game
#   Turn — accepted or declined ([Ex. 41][]).
#
# A robot **defends** only against a human challenger ([§17.2][]): that reading is the engine's own. Two more points
# are open in the text and clubs read them differently, so `racebook.rf90.options.Rules` has a **switch** for each:
#
# * **`lone_challenger_bids`** ([§12.1][]). When every car ahead declines, the decliners go behind the challenger — but
#   does he still lay cards? The text is silent. Default `True`: he follows the written procedure and lays 1 or 2
#   cards face down, which freeze (a challenge is never free); laying none, he is not participating and the order
#   is kept. `False`: he lays no card.
# * **`duel_modifier_spares_group_front`** ([§12.2][], «com exceção do primeiro carro da seção»). Default `True`: the
#   first car of the **activated group** is spared — in the leader's subsection, its first car ([Ex. 42][]: Red gets no
#   −1). `False`: literally the first car of the **section**, so when lapped cars sit ahead of the leader nobody in
#   the leader's subsection is spared.
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
# [§17.2]: ../../docs/rules/rf90_rules_digest.md#s17-2
# [§31]: ../../docs/rules/rf90_rules_digest.md#s31

# %%
from racebook.rf90.options import HOUSE_RULE_DOCS, Rules
from racebook.rf90.scenario import build

print("house-rule switches:", ", ".join(Rules().to_dict()))
print("duel switches (§12):", [name for name, doc in HOUSE_RULE_DOCS.items() if doc.startswith("§12")])

# lone_challenger_bids: Green challenges in G (Curve 1, -1), Red and Blue decline
LONE = "teaching turn=5 lap=3 | F: Fast1* | G: Blue Red Green"
HANDS = {"Blue": {"hand": ["R22", "R24"]}, "Red": {"hand": ["R55", "R63"]}, "Green": {"hand": ["R42", "R76"]}}
for bids in (True, False):
    race = build({"scenario": {"id": "lone", "track": "teaching", "seed": 0, "position": LONE}, "cars": HANDS,
                  "rules": {"lone_challenger_bids": bids}})
    for a in ["Green challenge", "Red decline", "Blue decline"] + (["Green bid R42"] if bids else []):
        race.apply(a)
    green = race.state.cars["Green"]
    print(f"lone_challenger_bids={bids}: G is now {', '.join(race.state.cars_in('G'))}; "
          f"Green's frozen cards {green.frozen}, hand {sorted(green.hand)}")

# duel_modifier_spares_group_front: Red's bid in Ex. 42's leader subsection G2
for spare in (True, False):
    sc = racebook.rf90.scenario.load("ex42", play=False)
    sc.race.state.rules = Rules(duel_modifier_spares_group_front=spare)
    for a in sc.actions[:sc.actions.index("Red bid R22") + 1]:
        sc.race.apply(a)
    reveal = next(e.body() for e in sc.race.events if isinstance(e, DuelReveal) and e.car == "Red")
    print(f"duel_modifier_spares_group_front={spare}: {reveal}")

# %% [markdown]
# [AMB-22][] and [AMB-24][] in one sandbox run: four cars in Copse; Green (3rd) challenges, **Orange** (2nd) declines,
# Blue (1st) joins, Pink (4th, behind the challenger) is not asked. Green wins — and Orange still goes behind
# **both** participants, not just behind the challenger; Pink stays last ([AMB-22][], [AMB-23][]):
#
# [AMB-22]: ../../docs/rules/rf90_rules_digest.md#amb-22
# [AMB-23]: ../../docs/rules/rf90_rules_digest.md#amb-23
# [AMB-24]: ../../docs/rules/rf90_rules_digest.md#amb-24

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
# * Duels happen only when a **corner section** is activated, before anybody there plays ([§12][]).
# * Asked **from the back**: the first "yes" is the **CHALLENGER**; only the cars **ahead** of him choose to take
#   part ([§12.1][]).
# * **1–2 cards face down**, any values; + the **duel modifier** for all but the **first** car, **BANGING WHEELS
#   +3**, **×2** for a duel-power Track Card in its own corner ([§12.2][], [§19.3][], [§26.2][]).
# * Highest total first; **decliners behind the participants** — behind the challenger even when nobody accepts
#   (house rule `lone_challenger_bids`: does he still lay cards?); **ties**: 1 damage each, order kept ([§12.2][]).
# * Duel cards are **frozen** until the next Game Turn, count at a pit, are never discarded ([§12.2][], [§23][]).
# * A same-lap winner ahead of the leader **takes the Leader token**; a lapped winner only goes ahead of it
#   ([§12.2][]).
# * **One chance per section/subsection per Game Turn**, used by the offer itself; no duels at the start, at
#   restarts, under a yellow flag, or for a re-entering car ([§12.3][], [§24][]).
# * **Robots** challenge or defend only against a same-lap human, never each other, and bid the top two Race
#   Cards ([§17.2][]) — your odds against them are exact fractions.
#
# [§12]: ../../docs/rules/rf90_rules_digest.md#s12
# [§12.1]: ../../docs/rules/rf90_rules_digest.md#s12-1
# [§12.2]: ../../docs/rules/rf90_rules_digest.md#s12-2
# [§12.3]: ../../docs/rules/rf90_rules_digest.md#s12-3
# [§17.2]: ../../docs/rules/rf90_rules_digest.md#s17-2
# [§19.3]: ../../docs/rules/rf90_rules_digest.md#s19-3
# [§23]: ../../docs/rules/rf90_rules_digest.md#s23
# [§24]: ../../docs/rules/rf90_rules_digest.md#s24
# [§26.2]: ../../docs/rules/rf90_rules_digest.md#s26-2

# %% [markdown]
# **Next →** [05_late_braking](05_late_braking.ipynb): pass a whole braking zone in one go — or go off track.
