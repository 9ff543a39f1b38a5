"""The FormulaGP Championship (digest §20, the original's 14; §22.10.5): a season of races, the points table by field
size, the Drivers' and Constructors' standings, the pit boxes by the standings, team orders, and a season runner.

* **Set-up** (§20.1): :class:`Championship` — the number of races, the field (BOTs included: :class:`Entry`, its
  team and kind), the tracks (one, or one a race), whether each player keeps the same car and driver, whether the
  Constructors' Championship and team orders are run.
* **Points** (§20.2): :func:`points_for` reads the table of ``data/race_control.toml`` (13/10/8/…, 10/7/5/…,
  6/4/3/2/1) through :meth:`racebook.formulagp.panel.Panel.points`; a field of 7 or 9 cars uses the row below (A22,
  house rule ``small_field_points``). :func:`score_race` scores one race's classification (§17.2).
* **Standings** (§20.3, §20.4): :func:`driver_standings`, :func:`team_standings` (both cars of a team score), ranked
  by the game-neutral table of :mod:`racebook.core.standings`; a tie on points is shared unless the house rule
  ``championship_countback`` asks for RF90's countback (C1).
* **Pit boxes** (§20.1, §20.3): :func:`pit_boxes` — random for race 1, then by the standings with the leader nearest
  the pit exit (the team standings when the Constructors' Championship is run); teammates share a box and qualify
  player first, then the BOT (§20.4).
* **Team orders** (§20.4): :func:`order_giver` says who may give them (a player ahead of its BOT teammate in the
  Drivers' standings, house rule ``team_orders_when_level``, C2; in a team of two BOTs the BOT with more points),
  :func:`give_order` rolls the WHITE die for one order (green: the BOT obeys). Any BOT car takes an order through
  this interface; the BOTs' own moves that an obeyed order changes belong to the BOT engines (see docs/formulagp.md,
  "Championship (issue 38)").
* **The season runner**: :class:`SeasonRun` plays each race through the race engine (computer-driven player cars,
  Rookie BOTs), :func:`title_odds` samples the races left (Monte Carlo over seeds).

Standard library only.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import Enum

from racebook.core.agents import play_out
from racebook.core.errors import DataError, SetupError
from racebook.core.rng import Rng
from racebook.core.standings import Standing, champions, place_counts, rank
from racebook.formulagp.agents import Greedy
from racebook.formulagp.components import FaceColour
from racebook.formulagp.options import Rules, SmallFieldPoints
from racebook.formulagp.panel import panel
from racebook.formulagp.setup import CAR_ID, MAX_CARS, MIN_CARS, new_race
from racebook.formulagp.state import Die, Mode, RaceState
from racebook.formulagp.track import race_track, track_ids

__all__ = [
    "Championship", "Entry", "Kind", "OrderRoll", "RaceScore", "SeasonRun", "Standing", "TeamOrder", "TitleOdds",
    "champions", "driver_standings", "give_order", "order_giver", "pit_boxes", "points_for", "race_seed",
    "score_race", "team_standings", "title_odds",
]

MAX_RACES = 24


class Kind(Enum):
    """What drives a car of the season (§20.1: "the field size, BOTs included")."""

    PLAYER = "player"  # a player's car (the season runner drives it by the greedy computer driver)
    ROOKIE = "rookie"  # a Rookie BOT (§22.5), run by the rules
    PRO = "pro"  # a Pro BOT (§22.2–§22.4), run by the rules (its Control card by its place in the field)

    @property
    def bot(self) -> bool:
        return self is not Kind.PLAYER


@dataclass(frozen=True)
class Entry:
    """One car of the season: its id, its team (teammates share a Pit Box, §20.4) and its kind."""

    car: str
    team: str
    kind: Kind = Kind.PLAYER


@dataclass(frozen=True)
class Championship:
    """What the group agrees before the season (§20.1). ``tracks`` holds one track for every race or one a race;
    ``same_cars`` records whether each player keeps the same car and driver all season (with the one teaching car
    board and no DRIVER card dealt by default, both choices race the same cars here)."""

    races: int
    entries: tuple[Entry, ...]
    tracks: tuple[str, ...] = ()
    same_cars: bool = True
    constructors: bool = False
    team_orders: bool = False
    rules: Rules = field(default_factory=Rules)
    mode: Mode = Mode.STANDARD  # every race of the season: the Standard or the Advanced race (§1, §4.2 b)

    def __post_init__(self) -> None:
        if not isinstance(self.mode, Mode):
            raise SetupError(self.mode, "§1", f"the mode is one of {', '.join(m.value for m in Mode)}")
        if not isinstance(self.races, int) or not 1 <= self.races <= MAX_RACES:
            raise SetupError(self.races, "§20.1", f"a season has 1 to {MAX_RACES} races")
        cars = [e.car for e in self.entries]
        if not MIN_CARS <= len(cars) <= MAX_CARS:
            raise SetupError(cars, "§20.1", f"the field has {MIN_CARS} to {MAX_CARS} cars, BOTs included "
                                            f"(got {len(cars)})")
        for e in self.entries:
            if not CAR_ID.fullmatch(e.car) or not CAR_ID.fullmatch(e.team) or not isinstance(e.kind, Kind):
                raise SetupError(e, "§20.1", "an entry is a car id, a team id and a kind (player, rookie, pro)")
        if len(set(cars)) != len(cars):
            raise SetupError(cars, "§20.1", "each car once")
        for team in self.teams:
            if len(self.cars_of(team)) > 2:
                raise SetupError(team, "§20.4", "a team has at most two cars (teammates share one Pit Box)")
        if self.team_orders and not self.constructors:
            raise SetupError("team_orders", "§20.4", "team orders are a Constructors' Championship option")
        known = track_ids()
        for t in self.tracks:
            if t not in known:
                raise SetupError(t, "§20.1", f"not a FormulaGP track (known: {', '.join(known)})")
        if len(self.tracks) not in (0, 1, self.races):
            raise SetupError(list(self.tracks), "§20.1", f"name one track, or one for each of the {self.races} races")

    @property
    def cars(self) -> tuple[str, ...]:
        return tuple(e.car for e in self.entries)

    @property
    def teams(self) -> tuple[str, ...]:
        """The teams in entry order, each once."""
        return tuple(dict.fromkeys(e.team for e in self.entries))

    def cars_of(self, team: str) -> tuple[str, ...]:
        """A team's cars, players first, then BOTs (§20.4: the player qualifies first, then the BOT)."""
        mine = [e for e in self.entries if e.team == team]
        return tuple(e.car for e in sorted(mine, key=lambda e: e.kind.bot))

    def entry(self, car: str) -> Entry:
        return next(e for e in self.entries if e.car == car)

    def track_of(self, race: int) -> str:
        """The track of race ``race`` (1-based): the one named, the race's own, or the race circuit by default."""
        if not self.tracks:
            return race_track()
        return self.tracks[0] if len(self.tracks) == 1 else self.tracks[race - 1]


