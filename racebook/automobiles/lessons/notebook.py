"""The small helpers the Automobiles notebooks (A0–A3) share: the provenance of every component value read from the
data files, a scenario's assumptions, a race's event sentences, and a small race on the ladder board with one card in
play (notebook A2). No rule lives here: the positions are read by the engine's own notation parser and every number
comes from the engine or the data files.
"""

from __future__ import annotations

import html
from collections.abc import Iterable
from typing import Any

from racebook.automobiles import zones
from racebook.automobiles.agents import GreedyDriver
from racebook.automobiles.board import board_ids, load_board
from racebook.automobiles.cards import card_set
from racebook.automobiles.cubes import ACTIONS, INVENTED, THIRD_PARTY, components
from racebook.automobiles.game import Race
from racebook.automobiles.lessons.firstrace import plain
from racebook.automobiles.notation import parse_position
from racebook.core.errors import SetupError

KINDS = (INVENTED, THIRD_PARTY, "digest")


def kind_of(source: str) -> str:
    """``invented-for-teaching``, ``third-party`` or ``digest``: the provenance kind of a data file's source text."""
    return next((k for k in (INVENTED, THIRD_PARTY) if source.startswith(k)), "digest")


def provenance_rows() -> list[tuple[str, str, str, str]]:
    """(component, value, kind, source) for every component value the engine reads, from the data files
    (``data/cubes.toml``, ``setup.toml``, ``cards.toml``, ``boards/*.toml``): what the source states, what third
    parties report, and what is invented for teaching."""
    comps = components()
    rows: list[tuple[str, str, str, str]] = []
    for t in comps.cubes.values():
        for field, src in t.sources:
            rows.append((f"{t.name} ({t.colour}) {field}", str(getattr(t, field)), kind_of(src), src))
    values = {"starting_bag": zones.text(comps.starting_bag), "draw": str(comps.draw),
              "players_min": str(comps.players_min), "players_max": str(comps.players_max), "laps": str(comps.laps),
              "decline": " ".join(f"{g}{n}" for g, n in comps.decline.items())}
    for key, src in comps.sources.items():
        rows.append((f"set-up: {key.replace('_', ' ')}", values.get(key, ""), kind_of(src), src))
    cs = card_set()
    rows.append(("the first-game card set", ", ".join(cs.standard[c] for c in ACTIONS), kind_of(cs.standard_source),
                 cs.standard_source))
    for bid in board_ids():
        b = load_board(bid)
        rows.append((f"board {bid}: spaces, lanes, adjacency", f"{b.lanes} lanes × {b.length} rows", kind_of(b.source),
                     b.source))
        for key, src in b.grid_sources:
            value = " ".join(f"${s.money}" for s in b.grid) if key == "money" else f"{len(b.grid)} slots"
            rows.append((f"board {bid}: grid {key}", value, kind_of(src), src))
    return rows


def provenance_html(kinds: Iterable[str] = KINDS) -> str:
    """An HTML table of :func:`provenance_rows` of the given kinds (invented first)."""
    want = list(kinds)
    rows = sorted((r for r in provenance_rows() if r[2] in want), key=lambda r: want.index(r[2]))
    colour = {INVENTED: "#b00000", THIRD_PARTY: "#8a5a00", "digest": "#1a6b1a"}
    body = "".join(f'<tr><td>{html.escape(a)}</td><td><b>{html.escape(v)}</b></td>'
                   f'<td style="color:{colour[k]}">{html.escape(k)}</td><td>{html.escape(s)}</td></tr>'
                   for a, v, k, s in rows)
    return ('<table style="font-size:13px;border-collapse:collapse"><tr><th>component</th><th>value</th>'
            f'<th>kind</th><th>provenance (from the data file)</th></tr>{body}</table>')


def provenance_counts() -> dict[str, int]:
    """How many component values are of each kind."""
    out = {k: 0 for k in KINDS}
    for r in provenance_rows():
        out[r[2]] += 1
    return out


def show_assumed(sc: Any) -> None:
    """A scenario's title, citation and what it had to assume."""
    print(sc.title, f"[{sc.cite}]")
    for line in sc.assumed:
        print("  assumed:", line)


#: A player id no race has: :func:`told` speaks of every car by its name.
_NOBODY = "(nobody)"


def told(race: Race, first_step: int = 0) -> list[str]:
    """The events of ``race`` from step ``first_step`` on, each in one plain sentence written from its fields
    (:func:`racebook.automobiles.lessons.firstrace.plain`, every car by its name) with its rule: what the notebooks
    print, without the action syntax of :func:`sentences`."""
    out = []
    for st in race.steps[first_step:]:
        for e in st.events:
            text = plain(e, _NOBODY)
            out.append(text if text == e.sentence() else f"{text} — {e.citation}")
    return out


