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
# # 05 — Late braking, going off track and coming back
#
# **You need:** [01_movement_and_passing](01_movement_and_passing.ipynb), [02_check_tests](02_check_tests.ipynb),
# [03_activation](03_activation.ipynb).
#
# **Learning objectives** — after this notebook you can:
#
# * say **when** a car may try a **late braking** (*Atraso de Freada*, LB) and compute its **blind test**:
#   Target Check + the LB modifier printed on the board, −20 in rain, +20 with REFLEXES;
# * tell what a success gives — every car in the braking zone passed, **one section** gained (HAZARD: two, if
#   empty) — and what the **LB Discard Power** of a Track Card does;
# * follow a failed car along the **off-track route** (*Manobra de Recuperação*): recovery tests
#   (*Tentativa de Recuperação*) with the printed value as a **modifier** ([AMB-6][]), tyre chips, wear, discards,
#   **time loss** (*Perda de tempo*) and **forced pit stop** (*Pit Stop Forçado*) next turn, **Crash Out**, the SC;
# * re-enter the track from the **re-entry point** (*ponto de reentrada*): 1 MP, behind everybody, no duel,
#   NO MOVE when the MP run out; and handle a **leader** who goes off track ([§18.4][]);
# * weigh the decision with exact odds: **"should I late-brake?"**
#
# **Digest sections:** [§13.F.1][] (late braking), [§13.D.2][] (tests and modifiers), [§18.1][]–[§18.6][] (off track,
# recovery, re-entry, retiring), [§19.3][] (Discard Powers), [§20][] (Leader check), [§26.6][] (HAZARD), [§15.4][]
# (orange flag); examples **[Ex. 31][], 34, 38** (late braking) and **[Ex. 33][]** (an Extreme Trajectory failure: the
# same recovery mechanics in phase D) ([§30][]); readings **[AMB-6][], [AMB-10][], [AMB-27][], [AMB-29][]** ([§31][]).
#
# Every number printed below is computed by the `racebook` engine; the notebook only shows it.
#
# [AMB-10]: ../../docs/rules/rf90_rules_digest.md#amb-10
# [AMB-27]: ../../docs/rules/rf90_rules_digest.md#amb-27
# [AMB-29]: ../../docs/rules/rf90_rules_digest.md#amb-29
# [AMB-6]: ../../docs/rules/rf90_rules_digest.md#amb-6
# [Ex. 31]: ../../docs/rules/rf90_rules_digest.md#ex-31
# [Ex. 33]: ../../docs/rules/rf90_rules_digest.md#ex-33
# [§13.D.2]: ../../docs/rules/rf90_rules_digest.md#s13-d-2
# [§13.F.1]: ../../docs/rules/rf90_rules_digest.md#s13-f-1
# [§15.4]: ../../docs/rules/rf90_rules_digest.md#s15-4
# [§18.1]: ../../docs/rules/rf90_rules_digest.md#s18-1
# [§18.4]: ../../docs/rules/rf90_rules_digest.md#s18-4
# [§18.6]: ../../docs/rules/rf90_rules_digest.md#s18-6
# [§19.3]: ../../docs/rules/rf90_rules_digest.md#s19-3
# [§20]: ../../docs/rules/rf90_rules_digest.md#s20
# [§26.6]: ../../docs/rules/rf90_rules_digest.md#s26-6
# [§30]: ../../docs/rules/rf90_rules_digest.md#s30
# [§31]: ../../docs/rules/rf90_rules_digest.md#s31

# %%
import copy
import tomllib

import racebook
from racebook.rf90.analysis import odds
from racebook.rf90.events import CardDrawn, CheckTest, DrawReason, LeaderCause, TurnEnds
from racebook.rf90.lessons.notebook import show_assumed
from racebook.rf90.ui.latebraking import LateBrakingPanel, LateBrakingPlayer, describe_route


def turn_log(race, car, start=0):
    # The log of car's individual turn(s), from its TurnBegins to its TurnEnds, from event `start` on.
    on = False
    for e in race.events[start:]:
        on = on or (e.kind == "TurnBegins" and e.car_id == car)
        if on:
            print(" ", e.sentence())
        if e.kind == "TurnEnds" and e.car_id == car:
            on = False


def tests(race, car=None):
    # The check tests of the log (§13.D.2), in order.
    return [e for e in race.events if isinstance(e, CheckTest) and car in (None, e.car)]


