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
# # 05a — Late braking, part 1: the rule and the book's examples
#
# **You need:** [01a_movement](01a_movement.ipynb), [01b_passing](01b_passing.ipynb),
# [02_check_tests](02_check_tests.ipynb), [03_activation](03_activation.ipynb).
#
# Blue ends his move in the braking zone before Abbey, stuck behind two cars, and **brakes late** ([Ex. 31][]). Press
# ▶ to follow it: the blind test, the two cars passed, and beside the track the off-track route he escaped.
#
# [Ex. 31]: ../../docs/rules/rf90_rules_digest.md#ex-31

# %% tags=["nbval-ignore-output"]
import racebook
from racebook.rf90.ui.latebraking import LateBrakingPlayer

ex31 = racebook.load_scenario("ex31")
LateBrakingPlayer(ex31, route="Abbey-brake")  # ◀ ▶

# %% [markdown]
# On the route: ○ = Normal recovery test, ● = blind, the number = its printed modifier; green/red = the pass/fail
# arrows; the green bar = the re-entry point.
#
# **After this part you can** say when a car may try a **late braking** (*Atraso de Freada*, LB) and compute its
# blind test; tell what a success gives and what a Track Card's **LB Discard Power** does; follow a failed car along
# the **off-track route** (*Manobra de Recuperação*) to its **re-entry point** and into its next turn — with the
# book's [Ex. 31][], 34, 38 and 33. [Part 2](05b_late_braking_in_the_race.ipynb) puts late braking in the race:
# HAZARD, the leader, Crash Out and "should I late-brake?".
#
# <details><summary>Book references</summary>
#
# **Digest sections:** [§13.F.1][] (late braking), [§13.D.2][] (tests and modifiers), [§18.1][]–[§18.6][] (off track,
# recovery, re-entry, retiring), [§19.3][] (Discard Powers); examples **[Ex. 31][], [Ex. 34][], [Ex. 38][]** (late
# braking) and **[Ex. 33][]** (an Extreme Trajectory failure: the same recovery in phase D) ([§30][]); reading
# **[AMB-6][]** ([§31][]).
#
# </details>
#
# [AMB-6]: ../../docs/rules/rf90_rules_digest.md#amb-6
# [Ex. 31]: ../../docs/rules/rf90_rules_digest.md#ex-31
# [Ex. 33]: ../../docs/rules/rf90_rules_digest.md#ex-33
# [Ex. 34]: ../../docs/rules/rf90_rules_digest.md#ex-34
# [Ex. 38]: ../../docs/rules/rf90_rules_digest.md#ex-38
# [§13.D.2]: ../../docs/rules/rf90_rules_digest.md#s13-d-2
# [§13.F.1]: ../../docs/rules/rf90_rules_digest.md#s13-f-1
# [§18.1]: ../../docs/rules/rf90_rules_digest.md#s18-1
# [§18.6]: ../../docs/rules/rf90_rules_digest.md#s18-6
# [§19.3]: ../../docs/rules/rf90_rules_digest.md#s19-3
# [§30]: ../../docs/rules/rf90_rules_digest.md#s30
# [§31]: ../../docs/rules/rf90_rules_digest.md#s31

# %%
from racebook.rf90.analysis import odds
from racebook.rf90.lessons import latebraking as lb
from racebook.rf90.lessons.notebook import book_table, say, show_assumed
from racebook.rf90.ui.latebraking import describe_route

