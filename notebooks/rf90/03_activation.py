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
# # 03 — Section activation: who plays when
#
# **You need:** [00_start_here](00_start_here.ipynb), [01a_movement](01a_movement.ipynb),
# [01b_passing](01b_passing.ipynb).
#
# The leader, Blue, is in E. Press ▶ to play the manual's [Ex. 11][] one step at a time: the magenta halo shows the
# section playing now, and the sentence under the track says why it is that one.
#
# [Ex. 11]: ../../docs/rules/rf90_rules_digest.md#ex-11

# %% tags=["nbval-ignore-output"]
import racebook
from racebook.rf90.ui import ScenarioPlayer

ScenarioPlayer(racebook.load_scenario("ex11").race)  # ◀ ▶ — the magenta halo is the active (sub)section

# %% [markdown]
# **After this notebook you can** find the **Front Activation Section** (FAS, *Seção Frontal de Ativação*) from the
# **Leader token** (*token do Líder*) and sweep backwards from it; say why only the leader plays on the first
# activation of his section; move the FAS at once when the leader is passed, pits or goes off track; split the
# leader's section into **subsections** (*subseções*); and predict a whole Game Turn's order. Every order below is
# played by the `racebook` engine; the notebook only shows it.
#
# <details><summary>Book references</summary>
#
# **Digest sections:** [§10][] (Game Turn sequence), [§11.1][]–[§11.3][] (section activation, the three FAS cases),
# [§13.A.3][] (the leader pits), [§18.4][] (the leader goes off track); **examples** [Ex. 11][], 12, 13, 14 and the
# activation part of [Ex. 42][] ([§30][]); **readings** [AMB-18][] and [§31][] item 36.
#
# </details>
#
# [AMB-18]: ../../docs/rules/rf90_rules_digest.md#amb-18
# [Ex. 11]: ../../docs/rules/rf90_rules_digest.md#ex-11
# [Ex. 42]: ../../docs/rules/rf90_rules_digest.md#ex-42
# [§10]: ../../docs/rules/rf90_rules_digest.md#s10
# [§11.1]: ../../docs/rules/rf90_rules_digest.md#s11-1
# [§11.3]: ../../docs/rules/rf90_rules_digest.md#s11-3
# [§13.A.3]: ../../docs/rules/rf90_rules_digest.md#s13-a-3
# [§18.4]: ../../docs/rules/rf90_rules_digest.md#s18-4
# [§30]: ../../docs/rules/rf90_rules_digest.md#s30
# [§31]: ../../docs/rules/rf90_rules_digest.md#s31

# %% [markdown]
# ## The rule in plain English
#
# A **Game Turn** (*Turno de Jogo*) is one round in which every car takes one **individual turn** (*Turno
# Individual*, phases A–F). Who plays when is decided section by section ([§11.3][]):
#
# 1. **Find the leader.** The car holding the Leader token leads, and the token marks the **FAS**: the front of the
#    activation sequence.
# 2. **Sweep backwards.** Activate the FAS, then the first section *behind* it with cars that have not played yet,
#    and so on around the loop; empty sections are skipped. In a section the cars play one at a time, **front to
#    back** (a corner runs its duel first: [notebook 04](04_duels.ipynb)).
# 3. **Only the leader plays first** ([§11.2][] case 1). The first activation of the leader's section lets **only the
#    leader** play; the others wait until the sweep comes back to it. A section may be activated several times in a
#    Game Turn, but each car plays once.
# 4. **The FAS moves at once** (case 2). When the Leader token changes section — the leader moves on, is passed, or
#    **pits** and drops behind another car — the sweep restarts from the token's new section.
# 5. **Subsections** (case 3). Cars **ahead of** the leader in his own section (backmarkers not yet lapped) form
#    **subsection 1**, at the very back of the sweep: they play **last**. The leader and the cars behind him are
#    subsection 2, the FAS. The engine labels them `C1` and `C2`.
# 6. **Leader off track** ([§18.4][]). The token goes to the frontmost car in the section where he lost control (by the
#    default house rule `leader_token_same_lap`, the frontmost car **on his lap**: [notebook
#    05a](05a_late_braking.ipynb) shows both readings). With none there, he **keeps** it and the FAS stays in that
#    section until a car gets ahead of it.
#
# Apart from that switch the engine follows [§11.3][] as written, with two readings: the Leader checks the examples do
# not mention are still made ([AMB-18][]), and a corner that is the leader's section duels within his subsection.
#
# [AMB-18]: ../../docs/rules/rf90_rules_digest.md#amb-18
# [§11.2]: ../../docs/rules/rf90_rules_digest.md#s11-2
# [§11.3]: ../../docs/rules/rf90_rules_digest.md#s11-3
# [§18.4]: ../../docs/rules/rf90_rules_digest.md#s18-4

