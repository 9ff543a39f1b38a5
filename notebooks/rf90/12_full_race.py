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
# # 12 — A full race at the club table
#
# **You need:** every notebook before it, [00_start_here](00_start_here.ipynb) to [11b_skills](11b_skills.ipynb).
#
# Set up a race and play it: in the Set-up tab press **1. Deal the hands**, **2. Qualify**, **3. Start the race**, then
# click in the Race tab. The buttons are exactly the legal moves.

# %% tags=["nbval-ignore-output"]
from racebook.rf90.ui.fullrace import RaceTable

table = RaceTable(track="teaching", players=2, seed=12)
table

# %% [markdown]
# **Learning objectives** — after this notebook you can:
#
# * set up a real race the way the book does it: **Free Practice** (*FREE PRACTICE*: skill, car setup, the
#   **substitute car**, *Carro Substituto*), **qualifying** (*Qualificação*) with a card from the dealt hand and a
#   **refuel chit** (*ficha de reabastecimento*), the grid, the weather, then tyres and strategy;
# * choose how many **robots** (*robôs*) race: the manual's table is missing; Expansion #1 recommends one
#   ([Expansion #1 §5.3][]);
# * play a race where the engine is the referee: the buttons are exactly the legal actions, and a choice that is
#   not legal is explained with its rule;
# * let the computer drive a car, "play until my turn", and read the standings and the track as the race goes on;
# * save a race and resume it later, exactly where it stopped.
#
# <details><summary>Book references</summary>
#
# **Digest sections:** [§0.1][] (what the manual does not give), [§6.1][]–[§6.3][] (set-up, Free Practice, substitute
# car), [§7.1][]–[§7.2][] (qualifying and the grid), [§8][] (refuel chits), [§9.1][]–[§9.2][] (weather, tyres and
# strategies), [§10][]–[§13][] (the Game Turn and the individual turn), [§17][] (robots), [§18.5][] (re-entry points),
# [§25][] (the race end and the classification), [§29.1][] and [§29.5][] (tables), [§31][] (house rules); example
# [Ex. 1][] ([§30][]).
#
# </details>
#
# Everything the table shows comes from the `racebook` engine: `racebook.rf90.setup.new_race` runs Free Practice,
# qualifying, the grid and the pre-race; `racebook.rf90.game.Race` plays the race; the buttons are
# `race.legal_actions()`; an illegal choice is explained by `racebook.rf90.explain.why_illegal`. The widget only lists
# and applies.
#
# [Expansion #1 §5.3]: ../../docs/rules/rf90_expansion1_digest.md#x1-s5-3
# [Ex. 1]: ../../docs/rules/rf90_rules_digest.md#ex-1
# [§0.1]: ../../docs/rules/rf90_rules_digest.md#s0-1
# [§10]: ../../docs/rules/rf90_rules_digest.md#s10
# [§13]: ../../docs/rules/rf90_rules_digest.md#s13
# [§17]: ../../docs/rules/rf90_rules_digest.md#s17
# [§18.5]: ../../docs/rules/rf90_rules_digest.md#s18-5
# [§25]: ../../docs/rules/rf90_rules_digest.md#s25
# [§29.1]: ../../docs/rules/rf90_rules_digest.md#s29-1
# [§29.5]: ../../docs/rules/rf90_rules_digest.md#s29-5
# [§30]: ../../docs/rules/rf90_rules_digest.md#s30
# [§31]: ../../docs/rules/rf90_rules_digest.md#s31
# [§6.1]: ../../docs/rules/rf90_rules_digest.md#s6-1
# [§6.3]: ../../docs/rules/rf90_rules_digest.md#s6-3
# [§7.1]: ../../docs/rules/rf90_rules_digest.md#s7-1
# [§7.2]: ../../docs/rules/rf90_rules_digest.md#s7-2
# [§8]: ../../docs/rules/rf90_rules_digest.md#s8
# [§9.1]: ../../docs/rules/rf90_rules_digest.md#s9-1
# [§9.2]: ../../docs/rules/rf90_rules_digest.md#s9-2

# %%
from itertools import combinations

from racebook.core.errors import RuleUnavailable
from racebook.rf90.actionlabels import label
from racebook.rf90.analysis.simulate import ROBOTS_BY_PLAYERS
from racebook.rf90.car import Strategy
from racebook.rf90.ui import ScenarioPlayer

