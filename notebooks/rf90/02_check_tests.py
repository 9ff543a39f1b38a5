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
# # 02 — Check tests: the Target Check, Normal and Blind tests, modifiers
#
# **You need:** [00_start_here](00_start_here.ipynb), [01a_movement](01a_movement.ipynb).
#
# A test passes when a card's check number is **equal to or lower** than your Target Check, plus or minus some
# modifiers. Move the sliders: how likely is a blind draw to pass?

# %% tags=["nbval-ignore-output"]
from racebook.rf90.ui.checks import TestCalculator

calc = TestCalculator()
calc

# %% [markdown]
# The panel shows the modified target and the exact chance that a **blind draw** passes: every Race Card not on the
# panel is equally likely (here 98 cards; in a real race the cards you can see — your hand, the discards, the panels —
# are out of the pool). The bars give that chance for every Target Check with the same modifiers; the blue bar is
# yours.
#
# **After this notebook you can:**
#
# * say when a **test** (*teste*) passes: the card's **check factor** (*valor de teste*) is **equal to or lower
#   than** the modified **Target Check** — and why the card used then **replaces** the Target Check, pass or fail;
# * pick the card for a **Normal test** (*Teste Normal*: a hand card, a movement card or a blind draw) and know
#   that a **Blind test** (*Teste Cego*) allows only the **blind draw** (*compra cega*);
# * add up the modifiers: the printed one, **rain -20** (not for the Leader check) and **REFLEXES +20**;
# * order several tests (the **ET blind test first**) and use a **voluntary failure** to raise your Target Check;
# * price a test: the exact chance that a blind draw passes.
#
# <details><summary>Book references</summary>
#
# **Digest sections:** [§13.D.2][] (Perform tests), [§16.2][] (rain), [§20][] (the Leader check's modifiers), [§27][]
# (REFLEXES), [§29.4][] (test modifiers); examples [Ex. 21][], 22, 23, 24 ([§30][]); readings [AMB-6][] and [§31][]
# item 26.
#
# **In the engine:** `racebook.rf90.rules.checks` (`modifiers`, `target_value`) and
# `racebook.rf90.analysis.odds` (`p_at_most`, `unseen`, `blind_test`); the notebook only shows what they compute.
#
# </details>
#
# [AMB-6]: ../../docs/rules/rf90_rules_digest.md#amb-6
# [Ex. 21]: ../../docs/rules/rf90_rules_digest.md#ex-21
# [§13.D.2]: ../../docs/rules/rf90_rules_digest.md#s13-d-2
# [§16.2]: ../../docs/rules/rf90_rules_digest.md#s16-2
# [§20]: ../../docs/rules/rf90_rules_digest.md#s20
# [§27]: ../../docs/rules/rf90_rules_digest.md#s27
# [§29.4]: ../../docs/rules/rf90_rules_digest.md#s29-4
# [§30]: ../../docs/rules/rf90_rules_digest.md#s30
# [§31]: ../../docs/rules/rf90_rules_digest.md#s31

# %%
import racebook
from racebook.rf90.lessons.checks import pending_tests
from racebook.rf90.lessons.notebook import show_assumed
from racebook.rf90.ui import ScenarioPlayer
from racebook.rf90.ui.checks import TestSetup, evaluate, modifier_table, odds_text, test_lines, test_options

