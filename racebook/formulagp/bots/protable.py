"""The Pro BOT part of the race state (digest §22.2–§22.4, §22.7): each Pro BOT's Control card (colour, side, the
optional bonus MP), STRATEGY card, TACTICS card (face down until round 1, §22.8.1 item 2), Tyre token (tyre, full or
lower side), Pit token (radar space and side) and stops made; the STRATEGY and Pro TACTICS decks. The notation's
head carries it as ``key=value`` words appended at its end, written only when the race has a Pro BOT (every line
without one reads and writes as before). Standard library only.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from racebook.core.deck import Deck
from racebook.formulagp.bots.procards import pro_cards
from racebook.formulagp.playerboard import Tyre
from racebook.formulagp.rules.prostress import ProStress
from racebook.formulagp.rules.protyres import PitSide, PitToken

STRATEGY_RULE = "§22.7"  # STRATEGY cards: drawn once, before the race
PRO_TACTICS_RULE = "§22.7"  # the Pro TACTICS deck


@dataclass
class ProBot:
    colour: str  # its Control card (§22.2 a)
    side: str = "faster"  # §22.2 b
    bonus: bool = False  # §22.2 f: the optional bonus MP space uncovered
    strategy: str = ""  # its STRATEGY card, face up (§22.2 c)
    tactics: str = ""  # its TACTICS card (§22.2 d)
    face_up: bool = False  # the TACTICS card turned face up (§22.8.1 item 2)
    tyre: Tyre = Tyre.SOFT  # the Tyre token (§22.2 e, §22.3)
    full: bool = True  # the Tyre token on its full bonus side (§22.11.1)
    pit: PitToken = PitToken(0, PitSide.TYRE)  # the Pit token (§22.4)
    stops: int = 0
    dmg_ot: bool = False  # a -1 Damage token by the OT level (§22.13.3)
    dmg_tyre: bool = False  # a -1 Damage token by the tyre marker (§22.13.3)

    def word(self, car: str) -> str:
        return ":".join([car, self.colour, self.side, str(int(self.bonus)), self.strategy or "-", self.tactics or "-",
                         str(int(self.face_up)), self.tyre.value, str(int(self.full)), str(self.pit.space),
                         self.pit.side.value, str(self.stops), str(int(self.dmg_ot)), str(int(self.dmg_tyre))])


@dataclass
class ProTable:
    bots: dict[str, ProBot] = field(default_factory=dict)
    strategy_deck: Deck = field(default_factory=lambda: Deck("STRATEGY", rule=STRATEGY_RULE))
    tactics_deck: Deck = field(default_factory=lambda: Deck("Pro TACTICS", rule=PRO_TACTICS_RULE))
    pit_check: int = 0  # the Pit Check token's radar space (§22.14 BOT 7.1, optional), 0 when not on the radar
    late: list[str] = field(default_factory=list)  # Pro BOTs bound for a Late Pit Bonus stop (§22.14 BOT 7.3)
    early: list[str] = field(default_factory=list)  # [ADV] an early stop for a confirmed weather change (§22.12.5)
    stress: dict[str, ProStress] = field(default_factory=dict)  # §22.14 BOT 7.4 (optional): each Pro BOT's level
    weather_check: int = 0  # §22.14 BOT 7.1's weather variant: the second Weather token's radar space, 0 when none

    @property
    def active(self) -> bool:
        return bool(self.bots)

    def copy(self) -> ProTable:
        return ProTable({k: replace(v) for k, v in self.bots.items()}, self.strategy_deck.copy(),
                        self.tactics_deck.copy(), self.pit_check, list(self.late),
                        list(self.early), dict(self.stress), self.weather_check)

    def cards(self) -> list[str]:
        """Every Pro TACTICS and STRATEGY card wherever it is (conservation: each card in one place)."""
        held = [b.tactics for b in self.bots.values() if b.tactics] + [b.strategy for b in self.bots.values()
                                                                        if b.strategy]
        return (held + self.tactics_deck.pile + self.tactics_deck.discards + self.strategy_deck.pile
                + self.strategy_deck.discards)


def _codes(xs: list[str]) -> str:
    return ",".join(xs) or "-"


def _read(x: str) -> list[str]:
    return [] if x == "-" else x.split(",")


def to_tokens(t: ProTable) -> list[str]:
    """The Pro BOT words of the notation's head (none without a Pro BOT): ``pro=`` one ``car:colour:side:bonus:
    strategy:tactics:up:tyre:full:pit:side:stops:dot:dtyre`` item per Pro BOT (``dot``/``dtyre`` its Damage
    tokens), the Pro TACTICS deck (``ptp ptd ptr``) and the STRATEGY deck (``psp psd``)."""
    if not t.active:
        return []
    return [f"pro={','.join(b.word(car) for car, b in t.bots.items())}", f"ptp={_codes(t.tactics_deck.pile)}",
            f"ptd={_codes(t.tactics_deck.discards)}", f"ptr={t.tactics_deck.reshuffles}",
            f"psp={_codes(t.strategy_deck.pile)}", f"psd={_codes(t.strategy_deck.discards)}"] + \
        ([f"pchk={t.pit_check}"] if t.pit_check else []) + \
        ([f"plate={','.join(t.late)}"] if t.late else []) + \
        ([f"pearly={','.join(t.early)}"] if t.early else []) + \
        ([f"pstr={','.join(f'{car}:{x.word()}' for car, x in t.stress.items())}"] if t.stress else []) + \
        ([f"pwx={t.weather_check}"] if t.weather_check else [])  # 7.1's Pit Check, 7.3's late stops, §22.12.5's
    # early stops, 7.4's stress levels, 7.1's second Weather token: each only when in use


def from_tokens(kv: dict[str, str]) -> ProTable:
    """The table :func:`to_tokens` wrote (empty when absent). A malformed word raises ValueError or KeyError."""
    t = ProTable()
    if "pro" not in kv:
        return t
    data = pro_cards()
    for item in kv["pro"].split(","):
        w = item.split(":")
        if len(w) != 14:
            raise ValueError(f"pro: {item!r} is car:colour:side:bonus:strategy:tactics:up:tyre:full:pit:side:stops:"
                             "dot:dtyre")
        car, colour, side = w[0], w[1], w[2]
        data.control(colour)
        if side not in ("faster", "slower"):
            raise ValueError(f"pro: {side!r} is not a side of a Pro BOT Control card (§22.2 b)")
        t.bots[car] = ProBot(colour, side, w[3] == "1", "" if w[4] == "-" else w[4], "" if w[5] == "-" else w[5],
                             w[6] == "1", Tyre(w[7]), w[8] == "1", PitToken(int(w[9]), PitSide(w[10])), int(w[11]),
                             w[12] == "1", w[13] == "1")
    t.tactics_deck = Deck("Pro TACTICS", _read(kv["ptp"]), _read(kv["ptd"]), rule=PRO_TACTICS_RULE)
    t.tactics_deck.reshuffles = int(kv["ptr"])
    t.strategy_deck = Deck("STRATEGY", _read(kv["psp"]), _read(kv["psd"]), rule=STRATEGY_RULE)
    t.pit_check = int(kv.get("pchk", "0"))
    if t.pit_check < 0:
        raise ValueError("pchk: the Pit Check token's radar space is a positive number")
    t.late = [x for x in kv.get("plate", "").split(",") if x]
    t.early = [x for x in kv.get("pearly", "").split(",") if x]
    for item in [x for x in kv.get("pstr", "").split(",") if x]:
        car, _, word = item.partition(":")
        t.stress[car] = ProStress.read(word)
    t.weather_check = int(kv.get("pwx", "0"))
    if t.weather_check < 0 or not set(t.stress) <= set(t.bots):
        raise ValueError("pstr=, pwx=: the stress levels of Pro BOTs (car:level.round), the radar space of the second "
                         "Weather token")
    for key, cars in (("plate", t.late), ("pearly", t.early)):
        if not set(cars) <= set(t.bots) or len(set(cars)) != len(cars):
            raise ValueError(f"{key}: the Pro BOTs bound for that stop, each a Pro BOT named once")
    held = [b.tactics for b in t.bots.values() if b.tactics] + t.tactics_deck.pile + t.tactics_deck.discards
    strat = [b.strategy for b in t.bots.values() if b.strategy] + t.strategy_deck.pile + t.strategy_deck.discards
    if sorted(set(held)) != sorted(held) or not set(held) <= {x.code for x in data.tactics + data.failures} \
            or sorted(set(strat)) != sorted(strat) or not set(strat) <= {x.code for x in data.strategy}:
        raise ValueError("the Pro BOT cards: a card unknown or in two places")
    return t