# %% [markdown]
# ## How to run a club race with it
#
# 1. **Set-up tab.** Pick the track (teaching, Silverstone or Monza), the number of **players** (*jogadores*,
#    1–6) and a **seed** (the number that shuffles the decks: the same seed and the same choices give the same
#    race). Each player is one row: the **name is the car's colour** (Blue, Red, Green, Orange, Pink, Yellow), a
#    **skill** (*habilidade*) and the **setup points** (*pontos de setup*, [§6.2][]): tyre chips, cards in hand
#    and wear slots. An illegal setup is refused, with the rule, in the messages under the buttons.
# 2. **Robots.** The manual has no table of robots per number of players ([§0.1][]). The table starts from
#    Expansion #1's recommended advanced line-up (**the usual number**; one player: an invented default) and you
#    can change the three counts; the engine checks that the grid has room. The **house rules** (closed at first)
#    are the points where the book can be read two ways, each in plain words; the defaults are the recommended
#    readings. (Before Expansion
#    #1's table the default was an invented six-car field: the robots, the grid and the qualifying order below
#    changed with it.)
# 3. **1. Deal the hands.** Every player sees his hand in the *qualifying card* list. A player who dislikes it
#    ticks **substitute car** ([§6.3][]): the whole hand goes back and a new one is dealt — once; the second hand
#    must be kept. (The engine deals in row order, each substitute hand right after its first hand, so a
#    substitute car also changes the hands dealt after it.)
# 4. **Qualifying.** Each player chooses his qualifying card and his refuel chit (turn 8–16: a light car
#    qualifies better but must pit sooner, [§7.1][]). In a real club each player chooses secretly and the
#    choices are typed in together. **2. Qualify** shows the grid, the weather card and the robots' tyres.
# 5. **Pre-race.** Now that the weather is known, each player, in grid order, chooses **tyres** and a
#    **Strategy Card** (*Carta de Estratégia*, [§9.2][]). **3. Start the race** is enabled once **2. Qualify**
#    has run.
# 6. **Race tab.** One screen, made for a projector: the top line says the Game Turn, the weather and who must
#    decide now, in which phase. The board is on the left with **what happened** under it (a box that scrolls);
#    on the right the panel and hand of the car to play (each card: code, MP, colour, check factor, costs and
#    symbols) and **your choices**, exactly the legal actions, one row per kind: the plays of one card, the plays
#    of two cards, the strategy changes, the pit stops. A kind with many choices is a menu: pick one and press
#    **go**. A move that does nothing now comes last and says so. **The coach** marks one choice in green and says
#    why under the choices: it tries each choice on a copy of the race to the end of the Game Turn (the same seed)
#    and adds the exact odds of a test; **coach on/off** hides it. At the end, **debrief** replays the decisions
#    that cost "my car" most. Under that screen: to ask "why can't I play these two?", click two hand cards or
#    type the play in the **try** box; tick **the computer drives …** for a player who leaves the table, or press
#    **play until my turn**; and the standings. Robots play on their own.
# 7. **Save / load tab.** **save → text** keeps the race in the box and offers it as a file to **download** to
#    your computer; **load ← text** (paste) or **load ← file** (upload) resumes it exactly, and says that the
#    position is identical. Files stay on your computer: nothing is written on the server.
#
# Where the hand of the car to play is on the shared screen, the other players look away — or each player keeps
# his own real cards and the table only referees.
#
# [§0.1]: ../../docs/rules/rf90_rules_digest.md#s0-1
# [§6.2]: ../../docs/rules/rf90_rules_digest.md#s6-2
# [§6.3]: ../../docs/rules/rf90_rules_digest.md#s6-3
# [§7.1]: ../../docs/rules/rf90_rules_digest.md#s7-1
# [§9.2]: ../../docs/rules/rf90_rules_digest.md#s9-2

# %% [markdown]
# ## A two-player race on the teaching track, step by step
#
# The cells below press the same buttons from code, so that their printed output can be checked. The race:
# two players, Blue and Red, on the teaching track, seed 12.
#
# ### Robots
#
# The default for two players ([Expansion #1 §5.3][]: 2 SuperFast, 3 Fast, 3 Slow; the counts can be changed):
#
# [Expansion #1 §5.3]: ../../docs/rules/rf90_expansion1_digest.md#x1-s5-3

# %% tags=["presenter-show"]
t = RaceTable(track="teaching", players=2, seed=12)
print("default robots for 2 players (SuperFast, Fast, Slow):", ROBOTS_BY_PLAYERS[2])
print("robot cars:", ", ".join(f"{rid} ({rt.value})" for rid, rt in t.robots()))