def book_vs_engine(rows):
    for what, book, engine in rows:
        mark = "✓" if book == engine else "✗"
        print(f"{mark} {what:<38} book: {book!s:<12} engine: {engine}")


def variant(name, **cars):
    # A copy of a shipped scenario file as a dict, with some car panels changed (not played yet).
    raw = tomllib.loads(racebook.rf90.scenario.resolve_path(name).read_text(encoding="utf-8"))
    raw = copy.deepcopy(raw)
    for car, spec in cars.items():
        raw.setdefault("cars", {}).setdefault(car, {}).update(spec)
    return raw


def pct(p):
    return f"{p.numerator}/{p.denominator} = {float(p):.1%}"


# %% [markdown]
# ## The rule in plain English
#
# **When** ([§13.F.1][]). A car that **ended its movement** in a **braking zone** (*seção de Freio*, grey border)
# that carries the **LB symbol** may announce a late braking in phase **F.1**, at the end of its individual turn.
# It may do so even when the zone is empty (the only gain is then one section), and a leader who **failed his
# Leader check** in a braking zone may still try it ([§20][]). **Only one late braking per turn.** Robots late-brake
# only when the orange-flag holder forces them ([§15.4][], [AMB-29][]).
#
# **The test** ([§13.F.1][], [§13.D.2][]). A **blind test** (*Teste Cego*): the top card of the Race deck against the
# panel's **Target Check** plus the **LB modifier** printed on the board (e.g. −20), **−20 in rain**, **+20 with
# REFLEXES**. Pass when the drawn check factor is **equal to or lower than** the target. Pass or fail, the drawn
# card **becomes the new Target Check**.
#
# **Success.** The car **passes every car in the braking zone** and **advances to the next section** — behind any
# car already there ([AMB-27][]). Cars lapped this way need **no Leader check** ([§20][]). With **HAZARD** it advances
# **two** sections when both are empty ([§26.6][]; [AMB-10][]: that is HAZARD's "+1 MP" for an LB blind test). Same-lap
# cars passed this way are overtaken like any others: they earn **BANGING WHEELS**' Track Card («Sempre que ultrapassar
# carros na mesma volta em qualquer lugar da pista», [§26.2][]; still one per turn).
# A Track Card's **LB Discard Power** ([§19.3][]) is an automatic success **with no test**, in any LB zone.
#
# **Failure** ([§18.1][], [§18.3][]). The car leaves the track and follows the **off-track route** printed beside that
# zone, doing what each symbol says, until it reaches a **re-entry point** (the green car icon):
#
# | symbol | effect |
# |---|---|
# | recovery attempt (*Tentativa de Recuperação*) | a test — Normal (a hand card may be used) or blind — against the **current** Target Check **modified** by the printed value ([AMB-6][]), rain −20, REFLEXES +20; pass → green arrow, fail → red arrow |
# | tyre wear | pay that many **tyre chips now — cards may not substitute**; too few chips → retire |
# | suffer wear | draw that many wear tokens; no free slot → retire |
# | discard cards | discard that many cards; too few → retire |
# | time loss (*Perda de tempo*) | −N MP in phase E of the **next** turn |
# | forced pit stop (*Pit Stop Forçado*) | must pit at the start of the **next** turn |
# | retire / **Crash Out** (*Abandonar a Corrida*) | the car is out; with the **SC** symbol the Safety Car comes out at once ([§21][]) |
#
# Only **REFLEXES** helps off track; no strategy does ([§18.3][]).
#
# **Re-entry** ([§18.5][]). The car waits **off the track** on the re-entry point — it blocks nobody — and its turn
# ends. On its next turn it plays **after every other car of that section**, takes part in **no duel**, pays
# **1 MP** to re-enter and is placed **behind all the cars** there; the time loss is deducted in phase E. With
# **0 MP or less** it is just put back there with a **NO MOVE −1 PM** token. A re-entry point **beyond the finish
# line** (no shipped track has one yet) counts the lap when the car is placed there, like any other crossing; a pit
# declared at re-entry starts from where control was lost, before the line ([§18.5][]).
#
# **The leader off track** ([§18.4][]). The Leader token goes to «o carro que esteja mais à frente na seção onde ele
# perdeu o controle»; if that section is empty he keeps it, and that section stays the front of the activation
# sweep. Usually the frontmost car there is **lapped** — the house rule `leader_token_same_lap` decides: by default
# only a car **on the leader's lap** takes the token (else he keeps it); `False` reads the text literally.
#
# The track files say where each value comes from: only Abbey's −20 ([Ex. 31][]), Ascari's −10 and its route
# ([Ex. 34][]) and the Lesmo ET chart ([Ex. 33][]) are the manual's; every other LB symbol and route is **invented for
# teaching** (the route's Normal/blind kinds are not in the book either).
#
# [AMB-10]: ../../docs/rules/rf90_rules_digest.md#amb-10
# [AMB-27]: ../../docs/rules/rf90_rules_digest.md#amb-27
# [AMB-29]: ../../docs/rules/rf90_rules_digest.md#amb-29
# [AMB-6]: ../../docs/rules/rf90_rules_digest.md#amb-6
# [Ex. 31]: ../../docs/rules/rf90_rules_digest.md#ex-31
# [Ex. 33]: ../../docs/rules/rf90_rules_digest.md#ex-33
# [Ex. 34]: ../../docs/rules/rf90_rules_digest.md#ex-34
# [§13.D.2]: ../../docs/rules/rf90_rules_digest.md#s13-d-2
# [§13.F.1]: ../../docs/rules/rf90_rules_digest.md#s13-f-1
# [§15.4]: ../../docs/rules/rf90_rules_digest.md#s15-4
# [§18.1]: ../../docs/rules/rf90_rules_digest.md#s18-1
# [§18.3]: ../../docs/rules/rf90_rules_digest.md#s18-3
# [§18.4]: ../../docs/rules/rf90_rules_digest.md#s18-4
# [§18.5]: ../../docs/rules/rf90_rules_digest.md#s18-5
# [§19.3]: ../../docs/rules/rf90_rules_digest.md#s19-3
# [§20]: ../../docs/rules/rf90_rules_digest.md#s20
# [§21]: ../../docs/rules/rf90_rules_digest.md#s21
# [§26.2]: ../../docs/rules/rf90_rules_digest.md#s26-2
# [§26.6]: ../../docs/rules/rf90_rules_digest.md#s26-6

