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
# # 11 — Strategies and skills
#
# **You need:** [01_movement_and_passing](01_movement_and_passing.ipynb), [02_check_tests](02_check_tests.ipynb),
# [04_duels](04_duels.ipynb), [05_late_braking](05_late_braking.ipynb), [07_fuel_and_pits](07_fuel_and_pits.ipynb).
#
# **Learning objectives** — after this notebook you can:
#
# * say what every **Strategy Card** (*Carta de Estratégia*) gives — its **Bonus** (*Bônus*) — and when it
#   earns a **Track Card** — its **Special** (*Especial*) — and when a player may change it;
# * say what each of the ten **skills** (*habilidades*) does, and which ones use a token that is rotated when
#   used and reset at a pit stop;
# * read a tiny live position for each one and point at the event sentence where the strategy or skill acts;
# * tell the rules the book leaves open ([AMB-7][] the 10th strategy, [AMB-8][] timing, [AMB-9][] LUCKY's discard as a
#   house rule, [AMB-10][] HAZARD's late braking, [AMB-11][] CHASE's target, [AMB-15][] SIXTH SENSE) from the ones it
#   states.
#
# **Digest sections:** [§5.3][] (Strategy Cards), [§6.2][] (choosing a skill), [§9.2][] (choosing a strategy),
# [§13.A.1][]–A.2 (skip turn, VERSATILITY, WISE DRIVING), [§13.B][] (the draw variants), [§26.1][]–[§26.10][] (Appendix
# A, the strategies), [§27][] (Appendix B, the skills); readings [AMB-4][], [AMB-7][], [AMB-8][], [AMB-9][], [AMB-10][],
# [AMB-11][], [AMB-15][], [AMB-33][] and [AMB-35][] of [§31][]; example [Ex. 10][], and variants of [Ex. 16][], 20, 23
# and 26 ([§30][]).
#
# Every line printed below is the `racebook` engine's own: the demos are small positions
# (`racebook.rf90.lessons.demos`, built with `racebook.rf90.scenario.build` and stacked decks) and the sentences are
# the events
# the engine logs, each citing its rule. The notebook only shows them.
#
# [AMB-10]: ../../docs/rules/rf90_rules_digest.md#amb-10
# [AMB-11]: ../../docs/rules/rf90_rules_digest.md#amb-11
# [AMB-15]: ../../docs/rules/rf90_rules_digest.md#amb-15
# [AMB-33]: ../../docs/rules/rf90_rules_digest.md#amb-33
# [AMB-35]: ../../docs/rules/rf90_rules_digest.md#amb-35
# [AMB-4]: ../../docs/rules/rf90_rules_digest.md#amb-4
# [AMB-7]: ../../docs/rules/rf90_rules_digest.md#amb-7
# [AMB-8]: ../../docs/rules/rf90_rules_digest.md#amb-8
# [AMB-9]: ../../docs/rules/rf90_rules_digest.md#amb-9
# [Ex. 10]: ../../docs/rules/rf90_rules_digest.md#ex-10
# [Ex. 16]: ../../docs/rules/rf90_rules_digest.md#ex-16
# [§13.A.1]: ../../docs/rules/rf90_rules_digest.md#s13-a-1
# [§13.B]: ../../docs/rules/rf90_rules_digest.md#s13-b
# [§26.1]: ../../docs/rules/rf90_rules_digest.md#s26-1
# [§26.10]: ../../docs/rules/rf90_rules_digest.md#s26-10
# [§27]: ../../docs/rules/rf90_rules_digest.md#s27
# [§30]: ../../docs/rules/rf90_rules_digest.md#s30
# [§31]: ../../docs/rules/rf90_rules_digest.md#s31
# [§5.3]: ../../docs/rules/rf90_rules_digest.md#s5-3
# [§6.2]: ../../docs/rules/rf90_rules_digest.md#s6-2
# [§9.2]: ../../docs/rules/rf90_rules_digest.md#s9-2

# %%
import pandas as pd

from racebook.core.errors import RuleUnavailable
from racebook.rf90.car import Skill, Strategy
from racebook.rf90.lessons import demos
from racebook.rf90.options import HOUSE_RULE_DOCS, Rules
from racebook.rf90.ui import ScenarioPlayer
from racebook.rf90.ui.strategies import StrategyDemos


