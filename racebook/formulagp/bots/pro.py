"""The Pro BOTs in the race (digest §22.1–§22.4, §22.6, §22.8, §22.9.2, §22.9.3, §22.11.1, §22.13.5; the BOT
rulebook v2.15.7): rules, not agents, like the Rookies (:mod:`racebook.formulagp.bots.rookie`, whose turn engine they
share: the lanes by their TACTICS card's arrows, blocked behaviour, their BATTLE cards). What is theirs:

* set-up (§22.2, [BOT 1.3]): a Control card per car colour (max OT; the faster or slower side; the optional bonus MP),
  a STRATEGY card face up, a TACTICS card face down (turned up in round 1, a new one in round 2, §22.8), the
  starting tyre by the WHITE die on the STRATEGY card (§22.3) and the Pit token on the Weather Radar (§22.4);
* their MP (§22.9, §22.8.1 item 4): the Control card's side by gear and pace + the Tyre token's bonus + the
  difficulty bonus (+ the optional bonus MP); they ignore speed limits ([BOT 2.1.1]);
* the corner modifier (§22.9.2) and the Red Die hazard symbols of the movement and corner areas (§22.9.3), before
  the BOT's own attack (a modifier that puts it in position to overtake: it attacks);
* the tyre check when the Chequered Flag reaches the Pit token (§22.11.1), the Safety Car's early stop and tyre
  saving (§22.13.5, Example 31); their qualifying score (§22.6) and their max OT in battles (§22.10.2 item 4).

Elsewhere: the stops (bots/propit.py), the weather (proweather), the [ADV] hazards (prohazards), the chained attack
(prochain), the optional rules §22.14 (prolate, prostressing); docs/formulagp.md, "Pro BOTs (issue 38)".
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from racebook.core.deck import Deck
from racebook.core.errors import SetupError
from racebook.core.log import EventLog
from racebook.formulagp import latepit, moving, occupancy, weather
from racebook.formulagp.actions import To
from racebook.formulagp.bots import proevents as pev
from racebook.formulagp.bots import profailure, prolate
from racebook.formulagp.bots import prohazardevents as hzev
from racebook.formulagp.bots import prostressing as pstress
from racebook.formulagp.bots.cards import Shape, Tactics, bot_cards
from racebook.formulagp.bots.deckdraw import draw
from racebook.formulagp.bots.procards import DIE, Hazard, ProTactics, pro_cards
from racebook.formulagp.bots.prolate import undercut  # §22.14 BOT 7.1 (re-exported)
from racebook.formulagp.bots.protable import PRO_TACTICS_RULE, STRATEGY_RULE, ProBot
from racebook.formulagp.bots.table import BATTLE_RULE, TACTICS_RULE
from racebook.formulagp.components import FaceColour
from racebook.formulagp.losscontrol import full_space, lose_control
from racebook.formulagp.panel import panel
from racebook.formulagp.playerboard import Tyre
from racebook.formulagp.prohooks import register
from racebook.formulagp.rules import protyres
from racebook.formulagp.rules.botlanes import matches
from racebook.formulagp.rules.passing import Entry
from racebook.formulagp.rules.protyres import PitSide, PitToken
from racebook.formulagp.rules.qualifying import QualifyingScore
from racebook.formulagp.state import Car, Die, RaceState, Turn

PRO = "pro"
SIDES = ("faster", "slower")
MAX_PROS = 6  # one Control card per colour of the teaching set (data/probots.toml)


# ------------------------------------------------------------------ set-up (§22.2-§22.4)
def deal(s: RaceState, pros: Sequence[str], side: str = "faster", *, bonus: bool = False,
         log: EventLog | None = None) -> None:
    """§22.2: make ``pros`` Pro BOTs (no ACTION deck): the Control card of the next colour, ``side`` up, the optional
    bonus MP when ``bonus``; shuffle the STRATEGY and Pro TACTICS decks; each draws a STRATEGY card (face up) and a
    TACTICS card (face down), rolls its starting tyre (§22.3) and places its Pit token (§22.4)."""
    pros = list(pros)
    if not pros:
        return
    if side not in SIDES:
        raise SetupError(side, "§22.2", f"a Pro BOT Control card is used {' or '.join(SIDES)} side up")
    data = pro_cards()
    if len(pros) > min(MAX_PROS, len(data.controls)):
        raise SetupError(pros, "§22.2", f"at most {min(MAX_PROS, len(data.controls))} Pro BOTs (one Control card each)")
    for b in pros:
        if b not in s.cars or pros.count(b) > 1 or s.cars[b].bot:
            raise SetupError(b, "§22.2", "a Pro BOT is one of the cars on the grid, named once, not a Rookie")
    if not s.bots.active:  # the BOTs' shared decks (§22.1), as the Rookies' set-up shuffles them
        rk = bot_cards()
        s.bots.tactics_deck = Deck("TACTICS", [x.code for x in rk.tactics], rule=TACTICS_RULE)
        s.bots.battle_deck = Deck("BATTLE", [x.code for x in rk.battle], rule=BATTLE_RULE)
        s.bots.tactics_deck.shuffle(s.rng)
        s.bots.battle_deck.shuffle(s.rng)
    t = s.pro
    t.strategy_deck = Deck("STRATEGY", [x.code for x in data.strategy], rule=STRATEGY_RULE)
    t.tactics_deck = Deck("Pro TACTICS", profailure.deck_codes(s), rule=PRO_TACTICS_RULE)  # (§22.12.4's cards)
    t.strategy_deck.shuffle(s.rng)
    t.tactics_deck.shuffle(s.rng)
    log = log if log is not None else EventLog()
    for i, b in enumerate(pros):
        c = s.cars[b]
        c.bot, c.hand, c.drawn = PRO, [], []
        c.deck = Deck(f"{b} ACTION", rule=c.deck.rule)  # a BOT plays no ACTION card (§22.1)
        colour = data.controls[i].colour
        pb = t.bots[b] = ProBot(colour, side, bonus)
        pb.strategy = _draw(s, "strategy")
        pb.tactics = _draw(s, "protactics")
        log.append(pev.ProSetUp(b, colour, side, data.control(colour).max_ot, pb.strategy,
                                ", the bonus MP space uncovered" if bonus else ""))
        face = s.white_face(s.roll(Die.WHITE))
        pb.tyre = data.strategy_card(pb.strategy).start[face.value - 1]
        c.tyre = pb.tyre
        log.append(pev.ProTyres(b, face.value, pb.strategy, pb.tyre.value))
        set_pit_token(s, b, log, at_start=True)
    pstress.deal(s, pros)  # §22.14 BOT 7.4 (optional): at maximum stress


def _draw(s: RaceState, deck: str) -> str:
    """The next card of the ``"strategy"`` or ``"protactics"`` deck: a stacked card first (a scenario's
    ``stacked[deck]``), else the top of the shuffled pile."""
    d = s.pro.strategy_deck if deck == "strategy" else s.pro.tactics_deck
    stack = s.stacked.get(deck)
    if stack:
        d.stack([stack.pop(0)])
    code = d.draw(s.rng)
    if code is None:  # pragma: no cover - every card returns to its deck
        raise SetupError(deck, d.rule, f"the {deck} deck and its discards are empty")
    return code


def set_pit_token(s: RaceState, car: str, log: EventLog, *, at_start: bool) -> None:
    """§22.4 (set-up) and §22.12.2 item 3 (a stop): the tyre life by the WHITE die (the icon 0, A42); at set-up the
    token goes on radar space ``life`` (A5; house rule ``pro_pit_round_from_race_start``: the race's round
    ``life``), at a stop ``life`` rounds from the current one; on or past the tyre's radar icon it is flipped to PIT
    (Example 27)."""
    pb = s.pro.bots[car]
    p = panel()
    base = p.bot_tyre_life[pb.tyre]
    face = s.white_face(s.roll(Die.WHITE))
    life = protyres.tyre_life(base, face)
    if at_start:
        space = protyres.start_space(p.start_space(s.mode.advanced), life,
                                     from_start=s.rules.pro_pit_round_from_race_start)
    else:
        space = s.flag + life
    icon = protyres.icon_of(pb.tyre, p.radar)
    pb.pit = protyres.place(space, icon)
    flip = (f", on or past the {pb.tyre.value.title()} icon (space {icon}): flipped to PIT"
            if pb.pit.side is PitSide.PIT else ", TYRE side up")
    log.append(pev.ProPitToken(car, pb.tyre.value, base, life - base, life, space, flip))


def is_pro(s: RaceState, car: str) -> bool:
    return s.cars[car].bot == PRO


# ------------------------------------------------------------------ the cards a Pro reads
def tactics(s: RaceState, car: str) -> ProTactics:
    return pro_cards().tactics_card(s.pro.bots[car].tactics)


def lanes_card(s: RaceState, car: str) -> Tactics:
    """The lane and battle part of a Pro BOT's TACTICS card (what a Rookie card shows, §22.9.1, §22.10.2)."""
    return tactics(s, car).lanes