# %%
def origin(source):
    return "manual" if source.startswith("manual") else "invented"


for tid in ("teaching", "silverstone", "monza"):
    track = racebook.load_track(tid)
    for s in track.sections:
        if s.lb_modifier is not None:
            lb_src = origin(track.source_of(f"sections.{s.name}.lb_modifier"))
            route_src = origin(track.routes[s.lb_route].source)
            print(f"{track.name:<15} {s.name:<17} LB {s.lb_modifier:+d} ({lb_src:<8})  "
                  f"route {s.lb_route:<15} ({route_src})")

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
ex31 = racebook.load_scenario("ex31")
show_assumed(ex31, blank_line=True)
turn_log(ex31.race, "Blue")
lb = tests(ex31.race, "Blue")[0]
print()
book_vs_engine([
    ("MP for the move", 4, next(e.mp for e in ex31.race.events if e.kind == "MovementPoints")),
    ("LB target = 88 - 20", 68, lb.target),
    ("blind draw", "(42)", lb.card),
    ("result", "pass", lb.result),
    ("new Target Check", "(42)", lb.new_target),
    ("Blue's section after", "Abbey", ex31.race.state.cars["Blue"].section),
    ("cars left behind in Abbey-brake", ["Fast1", "Green"], ex31.race.state.cars_in("Abbey-brake")),
])

# %% [markdown]
# **How risky was it?** From Blue's seat just before the decision, every Race Card he cannot see (the draw pile and
# the other hands) is equally likely to be the top card. The engine counts them exactly
# (`odds.late_braking_now`, [§13.F.1][] and [§18][]) — the book's (42) was one of the good ones:
#
# [§13.F.1]: ../../docs/rules/rf90_rules_digest.md#s13-f-1
# [§18]: ../../docs/rules/rf90_rules_digest.md#s18

# %% tags=["presenter-show"]
before31 = ex31.race.at(2)  # after "Blue start" and "Blue play R57 +traj": the F.1 decision
blue31 = before31.state.cars["Blue"]
c31 = odds.late_braking_now(before31.state, blue31)
print(f"target {c31.target}; P(success) {pct(c31.p_success)} over {c31.pool_size} unseen cards")
print(f"success passes {c31.cars_passed} car(s) and gains {c31.sections_on_success} section")
f = c31.on_failure
print(f"if it fails, on the {c31.route} route: P(retire) {float(f.p_retire):.1%}, tyre chips {float(f.tyres):.2f},"
      f" wear {float(f.damage):.2f}, MP lost next turn {float(f.time_loss):.2f}")