# ------------------------------------------------------------------ points (§20.2)
def points_for(field_size: int, position: int, rules: Rules | None = None) -> int:
    """§20.2: the points of ``position`` (1-based) in a field of ``field_size`` cars; a field the table does not list
    (7 or 9 cars) by A22's reading (house rule ``small_field_points``)."""
    above = (rules or Rules()).small_field_points is SmallFieldPoints.ABOVE
    return panel().points(field_size, position, above=above)


@dataclass(frozen=True)
class RaceScore:
    """One race of the season: its classification (winner first, §17.2) and each car's points (same order)."""

    race: int
    track: str
    classification: tuple[str, ...]
    points: tuple[int, ...]

    def points_of(self, car: str) -> int:
        return self.points[self.classification.index(car)] if car in self.classification else 0

    def place_of(self, car: str) -> int | None:
        return self.classification.index(car) + 1 if car in self.classification else None

    @property
    def sentence(self) -> str:
        scored = ", ".join(f"{c} {p}" for c, p in zip(self.classification, self.points, strict=True) if p)
        return f"Race {self.race} ({self.track}): {' '.join(self.classification)}; points (§20.2): {scored or 'none'}"


def score_race(race: int, track: str, classification: Sequence[str], rules: Rules | None = None) -> RaceScore:
    """§20.2: score a race's classification; the field is the classified cars."""
    cls = tuple(classification)
    if len(set(cls)) != len(cls) or not cls:
        raise SetupError(list(cls), "§17.2", "a classification names each car once")
    return RaceScore(race, track, cls, tuple(points_for(len(cls), i + 1, rules) for i in range(len(cls))))


