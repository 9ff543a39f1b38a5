"""GuidedRace: notebook A0's first race as a widget — the learner's legal actions as labelled buttons, the computer
players' turns played at once, every event explained in one plain sentence with a "learn more" link, the board and a
stepper to look back over the race so far.

A thin controller over :class:`racebook.automobiles.lessons.firstrace.FirstRace` (the race, the computer players,
the labels and the plain sentences) and :class:`racebook.automobiles.ui.player.RacePlayer` (board, stepper, zones).
It needs ipywidgets only: the board is SVG where bqplot is missing
(:func:`racebook.automobiles.ui.svgboard.board_view`).
A mistake or a bug in a click shows as one line (:class:`racebook.ui.errors.ErrorLog`).
"""

from __future__ import annotations

import html
from typing import Any

import ipywidgets as widgets

from racebook.automobiles.lessons.firstrace import YOU, FirstRace, Happened, learn_more, plain
from racebook.automobiles.ui.player import RacePlayer

#: What to do now, by phase (the buttons are the engine's legal actions; this only says what they are for).
HINTS = {"prerace": "Spend your grid money on cubes for your Bag, then press “done buying”.",
         "action": "Play gear cubes to plan your move — each one moves to the next space of its colour — then "
                   "press “done playing”. Every cube you keep is money.",
         "buy": "Spend the money your unplayed cubes are worth, then press “done buying”.",
         "card": "A card is working: make its choice."}
_BOX = "font-size:16px;line-height:1.5"
_LINK = "font-size:12px;color:#1a5fb4;margin-left:6px;white-space:nowrap"


def lesson_link(kind: str) -> str:
    """The small "learn more → A1 · 3. One turn, phase by phase" link of an event kind (to the notebook; "" for a
    kind without a lesson)."""
    lesson = learn_more(kind)
    if lesson is None:
        return ""
    return (f'<a class="rb-learn-more" href="{html.escape(lesson.file)}" target="_blank" rel="noopener" '
            f'title="{html.escape(lesson.file)}" style="{_LINK}">learn more → {html.escape(lesson.text)}</a>')


def explained_html(event: Any) -> str:
    """One event: its plain sentence and its link."""
    return f"{html.escape(plain(event))}{lesson_link(event.kind)}"


