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
# # F1 — Cards, gears and movement (FormulaGP)
#
# **You need:** [F0_first_race](F0_first_race.ipynb), FormulaGP's first race.
#
# How far does a card take your car? Pick a position and a play below: the engine adds up the movement points (MP)
# term by term. The player board's numbers, the card faces and the circuit are **invented for teaching** — the
# rulebook prints none of them; only GREEN in 6th gear = 2 MP and the Soft tyres' +3 are stated.

# %% tags=["nbval-ignore-output"]
from racebook.formulagp.ui import MovementCalculator

calculator = MovementCalculator()
calculator.widget

# %% [markdown]
# The picture is the teaching circuit (not to scale); the ringed car is the one to play. Under it, each term of the MP
# with its rule, then how far the move may still be cut or stretched.
#
# **After this notebook you can:**
#
# * work out a move's MP: the **gear** printed on the start tile × the **pace** (the card's colour) on the player
#   board, then the tyre bonus, the Car Characteristic, Focus and damage;
# * say what a **pair** does to the pace, and when pairs are forbidden;
# * **reduce** a move (charge the ERS, Brake!) or **extend** it (ERS on a straight, a Tyre Wear card on a curve) —
#   never both in one turn;
# * work out **who moves first** in a round (the driver order);
# * replay Examples 4–13 and the "no reduce-then-extend" example step by step.
#
# <details><summary>Book references</summary>
#
# **Digest sections:** [§6.2][]–[§6.3][] (movement cards and pairs), [§8.1][] (ERS), [§8.4][] (Car
# Characteristic), [§10.1][] (the draw and ERS returns), [§10.2][] (the driver order), [§10.3][] (a driver's turn),
# [§11.1][]–[§11.3][] (speed, reduce and extend, lane changes), [§11.9][] (Brake!), [§15][] (stress and Focus);
# readings A1, A2 and N1 ([§24][]).
#
# **In the engine:** `racebook/formulagp/rules/movement.py` (`pace_of`, `movement_points`, `walk`, `adjust`), played by
# `cardplay.py` and `moving.py`; `racebook/formulagp/analysis/movement.py` itemises what they give. The notebook
# only shows it.
#
# </details>
#
# [§10.1]: ../../docs/rules/formulagp_rules_digest.md#gp-s10-1
# [§10.2]: ../../docs/rules/formulagp_rules_digest.md#gp-s10-2
# [§10.3]: ../../docs/rules/formulagp_rules_digest.md#gp-s10-3
# [§11.1]: ../../docs/rules/formulagp_rules_digest.md#gp-s11-1
# [§11.3]: ../../docs/rules/formulagp_rules_digest.md#gp-s11-3
# [§11.9]: ../../docs/rules/formulagp_rules_digest.md#gp-s11-9
# [§15]: ../../docs/rules/formulagp_rules_digest.md#gp-s15
# [§24]: ../../docs/rules/formulagp_rules_digest.md#gp-s24
# [§6.2]: ../../docs/rules/formulagp_rules_digest.md#gp-s6-2
# [§6.3]: ../../docs/rules/formulagp_rules_digest.md#gp-s6-3
# [§8.1]: ../../docs/rules/formulagp_rules_digest.md#gp-s8-1
# [§8.4]: ../../docs/rules/formulagp_rules_digest.md#gp-s8-4

# %% [markdown]
# ## What is printed, and what is invented
#
# The physical player boards are not in the source (A1), so the project uses one invented **teaching board**. Its
# speed display, read from `racebook/formulagp/data/board_teaching.toml`: **bold** is stated by the rulebook,
# *italics* are invented for teaching (higher gears faster, GREEN slowest and BLUE fastest, as [§6.2][] says).
#
# [§6.2]: ../../docs/rules/formulagp_rules_digest.md#gp-s6-2

# %% tags=["presenter-show"]
from IPython.display import HTML, SVG, display

from racebook.formulagp import scenario
from racebook.formulagp.analysis import movement, order
from racebook.formulagp.playerboard import load_board
from racebook.formulagp.ui.movement import before_first_play, board_table_html, picture

board = load_board()
print(f"the teaching board: {len(board.stated())} values stated by the rulebook, {len(board.invented())} invented")
display(HTML(board_table_html(board)))

