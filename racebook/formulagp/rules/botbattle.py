"""A BOT's battle decisions (digest §22.10, [BOT 3]; Example 30): whether it is in position to attack, whether it
attacks or defends (the TACTICS card, with or without the WHITE die), its battle score from the BATTLE card(s) and
their aggression symbol, the OT it overtakes with (the card's OT, capped by the Control card's max OT; at least 2
from a Slipstream space, the bonus not added), and the three matchups' consequences for a Rookie (a Rookie never
makes a second attempt, never defends a second time and keeps its TACTICS card).

Pure functions; the battle phase (sealed LED bids, :class:`racebook.core.visibility.SealedRound`) calls them when
a BOT is the attacker or the defender: the player's cards are revealed first, then the BOT draws ([BOT 3.2.2]); BOT
against BOT, the attacker draws first. Cards are drawn and the die rolled through callables the caller gives (the
state's decks and dice).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import Enum

from racebook.formulagp.bots.cards import Aggression, BattleCard, Decide
from racebook.formulagp.components import FaceColour, WhiteFace
from racebook.formulagp.track import Track
from racebook.formulagp.trackparts import Pos, Surface

__all__ = ["in_position_to_attack", "decides", "Score", "score", "overtake_ot", "Outcome", "Result",
           "bot_attacks_player", "player_attacks_bot", "bot_attacks_bot", "SLIPSTREAM_MIN_OT"]

SLIPSTREAM_MIN_OT = 2  # §22.10.4, [BOT 3.3]: a BOT attacking from a Slipstream space has at least 2 OT


def in_position_to_attack(track: Track, bot: Pos, opponent: Pos, mp_left: int) -> bool:
    """§22.10.2 item 1 ([BOT 3.2.1]): on the front space of the tile behind the opponent's, in an adjacent lane (in
    its lane with at least 1 MP left to change lane toward the yellow arrow); or in the Slipstream space of the
    opponent, behind it. No spare MP needed otherwise (BOTs take OT from their BATTLE card)."""
    if (bot.tile, bot.lane, bot.space) == (opponent.tile, opponent.lane, opponent.space):
        return track.space(bot).surface is Surface.SLIPSTREAM and bot.shadow > opponent.shadow
    ahead = track.forward(bot)
    if not ahead or ahead[0].tile == bot.tile or track.next_tile(bot.tile) != opponent.tile:
        return False
    gap = min(abs(a - b) for a in track.double_lanes(bot) for b in track.double_lanes(opponent))
    return gap == 1 or (gap == 0 and mp_left >= 1)


def decides(symbol: Decide, face: WhiteFace | None, *, lapping: bool = False) -> bool:
    """The TACTICS card's battle decision ([BOT 3.2.2]): no die → it attacks (defends); with the die → a green face
    attacks (defends), a red face aborts. A BOT lapping a slower car always attacks (§22.13.7)."""
    if lapping or symbol is Decide.YES:
        return True
    if face is None:
        raise ValueError("[BOT 3.2.2]: the TACTICS card shows the die: roll the WHITE die")
    return face.colour is FaceColour.GREEN


@dataclass(frozen=True, slots=True)
class Score:
    """A BOT's battle score ([BOT 3.2.3], [BOT 3.2.4]): its LEDs, the OT of the card it uses (capped), whether it
    aborted, the card(s) it uses and every card it drew (all discarded after the battle)."""

    leds: int
    ot: int
    aborted: bool
    used: tuple[str, ...]
    drawn: tuple[str, ...]
    die: int = 0  # the WHITE die added (a die card), 0 when none


def _better(a: BattleCard, b: BattleCard, most: bool) -> BattleCard:
    """Of two cards, the one with more (``most``) or fewer LEDs; a tie: the higher OT ([BOT 3.2.4])."""
    if a.leds != b.leds:
        return a if (a.leds > b.leds) == most else b
    return a if a.ot >= b.ot else b


def score(first: BattleCard, draw: Callable[[], BattleCard], roll: Callable[[], WhiteFace], max_ot: int, *,
          opponent_leds: int | None = None, abort_on_icon_only: bool = True) -> Score:
    """The BOT's score from its first BATTLE card and its aggression symbol ([BOT 3.2.3.1]; only the first card
    decides whether to draw more): LEDs only; die + LEDs (the WHITE die added; the icon face aborts — every green
    face with ``abort_on_icon_only`` off, A24); two joined (a 2nd card's LEDs added, the 1st card's OT); "lose" (if
    it would lose against ``opponent_leds`` — known when a player revealed first — a 2nd card used instead; BOT
    against BOT the attacker draws first and keeps its card); up / down arrow (2 new cards, the one with more / fewer
    LEDs, a tie to the higher OT); the cross (aborted). OT never above ``max_ot``."""
    agg = first.aggression
    cap = lambda c: min(c.ot, max_ot)  # noqa: E731
    if agg is Aggression.ABORT:
        return Score(0, 0, True, (first.code,), (first.code,))
    if agg is Aggression.DIE:
        face = roll()
        aborted = face.icon if abort_on_icon_only else face.colour is FaceColour.GREEN
        if aborted:
            return Score(0, 0, True, (first.code,), (first.code,), face.value)
        return Score(first.leds + face.value, cap(first), False, (first.code,), (first.code,), face.value)
    if agg is Aggression.JOIN:
        second = draw()
        return Score(first.leds + second.leds, cap(first), False, (first.code, second.code),
                     (first.code, second.code))
    if agg is Aggression.LOSE:
        if opponent_leds is not None and first.leds < opponent_leds:
            second = draw()
            return Score(second.leds, cap(second), False, (second.code,), (first.code, second.code))
        return Score(first.leds, cap(first), False, (first.code,), (first.code,))
    if agg in (Aggression.BEST, Aggression.WORST):
        a, b = draw(), draw()
        pick = _better(a, b, agg is Aggression.BEST)
        return Score(pick.leds, cap(pick), False, (pick.code,), (first.code, a.code, b.code))
    return Score(first.leds, cap(first), False, (first.code,), (first.code,))


def overtake_ot(card_ot: int, max_ot: int, *, slipstream: bool = False, second_attempt: bool = False) -> int:
    """The OT a winning BOT overtakes with (§22.10.3, §22.10.4): its card's OT capped by max OT (−1 on a Pro's
    second attempt); from a Slipstream space at least 2, the +2 not added (Example 30: 3 OT → 3, 1 OT → 2)."""
    ot = max(0, min(card_ot, max_ot) - (1 if second_attempt else 0))
    return max(ot, SLIPSTREAM_MIN_OT) if slipstream else ot


class Outcome(Enum):
    WIN = "the attacker wins"
    TIE = "a tie"
    LOSE = "the attacker loses"


@dataclass(frozen=True, slots=True)
class Result:
    """A matchup's consequences (§22.10.3) with a Rookie BOT in it."""

    outcome: Outcome
    passes: bool  # the attacker overtakes
    ot: int  # the OT it overtakes with (0 when it does not)
    player_stress: int = 0  # a player tying with a BOT takes +1 stress
    player_may_retry: bool = False  # the player may attack again with -1 OT (from the cards left in hand)
    bot_again: bool = False  # the BOT attacks (or defends) a second time: never a Rookie
    new_tactics: bool = False  # a Pro draws a new TACTICS card; a Rookie keeps its own