# %% [markdown]
# ## The rule in plain English
#
# 1. **The Target Check** (panel item 8) is the Race Card lying face up on your **Car Panel** (*Painel do Carro*).
#    Its **check factor** — the number (1)–(99) in the red diamond, bottom right — is your target ([§5.1][]). Robots
#    have no panel: they always test against **70** ([§17.1][]).
# 2. **A test** compares the check factor of one card with that target, adjusted by modifiers. It **passes when
#    check ≤ target** ("equal to or lower"), and fails otherwise ([§13.D.2][]). Tests come from movement cards with a
#    test symbol (mostly green ones), an Extreme Trajectory or late braking, the Leader's lapping check and recovery
#    attempts off track.
# 3. **The card used replaces the Target Check**, whatever the result; the old Target Check is discarded.
# 4. **Normal test** (*Teste Normal*, symbol with a white background): use **any card from your hand** (discarded
#    for it), a **blind draw** (the top card of the Race deck), or — when a movement card asked for the test — **one
#    of the cards played for movement**, which still counts for movement. A Normal test can always be resolved
#    blind. **Blind test** (*Teste Cego*, black background): the blind draw is the only option.
# 5. **Modifiers add up** ([§29.4][]): the **printed** modifier of the symbol or spot (-10, +20 …; LB, ET and recovery
#    spots too — the printed value *modifies* your Target Check, [AMB-6][]); **rain: -20 on every test**, robots
#    included — **except the Leader lapping check**; intermediate weather does not modify tests; **REFLEXES: +20 on
#    every test**, the Leader check and recovery tests included.
# 6. **Order:** several tests in one turn may be resolved in any order, **except that the ET blind test comes first**.
# 7. **Voluntary failure:** you may play a card *higher* than your target on purpose. You take the failure, but your
#    Target Check **rises**, and later tests get easier.
# 8. **What a failure costs:**
#
# | the test came from | on failure |
# |---|---|
# | a movement card | **1 damage** (a wear token from the bag) per failed test |
# | an Extreme Trajectory | no ET bonus; the **recovery manoeuvre** of that spot ([§18.2][]) |
# | late braking | the **off-track route** and its recovery manoeuvres — [notebook 05a](05a_late_braking.ipynb) |
# | the Leader lapping check | he cannot lap that car: he stops behind it, his other MP are lost, **no damage** ([§20][]) |
#
# [AMB-6]: ../../docs/rules/rf90_rules_digest.md#amb-6
# [§13.D.2]: ../../docs/rules/rf90_rules_digest.md#s13-d-2
# [§17.1]: ../../docs/rules/rf90_rules_digest.md#s17-1
# [§18.2]: ../../docs/rules/rf90_rules_digest.md#s18-2
# [§20]: ../../docs/rules/rf90_rules_digest.md#s20
# [§29.4]: ../../docs/rules/rf90_rules_digest.md#s29-4
# [§5.1]: ../../docs/rules/rf90_rules_digest.md#s5-1

# %% [markdown]
# ### The arithmetic, computed
#
# Target Check (88) in each case. `evaluate` builds a one-car race with that panel, weather and skill and asks the
# engine; the last column is the exact chance that a blind draw passes, over the 98 Race Cards not on the panel. The
# first four rows are [Ex. 23][]'s own numbers: a -10 test is a **-30** test in the rain; with REFLEXES it is a
# **+10** test, or **-10** in the rain.
#
# [Ex. 23]: ../../docs/rules/rf90_rules_digest.md#ex-23

# %%
modifier_table({
    "Normal test at -10": TestSetup(88, -10),
    "the -10 test in the rain": TestSetup(88, -10, "rain"),
    "the -10 test with REFLEXES": TestSetup(88, -10, reflexes=True),
    "the -10 test with REFLEXES in the rain": TestSetup(88, -10, "rain", reflexes=True),
    "Blind test at +20": TestSetup(88, 20),
    "the -10 test in intermediate weather": TestSetup(88, -10, "intermediate"),
    "Leader check in the rain": TestSetup(88, 0, "rain", leader_check=True),
    "Leader check in the rain, REFLEXES": TestSetup(88, 0, "rain", reflexes=True, leader_check=True),
})

# %% [markdown]
# ## Ex. 21 — pass or fail: (79) against (83), then against (37)
#
# *Book (D.2, p.15):* a card with check factor **(79)** against a Target Check of **(83)** passes (79 ≤ 83); the same
# (79) against **(37)** fails. In the scenarios Blue plays the green **R79** [2], which asks for a Normal test, and
# uses that very card for the test. The failure costs **1 damage**; in both cases (79) becomes the new Target Check.