def show(key):
    """Replay a demo and print its runs; ★ marks the line where the strategy or skill acts."""
    print(demos.demo_text(key))


def table(rows, columns):
    """A pandas table of these columns, left-aligned, printed as text (deterministic for the notebook test)."""
    df = pd.DataFrame(rows)[columns]
    width = {c: int(df[c].astype(str).str.len().max()) for c in df.columns}
    fmt = {c: (lambda w: lambda v: f"{v:<{w}}")(max(width[c], len(c))) for c in df.columns}
    print(df.to_string(index=False, justify="left", formatters=fmt))


# %% [markdown]
# ## Strategies and skills in one page
#
# **Strategy Card** (*Carta de Estratégia*, [§5.3][], [§9.2][]). Every car always has one active strategy, chosen
# before the start in grid order. Each card has a **Bonus** (*Bônus*: a capability) and a **Special**
# (*Especial*: the condition that earns a **Track Card**, "PARA GANHAR TRACK CARD(S)"). A player changes
# strategy only at a **pit stop** ([§13.A.3][] step 6), by **skipping a turn** (*Perder o Turno*, [§13.A.1][]) or with
# the **VERSATILITY** skill. Unless the card says otherwise a Special gives **at most one Track Card a turn**;
# HAZARD is the only exception ([§26][]). The engine draws the Special's card as soon as the condition is met
# ([AMB-35][]), except RECOVERY's, which is checked at the end of the turn ([§26.9][]).
#
# **Skill** (*habilidade*, [§6.2][], [§27][]). Each player picks one at Free Practice; it never changes during the
# race, and several players may share one. VERSATILITY, WISE DRIVING and SIXTH SENSE use a token that is
# **rotated 90°** when used and turned back at every pit stop.
#
# The manual says there are **10** strategies but describes **9** ([AMB-7][]): the 10th is NOT IN SOURCE. The end
# of SIXTH SENSE's text is missing ([AMB-15][]). The engine refuses both rather than guess.
#
# [AMB-15]: ../../docs/rules/rf90_rules_digest.md#amb-15
# [AMB-35]: ../../docs/rules/rf90_rules_digest.md#amb-35
# [AMB-7]: ../../docs/rules/rf90_rules_digest.md#amb-7
# [§13.A.1]: ../../docs/rules/rf90_rules_digest.md#s13-a-1
# [§13.A.3]: ../../docs/rules/rf90_rules_digest.md#s13-a-3
# [§26]: ../../docs/rules/rf90_rules_digest.md#s26
# [§26.9]: ../../docs/rules/rf90_rules_digest.md#s26-9
# [§27]: ../../docs/rules/rf90_rules_digest.md#s27
# [§5.3]: ../../docs/rules/rf90_rules_digest.md#s5-3
# [§6.2]: ../../docs/rules/rf90_rules_digest.md#s6-2
# [§9.2]: ../../docs/rules/rf90_rules_digest.md#s9-2

# %%
table(demos.strategy_rows(), ["strategy", "Bonus", "Special (Track Card)", "digest"])

# %%
table(demos.strategy_rows(), ["strategy", "Portuguese", "engine"])

# %%
table(demos.skill_rows(), ["skill", "effect", "token (rotated, reset at a pit)", "digest", "engine"])

# %% [markdown]
# ## Not in the source: the 10th strategy and SIXTH SENSE
#
# Choosing either raises `RuleUnavailable` — the engine's error for "the rule exists in the game, but its text
# is not in the source" ([§0.1][]). A scenario file that names them is refused with the same message, naming the
# field.
#
# [§0.1]: ../../docs/rules/rf90_rules_digest.md#s0-1

# %%
for parse, name in ((Strategy.parse, "tenth"), (Skill.parse, "sixth sense")):
    try:
        parse(name)
    except RuleUnavailable as e:
        print(f"{parse.__qualname__}({name!r}) → {type(e).__name__}: {e}")