def max_ot(s: RaceState, car: str) -> int:
    """§22.2 a, §22.13.3: the max OT of the Pro BOT's Control card, −1 with a Damage token by the OT level."""
    pb = s.pro.bots[car]
    return max(0, pro_cards().control(pb.colour).max_ot - int(pb.dmg_ot))


def bot_max_ot(s: RaceState, car: str) -> int:
    """The max OT of any BOT: a Pro's own (:func:`max_ot`), else the Rookie Control card's (§22.5 a)."""
    return max_ot(s, car) if s.cars[car].bot == PRO else bot_cards().control.max_ot


def tyre_bonus(s: RaceState, car: str) -> int:
    """The Tyre token's bonus (§22.2 e, §22.11.1: full or lower side), −1 with a Damage token by the tyre marker
    (§22.13.3)."""
    pb = s.pro.bots[car]
    if s.cars[car].gravel or (pb.tyre is Tyre.WET and weather.active(s) and not weather.wet(s)):
        return 0  # §22.13.9: the Tyre token beside the Control card for this move; §22.13.10: Wet on a dry track
    full, lower = pro_cards().tyre_bonus[pb.tyre]
    return max(0, (full if pb.full else lower) - int(pb.dmg_tyre))


def speed(s: RaceState, car: str, gear: int, pace: str) -> int:
    """§22.9, §22.8.1 item 4: the Control card's side for ``gear`` and pace + the tyre bonus + the difficulty bonus
    (+ the optional bonus MP, §22.2 f)."""
    pb = s.pro.bots[car]
    ctl = pro_cards().control(pb.colour)
    return (ctl.speed(pb.side, gear, pace) + tyre_bonus(s, car) + ctl.sides[pb.side][0]
            + (pro_cards().bonus_mp if pb.bonus else 0) + pstress.focus_mp(s, car)  # the Focus Bonus (§22.14 7.4)
            + latepit.move_bonus(s, s.cars[car]))  # §22.12.5