# %% [markdown]
# ## The rule in plain English
#
# **When.** A car that **ended its movement** in a **braking zone** (*seção de Freio*, grey border) carrying the
# **LB symbol** may announce a late braking in phase **F.1**, at the end of its turn ([§13.F.1][]) — even when the
# zone is empty (the gain is then one section). **One late braking per turn.** Robots late-brake only when the
# orange-flag holder forces them (part 2).
#
# **The test.** A **blind test** (*Teste Cego*): the top card of the Race deck against the **Target Check** plus the
# **LB modifier** printed on the board (e.g. −20), **−20 in rain**, **+20 with REFLEXES**. It passes when the drawn
# check factor is **equal to or lower than** the target; pass or fail, the drawn card **becomes the new Target
# Check** ([§13.D.2][]).
#
# **Success.** The car **passes every car in the braking zone** and **advances to the next section**. A Track Card's
# **LB Discard Power** is an automatic success **with no test**, in any LB zone ([§19.3][]).
#
# **Failure.** The car leaves the track and follows the **off-track route** printed beside that zone until it
# reaches a **re-entry point** (the green car icon), doing what each symbol says ([§18.1][]):
#
# | symbol | effect |
# |---|---|
# | recovery attempt (*Tentativa de Recuperação*) | a test — Normal (a hand card may be used) or blind — against the **current** Target Check **modified** by the printed value ([AMB-6][]), rain −20, REFLEXES +20; pass → green arrow, fail → red arrow |
# | tyre wear | pay that many **tyre chips now — cards may not substitute**; too few chips → retire |
# | suffer wear | draw that many wear tokens; no free slot → retire |
# | discard cards | discard that many cards; too few → retire |
# | time loss (*Perda de tempo*) | −N MP in phase E of the **next** turn |
# | forced pit stop (*Pit Stop Forçado*) | must pit at the start of the **next** turn |
# | retire / **Crash Out** (*Abandonar a Corrida*) | the car is out; with the **SC** symbol the Safety Car comes out at once |
#
# Only **REFLEXES** helps off track; no strategy does ([§18.3][]).
#
# **Re-entry.** The car waits **off the track** on the re-entry point — it blocks nobody — and its turn ends. On its
# next turn it plays **after every other car of that section**, takes part in **no duel**, pays **1 MP** to re-enter
# and is placed **behind all the cars** there; the time loss is deducted in phase E. With **0 MP or less** it is just
# put back there with a **NO MOVE −1 PM** token ([§18.5][]). (A re-entry point beyond the finish line counts the lap
# when the car is placed there; no shipped track has one yet.)
#
# **Where the values come from.** Only Abbey's −20 ([Ex. 31][]), Ascari's −10 and its route ([Ex. 34][]) and the
# Lesmo ET chart ([Ex. 33][]) are the manual's; every other LB symbol and route is **invented-for-teaching** (the
# route's Normal/blind kinds are not in the book either):
#
# [AMB-6]: ../../docs/rules/rf90_rules_digest.md#amb-6
# [Ex. 31]: ../../docs/rules/rf90_rules_digest.md#ex-31
# [Ex. 33]: ../../docs/rules/rf90_rules_digest.md#ex-33
# [Ex. 34]: ../../docs/rules/rf90_rules_digest.md#ex-34
# [§13.D.2]: ../../docs/rules/rf90_rules_digest.md#s13-d-2
# [§13.F.1]: ../../docs/rules/rf90_rules_digest.md#s13-f-1
# [§18.1]: ../../docs/rules/rf90_rules_digest.md#s18-1
# [§18.3]: ../../docs/rules/rf90_rules_digest.md#s18-3
# [§18.5]: ../../docs/rules/rf90_rules_digest.md#s18-5
# [§19.3]: ../../docs/rules/rf90_rules_digest.md#s19-3

# %%
lb.lb_zones()

# %% [markdown]
# Each route, path by path (green arrow first). Silverstone's invented routes between them use every symbol —
# tyre chips, wear, a discard, time loss, a forced pit, Crash Out and the SC symbol:

# %% tags=["presenter-show"]
silverstone = racebook.load_track("silverstone")
for zone in ("Copse-brake", "Stowe-brake", "Abbey-brake", "Priory-brake", "Woodcote-brake"):
    print(describe_route(silverstone, zone))

