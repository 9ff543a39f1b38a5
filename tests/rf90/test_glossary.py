"""The glossary English ⇄ Portuguese (digest §1) shipped as package data."""

from __future__ import annotations

import importlib.util
import tomllib
from pathlib import Path

import pytest

from racebook.rf90 import glossary
from racebook.rf90.glossary import Term

ROOT = Path(__file__).resolve().parents[2]
DIGEST = ROOT / "docs" / "rules" / "rf90_rules_digest.md"  # in the repository (issue 18): the test never skips


def _make_glossary():
    spec = importlib.util.spec_from_file_location("make_glossary", ROOT / "tools" / "make_glossary.py")
    assert spec and spec.loader
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def test_load_gives_the_digest_table_in_order() -> None:
    terms = glossary.load()
    assert len(terms) >= 70
    assert terms[0] == Term("Section", "seção", "Unit of track. Several cars fit in one section.")
    assert all(t.english and t.portuguese for t in terms)
    assert len({t.english for t in terms}) == len(terms)
    assert glossary.load() is terms  # cached


def test_the_shipped_file_is_package_data() -> None:
    assert glossary.GLOSSARY_FILE.parent.name == "data"
    assert glossary.GLOSSARY_FILE.parent.parent == Path(glossary.__file__).parent


def test_search_freio_finds_the_braking_zone() -> None:
    found = glossary.search("freio")
    assert [t.english for t in found] == ["Braking zone / brake section"]
    assert found[0].portuguese == "seção de Freio / Zona de Frenagem"


def test_search_ignores_case_and_accents() -> None:
    assert glossary.search("SECAO") == glossary.search("seção")
    assert Term("Section", "seção", "Unit of track. Several cars fit in one section.") in glossary.search("secao")
    assert [t.english for t in glossary.search("teste cego")] == ["Blind test"]
    assert [t.english for t in glossary.search("Líder")][:2] == ["Leader token", "Leader lapping check"]


def test_search_needs_every_word_and_ranks_names_before_notes() -> None:
    names = [t.english for t in glossary.search("test")]
    # "Check factor" matches through its Portuguese name "valor de teste"
    assert names[:4] == ["Check factor", "Check test", "Normal test", "Blind test"]
    assert [t.english for t in glossary.search("blue disc")] == ["Soft-tyre bonus token"]  # notes only
    assert glossary.search("blind nonsense") == []


def test_empty_search_returns_everything() -> None:
    assert glossary.search("") == list(glossary.load())
    assert glossary.search("   ") == list(glossary.load())


def test_search_in_a_given_list() -> None:
    terms = [Term("Duel", "duelo"), Term("Challenger", "DESAFIANTE")]
    assert glossary.search("desafiante", terms) == [terms[1]]


def test_portuguese_lookup() -> None:
    assert glossary.portuguese("Target Check") == "Target Check"
    assert glossary.portuguese("normal test") == "Teste Normal"
    assert glossary.portuguese("brake section") == "seção de Freio / Zona de Frenagem"
    with pytest.raises(KeyError, match="§1: 'Test' is not a glossary term"):
        glossary.portuguese("Test")


def test_fold() -> None:
    assert glossary.fold("  Seção  Frontal de   Ativação ") == "secao frontal de ativacao"
    assert glossary.fold("ROBÔ") == "robo"


def test_a_bad_file_is_refused(tmp_path: Path) -> None:
    bad = tmp_path / "g.toml"
    bad.write_text('[[terms]]\nenglish = "Duel"\nportuguese = ""\n', encoding="utf-8")
    with pytest.raises(ValueError, match=r"terms\[0\]"):
        glossary.load(bad)
    empty = tmp_path / "e.toml"
    empty.write_text('source = "x"\n', encoding="utf-8")
    with pytest.raises(ValueError, match="no \\[\\[terms\\]\\]"):
        glossary.load(empty)


def test_generator_parses_a_small_table() -> None:
    mg = _make_glossary()
    text = ("# D\n\n## 1. Glossary (English ⇄ Portuguese)\n\n| English | PT | Notes |\n|---|---|---|\n"
            "| Duel | **duelo** | a \"fight\" |\n| Bag | saco | |\n\n---\n\n## 2. Next\n| x | y | z |\n")
    rows = mg.parse(text)
    assert rows == [{"english": "Duel", "portuguese": "duelo", "notes": 'a "fight"'},
                    {"english": "Bag", "portuguese": "saco", "notes": ""}]
    out = mg.render(rows)
    assert 'notes = "a \\"fight\\""' in out
    assert glossary._parse(tomllib.loads(out))[0] == Term("Duel", "duelo", 'a "fight"')


def test_the_shipped_glossary_matches_the_digest() -> None:
    mg = _make_glossary()
    assert mg.render(mg.parse(DIGEST.read_text(encoding="utf-8"))) == glossary.GLOSSARY_FILE.read_text(
        encoding="utf-8"), "racebook/rf90/data/glossary.toml is out of date: run tools/make_glossary.py"