# %%
for name in ("ex21", "ex21_fail"):
    sc = racebook.load_scenario(name)
    show_assumed(sc)
    print(test_lines(sc.race))
    blue = sc.race.state.cars["Blue"]
    tc = sc.race.state.card(blue.target).check
    print(f"  → Target Check now ({tc}); wear on the panel: red {blue.red}, brown {blue.brown}\n")

# %% [markdown]
# Step through the failing one (▶): the test, the wear token drawn, then the movement.

# %% tags=["nbval-ignore-output"]
ScenarioPlayer(racebook.load_scenario("ex21_fail"))

# %% [markdown]
# ## Ex. 22 — the options of a Normal test
#
# *Book (Teste Normal, p.16):* Blue plays the pair **(33)** and **(89)**; one of them asks for a Normal test. His
# Target Check is **(56)**. He may use (33) → pass; (89) → fail and 1 damage; any other card of his hand; or a blind
# draw. Whichever card he uses becomes the new Target Check.
#
# The table is the engine's own list of legal actions at that moment, each one applied to a separate replay of the
# race: R01 is the card Blue drew in phase B, R55 the other card of his hand, and the blind draw is the scenario's
# stacked top card (57) — which happens to fail. Below it, the scenario's main line, which uses (33) and passes.

# %%
ex22 = racebook.load_scenario("ex22")
show_assumed(ex22)
test_options(ex22.race, 2)

# %% tags=["nbval-ignore-output"]
ScenarioPlayer(ex22)

# %% [markdown]
# ## Ex. 23 — modifiers add up: rain, then REFLEXES
#
# *Book (Modificador de Check Test, p.16):* printed symbols show e.g. a Normal test at **-10** and a blind test at
# **+20**. In the **rain** every test gets another **-20**: a -10 test is a **-30** test. **REFLEXES** adds **+20**: a
# -10 test becomes a **+10** test — and REFLEXES in the rain at a -10 spot makes it a **-10** test.
#
# The scenarios put the weather pawn on a rain space and give Blue the green R09 [2], which carries a **blind test at
# -10**. With Target Check (88): 88 - 10 - 20 = **58**, and the blind draw (57) passes. With REFLEXES the target is
# 88 - 10 - 20 + 20 = **78**: the draw (77) passes — it would have failed without the skill.

# %%
for name in ("ex23", "ex23_reflexes"):
    sc = racebook.load_scenario(name)
    show_assumed(sc)
    print(test_lines(sc.race), "\n")

# %% tags=["nbval-ignore-output"]
ScenarioPlayer(racebook.load_scenario("ex23_reflexes"))

# %% [markdown]
# ## Ex. 24 — several tests in one turn, the ET blind test first
#
# *Book (Modificador de Check Test, p.16):* Blue plays **(20)** and **(66)**, both asking for a Normal test, and takes
# an **Extreme Trajectory** (ET: a diamond spot whose bonus MP needs a blind test first, [notebook
# 06](06_trajectories.ipynb)). His Target Check is **(83)**.
#
# 1. The **ET blind test comes first**: he draws **(22)** ≤ 83 → pass. The Target Check is now **(22)**.
# 2. The first Normal test has no modifier; he uses the movement card **(20)**: 20 ≤ 22 → pass. Target Check **(20)**;
#    (22) is discarded.
# 3. The second test is at **+20**: target 20 + 20 = **40**. He plays **(91)** from his hand → fail, 1 damage. The
#    Target Check becomes **(91)** — which makes his later tests easier.

# %%
ex24 = racebook.load_scenario("ex24")
show_assumed(ex24)
print(test_lines(ex24.race))
old = [c for c in ex24.race.state.race_deck.discards if c in ("R83", "R22", "R20")]
print("Discarded Target Checks, in order:", ", ".join(f"({ex24.race.state.card(c).check})" for c in old))

# %% [markdown]
# The engine resolves the ET blind test as soon as the cards are played with the trajectory; only then may the player
# choose between the two cards' tests, in any order ([§13.D.2][]). Right after the play:
#
# [§13.D.2]: ../../docs/rules/rf90_rules_digest.md#s13-d-2

