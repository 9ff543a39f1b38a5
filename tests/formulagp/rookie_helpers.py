"""Shared set-ups of the Rookie BOT tests: a race edited to one BOT's turn, and the small shipped circuit
(tracks/formulagp/teaching_bots.toml) with the two tiles the teaching circuit lacks for Example 28 (a straight whose
lane ends beside a curve's preferred lane, a straight of two lanes after a curve)."""

from __future__ import annotations

from collections import Counter

from racebook.core.log import EventLog
from racebook.formulagp.bots.cards import bot_cards
from racebook.formulagp.bots.table import SHARED
from racebook.formulagp.setup import new_state
from racebook.formulagp.state import Phase, RaceState, Turn
from racebook.formulagp.track import Track, load_track

BOT_CODES = Counter([x.code for x in bot_cards().tactics] + [x.code for x in bot_cards().battle])

EX28_TRACK: Track = load_track("teaching_bots")  # the shipped teaching loop for Example 28b/28c's tiles


def with_tactics(s: RaceState, code: str) -> None:
    """Put TACTICS card ``code`` by the Control card for every Rookie (the one shared before goes back to the
    deck, so every card stays in one place)."""
    t = s.bots
    for key, old in list(t.tactics.items()):
        t.tactics_deck.pile.append(old)
        del t.tactics[key]
    t.tactics_deck.pile.remove(code)
    t.tactics[SHARED] = code


def bot_turn(cars: list[str], bots: list[str], where: dict[str, str], card: str, *, round_: int = 3,
             track: Track | None = None, seed: int = 1) -> RaceState:
    """A state at the start of ``bots[0]``'s turn in round ``round_`` (the order: ``cars`` as listed), the cars at
    ``where``, every Rookie reading TACTICS card ``card``; ``track`` replaces the teaching circuit."""
    s = new_state(cars, seed, bots=bots)
    if track is not None:
        s._track = track
    for car, text in where.items():
        s.cars[car].pos = s.track.pos(text)
    with_tactics(s, card)
    s.round, s.phase, s.order, s.turn_index = round_, Phase.PLAY, tuple(cars), 0
    s.turn = Turn(cars[0])
    return s


def run_bot(s: RaceState) -> EventLog:
    """Resolve the BOT turn set up by :func:`bot_turn` (then the next car's turn begins)."""
    from racebook.formulagp.bots import rookie

    log = EventLog(None)
    rookie.begin(s, log)
    return log