# %% [markdown]
# ### The sweep, section by section
#
# On the teaching track the race runs I → H → G → … → A (then L, K, J across the finish line): **A is the front**.
# From [Ex. 11][]'s leader in E the sweep goes backwards — E, F, G, … and, last, D just ahead of him. `sweep(state)` is
# the engine's list, and `preview(state)` the order if nobody moved (group, cars, rule):
#
# [Ex. 11]: ../../docs/rules/rf90_rules_digest.md#ex-11

# %% tags=["presenter-show"]
from racebook.rf90.lessons.notebook import show_assumed
from racebook.rf90.lessons.positions import in_words
from racebook.rf90.rules.activation import preview, sweep
from racebook.rf90.ui.quiz import ActivationQuiz, book_check

start11 = racebook.rf90.scenario.load("ex11", play=False).race
print(in_words(start11.state))
print("sweep from the FAS:", " → ".join(str(a) for a in sweep(start11.state)))
print()
for label, cars, rule in preview(start11.state):
    print(f"{label:>3}: {', '.join(cars):<14} {rule}")

# %% [markdown]
# Purple, just ahead of the leader in D, would come **last**. The examples show how moves change that.
#
# ## Ex. 11 — the basic activation order
#
# *Book (Ativar Seção, p.9):* the leader Blue is in **E**, Purple in **D**, Orange and Green in **G**, Yellow in
# **I**. E is activated first and Blue plays: he **laps Purple** and ends in **A**. The FAS is now A, so the sweep
# restarts there: the first section behind it with a car still to play is **D** (Purple), then **G** (Orange, who
# also laps Purple, then Green), and finally **I** (Yellow). This is the stepper at the top.
#
# Below: each activation the engine played (the cars that began a turn there, the reason and the rule) beside the
# book's order; the `assumed` lines are what the book's figure does not show.

# %%
ex11 = racebook.load_scenario("ex11")
show_assumed(ex11, blank_line=True)
print(book_check(ex11.race, ["E: Blue", "D: Purple", "G: Orange Green", "I: Yellow"]))

# %% [markdown]
# Purple plays **second**, not last as in the preview: Blue moved the FAS from E to A ([§11.2][] case 2), and from A
# the first car met going backwards is Purple in D.
#
# ## Ex. 12 — other cars in the leader's section wait
#
# *Book (FAS, p.10):* as [Ex. 11][], but Orange and Green are **in E with the leader**, behind him. E is activated:
# **only Blue plays** ([§11.2][] case 1) and he laps Purple. The FAS is now A; backwards from A the first car still to
# play is Purple in **D**. The sweep reaches **E** again: Orange (who also passes Purple) and Green play. Finally
# **I**: the Black car.
#
# [Ex. 11]: ../../docs/rules/rf90_rules_digest.md#ex-11
# [§11.2]: ../../docs/rules/rf90_rules_digest.md#s11-2

# %%
ex12 = racebook.load_scenario("ex12")
show_assumed(ex12, blank_line=True)
print(book_check(ex12.race, ["E: Blue", "D: Purple", "E: Orange Green", "I: Black"]))

# %% tags=["nbval-ignore-output"]
ScenarioPlayer(ex12)  # ◀ ▶ — the magenta halo is the active (sub)section

# %% [markdown]
# ## Ex. 13 — the leader pits at the start of the turn
#
# *Book (FAS, p.10):* the Leader token is in **C** (Blue). C is activated and Blue **declares a pit stop**: he goes
# back 8 sections, and the token passes **at once** to Orange ([§13.A.3][]). **D**, Orange's section, is the new FAS:
# Orange moves and **laps Purple**. Then, backwards from the token: **B**, **E**, **G**.
#
# The book stops there. A car that pits plays the rest of its turn (phases B–F) when its *new* section is
# activated: Blue, now in K, plays last — the engine's extra line "(not in the book)".
#
# [§13.A.3]: ../../docs/rules/rf90_rules_digest.md#s13-a-3

# %%
ex13 = racebook.load_scenario("ex13")
show_assumed(ex13, blank_line=True)
print(book_check(ex13.race, ["C: Blue", "D: Orange", "B", "E", "G", None]))