# %% [markdown]
# Blue holds **(01)**, which passes any Normal recovery test: on failure he would surely take the green arrow.
#
# **The modifiers add up** ([§13.D.2][], [Ex. 23][]'s arithmetic): the same test in rain, with REFLEXES, with both —
# `odds.late_braking_choice` takes each input explicitly, over the same unseen cards:
#
# [Ex. 23]: ../../docs/rules/rf90_rules_digest.md#ex-23
# [§13.D.2]: ../../docs/rules/rf90_rules_digest.md#s13-d-2

# %% tags=["presenter-show"]
pool31 = odds.what_if_pool(before31.state, "Blue")
res31 = odds.resources_of(before31.state, blue31)
for rain, reflexes in ((False, False), (True, False), (False, True), (True, True)):
    c = odds.late_braking_choice(silverstone, "Abbey-brake", 88, pool31, res31, rain=rain, reflexes=reflexes)
    label = ("rain " if rain else "") + ("REFLEXES" if reflexes else "")
    print(f"{label or 'dry, no skill':<15} target {c.target:>3}   P(success) {pct(c.p_success)}")

# %% [markdown]
# Step through it: the off-track route of Abbey-brake is drawn beside the track (it is not used — the test
# passed). ○ = Normal recovery test, ● = blind, the number = its printed modifier; green/red = pass/fail arrows;
# the green bar = the re-entry point.

# %%
# NBVAL_IGNORE_OUTPUT
LateBrakingPlayer(ex31, route="Abbey-brake")  # ⏮ ◀ ▶ ⏭

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
turn_log(ex34.race, "Blue")
lb34, rec34 = tests(ex34.race, "Blue")
blue34 = ex34.race.state.cars["Blue"]
print()
book_vs_engine([
    ("LB target = 77 - 10", 67, lb34.target),
    ("blind draw", "(73)", lb34.card),
    ("result", "fail", lb34.result),
    ("new Target Check", "(73)", lb34.new_target),
    ("recovery target = 73 - 20 (AMB-6)", 53, rec34.target),
    ("recovery result", "pass", rec34.result),
    ("tyre chips left (10 - 1)", 9, blue34.chips),
    ("MP lost next turn", 2, blue34.time_loss),
    ("waits beside (off track)", "Ascari-2", blue34.off_track),
])
print("position:", ex34.race.position())

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
turn_log(ex34.race, "Blue", start)

# %% [markdown]
# With **(01)** alone — 1 MP − 1 − 2 = **−2 MP** — he would simply be put back in Ascari-2, behind the other cars,
# with the **NO MOVE −1 PM** token ([§18.5][], [§13.E.6][]):
#
# [§13.E.6]: ../../docs/rules/rf90_rules_digest.md#s13-e-6
# [§18.5]: ../../docs/rules/rf90_rules_digest.md#s18-5

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
red = racebook.load_scenario("ex34", play=False).race
for action in ["Blue start", "Blue play R89", "Blue late-brake", "Blue test 1 R55"]:
    red.apply(action)
turn_log(red, "Blue")

# %% [markdown]
# Step through the failure and the next turn: Blue leaves the braking zone, stands on the recovery test, takes
# the green arrow (the gold trail), waits on the re-entry point beside Ascari-2 ("off track", faded: he has
# played), then re-enters.

# %%
# NBVAL_IGNORE_OUTPUT
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
print("decisions at F.1:", ", ".join(str(a) for a in before38.legal_actions()))
c38 = odds.late_braking_now(before38.state, before38.state.cars["Green"])
print(f"the blind test: target {c38.target}, P(success) {pct(c38.p_success)};"
      f" if it fails, P(retire) {float(c38.on_failure.p_retire):.1%} (Stowe's blind -20 test or Crash Out)")
print()
turn_log(ex38.race, "Green")
green = ex38.race.state.cars["Green"]
print()
book_vs_engine([
    ("tests taken", 0, len(tests(ex38.race, "Green"))),
    ("Green's section after", "Stowe", green.section),
    ("Target Check unchanged", 55, ex38.race.state.card(green.target).check),
    ("T05 discarded", True, "T05" in ex38.race.state.track_deck.discards),
])

