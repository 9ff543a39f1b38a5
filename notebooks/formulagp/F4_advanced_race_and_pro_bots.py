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
# # F4 — The Advanced race and Pro BOTs (FormulaGP)
#
# **You need:** [F3_hazards_pits_and_race_control](F3_hazards_pits_and_race_control.ipynb) (the dice, tyres and
# pit stops).
#
# The forecast is Cloudy and the Weather token lies on radar space 12. Will it rain before the flag, and when? Move
# the token and the flag: each bar is the **exact** chance that the weather changes on that radar space, from the
# engine's rain check; the table prices each start tyre over the first rounds. The split of the WEATHER cards, the
# value printed on them, the dice's faces and the circuit are **invented for teaching** (the source does not print
# them).

# %% tags=["nbval-ignore-output"]
from racebook.formulagp.ui import WeatherRadar

radar = WeatherRadar()
radar.widget

# %% [markdown]
# Choose "not drawn yet" to see the chance of a wet track before the WEATHER card is drawn.
#
# **After this notebook you can:**
#
# * set up an **Advanced race**: the forecast, the Weather token, Standing Water, the track temperature;
# * work out when the **weather changes** (the rain check) and choose your **start tyres** by the odds;
# * say what **wrong tyres** cost, dry in the rain or wet on a dry track;
# * obey **speed limits by card colour**, and price the dice of a move that breaks them;
# * read a **Pro BOT's** Pit token: when it will stop, and why;
# * replay Examples 22, 23, 27, 29, 31, x5 and the rain check w1.
#
# <details><summary>Book references</summary>
#
# **Digest sections:** [§4.3][] (the forecast and set-up), [§14.2][] (wrong tyres), [§19.1][] (weather changes),
# [§11.4.2][] (speed limits), [§19.2][] (hazard checks), [§19.8.4][] (Standing Water), [§22.4][] (the Pro BOT's
# Pit token), [§22.9.2][] (the corner modifier), [§22.11.1][] (its tyre checks), [§22.13.5][] (the Safety Car);
# the readings A5, A12, A17, A31, A42 ([§24][]).
#
# **In the engine:** `racebook/formulagp/weather.py` with `rules/weather.py`, `speedlimits.py` with
# `rules/speedlimits.py`, `bots/pro.py` with `rules/protyres.py`; `racebook/formulagp/analysis/weatherodds.py`
# (the radar and the tyre choice), `analysis/hazardodds.py` (the speeding odds) and `analysis/prowindow.py` (a Pro
# BOT's pit window) read them. The notebook only shows them.
#
# </details>
#
# [§4.3]: ../../docs/rules/formulagp_rules_digest.md#gp-s4-3
# [§11.4.2]: ../../docs/rules/formulagp_rules_digest.md#gp-s11-4-2
# [§14.2]: ../../docs/rules/formulagp_rules_digest.md#gp-s14-2
# [§19.1]: ../../docs/rules/formulagp_rules_digest.md#gp-s19-1
# [§19.2]: ../../docs/rules/formulagp_rules_digest.md#gp-s19-2
# [§19.8.4]: ../../docs/rules/formulagp_rules_digest.md#gp-s19-8-4
# [§22.4]: ../../docs/rules/formulagp_rules_digest.md#gp-s22-4
# [§22.9.2]: ../../docs/rules/formulagp_rules_digest.md#gp-s22-9-2
# [§22.11.1]: ../../docs/rules/formulagp_rules_digest.md#gp-s22-11-1
# [§22.13.5]: ../../docs/rules/formulagp_rules_digest.md#gp-s22-13-5
# [§24]: ../../docs/rules/formulagp_rules_digest.md#gp-s24

# %% [markdown]
# ## What is printed, and what is invented
#
# The source prints the number of WEATHER cards, the set-up's ×4, the temperature's extra wear and the Pro BOTs'
# Soft and Medium tyre lives and icons; it does not print which forecast each WEATHER card shows, the value on the
# Cloudy and Rainy cards, which WHITE results are Hot, the dice's face counts (A4) or the circuit's Gear Markers.
# Every figure below is computed from the data files, so it changes if they do. The weather file:

# %%
from racebook.formulagp.rules.weather import weather_data

w = weather_data()
for key, why in w.sources.items():
    print(f"{key:32} {why.split(':')[0]}")

# %% [markdown]
# ## 1. The forecast and the set-up (§4.3)
#
# * Draw one of the 5 WEATHER cards. **Sunny**: roll the WHITE die at the start for the **track temperature**; Hot
#   or Extreme adds +1 or +2 wear to Soft and Medium tyres.
# * **Cloudy**: the **Weather token** on radar space WHITE × 4, WHITE-die side up.
# * **Rainy**: the same, and WHITE **Standing Water** tokens on the track, counted from the Start/Finish line.
# * Then each driver chooses its start tyres knowing the forecast — Soft, Medium, Hard or **Wet**.
#
# Before the draw, each card's chance and what its radar then holds:

