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
# # 05b — Late braking, part 2: late braking in the race
#
# **You need:** [05a_late_braking](05a_late_braking.ipynb) (and what it needs: [01a_movement](01a_movement.ipynb),
# [01b_passing](01b_passing.ipynb), [02_check_tests](02_check_tests.ipynb), [03_activation](03_activation.ipynb)).
#
# You are Blue in [Ex. 34][], about to decide at Variante Ascari: **should you late-brake?** Move the sliders and
# ticks — Target Check, LB modifier, rain, REFLEXES, HAZARD, another track — and watch the exact odds change.
#
# [Ex. 34]: ../../docs/rules/rf90_rules_digest.md#ex-34

# %% tags=["nbval-ignore-output"]
from racebook.rf90.lessons import latebraking as lb
from racebook.rf90.ui.latebraking import LateBrakingPanel

panel_race = lb.play_variant("ex34", actions=["Blue start", "Blue play R89"])  # Blue's seat: F.1 is next
panel = LateBrakingPanel(panel_race)
panel

# %% [markdown]
# The panel starts in [Ex. 34][]'s position, from Blue's seat: the cards he cannot see, his Target Check (77), chips,
# wear slots and hand. The left chart compares the **expected gain per attempt** (sections, cars passed) with the
# **expected cost per attempt** (tyre chips, wear tokens, discards, MP lost next turn — each weighted by the chance of
# failing); the right one gives the chances of success, retiring, a forced pit and the Safety Car. Every card is
# enumerated, no sampling (`odds.late_braking_choice`). A Normal recovery test uses the highest hand card that surely
# passes (it becomes the new TC), else a blind draw.
#
# **After this part you can** weigh a late braking with exact odds; use **HAZARD**'s two-section advance and know
# where a successful car lands; late-brake as a **leader** who failed his Leader check, and say who takes the Leader
# token when the leader goes off track; follow a **Crash Out** that brings out the Safety Car; and name the readings
# the engine applies where the book is unclear.
#
# <details><summary>Book references</summary>
#
# **Digest sections:** [§13.F.1][] (late braking), [§18][] (off track; [§18.4][] the leader off track), [§20][]
# (Leader check), [§26.2][] (BANGING WHEELS), [§26.6][] (HAZARD), [§15.4][] (orange flag), [§21.1][] (the Safety Car);
# examples **[Ex. 31][], [Ex. 34][], [Ex. 38][]** ([§30][]); readings **[AMB-6][], [AMB-10][], [AMB-27][], [AMB-29][]**
# ([§31][]).
#
# </details>
#
# [AMB-10]: ../../docs/rules/rf90_rules_digest.md#amb-10
# [AMB-27]: ../../docs/rules/rf90_rules_digest.md#amb-27
# [AMB-29]: ../../docs/rules/rf90_rules_digest.md#amb-29
# [AMB-6]: ../../docs/rules/rf90_rules_digest.md#amb-6
# [Ex. 31]: ../../docs/rules/rf90_rules_digest.md#ex-31
# [Ex. 34]: ../../docs/rules/rf90_rules_digest.md#ex-34
# [Ex. 38]: ../../docs/rules/rf90_rules_digest.md#ex-38
# [§13.F.1]: ../../docs/rules/rf90_rules_digest.md#s13-f-1
# [§15.4]: ../../docs/rules/rf90_rules_digest.md#s15-4
# [§18]: ../../docs/rules/rf90_rules_digest.md#s18
# [§18.4]: ../../docs/rules/rf90_rules_digest.md#s18-4
# [§20]: ../../docs/rules/rf90_rules_digest.md#s20
# [§21.1]: ../../docs/rules/rf90_rules_digest.md#s21-1
# [§26.2]: ../../docs/rules/rf90_rules_digest.md#s26-2
# [§26.6]: ../../docs/rules/rf90_rules_digest.md#s26-6
# [§30]: ../../docs/rules/rf90_rules_digest.md#s30
# [§31]: ../../docs/rules/rf90_rules_digest.md#s31

