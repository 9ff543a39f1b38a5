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
# # 00 — Start here: your first race
#
# **You need:** nothing — start here.
#
# *Race! Formula 90* is a board game of the 1990 Formula 1 season. Below you drive **Blue** for three Game Turns:
# **click a button** (or pick from a menu and press *go*), each one a move the rules allow now, and the engine plays
# the other cars and tells you what happened.

# %% [markdown] tags=["presenter-hide"]
# (Nothing shows? *Run ▸ Run All Cells*.)

# %% tags=["nbval-ignore-output"]
from racebook.rf90.ui.firstrace import GuidedRace

GuidedRace(seed=1)

# %% [markdown]
# ## What you just played
#
# The blue box keeps your hand, your test target and your tyre chips in view. Hover a button for its action and rule,
# an underlined word for its meaning; a story line's **rule** opens the digest at that section, *learn more* the
# notebook that teaches it; **new race** deals another. The computer drives Red; the robots drive themselves.
#
# **The coach** marks one choice in green and says why in one line under the buttons: it tries each choice on a copy
# of the race, plays on to the last Game Turn with the computer driving every car (Blue too), and suggests the one
# that leaves you best placed; before a late braking it also gives the exact chance of passing the blind test. The
# copy keeps the seed, so the coach sees the cards to come: a guide to learn from, not a rival. Press **coach on** to
# turn it off. A move that does nothing now (skipping the turn without changing strategy) comes last and says so.
#
# **The debrief** comes when the race ends: where you finished, and the two or three decisions that cost you most,
# each with what the coach's choice would have given. The numbers are real: each decision where you chose otherwise
# is replayed on a copy of the race at that moment (the same seed), once your way and once the coach's, the computer
# then driving Blue to the end both times.
#
# * **The track** is a loop of **sections** (*seções*): **straights** (*Reta*), **braking zones** (*Freio*) and
#   **corners** (*Curva*, each with a duel modifier); several cars fit in one section, front to back ([§3][]).
# * **A Game Turn** activates the sections one at a time, from the leader's backwards; in a corner the cars may first
#   **duel**. Each car then plays an **individual turn**: A declare (pit stop …), B draw, C play one or two **Race
#   Cards** for their **movement points** (MP), D pay tyres and pass tests, E move, F late braking and trajectories
#   ([§13][]).
# * **Resources**: tyre chips, cards, wear slots and fuel — a car must **pit** by the turn on its refuel chit
#   ([§8][]).
# * **Robots** have no cards: they move 4, 3 or 2 MP a turn ([§17][]). The winner leads at the end of the last turn.
#
# The notebooks follow the manual's **advanced mode**; its Portuguese terms are in *italics* and in the glossary at
# the end.
#
# <details><summary>Book references</summary>
#
# **Digest sections:** [§0][] (advanced mode), [§3][] (the track), [§8][] (fuel and pits), [§10][] (the Game Turn),
# [§11][] (activation), [§12][] (duels), [§13][] (the individual turn), [§17][] (robots).
#
# </details>
#
# [§0]: ../../docs/rules/rf90_rules_digest.md#s0
# [§10]: ../../docs/rules/rf90_rules_digest.md#s10
# [§11]: ../../docs/rules/rf90_rules_digest.md#s11
# [§12]: ../../docs/rules/rf90_rules_digest.md#s12
# [§13]: ../../docs/rules/rf90_rules_digest.md#s13
# [§17]: ../../docs/rules/rf90_rules_digest.md#s17
# [§3]: ../../docs/rules/rf90_rules_digest.md#s3
# [§8]: ../../docs/rules/rf90_rules_digest.md#s8

# %% [markdown]
# ## How to use these notebooks

# %% [markdown] tags=["presenter-hide"]
# **Run them top to bottom** (*Run ▸ Run All Cells*).

# %% [markdown]
# * **Every number and sentence** is computed by the `racebook` engine; the notebooks only show it.
# * **Citations**: "[§13.D.2][]" is a section of the rules digest, "[Ex. 24][]" a worked example of the manual,
#   "[AMB-6][]" an ambiguity and the reading chosen ([§31][]).
# * **The stepper** under each example: |◀ first, ◀ back, ▶ next, ▶| last, or drag the slider.
# * **House rules**: where the book can be read two ways, a switch names the readings. The defaults are the digest's
#   recommendations:
#
# [AMB-6]: ../../docs/rules/rf90_rules_digest.md#amb-6
# [Ex. 24]: ../../docs/rules/rf90_rules_digest.md#ex-24
# [§13.D.2]: ../../docs/rules/rf90_rules_digest.md#s13-d-2
# [§31]: ../../docs/rules/rf90_rules_digest.md#s31

# %% tags=["presenter-show"]
from IPython.display import Markdown

import racebook
from racebook.rf90.lessons.tour import choices_table, house_rules_table, notebooks_table

Markdown(house_rules_table())

# %% [markdown]
# ## The notebooks
#
# One mechanic per notebook (a long topic in parts, *a* then *b*), in learning order: each starts with what it needs
# and ends with a link to the next. The table is read from the notebook files in this folder when you run the cell.

# %% tags=["nbval-ignore-output"]
Markdown(notebooks_table())