def paced(s: RaceState, car: str, pace: str, gear: int, mp: int, die: str, rule: str) -> pev.ProPaced:
    """The event of a Pro BOT's pace and MP (§22.9), the sum :func:`speed` made shown part by part."""
    pb = s.pro.bots[car]
    ctl = pro_cards().control(pb.colour)
    base, tyre, focus = ctl.speed(pb.side, gear, pace), tyre_bonus(s, car), pstress.focus_mp(s, car)
    fresh = latepit.move_bonus(s, s.cars[car])
    return pev.ProPaced(car, pb.colour, pb.side, pace, gear, mp, base, tyre, mp - base - tyre - focus - fresh, die,
                        rule, f" + the Focus Bonus {focus} (§22.14 BOT 7.4)" if focus else "",
                        f" + Fresh Tyres {fresh}" if fresh else "")


def new_tactics(s: RaceState, car: str, log: EventLog, why: str, *, repair: bool = False) -> None:
    """§22.7: the Pro BOT discards its TACTICS card and draws a new one, face up; a FAILURE card stays until the stop
    repairs it (``repair``; §22.12.4, house rule ``pro_tactics_failures``)."""
    if profailure.holds(s, car) and not repair:
        return
    pb = s.pro.bots[car]
    s.pro.tactics_deck.discard(pb.tactics)
    pb.tactics, pb.face_up = _draw(s, "protactics"), True
    log.append(pev.ProTactics(car, "draws the", pb.tactics, why))
    profailure.drawn(s, car, log)


