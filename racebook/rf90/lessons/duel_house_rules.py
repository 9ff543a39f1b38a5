"""Notebook 04's house-rule demos: the two duel switches of :class:`racebook.rf90.options.Rules`
(``lone_challenger_bids``, §12.1; ``duel_modifier_spares_group_front``, §12.2), each played both ways by the engine
on one small position. Nothing here decides a duel: the order, the frozen cards and the totals are the engine's.
"""

from __future__ import annotations

from racebook.rf90 import scenario
from racebook.rf90.events import DuelReveal
from racebook.rf90.options import HOUSE_RULE_DOCS, Rules

#: Green challenges in G (Curve 1, -1 invented) and both cars ahead of him decline (§12.1, §12.2)
LONE_POSITION = "teaching turn=5 lap=3 | F: Fast1* | G: Blue Red Green"
LONE_HANDS = {"Blue": {"hand": ["R22", "R24"]}, "Red": {"hand": ["R55", "R63"]}, "Green": {"hand": ["R42", "R76"]}}


def duel_switches() -> list[str]:
    """The house-rule switches about duels (their documentation cites §12)."""
    return [name for name, doc in HOUSE_RULE_DOCS.items() if doc.startswith("§12")]


def lone_challenger(bids: bool) -> str:
    """Green challenges, Red and Blue decline; with ``lone_challenger_bids=bids`` (a bid of R42 when he must lay
    one). One sentence: the new order of G and Green's frozen cards and hand."""
    race = scenario.build({"scenario": {"id": "lone", "track": "teaching", "seed": 0, "position": LONE_POSITION},
                           "cars": LONE_HANDS, "rules": {"lone_challenger_bids": bids}})
    for action in ["Green challenge", "Red decline", "Blue decline"] + (["Green bid R42"] if bids else []):
        race.apply(action)
    green = race.state.cars["Green"]
    frozen = f"{' '.join(green.frozen)} is frozen" if green.frozen else "no card is frozen"
    return (f"lone_challenger_bids={bids}: G is now {', '.join(race.state.cars_in('G'))}; {frozen}, "
            f"Green's hand holds {' '.join(sorted(green.hand))}")


def group_front(spare: bool) -> str:
    """Red's bid in Ex. 42's leader subsection G2, with ``duel_modifier_spares_group_front=spare``: the engine's
    reveal sentence (its total with or without the corner's -1)."""
    sc = scenario.load("ex42", play=False)
    sc.race.state.rules = Rules(duel_modifier_spares_group_front=spare)
    sc.race.refresh()  # changed outside apply: list the decisions again
    for action in sc.actions[:sc.actions.index("Red bid R22") + 1]:
        sc.race.apply(action)
    reveal = next(e for e in sc.race.events if isinstance(e, DuelReveal) and e.car == "Red")
    return f"duel_modifier_spares_group_front={spare}: {reveal.body()}"
