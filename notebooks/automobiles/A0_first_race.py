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
# # A0 — A first race in ten minutes (Automobiles)
#
# **You need:** nothing — this is where Automobiles starts.
#
# **In ten minutes you will have:**
#
# * raced a car of your own, **you**, against one or two computer players on the teaching board;
# * bought cubes for your **bag**, drawn seven, and played **gear cubes** to plan a move, one space of the cube's
#   colour each;
# * seen the cubes you keep turn into **money**, the car drive, and **wear** pile up;
# * read every step of the referee in one plain sentence, with a "learn more" link to the part of A1 or A2 that
#   teaches it.
#
# Click the buttons: each is a legal move (hover for its action text and rule).

# %% [markdown] tags=["presenter-hide"]
# (*Run → Run All Cells* first.)

# %% tags=["presenter-show"]
from IPython.display import HTML

from racebook.automobiles.lessons.notebook import invented_note

HTML(invented_note())

# %% tags=["nbval-ignore-output"]
from racebook.automobiles.ui import GuidedRace

race = GuidedRace(seed=3, opponents=2, rounds=4)
race.widget

# %% [markdown]
# ## What just happened?
#
# * **The buttons** are the engine's legal actions for your car (the buys share a menu: pick, press **go**). Each
#   label says what the action does; the tooltip shows its action text and its rule. The blue box keeps your money.
# * **The coach** marks one button in green and says why in one line under the buttons: it tries each of your
#   choices on a copy of the race, plays on to the last round with the computer driving every car (yours like
#   Greedy), and suggests the one that leaves you best placed and furthest on; the numbers are the engine's. A buy
#   before the race also gets its exact odds of being drawn from your Bag. The copy keeps the seed, so the coach
#   sees the draws to come: a guide to learn from, not a rival you could meet at a table. Press **coach on** to
#   turn it off and decide alone. A move that does nothing now (a pit stop with no wear) comes last and says so.
# * **The debrief** comes when the race stops: where you finished, and the two or three decisions that cost you most,
#   each with what the coach's choice would have given. The numbers are real: each decision where you chose
#   otherwise is replayed on a copy of the race at that moment (the same seed), once your way and once the coach's,
#   the computer then driving your car to the end both times.
# * **The computer players** (Greedy plays its furthest gear and buys the dearest gear it can; Builder buys for the
#   long run) move as soon as it is their turn, so after each click it is your move again.
# * **The sentences** beside the board explain every event since your last click, each with its **rule** link (it
#   opens the digest at that section); "learn more" opens the notebook part that teaches it.
# * **Look back** with |◀ ◀ ▶ ▶| under the board: the referee's own log, each event with its rule. The buttons wait
#   until you press ▶| (last).
#
# Here is a first round played for you (the greedy computer player in your seat, the same seed): your turn, event by
# event, in the same plain sentences.

# %%
from racebook.automobiles.lessons.firstrace import YOU, first_turn, learn_more, plain

example = first_turn(seed=3)
for _who, _action, events in example.history:
    for event in events:
        if getattr(event, "car", "") == YOU:
            lesson = learn_more(event.kind)
            print(plain(event), f"  [{lesson.text}]" if lesson else "")

# %% [markdown]
# And where the cars stand after that round, furthest travelled first (the space ids are the board's labels):

# %% tags=["presenter-show"]
board = example.race.state.board
for place, pid in enumerate(example.standings(), 1):
    p = example.race.state.players[pid]
    print(f"{place}. {'you' if pid == YOU else pid}: on space {board.space_at(p.lane, p.progress).id}")

# %% [markdown]
# And a debrief: the same seed over two rounds, played by a learner who always takes the first button.

# %% tags=["presenter-show"]
from racebook.automobiles.lessons.firstrace import FirstRace

hasty = FirstRace(seed=3, rounds=2)
while not hasty.finished:
    hasty.decide(hasty.labelled_choices()[0].key)
print(hasty.debrief().text())

# %% [markdown]
# **Next → [A1 — Your bag is your engine](A1_your_bag_is_your_engine.ipynb)**: the zones, a buy decision with exact
# odds, one turn phase by phase, wear and drafting, the pit stop and a whole race. Then
# [A2 — The cards](A2_the_cards.ipynb) and [A3 — What if?](A3_what_if.ipynb).