# %%
import racebook
from racebook.rf90.analysis import odds
from racebook.rf90.events import CardDrawn, DrawReason, LeaderCause, LeaderToken, TurnEnds
from racebook.rf90.lessons.notebook import book_table, small_race
from racebook.rf90.rules.activation import sweep

print(panel.report())

# %% [markdown]
# The panel's numbers are the engine's: the older one-call helper `odds.late_braking(state, car)` gives the same
# for this position.

# %%
old = odds.late_braking(panel_race.state, panel_race.state.cars["Blue"])
book_table([
    ("target", old.target, panel.result.target),
    ("P(success)", old.p_success, panel.result.p_success),
    ("tyre chips if it fails", float(old.on_failure.tyres), float(panel.result.on_failure.tyres)),
    ("MP lost next turn if it fails", float(old.on_failure.time_loss), float(panel.result.on_failure.time_loss)),
], sides=("odds.late_braking", "the panel"))

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
# ## HAZARD: two sections, only into empty ones
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
    hz = lb.play_variant("ex31", {"Bridge: Red": f"{where}: Red"}, Blue={"strategy": "hazard"})
    print(f"Red in {where}:")
    for e in hz.events:
        if isinstance(e, CardDrawn) and e.reason is DrawReason.HAZARD or e.kind == "LateBrakingAdvance":
            print(" ", e.sentence())

# %% [markdown]
# **Where a successful car lands** ([AMB-27][]). The book says only "advances to the next section". The engine puts it
# **behind** the cars already there (entering a section puts you behind its occupants), with no overtaking. [Ex. 31][]
# with Red waiting in Abbey (invented):
#
# [AMB-27]: ../../docs/rules/rf90_rules_digest.md#amb-27
# [Ex. 31]: ../../docs/rules/rf90_rules_digest.md#ex-31

# %% tags=["presenter-show"]
amb27 = lb.play_variant("ex31", {"Bridge: Red": "Abbey: Red"})
print("Abbey, front to back:", ", then ".join(amb27.state.cars_in("Abbey")))

# %% [markdown]
# ## The leader and late braking
#
# **A leader who failed his Leader check in a braking zone may still late-brake** ([§20][]) — and the cars he passes
# that way need no Leader check. An invented position at Silverstone: Blue leads in Abbey-brake with a lapped Purple
# ahead of him. He fails the check with (95) from hand — stuck behind Purple — then late-brakes: his TC is now (95),
# so the target is 95 − 20 = **75**, and (30) passes him by.
#
# [§20]: ../../docs/rules/rf90_rules_digest.md#s20

# %%
crowd_cars = {"Blue": {"hand": ["R89", "R95"], "target": "R88"}, "Green": {"target": "R67"}, "Red": {"target": "R68"},
              "Purple": {"target": "R69"}}
lead = small_race("silverstone turn=6 lap=2 | Abbey-brake: Purple Blue* Green | Vale: Red", crowd_cars,
                  ["R01", "R30"], track="silverstone", seed=3)
for action in ["Blue start", "Blue play R89", "Blue leader-check R95"]:
    lead.apply(action)
print("Blue's choices now:", lb.choices(lead), end="\n\n")
lead.apply("Blue late-brake")
print(lb.turn_story(lead, "Blue"))

# %% [markdown]
# **The leader off track** ([§18.4][]). The Leader token goes to «o carro que esteja mais à frente na seção onde ele
# perdeu o controle»; if that section is empty he keeps it, and that section stays the front of the activation sweep.
# Blue leads alone in Club-2, reaches the empty Abbey-brake and fails his late braking: he **keeps the Leader token**
# and Abbey-brake stays the front of the sweep while he waits on the re-entry point beside Abbey:
#
# [§18.4]: ../../docs/rules/rf90_rules_digest.md#s18-4

# %% tags=["presenter-show"]
alone = small_race("silverstone turn=6 lap=2 | Club-2: Blue* | Vale: Green",
                   {"Blue": {"hand": ["R89", "R56"], "target": "R88"}, "Green": {"hand": ["R57"], "target": "R67"}},
                   ["R01", "R95", "R40"], track="silverstone", seed=3)
