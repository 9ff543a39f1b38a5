"""FormulaGP Position Notation: the whole position as one line of text, and back (``parse_position(format_state(s))``
gives a state that formats to the same line and continues with the same legal actions and the same draws).

``fgp teaching teaching r3 f11 play side=green order=A,B ti=1 rng=0x1f stack=- | A T01.2.1 lap=1 ers=4 ot=0
soft w=2 pen=0 x=0 ret=1 hand=G1,R2 drawn=G1 pile=… disc=… | B … || turn A cards=G3 as=- pace=green …``

The head: ``fgp``, the track and board ids, the round, the Chequered Flag's radar space (``f``) and the final-lap
space (``fl``), the flags ``L`` (final lap) and ``F`` (final round), the phase, the panel side, the driver sequence,
whose turn (``ti``, an index into it), the generator's state and the stacked dice (``white:1.2``), the result, race
round 1's sealed start (``sr`` its sides, ``sc`` the choices sealed, ``lr`` the revealed cards still to be played,
each an action text with ``~`` for its spaces; the engine's notation holds the hidden choices), the house rules
that differ from the defaults (``rules=leader_crossing_in_round_24=0``, :mod:`racebook.formulagp.options`), the
battle in progress (``bt=attacker,defender,lane,cars owing a discard[,flags]``: ``c`` a chained secondary attack,
``n`` one to be offered; the defender ``-`` while it is offered; ``bs`` the sealed round's sides, ``bc`` the
battle cards sealed so far, as action texts; :mod:`racebook.formulagp.battles`). Each car ends with its
Wheel-to-Wheel token (``w2w=none``, ``VS`` or ``Stress``, §13.5).
EVENT deck (``evp`` pile, ``evd`` discards, ``evx`` out of the game, ``evs`` shuffled yet, ``evr`` reshuffles) and the
phase a forced discard returns to (``rp``); per car its unused Parameter tokens (``par=WYR``), the EVENT cards it
holds (``evh``) and those overdue (``due``); in the turn the MP from secondary functions and EVENT cards (``smp``,
``emp``); the shared RISK / DAMAGE / FAILURE decks (``risk=<pile>/<discards>/<reshuffles>``, …), the incident
cards stacked (``cstack=risk:RK9.RK2``), the losses of control waiting (``pend=``, ``later=``), the dice left
(``dl=``), where the turn resumes (``resume=``) and the collision events so far (``coll=``); each car ends with
``spun=``, ``off=``, its DAMAGE and FAILURE cards (``dmg=``, ``fail=``), ``dr=`` (round of its last damage),
``out=`` (round it spun or went off) and ``le=`` (the collision event of its last loss of control); lines without
them still read; qualifying (§9, :mod:`racebook.formulagp.qualify`): ``q=1`` a race with qualifying, ``bx`` the pit
boxes, ``qr`` / ``qc`` the sealed round's sides and sealed choices, ``qs`` the scores revealed
(``car:score:played:crashed``), ``qp`` the cars still to declare a push, ``qst`` a pusher owing a counter-steer
card, ``pb`` the pole choosing its bonus card. A car adds ``ps`` (the round it starts from the pit lane, 0: none)
and ``nt`` (stuck in neutral); the turn adds ``pe`` (the move from the pit lane). The worn-tyres RED die at the pit
entry (§14.1 Appendix B, :mod:`racebook.formulagp.redpitentry`): ``dl=`` tags it ``car:red:worn``; a car marked adds
``rsp=`` (the round of its next turn, whose pit entry owes no such die) and a turn ``el=`` (``worn`` or ``other``: the
cause of the last loss of control while the car could still enter the pits); both absent when unset. The Advanced
race (issue 38) ends the head with ``mode=advanced``; a Standard race writes no ``mode=`` (a line without it reads as
Standard).
Then each car in grid order, and after ``||`` the turn in progress (``-`` when none). A finished race adds
``result=A,B``.
"""

from __future__ import annotations

from collections.abc import Iterable