# %% [markdown]
# ## The engine in four cells
#
# The race above is a small pure-Python engine; the notebooks only show it. Here it plays the manual's **[Ex. 27][]**:
# Blue, on a +2 trajectory, passes Red on the straight and Green in a braking zone ([§13.E.3][]).
#
# **1. Load a scenario** (a starting position, the cars' panels, stacked draws) and list the **legal actions**: the
# single source of truth, each with its plain label and its rule ([§13.A][]).
#
# [Ex. 27]: ../../docs/rules/rf90_rules_digest.md#ex-27
# [§13.A]: ../../docs/rules/rf90_rules_digest.md#s13-a
# [§13.E.3]: ../../docs/rules/rf90_rules_digest.md#s13-e-3

# %%
sc = racebook.rf90.scenario.load("ex27", play=False)
race = sc.race
Markdown(f"**{sc.title}** ({sc.cite}): Blue's legal actions now\n\n{choices_table(race)}")

# %% [markdown]
# **2. Apply actions** in their one text form (the notation of the saves and the command line).
# An illegal one is refused with the rule (here Blue has moved, but in phase F.2 he may still occupy a trajectory,
# [§13.F][]). The **events** are typed records, each with a sentence that cites its rule.
#
# [§13.F]: ../../docs/rules/rf90_rules_digest.md#s13-f

# %%
from racebook.rf90.actionlabels import labels

race.apply("Blue start")
race.apply("Blue play R14 R18 +traj")
race.apply("Blue pay chips=2")
try:
    race.apply("Blue play R14")
except racebook.IllegalAction as err:
    allowed = ", ".join(c.label for c in labels(list(err.legal), race.state))
    print(f"Refused ({err.rule}): {err.reason}. Allowed now: {allowed}.")
for event in race.events:
    print(event.sentence())

# %% [markdown]
# **3. Race Position Notation** (RPN): a whole position in one line, like FEN in chess — the header (`turn=`, `lap=`,
# `weather=`), then `| SECTION: cars front to back`; `*` = the Leader token, `@I.t1` = on trajectory I.t1.

# %% tags=["presenter-show"]
Markdown(f"The position after Blue's move, in RPN: `{race.position()}`")

# %% [markdown]
# **4. The stepper** and the track view replay the example event by event (|◀ ◀ ▶ ▶|):

# %% tags=["nbval-ignore-output"]
from racebook.rf90.ui import ScenarioPlayer

ScenarioPlayer(racebook.load_scenario("ex27"))

# %% [markdown]
# ## What comes from the manual, and what is invented
#
# The manual's text has no board art and no card lists ([§0.1][], [§32][]). The engine keeps **every value the manual
# states** and marks everything else `invented-for-teaching`:
#
# * **Tracks** (`tracks/*.toml`): `teaching` is a 12-section lettered track (A at the front … as in the manual's
#   figures); `silverstone` and `monza` carry the few values the examples give (below), the rest is invented.
# * **The Race deck** (`racebook/rf90/data/race_deck.toml`): 99 cards, one per check factor, so "(42)" names one card;
#   the
#   cards the examples quote carry the quoted values.
# * **The robot refuel chits** and **the damage bag** (every token in the box: 24 red, 6 brown).
# * Rules the source does not contain — the 10th strategy, SIXTH SENSE's flags, the variants V1–V9 — raise
#   `RuleUnavailable` instead of being guessed.
# * Where a book example's figure omits a detail, its scenario's `assumed` list says what was chosen.
#
# [§0.1]: ../../docs/rules/rf90_rules_digest.md#s0-1
# [§32]: ../../docs/rules/rf90_rules_digest.md#s32

# %% tags=["presenter-show"]
from racebook.rf90.car import Skill
from racebook.rf90.cards import default_race_deck

for name in ("silverstone", "monza"):
    sources = racebook.load_track(name).sources
    print(f"{name} — from the manual:")
    for line in sorted({v for k, v in sources.items() if v.startswith("manual") and k.count(".") == 1}):
        print("   ", line.removeprefix("manual: "))
print("Race deck:", default_race_deck().source)
try:
    Skill.parse("sixth sense")
except racebook.RuleUnavailable as err:
    print("RuleUnavailable:", err)

# %% [markdown]
# ## Glossary English ⇄ Portuguese (§1)
#
# The manual is Portuguese; the notebooks write the digest's English term with the Portuguese beside it. The whole
# [§1][] table ships with the package (`racebook/rf90/data/glossary.toml`) and `racebook.rf90.glossary.search` finds a
# term in
# either language — every word must match; case and accents are ignored ("secao" finds "seção"):
#
# [§1]: ../../docs/rules/rf90_rules_digest.md#s1

# %% tags=["presenter-show"]
from racebook.rf90 import glossary

print(f"The glossary has {len(glossary.load())} terms; searching “freio” finds:")
for term in glossary.search("freio"):
    print(term)

# %% [markdown]
# Type in the box to filter the table (try *teste*, *leader*, *pneu*, *robot*):

# %% tags=["nbval-ignore-output"]
from racebook.rf90.ui.glossary import GlossaryView

GlossaryView()

# %% [markdown]
# The same controller, driven from code:

# %% tags=["presenter-show"]
view = GlossaryView("teste")
print(view.text())

# %% [markdown]
# **Next →** [01a_movement](01a_movement.ipynb): spend your movement points and price every pass.