# %% tags=["nbval-ignore-output"]
ScenarioPlayer(ex13)  # ◀ ▶ — the magenta halo is the active (sub)section

# %% [markdown]
# ## Ex. 14 — subsections: cars ahead of the leader in his section
#
# *Book (FAS, p.10):* the Leader token is in **C** (Blue), and **Purple is ahead of Blue in C**: C splits into
# **C1** (Purple) and **C2** (Blue and the cars behind him). **C2** is activated: Blue only — and Blue pits. The
# token goes to **Orange**, and **D** is the new FAS. Orange laps Purple and Yellow but not Red, and ends in **B**
# with Red ahead of him: now B splits, and Red is in **B1**. Next come **B2** (Yellow, not yet played), then **C**
# and **G**; the pitted Blue finishes his turn in K ([§13.A.3][]); Red, in B1 ahead of the leader, plays **last**.
#
# [§13.A.3]: ../../docs/rules/rf90_rules_digest.md#s13-a-3

# %%
ex14 = racebook.load_scenario("ex14")
show_assumed(ex14, blank_line=True)
print(book_check(ex14.race, ["C2: Blue", "D: Orange", "B2: Yellow", "C", "G", None, "B1: Red"]))

# %% tags=["nbval-ignore-output"]
ScenarioPlayer(ex14)  # ◀ ▶ — the magenta halo is the active (sub)section

# %% [markdown]
# ## Subsections in a duel corner — Ex. 42 (first part)
#
# *Book (Mais Sobre Duelos, p.28):* Red, the leader, is in a straight; ahead of him, in the corner **Curve 1** (G on
# the teaching track), a Slow robot (Purple), Orange and a Fast robot (Yellow) — all a lap behind. Red moves into
# Curve 1 and **laps Purple and Orange**. Now Yellow is *ahead* of the Leader token in G: the FAS is subsection
# **G2** (Red, Orange, Purple), and Yellow is in **G1**, at the back of the sweep. Only the activation matters
# here (the duel is [notebook 04](04_duels.ipynb)): the position after Red's move, and what the engine would
# activate next if nobody moved:

# %% tags=["presenter-show"]
ex42 = racebook.load_scenario("ex42")
show_assumed(ex42, blank_line=True)
after_red = ex42.race.at(6)  # the first 6 actions: Red's individual turn
print("after Red's turn:", in_words(after_red.state))
for label, cars, rule in preview(after_red.state):
    print(f"{label:>3}: {', '.join(cars):<16} {rule}")

# %% [markdown]
# In G2 Purple challenges Orange and Red joins; **Orange wins and passes Red**. Now *ahead of* the Leader token,
# Orange plays when **G1** is activated, with Yellow — and there he gets a new duel chance, because G1 is a
# different subsection ([§12.3][]). Yellow, a robot ahead of the leader, refuses and goes behind the challenger: Orange
# plays first in G1. The engine's log ("announced" cars of G2 include Orange; the cars that really played there do
# not; the scenario stops at Orange's turn in G1):
#
# [§12.3]: ../../docs/rules/rf90_rules_digest.md#s12-3

# %% tags=["presenter-show"]
print(book_check(ex42.race, ["H: Red", "G2", "G1"]))

# %% tags=["nbval-ignore-output"]
ScenarioPlayer(ex42)

# %% [markdown]
# ## The leader goes off track (§18.4) — an engine demo, not a book example
#
# The book has no worked example of this case, so here is a small invented position on the teaching track: Blue
# leads in F, Orange is in H and Green in I. Blue late-brakes into the braking zone E and fails: he follows E's
# off-track route to the re-entry point beside D. Nobody is in E, so **Blue keeps the Leader token and the FAS stays
# in E** ([§18.4][]). The sweep goes on from E: Orange in H plays, reaches D — ahead of E — and takes the token. Then
# the sweep restarts from D and finds Green in I.
#
# [§18.4]: ../../docs/rules/rf90_rules_digest.md#s18-4

# %%
off = racebook.rf90.scenario.build({
    "scenario": {"id": "leader_off_track", "track": "teaching", "seed": 184,
                 "position": "teaching turn=5 lap=2 | F: Blue* | H: Orange | I: Green"},
    "cars": {"Blue": {"hand": ["R18", "R40", "R55"], "target": "R88"},
             "Orange": {"hand": ["R14", "R07", "R57"], "target": "R77"},
             "Green": {"hand": ["R22", "R56"], "target": "R67"}},
    "deck": {"stack": ["R01", "R90", "R02", "R03"]},
})
for action in ["Blue start", "Blue play R18", "Blue late-brake", "Blue test 1 R40",
               "Orange start", "Orange play R14", "Orange pay chips=2", "Orange occupy none"]:
    off.apply(action)