# %% [markdown]
# ### Free Practice: an illegal setup is refused (§6.2, Ex. 1)
#
# Each setup token is worth 1–3 points and a car may use **at most 6 points**; **TUNING** allows 8, never more
# than 3 in one characteristic ([§6.2][]). 12 tyre chips (3 points) + 7 cards (3 points, a presumed value) + 5 wear
# slots (2 points) = 8 points. The messages are the engine's; nothing is dealt. The 10th strategy's card is missing
# from the book ([§26][], [AMB-7][]) and so is SIXTH SENSE's: the table does not offer them, and the engine refuses
# them.
#
# [AMB-7]: ../../docs/rules/rf90_rules_digest.md#amb-7
# [§26]: ../../docs/rules/rf90_rules_digest.md#s26
# [§6.2]: ../../docs/rules/rf90_rules_digest.md#s6-2

# %%
bad = RaceTable(track="teaching", players=2, seed=12)
bad.forms[0].tyres.value, bad.forms[0].cards.value = 12, 7
print("hands dealt:", bad.deal())
print(bad.setup_text)
bad.forms[0].skill.value = "tuning"
print("Blue with TUNING:", bad.forms[0].check_setup() or "legal")
print("strategies offered:", ", ".join(label for label, _value in bad.forms[0].strategy.options))
try:
    Strategy.parse("tenth")
except RuleUnavailable as refused:
    print("the engine on the 10th strategy:", refused)

# %% [markdown]
# ### Deal the hands (§6.2)
#
# Each player draws as many Race Cards as his card setup shows (6 by default). The list is what the *qualifying
# card* dropdown offers.

# %%
hands = t.deal()
for form in t.active_forms:
    print(f"{form.car}'s hand:")
    for card_line, _index in form.qualify.options:
        print("  ", card_line)

# %% [markdown]
# ### Qualifying and the grid (§7, §8, §9.1)
#
# Blue lays his [4] (card 5 of his hand) and takes the light refuel chit 10 (+1: pit on turn 10 at the latest);
# Red lays his first card and chit 12. A higher value starts further forward; a tie goes to the lower check
# factor, then to a lot ([§7.2][]). The robots draw their chits (their values are NOT IN SOURCE: the engine's are
# invented and documented). Then the weather card is drawn ([§9.1][]) and the robots choose their tyres ([§9.2][]).
#
# [§7.2]: ../../docs/rules/rf90_rules_digest.md#s7-2
# [§9.1]: ../../docs/rules/rf90_rules_digest.md#s9-1
# [§9.2]: ../../docs/rules/rf90_rules_digest.md#s9-2

# %%
t.forms[0].qualify.value = 4
t.forms[0].refuel.value = 10
preview = t.qualify()
print(t.grid_table(preview).to_string())
print()
for e in t.qualifying_events(preview)[-2:]:  # the weather card and the robots' tyres
    print(e.sentence())

# %% [markdown]
# ### Tyres and strategy, then the start (§9.2)
#
# Knowing the weather, the players choose in grid order: Blue keeps Hard tyres (+1 Track Card) and SAVE TYRES,
# Red takes PUSH. Then the race starts: the grid, every set-up sentence, and the first events of Game Turn 1
# (the robots at the front play at once).

# %%
t.forms[1].strategy.value = "push"
race = t.start()
print(t.grid_text())

# %%
print(t.status_text())
t.offered_table()  # what the Race tab's buttons offer now: each choice's label and its rule

# %% [markdown]
# ### Fifteen actions chosen by the computer
#
# `computer_step()` lets `GreedyDriver` choose one of the legal actions for the car that must decide and clicks
# its button — exactly what a player's click does. Robots play between them on their own.

# %%
for i in range(15):
    a = t.computer_step()
    print(f"{i + 1:2d}. {a.car}: {label(a)}" if a else f"{i + 1:2d}. nothing to decide")
print()
print(t.status_text())

# %% [markdown]
# ### The standings (§25) and what just happened
#
# Race order: laps, then section, then the order inside the section ([§25][] interpretation). A car waiting at a
# **re-entry point** (*ponto de reentrada*, [§18.5][]) is off the track until its next turn, so it has no place
# (`off`). `down` is the "-x lap" token ([§13.E.4][]); `wear r/b` the red / brown wear tokens; `refuel` the turn of
# the refuel chit; `target` the Target Check's check factor (robots: 70, [§17.1][]).
#
# [§13.E.4]: ../../docs/rules/rf90_rules_digest.md#s13-e-4
# [§17.1]: ../../docs/rules/rf90_rules_digest.md#s17-1
# [§18.5]: ../../docs/rules/rf90_rules_digest.md#s18-5
# [§25]: ../../docs/rules/rf90_rules_digest.md#s25

