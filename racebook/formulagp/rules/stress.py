"""Driver stress (digest §15, A8, A43): a three-space track on the DRIVER card — Focus, Middle (the start), Stressed.

+1 stress moves the token right, −1 left. On the Focus space the driver gets +1 MP (the Focus Bonus token goes to the
player board); the race leader never holds Focus (its token shows 'Race Leader'; a focused driver who takes the lead
loses it, A43). On the Stressed space no pairs are allowed (§6.3). Stress beyond the Stressed space leaves the token
there and forces an immediate RED die roll, one per extra point (a hazard check, §19.2). A pit stop, the Safety Car,
the VSC and a Red Flag put the token back on the Middle space.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum


class Stress(IntEnum):
    FOCUS = 0
    MIDDLE = 1
    STRESSED = 2


@dataclass(frozen=True, slots=True)
class StressChange:
    """The new stress space and the RED dice owed at once for stress beyond the last space."""

    stress: Stress
    red_dice: int

    @property
    def focused(self) -> bool:
        return self.stress is Stress.FOCUS

    @property
    def no_pairs(self) -> bool:
        return self.stress is Stress.STRESSED


def change_stress(stress: Stress, delta: int, *, leader: bool = False) -> StressChange:
    """Move the Stress token by ``delta`` (§15); a race leader stops on the Middle space going down (A43)."""
    target = int(stress) + delta
    lowest = Stress.MIDDLE if leader else Stress.FOCUS
    over = max(0, target - Stress.STRESSED)
    return StressChange(Stress(min(Stress.STRESSED, max(lowest, target))), over)


def take_the_lead(stress: Stress) -> Stress:
    """A focused driver who becomes race leader loses the Focus bonus: back to the Middle space (A43)."""
    return Stress.MIDDLE if stress is Stress.FOCUS else stress
