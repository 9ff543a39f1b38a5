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
# # F2 — Overtaking and battles (FormulaGP)
#
# **You need:** [F1_cards_gears_and_movement](F1_cards_gears_and_movement.ipynb) (how far a card takes your car).
#
# Orange has stopped a tile behind Green with 2 OT: should it attack, and with which cards? You see your own hand,
# but of Green's only how many cards it holds. Below, the engine prices every bid you may lay: the **exact** chance
# of overtaking, of a tie and of failing, from Green's real 45-card deck less what you saw it discard. Change the
# side, the number of cards it holds, what you remember or how it plays. Most card LEDs, the board's LEDs and the
# circuit are **invented for teaching** (the source does not print them); the OT capacity of 2 is Example 17's.

# %% tags=["nbval-ignore-output"]
from racebook.formulagp.ui import BattleSandbox

sandbox = BattleSandbox()
sandbox.widget

# %% [markdown]
# The picture is the teaching circuit (not to scale); the table lists your legal bids, the best in bold.
#
# **After this notebook you can:**
#
# * say when a car passes another **without a battle** (a free pass) and when it must **stop**;
# * work out the **OT** a stop gives you, up to the cap, and what the **Slipstream** adds;
# * fight a **battle**: which cards you may lay, how the LEDs add up, what a win, a loss and a **tie** do — and
#   price a bid exactly against cards you cannot see;
# * say what **Wheel-to-Wheel** and **DRS** do;
# * replay Examples 14–18, 26 and BOT Example 30 step by step.
#
# <details><summary>Book references</summary>
#
# **Digest sections:** [§13.1][] (free passes), [§13.2][] (the forced stop, OT, declaring), [§13.3][] (the battle
# cards and the LEDs), [§13.4][] (the results, ties), [§13.5][] (Wheel-to-Wheel), [§11.5][] (Slipstream spaces),
# [§11.6][] (DRS), [§15][] (stress), [§22.10][] (a Rookie BOT's battles); card faces and boards A1, A2 ([§24][]).
#
# **In the engine:** `racebook/formulagp/rules/battle.py` (who may declare, the cards, the totals, the result),
# `rules/passing.py` (free pass or stop), `battles.py` (the BATTLE phase), `w2w.py`, `drszone.py`;
# `racebook/formulagp/analysis/battleodds.py` prices the bids. The notebook only shows them.
#
# </details>
#
# [§11.5]: ../../docs/rules/formulagp_rules_digest.md#gp-s11-5
# [§11.6]: ../../docs/rules/formulagp_rules_digest.md#gp-s11-6
# [§13.1]: ../../docs/rules/formulagp_rules_digest.md#gp-s13-1
# [§13.2]: ../../docs/rules/formulagp_rules_digest.md#gp-s13-2
# [§13.3]: ../../docs/rules/formulagp_rules_digest.md#gp-s13-3
# [§13.4]: ../../docs/rules/formulagp_rules_digest.md#gp-s13-4
# [§13.5]: ../../docs/rules/formulagp_rules_digest.md#gp-s13-5
# [§15]: ../../docs/rules/formulagp_rules_digest.md#gp-s15
# [§22.10]: ../../docs/rules/formulagp_rules_digest.md#gp-s22-10
# [§24]: ../../docs/rules/formulagp_rules_digest.md#gp-s24

# %% [markdown]
# ## What is printed, and what is invented
#
# The source states the ACTION deck's **composition** (45 cards: GREEN 12, RED 10, BLUE 4, ORANGE 4, Tyre Wear 8,
# Option 6, Draw Failure 1, [§3][]) but not the **LEDs** printed on each card (A2), except an Option card's +1: the
# project's other faces are invented for teaching, GREEN weakest and BLUE strongest. The OT and ERS LEDs of the
# teaching board are invented too (A1); its OT capacity of 2 is Example 17's. The deck, by what a battle reads of a
# card:
#
# [§3]: ../../docs/rules/formulagp_rules_digest.md#gp-s3

# %%
from collections import Counter

from IPython.display import HTML, SVG, display

from racebook.formulagp.components import cards
from racebook.formulagp.ui.battle import before, before_attack, odds_html, replay_lines
from racebook.formulagp.ui.movement import picture

deck = Counter((c.type.value, c.leds) for c in cards().action)
leds = {k: v for k, v in cards().sources.items() if k.endswith(".leds")}
invented = sum(v.startswith("invented-for-teaching") for v in leds.values())
print(f"{sum(deck.values())} ACTION cards in {len(leds)} groups, the LEDs of {invented} groups invented for teaching:")
for (kind, leds), n in sorted(deck.items()):
    print(f"  {n:2} × {kind:12} {leds} LED{'s' if leds != 1 else ''}")

