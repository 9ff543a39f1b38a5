"""Choosing the card(s) for movement (digest §10.3 steps 1–3, §6.2, §6.3): the PLAY phase's legal actions, how one
applies (the MP from the board, :func:`racebook.formulagp.rules.movement.movement_points`) and why one is refused;
and clearing the hand of Tyre Wear cards before moving (§10.3 step 1)."""

from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations

from racebook.core.errors import IllegalAction
from racebook.core.log import EventLog
from racebook.formulagp import damage, latepit, raceevents
from racebook.formulagp import events as ev
from racebook.formulagp.actions import Clear, Discard, FgpAction, Play, Repair
from racebook.formulagp.components import CardType, Colour, card_type  # card_type: used and re-exported
from racebook.formulagp.damage import mp_penalty, no_tyre_bonus
from racebook.formulagp.momentumshown import keep_shown, refusal
from racebook.formulagp.playerboard import Pace
from racebook.formulagp.rules import movement as mv
from racebook.formulagp.state import Car, Phase, RaceState
from racebook.formulagp.tyrewear import wear_by

_COLOURS: dict[CardType, Colour | None] = {t: t.colour for t in CardType}
_CARD_COLOURS: dict[str, Colour | None] = {}  # by code: the colour of its type (filled on first use)


def card_colour(code: str) -> Colour | None:
    """A movement card's colour, None for the other ACTION cards (§6.1)."""
    try:
        return _CARD_COLOURS[code]
    except KeyError:
        got = _CARD_COLOURS[code] = _COLOURS[card_type(code)]
        return got


def _move_card(code: str, as_colour: str) -> mv.MoveCard:
    colour = card_colour(code)
    if colour is None:
        raise IllegalAction(code, "§6.1", f"{code} is not a movement card")
    return mv.MoveCard(colour, Colour(as_colour) if colour is Colour.ORANGE and as_colour else None)


def play_bans(s: RaceState, c: Car) -> frozenset[mv.PairBan]:
    """Why ``c`` may not play a pair now (§6.3): the tile, stress, the race events, the pit exit."""
    bans = {mv.PairBan.NO_PAIRS_TILE} if s.track.tiles[c.pos.tile].no_pairs else set()
    if c.stress == 2:  # the Stressed space (§15)
        bans.add(mv.PairBan.STRESSED)
    bans |= raceevents.pair_bans(s, c)  # a Yellow Flag zone, the Safety Car, Gravel (§19)
    if c.pit == "exit" or (s.turn is not None and s.turn.car == c.id and s.turn.pit_exit):  # §16.5, §9.3: no pairs
        # leaving the pit lane after a stop (racebook.formulagp.pits) or a pit-lane start
        bans.add(mv.PairBan.PIT_EXIT)
    return frozenset(bans)


_PACES: dict[tuple[tuple[str, ...], str, frozenset[mv.PairBan]], mv.PacePlay | tuple[str, str, str]] = {}


def _pace(codes: tuple[str, ...], as_colour: str, bans: frozenset[mv.PairBan]) -> mv.PacePlay | tuple[str, str, str]:
    """The pace of the cards ``codes`` played (an ORANGE one as ``as_colour``) under ``bans``
    (:func:`racebook.formulagp.rules.movement.pace_of`), or its refusal (subject, rule, reason): a pure function of
    them, so each answer, or refusal, is worked out once and kept."""
    key = (codes, as_colour, bans)
    got = _PACES.get(key)
    if got is None:
        try:
            got = mv.pace_of([_move_card(x, as_colour) for x in codes], bans)
        except IllegalAction as e:
            got = (str(e.action), e.rule, e.reason)
        _PACES[key] = got
    return got