# ------------------------------------------------------------------ rounds: the start and the tyre checks
def new_round(s: RaceState, log: EventLog) -> None:
    """The start of a round: round 1, the TACTICS cards turned face up (§22.8.1 item 2); round 2, a new one each
    (§22.8.2 item 1); a Pro BOT starting its 2nd W2W round, a new one (§22.10.4); every round, the tyre check of
    each Pit token the Chequered Flag has reached (§22.11.1)."""
    for car, pb in s.pro.bots.items():
        if s.round == 1 and not pb.face_up:
            pb.face_up = True
            log.append(pev.ProTactics(car, "turns face up its", pb.tactics, "§22.8.1 item 2: the race start"))
            profailure.drawn(s, car, log)
        elif s.round == 2 and pb.face_up:
            new_tactics(s, car, log, "§22.8.2 item 1: round 2")
        elif s.cars[car].w2w == "Stress":  # the token flipped at the last round's end: its 2nd W2W round
            new_tactics(s, car, log, "§22.10.4 [BOT 3.4]: the start of its 2nd Wheel-to-Wheel round")
        if pb.pit.side is not PitSide.ENTRY and s.flag >= pb.pit.space:
            tyre_check(s, car, log)
    pstress.new_round(s, log)  # §22.14 BOT 7.4 (optional): the start's drops, a W2W token's stress
    if s.rules.pro_undercut:
        undercut(s, log)
    prolate.weather_check(s, log)  # its weather variant (optional): the second Weather token
    prolate.check(s, log)  # the optional Late Pit Bonus check (§22.14 BOT 7.3)


def tyre_check(s: RaceState, car: str, log: EventLog) -> None:
    """§22.11.1 ([BOT 4.1]): the Chequered Flag reaches the Pit token."""
    pb = s.pro.bots[car]
    before = pb.pit
    face = s.white_face(s.roll(Die.WHITE)) if protyres.check_needs_die(pb.pit, pb.full) else None
    got = protyres.tyre_check(pb.pit, pb.full, face)
    pb.pit = got.token
    if got.lower:
        pb.full = False
    roll = f", the WHITE die shows {face.value} ({face.colour.value})" if face else ""
    if got.token.side is PitSide.PIT:
        what = f"tyres managed well: the Pit token moves to space {got.token.space}, PIT side up"
    else:
        what = ("the Tyre token flipped to its lower bonus side; " if got.lower else "") + \
            "the Pit token goes to the pit-lane entry: it must pit the next time it reaches the pit entrance"
        if not protyres.may_pit(s.flag):
            what += f" (but no Pro BOT pits on round {protyres.CUT_OFF} or later, §22.11.1)"
    log.append(pev.ProTyreCheck(car, before.side.value, roll, what))


# ------------------------------------------------------------------ the corner modifier and the hazards
def after_move(s: RaceState, c: Car, log: EventLog) -> None:
    """The end of a Pro BOT's movement, before its own attack (§22.9.2, §22.9.3): the corner modifier on a curved tile
    (not in rounds 1–2, not on the pit-exit turn), then the Red Die hazard of the corner area (only when the modifier
    was used) and of the movement area (after all movement)."""
    t = s.turn
    assert t is not None
    if c.pit:  # it entered the pit lane, or is still on the pit-exit space (§22.12.1, §22.12.4)
        return
    card = tactics(s, c.id)
    used = False
    on_curve = c.pos.tile >= 0 and matches(s.track, c.pos.tile, Shape.CURVE) and not c.pit and not c.off
    if card.corner and protyres.corner_applies(s.round, on_curve=on_curve, left_pits=t.pit_exit,
                                                    overtook=False) and not c.spun:
        used = corner(s, c, card, log)
    if used and card.hazard is Hazard.CORNER:
        hazard(s, c, card, "corner-modifier", log)
    elif card.hazard is Hazard.MOVE:
        hazard(s, c, card, "movement-direction", log)


def corner(s: RaceState, c: Car, card: ProTactics, log: EventLog) -> bool:
    """§22.9.2 ([BOT 2.3.1], Example 29): forward (green) or back (red) by the card's number of spaces. Forward: the
    BOT's next spaces straight on through the movement rules every car uses (a car ahead stops it, a free pass or the
    Slipstream shadow as for any step); back: the spaces behind it in its lane on the same tile (the
    reading N-P1 of docs/formulagp.md), never onto a car. Returns whether it moved."""
    t = s.turn
    assert t is not None
    start = c.pos
    moved = 0
    if card.corner > 0:
        t.mp_left, t.stopped = card.corner, False
        while t.mp_left > 0 and not t.stopped and not c.off and not c.spun:
            ahead = {(p.tile, p.lane, p.space) for p in s.track.forward(c.pos)}
            steps = [chk.to for chk in moving.step_checks(s, c, include_stops=True)
                     if (chk.to.tile, chk.to.lane, chk.to.space) in ahead and chk.entry is not Entry.STOP
                     and occupancy.room(s, c.id, chk.to) is not None]
            if not steps:
                break
            steps.sort(key=lambda p: p.lane != c.pos.lane)
            moving.apply_move(s, To(c.id, s.track.name_of(steps[0])), log)
            moved += 1
        t.mp_left, t.stopped = 0, True
    else:
        moved = back(s, c, -card.corner)
    if moved:
        log.append(pev.ProCorner(c.id, card.code, card.corner, moved, "forward" if card.corner > 0 else "back",
                                 s.track.name_of(c.pos)))
    return moved > 0 or c.pos != start


