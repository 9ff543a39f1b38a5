"""The position notation's head tokens of the Optional rules (digest §21), each written only when not at its default,
so a line without them reads as before (:mod:`racebook.formulagp.notation` calls :func:`head_tokens` and
:func:`read_head`):

* ``mo=`` the movement cards shown for the momentum order (15.1, :mod:`racebook.formulagp.momentum`): ``launch`` texts;
* ``dq=round/queue/failed/crashed`` the qualifying by die roll in progress (15.3, :mod:`racebook.formulagp.diequalify`);
* ``pf=round/contenders/fighting`` a photo finish's extra turns in progress (15.8, :mod:`racebook.formulagp.
  photofinish`);
* per car ``ts=`` the dry tyre sets left and ``to=`` the Option it chose (15.10, ``choose``,
  :mod:`racebook.formulagp.limitedtyres`);
* per car ``wn=`` the Race Director's warnings received (15.9, :mod:`racebook.formulagp.racedirector`).
* per car ``otb=`` the OT banked by the New Overtake Mode (15.13, :mod:`racebook.formulagp.overtakemode`).
"""

from __future__ import annotations

from racebook.core.errors import NotationError
from racebook.formulagp.state import Car, RaceState

__all__ = ["head_tokens", "read_head", "car_tokens", "read_car"]


def _codes(xs: tuple[str, ...]) -> str:
    return ",".join(xs) or "-"


def _read_codes(x: str) -> tuple[str, ...]:
    return () if x == "-" else tuple(x.split(","))


def head_tokens(s: RaceState) -> list[str]:
    out = []
    if s.momentum_shown:
        out.append("mo=" + ";".join(t.replace(" ", "~") for t in s.momentum_shown))
    if s.dq_round:
        out.append(f"dq={s.dq_round}/{_codes(s.dq_queue)}/{_codes(s.dq_failed)}/{_codes(s.dq_crashed)}")
    if s.photo:
        out.append(f"pf={s.photo_round}/{_codes(s.photo)}/{_codes(s.photo_live)}")
    return out


def read_head(s: RaceState, kv: dict[str, str], text: str) -> None:
    def bad(why: str) -> NotationError:
        return NotationError(f"{text[:80]!r}…: {why}")

    raw = kv.get("mo", "")
    texts = tuple(t.replace("~", " ") for t in raw.split(";")) if raw else ()
    for t in texts:
        words = t.split()
        if len(words) < 3 or words[1] != "launch":
            raise bad("mo= holds '<car> launch <cards>' texts (§21 15.1)")
    s.momentum_shown = texts
    dq = kv.get("dq", "")
    if dq:
        parts = dq.split("/")
        if len(parts) != 4 or parts[0] not in ("1", "2"):
            raise bad("dq= is <round 1 or 2>/<queue>/<failed>/<crashed> (§21 15.3)")
        s.dq_round = int(parts[0])
        s.dq_queue, s.dq_failed, s.dq_crashed = (_read_codes(p) for p in parts[1:])
    pf = kv.get("pf", "")
    if pf:
        parts = pf.split("/")
        if len(parts) != 3 or not parts[0].isdigit() or "-" in parts[1:]:
            raise bad("pf= is <extra turns played>/<contenders>/<still fighting> (§21 15.8)")
        photo, live = _read_codes(parts[1]), _read_codes(parts[2])
        if len(photo) < 2 or not live or not set(live) <= set(photo):
            raise bad("pf= names two or more contenders and those still fighting among them (§21 15.8)")
        s.photo_round, s.photo, s.photo_live = int(parts[0]), photo, live


def car_tokens(c: Car) -> list[str]:
    """``ts=``: the dry tyre sets left (15.10), only with the Optional rule; ``to=``: the Option chosen (``choose``);
    ``wn=``: the warnings (15.9), only when the car has one; ``otb=``: the banked OT (15.13), only when some is
    banked."""
    return ([f"ts={c.tyre_sets}"] if c.tyre_sets else []) + ([f"to={c.tyre_option}"] if c.tyre_option else []) + (
        [f"wn={c.warnings}"] if c.warnings else []) + ([f"otb={c.ot_bank}"] if c.ot_bank else [])


def read_car(c: Car, ck: dict[str, str], text: str) -> None:
    ts = ck.get("ts", "")
    if ts and ts != "0" and (set(ts) - set("smh") or len(ts) > 4):
        raise NotationError(f"{text[:80]!r}…: ts= is the dry sets left, up to 4 of s, m, h, or 0 (§21 15.10)")
    c.tyre_sets = ts
    to = ck.get("to", "")
    if to not in ("", "a", "b"):
        raise NotationError(f"{text[:80]!r}…: to= is the Option of the limited dry tyre sets chosen: a or b "
                            f"(§21 15.10)")
    c.tyre_option = to
    wn = ck.get("wn", "0")
    if not (wn.isascii() and wn.isdigit()) or len(wn) > 3 or (len(wn) > 1 and wn[0] == "0"):
        raise NotationError(f"{text[:80]!r}…: wn= is the number of warnings received, a whole number (§21 15.9)")
    c.warnings = int(wn)
    otb = ck.get("otb", "0")
    if not otb.isdigit() or not 0 <= int(otb) <= 9:
        raise NotationError(f"{text[:80]!r}…: otb= is the OT banked by the New Overtake Mode, 0 to 9 (§21 15.13)")
    c.ot_bank = int(otb)