def play_refusal(s: RaceState, c: Car, a: Play, bans: frozenset[mv.PairBan] | None = None
                 ) -> mv.PacePlay | tuple[object, str, str]:
    """The pace ``a`` gives, or why it is refused: (subject, rule, reason), what :func:`check_play` raises (the
    listing asks this, without raising); ``bans``: the car's :func:`play_bans` if known."""
    for x in a.cards:
        if x not in c.hand:
            return a, "§10.3", f"{x} is not in {c.id}'s hand"
    if len(set(a.cards)) != len(a.cards):
        return a, "§6.3", "a pair is two different cards"
    if a.as_colour and not any(card_type(x) is CardType.ORANGE for x in a.cards):
        return a, "§6.2", "only an ORANGE card is played as another colour"
    play = _pace(tuple(a.cards), a.as_colour, play_bans(s, c) if bans is None else bans)
    if isinstance(play, tuple):
        return play
    if play.ers_cost > c.ers:
        return a, "§6.2", "a BLUE card costs 1 ERS charge and the ERS is empty"
    if a.characteristic and s.round == 1:
        return a, "§8.4", "the Car Characteristic is not used in race round 1"
    return play


def check_play(s: RaceState, c: Car, a: Play, bans: frozenset[mv.PairBan] | None = None) -> mv.PacePlay:
    """The pace ``a`` gives, or the IllegalAction refusing it (:func:`play_refusal`); ``bans``: the car's
    :func:`play_bans` if known."""
    play = play_refusal(s, c, a, bans)
    if isinstance(play, tuple):
        raise IllegalAction(*play)
    return play


def plays(s: RaceState, c: Car) -> list[Play]:
    """The movement plays of ``c`` now (§6.2, §6.3): each legal card or pair, then the same with the Car
    Characteristic (not in race round 1, §8.4)."""
    out = []
    for a in _playable(s, c):
        out.append(a)
        if s.round > 1:  # the Car Characteristic, not in race round 1 (§8.4)
            out.append(Play(c.id, a.cards, a.as_colour, True))
    return keep_shown(s, c, out)  # §21 15.1: the card(s) shown for the momentum order


def has_play(s: RaceState, c: Car) -> bool:
    """``c`` holds a playable movement card or pair (:func:`plays` is not empty), found without listing them all."""
    return next(_playable(s, c), None) is not None


def _playable(s: RaceState, c: Car) -> Iterator[Play]:
    """The legal plays of ``c`` without the Car Characteristic, in the listing's order, one at a time."""
    singles: list[tuple[tuple[str, ...], str]] = []
    moving = [x for x in c.hand if card_colour(x) is not None]
    kind = {x: card_type(x) for x in moving}  # each card's type, read once
    for x in moving:
        if kind[x] is CardType.ORANGE:
            singles += [((x,), "green"), ((x,), "red")]
        else:
            singles.append(((x,), ""))
    pairs: list[tuple[tuple[str, ...], str]] = []
    for x, y in combinations(moving, 2):
        for colour in (("green", "red") if CardType.ORANGE in (kind[x], kind[y]) else ("",)):
            pairs.append(((x, y), colour))
    bans = play_bans(s, c)
    for chosen, colour in singles + pairs:
        if len(chosen) == 2 and CardType.ORANGE not in (kind[chosen[0]], kind[chosen[1]]) \
                and kind[chosen[0]] is not kind[chosen[1]]:
            continue  # not a pair (§6.3): the check below would say so
        a = Play(c.id, chosen, colour, False)
        if not isinstance(play_refusal(s, c, a, bans), tuple):
            yield a


def legal_play(s: RaceState) -> list[FgpAction]:
    c = s.current()
    assert c is not None
    clears: list[FgpAction] = [Clear(c.id, x) for x in sorted(set(c.hand)) if card_type(x) is CardType.TYRE_WEAR]
    return clears + list(plays(s, c)) + raceevents.discards(s, c) + [
        r for r in damage.quick_repairs(s, c) if keeps_a_play(s, c, r)]  # §18.5


def keeps_a_play(s: RaceState, c: Car, r: Repair) -> bool:
    """A Quick Repair before the move leaves a movement card (or pair) to play (§10.3; the ladder ran already)."""
    hand = c.hand
    c.hand = [x for x in hand if x not in r.cards]
    try:
        return has_play(s, c)
    finally:
        c.hand = hand


