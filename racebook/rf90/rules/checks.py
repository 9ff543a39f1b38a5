"""Check tests (§13.D.2, §20, §29.4).

A test compares a card's check factor with the car's Target Check adjusted
by modifiers: success when ``check <= target``. Whatever the result, the
card used becomes the new Target Check and the old one is discarded.
"""

from __future__ import annotations

from dataclasses import dataclass

from racebook.rf90.actions import BLIND
from racebook.rf90.car import ROBOT_TARGET_CHECK, Car, EtCause, Skill
from racebook.rf90.events import Checked, CheckTest, Event
from racebook.rf90.rules import drawing
from racebook.rf90.state import RaceState
from racebook.rf90.track import Condition

RAIN_MODIFIER = -20  # §16.2: every test in rain, robots too, except the Leader check
REFLEXES_MODIFIER = 20  # §27


@dataclass(frozen=True, slots=True)
class Modifier:
    value: int
    why: str

    def __str__(self) -> str:
        return f"{self.value:+d} {self.why}"


def base_target(state: RaceState, car: Car) -> int:
    """The unmodified Target Check: the panel card's check factor, or 70 for robots (§17.1)."""
    if car.is_robot or car.target is None:
        return ROBOT_TARGET_CHECK
    return state.card(car.target).check


def modifiers(state: RaceState, car: Car, printed: int = 0, printed_why: str = "printed",
              leader_check: bool = False, reflexes: bool = True, rain: bool = True) -> list[Modifier]:
    """All modifiers for one test, in the order the digest lists them (§13.D.2). ``reflexes`` False: a test
    REFLEXES does not help (Expansion #1's ET check, expansion1 digest §4.5); ``rain`` False: a test the rain does
    not modify (Expansion #1's ET check with the house rule ``et_check_rain`` off, AMB-X1-13)."""
    mods = []
    if printed:
        mods.append(Modifier(printed, printed_why))
    if rain and state.condition() is Condition.RAIN and not leader_check:
        mods.append(Modifier(RAIN_MODIFIER, "rain"))
    if car.skill is Skill.REFLEXES and reflexes:
        mods.append(Modifier(REFLEXES_MODIFIER, "REFLEXES"))
    return mods


def target_value(state: RaceState, car: Car, mods: list[Modifier]) -> int:
    return base_target(state, car) + sum(m.value for m in mods)


def resolve(state: RaceState, car: Car, card_code: str, what: str, printed: int = 0,
            printed_why: str = "printed", leader_check: bool = False, rule: str = "§13.D.2",
            test: Checked = Checked.CARD, subject: str | None = None, against: int | None = None,
            reflexes: bool = True, rain: bool = True, forced_by: EtCause | None = None) -> CheckTest:
    """Resolve one test with ``card_code`` (already taken out of hand or deck); ``test`` and ``subject`` (the
    trajectory or braking zone) say what is tested, ``what`` how the sentence names it.

    The card becomes the new Target Check (humans); the old one is discarded.
    Robots have no panel: their test card is discarded.
    ``against``: an absolute value printed on the board replaces the Target Check as the base (Expansion #1's ET
    check value and its off-track route, expansion1 digest §4.3); the card is then discarded and the Target Check
    is unchanged (AMB-X1-6). ``reflexes`` False: REFLEXES does not apply (§4.5); ``rain`` False: nor does the
    rain (AMB-X1-13). ``forced_by``: who put a robot on the ET it tests (the event's cause).
    """
    mods = modifiers(state, car, printed, printed_why, leader_check, reflexes, rain)
    base = base_target(state, car) if against is None else against
    target = base + sum(m.value for m in mods)
    check = state.card(card_code).check
    passed = check <= target
    if against is not None:
        state.discard(card_code)
        new = "unchanged: the check card is discarded (Expansion #1)" if not car.is_robot else "70 (robot)"
    elif car.is_robot:
        state.discard(card_code)
        new = "70 (robot)"
    else:
        if car.target is not None:
            state.discard(car.target)
        car.target = card_code
        new = f"({check:02d})"
    mod_txt = ""
    if mods:
        mod_txt = f" (= {base} " + " ".join(f"{m.value:+d} {m.why}" for m in mods) + ")"
    return CheckTest(car.id, what, f"({check:02d})", target, mod_txt, "pass" if passed else "fail", new, rule, test,
                     subject, forced_by)


def take_test(state: RaceState, car: Car, using: str, what: str, events: list[Event], printed: int = 0,
              printed_why: str = "printed", leader_check: bool = False, rule: str = "§13.D.2",
              taken: bool = False, test: Checked = Checked.CARD, subject: str | None = None,
              against: int | None = None, reflexes: bool = True, rain: bool = True,
              forced_by: EtCause | None = None) -> CheckTest | None:
    """One test, start to end (§13.D.2): the top card of the Race deck for a blind test (it never enters the hand,
    §6.1 reshuffle included) or the hand card ``using`` (``taken``: the caller has already taken it, e.g. a
    movement card from the table), resolved by :func:`resolve`; its event is appended. None when the deck is
    empty: nothing is drawn (the caller says what a lost test means there)."""
    if using == BLIND:
        code = drawing._blind(state, car, events)
        if code is None:
            return None
    else:
        if not taken:
            car.hand.remove(using)
        code = using
    ev = resolve(state, car, code, what, printed, printed_why, leader_check, rule, test, subject, against, reflexes,
                 rain, forced_by)
    events.append(ev)
    return ev