# %% [markdown]
# ## Ex. 31 — a successful late braking at Abbey
#
# *Book (F.1, p.20):* Blue is on a **+1** trajectory before corner 4 and plays an **orange [3]**: **4 MP**. He
# spends 3 MP to reach the Fast robot and Green in the braking zone before **Abbey**; the last MP is lost (no
# overtaking in a braking zone, [§13.E.3][]). Late braking: TC **(88)**, LB modifier **−20** → target **68**. He
# blind-draws **(42)**: success. He passes both cars and advances to the next section; his new TC is **(42)**.
#
# [§13.E.3]: ../../docs/rules/rf90_rules_digest.md#s13-e-3

# %%
show_assumed(ex31, blank_line=True)
print(lb.turn_story(ex31.race, "Blue"))
lb31 = lb.check_tests(ex31.race, "Blue")[0]
book_table([
    ("MP for the move", 4, next(e.mp for e in ex31.race.events if e.kind == "MovementPoints")),
    ("LB target = 88 − 20", 68, lb31.target),
    ("blind draw", "(42)", lb31.card),
    ("result", "pass", lb31.result),
    ("new Target Check", "(42)", lb31.new_target),
    ("Blue's section after", "Abbey", ex31.race.state.cars["Blue"].section),
    ("cars left behind in Abbey-brake", ["Fast1", "Green"], ex31.race.state.cars_in("Abbey-brake")),
], intro="Ex. 31, the book's numbers and the engine's:")

# %% [markdown]
# **How risky was it?** From Blue's seat just before the decision, every Race Card he cannot see (the draw pile and
# the other hands) is equally likely to be the top card. The engine counts them exactly (`odds.late_braking_now`) —
# the book's (42) was one of the good ones:

# %% tags=["presenter-show"]
before31 = ex31.race.at(2)  # after "Blue start" and "Blue play R57 +traj": the F.1 decision
blue31 = before31.state.cars["Blue"]
print(lb.odds_sentences(odds.late_braking_now(before31.state, blue31)))

# %% [markdown]
# Blue holds **(01)**, which passes any Normal recovery test: on failure he would surely take the green arrow.
#
# **The modifiers add up** ([Ex. 23][]'s arithmetic): the same test in rain, with REFLEXES, with both, over the same
# unseen cards:
#
# [Ex. 23]: ../../docs/rules/rf90_rules_digest.md#ex-23

# %% tags=["presenter-show"]
pool31 = odds.what_if_pool(before31.state, "Blue")
res31 = odds.resources_of(before31.state, blue31)
for rain, reflexes in ((False, False), (True, False), (False, True), (True, True)):
    c = odds.late_braking_choice(silverstone, "Abbey-brake", 88, pool31, res31, rain=rain, reflexes=reflexes)
    label = " and ".join(w for w, on in (("in rain", rain), ("with REFLEXES", reflexes)) if on) or "dry, no skill"
    print(f"{label}: target {c.target}, success {say(c.p_success)}")

# %% [markdown]
# ## Ex. 34 — a failed late braking at Variante Ascari
#
# *Book (Falha em Teste de Atraso de Freada, p.23):* Blue ends his move and late-brakes at **Variante Ascari**.
# TC **(77)**, modifier **−10** → **67**. He draws **(73)**: **fail**, and (73) becomes his TC. The off-track
# route starts with a recovery test at **−20**: **73 − 20 = 53** (the printed value modifies his *new* Target
# Check, [AMB-6][]). He **passes**: he is placed on the **re-entry point**, loses **1 tyre chip** (chips only, no
# cards) and starts his **next turn with −2 MP**. Failing it would have meant serious damage.
#
# [AMB-6]: ../../docs/rules/rf90_rules_digest.md#amb-6

