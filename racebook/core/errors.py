"""The error hierarchy of racebook.

Every message quotes the offending input, names the rule (digest section, e.g.
"§13.C") and, where it helps, says what would have been legal.
"""

from __future__ import annotations

from collections.abc import Iterable


class RacebookError(Exception):
    """Base class of every error raised by racebook."""


class IllegalAction(RacebookError):
    """An action that the rules do not allow in the current state.

    ``rule`` is the digest section ("§13.C"), ``reason`` a sentence, and
    ``legal`` a short description of what would have been legal instead.
    """

    def __init__(self, action: object, rule: str, reason: str, legal: Iterable[object] = ()) -> None:
        self.action = action
        self.rule = rule
        self.reason = reason
        self.legal = tuple(legal)
        msg = f"{rule}: {reason} (got {action})"
        if self.legal:
            shown = ", ".join(str(a) for a in self.legal[:12])
            more = f" … and {len(self.legal) - 12} more" if len(self.legal) > 12 else ""
            msg += f"; legal now: {shown}{more}"
        super().__init__(msg)


class DataError(RacebookError):
    """A data file (track, deck, scenario, saved race) is malformed.

    The message names the file, the field (a dotted path such as
    ``sections[3].type``) and the reason.
    """

    def __init__(self, file: str, field: str, reason: str) -> None:
        self.file = file
        self.field = field
        self.reason = reason
        super().__init__(f"{file}: {field}: {reason}")


class TrackDataError(DataError):
    """A track file is malformed or inconsistent (§32)."""


class DeckDataError(DataError):
    """A card deck file is malformed (§5)."""


class ScenarioError(DataError):
    """A scenario file is malformed or does not replay."""


class SaveDataError(DataError):
    """A saved race (``Race.to_json``) is malformed, tampered with, or does not replay to its saved state.

    The file is ``<save>`` for a text, or the path of a saved-race file."""


class NotationError(RacebookError):
    """A race-position string cannot be parsed (see racebook.rf90.notation)."""


class RuleUnavailable(RacebookError):
    """The rule exists in the game but its text is not in the source (§0.1).

    Raised instead of guessing: e.g. the 10th strategy, SIXTH SENSE's flags,
    variants V1–V9.
    """


class NotYetImplemented(RacebookError):
    """A rule the book does give, but this version of the engine does not play yet.

    Raised at set-up (never mid-race) so that no race silently plays a rule wrong.
    """


class EngineError(RacebookError, RuntimeError):
    """An engine bug: a legal action raised a raw Python exception half-way through.

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
