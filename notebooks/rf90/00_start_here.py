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
# # 00 — Start here: *Race! Formula 90* in notebooks
#
# **Learning objectives** — after this notebook you can:
#
# * say what *Race! Formula 90* is and what a Game Turn of it looks like;
# * use these notebooks: run them top to bottom, step through an example with ⏮ ◀ ▶ ⏭, flip a house rule,
#   follow a rule's citation to the digest;
# * drive the `racebook` engine yourself in six lines: load a scenario, list the legal actions, apply one, read
#   the events, travel back in time, read a position in Race Position Notation;
# * tell what comes from the manual and what was invented for teaching;
# * look up the manual's Portuguese for any term (the glossary, with a search box).
#
# **Digest sections:** [§0][] (conventions and scope), [§1][] (glossary), an overview of [§3][], [§10][], [§11][],
# [§13][] and [§17][]; [§30][] (the worked examples) and [§31][] (ambiguities).
#
# [§0]: ../../docs/rules/rf90_rules_digest.md#s0
# [§1]: ../../docs/rules/rf90_rules_digest.md#s1
# [§10]: ../../docs/rules/rf90_rules_digest.md#s10
# [§11]: ../../docs/rules/rf90_rules_digest.md#s11
# [§13]: ../../docs/rules/rf90_rules_digest.md#s13
# [§17]: ../../docs/rules/rf90_rules_digest.md#s17
# [§3]: ../../docs/rules/rf90_rules_digest.md#s3
# [§30]: ../../docs/rules/rf90_rules_digest.md#s30
# [§31]: ../../docs/rules/rf90_rules_digest.md#s31

# %% [markdown]
# ## What *Race! Formula 90* is
#
# *Race! Formula 90* (2nd edition) is a board game of Formula 1 races of 1990. These notebooks follow its
# **advanced mode** (*Modo Avançado*, [§0][]). The words below are the digest's; the Portuguese of the manual is in
# *italics* (all of them are in the glossary at the end).
#
# * **The track** is a loop of **sections** (*seções*, [§3][]): **straights** (*Reta*, brown border), **braking zones**
#   (*Freio*, grey) and **corners** (*Curva*, yellow, each with a **duel modifier**). Several cars fit in one section,
#   in a front-to-back order. Cars move **section by section**.
# * **The cards.** Each car plays one or two **Race Cards** (*cartas de corrida*, [§5.1][]) a turn. A card gives
#   **movement points** (MP, written [n]) and has a **check factor** (written (nn), 1–99). Red cards are fast but cost
#   tyres or wear, green ones usually ask for a **test**, orange ones draw more cards, yellow ones bring flags and
#   weather.
# * **A Game Turn** (*Turno de Jogo*, [§10][]): sections are **activated** one at a time, from the **leader's** section
#   backwards ([§11][]); in a corner the cars may first **duel** for position ([§12][]). Each car then plays an
#   **individual turn** (*Turno Individual*, [§13][]): A start-of-turn declarations (pit stop …), B draw a card, C play
#   cards, D pay tyres and wear and pass tests, E move, F late braking and trajectories.
# * **Resources**: tyre chips, cards in hand, wear slots and fuel — a car must **pit** by the turn on its refuel chit
#   ([§8][]). Wear fills slots; no free slot means retirement ([§18.6][]).
# * **Players and robots.** Human **players** (*jogadores*) run a **Car Panel** (*Painel do Carro*) with cards, tyres
#   and a **Target Check**. **Robots** (*robôs*, [§17][]) — SuperFast (black), Fast (yellow), Slow (purple) — move with
#   a base of 4, 3 or 2 MP a turn, have no panel and test against 70. The winner is the race leader at the end of the
#   last turn ([§10][]).
#
# ## How to use these notebooks
#
# * **Run them top to bottom**: *Run ▸ Run All Cells* (or Shift+Enter cell by cell). Every number and every
#   sentence you see is computed by the `racebook` engine; the notebooks only show it.
# * **Every rule cites the digest**: "[§13.D.2][]" is a section of the English digest of the Portuguese manual,
#   "[Ex. 24][]" a worked example of the manual ([§30][]), "[AMB-6][]" an ambiguity and the reading chosen ([§31][]).
# * **The stepper** under each example: ⏮ first, ◀ back, ▶ next, ⏭ last, or drag the slider. It shows the current
#   event's sentence with its rule, the position on the track view and the log so far (the current line in yellow).
# * **House rules**: where the book can be read two ways, a switch (`racebook.rf90.options.Rules`) names the readings.
#   The defaults are the digest's recommendations:
#
# [AMB-6]: ../../docs/rules/rf90_rules_digest.md#amb-6
# [Ex. 24]: ../../docs/rules/rf90_rules_digest.md#ex-24
# [§0]: ../../docs/rules/rf90_rules_digest.md#s0
# [§10]: ../../docs/rules/rf90_rules_digest.md#s10
# [§11]: ../../docs/rules/rf90_rules_digest.md#s11
# [§12]: ../../docs/rules/rf90_rules_digest.md#s12
# [§13]: ../../docs/rules/rf90_rules_digest.md#s13
# [§13.D.2]: ../../docs/rules/rf90_rules_digest.md#s13-d-2
# [§17]: ../../docs/rules/rf90_rules_digest.md#s17
# [§18.6]: ../../docs/rules/rf90_rules_digest.md#s18-6
# [§3]: ../../docs/rules/rf90_rules_digest.md#s3
# [§30]: ../../docs/rules/rf90_rules_digest.md#s30
# [§31]: ../../docs/rules/rf90_rules_digest.md#s31
# [§5.1]: ../../docs/rules/rf90_rules_digest.md#s5-1
# [§8]: ../../docs/rules/rf90_rules_digest.md#s8