# %% [markdown]
# ## How to read a demo
#
# Each strategy and skill below has one or more **runs**: a small position on the teaching track (or a
# shipped example of the manual), the actions a player takes (`> Blue play R14 R55`), and the sentences the
# engine logs for them, each ending with its rule. Cards are written `R55[2](55)`: Race Card R55, 2 MP, check
# factor (55). Where it helps, a run lists the **legal actions** at a moment (`legal now …`) or prints the
# panel at the end (`Blue now: …`). The position is given before and after, in Race Position Notation (`*` the
# Leader token, `{played}` already played, `-1` one lap down, `@I.t1` standing on a trajectory).
#
# **★ marks the line where the strategy or skill acts.** Most demos show a run without it first, so the
# difference is plain.
#
# The same demos are in the dropdown at the end of the notebook, with the track view.

# %% [markdown]
# # Part 1 — the strategies (Appendix A, §26)

# %% [markdown]
# ## SAVE TYRES — *Poupa 1 pneu* (§26.1)
#
# **Bonus:** add up the tyre units of everything played for movement (cards and the trajectory's symbol):
# **one unit is free**. So a player with **no tyre chips** (*tokens de pneu*) left can still play a card needing
# one ([§13.D.1][] otherwise asks for at least one chip). It does not reduce tyre wear off the track ([§18.1][]).
# **Special:** spend at least **1 tyre chip** in the turn.
#
# [Ex. 20][]'s [3] R60 costs 2 tyre units and 1 damage. With SAVE TYRES the same card costs **1 chip** (the single
# payment is then automatic), and the chip spent earns the Track Card at the end of the turn.
#
# [Ex. 20]: ../../docs/rules/rf90_rules_digest.md#ex-20
# [§13.D.1]: ../../docs/rules/rf90_rules_digest.md#s13-d-1
# [§18.1]: ../../docs/rules/rf90_rules_digest.md#s18-1

# %%
show("save_tyres")

# %% [markdown]
# ## BANGING WHEELS — *Soma +3 em Duelos* (§26.2)
#
# **Bonus:** overtake (*ultrapassar*) a car **in a corner for 2 MP**, and for **1 MP elsewhere** — braking zones
# and straights (same-lap cars and backmarkers alike); and **+3 in every duel** (*duelo*, [§12][]).
# **Special:** a Track Card for **winning a corner duel against all** opponents, or for **overtaking a same-lap
# car** anywhere — a successful **late braking** past same-lap cars counts too ([§13.F.1][]; [notebook 05](05_late_braking.ipynb) shows it) —
# **only one a turn**, and never for passes made off the track.
#
# [Ex. 26][] as printed: Blue reaches corner G behind Red and loses his last 3 MP (no overtaking in a corner,
# [§13.E.3][]). With BANGING WHEELS he passes Red there for 2 MP, ends in F and earns the Special at the end of his
# turn. In [Ex. 16][] Green's [3] + [3] at Stowe (modifier −3) is worth 6 thanks to the +3: a tie with Blue. The
# last run shows the limit: Blue wins a corner duel (a Track Card), then overtakes Pink — no second card.
#
# [Ex. 16]: ../../docs/rules/rf90_rules_digest.md#ex-16
# [Ex. 26]: ../../docs/rules/rf90_rules_digest.md#ex-26
# [§12]: ../../docs/rules/rf90_rules_digest.md#s12
# [§13.E.3]: ../../docs/rules/rf90_rules_digest.md#s13-e-3
# [§13.F.1]: ../../docs/rules/rf90_rules_digest.md#s13-f-1

# %%
show("banging_wheels")

# %% [markdown]
# ## SAVE FUEL — *Poupa Gasolina* (§26.3)
#
# **Bonus:** each time the car moves with **only cards ≤ 2**, its **refuel chit** (*ficha de reabastecimento*)
# moves **1 space forward** (fuel for one more turn, [§8][]). And in phase B, instead of the normal draw, the player
# may **discard a card > 2** (Track Cards too) to draw **two** Race Cards. **Special:** a Track Card whenever the
# car moves with cards ≤ 2.
#
# *[AMB-8][]:* the card says "at the end of your turn"; the 2nd-edition turn (p.14) and the LUCKY example put the
# draw in **phase B**, and so does the engine.
#
# [AMB-8]: ../../docs/rules/rf90_rules_digest.md#amb-8
# [§8]: ../../docs/rules/rf90_rules_digest.md#s8

# %%
show("save_fuel")