for action in ["Blue start", "Blue play R89", "Blue late-brake", "Blue test 1 blind"]:
    alone.apply(action)
for e in alone.events:
    if e.kind in ("LeaderToken", "OnReentryPoint") or isinstance(e, TurnEnds) and e.at_reentry:
        print(e.sentence())
print("The sweep now activates:", ", then ".join(str(a) for a in sweep(alone.state)[:4]), "…")

# %% tags=["nbval-ignore-output"]
from racebook.rf90.ui.latebraking import LateBrakingPlayer

LateBrakingPlayer(alone)

# %% [markdown]
# With other cars in the section where he lost control, the **frontmost** of them takes the token — which one
# depends on the house rule `leader_token_same_lap`. In Abbey-brake Purple (a lap down) is ahead of Blue and Green
# (on Blue's lap) behind him. By default the token goes to **Green**, the frontmost car on the leader's lap (a lapped
# car never leads, [§11.1][]); read literally, it goes to **Purple**, the frontmost car in the section, though it is
# lapped — and from there the normal rule hands it on as soon as a car further ahead in the race moves:
#
# [§11.1]: ../../docs/rules/rf90_rules_digest.md#s11-1

# %% tags=["presenter-show"]
for same_lap in (True, False):
    crowd = small_race("silverstone turn=6 lap=2 | Abbey-brake: Purple Blue* Green | Vale: Red",
                       {**crowd_cars, "Blue": {"hand": ["R89", "R56"], "target": "R88"}}, ["R01", "R30", "R95", "R40"],
                       track="silverstone", seed=3, rules=racebook.rf90.options.Rules(leader_token_same_lap=same_lap))
    for action in ["Blue start", "Blue play R89", "Blue leader-check blind", "Blue late-brake", "Blue test 1 blind"]:
        crowd.apply(action)
    token = [e for e in crowd.events if isinstance(e, LeaderToken) and e.cause is LeaderCause.LEADER_OFF_TRACK][0]
    print(f"leader_token_same_lap = {same_lap}: {token.sentence()}")

# %% [markdown]
# **BANGING WHEELS and late braking** ([§26.2][]). Same-lap cars passed by a late braking are overtaken like any
# others. On the teaching track Blue (BANGING WHEELS) ends in the braking zone E behind Red and Green, on his lap,
# and late-brakes past both: he draws the strategy's Track Card (one per turn):
#
# [§26.2]: ../../docs/rules/rf90_rules_digest.md#s26-2

# %% tags=["presenter-show"]
bw = small_race("teaching turn=5 lap=3 | C: Fast1* | E: Red{played} Green{played} | F: Blue",
                {"Blue": {"hand": ["R18"], "target": "R88", "strategy": "banging_wheels"}}, ["R22", "R01"],
                seed=3, name="bw")
for action in ["Blue start", "Blue play R18", "Blue late-brake", "Blue occupy none"]:
    bw.apply(action)
print(lb.turn_story(bw, "Blue"))

# %% [markdown]
# ## Crash Out and the Safety Car symbol
#
# Silverstone's (invented) Copse route ends, after two failed recovery tests, on a retire spot with the **SC**
# symbol: the car retires and the **Safety Car comes out at once** ([§18.6][], [§21.1][]). Blue (TC 50) fails the LB
# with (90), the Normal test at −10 (90 − 10 = 80) with (95) from hand — 1 wear token — and the blind test at −20
# (95 − 20 = 75) with (99):
#
# [§18.6]: ../../docs/rules/rf90_rules_digest.md#s18-6
# [§21.1]: ../../docs/rules/rf90_rules_digest.md#s21-1

# %% tags=["presenter-show"]
crash = small_race("silverstone turn=6 lap=2 | Maggotts: Red*{played} | Start: Blue",
                   {"Blue": {"target": "R50", "hand": ["R89", "R95"]}, "Red": {"target": "R87"}},
                   ["R01", "R90", "R99"], track="silverstone", seed=3)
