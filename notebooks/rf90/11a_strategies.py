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
# # 11a — Strategies and skills, part 1: the strategies
#
# **You need:** [01a_movement](01a_movement.ipynb), [01b_passing](01b_passing.ipynb),
# [02_check_tests](02_check_tests.ipynb), [04_duels](04_duels.ipynb), [05a_late_braking](05a_late_braking.ipynb),
# [07_fuel_and_pits](07_fuel_and_pits.ipynb).
#
# Every car races with one **Strategy Card**. Pick a strategy and one of its runs: the engine replays a tiny position,
# ★ marks the line where the strategy acts, and the track view steps through it (|◀ ◀ ▶ ▶|).

# %% tags=["nbval-ignore-output"]
from racebook.rf90.ui.strategies import StrategyDemos

StrategyDemos("save_tyres", kind="strategy")

# %% [markdown]
# **Learning objectives** — after this part you can:
#
# * say what every **Strategy Card** (*Carta de Estratégia*) gives — its **Bonus** (*Bônus*) — and when it
#   earns a **Track Card** — its **Special** (*Especial*) — and when a player may change it;
# * read a tiny live position for each one and point at the event sentence where the strategy acts;
# * tell the rules the book leaves open (the 10th strategy, the draws' timing, LUCKY's discard as a house rule,
#   HAZARD's late braking, CHASE's target) from the ones it states.
#
# The ten **skills** are [part 2](11b_skills.ipynb).
#
# <details><summary>Book references</summary>
#
# **Digest sections:** [§5.3][] (Strategy Cards), [§9.2][] (choosing a strategy), [§13.A.1][] (skip turn),
# [§13.A.3][] (pit stop), [§13.B][] (the draw variants), [§26.1][]–[§26.10][] (Appendix A, the strategies).
#
# **Readings** ([§31][]): [AMB-4][], [AMB-7][], [AMB-8][], [AMB-9][], [AMB-10][], [AMB-11][], [AMB-35][].
#
# **Examples** ([§30][]): [Ex. 10][], and variants of [Ex. 16][], [Ex. 20][] and [Ex. 26][].
#
# </details>
#
# [AMB-10]: ../../docs/rules/rf90_rules_digest.md#amb-10
# [AMB-11]: ../../docs/rules/rf90_rules_digest.md#amb-11
# [AMB-35]: ../../docs/rules/rf90_rules_digest.md#amb-35
# [AMB-4]: ../../docs/rules/rf90_rules_digest.md#amb-4
# [AMB-7]: ../../docs/rules/rf90_rules_digest.md#amb-7
# [AMB-8]: ../../docs/rules/rf90_rules_digest.md#amb-8
# [AMB-9]: ../../docs/rules/rf90_rules_digest.md#amb-9
# [Ex. 10]: ../../docs/rules/rf90_rules_digest.md#ex-10
# [Ex. 16]: ../../docs/rules/rf90_rules_digest.md#ex-16
# [Ex. 20]: ../../docs/rules/rf90_rules_digest.md#ex-20
# [Ex. 26]: ../../docs/rules/rf90_rules_digest.md#ex-26
# [§13.A.1]: ../../docs/rules/rf90_rules_digest.md#s13-a-1
# [§13.A.3]: ../../docs/rules/rf90_rules_digest.md#s13-a-3
# [§13.B]: ../../docs/rules/rf90_rules_digest.md#s13-b
# [§26.1]: ../../docs/rules/rf90_rules_digest.md#s26-1
# [§26.10]: ../../docs/rules/rf90_rules_digest.md#s26-10
# [§30]: ../../docs/rules/rf90_rules_digest.md#s30
# [§31]: ../../docs/rules/rf90_rules_digest.md#s31
# [§5.3]: ../../docs/rules/rf90_rules_digest.md#s5-3
# [§9.2]: ../../docs/rules/rf90_rules_digest.md#s9-2

