"""Failed extreme trajectories, off-track routes, re-entry and late-braking advances (§13.F.1, §18)."""

from __future__ import annotations

from dataclasses import dataclass

from racebook.rf90.events.base import Event


@dataclass(frozen=True, slots=True)
class EtFailed(Event):
    RULE = "§18.2"
    TEMPLATE = ("{car} failed the ET {trajectory}: it leaves the ET spot, gets no bonus, and may not re-occupy "
                "{trajectory} or any other trajectory in {section}")
    car: str
    trajectory: str
    section: str


@dataclass(frozen=True, slots=True)
class NoRecoveryChart(Event):
    RULE = "§18.2"
    TEMPLATE = "{trajectory} has no recovery chart in the track data"
    trajectory: str


@dataclass(frozen=True, slots=True)
class ControlRegained(Event):
    RULE = "§18.2"
    TEMPLATE = "{car} regains control and stays in {section}"
    car: str
    section: str


@dataclass(frozen=True, slots=True)
class TimeLoss(Event):
    RULE = "§18.1"
    TEMPLATE = "{car} will lose {mp} MP in phase E of the next turn (time loss)"
    car: str
    mp: int


@dataclass(frozen=True, slots=True)
class MpLoss(Event):
    RULE = "§18.2"
    TEMPLATE = "{car} loses {mp} MP this turn (recovery chart)"
    car: str
    mp: int


@dataclass(frozen=True, slots=True)
class ForcedPit(Event):
    RULE = "§18.1"
    TEMPLATE = "{car} must pit at the start of the next turn (forced pit stop)"
    car: str


@dataclass(frozen=True, slots=True)
class LostControl(Event):
    RULE = "§18.3"
    TEMPLATE = "{car} loses control in {section} and follows the off-track route"
    car: str
    section: str


@dataclass(frozen=True, slots=True)
class ReEntered(Event):
    RULE = "§18.5"
    TEMPLATE = "{car} re-enters the track at the back of {section} (1 MP)"
    car: str
    section: str


@dataclass(frozen=True, slots=True)
class OnReentryPoint(Event):
    RULE = "§18.5"
    TEMPLATE = ("{car} regains control and is placed on the re-entry point beside {section}; it is off the track "
                "(ignored by the others) until its next turn")
    car: str
    section: str


@dataclass(frozen=True, slots=True)
class LateBrakingAdvance(Event):
    """§13.F.1: a successful late braking (a human's or a robot's): past the cars of the braking zone."""

    RULE = "§13.F.1"
    car: str
    section: str
    zone: str
    passed: tuple[str, ...] = ()
    hazard: bool = False  # HAZARD: two sections (§26.6)

    def body(self) -> str:
        who = f"passes {', '.join(self.passed)} in {self.zone} and " if self.passed else ""
        extra = " (HAZARD: two sections)" if self.hazard else ""
        return (f"{self.car} {who}advances to {self.section}{extra}, behind any car already there (AMB-27); "
                "no Leader check is needed for cars passed this way")


@dataclass(frozen=True, slots=True)
class RobotLbAdvance(Event):
    """§13.F.1 / §15.4: a robot forced to late-brake by the orange flag passes every car of the braking zone."""

    RULE = "§13.F.1"
    TEMPLATE = "{car} passes every car in {zone} and advances to {section}"
    car: str
    zone: str
    section: str