# %% [markdown]
# ## 1. Passing without a battle (§13.1)
#
# * A **free pass**: a car may drive onto another car's tile with its regular MP only when **at least one empty lane**
#   separates them. **A double-lane space counts as one lane.**
# * Once on the tile, it moves freely: lane changes, and past the other car.
# * In race rounds 1–2 every pass is free.
#
# Example 14: Red shifts one lane right, so an empty lane separates it from Blue, and drives past.

# %%
for line in replay_lines("fgp_ex14_an_empty_lane_between_is_a_free_pass", ("CardsPlayed", "Moved", "TurnEnded")):
    print(line)

# %% [markdown]
# Had Red stayed in the middle lane, the engine would have stopped it — and says why:

# %%
middle = before("fgp_ex14_an_empty_lane_between_is_a_free_pass", "Red to T10.3.2")
verdict = middle.explain("Red to T11.2.1")
print(f"Red to T11.2.1: {'legal' if verdict.legal else 'refused'} — {verdict.reason} ({verdict.rule})")

# %% [markdown]
# Example 15: Red enters Grey's tile with an empty lane between them, then changes lanes and drives past Grey.
# Example 16: Blue cannot use the double-lane space (lanes 2 and 3) to pass Orange in lane 4: it must stop.

# %%
print("Example 15")
for line in replay_lines("fgp_ex15_on_the_tile_the_car_moves_freely", ("Moved",)):
    print(line)
print("Example 16")
for line in replay_lines("fgp_ex16_a_double_lane_space_is_one_lane", ("Moved", "ForcedStop")):
    print(line)

# %% [markdown]
# ## 2. The forced stop and OT, up to the cap (§13.2)
#
# * A move that would take a car onto an opponent's tile in the **same or an adjacent lane** must **stop** on the
#   forward-most space of its own tile.
# * **All the MP left become OT**, up to the car's **maximum OT**; the rest is lost at once.
# * Then the car **ends** its move (the OT drops to 0) or **declares a battle**: from an adjacent lane with at least
#   1 OT, or from a Slipstream space behind the opponent, able to step left or right, with at least 2 OT.
#
# Example 17: Orange has 4 MP, drives 1 space and stops a tile behind Green; 3 MP become OT, the cap is 2, 1 is lost.

# %%
for line in replay_lines("fgp_ex17_leftover_mp_become_ot_up_to_the_cap"):
    print(line)

# %% tags=["presenter-show"]
SVG(picture(before_attack("fgp_ex17_leftover_mp_become_ot_up_to_the_cap")))

# %% [markdown]
# ## 3. The Slipstream (§11.5)
#
# * A **Slipstream space** holds as many cars as it has car shadows; it lets a car onto an occupied tile **without a
#   battle**.
# * Stopping there **behind an opponent** gives **+2 OT** (up to the maximum), used only to overtake this turn —
#   even when no regular MP are left. Not in race rounds 1–2.
# * Attacking from it, the first OT point steps one space **sideways**, then the car drives on.
#
# Example 18's Red drives into the Slipstream shadow behind Grey: 2 MP left, and the Slipstream's +2, capped at 2.

# %%
for line in replay_lines("fgp_ex18_the_slipstream_car_joins_the_w2w", ("CardsPlayed", "ForcedStop")):
    print(line)

# %% [markdown]
# BOT Example 30: a Rookie BOT attacks from the Slipstream space with at least 2 OT. Its OT comes from its BATTLE
# card (3 OT here); P yields, so the Rookie overtakes, its first point sideways.

# %%
for line in replay_lines("fgp_ex30_slipstream_minimum_two_ot"):
    print(line)

# %% [markdown]
# ## 4. The battle: cards, LEDs, result (§13.3, §13.4)
#
# * Both sides lay cards **face down**. The attacker lays at least 1 movement or Tyre Wear card; the defender the
#   same, or **declines** (the attack succeeds). At most two movement cards, as a **pair** (one colour, ORANGE wild,
#   BLUE + BLUE allowed; no pairs when Stressed); any number of Tyre Wear (+1 wear each) and Option cards on top.
# * Reveal and count **LEDs**: the cards' LEDs, + the **attacker's OT level** LEDs, + at most **one ERS charge**
#   each (the LEDs beside its level), − 2 with **Cold Tyres**.
# * **More** for the attacker: it drives forward one space per OT point. **Fewer**: both stay. **A tie**: both stay
#   and **both drivers take +1 stress**.
#
# Example 17 again, Orange attacking: each of its bids against each of Green's, resolved by the engine.

# %%
race = before_attack("fgp_ex17_leftover_mp_become_ot_up_to_the_cap")
race.apply("Orange attack Green")
for mine, theirs in (("Orange bid W1 +ers", "Green bid R2"), ("Orange bid W1", "Green bid R2 +ers")):
    r = race.clone()
    r.apply(mine)
    r.apply(theirs)
    said = [e.body() for e in r.events if type(e).__name__ in ("BattleRevealed", "BattleResolved", "StressMoved")]
    print(f"{mine} / {theirs}:\n    " + "\n    ".join(said))

