"""CardSandbox: any card live on the ladder board (notebook A2).

Pick a card: a small race starts on the ladder board with that card in play and its cube in A's Active pile
(:func:`racebook.automobiles.lessons.notebook.card_race`). Every legal action is a button (the engine's
``legal_actions()``: the card's choices come one at a time, §6); a click applies it, the board and the zones follow and
the events' sentences, each citing its section, are listed. No rule lives here.
"""

from __future__ import annotations

import html
from typing import Any

import ipywidgets as widgets

from racebook.automobiles.boardsvg import cube_swatch, state_info
from racebook.automobiles.cards import card_set
from racebook.automobiles.cubes import CODES, COLOUR_NAMES
from racebook.automobiles.lessons.notebook import card_race
from racebook.automobiles.ui.panels import ZonesPanel
from racebook.automobiles.ui.svgboard import board_view
from racebook.ui.errors import ErrorLog

_VERBS = {"play": "play", "pick": "pick", "move": "move to", "choose": "choose", "draw": "draw one more",
          "stop": "stop", "pass": "pass (next phase)", "buy": "buy", "pit": "pit stop", "driver": "driver ability"}


def card_label(card: Any) -> str:
    kind = "fixed" if card.fixed else COLOUR_NAMES[card.colour]
    return f"{card.name} ({kind}, {card.section})"


class CardSandbox:
    """A card on the ladder board: a dropdown of the 39 cards, the card's text, the board, the legal actions as
    buttons, the zones and the sentences of what happened."""

    def __init__(self, card_id: str = "burnout", *, width: int = 980, max_buttons: int = 24) -> None:
        self.errors = ErrorLog()
        self.max_buttons = max_buttons
        cs = card_set()
        order = sorted(cs.cards.values(), key=lambda c: (not c.fixed, CODES.index(c.colour)))
        self.w_card = widgets.Dropdown(options=[(card_label(c), c.id) for c in order], value=card_id,
                                       description="card", layout=widgets.Layout(width="460px"))
        self.w_card.observe(self.errors.guard(lambda _c: self.reset()), names="value")
        self.b_reset = widgets.Button(description="start again", icon="undo", layout=widgets.Layout(width="auto"))
        self.b_reset.on_click(self.errors.guard(lambda _b: self.reset()))
        self.text = widgets.HTML()
        self.race = card_race(card_id)
        self.view = board_view(self.race.state.board, width=width, order=self.race.state.order, errors=self.errors)
        self.buttons = widgets.HBox(layout=widgets.Layout(flex_flow="row wrap"))
        self.log = widgets.HTML()
        self.zones = ZonesPanel()
        self.widget = widgets.VBox([widgets.HBox([self.w_card, self.b_reset]), self.text, self.view.widget,
                                    self.buttons, self.log, self.zones.widget, self.errors.widget])
        self.reset()

    @property
    def card(self) -> Any:
        return card_set().cards[self.w_card.value]

    def reset(self) -> None:
        """A fresh race with the chosen card in play."""
        self.race = card_race(self.w_card.value)
        self.lines: list[str] = []
        c = self.card
        code = c.colour
        self.text.value = (f'<div style="font-size:19px"><b>{html.escape(c.name)}</b> {cube_swatch(code, 16)} '
                           f'<span style="color:#666">({html.escape(c.source)}, {html.escape(c.section)})</span></div>'
                           f'<div style="font-size:16px;padding:4px 0">{html.escape(c.printed)}</div>'
                           '<div style="font-size:14px;color:#555">A (blue) is in its Action phase with this '
                           "card's cube in its Active pile; B is ahead, C behind. Click an action.</div>")
        self.update()

    def update(self) -> None:
        state = self.race.state
        self.view.show_state(state)
        self.zones.update(state, "every player's zones now")
        legal = [] if self.race.is_over else self.race.legal_actions()
        self.actions = legal[:self.max_buttons]
        buttons = []
        for a in self.actions:
            words = str(a).split()
            desc = " ".join([_VERBS.get(words[1], words[1])] + words[2:])
            b = widgets.Button(description=desc, tooltip=str(a), layout=widgets.Layout(width="auto"))
            b.on_click(self.errors.guard(lambda _b, a=a: self.apply(a)))
            buttons.append(b)
        self.buttons.children = tuple(buttons)
        rows = "".join(f"<div>{html.escape(line)}</div>" for line in self.lines[-14:])
        self.log.value = (f'<div style="font-size:14px;font-family:monospace;white-space:pre-wrap">{rows}</div>'
                          f'<div style="font-size:13px;color:#666">{html.escape(state_info(state))}</div>')

    def apply(self, action: Any) -> Any:
        events = self.race.apply(action)
        self.lines.append(f"▶ {action}")
        self.lines += [f"   {e.sentence()}" for e in events]
        self.update()
        return events

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self.widget._repr_mimebundle_(**kwargs)