def back(s: RaceState, c: Car, spaces: int) -> int:
    """``c`` goes back up to ``spaces`` spaces along its lane on its tile, never onto a car (reading N-P1: the red
    corner modifier, §22.9.2; Standing Water's reduced MP, §22.13.9). Returns the spaces moved."""
    moved = 0
    for _ in range(spaces):
        p = c.pos
        if p.space == 0:  # back along its lane on this tile only (N-reading: docs/formulagp.md)
            break
        behind = type(p)(p.tile, p.lane, p.space - 1)
        if full_space(s, c.id, behind):
            break
        c.pos = behind
        moved += 1
    return moved


def hazard(s: RaceState, c: Car, card: ProTactics, area: str, log: EventLog) -> None:
    """§22.9.3 ([BOT 2.4]) and §22.13.1–§22.13.2 ([BOT 6.1], [BOT 6.2]): the RED die; only its loss-of-control face
    counts: the RED die again (the counter-steer attempt), loss of control again → a spin (the players' procedure),
    any other face → the counter-steer holds. Then a new TACTICS card."""
    red_die(s, c, card.code, area, f"the Red Die hazard of its TACTICS card {card.code} (§22.9.3, §22.13.2)", log)
    new_tactics(s, c.id, log, "§22.9.3: after the hazard roll")


def red_die(s: RaceState, c: Car, code: str, area: str, why: str, log: EventLog, *, cause: str = "") -> None:
    """§22.13.1–§22.13.2 ([BOT 6.1], [BOT 6.2]): a Pro BOT's RED die (a hazard of its TACTICS card ``code``, or
    ``area`` names the cause; ``cause``: a cause that is no TACTICS card, said as such, e.g. a stop on Oil); only the
    loss-of-control face counts: the RED die again, loss of control → a spin (``why``)."""
    face = s.face(Die.RED, s.roll(Die.RED))
    pstress.gain(s, c.id, "it rolls the RED die", log)  # §22.14 BOT 7.4 (optional): not the counter-steer roll
    what = ": no effect (only the loss-of-control face counts, §22.13.1)"
    if face.value == "loss_of_control":
        again = s.face(Die.RED, s.roll(Die.RED))
        if again.value == "loss_of_control":
            what = f"; the counter-steer roll shows {again.value} again: it loses control (§22.13.2)"
            log.append(hzev.ProRedDie(c.id, cause, face.value, what) if cause else
                       pev.ProHazard(c.id, code, area, face.value, what))
            lose_control(s, c, log, why)
            return
        what = f"; the counter-steer roll shows {again.value}: the counter-steer holds (§22.13.2)"
    log.append(hzev.ProRedDie(c.id, cause, face.value, what) if cause else
               pev.ProHazard(c.id, code, area, face.value, what))


# ------------------------------------------------------------------ damage and battles (§22.13.3, §22.10)
def damage(s: RaceState, c: Car, log: EventLog) -> None:
    """§22.13.3 ([BOT 6.3]): on each damage the WHITE die: the icon (close call) → none; red → a −1 Damage token by
    the OT level (max OT −1); green → by the tyre marker (tyre bonus −1). One token per icon: a second of the same
    kind goes to the other icon, a third does nothing. (Called where a player's car draws a DAMAGE card.)"""
    pb = s.pro.bots[c.id]
    face = s.white_face(s.roll(Die.WHITE))
    if face.icon:
        what = "the close-call icon: no damage"
    else:
        want = "ot" if face.colour is FaceColour.RED else "tyre"
        order = [want, "tyre" if want == "ot" else "ot"]
        free = [k for k in order if not getattr(pb, f"dmg_{k}")]
        if not free:
            what = "both Damage tokens already placed: nothing more (§22.13.3)"
        else:
            setattr(pb, f"dmg_{free[0]}", True)
            what = ("a −1 Damage token by the OT level: max OT −1" if free[0] == "ot"
                    else "a −1 Damage token by the tyre marker: tyre bonus −1")
            if free[0] != want:
                what += " (that icon already holds one: the other icon)"
    log.append(pev.ProDamaged(c.id, face.value, face.colour.value, what))