# %%
# NBVAL_IGNORE_OUTPUT
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
turn_log(ex33.race, "Blue")
et, rec33 = tests(ex33.race, "Blue")
mp33 = next(e for e in ex33.race.events if e.kind == "MovementPoints")
print()
book_vs_engine([
    ("ET blind test", "(83) vs 67", f"{et.card} vs {et.target}"),
    ("ET result", "fail", et.result),
    ("recovery target = 83 - 10", 73, rec33.target),
    ("recovery card / result", "(42) pass", f"{rec33.card} {rec33.result}"),
    ("MP this turn = 3 - 2", 1, mp33.mp),
])
print()
print(describe_route(ex33.race.state.track, "lesmo1-et"))

# %% [markdown]
# The red arrow — the same turn, with a (99) in hand used for the recovery test:

# %% tags=["presenter-show"]
red33 = racebook.rf90.scenario.build(variant("ex33", Blue={"hand": ["R17", "R99", "R55"]}))
for action in ["Blue start", "Blue play R17 +traj", "Blue test 1 R99"]:
    red33.apply(action)
print(tests(red33, "Blue")[-1].sentence())
print(next(e for e in red33.events if e.kind == "MovementPoints").sentence())
print(next(e for e in red33.events if e.kind == "MovementStops").sentence())

# %%
# NBVAL_IGNORE_OUTPUT
LateBrakingPlayer(ex33)  # the ET recovery chart is drawn beside Lesmo1-exit

# %% [markdown]
# ## HAZARD: two sections, only into empty ones (§26.6, AMB-10, AMB-27)
#
# [Ex. 31][] again, with Blue on the **HAZARD** strategy. HAZARD's "+1 MP for a blind test" cannot be spent after
# phase F, so for a late braking it is the **two-section** advance ([AMB-10][]) — but only if both sections ahead
# are empty. In the book's position Red is in **Bridge**, two sections ahead: Blue gains **one** section. With
# Red elsewhere (invented) he jumps **two**. The blind draw also earns HAZARD's Special, a Track Card ([§26.6][]).
#
# [AMB-10]: ../../docs/rules/rf90_rules_digest.md#amb-10
# [Ex. 31]: ../../docs/rules/rf90_rules_digest.md#ex-31
# [§26.6]: ../../docs/rules/rf90_rules_digest.md#s26-6

# %%
for where in ("Bridge", "Priory"):
    raw = variant("ex31", Blue={"strategy": "hazard"})
    raw["scenario"]["position"] = raw["scenario"]["position"].replace("Bridge: Red", f"{where}: Red")
    hz = racebook.rf90.scenario.build(raw)
    for action in raw["scenario"]["actions"]:
        hz.apply(action)
    print(f"Red in {where}:")
    for e in hz.events:
        if isinstance(e, CardDrawn) and e.reason is DrawReason.HAZARD or e.kind == "LateBrakingAdvance":
            print(" ", e.sentence())

# %% [markdown]
# **[AMB-27][] — where a successful car lands.** The book says only "advances to the next section". The engine puts it
# **behind** the cars already there (entering a section puts you behind its occupants), with no overtaking. [Ex. 31][]
# with Red waiting in Abbey (invented):
#
# [AMB-27]: ../../docs/rules/rf90_rules_digest.md#amb-27
# [Ex. 31]: ../../docs/rules/rf90_rules_digest.md#ex-31

# %% tags=["presenter-show"]
raw = variant("ex31")
raw["scenario"]["position"] = raw["scenario"]["position"].replace("Bridge: Red", "Abbey: Red")
amb27 = racebook.rf90.scenario.build(raw)
for action in raw["scenario"]["actions"]:
    amb27.apply(action)
print("Abbey, front to back:", amb27.state.cars_in("Abbey"))


# %% [markdown]
# ## The leader and late braking (§20, §18.4)
#
# **A leader who failed his Leader check in a braking zone may still late-brake** ([§20][]) — and the cars he passes
# that way need no Leader check ([§13.F.1][]). An invented position at Silverstone: Blue leads in Abbey-brake with a
# lapped Purple ahead of him. He fails the check with (95) from hand — stuck behind Purple — then late-brakes:
# his TC is now (95), so the target is 95 − 20 = **75**, and (30) passes him by.
#
# [§13.F.1]: ../../docs/rules/rf90_rules_digest.md#s13-f-1
# [§20]: ../../docs/rules/rf90_rules_digest.md#s20