def _outcome(attack: int, defence: int) -> Outcome:
    return Outcome.WIN if attack > defence else Outcome.TIE if attack == defence else Outcome.LOSE


def bot_attacks_player(bot: Score, player_leds: int, max_ot: int, *, slipstream: bool = False) -> Result:
    """A Rookie attacks a player ([BOT 3.2.4.1]): the player revealed first; a win overtakes with the card's OT
    (≤ max, the Slipstream minimum); a tie gives the player +1 stress and no second attempt (a Rookie never makes
    one); a loss: both stay, the Rookie keeps its TACTICS card. An aborted attack: the BOT stays."""
    if bot.aborted:
        return Result(Outcome.LOSE, False, 0)
    out = _outcome(bot.leds, player_leds)
    if out is Outcome.WIN:
        return Result(out, True, overtake_ot(bot.ot, max_ot, slipstream=slipstream))
    return Result(out, False, 0, player_stress=1 if out is Outcome.TIE else 0)


def player_attacks_bot(player_leds: int, player_ot: int, bot: Score | None) -> Result:
    """A player attacks a Rookie ([BOT 3.2.4.2]): ``bot`` None when its TACTICS card made it not defend (the player
    passes). A win overtakes with the player's OT; a tie: the player +1 stress and may attack again with −1 OT, the
    Rookie never defends a second time (the player still plays a card); a loss: both stay."""
    if bot is None or bot.aborted:
        return Result(Outcome.WIN, True, player_ot)
    out = _outcome(player_leds, bot.leds)
    if out is Outcome.WIN:
        return Result(out, True, player_ot)
    if out is Outcome.TIE:
        return Result(out, False, 0, player_stress=1, player_may_retry=player_ot > 1)
    return Result(out, False, 0)


def bot_attacks_bot(attacker: Score, defender: Score | None, max_ot: int, *, slipstream: bool = False) -> Result:
    """A Rookie attacks a BOT ([BOT 3.2.4.3]): the attacker drew first; ``defender`` None when it does not defend.
    A win overtakes with the attacker's card OT (≤ max; the Slipstream minimum); a tie: a Rookie attacker makes
    no second attempt, both stay; a loss: both stay, a Rookie keeps its TACTICS card."""
    if attacker.aborted:
        return Result(Outcome.LOSE, False, 0)
    defence = 0 if defender is None or defender.aborted else defender.leds
    if defender is None or defender.aborted:
        return Result(Outcome.WIN, True, overtake_ot(attacker.ot, max_ot, slipstream=slipstream))
    out = _outcome(attacker.leds, defence)
    if out is Outcome.WIN:
        return Result(out, True, overtake_ot(attacker.ot, max_ot, slipstream=slipstream))
    return Result(out, False, 0)
