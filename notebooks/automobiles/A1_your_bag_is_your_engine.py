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
# # A1 — Your bag is your engine (Automobiles)
#
# **You need:** [A0_first_race](A0_first_race.ipynb).
#
# Your car is only as fast as the cubes you draw from your bag. B is first on the grid with $10 to spend before the
# race: try its buys below, each button a legal one (the prices are invented for teaching).

# %% tags=["nbval-ignore-output"]
from racebook.automobiles.game import Race
from racebook.automobiles.setup import new_state
from racebook.automobiles.ui import BuyPanel

race = Race(new_state(3, seed=7))
BuyPanel(race.clone()).widget

# %% [markdown]
# Before the race, bought cubes go **into the Bag** ([AMB-4][]); in a normal Buy phase they go to the Used pile, so
# they reach the Bag only at the next refill ([AMB-3][]). Section 2 works out which buy is better, with exact odds.
#
# **After this notebook you can:**
#
# * name a player's four zones — **Bag**, **Active** pile, **Used** pile (with the cubes on the track) and **Discard**
#   pile — and follow a cube through them in one turn;
# * step through the **five phases** of a turn (Action, Buy, Car, Decline, End) and say what each one does;
# * read the board: a gear cube moves the car **one space of its own colour**, and darker spaces are longer;
# * compute the **exact chance** of drawing at least *k* cubes of a colour in your next 7 — and use it to make a
#   **buy decision**;
# * explain **wear**: the Decline phase adds wear by the darkest colour you drove through, **drafting** cancels it,
#   and a **pit stop** throws the wear out of your Active pile.
#
# Every number below is computed by the `racebook` engine (`racebook.automobiles`); the notebook only shows it.
#
# <details><summary>Book references</summary>
#
# **Digest sections:** [§1][] (cubes), [§3][] (zones), [§4][] (set-up), [§5][] (the turn), [§6][]–[§7][] (the Action
# phase and movement), [§8][] (pit stop), [§9][] (buying), [§10][] (the Car phase), [§11][] (Decline and drafting),
# [§12][] (End phase and the refill rule), [§13][] (race position); readings [AMB-3][], [AMB-4][], [AMB-8][],
# [AMB-11][], [AMB-14][] and [AMB-15][] ([§25][]).
#
# </details>
#
# [AMB-11]: ../../docs/rules/automobiles_rules_digest.md#auto-amb-11
# [AMB-14]: ../../docs/rules/automobiles_rules_digest.md#auto-amb-14
# [AMB-15]: ../../docs/rules/automobiles_rules_digest.md#auto-amb-15
# [AMB-3]: ../../docs/rules/automobiles_rules_digest.md#auto-amb-3
# [AMB-4]: ../../docs/rules/automobiles_rules_digest.md#auto-amb-4
# [AMB-8]: ../../docs/rules/automobiles_rules_digest.md#auto-amb-8
# [§1]: ../../docs/rules/automobiles_rules_digest.md#auto-s1
# [§10]: ../../docs/rules/automobiles_rules_digest.md#auto-s10
# [§11]: ../../docs/rules/automobiles_rules_digest.md#auto-s11
# [§12]: ../../docs/rules/automobiles_rules_digest.md#auto-s12
# [§13]: ../../docs/rules/automobiles_rules_digest.md#auto-s13
# [§25]: ../../docs/rules/automobiles_rules_digest.md#auto-s25
# [§3]: ../../docs/rules/automobiles_rules_digest.md#auto-s3
# [§4]: ../../docs/rules/automobiles_rules_digest.md#auto-s4
# [§5]: ../../docs/rules/automobiles_rules_digest.md#auto-s5
# [§6]: ../../docs/rules/automobiles_rules_digest.md#auto-s6
# [§7]: ../../docs/rules/automobiles_rules_digest.md#auto-s7
# [§8]: ../../docs/rules/automobiles_rules_digest.md#auto-s8
# [§9]: ../../docs/rules/automobiles_rules_digest.md#auto-s9