from racebook.core.deck import Deck
from racebook.core.errors import ActionSyntaxError, DataError, IllegalAction, NotationError
from racebook.core.rng import Rng
from racebook.formulagp import (
    hazardtokens,
    latepit,
    limitedtyres,
    optionalnotation,
    scperiod,
    scvariants,
    teamradio,
    weather,
)
from racebook.formulagp.actions import Attack
from racebook.formulagp.actions import parse as parse_action
from racebook.formulagp.bots.protable import from_tokens as pros_from_tokens
from racebook.formulagp.bots.protable import to_tokens as pro_tokens
from racebook.formulagp.bots.table import from_tokens as bots_from_tokens
from racebook.formulagp.bots.table import to_tokens as bot_tokens
from racebook.formulagp.eventdeck import RULE as EVENT_RULE
from racebook.formulagp.eventdeck import event_deck
from racebook.formulagp.options import Rules
from racebook.formulagp.playerboard import Tyre
from racebook.formulagp.rules.hazards import Hazard
from racebook.formulagp.rules.qualifying import QualifyingScore
from racebook.formulagp.state import DECK_RULE, Battle, Car, Mode, Phase, RaceState, Resume, Turn, Zone
from racebook.formulagp.trackparts import Pos


def _codes(xs: list[str] | tuple[str, ...]) -> str:
    return ",".join(xs) or "-"


def _read_codes(x: str) -> list[str]:
    return [] if x == "-" else x.split(",")


def _texts(texts: Iterable[str]) -> str:
    """Action texts as one word: spaces become ``~``, texts are joined by ``;``."""
    return ";".join(t.replace(" ", "~") for t in texts) or "-"


def _read_texts(x: str) -> list[str]:
    return [] if x == "-" else [t.replace("~", " ") for t in x.split(";")]


def _pos(s: RaceState, p: Pos) -> str:
    return s.track.name_of(p) + (f"/{p.shadow}" if p.shadow else "")