# %%
def silverstone_race(position, cars, stack, rules=None):
    return racebook.rf90.scenario.build({"scenario": {"id": "demo", "track": "silverstone", "seed": 3,
                                                 "position": position},
                                    "cars": cars, "deck": {"stack": stack}, "rules": rules or {}})


lead = silverstone_race("silverstone turn=6 lap=2 | Abbey-brake: Purple Blue* Green | Vale: Red",
                        {"Blue": {"hand": ["R89", "R95"], "target": "R88"}, "Green": {"target": "R67"},
                         "Red": {"target": "R68"}, "Purple": {"target": "R69"}},
                        ["R01", "R30"])
for action in ["Blue start", "Blue play R89", "Blue leader-check R95"]:
    lead.apply(action)
print("decisions now:", ", ".join(str(a) for a in lead.legal_actions()))
lead.apply("Blue late-brake")
turn_log(lead, "Blue")
print("position:", lead.position())

# %% [markdown]
# **The leader off track** ([§18.4][]). Blue leads alone in Club-2, reaches the empty Abbey-brake and fails his late
# braking. Nobody is in Abbey-brake, so he **keeps the Leader token** and Abbey-brake stays the front of the sweep
# while he waits on the re-entry point beside Abbey:
#
# [§18.4]: ../../docs/rules/rf90_rules_digest.md#s18-4

# %% tags=["presenter-show"]
alone = silverstone_race("silverstone turn=6 lap=2 | Club-2: Blue* | Vale: Green",
                         {"Blue": {"hand": ["R89", "R56"], "target": "R88"},
                          "Green": {"hand": ["R57"], "target": "R67"}},
                         ["R01", "R95", "R40"])
for action in ["Blue start", "Blue play R89", "Blue late-brake", "Blue test 1 blind"]:
    alone.apply(action)
for e in alone.events:
    if e.kind in ("LeaderToken", "OnReentryPoint") or isinstance(e, TurnEnds) and e.at_reentry:
        print(e.sentence())
print("sweep:", " → ".join(str(a) for a in racebook.rf90.rules.activation.sweep(alone.state)[:4]), "→ …")

# %%
# NBVAL_IGNORE_OUTPUT
LateBrakingPlayer(alone)

# %% [markdown]
# With other cars in the section where he lost control, the **frontmost** of them takes the token — which one
# depends on the house rule `leader_token_same_lap`. In Abbey-brake Purple (a lap down) is ahead of Blue and Green
# (on Blue's lap) behind him. By default the token goes to **Green**, the frontmost car on the leader's lap (a lapped
# car never leads, [§11.1][]); read literally, it goes to **Purple**, the frontmost car in the section, though it is
# lapped — and from there the normal rule ([§11.2][] case 2) hands it on as soon as a car further ahead in the race
# moves:
#
# [§11.1]: ../../docs/rules/rf90_rules_digest.md#s11-1
# [§11.2]: ../../docs/rules/rf90_rules_digest.md#s11-2

# %% tags=["presenter-show"]
for same_lap in (True, False):
    crowd = silverstone_race("silverstone turn=6 lap=2 | Abbey-brake: Purple Blue* Green | Vale: Red",
                             {"Blue": {"hand": ["R89", "R56"], "target": "R88"}, "Green": {"target": "R67"},
                              "Red": {"target": "R68"}, "Purple": {"target": "R69"}},
                             ["R01", "R30", "R95", "R40"], {"leader_token_same_lap": same_lap})
    for action in ["Blue start", "Blue play R89", "Blue leader-check blind", "Blue late-brake",
                   "Blue test 1 blind"]:
        crowd.apply(action)
    token = [e for e in crowd.events if e.kind == "LeaderToken" and e.cause is LeaderCause.LEADER_OFF_TRACK][0]
    print(f"leader_token_same_lap={same_lap}: {token.sentence()}")

# %% [markdown]
# **BANGING WHEELS and late braking** ([§26.2][]). On the teaching track Blue (BANGING WHEELS) ends in the braking zone
# E behind Red and Green, on his lap, and late-brakes past both: that is overtaking same-lap cars, so he draws the
# strategy's Track Card (one per turn):
#
# [§26.2]: ../../docs/rules/rf90_rules_digest.md#s26-2

