"""The learner's choices in RF90's guided first race (notebook 00, issue 33 items 1, 3 and 4), in words: the codes the
race's words use with their meaning (:data:`TERMS`, shown on hover), the groups that become one menu each (the nine
strategy changes; the card plays, one menu per number of cards) and the move that does nothing now. Words only: no
rule lives here. Standard library only."""

from __future__ import annotations

from racebook.core.plainwords import COMMON, Term
from racebook.rf90.actionlabels import ActionLabel
from racebook.rf90.actions import Action, Play, Skip

#: The words a strategy change's label ends with before the strategy ("skip, change strategy to PUSH"): the nine
#: strategies of one decision are offered as one menu (:class:`racebook.core.guided.GuidedChoice`'s group).
_STRATEGY_CHANGE = "change strategy to "


#: The codes a first race shows, with their meaning on hover (issue 33 item 4; :mod:`racebook.core.plainwords`),
#: then the glossary's abbreviations (MP, FAS, …).
TERMS: tuple[Term, ...] = (
    Term(r"[RT]\d{2,3}(?: ?\[\d\](?:\(\d+\))?)?",
         "a card: R from the Race deck, T from the Track deck, then its number; [n] its movement points (MP); (n) "
         "its check factor: a test passes when it is at most the target"),
    Term(r"\(\d{2}\)", "a card's check factor: a test passes when it is at most the target"),
    Term(r"[A-Z][A-Za-z0-9]*\.e?t\d+",
         "a trajectory: its section's name, then t (a trajectory: +MP for the car on it) or et (an Extreme "
         "Trajectory: more MP, but a blind test) and its number"),
    Term(r"\d{2}-\d{2}(?= \()", "the weather pawn's box: the check factors it covers"),
    *COMMON,
)

#: The words of each play's group (issue 33 item 3): one menu per number of cards, not one button per play.
PLAY_GROUPS = {1: "play one card:", 2: "play two cards:"}


#: What the label of a move that does nothing now ends with (issue 33 item 1).
DOES_NOTHING = " — does nothing now (the car stays put, nothing changes)"


def does_nothing(action: Action) -> bool:
    """``action`` does nothing now: a skip without a change of strategy (§13.A.1: the car does not move and the turn
    ends; its only use is the strategy change)."""
    return isinstance(action, Skip) and action.strategy is None


def _group(label: str) -> str:
    """The group of a choice's label: its words up to "change strategy to" for a strategy change, else none."""
    at = label.find(_STRATEGY_CHANGE)
    return label[:at + len(_STRATEGY_CHANGE)].rstrip() if at >= 0 else ""


def grouped(d: ActionLabel) -> tuple[str, str]:
    """A choice's label and its group: a card play "play one card: move 2 MP with R78 [2]" in the group of its
    number of cards (:data:`PLAY_GROUPS`); a strategy change in its group (:func:`_group`); else as it is."""
    a = d.action
    if isinstance(a, Play) and len(a.cards) in PLAY_GROUPS and d.label.startswith("play "):
        group = PLAY_GROUPS[len(a.cards)]
        cards, sep, rest = d.label[len("play "):].partition(" and move ")
        mp, _, extras = rest.partition(" MP")
        words = f"move {mp} MP with {cards}{extras}" if sep else f"{cards}{rest}"
        return f"{group} {words}", group
    return d.label, _group(d.label)
