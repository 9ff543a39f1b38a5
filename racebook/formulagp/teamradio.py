"""[ADV] TEAM RADIO cards in a race (digest §6.9, §9.3, §16.2; the original's 4.9, 7.2, 11.2): the shared deck, the
choice before the start, the use, the changes, their notation. The card faces are the teaching deck's
(:mod:`racebook.formulagp.rules.teamradio`, invented-for-teaching).

* **The deck** (``state.radio_deck``, a core :class:`~racebook.core.deck.Deck`: the pile face down, the discard pile
  face up, its top the last): shuffled at the set-up of an Advanced race by its own generator (the race's seed + a
  constant: the race's dice stream stays as it was); when race round 1 opens each player car draws 2
  (``Car.radio_offer``). BOTs hold none (the BOT rulebook does not use TEAM RADIO cards).
* **Before the start** (§6.9, §9.3: "[ADV] Everyone must have a TEAM RADIO card"): in race round 1, before its start
  cards, each driver keeps one of its two, ``Grey radio keep TR5``; the other goes to the discard pile (a pit-lane
  starter at its first turn).
* **The use** (§6.9: "using it once per turn, when applicable"): ``Grey radio`` before the move (the PLAY phase),
  once a turn (``Car.radio_used`` holds the round), when the card applies (:func:`racebook.formulagp.rules.
  teamradio.applies`); the card is kept. A lower ERS may cut the hand limit: the forced discard follows (§8.1).
* **The changes**: an Option card played before the move (§6.5, §6.9; not in race round 1) — ``Grey radio swap P3``
  (the held card for the top of the discard pile, when there is one) or ``Grey radio draw P3`` (the top 2 drawn,
  then ``radio keep`` one of the three; the others face up on the discard pile: "or keep your existing card");
  during a pit stop the same, free (``radio swap`` / ``radio draw``, once a stop, §16.2). Reading **TR1**: a draw
  needs 2 cards in the pile (the source says nothing of a reshuffle; the discards stay face up).
* **Conservation**: :func:`everywhere` lists the 30 codes, each once: the pile, the discard pile, held, offered.
* **Notation**: the head's ``trp=`` (pile) and ``trd=`` (discards) and the car's ``tr=`` (held), ``tro=`` (offered)
  and ``tru=`` (round of the last use), each written only when not empty, so a Standard line is unchanged.
* **Visibility** (reading **TR2**, no rule depends on it): the held card lies by the Player Board, face up.

Standard library only.
"""

from __future__ import annotations

from collections.abc import Callable

from racebook.core.deck import Deck
from racebook.core.errors import NotationError
from racebook.core.log import EventLog
from racebook.core.rng import Rng
from racebook.formulagp.actions import FgpAction, OptionCard
from racebook.formulagp.actions.teamradio import RADIO_CARD, Radio
from racebook.formulagp.cardplay import card_type
from racebook.formulagp.components import CardType
from racebook.formulagp.events import teamradio as tev
from racebook.formulagp.rules import teamradio as tr
from racebook.formulagp.secondary import check_limit, settle
from racebook.formulagp.state import Car, Mode, Phase, RaceState
from racebook.formulagp.stressing import stress_by
from racebook.formulagp.tyrewear import wear_by

RULE = tr.RULE
RADIO_SEED = 6997  # the deck's own shuffle: seed + this (the race's generator is not touched)

Legal = Callable[[RaceState], list[FgpAction]]
Apply = Callable[[RaceState, FgpAction, EventLog], None]
Explain = Callable[[RaceState, FgpAction], tuple[str, str]]


# ------------------------------------------------------------------ the set-up (§6.9, §9.3)
def deal(s: RaceState, seed: int) -> None:
    """An Advanced race's set-up: the 30 cards shuffled (§4.4); the cards are drawn when race round 1 opens
    (:func:`offer_before_start`)."""
    if s.mode is not Mode.ADVANCED:
        return
    s.radio_deck = Deck("TEAM RADIO", list(tr.team_radio_deck().codes), rule=RULE)
    s.radio_deck.shuffle(Rng(seed + RADIO_SEED))


def offer_before_start(s: RaceState) -> None:
    """Race round 1 opens (a one-line hook in :mod:`racebook.formulagp.rounds`): each player car without a card draws
    2 (§6.9: "before the start of the race"); a pit-lane starter, which skips round 1 (§9.3), chooses at its first
    turn. A position built mid-race never passes here: its cars hold no card unless it says so."""
    if s.mode is not Mode.ADVANCED:
        return
    for c in s.cars.values():
        if not c.bot and not c.radio and not c.radio_offer:
            c.radio_offer = _draw(s, tr.DRAW)


def _draw(s: RaceState, n: int) -> tuple[str, ...]:
    return tuple(s.radio_deck.pile.pop() for _ in range(min(n, len(s.radio_deck.pile))))