def after_battle(s: RaceState, car: str, *, attacked: bool, lost: bool, log: EventLog) -> None:
    """A Pro BOT's battle is over (§22.7, §22.10.3, §22.9.3): a Pro that loses draws a new TACTICS card; a Pro
    that made an overtake attempt with the hazard in its card's battle area rolls the RED die (won or lost), then
    draws a new TACTICS card."""
    if s.cars[car].bot != PRO:
        return
    card = tactics(s, car)
    if attacked and card.hazard is Hazard.BATTLE:
        hazard(s, s.cars[car], card, "battle", log)
    elif lost:
        new_tactics(s, car, log, "§22.10.3: it lost the battle")


def second_attempt(s: RaceState, car: str, log: EventLog) -> bool:
    """§22.10.3 item 4 ([BOT 3.2.4.1]): after a tie in its attack on a player the WHITE die: green → a Pro BOT
    attacks again (the player picks new cards, the BOT draws anew; a win overtakes with the card's OT −1); red → no
    second attack. A Rookie never makes one."""
    if s.cars[car].bot != PRO:
        return False
    face = s.white_face(s.roll(Die.WHITE))
    again = face.colour is FaceColour.GREEN
    log.append(pev.ProSecondAttempt(car, face.value, face.colour.value,
                                    "it attacks again: the player picks new cards, a win overtakes with 1 OT less"
                                    if again else "no second attack: both stay"))
    return again


def gravel(s: RaceState, c: Car, t: Turn, log: EventLog, live: Callable[[RaceState, int], bool]) -> None:
    """§22.13.9 ([BOT 6.9.1]) at the end of a Pro BOT's move: a lost tyre bonus served this move comes back (the
    Tyre token back on the Control card); a move that stopped on a live Gravel tile, or drove through one faster than
    GREEN (RED pace: the reading N-P5, as a player's wear), loses the tyre bonus for its next move; a Pro BOT that
    stops on the tile removes the token."""
    if c.gravel:
        c.gravel = False
        log.append(pev.ProGravel(c.id, "its Tyre token goes back on the Control card"))
    tile = c.pos.tile
    stopped = live(s, tile)
    through = t.pace == "red" and any(live(s, x[0]) for x in t.seen)
    if stopped:
        s.gravel = tuple(x for x in s.gravel if x != tile)
    if stopped or through:
        c.gravel = True
        what = (f"it stops on the Gravel of {s.track.tiles[tile].id} and removes the token" if stopped
                else "it drives through Gravel faster than GREEN")
        log.append(pev.ProGravel(c.id, what + ": no tyre bonus on its next move"))


# ------------------------------------------------------------------ new tyres, the Red Flag (§22.12.2, §22.13.6)
def next_tyre(s: RaceState, car: str) -> tuple[Tyre, str]:
    """§22.3 ([BOT 1.3.1]): the tyre the STRATEGY card shows for the next stop (its last one again after it runs out);
    a card that waits rolls the WHITE die then and reads its starting row. Returns the tyre and how it was found."""
    pb = s.pro.bots[car]
    card = pro_cards().strategy_card(pb.strategy)
    if car in s.pro.late:  # §22.14 BOT 7.3: a Late Pit Bonus stop fits the weather-change section's final tyre
        s.pro.late.remove(car)
        return card.weather, f"STRATEGY {card.code}'s weather-change tyre (a Late Pit Bonus stop, BOT 7.3)"
    word = card.then[min(pb.stops, len(card.then) - 1)]
    if word == DIE:
        face = s.white_face(s.roll(Die.WHITE))
        return card.start[face.value - 1], f"STRATEGY {card.code} rolls at the stop: the WHITE die shows {face.value}"
    return Tyre(word), f"STRATEGY {card.code}'s next tyre"


def fit_tyres(s: RaceState, car: str, log: EventLog, why: str, choice: tuple[Tyre, str] | None = None) -> None:
    """New tyres (§22.12.2 item 3, §22.13.6): the next STRATEGY tyre (or ``choice``: "as the weather requires",
    :func:`racebook.formulagp.bots.proweather.stop_tyre`), full bonus side, and a new Pit token counted from the
    current round."""
    pb = s.pro.bots[car]
    tyre, how = choice or next_tyre(s, car)
    pb.tyre, pb.full, pb.stops = tyre, True, pb.stops + 1
    s.cars[car].tyre = tyre
    log.append(pev.ProTyresChanged(car, tyre.value, how, why))
    set_pit_token(s, car, log, at_start=False)