# %%
from racebook.formulagp.analysis import weatherodds

for forecast, (p, after) in weatherodds.forecast_odds().items():
    print(f"{forecast.value:7} {p} — {after.sentence()}")

# %% [markdown]
# ## 2. The rain check (§19.1)
#
# * When the Chequered Flag reaches the token, roll the WHITE die × the card's value: the total **T** against the
#   round **R**. T < R: no change, the token goes. T = R: the weather **changes now**. T > R: the token moves to
#   space T, weather-icon side up, and the weather changes when the flag gets there.
# * **Cloudy → Rainy**: Race Control +3 spaces (maybe the Safety Car) and new Standing Water. **Rainy → Cloudy**: the
#   rain ends and one Standing Water token dries each round.
#
# The rulebook's rain check (Example w1): round 8, the token on 8, WHITE 2 × 4 = 8 = R — it rains now.

# %%
from racebook.formulagp import scenario

EXW1 = "fgp_exw1_a_rain_check_t_equals_r_changes_the_weather_now"
for e in scenario.read(EXW1).prelude:
    if type(e).__name__ in ("RainCheck", "WeatherChanged", "RaceControl", "StandingWaterPlaced"):
        print(f"{e.body()} ({e.citation})")

# %% [markdown]
# Before that roll, the token on 8 gave these odds (the flag one space short of it):

# %%
from IPython.display import HTML, SVG, display

from racebook.formulagp.ui.advanced import radar_html

display(HTML(radar_html(weatherodds.radar("cloudy", 8, now=7), flag=7, token=8)))

# %% [markdown]
# ## 3. Wrong tyres and the start-tyre choice (§14.2)
#
# * **Dry tyres on a wet track**: no tyre bonus, and the RED die after every move but a single GREEN card.
# * **Wet tyres on a dry track**: the Tyre token's +1 side, and +1 wear after each move unless the car drove through
#   or stopped on Standing Water, which cools them.
# * In a **dry race** each car must race on **two dry types** or be disqualified; the rule lapses once it rains.
#
# The start tyres over the first 8 rounds, forecast by forecast (each weather the card can bring weighted exactly;
# the RED dice counted for every move, so an upper bound):

# %%
from racebook.formulagp.ui.advanced import tyres_html

for forecast in ("sunny", "cloudy", "rainy"):
    best = weatherodds.start_tyre_costs(8, forecast=forecast)
    print(f"{forecast}: best {best[0].sentence()}")
display(HTML(tyres_html(weatherodds.start_tyre_costs(8, forecast="cloudy"))))

# %% [markdown]
# ## 4. Speed limits by card colour (§11.4.2)
#
# * A **Gear Marker** limits the colour of the cards that may **leave** its tile: GREEN → GREEN cards only, RED →
#   RED or GREEN. A pair obeys its **cards' colour**, not the pace it reaches; an ORANGE card is the colour it is
#   played as; BLUE breaks both.
# * Breaking a limit owes a **RED die** after the move; the same event again owes a **YELLOW** die each. Ending on
#   the tile is free. **Standing Water** is a GREEN limit of its own kind. A speed limit still rolls in a Yellow
#   Flag zone.
#
# Example 22: Grey's single RED card leaves T07 and T08, both GREEN-limited — 1 RED + 1 YELLOW. Example x5: two
# GREEN cards reach RED pace, but obey the GREEN limit — only the pair's YELLOW die. The engine, before each roll:

# %%
from racebook.formulagp.analysis import hazardodds
from racebook.formulagp.ui.advanced import SPEED_EXAMPLES
from racebook.formulagp.ui.battle import before, replay_lines
from racebook.formulagp.ui.hazards import odds_html

for sid in SPEED_EXAMPLES[:2]:
    print(scenario.read(sid).title)
    print("   ", hazardodds.odds_if_ending(before(sid, "Grey end")).sentence())
for line in replay_lines(SPEED_EXAMPLES[0], ("SpeedLimitBroken", "DieRolled")):
    print(line)

# %% tags=["presenter-show"]
from racebook.formulagp.ui.movement import picture

SVG(picture(before(SPEED_EXAMPLES[0], "Grey end")))

# %% [markdown]
# Example 23 is the same move inside a Yellow Flag zone: the speed limit still rolls, the RED die shows Loss of
# control, and the spin brings no second Yellow Flag.