def sentences(race: Race, first_step: int = 0) -> list[str]:
    """The event sentences of ``race`` from step ``first_step`` on, each after the action that caused it."""
    out = []
    for st in race.steps[first_step:]:
        if st.action is not None:
            out.append(f"▶ {st.action}")
        out += [f"    {e.sentence()}" for e in st.events]
    return out


#: The sandbox position of notebook A2 on the ladder board (one colour per lane): A in lane 2 with B ahead of it and
#: C behind, A's Action phase starting; ``{c}`` is the card's cube in A's Active pile. (For the 6th gear card A
#: starts in lane 3, beside the black lane.)
SANDBOX = {"A": ("2@17", "W3L2D2K2X2Y1", "{c}1W2L1D1K1X1Y1", "W1L1D1K1X2R1"),
           "B": ("2@20", "W5", "W2", "-"),
           "C": ("1@10", "W5", "W2", "-")}


def sandbox_race(players: dict[str, tuple[str, str, str, str]], board: str = "teaching",
                 cards: dict[str, str] | None = None, seed: int = 1) -> Race:
    """A race at the start of the first player's Action phase: ``players`` maps each id (turn order) to its car
    (``lane@progress``) and its Bag, Active and Discard piles as zone texts (``W3L2``; ``-`` for none); ``cards``
    picks cards by colour over the first-game set. The Stock holds the rest (the engine's notation parser checks
    that no cube is created or lost)."""
    cs = card_set()
    chosen = {**cs.standard, **(cards or {})}
    stock = components().stock()
    rows = []
    for pid, (car, bag, act, disc) in players.items():
        act = _merge(act)
        for z in (bag, act, disc):
            for c, n in zones.parse(z).items():
                if stock.get(c, 0) < n:
                    raise SetupError(z, "§1.2", f"the Stock holds {stock.get(c, 0)} {c}, not {n} more")
                zones.take(stock, c, n)
        rows.append(f"{pid} {car} bag {bag} act {act} used - track - disc {disc}")
    first = next(iter(players))
    head = f"{board} L3 r1 {first}:action $0 stock {zones.text(stock)} cards " + ",".join(chosen[c] for c in ACTIONS)
    return Race(parse_position(" | ".join([head] + rows), seed))


def card_race(card_id: str, seed: int = 1) -> Race:
    """A race on the ladder board at the start of A's Action phase, ``card_id`` in play (its cube in A's Active pile,
    the other colours the first-game set), A between B (ahead) and C (behind), with cubes of every kind in A's
    Bag, Active pile and Discard pile for the card to work on."""
    card = card_set().cards[card_id]
    code = card.colour if card.colour in ACTIONS else ""
    cube = code or {"third_gear": "W", "fourth_gear": "L", "fifth_gear": "D", "sixth_gear": "K", "wear": "X"}[card_id]
    players = {pid: (car, bag, act.format(c=cube), disc) for pid, (car, bag, act, disc) in SANDBOX.items()}
    if cube == "K":
        players["A"] = ("3@17",) + players["A"][1:]
    return sandbox_race(players, "ladder", {code: card_id} if code else None, seed)


def _merge(text: str) -> str:
    """A zone text whose codes may repeat (``K1W2K1``) in its one normal form (``W2K2``)."""
    if text == "-":
        return text
    out: dict[str, int] = {}
    i = 0
    while i < len(text):
        j = i + 1
        while j < len(text) and "0" <= text[j] <= "9":
            j += 1
        zones.add(out, text[i], int(text[i + 1:j]))
        i = j
    return zones.text(out)


def card_demo(card_id: str, seed: int = 1) -> Race:
    """:func:`card_race` with A's card cube played at once and the card's choices made by the computer player
    (:class:`racebook.automobiles.agents.GreedyDriver`: move furthest, remove wear first, draw, option a) until the
    effect has resolved."""
    race = card_race(card_id, seed)
    colour = card_set().cards[card_id].colour
    play = next(a for a in race.legal_actions() if getattr(a, "cube", None) == colour)
    race.apply(play)
    driver = GreedyDriver()
    for _ in range(40):
        t = race.state.turn
        if t is None or t.pending is None:
            break
        race.apply(driver.choose(race, race.legal_actions()))
    return race


def invented_note() -> str:
    """The one-line note on invented values a notebook opens with (HTML): how many of the component values the
    engine reads are invented for teaching, counted from the data files (:func:`provenance_counts`)."""
    counts = provenance_counts()
    total = sum(counts.values())
    return ('<div style="font-size:14px;color:#7a0000">Invented for teaching: the board, the prices and the $ values '
            f"— {counts[INVENTED]} of the {total} component values the engine reads (the source does not print them; "
            "notebook A1 lists every value with its provenance). Never present them as the printed game.</div>")
