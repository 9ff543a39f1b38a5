"""The error hierarchy of racebook, the way python-chess does it.

Every bad input is a :class:`RacebookError` that is also a :class:`ValueError` (``except ValueError`` catches it,
as it catches ``chess.IllegalMoveError``); the class says which kind of input was bad:

* :class:`ActionSyntaxError` — an action text that does not parse (unknown verb, too many words, a bad card code
  or number), or something that is not an action at all;
* :class:`IllegalAction` — a well-formed action that the rules refuse in the current position;
* :class:`SetupError` — a set-up given through the API or a widget that the rules refuse: the car ids, the setup
  points, the number of cars for the grid, the qualifying card or refuel chit, a stacked card that is not in the
  deck (or twice) or a stacked token that is not in the bag (a scenario file re-raises it as its
  :class:`ScenarioError`);
* :class:`DataError` and its subclasses (:class:`TrackDataError`, :class:`DeckDataError`, :class:`ScenarioError`,
  :class:`SaveDataError`) — a file, or data read like one, that is malformed: they name the file and the field;
* :class:`NotationError` — a position text (Race Position Notation) that cannot be read;
* :class:`RuleUnavailable`, :class:`NotYetImplemented` — a choice of a rule the engine cannot play.

:class:`EngineError` is the one exception: not a bad input but an engine bug (a ``RuntimeError``).

Every message is one line that quotes the offending input, names the rule (digest section, e.g. "§13.C") and,
where it helps, says what would have been legal.
"""

from __future__ import annotations

import re
from collections.abc import Iterable


class RacebookError(Exception):
    """Base class of every error raised by racebook."""


def _cited(subject: object, rule: str, reason: str) -> str:
    """The one-line message of an error that cites a rule: ``RULE: REASON (got SUBJECT)``."""
    return f"{rule}: {reason} (got {subject})"


class IllegalAction(RacebookError, ValueError):
    """A well-formed action that the rules do not allow in the current state.

    ``rule`` is the digest section ("§13.C"), ``reason`` a sentence, and
    ``legal`` a short description of what would have been legal instead.
    """

    def __init__(self, action: object, rule: str, reason: str, legal: Iterable[object] = ()) -> None:
        self.action = action
        self.rule = rule
        self.reason = reason
        self.legal = tuple(legal)
        msg = _cited(action, rule, reason)
        if self.legal:
            shown = ", ".join(str(a) for a in self.legal[:12])
            more = f" … and {len(self.legal) - 12} more" if len(self.legal) > 12 else ""
            msg += f"; legal now: {shown}{more}"
        super().__init__(msg)


class ActionSyntaxError(RacebookError, ValueError):
    """An action text that does not parse (racebook.rf90.actions), or an object that is not an action.

    ``action`` is the input quoted with ``repr`` (so the message stays one line whatever it holds), ``rule`` is
    ``"actions"`` (the action-text grammar) and ``reason`` says what could not be read. ``legal`` is always empty:
    the text was not compared with the position.
    """

    def __init__(self, action: object, rule: str, reason: str) -> None:
        self.action = action
        self.rule = rule
        self.reason = reason
        self.legal: tuple[object, ...] = ()
        super().__init__(_cited(action, rule, reason))


class SetupError(RacebookError, ValueError):
    """A set-up that the rules refuse, given through the API or a widget (not a file): two cars with one id or an
    id that is not a car id, a stacked card that is not in the deck or is stacked twice, a stacked token that is
    not in the bag (§6.1), setup points (§6.2), a qualifying card not in hand or a refuel chit that does not exist
    (§7.1), more cars than grid places (§7.2).

    ``value`` is the offending value, ``rule`` the digest section and ``reason`` a sentence. A scenario file
    re-raises it as a :class:`ScenarioError` naming the file and the field.
    """

    def __init__(self, value: object, rule: str, reason: str) -> None:
        self.value = value
        self.rule = rule
        self.reason = reason
        super().__init__(_cited(value, rule, reason))


_EMPTY_PART = re.compile(r"^(?=\.|$)|(?<=\.)(?=\.|$|\[)")


def named_field(field: str) -> str:
    """``field`` with every empty key in it named as TOML writes it, ``""``: a key ``""`` joined into a dotted path
    gives ``cars..hand``, ``season.`` or an empty field, which name nothing (``cars."".hand``, ``season.""``, ``""``).
    A field that quotes a key already is left as it is."""
    if '"' in field or not _EMPTY_PART.search(field):
        return field
    return _EMPTY_PART.sub('""', field)


class DataError(RacebookError, ValueError):
    """A data file (track, deck, scenario, saved race) is malformed.

    The message names the file, the field (a dotted path such as
    ``sections[3].type``) and the reason.
    """

    def __init__(self, file: str, field: str, reason: str) -> None:
        self.file = file
        self.field = named_field(field)
        self.reason = reason
        super().__init__(f"{file}: {self.field}: {reason}")


class TrackDataError(DataError):
    """A track file is malformed or inconsistent (§32)."""


class DeckDataError(DataError):
    """A card deck file is malformed (§5)."""


class ScenarioError(DataError):
    """A scenario file is malformed or does not replay."""


class SaveDataError(DataError):
    """A saved race (``Race.to_json``) is malformed, tampered with, or does not replay to its saved state.

    The file is ``<save>`` for a text, or the path of a saved-race file."""


class NotationError(RacebookError, ValueError):
    """A race-position string cannot be parsed (see racebook.rf90.notation)."""


class RuleUnavailable(RacebookError, ValueError):
    """The rule exists in the game but its text is not in the source (§0.1).

    Raised instead of guessing: e.g. the 10th strategy, SIXTH SENSE's flags,
    variants V1–V9.
    """


class NotYetImplemented(RacebookError, ValueError):
    """A rule the book does give, but this version of the engine does not play yet.

    Raised at set-up (never mid-race) so that no race silently plays a rule wrong.
    """


class EngineError(RacebookError, RuntimeError):
    """An engine bug: a legal action raised a raw Python exception half-way through (not a bad input, so not a
    ValueError).

    :meth:`racebook.rf90.game.Race.apply` first rewinds the race to the position before the action, then raises this,
    naming the action, that position (Race Position Notation) and the original exception (also chained as
    ``__cause__``). Please report it with those three.
    """

    def __init__(self, action: object, position: str, error: BaseException, restored: bool = True) -> None:
        self.action = action
        self.position = position
        self.error = error
        self.restored = restored
        where = "position before it, restored" if restored else \
            "the race could NOT be restored: its state was changed outside Race.apply; position now"
        super().__init__(f"engine bug: the legal action {action} raised {type(error).__name__}: {error} "
                         f"({where}: {position})")