# %% [markdown]
# ## What is printed, and what is invented
#
# The source is a translated rulebook **without a board, prices or card values** ([§26][]). The engine needs them, so
# the project invented them for teaching, and every number says where it comes from in its data file. The table
# below is read from those files (`racebook/automobiles/data/`), not typed here: **red rows are invented** — never
# present them as the printed game — brown rows are figures third parties report, green rows are the source's own.
#
# [§26]: ../../docs/rules/automobiles_rules_digest.md#auto-s26

# %% tags=["presenter-show"]
from fractions import Fraction

from IPython.display import HTML, SVG, Markdown, display

from racebook.automobiles.actionlabels import label
from racebook.automobiles.agents import GreedyDriver
from racebook.automobiles.analysis.odds import at_least, count_distribution
from racebook.automobiles.boardsvg import race_svg
from racebook.automobiles.cubes import COLOUR_NAMES, components
from racebook.automobiles.lessons.firstrace import cubes_in_words
from racebook.automobiles.lessons.notebook import provenance_counts, provenance_html, sandbox_race, told
from racebook.automobiles.scenario import read
from racebook.automobiles.ui import OddsPanel, RacePlayer, ZonesPanel
from racebook.core.agents import play_out

counts = provenance_counts()
print(", ".join(f"{n} values {kind}" for kind, n in counts.items()) + ":")
display(HTML(provenance_html()))

# %% [markdown]
# ## 1. The zones (§3) and the starting bag (§4)
#
# Every player owns cubes in four zones:
#
# | zone | what it is |
# |---|---|
# | **Bag** | hidden; cubes are drawn from it at random |
# | **Active** pile | the 7 cubes drawn for this turn: play them, or keep them as money |
# | **Used** pile | cubes played this turn — the ones placed on the track count as Used ([§3][]) |
# | **Discard** pile | your sheet and the track go here at the end of your turn; it refills an empty Bag ([§12][] item 4) |
#
# Everybody starts with the same 12 cubes and a grid slot; the slots further back get more money to spend before the
# race ([§4][] item 5). The **starting order is drawn at random** — here with a seed, so the notebook gives the same
# race every time.
#
# [§12]: ../../docs/rules/automobiles_rules_digest.md#auto-s12
# [§3]: ../../docs/rules/automobiles_rules_digest.md#auto-s3
# [§4]: ../../docs/rules/automobiles_rules_digest.md#auto-s4

# %%
comps = components()
print(f"Everybody's starting bag: {cubes_in_words(dict(comps.starting_bag))}; each turn draws {comps.draw}.")
for line in told(race):
    print(line)
for pid, p in race.state.players.items():
    print(f"{pid}: grid lane {p.lane}, ${p.money} to spend before the race")

# %% [markdown]
# The board: three lanes of coloured spaces around a loop, lane 1 on the inside (it wins ties, [§13][]). Each space is
# labelled with its id `lane.n` — the id an action names (`A play W 1.3`). The cars wait behind the finish line.
#
# [§13]: ../../docs/rules/automobiles_rules_digest.md#auto-s13

# %% tags=["presenter-show"]
SVG(race_svg(race))

# %% [markdown]
# ## 2. A buy decision, with exact odds (§4 item 5, §9, §12)
#
# Which is better for B: **one black** cube ($9) or **two light grey** ones ($8)? Black spaces are the longest, so a
# black cube moves the car furthest — but only if it is drawn. The odds are exact fractions: the Bag's counts, drawn
# without replacement (hypergeometric), then the refilled Discard pile (`racebook.automobiles.analysis.odds`).

# %% tags=["presenter-show"]
def after(buys: list[str]) -> Race:
    r = race.clone()
    for code in buys:
        r.apply(f"B buy {code}")
    return r