# %%
ex34 = racebook.load_scenario("ex34")
show_assumed(ex34, blank_line=True)
print(lb.turn_story(ex34.race, "Blue"))
lb34, rec34 = lb.check_tests(ex34.race, "Blue")
blue34 = ex34.race.state.cars["Blue"]
book_table([
    ("LB target = 77 − 10", 67, lb34.target),
    ("blind draw", "(73)", lb34.card), ("result", "fail", lb34.result), ("new Target Check", "(73)", lb34.new_target),
    ("recovery target = 73 − 20 (AMB-6)", 53, rec34.target), ("recovery result", "pass", rec34.result),
    ("tyre chips left (10 − 1)", 9, blue34.chips),
    ("MP lost next turn", 2, blue34.time_loss),
    ("waits off track beside", "Ascari-2", blue34.off_track),
], intro="Ex. 34, the book's numbers and the engine's:")

# %% [markdown]
# **His next turn** ([§18.5][]) — played on by the engine (these moves are invented: Red, the leader, plays first and
# declines his own late braking; Blue draws (32) in phase B). Blue plays **(01) + (32)** for 4 MP (the (32) costs
# a discard: his (55)): **−1 MP** to re-enter, **−2 MP** of time loss, **1 MP** left. He re-enters **at the back
# of Ascari-2** (no duel there this Game Turn) and moves on.
#
# [§18.5]: ../../docs/rules/rf90_rules_digest.md#s18-5

# %%
start = len(ex34.race.events)
for action in ["Red start", "Red play R92", "Red no-late-brake",
               "Blue start", "Blue play R01 R32", "Blue weather 0", "Blue occupy none"]:
    ex34.race.apply(action)
print(lb.turn_story(ex34.race, "Blue", start))

# %% [markdown]
# With **(01)** alone — 1 MP − 1 − 2 = **−2 MP** — he would simply be put back in Ascari-2, behind the other cars,
# with the **NO MOVE −1 PM** token ([§13.E.6][]):
#
# [§13.E.6]: ../../docs/rules/rf90_rules_digest.md#s13-e-6

# %% tags=["presenter-show"]
no_move = ex34.race.at(len(ex34.race.actions) - 3)  # back to Blue's phase C
no_move.apply("Blue play R01")
no_move.apply("Blue weather 0")
print(next(e for e in reversed(no_move.events) if e.kind == "MovementPoints").sentence())
print(next(e for e in reversed(no_move.events) if e.kind == "MovementStops").sentence())

# %% [markdown]
# **The red arrow**: had Blue used **(55)** for the recovery test (55 > 53), he would have drawn **2 wear tokens**
# and lost **3 MP** next turn — still re-entering beside Ascari-2 on this chart:

# %% tags=["presenter-show"]
red34 = lb.play_variant("ex34", actions=["Blue start", "Blue play R89", "Blue late-brake", "Blue test 1 R55"])
print(lb.turn_story(red34, "Blue"))

# %% [markdown]
# Step through the failure and the next turn: Blue leaves the braking zone, stands on the recovery test, takes
# the green arrow (the gold trail), waits on the re-entry point beside Ascari-2 ("off track", faded: he has
# played), then re-enters.

# %% tags=["nbval-ignore-output"]
p34 = LateBrakingPlayer(ex34)
p34.go(11)  # the recovery test
p34

# %% [markdown]
# ## Ex. 38 — the LB Discard Power
#
# *Book (p.25):* Green ends in the braking zone before **Curve 3** with a Fast robot and Red. TC **(55)**,
# modifier **−20** → **35**: risky — on this track a failed recovery means retiring. He holds a **Track Card [5]**
# with the **LB Discard Power** ([§19.3][]): he **discards** it and succeeds **with no test**; he passes both cars and
# advances to the next section. The card's MP value does not matter, and his TC stays (55).
#
# [§19.3]: ../../docs/rules/rf90_rules_digest.md#s19-3

# %%
ex38 = racebook.load_scenario("ex38")
show_assumed(ex38, blank_line=True)
before38 = ex38.race.at(2)  # the F.1 decision
print("Green's choices at F.1:", lb.choices(before38))
print(lb.odds_sentences(odds.late_braking_now(before38.state, before38.state.cars["Green"])), end="\n\n")
print(lb.turn_story(ex38.race, "Green"))
green38 = ex38.race.state.cars["Green"]
book_table([
    ("tests taken", 0, len(lb.check_tests(ex38.race, "Green"))),
    ("Green's section after", "Stowe", green38.section),
    ("Target Check unchanged", 55, ex38.race.state.card(green38.target).check),
    ("T05 discarded", True, "T05" in ex38.race.state.track_deck.discards),
], intro="Ex. 38, the book's numbers and the engine's:")