def everywhere(s: RaceState) -> list[str]:
    """Every TEAM RADIO card, wherever it is (conservation): the pile, the discard pile, held, offered."""
    out = s.radio_deck.pile + s.radio_deck.discards
    for c in s.cars.values():
        out += ([c.radio] if c.radio else []) + list(c.radio_offer)
    return out


# ------------------------------------------------------------------ the choices
def _deciding(s: RaceState) -> Car | None:
    """The car that owes a TEAM RADIO choice now: the driver to seal its start cards, or the current driver."""
    if s.phase is Phase.START:
        return s.cars[s.start.waiting[0]] if s.start.waiting else None
    return s.current()


def keeps(c: Car) -> list[FgpAction]:
    return [Radio(c.id, "keep", x) for x in sorted(set(c.radio_offer), key=lambda x: (len(x), x))]


def usable(s: RaceState, c: Car) -> bool:
    """§6.9: it holds a card, has not used it this turn, and the card applies now."""
    if not c.radio or c.radio_used == s.round:
        return False
    return tr.applies(tr.team_radio_deck().card(c.radio), ers=c.ers, ers_max=s.board.ers_max, wear=c.wear,
                      wear_start=s.board.wear_start[c.tyre], stress=c.stress)


def changes(s: RaceState, c: Car, free: bool) -> list[FgpAction]:
    """The changes open to ``c``: for each Option card (or free, in a pit stop) a swap (a discard pile to take
    from) and a draw (2 cards in the pile, TR1)."""
    if not c.radio or c.radio_used == s.round:
        return []
    options = [""] if free else sorted({x for x in c.hand if card_type(x) is CardType.OPTION})
    out: list[FgpAction] = []
    for p in options:
        if s.radio_deck.discards:
            out.append(Radio(c.id, "swap", p))
        if len(s.radio_deck.pile) >= tr.DRAW:
            out.append(Radio(c.id, "draw", p))
    return out


def apply_radio(s: RaceState, a: Radio, log: EventLog) -> None:
    c = s.cars[a.car]
    if a.what == "keep":
        rest = list(c.radio_offer)  # a draw put the held card among them (§6.9: "or keep your existing card")
        rest.remove(a.card)
        for x in rest:
            s.radio_deck.discard(x)
        c.radio, c.radio_offer = a.card, ()
        log.append(tev.RadioKept(c.id, a.card, tr.team_radio_deck().card(a.card).name, tuple(rest)))
        return
    if a.what in ("swap", "draw"):
        if a.card:  # §6.5: the Option card's primary function, played and discarded
            c.hand.remove(a.card)
            c.deck.discard(a.card)
        c.radio_used = s.round
        how = f" for the Option card {a.card}" if a.card else " in its pit stop (free)"
        if a.what == "swap":
            new = s.radio_deck.discards.pop()
            s.radio_deck.discard(c.radio)
            log.append(tev.RadioSwapped(c.id, c.radio, new, how))
            c.radio = new
            return
        c.radio_offer = (c.radio, *_draw(s, tr.DRAW))  # its own card stays among the three
        c.radio = ""
        log.append(tev.RadioDrawn(c.id, tr.DRAW, how + ": keep one of the three"))
        return
    card = tr.team_radio_deck().card(c.radio)  # the use (§6.9)
    c.radio_used = s.round
    parts = []
    if card.gain is tr.Gain.ERS:
        c.ers += 1
        parts.append(f"ERS +1 (now {c.ers})")
    elif card.gain is tr.Gain.WEAR:
        c.wear -= 1
        parts.append(f"tyre wear −1 (now {c.wear})")
    else:
        parts.append("stress −1")
    if card.cost is tr.Cost.ERS:
        c.ers -= 1
        parts.append(f"ERS −1 (now {c.ers})")
    else:
        parts.append("tyre wear +1")
    log.append(tev.RadioUsed(c.id, c.radio, card.name, ", ".join(parts)))
    if card.gain is tr.Gain.STRESS:
        stress_by(s, c, -1, log)
    if card.cost is tr.Cost.WEAR:
        wear_by(s, c, 1, log)  # §14.1: the icons reached
    if card.cost is tr.Cost.ERS:
        check_limit(s, c, log)  # §8.1: the hand limit may fall


def explain_radio(s: RaceState, a: FgpAction) -> tuple[str, str]:
    c = s.cars.get(a.car)
    if c is None:
        return RULE, f"{a.car} is not in the race"
    if s.mode is not Mode.ADVANCED:
        return RULE, "TEAM RADIO cards are used in the Advanced race only (§1)"
    if c.radio_offer:
        return RULE, f"{c.id} first keeps one of the TEAM RADIO cards drawn: {', '.join(c.radio_offer)}"
    if not isinstance(a, Radio):
        return RULE, "a TEAM RADIO decision"
    if a.what == "keep":
        return RULE, f"{c.id} has no TEAM RADIO card to choose from now"
    if not c.radio:
        return RULE, f"{c.id} holds no TEAM RADIO card"
    if c.radio_used == s.round:
        return RULE, "a TEAM RADIO card is used or changed once per turn"
    if a.what in ("swap", "draw"):
        return RULE, ("a change: for an Option card in hand before the move ('radio swap P3': a discard pile to take "
                      "from; 'radio draw P3': 2 cards in the pile), or free in a pit stop ('radio swap' / "
                      "'radio draw')")
    return RULE, (f"'{tr.team_radio_deck().card(c.radio).name}' ({tr.team_radio_deck().card(c.radio).text()}) "
                  "applies before the move, when its gain changes something and its price can be paid")


