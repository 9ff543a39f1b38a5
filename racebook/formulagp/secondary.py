"""Card management beyond the movement card (digest §5.1, §6.5, §6.7, §8.1, §8.3, §10.1 step 3, A34): what a
driver may do with its cards before moving, and the forced discard when its hand limit falls.

* **Secondary functions** (§5.1, a free action before the move): spend one card for its single-card function (+1 OT,
  never above the car's maximum), or two cards — ACTION or held EVENT cards — whose 2× icons match: +1 ERS, regain a
  tyre wear point, regain a Parameter token, +1 MP to this move (§10.3 step 2.8). Counter-steer belongs to loss of
  control and Brake! to the move (:mod:`racebook.formulagp.moving`).
* **Parameter tokens** (§8.3), one use each until regained: White discards any cards (never Tyre Wear or Draw
  Failure) and draws up to the hand limit; Yellow +1 ERS; Red +1 OT, which may exceed the maximum. "At any time":
  all three before the move, Yellow during it too (Red's OT serves only a battle, which calls :func:`use_param`; not
  in a forced discard, which is "at once").
* **Option and EVENT cards** (:mod:`racebook.formulagp.eventcards`).
* **The no-movement-card ladder** (§10.1 step 3): a car with no playable movement card chooses among a) the White
  Parameter, b) playing an Option or Tyre Wear card (resolved at once) and drawing one card, c) with only BLUE
  cards and an empty ERS, spending two BLUE cards for +1 ERS (then playing a third), d) with only BLUE cards and no
  forward space (the first MP needs a lane change), discarding a BLUE card and drawing one; when none is left, step
  e runs by itself (:func:`racebook.formulagp.hand.ladder`).
* **The forced discard** (§8.1, A34): an ERS charge spent (a BLUE card, an extension) may lower the hand limit; the
  car then discards down at once (:data:`Phase.DISCARD`), never a Tyre Wear or Draw Failure card, which it may play
  and resolve instead (a Draw Failure card left alone over the limit is played: its FAILURE draw is not built yet).

The phases' answers are wrapped around the movement card's (:func:`around_play`, :func:`around_move`), so the turn
machine's table holds one line each. Standard library only.
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import combinations

from racebook.core.errors import IllegalAction
from racebook.core.log import EventLog
from racebook.formulagp import eventcards as evc
from racebook.formulagp import events as ev
from racebook.formulagp.actions import (
    PARAMS,
    Clear,
    Discard,
    End,
    Extend,
    FgpAction,
    Ladder,
    OptionCard,
    Param,
    Play,
    PlayEvent,
    Spend,
)
from racebook.formulagp.cardplay import card_colour, card_type, has_play
from racebook.formulagp.components import CardType, Secondary, cards
from racebook.formulagp.eventdeck import event_deck
from racebook.formulagp.hand import discardable, draw, ladder  # discardable: never Tyre Wear or Draw Failure (§10.1.1)
from racebook.formulagp.momentumshown import keep_shown_cards
from racebook.formulagp.rules.resources import charge_ot, red_ot, secondary_function
from racebook.formulagp.state import Car, Phase, RaceState
from racebook.formulagp.tyrewear import wear_by

PARAM_LETTER = {"white": "W", "yellow": "Y", "red": "R"}
MINE = (Spend, Param, OptionCard, PlayEvent, Ladder)
_ORDER = "WYR"


_ICONS: dict[str, Secondary] = {}


def icon(code: str) -> Secondary:
    """The secondary-function icon of an ACTION or EVENT card (§5.1; read once from the card data)."""
    if not _ICONS:
        _ICONS.update((c.code, c.secondary) for c in cards().action)
        _ICONS.update((c.code, c.secondary) for c in event_deck().cards + event_deck().three_dots)  # §4.4
    return _ICONS[code]


def _key(code: str) -> tuple[int, str, int]:
    return (code.startswith("E"), code[0], int(code[1:]))


# ------------------------------------------------------------------ secondary functions (§5.1)
def spends(s: RaceState, c: Car) -> list[FgpAction]:
    """Every secondary function ``c`` can use now: single cards, matching 2× pairs (hand and held EVENT cards)."""
    pool = sorted(set(c.hand) | set(c.events), key=_key)
    out: list[FgpAction] = []
    if c.ot < s.board.ot_max:
        out += [Spend(c.id, (x,)) for x in pool if icon(x) is Secondary.PLUS_OT]
    used = [p for p in PARAMS if PARAM_LETTER[p] not in c.params]
    for x, y in combinations(pool, 2):
        f = icon(x)
        if f is not icon(y) or not f.pair:
            continue
        if f is Secondary.PARAMETER2:
            out += [Spend(c.id, (x, y), p) for p in used]
        elif _useful(s, c, f):
            out.append(Spend(c.id, (x, y)))
    return out


def _useful(s: RaceState, c: Car, f: Secondary) -> bool:
    if f is Secondary.ERS2:
        return c.ers < s.board.ers_max  # never above the maximum (§8.1)
    if f is Secondary.TYRE2:
        return c.wear > 0
    return f is Secondary.MP2


def check_spend(s: RaceState, c: Car, a: Spend) -> Secondary:
    """The function a spend uses (§5.1), or IllegalAction citing the rule."""
    for x in a.cards:
        if x not in (c.events if x.startswith("E") else c.hand):
            raise IllegalAction(a, "§5.1", f"{x} is not in {c.id}'s hand or among its held EVENT cards")
    if len(set(a.cards)) != len(a.cards):
        raise IllegalAction(a, "§5.1", "two different cards")
    f = secondary_function([icon(x) for x in a.cards])
    if f is Secondary.COUNTER_STEER:
        raise IllegalAction(a, "§18.1", "a counter-steer card is spent to save a spin, not before the move")
    if f is Secondary.PLUS_OT and c.ot >= s.board.ot_max:
        raise IllegalAction(a, "§5.1", "+1 OT never goes above the car's maximum")
    if f is Secondary.PARAMETER2 and (not a.param or PARAM_LETTER[a.param] in c.params):
        raise IllegalAction(a, "§8.3", "regain a Parameter token that was used: name it (white, yellow, red)")
    if f is not Secondary.PARAMETER2 and a.param:
        raise IllegalAction(a, "§5.1", "only the 2x regain-a-Parameter function names a Parameter")
    if f.pair and f is not Secondary.PARAMETER2 and not _useful(s, c, f):
        raise IllegalAction(a, "§5.1", "nothing to gain: the ERS is full or the wear marker is at its start")
    if tuple(sorted(a.cards, key=_key)) != a.cards:
        raise IllegalAction(a, "§5.1", f"name the cards in order: {' '.join(sorted(a.cards, key=_key))}")
    return f


def apply_spend(s: RaceState, c: Car, a: Spend, log: EventLog) -> None:
    f = check_spend(s, c, a)
    for x in a.cards:
        if x.startswith("E"):
            evc.leave_table(s, c, x, log)
            s.events.discard(x)
        else:
            c.hand.remove(x)
            c.deck.discard(x)
    t = s.turn
    if f is Secondary.PLUS_OT:
        c.ot = charge_ot(c.ot, 1, s.board.ot_max).ot
        result = f"+1 OT, now {c.ot}"
    elif f is Secondary.ERS2:
        c.ers += 1
        result = f"+1 ERS, now {c.ers}"
    elif f is Secondary.TYRE2:
        c.wear -= 1
        result = f"regains a tyre wear point, wear {c.wear}"
    elif f is Secondary.PARAMETER2:
        c.params = "".join(p for p in _ORDER if p in c.params + PARAM_LETTER[a.param])
        result = f"regains its {a.param} Parameter token"
    else:
        assert t is not None
        t.secondary_mp += 1
        result = f"+1 MP to this move ({t.secondary_mp} so far)"
    log.append(ev.SecondarySpent(c.id, a.cards, f.value, result))


# ------------------------------------------------------------------ Parameter tokens (§8.3)
_WHITE: dict[tuple[str, tuple[str, ...]], tuple[Param, ...]] = {}  # (car, cards it may discard) -> the offers
_WHITE_KEPT = 4096  # the most answers kept (a long run of races starts again when full)


def _white(car: str, free: tuple[str, ...]) -> tuple[Param, ...]:
    """The White Parameter's offers for ``car`` that may discard ``free`` (in order): every subset, the smallest
    first (§8.3). A pure answer of its key, built once and kept: the listing offers up to 64 of them a turn."""
    got = _WHITE.get((car, free))
    if got is None:
        if len(_WHITE) >= _WHITE_KEPT:
            _WHITE.clear()
        got = _WHITE[car, free] = tuple(Param(car, "white", combo) for k in range(len(free) + 1)
                                        for combo in combinations(free, k))
    return got


def params(s: RaceState, c: Car) -> list[FgpAction]:
    out: list[FgpAction] = []
    if "W" in c.params:
        out += _white(c.id, tuple(sorted(discardable(c), key=_key)))
    if "Y" in c.params and c.ers < s.board.ers_max:
        out.append(Param(c.id, "yellow"))
    if "R" in c.params:
        out.append(Param(c.id, "red"))
    return out


def check_param(s: RaceState, c: Car, a: Param) -> None:
    if PARAM_LETTER[a.which] not in c.params:
        raise IllegalAction(a, "§8.3", f"{c.id}'s {a.which} Parameter token is used (regain it with a 2x function)")
    if a.which == "yellow" and c.ers >= s.board.ers_max:
        raise IllegalAction(a, "§8.1", "the ERS is full")
    free = discardable(c)
    for x in a.cards:
        if x not in free:
            raise IllegalAction(a, "§8.3", f"{x} is not in the hand, or is a Tyre Wear or Draw Failure card")
    if len(set(a.cards)) != len(a.cards) or tuple(sorted(a.cards, key=_key)) != a.cards:
        raise IllegalAction(a, "§8.3", "name each card once, in order: "
                                       f"{' '.join(sorted(set(a.cards), key=_key))}")


def use_param(s: RaceState, c: Car, a: Param, log: EventLog) -> None:
    """Use a Parameter token (§8.3)."""
    check_param(s, c, a)
    c.params = c.params.replace(PARAM_LETTER[a.which], "")
    if a.which == "yellow":
        c.ers += 1
        result = f"+1 ERS, now {c.ers}"
    elif a.which == "red":
        c.ot = red_ot(c.ot)
        result = f"+1 OT, now {c.ot} (may exceed the maximum)"
    else:
        for x in a.cards:
            c.hand.remove(x)
            c.deck.discard(x)
        got = draw(s, c, s.hand_limit(c) - len(c.hand))
        c.drawn += got
        result = (f"discards {' '.join(a.cards) or 'nothing'}, draws {' '.join(got) or 'nothing'} up to the hand "
                  f"limit of {s.hand_limit(c)}")
    log.append(ev.ParameterUsed(c.id, a.which, result))


# ------------------------------------------------------------------ the no-movement-card ladder (§10.1 step 3)
def _only_blue(c: Car) -> list[str]:
    moving = [x for x in c.hand if card_colour(x) is not None]
    blue = [x for x in moving if card_type(x) is CardType.BLUE]
    return blue if moving and len(blue) == len(moving) else []


def ladder_d(s: RaceState, c: Car) -> list[FgpAction]:
    """Step d: only BLUE movement cards and the first MP needs a lane change (no forward space): discard one BLUE
    card and draw one."""
    if not _only_blue(c) or s.track.forward(c.pos):
        return []
    return [Ladder(c.id, x) for x in sorted(_only_blue(c), key=_key)]


def ladder_choices(s: RaceState, c: Car, playable: bool | None = None) -> list[FgpAction]:
    """The ladder's choices a–d for a car with no playable movement card (only step d when it has one);
    ``playable``: whether it has one, when the caller knows."""
    if has_play(s, c) if playable is None else playable:
        return ladder_d(s, c)
    out: list[FgpAction] = [a for a in params(s, c) if isinstance(a, Param) and a.which == "white"]  # a
    out += [Ladder(c.id, x) for x in sorted(set(c.hand), key=_key)
            if card_type(x) in (CardType.OPTION, CardType.TYRE_WEAR)]  # b
    blue = _only_blue(c)
    if len(blue) >= 3 and c.ers == 0:  # c: two BLUE for +1 ERS, then play a third
        out += [a for a in spends(s, c) if isinstance(a, Spend) and all(x in blue for x in a.cards)]
    return out + ladder_d(s, c)


def ladder_offered(s: RaceState, c: Car) -> bool:
    """A car without a playable movement card that still has a choice of steps a–d (else step e runs)."""
    return not has_play(s, c) and bool(ladder_choices(s, c, False))


def ladder_at_turn_start(s: RaceState, c: Car, log: EventLog) -> None:
    """The start of a turn (§10.1 step 3): a car without a playable movement card chooses among steps a–d; when it
    has no choice, step e runs at once (:func:`racebook.formulagp.hand.ladder`)."""
    if not has_play(s, c) and not ladder_choices(s, c, False):
        ladder(s, c, log)


def check_ladder(s: RaceState, c: Car, a: Ladder) -> str:
    if a not in ladder_choices(s, c):
        if has_play(s, c) and not ladder_d(s, c):
            raise IllegalAction(a, "§10.1.3", f"{c.id} holds a playable movement card: no ladder")
        raise IllegalAction(a, "§10.1.3", f"{a.card}: step b plays an Option or Tyre Wear card; step d discards a "
                                          "BLUE card when only BLUE cards are held and no forward space is free")
    return "d" if card_type(a.card) is CardType.BLUE else "b"


def apply_ladder(s: RaceState, c: Car, a: Ladder, log: EventLog) -> None:
    step = check_ladder(s, c, a)
    if card_type(a.card) is CardType.OPTION:
        evc.play_option(s, c, a.card, log)
        what = "plays the Option card"
    else:
        c.hand.remove(a.card)
        c.deck.discard(a.card)
        if card_type(a.card) is CardType.TYRE_WEAR:
            wear_by(s, c, 1, log)  # §14.1: the icons reached
            what = f"plays (tyre wear +1, now {c.wear})"
        else:
            what = "discards the BLUE card"
    got = draw(s, c, 1)
    log.append(ev.LadderStep(c.id, step, what, a.card, got[0] if got else "-"))


def settle(s: RaceState, c: Car, log: EventLog) -> None:
    """After a choice before the move: a car left with no playable movement card and no choice of steps a–d runs
    step e (§10.1 step 3)."""
    if s.phase is Phase.PLAY and not has_play(s, c) and not ladder_choices(s, c, False):
        ladder(s, c, log)


# ------------------------------------------------------------------ the forced discard (§8.1, A34)
def check_limit(s: RaceState, c: Car, log: EventLog) -> None:
    """The hand limit may have fallen (an ERS charge spent): discard down at once (§8.1)."""
    while len(c.hand) > s.hand_limit(c):
        if discardable(c) or any(card_type(x) is CardType.TYRE_WEAR for x in c.hand):
            if s.phase is not Phase.DISCARD:
                s.discard_resume, s.phase = s.phase.value, Phase.DISCARD
            return
        code = next(x for x in c.hand if card_type(x) is CardType.DRAW_FAILURE)  # A34: play and resolve it
        c.hand.remove(code)
        c.deck.discard(code)
        log.append(ev.ForcedDiscard(c.id, code, "plays the Draw Failure card (its FAILURE draw is not built yet)",
                                    s.hand_limit(c), "§8.1, A34"))
    if s.phase is Phase.DISCARD:
        s.phase, s.discard_resume = Phase(s.discard_resume), ""


def legal_discard(s: RaceState) -> list[FgpAction]:
    c = s.current()
    assert c is not None
    out: list[FgpAction] = [Discard(c.id, x) for x in sorted(discardable(c), key=_key)]
    return out + [Clear(c.id, x) for x in sorted(c.hand, key=_key) if card_type(x) is CardType.TYRE_WEAR]


def apply_discard(s: RaceState, a: FgpAction, log: EventLog) -> None:
    c = s.cars[a.car]
    assert isinstance(a, (Discard, Clear))
    c.hand.remove(a.card)
    c.deck.discard(a.card)
    if isinstance(a, Clear):
        wear_by(s, c, 1, log)  # §14.1: the icons reached
        log.append(ev.ForcedDiscard(c.id, a.card, f"plays and resolves (tyre wear +1, now {c.wear})",
                                    s.hand_limit(c), "§8.1, A34"))
    else:
        log.append(ev.ForcedDiscard(c.id, a.card, "discards", s.hand_limit(c)))
    check_limit(s, c, log)


def explain_discard(s: RaceState, a: FgpAction) -> tuple[str, str]:
    c = s.current()
    assert c is not None
    if a.car != c.id:
        return "§8.1", f"{c.id} is discarding down to its hand limit"
    if isinstance(a, (Discard, Clear)):
        return "§8.1", (f"{a.card} is not in the hand, or a Tyre Wear card is played (clear) and a Draw Failure card "
                        "never discarded")
    return "§8.1", (f"{c.id} holds {len(c.hand)} cards over its hand limit of {s.hand_limit(c)}: discard one "
                    "('discard <card>') or play a Tyre Wear card ('clear <card>')")


# ------------------------------------------------------------------ the phases, wrapped
def before_move(s: RaceState, playable: bool) -> list[FgpAction]:
    """Everything but the movement card that the current car may do before it moves (``playable``: whether it holds
    a playable movement card)."""
    c = s.current()
    assert c is not None
    out = evc.option_plays(s, c) + evc.event_plays(s, c, True) + spends(s, c) + params(s, c)
    return out + [a for a in ladder_choices(s, c, playable) if isinstance(a, Ladder)]


def apply_mine(s: RaceState, a: FgpAction, log: EventLog) -> None:
    c = s.cars[a.car]
    if isinstance(a, Spend):
        apply_spend(s, c, a, log)
    elif isinstance(a, Param):
        use_param(s, c, a, log)
    elif isinstance(a, OptionCard):
        evc.check_option(s, c, a)
        evc.play_option(s, c, a.card, log)
    elif isinstance(a, PlayEvent):
        evc.check_event(s, c, a, s.phase is Phase.PLAY)
        evc.play_event(s, c, a.card, log)
    else:
        assert isinstance(a, Ladder)
        apply_ladder(s, c, a, log)


def explain_mine(s: RaceState, a: FgpAction) -> tuple[str, str]:
    c = s.current()
    assert c is not None
    if a.car != c.id:
        return "§10.2", f"it is {c.id}'s turn"
    try:
        if isinstance(a, Spend):
            check_spend(s, c, a)
        elif isinstance(a, Param):
            check_param(s, c, a)
        elif isinstance(a, OptionCard):
            evc.check_option(s, c, a)
        elif isinstance(a, PlayEvent):
            evc.check_event(s, c, a, s.phase is Phase.PLAY)
        elif isinstance(a, Ladder):
            check_ladder(s, c, a)
    except IllegalAction as e:
        return e.rule, e.reason
    if s.phase is not Phase.PLAY:
        return "§10.3", "cards, secondary functions and Parameters are used before the move (step 1)"
    return "§10.3", "not now"


Legal = Callable[[RaceState], list[FgpAction]]
Apply = Callable[[RaceState, FgpAction, EventLog], None]
Explain = Callable[[RaceState, FgpAction], tuple[str, str]]


def around_play(legal: Legal, apply: Apply, explain: Explain) -> tuple[Legal, Apply, Explain]:
    """The PLAY phase (§10.3 step 1) with the choices before the move added to the movement card's."""

    def legal2(s: RaceState) -> list[FgpAction]:
        out = legal(s)
        return keep_shown_cards(s, out + before_move(s, any(isinstance(a, Play) for a in out)))  # §21 15.1

    def apply2(s: RaceState, a: FgpAction, log: EventLog) -> None:
        c = s.cars[a.car]
        ers = c.ers
        if isinstance(a, MINE):
            apply_mine(s, a, log)
        else:
            apply(s, a, log)
        if c.ers < ers:
            check_limit(s, c, log)  # a BLUE card spent an ERS charge
        settle(s, c, log)

    def explain2(s: RaceState, a: FgpAction) -> tuple[str, str]:
        return explain_mine(s, a) if isinstance(a, MINE) else explain(s, a)

    return legal2, apply2, explain2