# %%
print(t.standings().to_string())

# %%
print("\n".join(t.last_sentences()))

# %% [markdown]
# ### Save, load, resume exactly
#
# A save (`race.to_json()`) holds the track it was played on, the initial state, the list of actions and the final
# state; loading (`Race.from_json`) checks it, replays the actions and compares the result with the saved final
# state, so the loaded race is the same race, and a tampered save is refused with one clean line.

# %%
saved = t.save()
other = RaceTable()
loaded = other.load(saved)
print(f"{len(t.race.actions)} actions saved, {len(loaded.actions)} replayed on loading.")
same = loaded.position() == t.race.position()
print("The loaded race is at the very same position:", "yes" if same else "NO")

# %% [markdown]
# ### Try a choice that is not legal
#
# The computer plays on until a player must **play cards** (phase C, [§13.C][]). Then every pair of cards in that
# car's hand is tried: the legal ones are among the buttons, the others get the engine's rule and reason — the
# same text the **try** box and the clickable hand cards show. Nothing is applied. A pit stop is not a phase-C
# decision ([§13.A.3][]), so it is refused too.
#
# [§13.A.3]: ../../docs/rules/rf90_rules_digest.md#s13-a-3
# [§13.C]: ../../docs/rules/rf90_rules_digest.md#s13-c

# %%
while t.race.phase.name != "PLAY":
    a = t.computer_step()
    print(f"computer: {a.car}: {label(a)}")
car = t.race.current_car
hand = t.race.state.cars[car].hand
print(f"{car}'s hand:", " ".join(hand), "—", t.race.phase.value)
for a, b in combinations(hand, 2):
    v = t.race.explain(f"{car} play {a} {b}")  # what the try box and the hand cards say
    print(f"✓ {a} + {b}: legal" if v.legal else f"✗ {a} + {b}: {v.rule}: {v.reason}")
v = t.race.explain(f"{car} pit 1")
print(f"✗ pit now: {v.rule}: {v.reason}" if not v.legal else "✓ pit now: legal")

# %% [markdown]
# ### Let the computer drive a car
#
# Red leaves the table: from now on the computer drives Red (GreedyDriver), and every click of Blue's is followed
# by Red's and the robots' moves, up to Blue's next decision. **play until my turn** does the same for every
# player car but yours.

# %%
t.set_computer("Red")
for _ in range(5):
    t.computer_step()  # Blue's decisions; Red's follow on their own
print(t.status_text())
print("Red's actions so far:", len([a for a in t.race.actions if a.car == "Red"]))
print(t.standings(["car", "driver", "lap", "section", "hand"]).to_string())

# %% [markdown]
# ### The same race, live
#
# The table driven above, in the Race tab: carry on playing it with the buttons.

# %% tags=["nbval-ignore-output"]
t

# %% [markdown]
# After the race (or at any moment) the whole log can be reviewed with the stepper of the other notebooks
# (|◀ ◀ ▶ ▶|, the sentences and the track):

# %% tags=["nbval-ignore-output"]
ScenarioPlayer(t.race, position=None)

# %% [markdown]
# ## What the engine decides, and what it had to choose
#
# * **The rules** — every legal action, every cost, test and movement — are the engine's; the table never
#   decides one. Robots play by [§17][].
# * **NOT IN SOURCE** ([§0.1][]): the robots-per-players table (the default above is [Expansion #1 §5.3][] for 2–6
#   players, an invented one for 1 player; changeable), the robot refuel
#   chits' values (invented and documented in `racebook/rf90/data/robot_chits.toml`), the grid layout per track, the
#   10th strategy and SIXTH SENSE (both refused).
# * **House rules** ([§31][]) are the switches in the Set-up tab (`racebook.rf90.options.Rules`); the defaults are the
#   digest's recommended readings.
#
# [Expansion #1 §5.3]: ../../docs/rules/rf90_expansion1_digest.md#x1-s5-3
# [§0.1]: ../../docs/rules/rf90_rules_digest.md#s0-1
# [§17]: ../../docs/rules/rf90_rules_digest.md#s17
# [§31]: ../../docs/rules/rf90_rules_digest.md#s31

# %% [markdown]
# **Next →** [13_what_if](13_what_if.ipynb): what usually happens if…? Monte Carlo experiments.