for e in off.events:
    if e.kind in ("LeaderToken", "SectionActivated"):
        print(e.sentence())
print("now:", in_words(off.state))

# %% tags=["nbval-ignore-output"]
ScenarioPlayer(off)

# %% [markdown]
# ## Your turn
#
# Build a position on the teaching track and predict the activation order:
#
# * choose each car's **section** (— = not in the race), its **place** in the section (1 = front) and an optional
#   **lap token**; the **Leader token** dropdown says who leads. A car ahead of the leader with no lap token is a
#   backmarker he is about to lap (like Purple in [Ex. 11][]);
# * or type a position in **RPN** (e.g. `teaching turn=5 lap=2 | C: Purple Blue* Green | D: Orange`) and press
#   *load*; "start from" loads a book example's starting position;
# * type your order in **your order** (or click the car buttons), then **Reveal**.
#
# The answer is the order **if nobody moved**: a leader who laps cars, is passed or pits moves the FAS, and a corner
# duel can reorder a section. Errors (a bad RPN, two Leader tokens …) are shown under the widget.
#
# [Ex. 11]: ../../docs/rules/rf90_rules_digest.md#ex-11

# %% tags=["nbval-ignore-output"]
quiz = ActivationQuiz()
quiz

# %% [markdown]
# What the check looks like — a typical first guess for the puzzle position (Purple, ahead of the leader in his own
# section, is the trap); then [Ex. 12][]'s start built with the dropdowns, and a mistake the controller refuses:
#
# [Ex. 12]: ../../docs/rules/rf90_rules_digest.md#ex-12

# %% tags=["presenter-show"]
demo = ActivationQuiz()
demo.predict("Blue, Green, Orange, Yellow, Purple, Red")
demo.reveal()
print(in_words(demo.state))
print("\n".join(demo.text().splitlines()[1:]), end="\n\n")
demo.arrange({"Blue": "E", "Orange": "E", "Green": "E", "Purple": "D", "Black": "I"}, leader="Blue")
demo.predict("Blue Orange Green Black Purple")
demo.reveal()
print(in_words(demo.state))
print("\n".join(demo.text().splitlines()[1:]), end="\n\n")
demo.rpn.value = "teaching | C: Purple* Blue*"
demo.rpn_button.click()  # the error goes to the widget's Output, not to the kernel log
print(demo.errors.text.splitlines()[0])

# %% [markdown]
# Compare with the book's [Ex. 12][] (Blue, Purple, Orange, Green, Black): with nobody moving the FAS stays in E, so
# Orange and Green follow Blue at once and Purple, ahead of the leader, comes last. In the book Blue laps Purple
# and moves the FAS to A, which brings Purple forward ([§11.2][] case 2).
#
# ## What to remember
#
# * The **Leader token** marks the leader **and** the FAS; activation sweeps **backwards** from it ([§11.1][]).
# * On the first activation of his section **only the leader plays**; the rest of that section waits for the sweep
#   to come round again ([Ex. 12][]).
# * When the token changes section — the leader moves, is passed, **pits** — the sweep **restarts at the new FAS at
#   once** ([Ex. 11][], 13). A pitted car finishes its turn when its new section is activated.
# * Cars **ahead of the leader in his own section** form subsection 1 and play **last** ([Ex. 14][]).
# * A leader **off track** hands the token to the frontmost car where he lost control, or keeps it with the FAS
#   frozen in that section ([§18.4][]).
# * Each car plays **once** per Game Turn; a section may be activated several times.
#
# [Ex. 11]: ../../docs/rules/rf90_rules_digest.md#ex-11
# [Ex. 12]: ../../docs/rules/rf90_rules_digest.md#ex-12
# [Ex. 14]: ../../docs/rules/rf90_rules_digest.md#ex-14
# [§11.1]: ../../docs/rules/rf90_rules_digest.md#s11-1
# [§11.2]: ../../docs/rules/rf90_rules_digest.md#s11-2
# [§18.4]: ../../docs/rules/rf90_rules_digest.md#s18-4

# %% [markdown]
# **Next →** [04_duels](04_duels.ipynb): fight for a place in a corner.