def format_state(s: RaceState) -> str:
    stack = ";".join(f"{k}:{'.'.join(v)}" for k, v in sorted(s.stacked.items()) if v) or "-"
    head = [f"fgp {s.track_id} {s.board_id} r{s.round} f{s.flag} fl{s.final_lap_at}",
            ("L" if s.final_lap else "-") + ("F" if s.final_round else "-"), s.phase.value,
            f"side={s.panel_side or '-'}", f"grid={_codes(s.grid)}", f"order={_codes(s.order)}", f"ti={s.turn_index}",
            f"rng={s.rng.state:#x}", f"stack={stack}", f"result={_codes(s.result)}",
            f"sr={_codes(s.start.sides)}", f"sc={_texts(s.start.choices().values())}",
            f"lr={_texts(s.launches.values())}", f"rules={s.rules.text() or '-'}", *_events_head(s),
            f"bt={_battle(s)}", f"bs={_codes(s.bids.sides)}", f"bc={_texts(s.bids.choices().values())}",
            f"evp={_codes(s.events.pile)}", f"evd={_codes(s.events.discards)}", f"evx={_codes(s.events_out)}",
            f"evs={int(s.events_shuffled)}", f"evr={s.events.reshuffles}", f"rp={s.discard_resume or '-'}",
            *bot_tokens(s.bots), f"q={int(s.qualifying)}", f"bx={_codes(s.boxes)}", f"qr={_codes(s.qual.sides)}",
            f"qc={_texts(s.qual.choices().values())}", f"qs={_scores(s)}", f"qp={_codes(s.qual_push)}",
            f"qst={s.qual_steer or '-'}", f"pb={s.pole_bonus or '-'}"]
    head += [f"{k}={_codes(d.pile)}/{_codes(d.discards)}/{d.reshuffles}" for k, d in s.incident_decks.items()]
    cstack = ";".join(k + ":" + ".".join(v) for k, v in sorted(s.card_stack.items()) if v) or "-"
    head += [f"cstack={cstack}",
             f"pend={_codes(s.pending)}", f"later={_codes(s.later)}", f"dl={_codes(s.dice_left)}",
             f"resume={s.resume or '-'}", f"coll={s.collisions}", f"gt={_codes(s.grid_tyres)}"]
    head += teamradio.head_tokens(s)  # [ADV] the TEAM RADIO deck (§6.9), only when it holds cards
    if s.mode is not Mode.STANDARD:  # the Advanced race (issue 38); a Standard race's line is as before
        head.append(f"mode={s.mode.value}")
    head += weather.head_tokens(s)  # [ADV] the weather, each token only when set (racebook.formulagp.weather)
    head += pro_tokens(s.pro)  # the Pro BOTs (issue 38): no word without one
    head += hazardtokens.head_tokens(s)  # [ADV] Debris and Oil, only when out (racebook.formulagp.hazardtokens)
    head += scperiod.head_tokens(s)  # [ADV] the Safety Car's deployment space (racebook.formulagp.scperiod)
    head += scvariants.head_tokens(s)  # Optional 15.11.1: the 'Safety Car' card shuffled back once (scvariants)
    head += optionalnotation.head_tokens(s)  # §21: the Optional rules' tokens, each only when set
    cars = []
    for c in s.cars.values():
        cars.append(" ".join([c.id, _pos(s, c.pos), f"lap={c.lap}", f"ers={c.ers}", f"ot={c.ot}", c.tyre.value,
                              f"w={c.wear}", f"st={c.stress}", f"pen={c.penalties}", f"x={int(c.crossed_final)}",
                              f"ret={int(c.returned)}", f"hand={_codes(c.hand)}", f"drawn={_codes(c.drawn)}",
                              f"pile={_codes(c.deck.pile)}", f"disc={_codes(c.deck.discards)}",
                              f"rs={c.deck.reshuffles}", f"bf={c.blue}", f"la={c.attempts}",
                              f"lf={c.free_round}", f"gvl={int(c.gravel)}", f"w2w={c.w2w}",
                              f"par={c.params or '-'}", f"evh={_codes(c.events)}", f"due={_codes(c.overdue)}",
                              f"spun={int(c.spun)}", f"off={c.off or '-'}",
                              f"dmg={_codes(c.damage)}", f"fail={_codes(c.failures)}", f"dr={c.damaged_round}",
                              f"out={c.out_round}", f"le={c.loc_event}"]
                             + ([f"bot={c.bot}"] if c.bot else []) + _pit_words(c)
                             + [f"ps={c.pit_start}", f"nt={int(c.neutral)}"]
                             + ([f"sk={c.skill_round}"] if c.skill_round else [])
                             + ([f"rsp={c.red_spared}"] if c.red_spared else []) + weather.car_tokens(c)
                             + teamradio.car_tokens(c) + latepit.car_tokens(c)
                             + optionalnotation.car_tokens(c)))  # §21 15.10, 15.9
    t = s.turn
    turn = "-" if t is None else " ".join([
        t.car, f"cards={_codes(t.cards)}", f"as={t.played_as or '-'}", f"pace={t.pace or '-'}", f"pair={int(t.pair)}",
        f"lc={int(t.lane_changes)}", f"wlc={t.wear_per_lane_change}", f"blue={int(t.blue)}",
        f"char={int(t.characteristic)}", f"mp={t.mp}", f"left={t.mp_left}", f"red={t.reduced}",
        f"ext={t.extended}", f"stop={int(t.stopped)}",
        "seen=" + (",".join(f"{a}.{b}.{c}" for a, b, c in t.seen) or "-"), f"scd={int(t.sc_discard)}",
        f"smp={t.secondary_mp}", f"emp={t.event_mp}", f"pe={int(t.pit_exit)}",
        f"bd={t.dice_done or '-'}", f"ba={_texts([t.attack] if t.attack else [])}",
        *([f"el={t.entry_loc}"] if t.entry_loc else [])])
    return " ".join(head) + " | " + " | ".join(cars) + " || " + turn


def _scores(s: RaceState) -> str:
    """The qualifying scores revealed: ``car:score:played:crashed`` (§9.2)."""
    return ",".join(f"{car}:{q.score}:{int(q.played)}:{int(q.crashed)}" for car, q in s.qual_scores.items()) or "-"


def _read_scores(x: str, text: str) -> dict[str, QualifyingScore]:
    out = {}
    for item in _read_codes(x):
        car, score, played, crashed = item.split(":")
        out[car] = QualifyingScore(_int(score, "qs", text), played == "1", crashed == "1")
    return out


