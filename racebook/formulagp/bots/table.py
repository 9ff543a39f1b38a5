"""The BOT part of the race state (digest §22.5, §22.7, §22.8.1): the Rookie Control card's side, the TACTICS and
BATTLE decks (:class:`racebook.core.deck.Deck`, drawn with the race's generator), the TACTICS card(s) by the
Control card, the BATTLE cards drawn for the race start (discarded at the end of round 1) and the BOTs that gave up
their place in this round's sequence (§22.9.1, [BOT 2.2.1]). Every BOT card is in one place: :meth:`cards`.
Standard library only (no import of the state: the state holds one of these).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from racebook.core.deck import Deck
from racebook.formulagp.bots.cards import bot_cards

SHARED = "*"  # the key of the one TACTICS card all Rookies share (§22.5; Rules.rookie_tactics_each off)
TACTICS_RULE = "§22.7"  # the TACTICS deck: drawn at the race start, a Rookie keeps its card (§22.10.3)
BATTLE_RULE = "§22.10.2"  # the BATTLE deck: drawn for the start order and in battles


@dataclass
class BotTable:
    """What the BOTs hold besides their cars (empty decks when the race has no BOT)."""

    side: str = "faster"  # the Rookie Control card's side (§22.5 b)
    tactics: dict[str, str] = field(default_factory=dict)  # car (or SHARED) -> its TACTICS card, face up
    tactics_deck: Deck = field(default_factory=lambda: Deck("TACTICS", rule=TACTICS_RULE))
    battle_deck: Deck = field(default_factory=lambda: Deck("BATTLE", rule=BATTLE_RULE))
    start_cards: dict[str, str] = field(default_factory=dict)  # car -> its round-1 BATTLE card (§22.8.1)
    waited: list[str] = field(default_factory=list)  # BOTs that surrendered their place this round
    running: bool = field(default=False, compare=False)  # the engine is resolving BOT turns (transient)
    battled: list[str] = field(default_factory=list)  # Rookies that attacked or defended this round (§22.10.3)
    left: int = field(default=0, compare=False)  # the MP a BOT stopped with, for its attack (transient, §22.10.2)
    face: int = field(default=-1, compare=False)  # the WHITE die rolled for the last decision, -1 none (transient)

    @property
    def active(self) -> bool:
        """The race has BOT cards on the table (a race without BOTs has none)."""
        return bool(self.cards())

    def copy(self) -> BotTable:
        return BotTable(self.side, dict(self.tactics), self.tactics_deck.copy(), self.battle_deck.copy(),
                        dict(self.start_cards), list(self.waited), battled=list(self.battled))

    def tactics_of(self, car: str) -> str:
        """The TACTICS card ``car`` reads: its own, or the one all Rookies share."""
        return self.tactics.get(car) or self.tactics[SHARED]

    def cards(self) -> list[str]:
        """Every BOT card wherever it is (a conservation check: each card in one place)."""
        return (list(self.tactics.values()) + self.tactics_deck.pile + self.tactics_deck.discards
                + self.battle_deck.pile + self.battle_deck.discards + list(self.start_cards.values()))


# ------------------------------------------------------------------ the position notation's BOT tokens
def _codes(xs: list[str]) -> str:
    return ",".join(xs) or "-"


def _read(x: str) -> list[str]:
    return [] if x == "-" else x.split(",")


def _pairs(d: dict[str, str]) -> str:
    return ",".join(f"{k}:{v}" for k, v in d.items()) or "-"


def _read_pairs(x: str) -> dict[str, str]:
    return dict(item.split(":", 1) for item in _read(x))  # type: ignore[misc]


def to_tokens(t: BotTable) -> list[str]:
    """The BOT part of the notation's head (``key=value`` words, none when the race has no BOT): the side
    (``bside``), the TACTICS cards on the table (``btac``, ``*`` the shared one), each deck's pile, discards and
    reshuffles (``btp btd btr``, ``bbp bbd bbr``), the start BATTLE cards (``bst``), the BOTs that waited (``bw``),
    the Rookies that battled this round (``bbt``, appended)."""
    if not t.active:
        return []
    return [f"bside={t.side}", f"btac={_pairs(t.tactics)}", f"btp={_codes(t.tactics_deck.pile)}",
            f"btd={_codes(t.tactics_deck.discards)}", f"btr={t.tactics_deck.reshuffles}",
            f"bbp={_codes(t.battle_deck.pile)}", f"bbd={_codes(t.battle_deck.discards)}",
            f"bbr={t.battle_deck.reshuffles}", f"bst={_pairs(t.start_cards)}", f"bw={_codes(t.waited)}",
            f"bbt={_codes(t.battled)}"]


def from_tokens(kv: dict[str, str]) -> BotTable:
    """The table :func:`to_tokens` wrote (an empty one when the words are absent: a race without BOTs). A
    malformed word raises ValueError or KeyError (the notation reports it)."""
    t = BotTable()
    if "bside" not in kv:
        return t
    t.side = kv["bside"]
    if t.side not in ("faster", "slower", "rain"):
        raise ValueError(f"bside: {t.side!r} is not a side of the Rookie Control card")
    t.tactics = _read_pairs(kv["btac"])
    t.tactics_deck = Deck("TACTICS", _read(kv["btp"]), _read(kv["btd"]), rule=TACTICS_RULE)
    t.tactics_deck.reshuffles = int(kv["btr"])
    t.battle_deck = Deck("BATTLE", _read(kv["bbp"]), _read(kv["bbd"]), rule=BATTLE_RULE)
    t.battle_deck.reshuffles = int(kv["bbr"])
    t.start_cards = _read_pairs(kv["bst"])
    t.waited = _read(kv["bw"])
    t.battled = _read(kv.get("bbt", "-"))
    data = bot_cards()
    tactics, battle = {x.code for x in data.tactics}, {x.code for x in data.battle}
    held = list(t.tactics.values()) + t.tactics_deck.pile + t.tactics_deck.discards
    dealt = t.battle_deck.pile + t.battle_deck.discards + list(t.start_cards.values())
    if sorted(set(held)) != sorted(held) or not set(held) <= tactics or sorted(set(dealt)) != sorted(dealt) \
            or not set(dealt) <= battle:
        raise ValueError("the BOT cards: a card unknown or in two places")
    return t
