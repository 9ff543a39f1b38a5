"""Championship points for one race (Expansion #1 §6.5 drivers, §6.6 teams), as typed events.

* 1st–6th score 10-6-4-3-2-1; 7th and lower score 0 (implied by §6.5).
* **Robot teams**: the better-placed car of a robot team is credited to its first driver, the other car to its
  second driver — points *and* the place used by the countback (§6.5, Ex. X1-16: 3rd → Gourdo, 6th → Matrelli).
* **Retired** cars (the manual's §18.6, and out of fuel §13.A.3) are unclassified: 0 points and no place for the
  countback (AMB-X1-35). House rule ``classify_retired``: they are classified behind every finisher, the last
  one out first, and score that place.
* A team scores the sum of its two drivers' points (Expansion #1 §6.6).
"""

from __future__ import annotations

from dataclasses import dataclass

from racebook.core.events import Event
from racebook.rf90.championship.season import Season

#: §6.5 (Expansion #1): points for 1st to 6th; lower places score 0
POINTS = (10, 6, 4, 3, 2, 1)


def points_for(place: int | None) -> int:
    """§6.5: the points of a classified place (1-based); an unclassified car (None) scores 0 (AMB-X1-35)."""
    return POINTS[place - 1] if place is not None and 1 <= place <= len(POINTS) else 0


@dataclass(frozen=True)
class RaceResult:
    """What one race of the season gave: the classified cars in order and the retired cars in the order they
    left (car ids), with the seed the race was played from."""

    round: int
    track: str
    seed: int
    order: tuple[str, ...]
    retired: tuple[str, ...] = ()

    def to_dict(self) -> dict:
        return {"round": self.round, "track": self.track, "seed": self.seed, "order": list(self.order),
                "retired": list(self.retired)}


@dataclass(frozen=True, slots=True)
class PointsAwarded(Event):
    RULE = "§6.5 (Expansion #1)"
    TEMPLATE = "Race {round}: {driver} is classified {place_text} and scores {points} point{plural}"
    round: int
    driver: str
    car: str  # the car whose place is credited (a robot team's first driver gets the better-placed car)
    place: int
    points: int

    @property
    def place_text(self) -> str:
        suffix = {1: "st", 2: "nd", 3: "rd"}.get(self.place if self.place < 20 else self.place % 10, "th")
        return f"{self.place}{suffix}"

    @property
    def plural(self) -> str:
        return "" if self.points == 1 else "s"

    def words(self) -> dict:
        return {**Event.words(self), "place_text": self.place_text, "plural": self.plural}


@dataclass(frozen=True, slots=True)
class Unclassified(Event):
    RULE = "§6.5 (Expansion #1), AMB-X1-35"
    TEMPLATE = "Race {round}: {driver} retired: unclassified, 0 points and no place for the countback"
    round: int
    driver: str


@dataclass(frozen=True, slots=True)
class FirstDriverCredit(Event):
    RULE = "§6.5 (Expansion #1)"
    TEMPLATE = ("Race {round}: robot team {team}: the better-placed car ({car}) is credited to the first driver "
                "{driver}")
    round: int
    team: str
    driver: str
    car: str


@dataclass(frozen=True, slots=True)
class TeamPointsAwarded(Event):
    RULE = "§6.6 (Expansion #1)"
    TEMPLATE = "Race {round}: team {team} scores {points} point{plural} ({detail})"
    round: int
    team: str
    points: int
    detail: str

    def words(self) -> dict:
        return {**Event.words(self), "plural": "" if self.points == 1 else "s"}


@dataclass(frozen=True)
class RoundScore:
    """The championship's reading of one race: each driver's credited place (None = unclassified) and points,
    each team's points, and the events that say why."""

    round: int
    places: tuple[tuple[str, int | None], ...]
    points: tuple[tuple[str, int], ...]
    team_points: tuple[tuple[str, int], ...]
    events: tuple[Event, ...]

    def place_of(self, driver: str) -> int | None:
        return dict(self.places)[driver]

    def points_of(self, driver: str) -> int:
        return dict(self.points)[driver]


def car_places(season: Season, result: RaceResult) -> dict[str, int | None]:
    """Each car's place in the race (1-based); retired cars are None, or behind every finisher (the last one out
    first) under the house rule ``classify_retired`` (AMB-X1-35)."""
    places: dict[str, int | None] = {c: i + 1 for i, c in enumerate(result.order)}
    gone = list(dict.fromkeys(reversed(result.retired)))
    for i, c in enumerate(gone):
        places[c] = len(result.order) + i + 1 if season.rules.classify_retired else None
    return places


def score_race(season: Season, result: RaceResult) -> RoundScore:
    """§6.5–§6.6: award the points of one race (see the module docstring)."""
    by_car = car_places(season, result)
    missing = [d for d in season.drivers if d not in by_car]
    if missing:
        raise ValueError(f"race {result.round}: no place for {', '.join(missing)}")
    credited: dict[str, tuple[str, int | None]] = {d: (d, by_car[d]) for d in season.drivers}
    events: list[Event] = []
    for t in season.robots:  # §6.5: the better-placed car goes to the first driver
        a, b = sorted(t.drivers, key=lambda c: (by_car[c] is None, by_car[c] or 0, t.drivers.index(c)))
        credited[t.first], credited[t.second] = (a, by_car[a]), (b, by_car[b])
        if a != t.first:
            events.append(FirstDriverCredit(result.round, f"{t.first}/{t.second}", t.first, a))
    points: dict[str, int] = {}
    for d in season.drivers:
        car, place = credited[d]
        points[d] = points_for(place)
        events.append(PointsAwarded(result.round, d, car, place, points[d]) if place is not None
                      else Unclassified(result.round, d))
    team_points = []
    for name, drivers in season.lineup:
        total = sum(points[d] for d in drivers)
        team_points.append((name, total))
        events.append(TeamPointsAwarded(result.round, name, total, " + ".join(f"{d} {points[d]}" for d in drivers)))
    events.sort(key=lambda e: (isinstance(e, TeamPointsAwarded), getattr(e, "place", 99)))
    return RoundScore(result.round, tuple((d, credited[d][1]) for d in season.drivers),
                      tuple(points.items()), tuple(team_points), tuple(events))