# %%
for line in replay_lines(SPEED_EXAMPLES[2], ("SpeedLimitBroken", "DieRolled", "Spun", "YellowFlag")):
    print(line)
display(HTML(odds_html(hazardodds.odds_if_ending(before(SPEED_EXAMPLES[2], "Grey end")))))

# %% [markdown]
# F3's hazard check takes the Advanced race's hazards too: slide the speeding tiles, tick Standing Water or dry
# tyres in the rain.

# %% tags=["nbval-ignore-output"]
from racebook.formulagp.ui import HazardCheck

check = HazardCheck()
check.speeding.value = 2
check.widget

# %% [markdown]
# ## 5. Pro BOTs: the Pit token and the tyre checks (§22.4, §22.11.1)
#
# * A Pro BOT's **tyre life** is its tyre's base life + the WHITE die (the icon counts 0). Its **Pit token** goes on
#   that radar space, TYRE side up — flipped to **PIT** at once on or past its tyre's radar icon.
# * When the flag reaches it: **TYRE** side — a green face moves it forward by the roll, PIT side up; a red face
#   lowers the Tyre token and sends it to the **pit-lane entry**. **PIT** side — to the entry (with the full bonus,
#   a red face lowers it). At the entry the BOT **pits** the next time it reaches the pit entrance — never on round
#   22 or later.
# * Under the **Safety Car** a TYRE-side token moves 2 spaces forward, never past its tyre's icon (Example 31).
#
# Example 27: Medium (life 7), WHITE 5: 12, past the Medium icon on 11 — PIT side up. Every set-up roll:

# %%
from racebook.formulagp.analysis import prowindow

for token, p in prowindow.setup_odds("medium").items():
    print(f"space {token.space:2}, {token.side.value.upper():4} side up: {p}")

# %% [markdown]
# Choose an example: the position, then what the BOT's public tokens say it will do, with the odds.

# %% tags=["nbval-ignore-output"]
from racebook.formulagp.ui import ProWindowView

ProWindowView().widget

# %% [markdown]
# Example 31, Soft, the token TYRE side up on 7: where its tyre checks send it, then what a Safety Car does to it.

# %%
from racebook.core.log import EventLog
from racebook.formulagp import safetycar
from racebook.formulagp.ui.advanced import PRO_EXAMPLES, pro_html

race31 = scenario.read(PRO_EXAMPLES[2]).race()
display(HTML(pro_html(prowindow.pro_window(race31, "P"))))
log = EventLog(None)
safetycar.deploy(race31.state, log, "the notebook's Safety Car")
for e in log:
    if type(e).__name__ == "ProSafetyCar":
        print(f"{e.body()} ({e.citation})")
print(prowindow.pro_window(race31, "P").sentence())

# %% [markdown]
# Example 29: a Pro BOT ends its move on a corner; its TACTICS card's modifier moves it on.

# %%
for line in replay_lines(PRO_EXAMPLES[1], ("ProPaced", "ProCorner")):
    print(line)

# %% [markdown]
# ## 6. An Advanced race to the flag
#
# Two players (the computer driver) against two Pro BOTs, start tyres chosen after the forecast, seeded: the
# weather, the Pro BOTs' tyre checks and stops, and the classification.

# %%
from racebook.formulagp import agents
from racebook.formulagp.setup import new_race
from racebook.formulagp.state import Mode

race = new_race(["Red", "Grey", "P1", "P2"], seed=3, mode=Mode.ADVANCED, pros=["P1", "P2"], choose_tyres=True)
agents.play_out(race, {c: agents.Greedy(seed=i) for i, c in enumerate(["Red", "Grey"])})
kinds = ("ForecastDrawn", "RainCheck", "WeatherChanged", "ProPitToken", "ProTyreCheck", "PitEntered", "Classified")
for e in race.events:
    if type(e).__name__ in kinds:
        print(f"{e.body()} ({e.citation})")

# %% [markdown]
# ## What to remember
#
# * The forecast sets the radar: Cloudy and Rainy put the Weather token on WHITE × 4; the rain check compares
#   WHITE × the card's value with the round. The weather changes at most once.
# * Dry tyres in the rain: no bonus and the RED die; wet tyres on a dry track: +1 side and +1 wear a move.
# * A speed limit checks the **colour** of the cards that leave the tile; one RED die, then a YELLOW per repeat.
# * A Pro BOT's Pit token is public: its space and side tell you when it will stop, within the odds of the WHITE die.

# %% [markdown]
# **Next →** race to the flag: [F0_first_race](F0_first_race.ipynb) with `GuidedRace(seed=3, rounds=40)` (the last
# FormulaGP notebook so far); back to [F3_hazards_pits_and_race_control](F3_hazards_pits_and_race_control.ipynb).