# %% [markdown]
# ## LUCKY — *Compra 2, escolhe 1* (§26.4) — Ex. 10
#
# **Bonus:** in phase B draw **two** Race Cards instead of one, then discard **a card from hand** — either new
# card or any other. **Special:** if the two cards drawn share their **value** or their **colour**, reveal them
# and take a Track Card ([Ex. 10][], [§9.2][]).
#
# *[AMB-9][] — a house rule.* Phase B (p.14) says "draw two and **discard** one"; the card says you "**may**"
# discard. The engine follows the recommended reading (mandatory: the net gain is one card, as the title "draw
# 2, choose 1" says) and offers the other as the switch `lucky_discard_mandatory`. The second run flips it:
# `draw` with no card named keeps all three cards.
#
# [AMB-9]: ../../docs/rules/rf90_rules_digest.md#amb-9
# [Ex. 10]: ../../docs/rules/rf90_rules_digest.md#ex-10
# [§9.2]: ../../docs/rules/rf90_rules_digest.md#s9-2

# %%
show("lucky")

# %%
print("house rule lucky_discard_mandatory — default:", Rules().lucky_discard_mandatory)
print(HOUSE_RULE_DOCS["lucky_discard_mandatory"])

# %% [markdown]
# Step through [Ex. 10][] (the first run) on the track: ⏮ ◀ ▶ ⏭, the slider, the sentence and the log.
#
# [Ex. 10]: ../../docs/rules/rf90_rules_digest.md#ex-10

# %%
# NBVAL_IGNORE_OUTPUT
ScenarioPlayer(demos.play("lucky")[0].race)  # Ex. 10: two orange [2]s, a Track Card, one discard

# %% [markdown]
# ## BALANCE — *Ganha trajetórias grátis* (§26.5)
#
# **Bonus:** standing on a **trajectory** (*trajetória*) or an Extreme Trajectory, the player **does not need a
# card of its colour** to use its bonus ([§13.D][] normally asks for one). **Special:** a Track Card when on a
# trajectory **and** a movement card **does** match its colour.
#
# Blue stands on I.t1, a red/green +2 trajectory, holding only orange cards. Without BALANCE the engine offers no
# `+traj` play and ignores the trajectory. With BALANCE the orange R55 takes the +2 (and pays I.t1's damage
# symbol), but earns no Track Card; a red card earns it.
#
# [§13.D]: ../../docs/rules/rf90_rules_digest.md#s13-d

# %%
show("balance")

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
show("hazard")

# %% [markdown]
# ## PUSH — *Combina cartas +2 com outros valores* (§26.7)
#
# **Bonus:** a **[2]** may be paired with a **[3], [4], [5] or [6]** — pairs the normal rule forbids (only
# [1] + any and [2] + [2], [§13.C][], [AMB-4][]). **Each time**, the refuel chit moves **back 1** turn: beware of
# running out of fuel (*pane seca*). **Special:** a Track Card when the player spends **2 or more tyre chips** in the
# turn (chips, not cards).
#
# [AMB-4]: ../../docs/rules/rf90_rules_digest.md#amb-4
# [§13.C]: ../../docs/rules/rf90_rules_digest.md#s13-c

# %%
show("push")

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
# The engine follows the Notes. (*[AMB-8][]:* the draw is in phase B.)
#
# The first run plays two Game Turns: Red moves first, Blue chases him and gets +1 MP; next turn Red's R55 is
# reserved and Blue takes it, then ends in Red's section.
#
# [AMB-11]: ../../docs/rules/rf90_rules_digest.md#amb-11
# [AMB-8]: ../../docs/rules/rf90_rules_digest.md#amb-8

# %%
show("chase")

# %% [markdown]
# ## RECOVERY — *Facilita ultrapassagem em Robôs Slow e Fast* (§26.9) <STK>
#
# **Bonus:** for a car at the back of a slow field: pass **Fast and Slow robots** for **0 MP on a straight**,
# **1 MP in a braking zone** and **2 MP in a corner** (where passing them is normally forbidden, [§17.4][]).
# **Special:** at the **end of the individual turn**, a Track Card if a **Fast or Slow robot is still ahead on the
# same lap**. Marked <STK>: not for the Basic game ([§28][]).
#
# [§17.4]: ../../docs/rules/rf90_rules_digest.md#s17-4
# [§28]: ../../docs/rules/rf90_rules_digest.md#s28