# %% [markdown]
# ## The strategies in one page
#
# Every car always has one active strategy, chosen before the start in grid order ([§9.2][]). Each card has a
# **Bonus** (a capability) and a **Special** (the condition that earns a **Track Card**, "PARA GANHAR TRACK CARD(S)").
# A player changes strategy only at a **pit stop**, by **skipping a turn** (*Perder o Turno*) or with the
# **VERSATILITY** skill.
#
# Unless the card says otherwise a Special gives **at most one Track Card a turn**; HAZARD is the only exception. The
# engine draws the Special's card as soon as the condition is met ([AMB-35][]), except RECOVERY's, which is checked
# at the end of the turn.
#
# [AMB-35]: ../../docs/rules/rf90_rules_digest.md#amb-35
# [§9.2]: ../../docs/rules/rf90_rules_digest.md#s9-2

# %%
from IPython.display import Markdown

from racebook.rf90.lessons import demos

Markdown(demos.markdown_table(demos.strategy_rows(),
                              ["strategy", "Portuguese", "Bonus", "Special (Track Card)", "digest", "engine"]))

# %% [markdown]
# ## How to read a demo
#
# Each strategy below has one or more **runs**: a small position on the teaching track (or a shipped example of the
# manual), the moves a player makes (▶), and the sentences the engine logs for them, each ending with its rule.
# Cards are written `R55[2](55)`: Race Card R55, 2 MP, check factor (55). Where it helps, a run lists what the player
# **may** do at a moment, or the panel at the end (`Blue now: …`). **★ marks the line where the strategy acts**; most
# demos show a run without it first, so the difference is plain.

# %% [markdown]
# ## SAVE TYRES — *Poupa 1 pneu* (§26.1)
#
# **Bonus:** add up the tyre units of everything played for movement (cards and the trajectory's symbol):
# **one unit is free**. So a player with **no tyre chips** (*tokens de pneu*) left can still play a card needing
# one. It does not reduce tyre wear off the track. **Special:** spend at least **1 tyre chip** in the turn.
#
# [Ex. 20][]'s [3] R60 costs 2 tyre units and 1 damage. With SAVE TYRES the same card costs **1 chip** (the single
# payment is then automatic), and the chip spent earns the Track Card at the end of the turn.
#
# [Ex. 20]: ../../docs/rules/rf90_rules_digest.md#ex-20

# %%
print(demos.demo_text("save_tyres"))

# %% [markdown]
# ## BANGING WHEELS — *Soma +3 em Duelos* (§26.2)
#
# **Bonus:** overtake (*ultrapassar*) a car **in a corner for 2 MP**, and for **1 MP elsewhere** — braking zones
# and straights (same-lap cars and backmarkers alike); and **+3 in every duel** (*duelo*).
# **Special:** a Track Card for **winning a corner duel against all** opponents, or for **overtaking a same-lap
# car** anywhere — a successful **late braking** past same-lap cars counts too ([notebook 05a](05a_late_braking.ipynb)
# shows it) — **only one a turn**, and never for passes made off the track.
#
# [Ex. 26][] as printed: Blue reaches corner G behind Red and loses his last 3 MP (no overtaking in a corner). With
# BANGING WHEELS he passes Red there for 2 MP, ends in F and earns the Special at the end of his turn. In [Ex. 16][]
# Green's [3] + [3] at Stowe (modifier −3) is worth 6 thanks to the +3: a tie with Blue. The last run shows the
# limit: Blue wins a corner duel (a Track Card), then overtakes Pink — no second card.
#
# [Ex. 16]: ../../docs/rules/rf90_rules_digest.md#ex-16
# [Ex. 26]: ../../docs/rules/rf90_rules_digest.md#ex-26

# %%
print(demos.demo_text("banging_wheels"))

# %% [markdown]
# ## SAVE FUEL — *Poupa Gasolina* (§26.3)
#
# **Bonus:** each time the car moves with **only cards ≤ 2**, its **refuel chit** (*ficha de reabastecimento*)
# moves **1 space forward** (fuel for one more turn). And in phase B, instead of the normal draw, the player
# may **discard a card > 2** (Track Cards too) to draw **two** Race Cards. **Special:** a Track Card whenever the
# car moves with cards ≤ 2.
#
# *[AMB-8][]:* the card says "at the end of your turn"; the 2nd-edition turn (p.14) and the LUCKY example put the
# draw in **phase B**, and so does the engine.
#
# [AMB-8]: ../../docs/rules/rf90_rules_digest.md#amb-8

# %%
print(demos.demo_text("save_fuel"))