# ------------------------------------------------------------------ standings (§20.3, §20.4)
def _places(ch: Championship, cars: Sequence[str], scores: Sequence[RaceScore]) -> tuple[int, ...]:
    if not ch.rules.championship_countback:  # C1: most points only; a tie is shared
        return ()
    return place_counts((s.place_of(c) for s in scores for c in cars), len(ch.entries))


def driver_standings(ch: Championship, scores: Sequence[RaceScore]) -> tuple[Standing, ...]:
    """§20.3: the Drivers' Championship after ``scores``: most points first."""
    return rank((c, sum(s.points_of(c) for s in scores), _places(ch, (c,), scores)) for c in ch.cars)


def team_standings(ch: Championship, scores: Sequence[RaceScore]) -> tuple[Standing, ...]:
    """§20.4: the Constructors' Championship: each team scores the points of both its cars."""
    rows = []
    for team in ch.teams:
        cars = ch.cars_of(team)
        rows.append((team, sum(s.points_of(c) for s in scores for c in cars), _places(ch, cars, scores)))
    return rank(rows)


# ------------------------------------------------------------------ pit boxes (§20.1, §20.3, §20.4)
def pit_boxes(ch: Championship, scores: Sequence[RaceScore], seed: int) -> tuple[str, ...]:
    """The cars in Pit Box order, the box nearest the pit exit first (``new_state(boxes=…)``; also the qualifying
    order, §9.1). Race 1 (no ``scores``): the teams' boxes shuffled by ``seed`` (§20.1). Later races: by the standings,
    the leader nearest the pit exit — the team standings when the Constructors' Championship is run, else the
    Drivers' standings, a team's shared box placed by its better driver (§20.1, §20.3). Inside a box the player comes
    first, then the BOT (§20.4); two players by the Drivers' standings."""
    teams = list(ch.teams)
    drivers = [s.name for s in driver_standings(ch, scores)]
    if not scores:
        Rng(seed).shuffle(teams)
    elif ch.constructors:
        by_team = [s.name for s in team_standings(ch, scores)]
        teams.sort(key=by_team.index)
    else:
        teams.sort(key=lambda t: min(drivers.index(c) for c in ch.cars_of(t)))
    out: list[str] = []
    for t in teams:
        out.extend(sorted(ch.cars_of(t), key=lambda c: (ch.entry(c).kind.bot, drivers.index(c) if scores else 0)))
    return tuple(out)


# ------------------------------------------------------------------ team orders (§20.4)
class TeamOrder(Enum):
    """§20.4: the three orders a player may give its BOT teammate."""

    NO_OVERTAKE = "do not overtake the player"
    NO_DEFENCE = "do not defend in a battle with the player"
    W2W_AFTER = "move after the player in a W2W battle"