black, greys = after(["K"]), after(["L", "L"])
for name, r in (("one black", black), ("two light grey", greys)):
    b = r.state.players["B"]
    p_black = at_least(b.bag, b.discard, "K", 1, 7)
    p_grey = at_least(b.bag, b.discard, "L", 2, 7)
    print(f"{name:15} bag {sum(b.bag.values())} cubes: at least 1 black in 7: {float(p_black):.1%} ({p_black}); "
          f"at least 2 light grey in 7: {float(p_grey):.1%} ({p_grey})")

# %% [markdown]
# The whole distribution of black cubes in B's first 7, after buying one black (13 cubes in the Bag, 1 black):

# %%
b = black.state.players["B"]
dist = count_distribution(b.bag, b.discard, "K", 7)
rows = "\n".join(f"| {k} | {p} | {float(p):.1%} |" for k, p in enumerate(dist) if p)
Markdown(f"| black cubes drawn | chance | |\n|---|---|---|\n{rows}\n\nThe chances add up to {sum(dist, Fraction(0))}.")

# %% [markdown]
# Try it yourself: pick a player, a colour, *k* and *n*. (The panel reads the Bag and the Discard pile of the
# position you give it.)

# %% tags=["nbval-ignore-output"]
OddsPanel(black.state, "B", colour="K", k=1, n=7).widget

# %% [markdown]
# ## 3. One turn, phase by phase (§5)
#
# The computer players (`GreedyDriver`: the furthest gear first, pit at 3 wear, buy the darkest gear it can) finish
# the purchases, everybody draws 7 and B plays its first turn. Step through it with |◀ ◀ ▶ ▶|: every event cites
# its section. Watch for:
#
# 1. **Action** ([§6][], [§7][]): each gear cube is *placed* on an adjacent space of its colour — the first next to the
#    car, each later one next to the last cube placed ([AMB-8][]). The car does not move yet.
# 2. **Buy** ([§9][]): the unplayed cubes in the Active pile are worth money; spend it or lose it.
# 3. **Car** ([§10][]): the car jumps to the last cube placed.
# 4. **Decline** ([§11][]): wear by the darkest colour driven through.
# 5. **End** ([§12][]): everything on the sheet and the track goes to the Discard pile; draw 7.
#
# [AMB-8]: ../../docs/rules/automobiles_rules_digest.md#auto-amb-8
# [§10]: ../../docs/rules/automobiles_rules_digest.md#auto-s10
# [§11]: ../../docs/rules/automobiles_rules_digest.md#auto-s11
# [§12]: ../../docs/rules/automobiles_rules_digest.md#auto-s12
# [§6]: ../../docs/rules/automobiles_rules_digest.md#auto-s6
# [§7]: ../../docs/rules/automobiles_rules_digest.md#auto-s7
# [§9]: ../../docs/rules/automobiles_rules_digest.md#auto-s9

# %%
drivers = {pid: GreedyDriver() for pid in race.state.players}
turn = race.clone()
while turn.state.round == 0 or turn.current_car != "C":
    turn.apply(drivers[turn.current_car].choose(turn, turn.legal_actions()))
first_turn = next(i for i, st in enumerate(turn.steps) if st.action is not None and turn.state.round >= 1
                  and any(e.kind == "TurnStarted" for e in st.events))
for line in told(turn, first_turn):
    print(line)

# %% tags=["nbval-ignore-output"]
player = RacePlayer(turn, position=None)
player.widget

# %% [markdown]
# ### A move on the board
#
# Here is C's position at the start of its turn, with one of its legal moves highlighted in magenta (the spaces and
# the route from the car). Each legal `play` lists the space(s) the cube goes to; only spaces of the cube's colour
# that touch the car — or the last cube placed — are offered ([§7.1][]), never backwards ([AMB-12][]).
#
# [AMB-12]: ../../docs/rules/automobiles_rules_digest.md#auto-amb-12
# [§7.1]: ../../docs/rules/automobiles_rules_digest.md#auto-s7-1

# %% tags=["presenter-show"]
moves = [a for a in turn.legal_actions() if getattr(a, "spaces", ())]
print("C's legal moves now:", "; ".join(label(turn.state, a) for a in moves))
SVG(race_svg(turn, moves[-1]))

