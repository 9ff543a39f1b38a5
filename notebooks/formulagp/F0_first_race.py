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
# # F0 — A first race in ten minutes (FormulaGP)
#
# **You need:** nothing — this is where FormulaGP starts ([A3](../automobiles/A3_what_if.ipynb) is optional).
#
# **In ten minutes you will have:**
#
# * driven **Blue** from the back of the grid for four rounds against two computer players and two Rookie BOTs;
# * played **movement cards** (the colour is your pace, the tile's gear your speed) and driven space by space;
# * sealed your **start cards** face down, and seen a battle's cards stay hidden until both sides have laid them;
# * read every step in one plain sentence, with its rule and the notebook (F1–F3) that teaches it.
#
# The player board's numbers, the card faces, the dice faces and the circuit are **invented for teaching**: the
# rulebook prints none of them.
#
# Click: each button or menu is a legal move (hover for its action text and rule).

# %% [markdown] tags=["presenter-hide"]
# (*Run → Run All Cells* first.)

# %% tags=["nbval-ignore-output"]
from racebook.formulagp.ui import GuidedRace

race = GuidedRace(seed=3, rounds=4)
race.widget

# %% [markdown]
# ## What just happened?
#
# * **The buttons and menus** are the engine's legal moves for Blue, and nothing else. Moves of one kind share a
#   menu (which card to play, which cards to seal): pick one, press **go**. *Keep your hand as it is* comes last: it
#   does nothing now.
# * **The coach** marks one move in green and says why under the choices. It tries each move on a copy of the race
#   (the same seed), plays on to the end of the round with the computer driving every car (yours like the greedy
#   player), and suggests the one that leaves you best placed and farthest on. It never looks at the others'
#   hidden cards: on the copy their hands are dealt again from the cards you cannot see. A battle's cards are
#   suggested by their exact odds against the cards the other driver may hold. Press **coach on** to decide alone.
# * **The debrief** comes when the race ends: where you finished, and the two or three decisions that cost you most,
#   each with what the coach's choice would have given. The numbers are real: each decision where you chose
#   otherwise is replayed on a copy of the race at that moment (the same seed), once your way and once the coach's,
#   the computer then driving Blue to the end both times.
# * **Red and Green** are computer players (they play the card that moves them farthest); **Orange and Purple** are
#   Rookie BOTs, run by the rules of the BOT chapter (a die, a Control card, a TACTICS card).
# * **The sentences** tell every step since your last click: the rule badge opens the rules at that section, "learn
#   more" the notebook that teaches it. Another car's cards are told by number only (a hand is its owner's).
# * **The picture** frames the tiles of the current step; **whole circuit** shows the whole track. The blue box beside
#   it keeps your hand, your ERS, your tyre wear and your overtake points (OT) in view; hover an underlined code (R9,
#   S22.1.1) for its meaning.
#
# Here is your first round played by the coach (the same seed): each decision and its reason, computed by the engine.

# %%
from racebook.formulagp.lessons.firstrace import FirstRace

example = FirstRace(seed=3, rounds=1)
while not example.finished:
    choice = next(c for c in example.labelled_choices() if c.suggested)
    if len(example.labelled_choices()) > 1:
        print(f"{choice.label}\n    because: {choice.reason}")
    example.decide(choice.key)
print(example.status())

# %% [markdown]
# And a debrief: seed 4 over two rounds, played by a learner who always takes the first choice.

# %%
hasty = FirstRace(seed=4, rounds=2)
while not hasty.finished:
    hasty.decide(hasty.labelled_choices()[0].key)
print(hasty.debrief().text())

# %% [markdown]
# ## What is printed, and what is invented
#
# FormulaGP's rulebook describes the procedures but prints almost no component values. This notebook's race uses:
#
# * **stated by the rulebook:** the deck's make-up (45 ACTION cards: 12 GREEN, 10 RED, 4 BLUE, 4 ORANGE, 8 Tyre Wear,
#   6 Option, 1 Draw Failure), the hand of 4 + the ERS LEDs, GREEN in 6th gear = 2 MP and the Soft tyres' +3;
# * ***invented for teaching:*** the rest of the player board (the speeds of the other gears and paces, the ERS and
#   tyre-wear tracks), the LEDs and icons printed on each card, the dice faces, the Rookie BOT cards and the
#   race circuit (its tiles, gears, corners and pit lane: a short loop whose lap takes about 4 rounds).
#
# [docs/formulagp.md](../../docs/formulagp.md) lists each value with where it comes from.
#
# <details><summary>Book references</summary>
#
# **Digest sections:** [§9.4][] (the start), [§10][] (the round: the draw, the driver order, a driver's turn),
# [§11][] (movement), [§13][] (overtaking and battles), [§19.2][] (hazards), [§22][] (the Rookie BOTs).
#
# **In the engine:** `racebook/formulagp/lessons/firstrace.py` (the race and its words),
# `racebook/formulagp/analysis/coach.py` (the coach), `racebook/formulagp/ui/firstrace.py` (the widget, on the
# shared `racebook/ui/guidedrace.py`). The notebook only shows them.
#
# </details>
#
# [§10]: ../../docs/rules/formulagp_rules_digest.md#gp-s10
# [§11]: ../../docs/rules/formulagp_rules_digest.md#gp-s11
# [§13]: ../../docs/rules/formulagp_rules_digest.md#gp-s13
# [§19.2]: ../../docs/rules/formulagp_rules_digest.md#gp-s19-2
# [§22]: ../../docs/rules/formulagp_rules_digest.md#gp-s22
# [§9.4]: ../../docs/rules/formulagp_rules_digest.md#gp-s9-4

# %% [markdown]
# **Next → [F1 — Cards, gears and movement](F1_cards_gears_and_movement.ipynb)**: how far a card takes your car, term
# by term, reduce or extend, lane changes and who moves first.
