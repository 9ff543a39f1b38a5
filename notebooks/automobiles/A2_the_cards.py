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
# # A2 — The cards (Automobiles)
#
# **You need:** [A1_your_bag_is_your_engine](A1_your_bag_is_your_engine.ipynb).
#
# Every action cube does what its colour's card says. Pick a card below: a small race starts with that card in play
# (on an invented teaching board), and every legal action is a button.

# %% tags=["nbval-ignore-output"]
from racebook.automobiles.ui import CardSandbox

CardSandbox("burnout").widget

# %% [markdown]
# A (blue) is in lane 2 of the ladder board at the start of its Action phase, with the card's cube, a few gears, a wear
# cube and a yellow cube in its Active pile, and some cubes in its Bag and Discard pile for the card to work on; B is
# just ahead, C behind. The card's choices come one at a time.
#
# **After this notebook you can:**
#
# * say how a card works: **one card per action colour** in a game (plus the five fixed cards), and every cube of
#   that colour you play triggers **its** card ([§2][]);
# * read a card's text as a small program — gain wear, pick cubes, draw, move — whose choices are made **one at a
#   time**, in the printed order ([AMB-7][]);
# * try **any of the 39 cards** live on a mini-board and watch the cubes move between the zones;
# * replay the digest's **worked examples** ([§24][]) and check the engine against the book's numbers.
#
# <details><summary>Book references</summary>
#
# **Digest sections:** [§2][] (cards), [§6][] (the Action phase), [§7.2][] (multi-space moves), [§15][] (wear),
# [§16][]–[§21][] (the card reference), [§24][] (worked examples); readings [AMB-7][], [AMB-9][], [AMB-10][] ([§25][]).
#
# </details>
#
# [AMB-10]: ../../docs/rules/automobiles_rules_digest.md#auto-amb-10
# [AMB-7]: ../../docs/rules/automobiles_rules_digest.md#auto-amb-7
# [AMB-9]: ../../docs/rules/automobiles_rules_digest.md#auto-amb-9
# [§15]: ../../docs/rules/automobiles_rules_digest.md#auto-s15
# [§16]: ../../docs/rules/automobiles_rules_digest.md#auto-s16
# [§2]: ../../docs/rules/automobiles_rules_digest.md#auto-s2
# [§21]: ../../docs/rules/automobiles_rules_digest.md#auto-s21
# [§24]: ../../docs/rules/automobiles_rules_digest.md#auto-s24
# [§25]: ../../docs/rules/automobiles_rules_digest.md#auto-s25
# [§6]: ../../docs/rules/automobiles_rules_digest.md#auto-s6
# [§7.2]: ../../docs/rules/automobiles_rules_digest.md#auto-s7-2

# %% [markdown]
# ## What is printed, and what is invented
#
# The card **texts** are the digest's translation of the source; which five cards make the first game comes from a
# third party. The **ladder board** every card is tried on is invented: the source prints no board ([§26][]), so this
# one has one colour per lane (lane 1 white … lane 4 black) to let every move fit. The prices and $ values are
# invented too (notebook A1 lists every value with its provenance). Read from the data files:
#
# [§26]: ../../docs/rules/automobiles_rules_digest.md#auto-s26

# %% tags=["presenter-show"]
from IPython.display import HTML, display

from racebook.automobiles.board import load_board
from racebook.automobiles.cards import card_set
from racebook.automobiles.cubes import CODES, COLOUR_NAMES
from racebook.automobiles.lessons.notebook import INVENTED, card_demo, provenance_html, show_assumed, told
from racebook.automobiles.scenario import read, scenario_ids
from racebook.automobiles.ui import RacePlayer
from racebook.ui.backend import left_aligned_html

cards = card_set()
ladder = load_board("ladder")
print(f"The ladder board: {ladder.description} ({ladder.source})")
print(f"The first-game cards: {', '.join(cards.cards[c].name for c in cards.standard.values())} "
      f"({cards.standard_source})")