# %% tags=["presenter-show"]
import racebook
from racebook.rf90.options import HOUSE_RULE_DOCS, Rules

for name, value in Rules().to_dict().items():
    print(f"{name} = {value!r}\n    {HOUSE_RULE_DOCS[name]}")

# %% [markdown]
# A scenario sets them in its `[rules]` table; for example `racebook.rf90.scenario.build({..., "rules":
# {"last_turn_easy_passing": False}})` replays a race with the other reading.
#
# ## The notebooks
#
# One mechanic per notebook, in the order a new player meets them. The list is computed from the files in this
# folder when you run the cell, so "coming" means the notebook is not written yet.

# %%
# NBVAL_IGNORE_OUTPUT

from pathlib import Path

from IPython.display import Markdown

PLAN = [
    ("00_start_here", "this notebook: the game, the engine in six cells, the glossary", "§0, §1"),
    ("01_activation", "section activation and turn order", "§10, §11"),
    ("02_duels", "duels in corner sections; exact odds against a robot", "§12, §24, §17.2"),
    ("03_late_braking", "late braking, off-track routes and re-entry", "§13.F.1, §18"),
    ("04_fuel_and_pits", "qualifying, fuel and pit stops; a strategy planner", "§7, §8, §13.A.3"),
    ("05_check_tests", "the Target Check, Normal and Blind tests, modifiers", "§13.D.2, §16.2, §27"),
    ("06_movement_and_passing", "movement points, overtaking, lapping and unlapping", "§13.E"),
    ("07_trajectories", "trajectories, Extreme Trajectories and Track Cards", "§13.D, §19"),
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
present = {p.stem for p in Path.cwd().glob("[0-9][0-9]_*.ipynb")}
plan = PLAN + [(name, "", "") for name in sorted(present - {p[0] for p in PLAN})]
rows = ["| notebook | what | digest | |", "|---|---|---|---|"]
for name, what, cite in plan:
    status = "you are here" if name == "00_start_here" else "✔" if name in present else "coming"
    rows.append(f"| {f'[{name}]({name}.ipynb)' if name in present else name} | {what} | {cite} | {status} |")
Markdown("\n".join(rows))

# %% [markdown]
# ## The engine in six cells
#
# The notebooks are thin; the rules live in a small pure-Python engine. Here it plays the manual's **[Ex. 27][]**
# ([§30][]): Blue, on a +2 trajectory in I, passes Red on the straight and Green in a braking zone with the BANGING
# WHEELS strategy ([§13.E.3][], [§26.2][]).
#
# **1. Load a scenario** — a small data file: a starting position, the cars' panels, stacked draws, actions.
# `play=False` stops before its actions.
#
# [Ex. 27]: ../../docs/rules/rf90_rules_digest.md#ex-27
# [§13.E.3]: ../../docs/rules/rf90_rules_digest.md#s13-e-3
# [§26.2]: ../../docs/rules/rf90_rules_digest.md#s26-2
# [§30]: ../../docs/rules/rf90_rules_digest.md#s30

# %%
sc = racebook.rf90.scenario.load("ex27", play=False)
race = sc.race
print(sc.title, f"[{sc.cite}]")
print("start:", race.position())
print("the scenario's actions:", list(sc.actions))

# %% [markdown]
# **2. `legal_actions()`** — the single source of truth: everything the player to move may do now ([§13.A][]).
#
# [§13.A]: ../../docs/rules/rf90_rules_digest.md#s13-a

# %%
for action in race.legal_actions():
    print(action)

# %% [markdown]
# **3. `apply`** — actions in their one text form. An illegal one is refused with the rule and what would be legal
# (here Blue has moved, but his turn is not over: in phase F.2 he may still occupy a trajectory, [§13.F][]).
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

# %% [markdown]
# **4. Events** — typed records, each with a sentence that cites its rule.

# %%
for event in race.events:
    print(f"{event.kind:<17} {event.sentence()}")

# %% [markdown]
# **5. Time travel** — `race.at(n)` replays the first *n* actions into a new race (the chance is seeded, so the
# replay is exact). Here: back before the payment, where Blue could also pay with a card.

# %%
before_pay = race.at(2)
print(before_pay.position())
print([str(a) for a in before_pay.legal_actions()])
print("the original race is unchanged:", race.position())

# %% [markdown]
# **6. Race Position Notation** (RPN) — a whole position in one line, like FEN in chess: the track and header
# (`turn=`, `lap=`, `weather=` space), then `| SECTION: cars front to back`. `*` = the Leader token, `-1` = a lap
# down, `@I.t1` = on trajectory I.t1, `{played}` = has played this Game Turn. It parses back:

# %% tags=["presenter-show"]
from racebook.rf90 import notation

rpn = race.position()
print(rpn)
position = notation.parse(rpn)
print("turn", position.turn, "· lap", position.lap, "· weather space", position.weather)
for section, tokens in position.sections:
    print(f"  {section}:", *tokens)

# %% [markdown]
# The same race with the stepper and the track view (⏮ ◀ ▶ ⏭):

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
# ## Where next
#
# Open **01_activation** to see who plays when, then follow the map above. Every notebook has the same shape:
# learning objectives, the rule in plain English with its citations, the manual's examples with the stepper, and an
# interactive panel to try your own positions.
