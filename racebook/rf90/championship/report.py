"""The championship report (Informe del Campeonato RF90, Expansion #1 §6.4) in Markdown and JSON.

It holds what the Director writes down — calendar, rules level, players and team line-ups, each player's car panel
and skill (fixed for the season) — and the season so far: each race's classification and points, and the
drivers' and teams' standings (§6.5, §6.6). The book's report template is NOT IN SOURCE; this layout is the
engine's.
"""

from __future__ import annotations

import json

from racebook.rf90.championship.runner import SeasonRun
from racebook.rf90.championship.seasonfile import house_rules_dict
from racebook.rf90.championship.standings import Standing


def report_dict(run: SeasonRun) -> dict:
    s = run.season
    scores = run.scores
    return {
        "title": s.title, "cite": s.cite, "director": s.director, "level": s.level.value, "seed": run.seed,
        "calendar": [{"round": i + 1, "name": r.name, "track": r.track, **({"source": r.source} if r.source else {})}
                     for i, r in enumerate(s.calendar)],
        "players": [{"name": p.name, "panel": {"tyres": p.panel.tyres, "cards": p.panel.cards, "wear": p.panel.wear},
                     "skill": p.skill.value if p.skill else None} for p in s.players],
        "teams": [{"name": name, "drivers": list(ds)} for name, ds in s.lineup],
        "robot_teammate_type": s.teammate_type.value,
        "house_rules": house_rules_dict(s),
        "races": [{**r.to_dict(), "name": s.calendar[r.round - 1].name,
                   "points": dict(sc.points), "places": dict(sc.places), "team_points": dict(sc.team_points)}
                  for r, sc in zip(run.results, scores, strict=True)],
        "races_run": run.done, "finished": run.finished,
        "drivers": [x.to_dict() for x in run.drivers()], "team_standings": [x.to_dict() for x in run.teams()],
    }


def report_json(run: SeasonRun) -> str:
    return json.dumps(report_dict(run), indent=1, ensure_ascii=False)


def _table(rows: tuple[Standing, ...], label: str) -> list[str]:
    out = [f"| pos | {label} | points | 1st–3rd places |", "|---|---|---|---|"]
    for r in rows:
        pos = f"{r.position}=" if r.tied else str(r.position)
        out.append(f"| {pos} | {r.name} | {r.points} | {'/'.join(str(n) for n in r.places[:3])} |")
    return out


def report_markdown(run: SeasonRun) -> str:
    s = run.season
    lines = [f"# {s.title}", "", f"*{s.cite}* — Director **{s.director}**, **{s.level.value}** rules, "
             f"season seed {run.seed}; {run.done} of {len(s.calendar)} races run.", "", "## Calendar", ""]
    for i, rnd in enumerate(s.calendar):
        board = f" (raced on the {rnd.track} board — {rnd.source})" if rnd.stand_in else ""
        lines.append(f"{i + 1}. {rnd.name}{board}")
    lines += ["", "## Teams", ""]
    for name, ds in s.lineup:
        lines.append(f"* **{name}**: {', '.join(s.display_name(d) for d in ds)}")
    if s.rules.drivers_only:
        lines.append("None: a drivers-only championship (house rule drivers_only, AMB-X1-31); every player races "
                     "alone. Robot drivers: " + ", ".join(s.display_name(d) for d in s.drivers[len(s.players):]))
    lines += ["", "## Players (car panel and skill fixed for the season, §6.4)", "",
              "| player | tyres | cards | wear | skill |", "|---|---|---|---|---|"]
    for p in s.players:
        lines.append(f"| {p.name} | {p.panel.tyres} | {p.panel.cards} | {p.panel.wear} | "
                     f"{p.skill.value if p.skill else '—'} |")
    lines += ["", "## Races", ""]
    for r, sc in zip(run.results, run.scores, strict=True):
        pts = ", ".join(f"{d} {p}" for d, p in sorted(sc.points, key=lambda x: -x[1]) if p)
        out = f"; retired: {', '.join(r.retired)}" if r.retired else ""
        lines.append(f"{r.round}. **{s.calendar[r.round - 1].name}** (seed {r.seed}): {', '.join(r.order)}{out}. "
                     f"Points: {pts}.")
    lines += ["", "## Drivers' championship (§6.5)", "", *_table(run.drivers(), "driver"), ""]
    if not s.rules.drivers_only:
        lines += ["## Teams' championship (§6.6)", "", *_table(run.teams(), "team"), ""]
    if any(x.tied for x in run.drivers() + run.teams()):
        lines.append("`=` a tie that survives the countback: a shared position (AMB-X1-36, the Director decides).")
    return "\n".join(lines)
