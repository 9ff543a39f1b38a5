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
# *Race! Formula 90* is a board game of the 1990 Formula 1 season. You learn it here by playing: below is a race of
# three Game Turns on the teaching track. You drive **Blue**; the computer drives **Red**, and three robots drive
# themselves.
#
# **Click a button**: each one is a move the rules allow now, in plain words (hover it for the exact action and its
# rule). The engine is the referee: it plays the other cars until it is your turn again, then tells you what happened,
# one sentence a step. Each sentence has a small rule badge and a *learn more* link to the notebook that teaches that
# step in depth. **new race** deals another race.
#
# Nothing shows? Run the notebook first: *Run ▸ Run All Cells*.

# %%
# NBVAL_IGNORE_OUTPUT

from racebook.rf90.ui.firstrace import GuidedRace

GuidedRace(seed=1)

# %% [markdown]
# ## What you just played
#
# * **The track** is a loop of **sections** (*seções*, [§3][]): **straights** (*Reta*), **braking zones** (*Freio*) and
#   **corners** (*Curva*, each with a duel modifier). Several cars fit in one section, front to back.
# * **A Game Turn** ([§10][]): sections are **activated** one at a time, from the leader's backwards ([§11][]); in a
#   corner the cars may first **duel** ([§12][]). Each car then plays an **individual turn** ([§13][]): A declare (pit
#   stop …), B draw, C play one or two **Race Cards** for their **movement points** (MP), D pay tyres and pass tests,
#   E move, F late braking and trajectories.
# * **Resources**: tyre chips, cards, wear slots and fuel — a car must **pit** by the turn on its refuel chit
#   ([§8][]).
# * **Robots** ([§17][]) have no cards: they move 4, 3 or 2 MP a turn. The winner leads at the end of the last turn.
#
# The notebooks follow the manual's **advanced mode** ([§0][]); its Portuguese terms are in *italics* and in the
# glossary at the end.
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
#
# * **Run them top to bottom** (*Run ▸ Run All Cells*). Every number and sentence is computed by the `racebook`
#   engine; the notebooks only show it.
# * **Citations**: "[§13.D.2][]" is a section of the rules digest, "[Ex. 24][]" a worked example of the manual
#   ([§30][]), "[AMB-6][]" an ambiguity and the reading chosen ([§31][]).
# * **The stepper** under each example: ⏮ first, ◀ back, ▶ next, ⏭ last, or drag the slider.
# * **House rules**: where the book can be read two ways, a switch names the readings. The defaults are the digest's
#   recommendations:
#
# [AMB-6]: ../../docs/rules/rf90_rules_digest.md#amb-6
# [Ex. 24]: ../../docs/rules/rf90_rules_digest.md#ex-24
# [§13.D.2]: ../../docs/rules/rf90_rules_digest.md#s13-d-2
# [§30]: ../../docs/rules/rf90_rules_digest.md#s30
# [§31]: ../../docs/rules/rf90_rules_digest.md#s31

# %% tags=["presenter-show"]
import racebook
from racebook.rf90.options import HOUSE_RULE_DOCS, Rules

for name, value in Rules().to_dict().items():
    print(f"{name} = {value!r}\n    {HOUSE_RULE_DOCS[name]}")

# %% [markdown]
# ## The notebooks
#
# One mechanic per notebook, in learning order: each starts with what it needs and ends with a link to the next.
# The list is computed from the files in this folder when you run the cell.

# %%
# NBVAL_IGNORE_OUTPUT

from pathlib import Path

from IPython.display import Markdown

