# ---
# jupyter:
#   jupytext:
#     formats: ipynb,py:percent
#     text_representation:
#       extension: .py
#       format_name: percent
#   kernelspec:
#     display_name: Python 3
#     language: python
#     name: python3
# ---

# %% [markdown]
# # 16 — The RF90 Championship
#
# **You need:** [12_full_race](12_full_race.ipynb), [15_teams_and_robot_teammates](15_teams_and_robot_teammates.ipynb).
#
# Computer drivers race a four-race mini-season. Who will be champion? The chart gives each driver's title odds
# before the season and after every race; **▶ sample** samples the remaining races again, live.

# %% tags=["nbval-ignore-output"]
from pathlib import Path
from tempfile import mkdtemp

from IPython.display import Markdown, display

from racebook.rf90 import championship as C
from racebook.rf90.championship import oddsfile, report, savefile
from racebook.rf90.lessons import championship as L
from racebook.rf90.ui.titleodds import TitleOddsChart
from racebook.ui.backend import pandas_display, table_of

pandas_display(width=200, max_colwidth=120)
mini = C.load_season("mini")
season_run = C.SeasonRun(mini, seed=7).run()  # the four races, played by the race engine
shipped = oddsfile.load("title_odds_mini")  # the title odds, computed in advance (section 5)
drivers_chart = TitleOddsChart(season_run)
odds = drivers_chart.show_shipped(shipped)
drivers_chart

# %% [markdown]
# **After this notebook you can** set up a **season** as the Director does; score a race (**10-6-4-3-2-1**, the
# **first-driver rule** of robot teams, team points = both drivers); break a tie with the **countback**; run a
# mini-season with computer drivers, save it, resume it, and read the **title odds** after each race.
#
# <details><summary>Book references</summary>
#
# **Sources:** the Expansion #1 digest [§6][] (the championship), [§5.3][] (robot teammates), [§8][]
# [Ex. X1-14][] … X1-16, [§9][] [AMB-X1-31][] … [AMB-X1-36][]. The season file format is in `docs/season.md`.
# Every number comes from the engine (`racebook.rf90.championship`).
#
# **Invented values** (`invented-for-teaching`, never the printed game): the players' car panels, skills and
# per-race choices in the shipped seasons; [Ex. X1-14][]'s **Hungaroring** round, raced on the Silverstone board
# (no Hungaroring board ships); the robots' qualifying chits (as in every race); the three races of the tie-break
# walkthrough; and everything about the **title odds**, which are beyond the book. The book's report template is
# not in the source: the report's layout is ours.
#
# </details>
#
# [AMB-X1-31]: ../../docs/rules/rf90_expansion1_digest.md#x1-amb-31
# [AMB-X1-36]: ../../docs/rules/rf90_expansion1_digest.md#x1-amb-36
# [Ex. X1-14]: ../../docs/rules/rf90_expansion1_digest.md#x1-ex-14
# [§5.3]: ../../docs/rules/rf90_expansion1_digest.md#x1-s5-3
# [§6]: ../../docs/rules/rf90_expansion1_digest.md#x1-s6
# [§8]: ../../docs/rules/rf90_expansion1_digest.md#x1-s8
# [§9]: ../../docs/rules/rf90_expansion1_digest.md#x1-s9

# %% [markdown]
# ## 1. The rule: a season, its teams and its report (§6.1–§6.4)
#
# * One player is the **Director**: he organises and referees, and may race too.
# * The **calendar** has **4 to 12 circuits**, chosen and ordered by the Director, repeats allowed, frozen for the
#   season. The Director picks the **basic** or **advanced** rules.
# * **Teams are always two cars**: two players, or a player and a **robot teammate** — a robot of the top category
#   (SuperFast advanced, Fast basic) **added** to the robots ([AMB-X1-33][]).
# * The robots form three teams: **SuperFast** Bruno Gourdo / Don Matrelli (advanced only), **Fast** Travis Daye /
#   Cal Tyrone, **Slow** Peter Kurtz / Vito Giuffrè.
# * The report records the calendar, the level, the players and teams, each player's **car panel** and **skill** —
#   both fixed for the season. Tyres, strategy and fuel are chosen per race ([AMB-X1-34][]).
#
# A season is a small TOML file. Here is [Ex. X1-14][]'s: Alan (Director), Bob and Carl; advanced rules; Monza,
# Hungaroring, Spa, Monaco, Monza, Spa.
#
# [AMB-X1-33]: ../../docs/rules/rf90_expansion1_digest.md#x1-amb-33
# [AMB-X1-34]: ../../docs/rules/rf90_expansion1_digest.md#x1-amb-34
# [Ex. X1-14]: ../../docs/rules/rf90_expansion1_digest.md#x1-ex-14

