"""Rookie BOTs (digest §22.1, §22.5–§22.10, §22.13; the BOT rulebook v2.15.7): cars run by the rules, not by a
player. A BOT's choices come from its cards (the Rookie Control card, a TACTICS card, BATTLE cards:
:mod:`racebook.formulagp.bots.cards`) and the WHITE die, drawn and rolled through the race state's seeded generator
(a scenario stacks a deck's next card, ``stacked["tactics"]`` / ``stacked["battle"]``, as it stacks a die face).

* :mod:`~racebook.formulagp.bots.cards` — the card data (``data/bots.toml``) and its loader;
* :mod:`~racebook.formulagp.bots.table` — the BOT part of the race state (the decks, the cards on the table);
* :mod:`~racebook.formulagp.bots.events` — the typed events of a BOT's turn;
* :mod:`~racebook.formulagp.bots.rookie` — the engine: set-up, race start, a BOT's whole turn.
* :mod:`~racebook.formulagp.bots.prochain` — a Pro BOT's undefended attacks: the chained attack (§22.10.4) and the
  lapping attempt (§22.13.7); their events in :mod:`~racebook.formulagp.bots.prochainevents`.

The pure rules are in :mod:`racebook.formulagp.rules.botlanes` (lane choice, blocked behaviour),
:mod:`racebook.formulagp.rules.botbattle` (battle decisions, matchups, the Slipstream minimum OT) and
:mod:`racebook.formulagp.rules.botqualifying` (the qualifying score). Standard library only.
"""