# %% [markdown]
# ## 5. The exact chance of winning (§13.3, §13.4)
#
# You cannot see Green's cards — only **how many** it holds. The odds come from its deck's real composition less
# the cards you saw it discard (its discard pile: each went there face up), every hand of that many cards weighted
# by how many ways it can be dealt, and a **model** of Green's choice: its strongest bid. The engine's list of your
# bids, each with its chance:

# %%
from racebook.formulagp.analysis import battleodds

odds = battleodds.battle_odds(race, "Orange")
display(HTML(odds_html(odds)))

# %% [markdown]
# The ERS charge turns a likely loss into a better-than-even chance. What the viewer sees is all that counts: give
# Green other cards of the same number and the odds do not move (they read the position as Orange sees it,
# `racebook.formulagp.visibility`):

# %%
other = race.clone()
other.state.cars["Green"].hand = ["B1", "B2"]  # Green's real cards swapped for two BLUE cards
print("the same odds:", battleodds.battle_odds(other, "Orange").bids == odds.bids)

# %% [markdown]
# The more cards Green holds, the stronger its best bid:

# %%
for n in (1, 2, 4, 6, 8):
    r = race.clone()
    r.state.cars["Green"].hand = battleodds.unseen_pool(r.state, "Orange", "Green")[:n]
    o = battleodds.battle_odds(r, "Orange")
    b = o.best()
    print(f"Green holds {n}: best {b.bid.split(' ', 1)[1]:10} overtake {float(b.overtake):6.1%}, "
          f"tie {float(b.tie):6.1%}, fail {float(b.fail):6.1%}")

# %% [markdown]
# ## 6. Wheel-to-Wheel (§13.5)
#
# * A car that **ends a round on the same tile** as another car (at least one of them on a regular space) takes a
#   W2W token, **'VS'** side up; at the next round's end still side by side, it flips to **'Stress'**, +1 stress;
#   then +1 stress again and the token goes.
# * W2W-token cars **pass each other freely**, and may push each other; a car without a token still needs a battle.
#
# Example 18: Grey and Blue hold 'VS' tokens; Red joins them from the Slipstream shadow behind Grey.

# %%
for line in replay_lines("fgp_ex18_the_slipstream_car_joins_the_w2w", ("W2WToken", "StressMoved")):
    print(line)

# %% [markdown]
# ## 7. DRS (§11.6)
#
# * A car that **ends its move behind cars in the same DRS zone** must at once move forward, in its lane, to the tile
#   behind the next car ahead, as far as it can.
# * Not in race rounds 1–2, under the Safety Car, in Yellow Flag zones, after a reduction, or when the car ahead has
#   a **different lapping status**.
#
# Example 26: Lead (on the lead lap) jumps past the lapped car to the tile behind Other; Blue2 (a lap down) only up
# to the lapped car ahead of it.

# %%
for line in replay_lines("fgp_ex26_drs_only_with_the_same_lapping_status", ("DrsMoved",)):
    print(line)

# %% tags=["presenter-show"]
SVG(picture(before("fgp_ex26_drs_only_with_the_same_lapping_status", "Lead play G4")))

# %% [markdown]
# ## 8. Step through every example
#
# Choose an example and step with |◀ ◀ ▶ ▶|: each action in words, the events it caused with their rules, the
# picture after it. Every example is a seeded scenario (`racebook/formulagp/scenarios/`), the same positions the
# tests replay.

# %% tags=["nbval-ignore-output"]
from racebook.formulagp.ui import ExampleStepper
from racebook.formulagp.ui.battle import EXAMPLES

ExampleStepper(EXAMPLES[0], EXAMPLES).widget

# %% [markdown]
# ## What to remember
#
# * An empty lane between the cars: a free pass. Same or adjacent lane: stop; the MP left become OT, up to the cap.
# * Attack from an adjacent lane with 1 OT, or from a Slipstream space with 2; cards face down, LEDs + OT level + one
#   ERS charge; more wins, fewer fails, a tie gives both +1 stress.
# * Price a bid from what you see: the deck's composition less what was shown, and how many cards they hold.
# * Side by side at the round's end: W2W. Behind a car in a DRS zone, same lapping status: DRS.

# %% [markdown]
# **Next →** [F3_hazards_pits_and_race_control](F3_hazards_pits_and_race_control.ipynb): the dice and hazard
# checks with their exact odds, spins, pit stops and when to make them, the Safety Car, the Red Flag, lapping and
# the classification; back to [F1_cards_gears_and_movement](F1_cards_gears_and_movement.ipynb).