# %% tags=["presenter-show"]
bw = racebook.rf90.scenario.build({
    "scenario": {"id": "bw", "track": "teaching", "seed": 3,
                 "position": "teaching turn=5 lap=3 | C: Fast1* | E: Red{played} Green{played} | F: Blue"},
    "cars": {"Blue": {"hand": ["R18"], "target": "R88", "strategy": "banging_wheels"}},
    "deck": {"stack": ["R22", "R01"]}})
for action in ["Blue start", "Blue play R18", "Blue late-brake", "Blue occupy none"]:
    bw.apply(action)
turn_log(bw, "Blue")

# %% [markdown]
# ## Crash Out and the Safety Car symbol (§18.1, §18.6, §21.1)
#
# Silverstone's (invented) Copse route ends, after two failed recovery tests, on a retire spot with the **SC**
# symbol: the car retires and the **Safety Car comes out at once**. Blue (TC 50) fails the LB with (90), the Normal
# test at −10 (90 − 10 = 80) with (95) from hand — 1 wear token — and the blind test at −20 (95 − 20 = 75) with
# (99):

# %% tags=["presenter-show"]
crash = silverstone_race("silverstone turn=6 lap=2 | Maggotts: Red*{played} | Start: Blue",
                         {"Blue": {"target": "R50", "hand": ["R89", "R95"]}, "Red": {"target": "R87"}},
                         ["R01", "R90", "R99"])
for action in ["Blue start", "Blue play R89", "Blue late-brake", "Blue test 1 R95"]:
    crash.apply(action)
for e in crash.events:
    if e.car_id == "Blue" and e.kind in ("CheckTest", "DamageTaken", "Retired") \
            or e.kind in ("SafetyCarCalled", "SafetyCarDeployed", "SafetyCarRealigned", "SafetyCarIn"):
        print(e.sentence())

# %% [markdown]
# ## "Should I late-brake?"
#
# The panel below starts in **[Ex. 34][]'s position, from Blue's seat, just before his decision**: the cards he
# cannot see, his Target Check (77), chips, wear slots and hand. Move the sliders — Target Check, LB modifier —
# toggle rain, REFLEXES, HAZARD, or pick another track and braking zone: the **exact** probability of success, the
# expected sections gained and the expected cost of a failure on that zone's route are recomputed by the engine
# (`odds.late_braking_choice`: every card enumerated, no sampling).
#
# The left chart compares the **expected gain per attempt** (sections, cars passed) with the **expected cost per
# attempt** (tyre chips, wear tokens, discards, MP lost next turn — each weighted by the chance of failing); the
# right one gives the chances of success, retiring, a forced pit and the Safety Car. A Normal recovery test uses
# the highest hand card that surely passes (it becomes the new TC, [§13.D.2][]), else a blind draw.
#
# [Ex. 34]: ../../docs/rules/rf90_rules_digest.md#ex-34
# [§13.D.2]: ../../docs/rules/rf90_rules_digest.md#s13-d-2

# %%
panel_race = racebook.rf90.scenario.load("ex34", play=False).race
for action in ["Blue start", "Blue play R89"]:
    panel_race.apply(action)
panel = LateBrakingPanel(panel_race)  # Blue's seat; the decision pending: F.1 late braking
print(panel.report())

# %%
# NBVAL_IGNORE_OUTPUT
panel

# %% [markdown]
# The panel's numbers are the engine's: the older one-call helper `odds.late_braking(state, car)` gives the same
# for this position.

# %%
s = panel_race.state
old = odds.late_braking(s, s.cars["Blue"])
book_vs_engine([
    ("target", old.target, panel.result.target),
    ("P(success)", old.p_success, panel.result.p_success),
    ("tyre chips if it fails", old.on_failure.tyres, panel.result.on_failure.tyres),
    ("MP lost next turn if it fails", old.on_failure.time_loss, panel.result.on_failure.time_loss),
])

# %% [markdown]
# **Try it** — each cell sets the controls as you would and prints the numbers. They work on a second panel,
# `trial`, built the same way, so the panel above stays in [Ex. 34][]'s position for you to explore. In the rain the
# same Ascari braking is much worse:
#
# [Ex. 34]: ../../docs/rules/rf90_rules_digest.md#ex-34

# %% tags=["presenter-show"]
trial = LateBrakingPanel(panel_race, show_track=False)  # Blue's seat in Ex. 34, like `panel`
trial.set(rain=True)
print(trial.report())