def _kv(words: list[str], text: str) -> dict[str, str]:
    out = {}
    for w in words:
        k, eq, v = w.partition("=")
        if not eq:
            raise NotationError(f"{text!r}: expected key=value, got {w!r}")
        out[k] = v
    return out


def _int(x: str, what: str, text: str) -> int:
    try:
        return int(x, 0)
    except ValueError:
        raise NotationError(f"{text!r}: {what} is not a number ({x!r})") from None


def parse_position(text: str) -> RaceState:
    """The state a position line names (:class:`NotationError` naming what is wrong)."""
    if not isinstance(text, str) or "||" not in text or " | " not in text:
        raise NotationError(f"{text!r}: a FormulaGP position is 'fgp … | <car> … || <turn>'")
    body, _, turn_text = text.partition(" || ")
    parts = body.split(" | ")
    head = parts[0].split()
    if len(head) < 8 or head[0] != "fgp":
        raise NotationError(f"{text!r}: the head starts 'fgp <track> <board> r<round> f<flag> fl<final lap>'")
    try:
        kv = _kv(head[8:], text)
        s = RaceState(head[1], head[2], {}, tuple(_read_codes(kv["grid"])), Rng(_int(kv["rng"], "rng", text)),
                      _int(head[4][1:], "flag", text), _int(head[5][2:], "final lap", text),
                      round=_int(head[3][1:], "round", text), final_lap=head[6][0] == "L",
                      final_round=head[6][1:] == "F", phase=Phase(head[7]), order=tuple(_read_codes(kv["order"])),
                      turn_index=_int(kv["ti"], "ti", text), panel_side="" if kv["side"] == "-" else kv["side"],
                      result=tuple(_read_codes(kv["result"])))
        if kv.get("rules", "-") != "-":
            try:
                s.rules = Rules.parse_text(kv["rules"])
            except DataError as e:
                raise NotationError(f"{text[:80]!r}…: rules: {e}") from None
        if kv["stack"] != "-":
            for item in kv["stack"].split(";"):
                die, _, faces = item.partition(":")
                s.stacked[die] = faces.split(".")
        for k, shared in s.incident_decks.items():
            if k in kv:
                pile, disc, rs = kv[k].split("/")
                shared.pile, shared.discards = _read_codes(pile), _read_codes(disc)
                shared.reshuffles = _int(rs, k, text)
        if kv.get("cstack", "-") != "-":
            for item in kv["cstack"].split(";"):
                which, _, codes = item.partition(":")
                s.card_stack[which] = codes.split(".")
        s.pending, s.later = _read_codes(kv.get("pend", "-")), _read_codes(kv.get("later", "-"))
        s.dice_left = _read_codes(kv.get("dl", "-"))
        word = kv.get("resume", "-")
        if word not in _RESUME_WORDS:
            raise NotationError(f"{text[:80]!r}…: resume= is -, move, end, round, pit or battle")
        s.resume = _RESUME_WORDS[word]
        s.collisions = _int(kv.get("coll", "0"), "coll", text)
        s.grid_tyres = tuple(_read_codes(kv.get("gt", "-")))  # the Red Flag grid's tyre choices (§19.6)
        mode = kv.get("mode", Mode.STANDARD.value)
        if mode not in {m.value for m in Mode}:
            raise NotationError(f"{text[:80]!r}…: mode= is {' or '.join(m.value for m in Mode)} (§1)")
        s.mode = Mode(mode)
        weather.read_head(s, kv, text)  # [ADV] the weather (racebook.formulagp.weather)
        s.pro = pros_from_tokens(kv)
        teamradio.read_head(s, kv, text)  # [ADV] the TEAM RADIO deck (§6.9)
        hazardtokens.read_head(s, kv, text)  # [ADV] Debris and Oil (racebook.formulagp.hazardtokens)
        optionalnotation.read_head(s, kv, text)  # §21
        s.finished = s.phase is Phase.OVER
        _read_events_head(s, kv, text)
        scperiod.read_head(s, kv, text)  # [ADV] the Safety Car's deployment space (racebook.formulagp.scperiod)
        scvariants.read_head(s, kv, text)  # Optional 15.11.1 (racebook.formulagp.scvariants)
        # the EVENT deck (§6.7): a line written before it existed reads as a fresh, unshuffled deck
        s.events = Deck("EVENT", _read_codes(kv.get("evp", ",".join(event_deck().codes))),
                        _read_codes(kv.get("evd", "-")), rule=EVENT_RULE)
        s.events.reshuffles = _int(kv.get("evr", "0"), "evr", text)
        s.events_out = _read_codes(kv.get("evx", "-"))
        s.events_shuffled = kv.get("evs", "0") == "1"
        s.discard_resume = "" if kv.get("rp", "-") == "-" else kv["rp"]
        if kv["sr"] != "-":
            s.start.open(_read_codes(kv["sr"]), "§9.4.3")
        for t in _read_texts(kv["sc"]):
            s.start.commit(t.split()[0], t)
        s.launches = {t.split()[0]: t for t in _read_texts(kv["lr"])}
        _read_battle(s, kv)
        s.bots = bots_from_tokens(kv)
        s.qualifying, s.boxes = kv.get("q", "0") == "1", tuple(_read_codes(kv.get("bx", "-")))
        if kv.get("qr", "-") != "-":
            s.qual.open(_read_codes(kv["qr"]), "§9.2")
        for t in _read_texts(kv.get("qc", "-")):
            s.qual.commit(t.split()[0], t)
        s.qual_scores = _read_scores(kv.get("qs", "-"), text)
        s.qual_push = tuple(_read_codes(kv.get("qp", "-")))
        s.qual_steer, s.pole_bonus = kv.get("qst", "-").strip("-"), kv.get("pb", "-").strip("-")
        for part in parts[1:]:
            w = part.split()
            ck = _kv(w[2:5] + w[6:], text)
            where, _, shadow = w[1].partition("/")
            p = s.track.pos(where)
            deck = Deck(f"{w[0]} ACTION", _read_codes(ck["pile"]), _read_codes(ck["disc"]), rule=DECK_RULE)
            deck.reshuffles = _int(ck["rs"], "rs", text)
            s.cars[w[0]] = Car(w[0], deck, Pos(p.tile, p.lane, p.space, int(shadow or 0)),
                               lap=_int(ck["lap"], "lap", text), hand=_read_codes(ck["hand"]),
                               drawn=_read_codes(ck["drawn"]), ers=_int(ck["ers"], "ers", text),
                               ot=_int(ck["ot"], "ot", text), tyre=Tyre(w[5]), wear=_int(ck["w"], "w", text),
                               penalties=_int(ck["pen"], "pen", text), crossed_final=ck["x"] == "1",
                               returned=ck["ret"] == "1", stress=_int(ck["st"], "st", text),
                               blue=_int(ck.get("bf", "0"), "bf", text), attempts=_int(ck.get("la", "0"), "la", text),
                               free_round=_int(ck.get("lf", "0"), "lf", text), gravel=ck.get("gvl", "0") == "1",
                               w2w=ck.get("w2w", "none"),
                               params="" if ck.get("par", "WYR") == "-" else ck.get("par", "WYR"),
                               events=_read_codes(ck.get("evh", "-")), overdue=_read_codes(ck.get("due", "-")),
                               bot=ck.get("bot", ""),
                               spun=ck.get("spun", "0") == "1", off="" if ck.get("off", "-") == "-" else ck["off"],
                               damage=_read_codes(ck.get("dmg", "-")), failures=_read_codes(ck.get("fail", "-")),
                               damaged_round=_int(ck.get("dr", "0"), "dr", text),
                               out_round=_int(ck.get("out", "0"), "out", text),
                               loc_event=_int(ck.get("le", "0"), "le", text))
            if s.cars[w[0]].w2w not in ("none", "VS", "Stress"):
                raise NotationError(f"{text[:80]!r}…: w2w is none, VS or Stress")
            _read_pit(s.cars[w[0]], ck, text)
            s.cars[w[0]].pit_start = _int(ck.get("ps", "0"), "ps", text)
            s.cars[w[0]].neutral = ck.get("nt", "0") == "1"
            s.cars[w[0]].skill_round = _int(ck.get("sk", "0"), "sk", text)
            s.cars[w[0]].red_spared = _int(ck.get("rsp", "0"), "rsp", text)  # §14.1 Appendix B (redpitentry)
            weather.read_car(s.cars[w[0]], ck, text)  # [ADV] the tyre types raced on (§4.6)
            teamradio.read_car(s.cars[w[0]], ck, text)  # [ADV] the TEAM RADIO card held (§6.9)
            latepit.read_car(s.cars[w[0]], ck, text)  # [ADV] the Fresh Tyres token (§16.6)
            optionalnotation.read_car(s.cars[w[0]], ck, text)  # §21 15.10, 15.9
        if turn_text.strip() != "-":
            w = turn_text.split()
            tk = _kv(w[1:], text)
            seen = tuple(tuple(int(n) for n in x.split(".")) for x in _read_codes(tk["seen"]))
            s.turn = Turn(w[0], tuple(_read_codes(tk["cards"])), "" if tk["as"] == "-" else tk["as"],
                          "" if tk["pace"] == "-" else tk["pace"], tk["pair"] == "1", tk["lc"] == "1",
                          _int(tk["wlc"], "wlc", text), tk["blue"] == "1", tk["char"] == "1",
                          _int(tk["mp"], "mp", text), _int(tk["left"], "left", text), _int(tk["red"], "red", text),
                          _int(tk["ext"], "ext", text), tk["stop"] == "1",
                          seen, tk.get("scd", "0") == "1")  # type: ignore[arg-type]
            s.turn.secondary_mp = _int(tk.get("smp", "0"), "smp", text)
            s.turn.event_mp = _int(tk.get("emp", "0"), "emp", text)
            s.turn.pit_exit = tk.get("pe", "0") == "1"
            s.turn.dice_done = "" if tk.get("bd", "-") == "-" else tk["bd"]
            s.turn.attack = "".join(_read_texts(tk.get("ba", "-")))
            s.turn.entry_loc = tk.get("el", "")  # §16.1: the cause of a loss of control at the entry (redpitentry)
    except (NotationError, IllegalAction) as e:
        if isinstance(e, NotationError):
            raise
        raise NotationError(f"{text[:80]!r}…: the sealed start cannot be read ({e})") from None
    except (KeyError, ValueError, IndexError) as e:
        raise NotationError(f"{text[:80]!r}…: cannot read the position ({type(e).__name__}: {e})") from None
    if any(c.off not in ("", "left", "right") for c in s.cars.values()):
        raise NotationError(f"{text[:80]!r}…: off= is -, left or right")
    for x in s.dice_left:
        w = x.split(":")
        if not (w[0] in s.cars and 2 <= len(w) <= 3 and w[1] in ("red", "yellow")
                and w[2:] in ([], ["tricky"], ["worn"]) and (w[1] == "red" or len(w) == 2)):
            raise NotationError(f"{text[:80]!r}…: dl= lists dice as car:red, car:red:tricky, car:red:worn or "
                                "car:yellow")
    if s.turn is not None and s.turn.entry_loc not in ("", "worn", "other"):
        raise NotationError(f"{text[:80]!r}…: el= is worn or other (the die that hit the car at its pit entry)")
    if any(c.red_spared < 0 for c in s.cars.values()):
        raise NotationError(f"{text[:80]!r}…: rsp= is a round (the next turn's spared RED die) or absent")
    for x in s.pending + s.later:
        w = x.split(":")
        if not (len(w) == 4 and w[0] in s.cars and w[1] in ("loc", "off", "oil") and (w[2] == "-" or w[2] in s.cars)
                and w[3].isdigit()):
            raise NotationError(f"{text[:80]!r}…: pend= / later= list car:loc|off|oil:<pusher or ->:<event>")
    if (s.phase is Phase.CONTROL) != bool(s.pending):
        raise NotationError(f"{text[:80]!r}…: the control phase has a loss of control waiting (pend=), and only "
                            "it")
    if (s.phase is Phase.SETS or s.panel_side) and (s.phase is Phase.SETS) != bool(limitedtyres.pending(s)):
        raise NotationError(f"{text[:80]!r}…: the sets phase has a player still to choose its tyre sets (to=), and "
                            "only it (§21 15.10)")
    if s.turn is not None and not _battle_dice_readable(s.turn):
        raise NotationError(f"{text[:80]!r}…: bd= lists dice kinds rolled before a battle (pair, tricky_corner, "
                            "worn_tyres, …) and ba= an attack text (§13.2 a)")
    if set(s.grid) != set(s.cars):
        raise NotationError(f"{text[:80]!r}…: the grid names the cars listed, each once")
    if any(c.bot for c in s.cars.values()) != s.bots.active:
        raise NotationError(f"{text[:80]!r}…: BOT cars (bot=) and the BOT cards (bside=…) go together (§22.5)")
    if sorted(c.id for c in s.cars.values() if c.bot == "pro") != sorted(s.pro.bots):
        raise NotationError(f"{text[:80]!r}…: the Pro BOT cars (bot=pro) are those of pro= (§22.2)")
    return s