# %%
show("recovery")

# %% [markdown]
# ## The 10th strategy (§26, AMB-7)
#
# "There are 10 different strategies" (p.8), but Appendix A describes nine. The engine keeps a 10th slot
# (`Strategy.TENTH`) so that data and tables can name it, and refuses to play it.

# %%
show("tenth")

# %% [markdown]
# # Part 2 — the skills (Appendix B, §27)

# %% [markdown]
# ## QUALIFY (§27, §7.1)
#
# **+2** to the qualifying value (*Qualificação*); **+1 MP** in the start turn and at restarts ([§22][]); **2 Track
# Cards** at the start of the race (on top of the Hard tyres' one, [§9.2][]).
#
# [§22]: ../../docs/rules/rf90_rules_digest.md#s22
# [§9.2]: ../../docs/rules/rf90_rules_digest.md#s9-2

# %%
show("qualify")

# %% [markdown]
# ## VERSATILITY (§27, §13.A.2)
#
# The player may **change strategy during the race**: he declares it in **phase A.2** and rotates the skill token
# 90°. At any pit stop the token turns back, so it can be used again (the strategy can also be changed at the pit
# stop itself). Here Blue swaps SAVE TYRES for PUSH, and [2] + [4] becomes a legal pair in the same turn.

# %%
show("versatility")

# %% [markdown]
# ## LAPPING (§27)
#
# **0 MP** to **lap** backmarkers (*retardatários*) on **straights and in braking zones**, **1 MP in corners**
# (normally 1 and 2, [§13.E.4][]); **+1 MP for each blue-flag symbol** on the cards played for movement. At the start
# and at restarts lapping is free (the Leader check may still be needed, [§20][]). It works in the last turn too.
#
# [§13.E.4]: ../../docs/rules/rf90_rules_digest.md#s13-e-4
# [§20]: ../../docs/rules/rf90_rules_digest.md#s20

# %%
show("lapping")

# %% [markdown]
# ## PITTING (§27, §13.A.3)
#
# At every pit stop the car goes back **2 sections fewer** than the pit stop time (here −8 + 2 = 6), and takes
# **one more Track Card**, which does **not** count toward the hand limit ([AMB-45][]).
#
# [AMB-45]: ../../docs/rules/rf90_rules_digest.md#amb-45

# %%
show("pitting")

# %% [markdown]
# ## REFLEXES (§27, §13.D.2)
#
# **+20 on every test**: a green card's, a late braking's, an Extreme Trajectory's, the Leader check ([§20][]) and the
# off-track recovery tests ([§18.1][]) — the only skill that helps during a recovery. [Ex. 23][]: a blind test at −10 in
# the rain (−20) is a −30 test; with REFLEXES it is a −10 test, and the same (77) passes.
#
# [Ex. 23]: ../../docs/rules/rf90_rules_digest.md#ex-23
# [§18.1]: ../../docs/rules/rf90_rules_digest.md#s18-1
# [§20]: ../../docs/rules/rf90_rules_digest.md#s20

# %%
show("reflexes")

# %% [markdown]
# ## TUNING (§27, §6.2) — spelled "TUNNING" in the manual
#
# The player may spend up to **8 setup points** (*pontos de setup*; normally 6), never more than **3 in one
# characteristic** (tyres, cards, wear slots). At each pit stop he may also remove **one permanent damage**
# (*dano permanente*, a brown token) besides all the red ones. (The 7-card token's 3 points are presumed: the
# manual states only some values, [§6.2][].)
#
# [§6.2]: ../../docs/rules/rf90_rules_digest.md#s6-2

# %%
show("tuning")

# %% [markdown]
# ## WISE DRIVING (§27, §13.A.2)
#
# As the **first action of his turn** (phase A.2) the player may discard all or part of his hand and draw new
# **Race Cards** up to the panel's card number — **Track Cards do not count** toward it. The token is rotated:
# once between pit stops. After a pit stop his Track Cards do not count toward the hand limit either ([§13.A.3][]).
#
# [§13.A.3]: ../../docs/rules/rf90_rules_digest.md#s13-a-3

# %%
show("wise_driving")