# %% [markdown]
# [Ex. 38][]'s risky Stowe braking — TC 55, LB −20 — and its Crash Out route:
#
# [Ex. 38]: ../../docs/rules/rf90_rules_digest.md#ex-38

# %% tags=["presenter-show"]
trial.set(track="silverstone", zone="Stowe-brake", tc=55, rain=False)
print(trial.report())

# %% [markdown]
# With REFLEXES (+20 on the LB test *and* on the recovery test, [§18.3][]):
#
# [§18.3]: ../../docs/rules/rf90_rules_digest.md#s18-3

# %% tags=["presenter-show"]
trial.set(reflexes=True)
print(trial.report())

# %% [markdown]
# ## Readings the engine applies (§31)
#
# None of these has a house-rule switch in `racebook.rf90.options.Rules`: the engine plays the digest's recommended
# reading, shown here from its own output. (The [§18.4][] reading above, `leader_token_same_lap`, is a switch.)
#
# | # | the question | the engine's reading | shown above |
# |---|---|---|---|
# | [AMB-6][] | "test against the Target Check printed at the spot" vs the examples | the printed value is a **modifier** to the car's **current** TC (which the failed draw just set) | [Ex. 34][]: 73 − 20 = 53; [Ex. 33][]: 83 − 10 = 73 |
# | [AMB-10][] | HAZARD's +1 MP for an LB blind test, after movement | it is the **two-section** advance (both sections empty); no MP | HAZARD cell |
# | [AMB-27][] | where a successful car is placed | **behind** the cars already in the next section; no overtaking | [AMB-27][] cell |
# | [AMB-29][] | a robot forced to late-brake (orange flag) | blind test vs **70** ± LB modifier ± rain | the last cell |
#
# [AMB-10]: ../../docs/rules/rf90_rules_digest.md#amb-10
# [AMB-27]: ../../docs/rules/rf90_rules_digest.md#amb-27
# [AMB-29]: ../../docs/rules/rf90_rules_digest.md#amb-29
# [AMB-6]: ../../docs/rules/rf90_rules_digest.md#amb-6
# [Ex. 33]: ../../docs/rules/rf90_rules_digest.md#ex-33
# [Ex. 34]: ../../docs/rules/rf90_rules_digest.md#ex-34
# [§18.4]: ../../docs/rules/rf90_rules_digest.md#s18-4

# %%
print("house-rule switches:", ", ".join(racebook.rf90.options.Rules().to_dict()))
print()
print("AMB-6 :", rec34.sentence())
forced = racebook.rf90.scenario.build({
    "scenario": {"id": "amb29", "track": "silverstone", "seed": 3,
                 "position": "silverstone turn=6 lap=2 | Priory: Red*{played} | Vale: Fast1 | Stowe: Blue{played}"},
    "cars": {"Fast1": {"kind": "robot", "robot": "fast"}, "Blue": {"target": "R88", "hand": ["R10"]},
             "Red": {"target": "R87"}},
    "race": {"orange": "Blue"}, "deck": {"stack": ["R61", "R31"]}})
print("AMB-29: decisions for the orange-pawn holder:", ", ".join(str(a) for a in forced.legal_actions()))
forced.apply("Blue force Fast1 lb")
for e in forced.events:
    if e.car_id in ("Fast1", "Blue") and e.kind in ("CheckTest", "FlagEvent", "OnReentryPoint") \
            or isinstance(e, TurnEnds) and e.at_reentry:
        print("       ", e.sentence())

# %% [markdown]
# ## Summary
#
# * Late braking = a **blind test** in phase F.1 at an LB symbol: TC + LB modifier (rain −20, REFLEXES +20).
#   Success: pass the whole braking zone, +1 section (HAZARD +2 into empty sections); one per turn; a Track Card's
#   LB Discard Power succeeds with no test.
# * Failure: the printed **route** — recovery tests modify the *new* TC; tyre chips only; wear; discards; time
#   loss and forced pit **next** turn; retire / Crash Out, the SC symbol.
# * Re-entry: off track and ignored until the next turn; then last of its section, no duel, 1 MP, behind
#   everybody, NO MOVE at 0 MP or less.
# * The decision is a number: the panel weighs the exact chance of gaining sections against the exact cost of
#   that zone's route.

# %% [markdown]
# **Next →** [06_trajectories](06_trajectories.ipynb): bonus movement from the trajectories, and the Extreme
# Trajectories' risk.