# %% [markdown]
# ## LUCKY — *Compra 2, escolhe 1* (§26.4) — Ex. 10
#
# **Bonus:** in phase B draw **two** Race Cards instead of one, then discard **a card from hand** — either new
# card or any other. **Special:** if the two cards drawn share their **value** or their **colour**, reveal them
# and take a Track Card ([Ex. 10][]).
#
# *[AMB-9][] — a house rule.* Phase B (p.14) says "draw two and **discard** one"; the card says you "**may**"
# discard. The engine follows the recommended reading (mandatory: the net gain is one card, as the title "draw
# 2, choose 1" says) and offers the other as the switch `lucky_discard_mandatory`. The second run flips it:
# drawing with no card named keeps all three cards.
#
# [AMB-9]: ../../docs/rules/rf90_rules_digest.md#amb-9
# [Ex. 10]: ../../docs/rules/rf90_rules_digest.md#ex-10

# %%
from racebook.rf90.options import HOUSE_RULE_DOCS, Rules

print(demos.demo_text("lucky"))
print(f"\nHouse rule lucky_discard_mandatory (default {Rules().lucky_discard_mandatory}):",
      HOUSE_RULE_DOCS["lucky_discard_mandatory"])

# %% [markdown]
# Step through [Ex. 10][] (the first run) on the track: |◀ ◀ ▶ ▶|, the slider, the sentence and the log.
#
# [Ex. 10]: ../../docs/rules/rf90_rules_digest.md#ex-10

# %% tags=["nbval-ignore-output"]
from racebook.rf90.ui import ScenarioPlayer

ScenarioPlayer(demos.play("lucky")[0].race)  # Ex. 10: two orange [2]s, a Track Card, one discard

# %% [markdown]
# ## BALANCE — *Ganha trajetórias grátis* (§26.5)
#
# **Bonus:** standing on a **trajectory** (*trajetória*) or an Extreme Trajectory, the player **does not need a
# card of its colour** to use its bonus ([§13.D][] normally asks for one). **Special:** a Track Card when on a
# trajectory **and** a movement card **does** match its colour.
#
# Blue stands on I.t1, a red/green +2 trajectory, holding only orange cards. Without BALANCE the engine offers no
# trajectory play and ignores it. With BALANCE the orange R55 takes the +2 (and pays I.t1's damage symbol), but
# earns no Track Card; a red card earns it.
#
# [§13.D]: ../../docs/rules/rf90_rules_digest.md#s13-d

# %%
print(demos.demo_text("balance"))

# %% [markdown]
# ## HAZARD — *+1 PM com Compra Cega ou Dano* (§26.6)
#
# **Bonus:** **+1 MP** for every **blind test** (*Teste Cego*) — a green card's, an Extreme Trajectory's, a
# late braking's — whether it passes or fails; **+1 MP** for every **damage** taken from a card's damage symbol
# (not from failing a test); a successful **late braking** (*Atraso de Freada*) advances **2 sections** instead
# of 1 when both are empty; the Leader check gives nothing extra. **Special:** a Track Card for **every** risky
# blind draw (green card, late braking, ET) — the only strategy that can earn more than one a turn.
#
# *[AMB-10][]:* a late braking happens in phase F, after the MP are spent, so its "+1 MP" cannot be used; the engine
# reads it as the 2-section advance (and still draws the Track Card).
#
# [AMB-10]: ../../docs/rules/rf90_rules_digest.md#amb-10

# %%
print(demos.demo_text("hazard"))

# %% [markdown]
# ## PUSH — *Combina cartas +2 com outros valores* (§26.7)
#
# **Bonus:** a **[2]** may be paired with a **[3], [4], [5] or [6]** — pairs the normal rule forbids (only
# [1] + any and [2] + [2], [AMB-4][]). **Each time**, the refuel chit moves **back 1** turn: beware of running out
# of fuel (*pane seca*). **Special:** a Track Card when the player spends **2 or more tyre chips** in the turn
# (chips, not cards).
#
# [AMB-4]: ../../docs/rules/rf90_rules_digest.md#amb-4

# %%
print(demos.demo_text("push"))

