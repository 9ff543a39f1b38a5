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
# # A3 — What if? Which purchases win races (Automobiles)
#
# **You need:** [A1_your_bag_is_your_engine](A1_your_bag_is_your_engine.ipynb), [A2_the_cards](A2_the_cards.ipynb).
#
# Which buying plan wins? Five computer players, the same except for what they buy, raced 200 seeded races at this
# edition's **invented** prices (the source prints none); then the same races with two prices changed. The charts
# show how each plan did; **▶ Run live** replays the first races here.

# %% tags=["nbval-ignore-output"]
from racebook.automobiles.ui.experiments import ExperimentPanel

ExperimentPanel("purchases", races=10)

# %% [markdown]
# **After this notebook you can:**
#
# * set up a **fair comparison**: several buying plans in the *same* races, the seats swapped from race to race,
#   every race **seeded** so anyone gets the same numbers;
# * read a **win share** with its **95 % interval**, a mean finishing place, and the make-up of each plan's bag at
#   the end of the race;
# * explain what the experiments show — which plan wins **depends on the prices**: change two invented prices and
#   the ranking changes; and because the **Stock is finite** ([§1.2][]), what you buy *when black runs out*
#   matters between players who all want black;
# * say why no plan here is "the best play" of the printed game: the prices are invented for this teaching
#   edition and the players are simple; A1's exact odds decide a purchase in the position in front of you.
#
# Every race below is played by the `racebook` engine (`racebook.automobiles`), the computer players choosing only
# among its legal actions; the notebook only counts (`racebook.automobiles.analysis.purchases`).
#
# <details><summary>Book references</summary>
#
# **Digest sections:** [§1.2][] (the finite Stock), [§4][] (set-up, random starting order), [§9][] (buying), [§11][]
# (Decline wear), [§13][]–[§14][] (race position, end of race and winner), [§26][] (what the source lacks).
#
# </details>
#
# [§1.2]: ../../docs/rules/automobiles_rules_digest.md#auto-s1-2
# [§11]: ../../docs/rules/automobiles_rules_digest.md#auto-s11
# [§13]: ../../docs/rules/automobiles_rules_digest.md#auto-s13
# [§14]: ../../docs/rules/automobiles_rules_digest.md#auto-s14
# [§26]: ../../docs/rules/automobiles_rules_digest.md#auto-s26
# [§4]: ../../docs/rules/automobiles_rules_digest.md#auto-s4
# [§9]: ../../docs/rules/automobiles_rules_digest.md#auto-s9

# %% [markdown]
# ## Invented values: read this first
#
# The source prints **no prices, no $ values and no board** ([§26][]). This edition invented them for teaching, and the
# experiments depend on them — Experiment 2 measures how much. The values that matter here, read from the data
# files (`racebook/automobiles/data/cubes.toml`):
#
# [§26]: ../../docs/rules/automobiles_rules_digest.md#auto-s26

# %% tags=["presenter-show"]
from IPython.display import HTML, Markdown, display

from racebook.automobiles.analysis import purchases as P
from racebook.automobiles.lessons.experiments import (
    headline,
    plans_table,
    prices_in_words,
    replayed,
    summary_table,
    values_table,
)
from racebook.automobiles.lessons.notebook import INVENTED, provenance_html

display(Markdown(values_table()))
display(HTML(provenance_html([INVENTED])))

# %% [markdown]
# ## The method
#
# * **The players.** Every seat is the same computer player, `GreedyDriver`: it plays the gear that takes its car
#   furthest, plays its movement and pit cards, keeps yellow cubes as money, pits when 3 wear cubes clog its Active
#   pile — and **buys by its plan**: the first cube of its list it can afford, again and again, then it passes.
#   Only the plan differs between the players of a race.
# * **Fair opponents.** Every plan keeps buying while it can afford a cube of its list — none sits on its money:
#   three buy only gears, in three orders; two also buy the two card cubes this player plays, Performance (green)
#   and Pit (purple), after or before the dark gears.
# * **Fair seats.** One player per plan, five players, the first-game cards, the teaching board, 3 laps. The
#   starting order is drawn from the race's seed ([§4][] item 3) and the plans move one seat along every race, so no
#   plan keeps the pole or the grid money.
# * **Seeded.** Race *i* uses seed 2200 + *i*: run it again and you get the same race, event for event.
# * **Computed in advance.** 200 races per experiment take a couple of minutes, so the results ship with the
#   package (`racebook/automobiles/data/precomputed/*.json`, each with the command that recomputes it). The notebook
#   replays the first few races live to show that they are reproduced.
#
# [§4]: ../../docs/rules/automobiles_rules_digest.md#auto-s4

# %%
Markdown(plans_table())