def _battle_dice_readable(t: Turn) -> bool:
    """A turn's ``bd=`` and ``ba=`` (the dice kinds rolled before a battle, the attack that waits for them; §13.2 a,
    :mod:`racebook.formulagp.battledice`): known dice kinds, and an attack text of the turn's own car."""
    kinds = {h.name.lower() for h in Hazard} | {"pair"}
    if t.dice_done and not set(t.dice_done.split(",")) <= kinds:
        return False
    if not t.attack:
        return True
    try:
        a = parse_action(t.attack)
    except ActionSyntaxError:
        return False
    return isinstance(a, Attack) and a.car == t.car

def _events_head(s: RaceState) -> list[str]:
    """The race events' head tokens (§19): the Race Control token (``yt``), the zones (``yz``: yellow.green.until
    tile indices and radar space), race round 1's pending incidents (``yq``: car:tile), the cars passed in a zone
    (``yp``), the Safety Car's tile and end space (``sct``, ``scu``), the Gravel tiles (``gv``), the draw skipped
    (``skip``) and a Red Flag shown (``rf``)."""
    return [f"yt={s.yellow_track}", "yz=" + (";".join(f"{z.yellow}.{z.green}.{z.until}" for z in s.zones) or "-"),
            "yq=" + (";".join(f"{car}:{tile}" for car, tile in s.yellow_pending) or "-"), f"yp={_codes(s.passable)}",
            f"sct={s.sc_tile}", f"scu={s.sc_until}", "gv=" + (",".join(str(x) for x in s.gravel) or "-"),
            f"skip={int(s.skip_draw)}", f"rf={int(s.restart)}",
            f"vsc={s.vsc}:{s.vsc_car or '-'}:{s.vsc_spaces}:{_codes(s.vsc_twice)}"]