def gear_of(s: RaceState, c: Car) -> int:
    if s.round == 1 or c.pit == "exit" or (s.turn is not None and s.turn.car == c.id and s.turn.pit_exit):
        return 2  # §9.4.2: everyone starts in 2nd gear; §16.5 / §9.3: leaving the pit exit, a pit-lane start too
    return s.track.tiles[c.pos.tile].gear or 8  # §10.3 step 1: none printed = 8th


def move_points(s: RaceState, c: Car, a: Play, play: mv.PacePlay) -> mv.MovePoints:
    """The MP of ``a`` for ``c`` now (§10.3 step 2): the board's speed for the gear of the start tile and the pace,
    the tyre bonus (none after a spin, off track, a DAMAGE/FAILURE card or Gravel: §18.2, §18.4, §19.8.1), the Car
    Characteristic, Focus (the Focus space of the stress track, §15), the secondary and EVENT MP spent before the
    move, less the DAMAGE/FAILURE penalties (racebook.formulagp.analysis.movement itemises it)."""
    t = s.turn
    assert t is not None
    return mv.movement_points(s.board, gear_of(s, c), play.pace,
                              tyre_bonus=0 if no_tyre_bonus(c) else raceevents.tyre_bonus(s, c),  # §18.2, §18.4
                              penalties=mp_penalty(c), characteristic=a.characteristic, focus=c.stress == 0,
                              race_round_1=s.round == 1, secondary=t.secondary_mp, event=t.event_mp,
                              late_pit=latepit.move_bonus(s, c))  # [ADV] §16.6


def apply_play(s: RaceState, a: FgpAction, log: EventLog) -> None:
    c, t = s.cars[a.car], s.turn
    assert t is not None
    if raceevents.apply_discard(s, a, log):  # under the Safety Car (§19.4.2)
        return
    if isinstance(a, Repair):  # §18.5: a Quick Repair
        if not keeps_a_play(s, c, a):
            raise IllegalAction(a, "§10.3", "the repair would leave no movement card to play")
        return damage.apply_repair(s, a, log)
    if isinstance(a, Clear):
        c.hand.remove(a.card)
        c.deck.discard(a.card)
        wear_by(s, c, 1, log)  # §14.1: the icons reached
        log.append(ev.Cleared(c.id, a.card, c.wear))
        return
    assert isinstance(a, Play)
    play = check_play(s, c, a)
    gear = gear_of(s, c)
    mp = move_points(s, c, a, play)
    for x in a.cards:
        c.hand.remove(x)
        c.deck.discard(x)
    c.ers -= play.ers_cost
    t.cards, t.played_as, t.pace, t.pair = a.cards, a.as_colour, play.pace.value, play.pair
    t.lane_changes, t.wear_per_lane_change = play.lane_changes, play.wear_per_lane_change
    raceevents.after_play(s, c, t)
    t.blue = play.pace is Pace.BLUE
    t.characteristic, t.mp, t.mp_left = a.characteristic, mp.total, mp.total
    s.phase = Phase.MOVE
    log.append(ev.CardsPlayed(c.id, tuple(str(w) for w in Play(c.id, a.cards, a.as_colour)._args().split()),
                              play.pace.value, gear, mp.total, mp.sentence(), c.ers))


def explain_play(s: RaceState, a: FgpAction) -> tuple[str, str]:
    c = s.current()
    assert c is not None
    if a.car != c.id:
        return "§10.2", f"it is {c.id}'s turn"
    if isinstance(a, Discard):
        return raceevents.explain_discard(s, a)
    if isinstance(a, Clear):
        return "§10.3", f"{a.card} is not a Tyre Wear card in {c.id}'s hand"
    if isinstance(a, Repair):
        if a.failure in c.failures and all(x in c.hand for x in a.cards) and not keeps_a_play(s, c, a):
            return "§10.3", "the repair would leave no movement card to play"
        return damage.explain_repair(s, a)
    if isinstance(a, Play):
        try:
            check_play(s, c, a)
        except IllegalAction as e:
            return e.rule, e.reason
        return refusal(s, c, a, plays(s, c)) or ("§10.3", "not a play of this position")  # §21 15.1
    return "§10.3", f"{c.id} first plays its movement card(s) (or clears Tyre Wear cards): 'play <cards>'"

