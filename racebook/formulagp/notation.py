"""FormulaGP Position Notation: the whole position as one line of text, and back (``parse_position(format_state(s))``
gives a state that formats to the same line and continues with the same legal actions and the same draws).

``fgp teaching teaching r3 f11 play side=green order=A,B ti=1 rng=0x1f stack=- | A T01.2.1 lap=1 ers=4 ot=0
soft w=2 pen=0 x=0 ret=1 hand=G1,R2 drawn=G1 pile=… disc=… | B … || turn A cards=G3 as=- pace=green …``

The head: ``fgp``, the track and board ids, the round, the Chequered Flag's radar space (``f``) and the final-lap
space (``fl``), the flags ``L`` (final lap) and ``F`` (final round), the phase, the panel side, the driver sequence,
whose turn (``ti``, an index into it), the generator's state and the stacked dice (``white:1.2``), the result, race
round 1's sealed start (``sr`` its sides, ``sc`` the choices sealed, ``lr`` the revealed cards still to be played,
each an action text with ``~`` for its spaces; the engine's notation holds the hidden choices), the house rules
that differ from the defaults (``rules=leader_crossing_in_round_24=0``, :mod:`racebook.formulagp.options`);
qualifying (§9, :mod:`racebook.formulagp.qualify`): ``q=1`` a race with qualifying, ``bx`` the pit boxes, ``qr`` /
``qc`` the sealed round's sides and sealed choices, ``qs`` the scores revealed (``car:score:played:crashed``),
``qp`` the cars still to declare a push, ``qst`` a pusher owing a counter-steer card, ``pb`` the pole choosing its
bonus card. A car adds ``ps`` (the round it starts from the pit lane, 0: none) and ``nt`` (stuck in neutral); the
turn adds ``pe`` (the move from the pit lane).
Then each car in grid order, and after ``||`` the turn in progress (``-`` when none). A finished race adds
``result=A,B``.
"""

from __future__ import annotations

from collections.abc import Iterable

from racebook.core.deck import Deck
from racebook.core.errors import DataError, IllegalAction, NotationError
from racebook.core.rng import Rng
from racebook.formulagp.options import Rules
from racebook.formulagp.playerboard import Tyre
from racebook.formulagp.rules.qualifying import QualifyingScore
from racebook.formulagp.state import DECK_RULE, Car, Phase, RaceState, Turn
from racebook.formulagp.track import Pos


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
            f"lr={_texts(s.launches.values())}", f"rules={s.rules.text() or '-'}",
            f"q={int(s.qualifying)}", f"bx={_codes(s.boxes)}", f"qr={_codes(s.qual.sides)}",
            f"qc={_texts(s.qual.choices().values())}", f"qs={_scores(s)}", f"qp={_codes(s.qual_push)}",
            f"qst={s.qual_steer or '-'}", f"pb={s.pole_bonus or '-'}"]
    cars = []
    for c in s.cars.values():
        cars.append(" ".join([c.id, _pos(s, c.pos), f"lap={c.lap}", f"ers={c.ers}", f"ot={c.ot}", c.tyre.value,
                              f"w={c.wear}", f"st={c.stress}", f"pen={c.penalties}", f"x={int(c.crossed_final)}",
                              f"ret={int(c.returned)}", f"hand={_codes(c.hand)}", f"drawn={_codes(c.drawn)}",
                              f"pile={_codes(c.deck.pile)}", f"disc={_codes(c.deck.discards)}",
                              f"rs={c.deck.reshuffles}", f"ps={c.pit_start}", f"nt={int(c.neutral)}"]))
    t = s.turn
    turn = "-" if t is None else " ".join([
        t.car, f"cards={_codes(t.cards)}", f"as={t.played_as or '-'}", f"pace={t.pace or '-'}", f"pair={int(t.pair)}",
        f"lc={int(t.lane_changes)}", f"wlc={t.wear_per_lane_change}", f"blue={int(t.blue)}",
        f"char={int(t.characteristic)}", f"mp={t.mp}", f"left={t.mp_left}", f"red={t.reduced}",
        f"ext={t.extended}", f"stop={int(t.stopped)}",
        "seen=" + (",".join(f"{a}.{b}.{c}" for a, b, c in t.seen) or "-"), f"pe={int(t.pit_exit)}"])
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
        s.finished = s.phase is Phase.OVER
        if kv["sr"] != "-":
            s.start.open(_read_codes(kv["sr"]), "§9.4.3")
        for t in _read_texts(kv["sc"]):
            s.start.commit(t.split()[0], t)
        s.launches = {t.split()[0]: t for t in _read_texts(kv["lr"])}
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
                               pit_start=_int(ck.get("ps", "0"), "ps", text), neutral=ck.get("nt", "0") == "1")
        if turn_text.strip() != "-":
            w = turn_text.split()
            tk = _kv(w[1:], text)
            seen = tuple(tuple(int(n) for n in x.split(".")) for x in _read_codes(tk["seen"]))
            s.turn = Turn(w[0], tuple(_read_codes(tk["cards"])), "" if tk["as"] == "-" else tk["as"],
                          "" if tk["pace"] == "-" else tk["pace"], tk["pair"] == "1", tk["lc"] == "1",
                          _int(tk["wlc"], "wlc", text), tk["blue"] == "1", tk["char"] == "1",
                          _int(tk["mp"], "mp", text), _int(tk["left"], "left", text), _int(tk["red"], "red", text),
                          _int(tk["ext"], "ext", text), tk["stop"] == "1",
                          seen, tk.get("pe", "0") == "1")  # type: ignore[arg-type]
    except (NotationError, IllegalAction) as e:
        if isinstance(e, NotationError):
            raise
        raise NotationError(f"{text[:80]!r}…: the sealed start cannot be read ({e})") from None
    except (KeyError, ValueError, IndexError) as e:
        raise NotationError(f"{text[:80]!r}…: cannot read the position ({type(e).__name__}: {e})") from None
    if set(s.grid) != set(s.cars):
        raise NotationError(f"{text[:80]!r}…: the grid names the cars listed, each once")
    return s