def _read_events_head(s: RaceState, kv: dict[str, str], text: str) -> None:
    s.yellow_track = _int(kv.get("yt", "0"), "yt", text)
    zones = []
    for item in _read_texts(kv.get("yz", "-")):
        y, g, u = (_int(x, "yz", text) for x in item.split("."))
        zones.append(Zone(y, g, u))
    s.zones = tuple(zones)
    pending = []
    for item in _read_texts(kv.get("yq", "-")):
        car, _, tile = item.partition(":")
        pending.append((car, _int(tile, "yq", text)))
    s.yellow_pending = tuple(pending)
    s.passable = tuple(_read_codes(kv.get("yp", "-")))
    s.sc_tile, s.sc_until = _int(kv.get("sct", "-1"), "sct", text), _int(kv.get("scu", "0"), "scu", text)
    s.gravel = tuple(_int(x, "gv", text) for x in _read_codes(kv.get("gv", "-")))
    s.skip_draw, s.restart = kv.get("skip", "0") == "1", kv.get("rf", "0") == "1"
    stage, car, spaces, twice = kv.get("vsc", "0:-:0:-").split(":")
    s.vsc, s.vsc_car, s.vsc_spaces = _int(stage, "vsc", text), "" if car == "-" else car, _int(spaces, "vsc", text)
    s.vsc_twice = tuple(_read_codes(twice))
    n = len(s.track.tiles)
    if not all(0 <= x < n for x in (*s.gravel, *(t for z in s.zones for t in (z.yellow, z.green)),
                                     *(t for _, t in s.yellow_pending))) or not -1 <= s.sc_tile < n:
        raise NotationError(f"{text[:80]!r}…: a race-event token names a tile the circuit does not have")

