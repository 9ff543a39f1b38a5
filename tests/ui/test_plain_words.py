"""Plain words first (issue 33 item 4): in each game's guided first race, every text the learner reads — the status,
what you need, the hint, the choices (buttons and menus), the coach's line, the story and the debrief — has no rule
section number ("§") and no abbreviation of the glossary's list (docs/glossary.md) left unexplained: in the HTML each
one is an ``<abbr>`` with its meaning on hover, on a button or a menu its meaning is in the tooltip. And
racebook.core.plainwords keeps the glossary's words."""

from __future__ import annotations

import html
import re
from pathlib import Path

import pytest

from racebook.core.plainwords import COMMON, GLOSSARY, Term, explain_html, meanings, uncite, unexplained

GLOSSARY_MD = Path(__file__).resolve().parents[2] / "docs" / "glossary.md"


def _glossary_rows() -> dict[str, str]:
    """docs/glossary.md's table: abbreviation -> its "means" column without markdown (links, bold, italics, code)."""
    rows = {}
    for line in GLOSSARY_MD.read_text(encoding="utf-8").splitlines():
        m = re.match(r"\| \*\*(.+?)\*\* \| (.+?) \| .* \|$", line)
        if m:
            means = re.sub(r"\[([^\]]+)\]\[[^\]]*\]", r"\1", m.group(2))
            means = re.sub(r"\[([^\]]+)\]\([^)]+\)", r"\1", means)
            means = re.sub(r"(?<!\w)\*([^*\s][^*]*?)\*(?!\w)", r"\1", means).replace("`", "")
            rows[m.group(1)] = means
    return rows


def test_the_code_keeps_the_glossarys_abbreviations_and_words() -> None:
    rows = _glossary_rows()
    assert len(rows) >= 9 and "MP" in rows and "FAS" in rows
    assert GLOSSARY == rows  # the same abbreviations, the same words: change docs/glossary.md and plainwords together


def test_a_term_is_shown_with_its_meaning_and_a_citation_inside_a_sentence_is_taken_out() -> None:
    out = explain_html("Blue has 3 MP <left>; FAS and MPs", COMMON)
    assert f'<abbr class="rb-term" title="{html.escape(GLOSSARY["MP"])}">MP</abbr>' in out
    assert "&lt;left&gt;" in out and "MPs" in out and out.count("<abbr") == 2  # MP and FAS, not MPs
    assert uncite("Red advances to J (AMB-27); no check") == "Red advances to J; no check"
    assert uncite("Purple changes lane: the yellow arrow's side first (§22.9.1)") == \
        "Purple changes lane: the yellow arrow's side first"
    assert uncite("Orange draws BC11 [BOT 1.7.2.1] for the start") == "Orange draws BC11 for the start"
    assert uncite("a tie (the Leader first, AMB-5)") == "a tie (the Leader first)"
    card = Term(r"R\d+", "a card")
    assert meanings(["play R12 for 3 MP", "R7"], (card, *COMMON)) == ["R12: a card", f"MP: {GLOSSARY['MP']}"]
    assert unexplained("move 2 MP, see §3 and AMB-4") == ["AMB", "MP"]


# ------------------------------------------------------------------ each game's first race, as the learner reads it
pytest.importorskip("ipywidgets")

import ipywidgets as widgets  # noqa: E402

from racebook.ui.guidedrace import GuidedRaceController  # noqa: E402

_ABBR = re.compile(r"<abbr [^>]*>.*?</abbr>", re.S)


def _read(value: str) -> str:
    """An HTML value as the learner reads it without hovering: its text, the explained terms left out."""
    return html.unescape(re.sub(r"<[^>]+>", " ", _ABBR.sub(" ", value)))


def _problems(g: GuidedRaceController) -> list[str]:
    """Every '§' and unexplained glossary abbreviation the learner can read now (none is the goal)."""
    out = []
    for name, w in (("status", g.status_html), ("needs", g.needs_html), ("prompt", g.prompt_html),
                    ("coach", g.coach_line), ("story", g.story)):
        shown = re.sub(r"<[^>]+>", " ", html.unescape(re.sub(r'title="[^"]*"', "", w.value)))
        if "§" in shown:
            out.append(f"{name}: § in {shown[max(0, shown.index('§') - 60):shown.index('§') + 20]!r}")
        for abbr in unexplained(_read(w.value)):
            out.append(f"{name}: {abbr} unexplained in {_read(w.value)[:120]!r}")
    for key, b in g.buttons.items():
        if "§" in b.description:
            out.append(f"button {key}: § in {b.description!r}")
        for abbr in unexplained(b.description):
            if f"{abbr}: {GLOSSARY[abbr]}" not in b.tooltip:
                out.append(f"button {key}: {abbr} without its meaning in the tooltip")
    for group, (menu, _go) in g.menus.items():
        options = [o for o, _k in menu.options]
        for words in (group, *options):
            if "§" in words:
                out.append(f"menu {group}: § in {words!r}")
            for abbr in unexplained(words):
                if f"{abbr}: {GLOSSARY[abbr]}" not in menu.tooltip:
                    out.append(f"menu {group}: {abbr} without its meaning in the menu's tooltip")
    return out