def order_giver(ch: Championship, scores: Sequence[RaceScore], team: str) -> tuple[str, str] | None:
    """§20.4: ``(giver, bot)`` when the team's car ``giver`` may give team orders to its BOT teammate ``bot`` this
    race, else None. Only with team orders agreed at the start of a Constructors' Championship. A player gives them
    when ahead of its BOT in the Drivers' standings (strictly more points; level too with the house rule
    ``team_orders_when_level``, C2). A team of two BOTs (non-player teams): the BOT with more championship points is
    treated as the player (the first listed when level) and always gives orders when it can."""
    if not (ch.constructors and ch.team_orders):
        return None
    cars = ch.cars_of(team)
    if len(cars) != 2:
        return None
    pts = {c: sum(s.points_of(c) for s in scores) for c in cars}
    a, b = cars
    kinds = (ch.entry(a).kind.bot, ch.entry(b).kind.bot)
    if kinds == (True, True):  # non-player team: the BOT with more points is the "player"
        giver, bot = (b, a) if pts[b] > pts[a] else (a, b)
        return giver, bot
    if kinds != (False, True):  # two players: no BOT to order
        return None
    ahead = pts[a] > pts[b] or (ch.rules.team_orders_when_level and pts[a] == pts[b])
    return (a, b) if ahead else None


@dataclass(frozen=True)
class OrderRoll:
    """§20.4: a team order given and the WHITE die's answer (green: the BOT obeys; red: it makes its planned move)."""

    giver: str
    bot: str
    order: TeamOrder
    face: int  # the WHITE die's face, 1–6
    obeyed: bool

    @property
    def sentence(self) -> str:
        answer = "obeys" if self.obeyed else "makes its planned move"
        return (f"{self.giver} orders {self.bot}: {self.order.value}; the WHITE die shows {self.face} "
                f"({'green' if self.obeyed else 'red'}): {self.bot} {answer} (§20.4)")


def give_order(s: RaceState, giver: str, bot: str, order: TeamOrder) -> OrderRoll:
    """§20.4: ``giver`` gives ``order`` to its BOT teammate ``bot`` during race ``s``: roll the WHITE die (the race's
    own die, so a stacked face answers); green = the BOT obeys. The neutral hook a BOT engine calls before the move
    the order concerns (any BOT car: Rookie or Pro)."""
    if giver not in s.cars or bot not in s.cars or not s.cars[bot].bot:
        raise SetupError((giver, bot), "§20.4", "a team order goes from a car of the race to its BOT teammate")
    if not s.cars[giver].team or s.cars[giver].team != s.cars[bot].team or giver == bot:
        raise SetupError((giver, bot), "§20.4", "team orders go to a teammate")
    if not isinstance(order, TeamOrder):
        raise SetupError(order, "§20.4", f"the orders are: {'; '.join(o.value for o in TeamOrder)}")
    i = s.roll(Die.WHITE)
    return OrderRoll(giver, bot, order, i + 1, s.white_face(i).colour is FaceColour.GREEN)


# ------------------------------------------------------------------ the season runner
def race_seed(season_seed: int, race: int) -> int:
    """The seed of race ``race`` (1-based) of a season: distinct for every race of every season seed."""
    return season_seed * (MAX_RACES + 1) + race