# %% [markdown]
# ## CHASE — *Compra cartas de um jogador à sua frente* (§26.8)
#
# **Bonus:** in phase A the player puts the **Chased token** on a driver **ahead of him on the same lap**. That
# car's movement cards, once discarded, are **reserved** for him: in his next phase B he may **take one instead
# of drawing** (always optional). If he is chasing but there is **no card to take**, he gets **+1 MP** instead —
# always on his first turn with CHASE (the chased car has already discarded), and always against a robot.
# Declining an available card gives no +1 MP. The token comes off when the chased car falls behind or goes off
# track, when the chaser pits or changes strategy, or when the Safety Car comes out. **Special:** a Track Card
# when he **ends his movement in the chased car's section**.
#
# *[AMB-11][]:* the card text says "the HUMAN car immediately ahead", chosen "before the leader moves", and a robot's
# discard pile; the detailed Notes say any driver ahead on the same lap, chosen in phase A, a robot giving +1 MP.
# The engine follows the Notes (and, as for SAVE FUEL, the draw is in phase B).
#
# The first run plays two Game Turns: Red moves first, Blue chases him and gets +1 MP; next turn Red's R55 is
# reserved and Blue takes it, then ends in Red's section.
#
# [AMB-11]: ../../docs/rules/rf90_rules_digest.md#amb-11

# %%
print(demos.demo_text("chase"))

# %% [markdown]
# ## RECOVERY — *Facilita ultrapassagem em Robôs Slow e Fast* (§26.9) <STK>
#
# **Bonus:** for a car at the back of a slow field: pass **Fast and Slow robots** for **0 MP on a straight**,
# **1 MP in a braking zone** and **2 MP in a corner** (where passing them is normally forbidden, [§17.4][]).
# **Special:** at the **end of the individual turn**, a Track Card if a **Fast or Slow robot is still ahead on the
# same lap**. Marked <STK>: not for the Basic game.
#
# [§17.4]: ../../docs/rules/rf90_rules_digest.md#s17-4

# %%
print(demos.demo_text("recovery"))

# %% [markdown]
# ## The 10th strategy (§26, AMB-7)
#
# "There are 10 different strategies" (p.8), but Appendix A describes nine ([AMB-7][]): the 10th is NOT IN SOURCE.
# The engine keeps a 10th slot so that data and tables can name it, and refuses to play it rather than guess:
# choosing it raises `RuleUnavailable` — the engine's error for "the rule exists in the game, but its text is not in
# the source" — and a scenario file that names it is refused with the same message, naming the field.
#
# [AMB-7]: ../../docs/rules/rf90_rules_digest.md#amb-7

# %%
print(demos.demo_text("tenth"))

# %% [markdown]
# ## What the book leaves open — and what the engine reads
#
# | tag | where | the engine's reading |
# |---|---|---|
# | [AMB-7][] | the 10th strategy | NOT IN SOURCE: `RuleUnavailable` |
# | [AMB-8][] | SAVE FUEL, LUCKY, CHASE "at the end of your turn" | their draws happen in **phase B** |
# | [AMB-9][] | LUCKY "may discard" vs phase B "discard" | mandatory; **house rule** `lucky_discard_mandatory` |
# | [AMB-10][] | HAZARD's +1 MP for a late braking | read as the 2-section advance |
# | [AMB-11][] | CHASE's target, timing, robot targets | the Notes: anyone ahead on the same lap, phase A; robot → +1 MP |
#
# [AMB-10]: ../../docs/rules/rf90_rules_digest.md#amb-10
# [AMB-11]: ../../docs/rules/rf90_rules_digest.md#amb-11
# [AMB-7]: ../../docs/rules/rf90_rules_digest.md#amb-7
# [AMB-8]: ../../docs/rules/rf90_rules_digest.md#amb-8
# [AMB-9]: ../../docs/rules/rf90_rules_digest.md#amb-9

# %% [markdown]
# **See also.** [Notebook 04](04_duels.ipynb) plays duels (BANGING WHEELS' +3), [notebook 05a](05a_late_braking.ipynb)
# late braking (HAZARD), [07](07_fuel_and_pits.ipynb) fuel and pit stops (SAVE FUEL, PUSH). Each strategy's demo lives
# in `racebook/rf90/lessons/demo_catalogue.py` as plain data, with a test in `tests/rf90/lessons/test_demos.py`
# checking that it shows its effect.

# %% [markdown]
# **Next →** [11b_skills](11b_skills.ipynb): the ten skills, each with a live demo.