def around_move(legal: Legal, apply: Apply, explain: Explain) -> tuple[Legal, Apply, Explain]:
    """The MOVE phase with the EVENT cards playable at the end of the turn (§6.7) and the forced discard after an
    ERS extension (§8.1)."""

    def legal2(s: RaceState) -> list[FgpAction]:
        out = legal(s)
        c = s.current()
        assert c is not None
        if any(isinstance(a, End) for a in out):
            out += evc.event_plays(s, c, False)
        if "Y" in c.params and c.ers < s.board.ers_max:  # the Yellow Parameter at any time (§8.3)
            out.append(Param(c.id, "yellow"))
        return out

    def apply2(s: RaceState, a: FgpAction, log: EventLog) -> None:
        if isinstance(a, (PlayEvent, Param)):
            if isinstance(a, Param) and a.which != "yellow":
                raise IllegalAction(a, "§8.3", "during the move only the Yellow Parameter is offered")
            apply_mine(s, a, log)
            return
        apply(s, a, log)
        if isinstance(a, Extend) and a.by == "ers":
            check_limit(s, s.cars[a.car], log)

    def explain2(s: RaceState, a: FgpAction) -> tuple[str, str]:
        c = s.current()
        assert c is not None
        if isinstance(a, PlayEvent) and a.car == c.id:
            try:
                evc.check_event(s, c, a, False)
            except IllegalAction as e:
                return e.rule, e.reason
            return "§6.7", "an EVENT card is played at the start of the turn or once the move is over"
        if isinstance(a, Param) and a.car == c.id and a.which == "white":
            return "§8.3", "the White Parameter's discard and draw come before the move (this reading: §10.1 step 3)"
        if isinstance(a, Param) and a.car == c.id and a.which == "red":
            return "§8.3", "the Red Parameter's OT serves a battle: before the move, or in the battle"
        return explain_mine(s, a) if isinstance(a, MINE) else explain(s, a)

    return legal2, apply2, explain2