# %% [markdown]
# ## 1. Gear × pace: the board's speed (§10.3)
#
# * The **gear** is the one printed on the tile where the car **starts** its turn (none printed: 8th). In race round
#   1 everybody drives in 2nd gear, and so does a car leaving the pit lane.
# * The **pace** is the colour of the card played: GREEN, RED or BLUE; an ORANGE card is played as GREEN or RED
#   ([§6.2][]). A BLUE card costs 1 ERS charge and allows no lane change.
# * A **pair** — a second card of the same colour, ORANGE wild — moves up one pace: GREEN + GREEN gives RED pace,
#   RED + RED gives BLUE pace (without the ERS charge). A pair owes the YELLOW die at the end of the move, and is
#   forbidden to a Stressed driver, on a no-pairs tile, in a Yellow Flag zone and while the Safety Car is out
#   ([§6.3][]).
#
# The engine's `pace_of` on each kind of play:
#
# [§6.2]: ../../docs/rules/formulagp_rules_digest.md#gp-s6-2
# [§6.3]: ../../docs/rules/formulagp_rules_digest.md#gp-s6-3

# %%
from racebook.formulagp.components import Colour
from racebook.formulagp.rules.movement import MoveCard, pace_of

G, R, B = (MoveCard(c) for c in (Colour.GREEN, Colour.RED, Colour.BLUE))
O_RED = MoveCard(Colour.ORANGE, Colour.RED)
for name, cards in (("GREEN", [G]), ("RED", [R]), ("BLUE", [B]), ("ORANGE as RED", [O_RED]),
                    ("GREEN + GREEN", [G, G]), ("RED + RED", [R, R]), ("RED + ORANGE as RED", [R, O_RED])):
    p = pace_of(cards)
    print(f"{name:20} → {p.pace.value:5} pace, ERS cost {p.ers_cost}, wear per lane change "
          f"{p.wear_per_lane_change}, lane changes {'yes' if p.lane_changes else 'no'}, "
          f"YELLOW die {'yes' if p.yellow_die else 'no'}")

# %% [markdown]
# ## 2. The other terms: tyres, Car Characteristic, Focus, damage (§10.3)
#
# To the board's speed add the **tyre bonus** (the Tyre Bonus token: 0 once the tyres are worn out), **+1** for the
# **Car Characteristic** (once per turn, not in race round 1, [§8.4][]), **+1** on the **Focus** space of the stress
# track ([§15][]), the MP of secondary functions and EVENT cards played before the move; take off what DAMAGE and
# FAILURE cards say. Example 10 is the book's own sum: a GREEN card in 6th gear is 2 MP, the Soft tyres add +3: **5
# spaces**.
#
# [§15]: ../../docs/rules/formulagp_rules_digest.md#gp-s15
# [§8.4]: ../../docs/rules/formulagp_rules_digest.md#gp-s8-4

# %% tags=["presenter-show"]
race, play = before_first_play("fgp_ex10_green_in_sixth_gear")
b = movement.breakdown(race, play)
print(b.sentence())

# %% tags=["presenter-show"]
SVG(picture(race))

# %% [markdown]
# The same position, changed one thing at a time (on copies of the race: the engine prices each play). Grey on the
# Focus space; Grey with a DAMAGE card that takes 1 MP off (its text is invented for teaching); Grey using its Car
# Characteristic:

# %%
from racebook.formulagp.incidentcards import incident_cards

focused, damaged = race.clone(), race.clone()
focused.state.cars["Grey"].stress = 0
damaged.state.cars["Grey"].damage = [next(c.code for c in incident_cards().cards if c.name == "Front wing damage")]
for what, r, p in (("on the Focus space", focused, play), ("with Front wing damage", damaged, play),
                   ("using the Car Characteristic", race, play + " +char")):
    print(f"{what:30} {movement.breakdown(r, p).equation()}")

# %% [markdown]
# ## 3. Reduce or extend, never both (§11.2)
#
# Once the MP are known, a move may be cut short or stretched — one or the other, never both in one turn:
#
# * **reduce** (at any point of the move — the engine's reading of Example 4): **charge the ERS**, −1 MP for +1
#   charge (not when full, not after a BLUE card), or **Brake!**: play a Tyre Wear card, −1 MP and +1 tyre wear
#   ([§11.9][]);
# * **extend** (only after the regular move): +1 MP for an **ERS charge** if the car stands on a **straight**, or
#   for a **Tyre Wear card** (+1 wear) if it stands on a **curve**.
#
# Example 4: 5 MP; the car drives 3 spaces and turns the other 2 into +2 ERS.
#
# [§11.9]: ../../docs/rules/formulagp_rules_digest.md#gp-s11-9

# %%
def replay(sid: str) -> None:
    """Play a shipped example and say, from its events, where every MP went."""
    sc = scenario.read(sid)
    r = sc.race()
    for car in dict.fromkeys(a.split()[0] for a in sc.actions if " play " in a):
        t = movement.tally(r.events, car)
        print(f"{car}: {t.mp} MP, {t.reduced} reduced, {t.extended} extended → {t.driven} spaces driven "
              f"({t.stopped_with} MP left at a stop); ERS {sc.state.cars[car].ers} → {r.state.cars[car].ers}, "
              f"tyre wear {sc.state.cars[car].wear} → {r.state.cars[car].wear}")