# %% tags=["nbval-ignore-output"]
LateBrakingPlayer(ex38, route="Stowe-brake")

# %% [markdown]
# ## Ex. 33 — failing an Extreme Trajectory test: the same recovery, in phase D
#
# An ET is a diamond spot whose bonus MP needs a blind test first ([notebook 06](06_trajectories.ipynb) has the rest).
# *Book (Falha em um Teste de ET, p.23):* Blue is on the ET at the exit of the **1st Di Lesmo** and plays a **[3]**,
# hoping for 6 MP (the ET's +3). TC **(67)**; the ET blind test draws **(83)**: **fail**, TC (83). The board asks
# for a **Normal** recovery test at **−10** → **73**; he plays **(42)** from hand: **pass** (green arrow) — back on
# track with **−2 MP**. Net movement **3 − 2 = 1 MP**, no ET bonus ([§18.2][]). The red arrow would have been −4 MP:
# no movement (NO MOVE).
#
# The recovery chart works exactly like an LB route, but in **phase D.2** (the ET's blind test comes first) and
# with "back on track" instead of a re-entry point; its MP losses count **this** turn.
#
# [§18.2]: ../../docs/rules/rf90_rules_digest.md#s18-2

# %%
ex33 = racebook.load_scenario("ex33")
show_assumed(ex33, blank_line=True)
print(lb.turn_story(ex33.race, "Blue"), end="\n\n")
print(describe_route(ex33.race.state.track, "lesmo1-et"))
et33, rec33 = lb.check_tests(ex33.race, "Blue")
book_table([
    ("ET blind test", "(83) vs 67", f"{et33.card} vs {et33.target}"),
    ("ET result", "fail", et33.result),
    ("recovery target = 83 − 10", 73, rec33.target),
    ("recovery card, result", "(42) pass", f"{rec33.card} {rec33.result}"),
    ("MP this turn = 3 − 2", 1, next(e.mp for e in ex33.race.events if e.kind == "MovementPoints")),
], intro="Ex. 33, the book's numbers and the engine's:")

# %% [markdown]
# The red arrow — the same turn, with a (99) in hand used for the recovery test:

# %% tags=["presenter-show"]
red33 = lb.play_variant("ex33", actions=["Blue start", "Blue play R17 +traj", "Blue test 1 R99"],
                        Blue={"hand": ["R17", "R99", "R55"]})
print(lb.check_tests(red33, "Blue")[-1].sentence())
print(next(e for e in red33.events if e.kind == "MovementPoints").sentence())
print(next(e for e in red33.events if e.kind == "MovementStops").sentence())

# %% tags=["nbval-ignore-output"]
LateBrakingPlayer(ex33)  # the ET recovery chart is drawn beside Lesmo1-exit

# %% [markdown]
# ## Summary
#
# * Late braking = a **blind test** in phase F.1 at an LB symbol: TC + LB modifier (rain −20, REFLEXES +20).
#   Success: pass the whole braking zone, +1 section; one per turn; a Track Card's LB Discard Power succeeds with
#   no test.
# * Failure: the printed **route** — recovery tests modify the *new* TC; tyre chips only; wear; discards; time
#   loss and forced pit **next** turn; retire / Crash Out, the SC symbol.
# * Re-entry: off track and ignored until the next turn; then last of its section, no duel, 1 MP, behind
#   everybody, NO MOVE at 0 MP or less.

# %% [markdown]
# **Next →** [05b_late_braking_in_the_race](05b_late_braking_in_the_race.ipynb): HAZARD, the leader off track, Crash
# Out and "should I late-brake?".