class GuidedRace:
    """The first race: ``seed`` (the grid order and every draw), ``opponents`` (1 or 2 computer players),
    ``rounds`` (the race stops after that many rounds with the standings; it is 1 lap long)."""

    def __init__(self, seed: int = 3, opponents: int = 2, rounds: int = 4, *, width: int = 900) -> None:
        self.game = FirstRace(seed, opponents, rounds)
        self.player = RacePlayer(self.game.race, position=None, width=width, rows=3)
        self.errors = self.player.errors
        g = self.errors.guard
        self.status = widgets.HTML()
        self.happened = widgets.HTML(layout=widgets.Layout(max_height="300px", overflow="auto"))
        self.buttons = widgets.HBox(layout=widgets.Layout(flex_flow="row wrap"))
        self.buttons.add_class("rb-guided-choices")
        self.w_seed = widgets.BoundedIntText(value=seed, min=0, max=10**6, description="seed",
                                             layout=widgets.Layout(width="160px"))
        self.w_opponents = widgets.Dropdown(options=[("1 computer player", 1), ("2 computer players", 2)],
                                            value=opponents, layout=widgets.Layout(width="190px"))
        self.w_rounds = widgets.BoundedIntText(value=rounds, min=1, max=12, description="rounds",
                                               layout=widgets.Layout(width="160px"))
        self.b_new = widgets.Button(description="new race", icon="refresh", tooltip="a new race with these settings",
                                    layout=widgets.Layout(width="auto"))
        self.b_new.on_click(g(lambda _b: self.new_race()))
        self.review = widgets.HTML()
        self.player.stepper.on_change(self._on_step)
        replay = widgets.HTML('<div style="font-size:15px;color:#555;margin-top:8px">Look back over the race so far '
                              "with ◀ ▶ and the slider: the referee's log, each event with its rule.</div>")
        parts = [self.status, self.player.view.widget, self.happened, self.buttons,
                 widgets.HBox([self.b_new, self.w_seed, self.w_opponents, self.w_rounds]), self.errors.widget,
                 replay, self.player.stepper.widget, self.review]
        if self.player.zones is not None:
            parts.append(self.player.zones.widget)
        self.widget = widgets.VBox(parts)
        self.widget.add_class("rb-guided-race")
        self._show(self.game.last, None)

    # ------------------------------------------------------------ actions
    @property
    def choices(self) -> list[Any]:
        return self.game.choices()

    def click(self, label: str) -> None:
        """Press the button labelled ``label`` (as a learner would)."""
        button = next((b for b in self.buttons.children if b.description == label), None)
        if button is None:
            raise ValueError(f"no button {label!r} now")
        button.click()

    def play(self, choice: Any) -> None:
        """Play one of :attr:`choices` (its action), then the computer players; show what happened."""
        done = self.game.play(choice.action)
        self.player.set_race(self.game.race, None)
        self._show(done, choice.label)

    def new_race(self) -> None:
        self.errors.clear()
        self.game = FirstRace(int(self.w_seed.value), int(self.w_opponents.value), int(self.w_rounds.value))
        self.player.set_race(self.game.race, None)
        self._show(self.game.last, None)

    # ------------------------------------------------------------ drawing
    def _show(self, done: list[Happened], label: str | None) -> None:
        self.status.value = self._status_html()
        self.happened.value = self._happened_html(done, label)
        buttons = []
        for c in self.game.choices():
            b = widgets.Button(description=c.label, tooltip=c.tooltip, layout=widgets.Layout(width="auto"))
            b.add_class("rb-guided-choice")
            b.on_click(self.errors.guard(lambda _b, c=c: self.play(c)))
            buttons.append(b)
        self.buttons.children = tuple(buttons)
        self._enable()

    def _status_html(self) -> str:
        game = self.game
        if game.stopped:
            places = ", ".join(f"{i}. {'you' if p == YOU else html.escape(p)}"
                               for i, p in enumerate(game.standings(), 1))
            why = "The race is over" if game.race.is_over else f"Stopped after round {game.rounds}"
            return (f'<div style="font-size:20px"><b>{why}.</b> Standings: {places} — the car that travelled '
                    "furthest leads (the inner lane breaks ties). Press “new race” to play again, or go on to A1."
                    "</div>")
        t = game.race.state.turn
        phase = "card" if t is not None and t.pending is not None else (t.phase.value if t is not None else "")
        when = "before the race" if game.round == 0 else f"round {game.round} of {game.rounds}"
        hint = HINTS.get(phase, "")
        return (f'<div style="font-size:20px"><b>Your move</b> ({when}, {html.escape(phase)} phase). '
                f'<span style="font-size:17px">{html.escape(hint)}</span></div>')

    @staticmethod
    def _happened_html(done: list[Happened], label: str | None) -> str:
        """The events since the learner's last click, grouped by the car they concern (an event without a car, the
        starting order, opens the set-up's group)."""
        groups: list[tuple[str, list[Any]]] = []
        owner = ""
        for who, _action, evs in done:
            for e in evs:
                owner = getattr(e, "car", "") or ("" if who == "" else owner)
                if groups and groups[-1][0] == owner:
                    groups[-1][1].append(e)
                else:
                    groups.append((owner, [e]))
        rows = [] if label is None else [f'<div style="font-size:17px">You chose <b>“{html.escape(label)}”</b>. '
                                         "What happened since:</div>"]
        for owner, events in groups:
            if owner == YOU:
                head = "You:"
            elif owner:
                head = f"{html.escape(owner)} (computer player):"
            else:
                head = "The race is set up:"
            items = "".join(f"<li>{explained_html(e)}</li>" for e in events)
            rows.append(f'<div style="margin-top:4px"><b>{head}</b><ul style="margin:2px 0">{items}</ul></div>')
        return f'<div class="rb-guided-happened" style="{_BOX}">{"".join(rows)}</div>'

    def _on_step(self, position: int, event: Any, frame: Any) -> None:
        if event is None:
            self.review.value = ""
        else:
            self.review.value = (f'<div style="{_BOX}">In plain words: {explained_html(event)}</div>')
        self._enable()

    def _enable(self) -> None:
        """The action buttons wait while the stepper looks back (⏭ returns to the race)."""
        looking_back = self.player.stepper.position < self.player.stepper.count
        for b in self.buttons.children:
            b.disabled = looking_back
        if looking_back and self.buttons.children:
            self.status.value = self._status_html() + ('<div style="font-size:15px;color:#a05a00">You are looking '
                                                       "back over the race: press the last button (⏭) to return to "
                                                       "it.</div>")
        elif not looking_back:
            self.status.value = self._status_html()

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self.widget._repr_mimebundle_(**kwargs)