def _battle(s: RaceState) -> str:
    """The battle in progress (§13.3): ``attacker,defender,lane``, then the cars owing a forced discard."""
    b = s.battle
    if b is None:
        return "-"
    flags = ("c" if b.chained else "") + ("n" if b.chain_next else "") + ("r" if b.retry else "") + \
        ("a" if b.again else "")  # a: a Pro BOT's second attack (issue 38)
    flags += ("k" if b.blocking else "") + (f"t{b.tries}" if b.tries else "")  # [ADV] §21 15.7.2, §13.4.3
    return f"{b.attacker},{b.defender or '-'},{b.lane},{'.'.join(b.discards) or '-'}" + (f",{flags}" if flags else "")


def _read_battle(s: RaceState, kv: dict[str, str]) -> None:
    """The battle tokens (absent in older lines: no battle)."""
    if kv.get("bt", "-") != "-":
        attacker, defender, lane, owing, *flags = kv["bt"].split(",")
        s.battle = Battle(attacker, "" if defender == "-" else defender, int(lane),
                          tuple(x for x in owing.split(".") if x != "-"), "c" in "".join(flags),
                          "n" in "".join(flags), retry="r" in "".join(flags), again="a" in "".join(flags))
        tries = "".join(flags).partition("t")[2]  # [ADV] §13.4.3 the second attempts made, §21 15.7.2 the block
        s.battle.tries, s.battle.blocking = _int(tries, "bt", str(kv["bt"])) if tries else 0, "k" in "".join(flags)
    if kv.get("bs", "-") != "-":
        s.bids.open(_read_codes(kv["bs"]), "§13.3")
    for t in _read_texts(kv.get("bc", "-")):
        s.bids.commit(t.split()[0], t)