# %%
season = C.load_season("x1_14")
print(season.title, f"[{season.cite}]")
print("Director:", season.director, "· level:", season.level.value, "· robot teammates are",
      season.teammate_type.value)
table_of([{"round": i + 1, "circuit": r.name, "board": r.track, "source": r.source or "the track file"}
          for i, r in enumerate(season.calendar)], index="round")

# %%
table_of([{"team": name, "drivers": ", ".join(season.display_name(d) for d in ds)}
          for name, ds in season.lineup])

# %% [markdown]
# [Ex. X1-14][] counts **5 teams and 10 cars**: 3 humans + Bob's SuperFast robot teammate + the 6 robot-team cars.
# [Ex. X1-15][] is the same championship if Alan and Carl do not team up: then every human takes a robot teammate —
# **6 teams, 12 cars** ([AMB-X1-31][]: every human races in a two-car team).
#
# [AMB-X1-31]: ../../docs/rules/rf90_expansion1_digest.md#x1-amb-31
# [Ex. X1-14]: ../../docs/rules/rf90_expansion1_digest.md#x1-ex-14
# [Ex. X1-15]: ../../docs/rules/rf90_expansion1_digest.md#x1-ex-15

# %%
x1_15 = C.load_season("x1_15")
print(f"Ex. X1-14: {len(season.lineup)} teams, {len(season.drivers)} cars; "
      f"Ex. X1-15: {len(x1_15.lineup)} teams, {len(x1_15.drivers)} cars")

# %% [markdown]
# The season file is checked as it is read: a calendar of 3 circuits, a team of three, the SuperFast team in a
# basic season, an unknown track… each is **one line** naming the file, the field and the rule.

# %%
error = L.short_calendar_error("x1_14", keep=3)  # Ex. X1-14's file with its first three circuits only
print(f"Refused: the season file's {error.field}: {error.reason}")

# %% [markdown]
# ## 2. Scoring a race (§6.5, §6.6) — Ex. X1-16
#
# | place | 1st | 2nd | 3rd | 4th | 5th | 6th | 7th and lower |
# |---|---|---|---|---|---|---|---|
# | points | 10 | 6 | 4 | 3 | 2 | 1 | 0 |
#
# **Robot teams:** the better-placed car of a robot team is credited to its **first driver**. A team scores the
# **sum of its two drivers**. [Ex. X1-16][]: at Monza Bob wins, Carl is 2nd, a SuperFast 3rd, Bob's teammate 4th, Alan
# 5th and the other SuperFast 6th. Below, the 3rd car is *Matrelli's* — the points still go to Gourdo.
#
# [Ex. X1-16]: ../../docs/rules/rf90_expansion1_digest.md#x1-ex-16

# %%
monza = C.RaceResult(1, "monza", 0, ("Bob", "Carl", "Matrelli", "BobMate", "Alan", "Gourdo",
                                   "Daye", "Tyrone", "Kurtz", "Giuffre"))
score = C.score_race(season, monza)
for e in score.events:
    print(e.sentence())

# %%
table_of(L.standing_rows(C.team_standings(season, [score])), index="pos")

# %% [markdown]
# The book's numbers: drivers Bob 10, Carl 6, Gourdo 4, Bob's teammate 3, Alan 2, Matrelli 1; teams 13, 8, 5,
# and 0 for the other two. Daye/Tyrone is ahead of Kurtz/Giuffre on 0 points: the countback goes on past the
# scoring places (7th and 8th beat 9th and 10th).
#
# A **retired** car is not in the source ([AMB-X1-35][]): the engine leaves it **unclassified** — 0 points and no place
# for the countback. The house rule `classify_retired` places retired cars behind the finishers instead, the last
# one out first.
#
# [AMB-X1-35]: ../../docs/rules/rf90_expansion1_digest.md#x1-amb-35

# %% [markdown]
# ## 3. A tie-break walkthrough (§6.5: "and so on")
#
# Three invented races of the 4-race `mini` season (basic rules: Fast and Slow robot teams only). Watch **Dana** and
# **Daye**.

# %%
scores = L.tie_break_scores(mini)  # three invented races, each scored by the engine
table_of([{"race": i + 1, **dict(s.points)} for i, s in enumerate(scores)], index="race")

# %%
table_of(L.standing_rows(C.driver_standings(mini, scores)), index="pos")