# %% [markdown]
# ## RAIN EXPERT (§27, §16.2)
#
# In **intermediate** weather (*Garoa*) his **Rain or Hard** tyres (*chuva / duro*) carry **no penalty**. If he
# **starts on Rain tyres** he gets **3 blue tyre tokens** (*token azul*: +1 MP each, at most one a turn), even in
# intermediate weather. Every other wrong-tyre case is penalised as usual ([§16.2][]). *[AMB-33][]:* p.18 seems to free
# every tyre in uncertain weather; the engine follows the skill's text (Soft still −1).
#
# [AMB-33]: ../../docs/rules/rf90_rules_digest.md#amb-33
# [§16.2]: ../../docs/rules/rf90_rules_digest.md#s16-2

# %%
show("rain_expert")

# %% [markdown]
# ## FLAT OUT (§27) <STK>
#
# An expert at **Extreme Trajectories** (*Trajetória Extrema*): when he takes one he **may skip its blind test**
# and still gets the bonus — **reduced by 1**. The colour rule still applies. Marked <STK>: not for the Basic game.
# The engine offers it as the play option `et=flat`.

# %%
show("flat_out")

# %% [markdown]
# ## SIXTH SENSE (§27, AMB-15) — incomplete
#
# "Anticipates race events": at the start of his turn the player has **3 flag tokens**; when all are used the
# card is rotated 90°, and it returns after each pit stop; "none of these flags may be used more than once." The
# manual's text **ends there**: which flags, and how they are played, is NOT IN SOURCE. The engine marks the skill
# incomplete and refuses it.

# %%
show("sixth_sense")

# %% [markdown]
# # What the book leaves open — and what the engine reads (§31)
#
# | tag | where | the engine's reading |
# |---|---|---|
# | [AMB-7][] | the 10th strategy | NOT IN SOURCE: `RuleUnavailable` |
# | [AMB-8][] | SAVE FUEL, LUCKY, CHASE "at the end of your turn" | their draws happen in **phase B** |
# | [AMB-9][] | LUCKY "may discard" vs phase B "discard" | mandatory; **house rule** `lucky_discard_mandatory` |
# | [AMB-10][] | HAZARD's +1 MP for a late braking | read as the 2-section advance |
# | [AMB-11][] | CHASE's target, timing, robot targets | the Notes: anyone ahead on the same lap, phase A; robot → +1 MP |
# | [AMB-15][] | SIXTH SENSE's flags | NOT IN SOURCE: `RuleUnavailable`, skill marked incomplete |
#
# The same list, from the engine:
#
# [AMB-10]: ../../docs/rules/rf90_rules_digest.md#amb-10
# [AMB-11]: ../../docs/rules/rf90_rules_digest.md#amb-11
# [AMB-15]: ../../docs/rules/rf90_rules_digest.md#amb-15
# [AMB-7]: ../../docs/rules/rf90_rules_digest.md#amb-7
# [AMB-8]: ../../docs/rules/rf90_rules_digest.md#amb-8
# [AMB-9]: ../../docs/rules/rf90_rules_digest.md#amb-9

# %% tags=["presenter-show"]
for tag, reading in demos.ambiguities():
    print(f"{tag:<7} {reading}")

# %% [markdown]
# # Try it: every strategy and skill
#
# Pick a strategy or a skill from the dropdown and one of its runs: the engine replays it, the lines where it
# acts are highlighted, and the track view below steps through the same race (⏮ ◀ ▶ ⏭).

# %%
# NBVAL_IGNORE_OUTPUT
StrategyDemos("banging_wheels")

# %% [markdown]
# **See also.** [Notebook 04](04_duels.ipynb) plays duels (BANGING WHEELS' +3), [notebook 05](05_late_braking.ipynb)
# late braking (HAZARD, REFLEXES), [07](07_fuel_and_pits.ipynb) fuel and pit stops (SAVE FUEL, PUSH, PITTING, TUNING, QUALIFY). Each strategy's and skill's demo lives in
# `racebook/rf90/lessons/demo_catalogue.py` as plain data, with a test in `tests/rf90/lessons/test_demos.py` checking
# that it shows its effect.

# %% [markdown]
# **Next →** [12_full_race](12_full_race.ipynb): a whole race at the club table.