# %% tags=["presenter-show"]
print(pending_tests(ex24.race, 2))

# %% tags=["nbval-ignore-output"]
ScenarioPlayer(ex24)

# %% [markdown]
# ## Voluntary failure: why (91) was a good card to fail with
#
# Before his last test (+20, target **40**) Blue could pass with the **(01)** he drew in phase B — but then his Target
# Check would be (01), and no later test could pass without a bonus. Failing with **(91)** costs a wear token now and
# leaves a Target Check of (91). The last column is the engine's exact chance that his *next* unmodified blind test
# passes, over the cards Blue cannot see in that position:

# %% tags=["presenter-show"]
test_options(ex24.race, 3, next_blind=True)

# %% [markdown]
# ## House rules
#
# No switch in `racebook.rf90.options.Rules` changes how tests work. The engine's readings of the unclear points:
#
# * **[AMB-6][]:** a value printed at an LB, ET or recovery spot is a *modifier* of the car's Target Check, not a fixed
#   target (the book's examples: 83 - 10 = 73, then 73 - 20 = 53).
# * **[§31][] item 26:** the Leader check comes after the movement cards are discarded, so it uses a hand card or a
#   blind draw — never a movement card.
# * **[§31][] item 29:** robots test blind against 70 ± modifiers (rain included, except in the Leader check); the book
#   gives no target for a robot's late braking (forced by the orange flag): the engine uses 70 ± the LB modifier ±
#   rain.
#
# ## Your turn
#
# The calculator again, set to [Ex. 23][]'s rainy -10 test with Target Check (88): add REFLEXES, make it a Leader check,
# move the Target Check — when does a blind draw pass more often than not?
#
# [AMB-6]: ../../docs/rules/rf90_rules_digest.md#amb-6
# [Ex. 23]: ../../docs/rules/rf90_rules_digest.md#ex-23
# [§31]: ../../docs/rules/rf90_rules_digest.md#s31

# %% tags=["nbval-ignore-output"]
TestCalculator(TestSetup(88, -10, "rain"))

# %% [markdown]
# What the calculator says for a few set-ups (the same controller, driven from code), then the chance that a blind
# draw passes an unmodified test for a few Target Checks (bars of the chart):

# %% tags=["presenter-show"]
demo = TestCalculator()
demo.set(target_check=56, printed=-10, weather="rain")
print(demo.text())
demo.set(reflexes=True)
print(demo.text())
demo.set(printed=0, leader_check=True)
print(demo.text())
for tc in (10, 30, 50, 70, 90):
    print(f"Target Check ({tc}): P(pass) = {odds_text(evaluate(TestSetup(tc)))}")

# %% [markdown]
# ## What to remember
#
# * A test **passes when check ≤ target** — equal counts as a pass ([Ex. 21][]).
# * The **card used becomes the new Target Check**, pass or fail; the old one is discarded ([Ex. 24][]).
# * **Normal test:** a hand card, a movement card or a blind draw. **Blind test:** the blind draw only ([Ex. 22][]).
# * Modifiers **add up**: printed, **rain -20** (not the Leader check), **REFLEXES +20** ([Ex. 23][]).
# * The **ET blind test first**; then any order ([Ex. 24][]).
# * A **voluntary failure** costs its consequence now but raises your Target Check for the tests to come
#   ([§13.D.2][]).
#
# [Ex. 21]: ../../docs/rules/rf90_rules_digest.md#ex-21
# [Ex. 22]: ../../docs/rules/rf90_rules_digest.md#ex-22
# [Ex. 23]: ../../docs/rules/rf90_rules_digest.md#ex-23
# [Ex. 24]: ../../docs/rules/rf90_rules_digest.md#ex-24
# [§13.D.2]: ../../docs/rules/rf90_rules_digest.md#s13-d-2

# %% [markdown]
# **Next →** [03_activation](03_activation.ipynb): who plays when: the order in which the sections play.