replay("fgp_ex04_drive_3_charge_2")

# %% [markdown]
# Example 11: car B ends its regular move on a curve, so it extends with a Tyre Wear card (+1 wear); on a straight
# it would spend an ERS charge. Example 13: all 5 MP would end in the corner, there is no battle to turn them into OT
# and the ERS is full — so Brake! twice, and stop on the straight (+2 wear).

# %%
replay("fgp_ex11_extend_with_ers_or_a_tyre_wear_card")
replay("fgp_ex13_brake_to_stop_on_the_straight")

# %% [markdown]
# The rulebook's own warning ([§11.2][]): you may not charge the ERS to stop in a corner and then play a Tyre Wear card
# to extend. The engine refuses it, and says why:
#
# [§11.2]: ../../docs/rules/formulagp_rules_digest.md#gp-s11-2

# %%
sc = scenario.read("fgp_exx2_no_reduce_then_extend")
r = sc.race(play=False)
for a in sc.actions[:-1]:
    r.apply(a)
verdict = r.explain("Grey extend W1")
print(f"Grey extend W1: {'legal' if verdict.legal else 'refused'} — {verdict.reason} ({verdict.rule})")

# %% [markdown]
# ## 4. Lane changes (§11.3)
#
# A lane change is a step sideways: 1 MP, never diagonal, never back to a space already left. With a RED or ORANGE
# card each change costs +1 tyre wear; with GREEN it is free; with BLUE there is none. Example 12 changes lane onto
# the kerb of a left-hander:

# %%
r = scenario.read("fgp_ex12_a_lateral_lane_change_onto_the_kerb").race()
for e in r.events:
    if type(e).__name__ in ("CardsPlayed", "Moved"):
        print(e.body())

# %%
SVG(picture(r))

# %% [markdown]
# ## 5. Who moves first: the driver order (§10.2)
#
# Each round the order is worked out from the race leader back: a car on a tile further ahead moves first (item 1);
# on one tile, the lane nearer the inside of the next corner first (item 2) — unless that lane ends before the
# corner (item 3); in one lane, the car ahead first (item 4); a car in a Slipstream space counts as the lane of the
# car it is tucked behind and moves right after it (item 5, Example 9; reading N1). Examples 6–9, each car with the
# rule that placed it (the engine's `driver_order`, checked against the order the race set):

# %%
for sid in ("fgp_ex06_alone_ahead_then_the_inside", "fgp_ex07_a_lane_that_ends",
            "fgp_ex08_the_lane_counts_not_the_space", "fgp_ex09_the_slipstream_car_counts_as_the_lane_ahead"):
    sc = scenario.read(sid)
    print(sc.title.split(" — ")[0])
    for p in order.explained(sc.race(play=False), sc.prelude):
        print(f"  {p.place}. {p.car:6} at {p.at}: {p.why}")

# %% tags=["presenter-show"]
SVG(picture(scenario.read("fgp_ex09_the_slipstream_car_counts_as_the_lane_ahead").race(play=False)))

# %% [markdown]
# ## 6. ERS returns (§10.1)
#
# After the draw, a car may put back up to as many of the cards it drew this round as its ERS level shows LEDs, and
# draw as many again. Example 5: an ERS level with 2 LEDs, so Grey returns 2 cards and draws 2.

# %%
r = scenario.read("fgp_ex05_ers_returns").race()
print(r.events[-1].body())

# %% [markdown]
# ## 7. Step through every example
#
# Choose an example and step with |◀ ◀ ▶ ▶|: each action in words, the events it caused with their rules, the
# picture after it and, for a card play, its MP term by term. Every example is a seeded scenario
# (`racebook/formulagp/scenarios/`), the same positions the tests replay.

# %% tags=["nbval-ignore-output"]
from racebook.formulagp.ui import ExampleStepper

ExampleStepper().widget

# %% [markdown]
# ## What to remember
#
# * MP = the board's speed for the **start tile's gear** × the **pace**, + tyre bonus, + Characteristic, + Focus,
#   − damage. A pair moves the pace up one colour and owes the YELLOW die.
# * Reduce (ERS charge, Brake!) **or** extend (ERS on a straight, Tyre Wear on a curve) — never both.
# * The order: tile ahead, then the inside lane (if it goes on), then the car ahead; a Slipstream car follows its car.

# %% [markdown]
# **Next →** [F2_overtaking_and_battles](F2_overtaking_and_battles.ipynb): passing, the Slipstream, battles with
# the exact chance of winning, Wheel-to-Wheel and DRS.