#: the words of ``resume=`` (where the play goes on after the losses of control, §18.1): ``-`` for none
_RESUME_WORDS = {r.value: r for r in Resume} | {"-": Resume.NONE}


# ------------------------------------------------------------------ pit stops (racebook.formulagp.pits), appended
_PIT_STATES = ("box", "held", "service", "done", "exit")


def _pit_words(c: Car) -> list[str]:
    """A car's team, pit status and Cold Tyres, only when not the defaults: ``team=Red`` (teammates, §16.4),
    ``pit=<status>.<hold>.<round>.<second>.<die>.<repaired>.<tyres>`` (§16.2), ``cold=<rounds left>`` (§16.5)."""
    out = [f"team={c.team}"] if c.team else []
    if c.pit:
        out.append(f"pit={c.pit}.{c.pit_hold}.{c.pit_round}.{int(c.pit_second)}.{c.pit_die}.{int(c.pit_repaired)}."
                   f"{int(c.pit_tyres)}")
    return out + ([f"cold={c.cold}"] if c.cold else [])


def _read_pit(c: Car, ck: dict[str, str], text: str) -> None:
    c.team = ck.get("team", "")
    c.cold = _int(ck.get("cold", "0"), "cold", text)
    if "pit" in ck:
        w = ck["pit"].split(".")
        if len(w) != 7 or w[0] not in _PIT_STATES:
            raise NotationError(f"{text[:80]!r}…: pit= is <status>.<hold>.<round>.<second>.<die>.<repaired>.<tyres> "
                                f"with a status of {', '.join(_PIT_STATES)} (got {ck['pit']!r})")
        c.pit = w[0]
        c.pit_hold, c.pit_round, c.pit_die = (_int(x, "pit", text) for x in (w[1], w[2], w[4]))
        c.pit_second, c.pit_repaired, c.pit_tyres = w[3] == "1", w[5] == "1", w[6] == "1"