def _race(game: str) -> GuidedRaceController:
    if game == "rf90":
        from racebook.rf90.ui.firstrace import GuidedRace as RfGuided

        return RfGuided(seed=1)
    if game == "formulagp":
        from racebook.formulagp.ui import GuidedRace as FgpGuided

        return FgpGuided(seed=3, rounds=2)
    from racebook.automobiles.ui import GuidedRace as AutoGuided

    return AutoGuided(seed=3, rounds=2)


@pytest.mark.parametrize("game", ["rf90", "automobiles", "formulagp"])
def test_the_first_race_reads_in_plain_words_to_its_debrief(game: str) -> None:
    """The notebook's race (00 seed 1, A0 seed 3, F0 seed 3; two rounds for A0 and F0), the coach followed to the end:
    at every decision and at the end (the debrief), no § and no unexplained glossary abbreviation."""
    g = _race(game)
    problems, clicks, terms = [], 0, 0
    while True:
        problems += _problems(g)
        terms += sum(w.value.count("<abbr") for w in (g.needs_html, g.prompt_html, g.coach_line, g.story))
        if not g.offered:
            break
        g.press(g.suggested or g.offered[0])
        clicks += 1
        assert not g.errors.errors and clicks < 300, g.errors.text
    assert g.model.finished and "Debrief" in g.prompt_html.value
    assert not problems, problems[:10]
    assert terms > 0  # codes and abbreviations were there, and explained
    assert g.story.value.count('class="rule"') >= 1 and ">rule</a>" in g.story.value  # the rule, as a link


def test_a_button_or_menu_shows_its_codes_meaning_in_the_tooltip() -> None:
    from racebook.rf90.ui.firstrace import GuidedRace as RfGuided

    g = RfGuided(seed=1)
    g.press(g.suggested or g.offered[0])  # start the turn: phase C, the card plays
    assert set(g.menus) == {"play one card:", "play two cards:"}  # one menu per number of cards, not 16 buttons
    menu, go = g.menus["play one card:"]
    assert all(o.startswith("move ") and " MP with R" in o or " MP with T" in o for o, _k in menu.options)
    assert f"MP: {GLOSSARY['MP']}" in menu.tooltip and "R78 [2]: a card" in menu.tooltip
    assert "MP: " in go.tooltip and go.tooltip.startswith(str(menu.value) + " — §13.C")
    assert isinstance(g.needs_html, widgets.HTML) and "Your hand: " in g.needs_html.value


def test_the_formulagp_pictures_codes_have_their_meaning_on_hover() -> None:
    """F0's picture (an SVG): each text with a code or an abbreviation (S23.1.1, OT, ERS, DRS) carries a <title>."""
    from racebook.core.plainwords import svg_titles
    from racebook.formulagp.ui import GuidedRace as FgpGuided

    g = FgpGuided(seed=3, rounds=1)
    texts = re.findall(r"<text\b[^>]*>(.*?)</text>", g.picture.value, re.S)
    coded = [t for t in texts if meanings([re.sub(r"<title>.*?</title>", "", t)], g.terms)]
    assert len(coded) >= 10 and all(t.startswith("<title>") for t in coded), coded[:5]
    assert svg_titles('<svg><text x="1">plain words</text></svg>', g.terms) == \
        '<svg><text x="1">plain words</text></svg>'


def _shown(value: str) -> str:
    """An HTML value's visible text (its hover titles left out)."""
    return re.sub(r"<[^>]+>", " ", html.unescape(re.sub(r'title="[^"]*"', "", value)))


def test_the_automobiles_look_back_stepper_reads_in_plain_words() -> None:
    """A0's stepper (looking back over the race): at every event, its sentence, its badge and its log have no § and
    no unexplained glossary abbreviation; the badge reads "rule", its section on hover; the log has no rule column.
    The rules reference's steppers elsewhere keep their "§" badges."""
    from racebook.automobiles.ui import GuidedRace as AutoGuided
    from racebook.ui.stepper import Stepper

    g = AutoGuided(seed=3, rounds=2)
    while g.offered:
        g.press(g.suggested or g.offered[0])
    st = g.player.stepper
    assert st.count > 20
    problems, badges = [], 0
    for p in range(st.count + 1):
        st.go(p)
        for name, value in (("sentence", st.sentence.value), ("log", st.log_html.value)):
            if "§" in _shown(value):
                problems.append(f"{p} {name}: § in {_shown(value)[:160]!r}")
            problems += [f"{p} {name}: {a} unexplained" for a in unexplained(_read(value))]
        badge = re.search(r'<a class="rb-rule"[^>]*title="([^"]*)"[^>]*>([^<]*)</a>', st.sentence.value)
        if badge:
            badges += 1
            assert badge.group(2) == "rule" and "§" in badge.group(1), badge.group(0)
    assert not problems, problems[:10]
    assert badges > 10
    assert ">rule<" not in st.log_html.value and "what happened" in st.log_html.value
    car = st.event.car_id  # a term of the log's words is shown with its meaning on hover
    st.plain_words((Term(re.escape(car), "a car in the race"), *g.model.terms))
    assert f'<abbr class="rb-term" title="a car in the race">{car}</abbr>' in st.log_html.value
    plain = Stepper(g.model.race)  # a stepper not in plain words: the rules reference's badge, "§…"
    plain.go(plain.count)
    assert "§" in _shown(plain.sentence.value) and "<th>rule</th>" in plain.log_html.value