# %% [markdown]
# ## Experiment 1 — five plans at the shipped (invented) prices

# %%
doc, results = P.load("purchases")
Markdown(f"{doc['races']} races, seeds {doc['seed']}…{doc['seed'] + doc['races'] - 1}, board {doc['board']} "
         f"({P.describe(doc)}).\n\n{replayed('purchases', results, 3)}")

# %% tags=["presenter-show"]
Markdown(f"{summary_table(results)}\n\n{headline(results)}")

# %% [markdown]
# **One plan wins almost every race — at these prices.** *Gears, then cards* buys the same dark gears as *black
# first*; it differs when its money does not reach one: where *black first* buys a light grey gear ($4), it buys
# a Pit cube ($4), and a Performance cube ($6) once dark grey runs out — cards that move the car or clear wear
# ([§11][]). Look at the bags: it ends with less wear than the three gear-only plans. But those two cubes cost
# **$6 and $4 here, and both numbers are invented**. Is the win a fact about buying, or about two made-up prices?
# Experiment 2 asks.
#
# [§11]: ../../docs/rules/automobiles_rules_digest.md#auto-s11

# %% [markdown]
# ## Experiment 2 — the same races, two invented prices changed
#
# The same five plans, the same seeds and seats; only Performance and Pit cost more (every other number as above):

# %% tags=["presenter-show"]
doc3, results3 = P.load("prices")
Markdown(f"Prices changed: {prices_in_words('prices')} ({P.describe(doc3)}).\n\n"
         f"{replayed('prices', results3, 2)}\n\n{summary_table(results3)}\n\n{headline(results3)}")

# %% tags=["nbval-ignore-output"]
ExperimentPanel("prices", races=10)

# %% [markdown]
# **The winner follows the prices.** With the card cubes dearer, *gears, then cards* buys fewer of them and no
# longer wins nearly every race: *black first* and *gears, then cards* share the wins, and *dark grey first* takes
# some. Neither ranking is a rule of the game: the source prints no price at all, so "always buy X" cannot be read
# from these runs. What they do teach is the method — same seeds, swapped seats, an interval around every share —
# and the habit of asking which invented number an answer rests on.

# %% [markdown]
# ## Experiment 3 — when everybody wants black
#
# Suppose every player buys black first: the Stock holds only 16 black cubes (a third-party figure, [§1.2][]).
# What does each buy when it runs out?
#
# [§1.2]: ../../docs/rules/automobiles_rules_digest.md#auto-s1-2

# %% tags=["presenter-show"]
doc2, results2 = P.load("fallbacks")
Markdown(f"{doc2['races']} races ({P.describe(doc2)}).\n\n{replayed('fallbacks', results2, 2)}\n\n"
         f"{summary_table(results2)}\n\n{headline(results2)}")

# %% tags=["nbval-ignore-output"]
ExperimentPanel("fallbacks", races=10)

# %% [markdown]
# **Keep buying.** Look at the bags: the 16 black cubes are shared out early, and the 24 dark grey ones run out too
# (the three plans that buy dark grey end with all 24 between them). The plan that then buys **light grey** keeps
# turning its money into movement every turn and wins most races. *Black only* and *black, then yellow* stop improving
# their bags once black is gone (yellow is money, not movement). *Dark grey, then black* buys dark grey whenever it
# has $6, so it never saves the $9 a black cube costs: it ends with no black at all. (These plans, too, are compared
# at the invented prices.)
#
# ## Reading the numbers honestly
#
# * A share near 100 % over 200 races has a 95 % interval of about 98–100 %: the difference is real **for these
#   players at these prices** — and Experiment 2 shows that two other invented prices give another ranking.
# * The players are simple: a plan is a fixed list, blind to the position. A1's exact odds are how to weigh one
#   purchase against another in the position in front of you; a human who also pits cleverly, drafts and plans
#   routes through the colours would change the numbers, and so would other cards (here the first-game set).
# * Every price and $ value is invented (table above). The experiments show how to ask the question; they do not
#   tell you how to play the printed game.
#
# ## Your turn
#
# Change a plan in `racebook.automobiles.analysis.purchases.EXPERIMENTS` or a price in `PRICES` (or in
# `data/cubes.toml`) and recompute, e.g. `python -m racebook.automobiles.analysis.purchases prices --races 50`
# (about half a minute on a quiet machine); `P.run(20, 2200, {...}, prices={"K": 12})` runs a few races right here.

# %% [markdown]
# **Next →** [F0 — A first race in FormulaGP](../formulagp/F0_first_race.ipynb), the third game; or back to
# [A0 — A first race](A0_first_race.ipynb), or Race! Formula 90 from its [00_start_here](../rf90/00_start_here.ipynb).