# ------------------------------------------------------------------ the phases (wrapped in turn.py)
def around(phase: Phase, legal: Legal, apply: Apply, explain: Explain) -> tuple[Legal, Apply, Explain]:
    """``phase``'s rules with the TEAM RADIO decisions: a pending choice first (only ``radio keep``), then the use
    and the changes (PLAY: before the move; PIT: free, in service)."""

    def legal2(s: RaceState) -> list[FgpAction]:
        c = _deciding(s) if s.mode is Mode.ADVANCED else None
        if c is None:
            return legal(s)
        if c.radio_offer:
            return keeps(c)
        out = legal(s)
        if phase is Phase.PLAY and out:
            if usable(s, c):
                out.append(Radio(c.id))
            if s.round > 1 and any(isinstance(a, OptionCard) for a in out):
                out += changes(s, c, False)
        elif phase is Phase.PIT and c.pit == "service":
            out += changes(s, c, True)
        return out

    def apply2(s: RaceState, a: FgpAction, log: EventLog) -> None:
        if not isinstance(a, Radio):
            return apply(s, a, log)
        apply_radio(s, a, log)
        c = s.cars[a.car]
        if phase is Phase.PLAY and not c.radio_offer:
            settle(s, c, log)

    def explain2(s: RaceState, a: FgpAction) -> tuple[str, str]:
        c = _deciding(s) if s.mode is Mode.ADVANCED else None
        if isinstance(a, Radio) or (c is not None and c.radio_offer and a.car == c.id):
            return explain_radio(s, a)
        return explain(s, a)

    return legal2, apply2, explain2


# ------------------------------------------------------------------ the computer driver (agents.Greedy)
def greedy(s: RaceState, legal: list[FgpAction]) -> FgpAction | None:
    """The greedy driver's TEAM RADIO decisions, simple: it keeps a card that gains ERS if offered (ERS feeds the
    hand and the extensions, §8.1), else the first; it uses its card when the gain is worth its price now (ERS while
    its tyres are fresh; tyre wear with 2+ ERS; stress when Stressed); it never changes its card."""
    radio = [a for a in legal if isinstance(a, Radio)]
    if not radio:
        return None
    deck = tr.team_radio_deck()
    kept = [a for a in radio if a.what == "keep"]
    if kept:
        return next((a for a in kept if deck.card(a.card).gain is tr.Gain.ERS), kept[0])
    use = next((a for a in radio if not a.what), None)
    if use is None:
        return None
    c = s.cars[use.car]
    gain = deck.card(c.radio).gain
    worth = {tr.Gain.ERS: s.board.tyre_state(c.tyre, c.wear).value == "fresh", tr.Gain.WEAR: c.ers >= 2,
             tr.Gain.STRESS: c.stress == 2}[gain]
    return use if worth else None


# ------------------------------------------------------------------ the notation
def head_tokens(s: RaceState) -> list[str]:
    d = s.radio_deck
    return ([f"trp={','.join(d.pile)}"] if d.pile else []) + ([f"trd={','.join(d.discards)}"] if d.discards else [])


def read_head(s: RaceState, kv: dict[str, str], text: str) -> None:
    s.radio_deck = Deck("TEAM RADIO", _codes(kv.get("trp", ""), text), _codes(kv.get("trd", ""), text), rule=RULE)


def car_tokens(c: Car) -> list[str]:
    return (([f"tr={c.radio}"] if c.radio else []) + ([f"tro={'.'.join(c.radio_offer)}"] if c.radio_offer else [])
            + ([f"tru={c.radio_used}"] if c.radio_used else []))


def read_car(c: Car, ck: dict[str, str], text: str) -> None:
    held = _codes(ck.get("tr", ""), text)
    if len(held) > 1:
        raise NotationError(f"{text[:80]!r}…: tr= holds one TEAM RADIO card (§6.9)")
    c.radio = held[0] if held else ""
    c.radio_offer = tuple(_codes(ck.get("tro", "").replace(".", ","), text))
    used = ck.get("tru", "0")
    if not used.isdigit():
        raise NotationError(f"{text[:80]!r}…: tru= is a round number")
    c.radio_used = int(used)


def _codes(v: str, text: str) -> list[str]:
    out = [x for x in v.split(",") if x]
    known = set(tr.team_radio_deck().codes)
    if any(not RADIO_CARD.fullmatch(x) or x not in known for x in out):
        raise NotationError(f"{text[:80]!r}…: a TEAM RADIO card is TR1 to TR{len(known)} (§6.9)")
    return out