def red_flag(s: RaceState, car: str, log: EventLog) -> None:
    """§22.13.6 ([BOT 6.6]) on the Red Flag grid: a Pro BOT whose planned stop is within the next 4 rounds (its Pit
    token at the pit entry, or on the radar at most 4 spaces ahead of the flag) changes to the next STRATEGY tyre; it
    repairs all damage (failures cannot be: a Pro BOT has none here); it draws a new TACTICS card."""
    pb = s.pro.bots[car]
    if pb.pit.side is PitSide.ENTRY or pb.pit.space - s.flag <= protyres.EARLY_STOP_WINDOW:
        fit_tyres(s, car, log, "§22.13.6: its planned stop is within the next 4 rounds")
    if pb.dmg_ot or pb.dmg_tyre:
        pb.dmg_ot = pb.dmg_tyre = False
        log.append(pev.ProRepaired(car, "the Red Flag (§22.13.6)"))
    new_tactics(s, car, log, "§22.13.6: the Red Flag")


# ------------------------------------------------------------------ the Safety Car (§22.13.5)
def safety_car(s: RaceState, log: EventLog) -> None:
    """The start of a Safety Car period (§22.13.5, [BOT 6.5]): a TYRE-side Pit token within 4 spaces of the
    Chequered Flag rolls the WHITE die (green: an early stop, the token to the pit-lane entry); then each TYRE-side
    token moves 2 spaces forward, never past the radar icon of the tyre in use (Example 31)."""
    icons = panel().radar
    for car, pb in s.pro.bots.items():
        pstress.reset(s, car, "the Safety Car comes out", log)  # §22.14 BOT 7.4 (optional): level 1
        if protyres.early_stop_window(pb.pit, s.flag) and protyres.may_pit(s.flag):
            face = s.white_face(s.roll(Die.WHITE))
            if face.colour is FaceColour.GREEN:
                pb.pit = PitToken(pb.pit.space, PitSide.ENTRY)
                log.append(pev.ProSafetyCar(car, f"is within 4 spaces of the flag; the WHITE die shows {face.value} "
                                                 "(green): an early stop, the token goes to the pit-lane entry"))
                continue
            log.append(pev.ProSafetyCar(car, f"is within 4 spaces of the flag; the WHITE die shows {face.value} "
                                             "(red): it keeps its strategy"))
        icon = protyres.icon_of(pb.tyre, icons)
        moved = protyres.sc_saving(pb.pit, icon, flip_on_icon=s.rules.pro_sc_saving_flips_on_icon)
        if moved != pb.pit:
            log.append(pev.ProSafetyCar(car, f"moves from space {pb.pit.space} to {moved.space} (tyres last longer "
                                             f"under the SC, never past the {pb.tyre.value.title()} icon on {icon})"))
            pb.pit = moved


# ------------------------------------------------------------------ qualifying (§22.6)
def qualify(s: RaceState, car: str, log: EventLog) -> QualifyingScore:
    """§22.6 ([BOT 1.5.1]): a BATTLE card; max OT + the starting tyre bonus + its LEDs; 0 LEDs: another card; 0
    again: a crash (score 0)."""
    data = bot_cards()
    codes = [draw(s, "battle")]
    if data.battle_card(codes[0]).leds == 0:
        codes.append(draw(s, "battle"))
    leds = data.battle_card(codes[-1]).leds
    for code in codes:
        s.bots.battle_deck.discard(code)
    crashed = leds == 0
    score = 0 if crashed else max_ot(s, car) + tyre_bonus(s, car) + leds
    log.append(pev.ProQualified(car, ".".join(codes), max_ot(s, car), tyre_bonus(s, car), leds, score,
                                ", two cards with 0 LEDs: a crash (§9.3)" if crashed else ""))
    return QualifyingScore(score, True, crashed)


register(damage=damage, gravel=gravel, safety_car=safety_car, red_flag=red_flag)  # the race events' hooks

__all__ = ["PRO", "Tyre", "deal", "is_pro", "lanes_card", "max_ot", "new_round", "qualify", "safety_car", "speed"]