for action in ["Blue start", "Blue play R89", "Blue late-brake", "Blue test 1 R95"]:
    crash.apply(action)
for e in crash.events:
    if e.car_id == "Blue" and e.kind in ("CheckTest", "DamageTaken", "Retired") \
            or e.kind in ("SafetyCarCalled", "SafetyCarDeployed", "SafetyCarRealigned", "SafetyCarIn"):
        print(e.sentence())

# %% [markdown]
# ## Readings the engine applies
#
# None of these has a house-rule switch in `racebook.rf90.options.Rules`: the engine plays the digest's recommended
# reading ([§31][]). (The [§18.4][] reading above, `leader_token_same_lap`, is a switch.)
#
# | # | the question | the engine's reading | shown |
# |---|---|---|---|
# | [AMB-6][] | "test against the Target Check printed at the spot" vs the examples | the printed value is a **modifier** to the car's **current** TC (which the failed draw just set) | part 1: [Ex. 34][] 73 − 20 = 53, [Ex. 33][] 83 − 10 = 73 |
# | [AMB-10][] | HAZARD's +1 MP for an LB blind test, after movement | it is the **two-section** advance (both sections empty); no MP | the HAZARD cell |
# | [AMB-27][] | where a successful car is placed | **behind** the cars already in the next section; no overtaking | the Abbey cell |
# | [AMB-29][] | a robot forced to late-brake (orange flag) | blind test vs **70** ± LB modifier ± rain | below |
#
# [AMB-29][]: Blue holds the orange pawn ([§15.4][]) when the Fast robot ends its move in Abbey-brake; he forces it to
# late-brake:
#
# [AMB-10]: ../../docs/rules/rf90_rules_digest.md#amb-10
# [AMB-27]: ../../docs/rules/rf90_rules_digest.md#amb-27
# [AMB-29]: ../../docs/rules/rf90_rules_digest.md#amb-29
# [AMB-6]: ../../docs/rules/rf90_rules_digest.md#amb-6
# [Ex. 33]: ../../docs/rules/rf90_rules_digest.md#ex-33
# [Ex. 34]: ../../docs/rules/rf90_rules_digest.md#ex-34
# [§15.4]: ../../docs/rules/rf90_rules_digest.md#s15-4
# [§18.4]: ../../docs/rules/rf90_rules_digest.md#s18-4
# [§31]: ../../docs/rules/rf90_rules_digest.md#s31

# %% tags=["presenter-show"]
forced = small_race("silverstone turn=6 lap=2 | Priory: Red*{played} | Vale: Fast1 | Stowe: Blue{played}",
                    {"Fast1": {"kind": "robot", "robot": "fast"}, "Blue": {"target": "R88", "hand": ["R10"]},
                     "Red": {"target": "R87"}}, ["R61", "R31"], {"orange": "Blue"},
                    track="silverstone", seed=3, name="amb29")
print("Blue's choices with the orange pawn:", lb.choices(forced))
forced.apply("Blue force Fast1 lb")
for e in forced.events:
    if e.car_id in ("Fast1", "Blue") and e.kind in ("CheckTest", "FlagEvent", "OnReentryPoint") \
            or isinstance(e, TurnEnds) and e.at_reentry:
        print(" ", e.sentence())

# %% [markdown]
# ## Summary
#
# * The decision is a number: the panel weighs the exact chance of gaining sections against the exact cost of
#   that zone's route.
# * HAZARD: +2 sections into empty ones; a successful car lands behind the cars already there.
# * A leader who failed his Leader check may still late-brake; a leader off track hands the token to the frontmost
#   car (on his lap, by default) of the section where he lost control, or keeps it.
# * A route may end in a Crash Out with the SC symbol: the Safety Car comes out at once.

# %% [markdown]
# **Next →** [06_trajectories](06_trajectories.ipynb): bonus movement from the trajectories, and the Extreme
# Trajectories' risk.
