"""The Safety Car (§21): deployment, the pit window, realignment, running, and leaving.

* A crash (retirement) at a spot with the SC symbol brings it out at once (§21.1). Players who have not played
  this Game Turn may pit, in track order; yellow flags are removed; then every car is realigned behind the
  leader, one per section (AMB-12), lap tokens discarded, and the Game Turn ends (AMB-43).
* While it is out, at the start of each Game Turn the SC advances one section; every driver, leader first,
  draws one card, moves to the next section (the leader into the SC's section), and discards one card (§21.3).
  A car that pits goes last, with up to 16 turns of fuel and no extra sections (§21.4); the queue closes up.
* It leaves when a new Race Stage begins; that Game Turn is a restart (§21.5, §22).
"""

from __future__ import annotations

from racebook.rf90.events import Event, FollowsSafetyCar, SafetyCarAdvances, SafetyCarDeployed, SafetyCarRealigned
from racebook.rf90.rules.classification import classification
from racebook.rf90.rules.pits import TANK_MAX
from racebook.rf90.state import YELLOW_FLAG, RaceState

SC_FUEL = TANK_MAX  # §21.4: load up to a full tank (16 turns) without extra sections


def queue(state: RaceState) -> list[str]:
    """Race order for realignment: the §25 classification of the cars still in the race; off-track cars count as
    behind every car of their section (§21.2) — :func:`racebook.rf90.rules.classification.classification`."""
    return classification(state, in_race_only=True)


def realign(state: RaceState, order: list[str], events: list[Event], pitted: str | None = None) -> None:
    """The leader in the SC's section, the others behind in ``order`` one per section, all on his lap (§21.2);
    ``pitted``: the car that pitted under the SC and goes last (§21.4)."""
    if not order:
        return
    n = len(state.track)
    lead = state.cars[order[0]]
    if state.sc is None:
        state.sc = lead.section if lead.off_track is None else (lead.off_track or lead.section)
    i = state.section(state.sc).index
    lap = lead.lap
    for lst in state.order.values():
        for cid in [c for c in lst if c in order]:
            lst.remove(cid)
    for k, cid in enumerate(order):
        car = state.cars[cid]
        idx = i - k
        car.lap = lap + idx // n  # backing over the line drops a lap (AMB-25)
        car.off_track = car.lost_control = None
        car.trajectory = None
        state.place(cid, state.track.sections[idx % n].name)
    state.leader = order[0]
    state.fas_anchor = None
    events.append(SafetyCarRealigned(state.sc, tuple(order), tuple(state.cars[cid].section for cid in order), pitted))


def deploy(state: RaceState, events: list[Event]) -> None:
    """§21.1: yellow flags removed (the pit window is played by the race before realigning)."""
    for lst in state.order.values():
        while YELLOW_FLAG in lst:
            lst.remove(YELLOW_FLAG)
    events.append(SafetyCarDeployed())


def advance(state: RaceState, events: list[Event]) -> None:
    """§21.3: at the start of each Game Turn with the SC out, it advances one section."""
    assert state.sc is not None
    nxt = state.track.sections[state.track.next_index(state.section(state.sc).index)]
    state.sc = nxt.name
    events.append(SafetyCarAdvances(nxt.name))


def target_section(state: RaceState, car_id: str) -> str:
    """Where a car moves under the SC: the leader into the SC's section, the others right behind the car ahead."""
    assert state.sc is not None
    order = state.race_order()
    i = order.index(car_id)
    if i == 0:
        return state.sc
    ahead = state.cars[order[i - 1]]
    return state.track.sections[state.track.prev_index(state.section(ahead.section).index)].name


def move(state: RaceState, car_id: str, events: list[Event]) -> None:
    """§21.3: move to the next section (no cards played, no overtaking)."""
    car = state.cars[car_id]
    dest = target_section(state, car_id)
    if dest == car.section:
        events.append(FollowsSafetyCar(car_id, dest, closed_up=True))
        return
    cur = state.section(car.section).index
    new = state.section(dest).index
    state.remove(car_id)
    if new < cur:
        car.lap += 1
    state.place(car_id, dest)
    car.trajectory = None
    events.append(FollowsSafetyCar(car_id, dest))


def pit_to_the_back(state: RaceState, car_id: str, events: list[Event]) -> None:
    """§21.4: a car that pits under the SC goes last at once and the queue closes up."""
    order = [c for c in queue(state) if c != car_id] + [car_id]
    realign_keep = state.sc
    realign(state, order, events, pitted=car_id)
    state.sc = realign_keep