@dataclass
class SeasonRun:
    """A season in progress: the set-up, its seed and the races run so far. :meth:`run` plays the next races
    through the race engine: the Pit Boxes by :func:`pit_boxes`, qualifying (§9) in that order, player cars driven by
    the greedy computer driver, Rookie BOTs by the rules, each race to the flag and scored (§20.2)."""

    championship: Championship
    seed: int = 0
    results: list[RaceScore] = field(default_factory=list)

    @property
    def done(self) -> bool:
        return len(self.results) >= self.championship.races

    def next_race(self) -> RaceScore:
        ch = self.championship
        n = len(self.results) + 1
        if n > ch.races:
            raise SetupError(n, "§20.1", f"the season has {ch.races} races, all run")
        seed = race_seed(self.seed, n)
        teams = {c: t for t in ch.teams if len(ch.cars_of(t)) == 2 for c in ch.cars_of(t)}
        bots = [e.car for e in ch.entries if e.kind is Kind.ROOKIE]
        pros = [e.car for e in ch.entries if e.kind is Kind.PRO]  # a Pro BOT, as a Rookie, by the rules (§22.2)
        track = ch.track_of(n)
        race = new_race(ch.cars, seed, track=track, rules=ch.rules, bots=bots, teams=teams, qualifying=True,
                        boxes=pit_boxes(ch, self.results, seed), mode=ch.mode, pros=pros)
        greedy = Greedy(seed)
        play_out(race, _Chooser(greedy), max_steps=10**6)
        score = score_race(n, track, race.classification(), ch.rules)
        self.results.append(score)
        return score

    def run(self, races: int | None = None, progress: Callable[[int, int], None] | None = None) -> None:
        """Play ``races`` more races (default: to the end of the season)."""
        left = self.championship.races - len(self.results)
        for _ in range(left if races is None else min(races, left)):
            self.next_race()
            if progress is not None:
                progress(len(self.results), self.championship.races)

    def drivers(self) -> tuple[Standing, ...]:
        return driver_standings(self.championship, self.results)

    def teams(self) -> tuple[Standing, ...]:
        return team_standings(self.championship, self.results)

    def report(self) -> str:
        """The championship table (§20.3's recording chart in words: race, positions, points, totals, standings)."""
        ch = self.championship
        lines = [f"FormulaGP Championship (§20): {len(self.results)} of {ch.races} races, {len(ch.entries)} cars"]
        lines += [s.sentence for s in self.results]
        lines.append("Drivers' Championship (§20.3):")
        lines += [_line(s) for s in self.drivers()]
        if ch.constructors:
            lines.append("Constructors' Championship (§20.4):")
            lines += [_line(s) for s in self.teams()]
        if ch.team_orders and not self.done:
            givers = [g for t in ch.teams if (g := order_giver(ch, self.results, t)) is not None]
            lines.append(f"Team orders in race {len(self.results) + 1} (§20.4): "
                         + ("; ".join(f"{a} may order {b}" for a, b in givers) or "none may be given"))
        return "\n".join(lines)

    def to_dict(self) -> dict:
        ch = self.championship
        return {
            "game": "formulagp", "seed": self.seed, "races": ch.races, "run": len(self.results), "mode": ch.mode.value,
            "results": [{"race": s.race, "track": s.track, "classification": list(s.classification),
                         "points": list(s.points)} for s in self.results],
            "drivers": [s.to_dict() for s in self.drivers()],
            "teams": [s.to_dict() for s in self.teams()] if ch.constructors else [],
        }


class _Chooser:
    """The greedy computer driver for every player car (the Rookie BOTs run by the engine)."""

    def __init__(self, greedy: Greedy) -> None:
        self.greedy = greedy

    def choose(self, race: object, legal: list[object]) -> object:
        return self.greedy.choose(race)  # type: ignore[arg-type]


def _line(s: Standing) -> str:
    return f"  {s.position}{'=' if s.tied else '.'} {s.name} {s.points}"


@dataclass(frozen=True)
class TitleOdds:
    """Who wins the titles: the share of sampled seasons each car (team) wins, after ``after`` races."""

    after: int
    samples: int
    drivers: Mapping[str, float]
    teams: Mapping[str, float]


def title_odds(run: SeasonRun, samples: int, seed: int = 0) -> TitleOdds:
    """Monte Carlo over seeds: play the races left ``samples`` times (sample ``k`` with season seed ``seed + k``,
    keeping the races run), count each title's winners (a shared title counts for each, split evenly)."""
    if not isinstance(samples, int) or samples < 1:
        raise SetupError(samples, "§20.3", "title odds need at least one sample")
    ch = run.championship
    drivers: dict[str, float] = dict.fromkeys(ch.cars, 0.0)
    teams: dict[str, float] = dict.fromkeys(ch.teams, 0.0)
    for k in range(samples):
        sample = SeasonRun(ch, seed + k, list(run.results))
        sample.run()
        for table, tally in ((sample.drivers(), drivers), (sample.teams(), teams)):
            won = champions(table)
            for name in won:
                tally[name] += 1 / len(won) / samples
    return TitleOdds(len(run.results), samples, drivers, teams)