display(HTML(provenance_html([INVENTED])))

# %% [markdown]
# ## The rule: a card per colour (§2, §6)
#
# A game uses **one card of each action colour** — Garage (yellow), Handling (red), Pit (purple), Engine (blue),
# Performance (green) — chosen before the race ([§4][] item 1), and the **five fixed cards**: the four gears and Wear.
# In the Action phase you play cubes from your Active pile one at a time; each cube does what **its colour's card**
# says, in the printed order ([AMB-7][]). A card that moves places its cube on the track like a gear ([§7.2][]): "up to
# N spaces" may be fewer, even none ([AMB-10][]), and the spaces passed through count for the Decline wear ([AMB-9][]).
#
# The 39 cards, from `racebook/automobiles/data/cards.toml`:
#
# [AMB-10]: ../../docs/rules/automobiles_rules_digest.md#auto-amb-10
# [AMB-7]: ../../docs/rules/automobiles_rules_digest.md#auto-amb-7
# [AMB-9]: ../../docs/rules/automobiles_rules_digest.md#auto-amb-9
# [§4]: ../../docs/rules/automobiles_rules_digest.md#auto-s4
# [§7.2]: ../../docs/rules/automobiles_rules_digest.md#auto-s7-2

# %% tags=["presenter-show"]
rows = [{"card": c.name, "colour": "fixed" if c.fixed else COLOUR_NAMES[c.colour], "§": c.section,
         "text": c.printed} for c in sorted(cards.cards.values(), key=lambda c: (not c.fixed, CODES.index(c.colour)))]
display(HTML(left_aligned_html(rows, ["card", "colour", "§", "text"], "cards")))

# %% [markdown]
# ## Every card, live (§16–§21)
#
# The sandbox at the top tries one card at a time. Here is every card at once: A plays the card's cube and the
# computer player makes the card's choices (move as far as it can, remove wear first, draw, option a). What each card
# did, event by event:

# %%
for card in sorted(cards.cards.values(), key=lambda c: (not c.fixed, CODES.index(c.colour))):
    race = card_demo(card.id)
    print(f"■ {card.name} ({card.section})")
    for line in told(race, 1):
        print("   ", line)

# %% [markdown]
# ## The worked examples (§24)
#
# The digest works 25 examples through by hand. Each one is a scenario file (`racebook/automobiles/scenarios/`):
# a position, the actions, and what the example leaves unsaid under "assumed". The tests `test_auto_ex_NN_…` check
# the engine's numbers against the book's; here you replay them. The card examples run on the ladder board.

# %%
examples = [sid for sid in scenario_ids() if sid.startswith("auto_ex")]
for sid in examples:
    sc = read(sid)
    show_assumed(sc)
    for line in told(sc.race(), 1):
        print("   ", line)
    print()

# %% [markdown]
# Step through any of them on the board (pick one in the list):

# %% tags=["nbval-ignore-output"]
import ipywidgets as widgets

player = RacePlayer("auto_ex05_burnout", position=0)
choice = widgets.Dropdown(options=[(read(s).title, s) for s in examples], value="auto_ex05_burnout",
                          layout=widgets.Layout(width="720px"))
choice.observe(player.errors.guard(lambda change: player.set_scenario(change["new"])), names="value")
widgets.VBox([choice, player.widget])

# %% [markdown]
# ## What to remember
#
# * A colour's card is the **same for every cube of that colour** in this game; change the card and the same cube does
#   something else (that is why the source calls them *action* cubes).
# * Card effects are built from a few steps — gain, pick, draw, move, choose — made one at a time, in the printed
#   order; the engine lists only the choices that are legal now.
# * Most cards cost wear: the cube is strong, but it clogs your bag (notebook A1), unless a Pit card clears it.
#
# **Next →** [A3 — What if?](A3_what_if.ipynb): which purchases win races.