PLAN = [
    ("00_start_here", "this notebook: a first race, the game in brief, the engine, the glossary", "§0, §1"),
    ("01a_movement", "movement points, what each pass costs", "§13.E"), ("01b_passing", "the book's passes", "§13.E"),
    ("02_check_tests", "the Target Check, Normal and Blind tests, modifiers", "§13.D.2, §16.2, §27"),
    ("03_activation", "section activation and turn order", "§10, §11"),
    ("04_duels", "duels in corner sections; exact odds against a robot", "§12, §24, §17.2"),
    ("05_late_braking", "late braking, off-track routes and re-entry", "§13.F.1, §18"),
    ("06_trajectories", "trajectories, Extreme Trajectories and Track Cards", "§13.D, §19"),
    ("07_fuel_and_pits", "qualifying, fuel and pit stops; a strategy planner", "§7, §8, §13.A.3"),
    ("08_flags_weather_tyres", "flags, weather and wrong tyres", "§15, §16"),
    ("09_robots", "the robots' simplified turn", "§17"),
    ("10_safety_car", "the Safety Car, realignment and restarts", "§21, §22"),
    ("11_strategies_and_skills", "the Strategy Cards and the skills", "§26, §27"),
    ("12_full_race", "a whole race, turn by turn", "§10–§25"),
    ("13_what_if", "what if? change a rule or a card and replay", "§31"),
    ("14_spa_and_extreme_trajectories", "Expansion #1: Spa's Extreme Trajectories, Monaco's braking zones",
     "Expansion #1 §3, §4"),
    ("15_teams_and_robot_teammates", "Expansion #1: teams, robot teammates and their four assistance cards",
     "Expansion #1 §5"),
    ("16_championship", "Expansion #1: the RF90 Championship — seasons, points, countback, title odds",
     "Expansion #1 §6"),
]
present = {p.stem for p in Path.cwd().glob("[0-9][0-9]*_*.ipynb")}
plan = PLAN + [(name, "", "") for name in sorted(present - {p[0] for p in PLAN})]
rows = ["| notebook | what | digest | |", "|---|---|---|---|"]
for name, what, cite in plan:
    status = "you are here" if name == "00_start_here" else "✔" if name in present else "coming"
    rows.append(f"| {f'[{name}]({name}.ipynb)' if name in present else name} | {what} | {cite} | {status} |")
Markdown("\n".join(rows))

# %% [markdown]
# ## The engine in four cells
#
# The race above is a small pure-Python engine; the notebooks only show it. Here it plays the manual's **[Ex. 27][]**:
# Blue, on a +2 trajectory, passes Red on the straight and Green in a braking zone ([§13.E.3][]).
#
# **1. Load a scenario** (a starting position, the cars' panels, stacked draws) and list the **legal actions**: the
# single source of truth, each with its plain label and its one text form ([§13.A][]).
#
# [Ex. 27]: ../../docs/rules/rf90_rules_digest.md#ex-27
# [§13.A]: ../../docs/rules/rf90_rules_digest.md#s13-a
# [§13.E.3]: ../../docs/rules/rf90_rules_digest.md#s13-e-3

# %%
from racebook.rf90.actionlabels import labels

sc = racebook.rf90.scenario.load("ex27", play=False)
race = sc.race
print(sc.title, f"[{sc.cite}]")
for choice in labels(race.legal_actions(), race.state):
    print(f"{choice.label:<40} {choice.text}")

# %% [markdown]
# **2. Apply actions** in their text form. An illegal one is refused with the rule (here Blue has moved, but in
# phase F.2 he may still occupy a trajectory, [§13.F][]). The **events** are typed records, each with a sentence that
# cites its rule.
#
# [§13.F]: ../../docs/rules/rf90_rules_digest.md#s13-f

# %%
race.apply("Blue start")
race.apply("Blue play R14 R18 +traj")
race.apply("Blue pay chips=2")
try:
    race.apply("Blue play R14")
except racebook.IllegalAction as err:
    print("refused:", err)
for event in race.events:
    print(event.sentence())

# %% [markdown]
# **3. Race Position Notation** (RPN): a whole position in one line, like FEN in chess — the header (`turn=`, `lap=`,
# `weather=`), then `| SECTION: cars front to back`; `*` = the Leader token, `@I.t1` = on trajectory I.t1.

# %% tags=["presenter-show"]
print(race.position())

# %% [markdown]
# **4. The stepper** and the track view replay the example event by event (⏮ ◀ ▶ ⏭):

# %%
# NBVAL_IGNORE_OUTPUT

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

print(len(glossary.load()), "terms")
for term in glossary.search("freio"):
    print(term)

# %% [markdown]
# Type in the box to filter the table (try *teste*, *leader*, *pneu*, *robot*):

# %%
# NBVAL_IGNORE_OUTPUT

from racebook.rf90.ui.glossary import GlossaryView

GlossaryView()

# %% [markdown]
# The same controller, driven from code:

# %% tags=["presenter-show"]
view = GlossaryView("teste")
print(view.text())

# %% [markdown]
# **Next →** [01a_movement](01a_movement.ipynb): spend your movement points and price every pass.