# ------------------------------------------------------------------ a quick field (racebook season play)
COLOURS = ("Grey", "Red", "Blue", "Orange", "Green", "Yellow")  # the rulebook examples' car colours


def quick_field(players: int, rookies: int, constructors: bool = False, pros: int = 0) -> tuple[Entry, ...]:
    """A field of ``players`` computer-driven player cars, ``pros`` Pro BOTs and ``rookies`` Rookie BOTs, named by
    colour (players first, then the Pros). Each car is its own team; with ``constructors`` the cars pair into teams of
    two (§20.4): each player with a BOT while both last (the player's BOT teammate), then the rest two by two."""
    if not MIN_CARS <= players + rookies + pros <= MAX_CARS or min(players, rookies, pros) < 0:
        raise SetupError((players, pros, rookies), "§20.1", f"the field has {MIN_CARS} to {MAX_CARS} cars, BOTs "
                                                            "included")
    cars = [(c, Kind.PLAYER) for c in COLOURS[:players]]
    cars += [(c, Kind.PRO) for c in COLOURS[players:players + pros]]
    cars += [(c, Kind.ROOKIE) for c in COLOURS[players + pros:players + pros + rookies]]
    if not constructors:
        return tuple(Entry(c, f"T{c}", k) for c, k in cars)
    ps, bs = [c for c in cars if not c[1].bot], [c for c in cars if c[1].bot]
    pairs = list(zip(ps, bs, strict=False))
    rest = ps[len(pairs):] + bs[len(pairs):]
    groups: list[list[tuple[str, Kind]]] = [list(p) for p in pairs] + [rest[i:i + 2] for i in range(0, len(rest), 2)]
    return tuple(Entry(c, f"Team{n + 1}", k) for n, g in enumerate(groups) for c, k in g)


def play_season(races: int = 6, players: int = 2, rookies: int = 4, seed: int = 0, track: str | None = None,
                constructors: bool = False, team_orders: bool = False, after: int | None = None, odds: int = 0,
                rules: str = "", as_json: bool = False, progress: Callable[[int, int], None] | None = None,
                mode: str = "standard", pros: int = 0) -> str:
    """``racebook season play --game formulagp``: a season of ``races`` on ``track`` (default: the race circuit), run
    to the end (or ``after`` races), its report (``as_json``: a JSON document); ``odds`` > 0 adds the title odds of
    that many sampled seasons (Monte Carlo over the races left). ``rules`` is the house rules' text
    (``small_field_points=above,championship_countback=1``); ``mode`` the race of every round (``standard`` or
    ``advanced``); ``pros`` Pro BOTs join the field after the players (``--pros``, §22.2)."""
    import json

    try:
        house = Rules.parse_text(rules) if rules else Rules()
    except (ValueError, DataError) as e:
        raise SetupError(rules, "§24", f"--rules: {e}") from None
    if mode not in {m.value for m in Mode}:
        raise SetupError(mode, "§1", f"--mode is one of {', '.join(m.value for m in Mode)}")
    ch = Championship(races, quick_field(players, rookies, constructors, pros), (track,) if track else (),
                      constructors=constructors, team_orders=team_orders, rules=house, mode=Mode(mode))
    run = SeasonRun(ch, seed)
    run.run(after, progress)
    chances = title_odds(run, odds, seed) if odds and not run.done else None
    if as_json:
        doc = run.to_dict()
        if chances is not None:
            doc["odds"] = {"after": chances.after, "samples": chances.samples, "drivers": dict(chances.drivers),
                           "teams": dict(chances.teams) if constructors else {}}
        return json.dumps(doc, indent=2)
    text = run.report()
    if chances is not None:
        text += f"\ntitle odds after {chances.after} of {races} races ({chances.samples} sampled seasons):"
        for label, rows in (("drivers", chances.drivers), ("teams", chances.teams if constructors else {})):
            if rows:
                text += f"\n{label}: " + ", ".join(f"{n} {100 * p:.0f}%" for n, p in
                                                   sorted(rows.items(), key=lambda x: -x[1]) if p)
    return text