# %% [markdown]
# ## 4. Wear: the Decline phase and drafting (§11)
#
# If your car moved, you gain wear cubes — **brown cubes worth nothing** that clog your Active pile — by the
# **darkest** colour you drove through this turn: one value, not a sum. The table is read from `data/setup.toml`:

# %% tags=["presenter-show"]
print("Wear for the darkest colour driven through:",
      ", ".join(f"{COLOUR_NAMES[g]} {n}" for g, n in comps.decline.items()), f"({comps.sources['decline']})")

# %% [markdown]
# **Drafting**: end your move *immediately behind* another car — the segment right ahead of yours, in your lane,
# holds a car ([AMB-14][]) — and you gain **no** wear for movement this turn. In this scenario A plays a light grey cube
# into the space just behind B: it would have gained 2 wear.
#
# [AMB-14]: ../../docs/rules/automobiles_rules_digest.md#auto-amb-14

# %%
drafting = read("auto_drafting")
print(drafting.title, f"[{drafting.cite}]")
for line in told(drafting.race()):
    print(line)

# %% tags=["nbval-ignore-output"]
RacePlayer(drafting, position=0).widget

# %% [markdown]
# ## 5. The pit stop (§8)
#
# Instead of a normal turn you may make a **pit stop**: no Action, Buy or Car phase, and **every wear cube in your
# Active pile goes back to the Stock**. The End phase runs as usual ([AMB-6][]): you discard the rest and draw 7. Here A
# has drawn 3 wear cubes among its 7:
#
# [AMB-6]: ../../docs/rules/automobiles_rules_digest.md#auto-amb-6

# %%
pit = sandbox_race({"A": ("1@5", "W3L2", "W2X3Y2", "W1"), "B": ("2@8", "W5", "W2", "-")})
print(f"Before: A's Active pile holds {cubes_in_words(dict(pit.state.players['A'].active))}.")
pit.apply("A pit")
for line in told(pit, 1):
    print(line)
print(f"After: A's Active pile holds {cubes_in_words(dict(pit.state.players['A'].active))}.")

# %% [markdown]
# The zones after the pit stop: the wear has left A's cubes for good (it is back in the Stock).

# %% tags=["nbval-ignore-output"]
ZonesPanel(pit.state).widget

# %% [markdown]
# ## 6. A whole race
#
# Three computer players play the race to the end (3 laps, [§14][]: the race ends after the round in which a car
# completes the laps; the car that travelled furthest wins, ties to the inner lane, [§13][]).
#
# [§13]: ../../docs/rules/automobiles_rules_digest.md#auto-s13
# [§14]: ../../docs/rules/automobiles_rules_digest.md#auto-s14

# %%
whole = play_out(race.clone(), {pid: GreedyDriver() for pid in race.state.players})
print(told(whole, len(whole.steps) - 1)[-1])
for pid in whole.standings():
    p = whole.state.players[pid]
    print(f"{pid}: progress {p.progress} rows, owns {cubes_in_words(dict(p.owned()))}")

# %% tags=["presenter-show"]
SVG(race_svg(whole))

# %% [markdown]
# ## What to remember
#
# * Your **bag is your engine**: what you buy is what you will draw — but only after the next refill ([AMB-3][]).
# * A cube is either **movement** (played) or **money** (kept): every play costs you its value in the Buy phase.
# * Darker gears move further and cost more (invented prices here), and driving through darker spaces wears the car
#   more; **drafting** and **pit stops** keep the wear down.
# * Exact odds beat gut feeling: one black cube in a 13-cube bag is drawn in a 7-cube hand a little over half the
#   time.
#
# **Next →** [A2 — The cards](A2_the_cards.ipynb): every card live on the ladder board; then
# [A3 — What if?](A3_what_if.ipynb), which purchases win races.
#
# [AMB-3]: ../../docs/rules/automobiles_rules_digest.md#auto-amb-3