# %% [markdown]
# Eli (6 + 6 + 10 = 22) leads. Dana (10 + 4 + 3) and Daye (1 + 10 + 6) both have **17 points** and **one win**
# each; Daye has **one 2nd place**, Dana none — Daye is 2nd, Dana 3rd. When the whole countback is equal, the
# source is silent ([AMB-X1-36][]): the Director decides; the engine reports a **shared position** — two drivers with
# identical results:
#
# [AMB-X1-36]: ../../docs/rules/rf90_expansion1_digest.md#x1-amb-36

# %%
table_of(L.standing_rows(C.standings.rank([("Ann", 12, (1, 0, 1, 0)), ("Ben", 12, (1, 0, 1, 0)),
                                            ("Cid", 9, (0, 1, 0, 1))])), index="pos")

# %% [markdown]
# ## 4. A mini-season with computer drivers
#
# Each race is played by the RF90 race engine from the season's seed (race *n* uses seed 16 × season seed + *n*):
# the players are driven by the engine's greedy computer driver, robots are robots, and each pair races as a team
# under [§5][] (teammates are transparent to each other in movement; notebook 15 teaches the team rules).
#
# [§5]: ../../docs/rules/rf90_expansion1_digest.md#x1-s5

# %%
run = C.SeasonRun(mini, seed=7).run(2)
tmp = Path(mkdtemp()) / "mini.json"
savefile.save(run, tmp)  # a season in progress: the season, its seed, the results so far
resumed = savefile.load(tmp)  # checked by replaying the saved races
resumed.run()
same = resumed.results == season_run.results
print(f"Saved after 2 races, resumed, {resumed.done} of {len(mini.calendar)} races played: "
      f"{'the same results as the season played in one go ✓' if same else 'NOT the same as in one go ✗'}")

# %%
display(Markdown(report.report_markdown(resumed).split("## Races", 1)[1].split("## Drivers'", 1)[0].strip()))

# %%
table_of(L.standing_rows(resumed.drivers()), index="pos")

# %%
table_of(L.standing_rows(resumed.teams()), index="pos")

# %% [markdown]
# ## 5. Who wins the title? (beyond the book)
#
# After each race, the engine replays the **remaining races** many times (Monte Carlo through the real engine) and
# counts who ends up champion — countback included; a shared title counts half.
#
# **Where the numbers come from:** that is a thousand races, so they were **computed in advance** for this season
# run (`mini`, season seed 7): `racebook/rf90/data/precomputed/title_odds_mini.json` holds **100 sampled seasons
# per point** from seed **1** — every sampled champion — and the command that recomputes it,
# `python tools/precompute.py title_odds_mini`. 100 samples: each percentage is good to about **±5 percentage
# points** (one standard error). **▶ sample** samples again **live** from the next seed (12 seasons per point: a
# few seconds; the progress bar counts them). CLI: `racebook season odds SAVE --samples 500 --jobs 2`.
#
# The drivers' chart is at the top of the notebook; below are its numbers as a table, then the teams' chart.

# %%
print(shipped.describe())
print("These odds are about this very season run (the same season, seed and results)." if shipped.is_about(resumed)
      else "These odds are NOT about this season run.")

# %%
table_of([{"after race": o.after, **{n: f"{p:.0%}" for n, p in o.drivers}} for o in odds], index="after race")

# %% tags=["nbval-ignore-output"]
teams_chart = TitleOddsChart(resumed, teams=True)
teams_chart.show_shipped(shipped)
teams_chart

# %% [markdown]
# Read the chart from left to right: before the season (0) every car that can win a race has some chance; each
# result moves the lines; after the last race the champion has 100 %. One sampled season moves a line by
# 1 percentage point with 100 samples, by 8 with 12.
#
# ## 6. Words (English · Spanish, Expansion #1)
#
# | English | Spanish |
# |---|---|
# | championship | Campeonato |
# | Director of the championship | Director del Campeonato |
# | championship report | Informe del Campeonato |
# | first / second driver | Primer / Segundo Piloto |
# | drivers' / teams' championship | Campeonato de Pilotos / de Equipos |
# | robot teammate | compañero (de equipo) robot |
#
# **Try it:** `racebook season run x1_14 --seed 3`, then edit a copy of `racebook/rf90/data/seasons/mini.toml`
# (see `docs/season.md`).

# %% [markdown]
# **Next →** [A0_first_race](../automobiles/A0_first_race.ipynb): another game, Automobiles, in ten minutes — or back to
# [00_start_here](00_start_here.ipynb).
