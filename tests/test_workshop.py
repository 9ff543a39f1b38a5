"""Presenter mode's launcher (racebook.workshop): which notebook, which command, which port and token; and one
real server (a notebook that raises, served beyond loopback)."""

from __future__ import annotations

import importlib.util
import json
import os
import re
import signal
import socket
import subprocess
import sys
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from racebook import cli
from racebook.core.errors import RacebookError
from racebook.workshop import (
    CELL_ERROR,
    PRESENTER_ROOT,
    TEMPLATE,
    WorkshopError,
    choose_port,
    choose_token,
    command,
    find_notebooks,
)

REPO = Path(__file__).resolve().parent.parent


def test_find_by_number_name_and_folder() -> None:
    assert find_notebooks("04", REPO) == REPO / "notebooks" / "rf90" / "04_duels.ipynb"
    assert find_notebooks("05a_late_braking", REPO) == REPO / "notebooks" / "rf90" / "05a_late_braking.ipynb"
    assert find_notebooks("notebooks/rf90/07_fuel_and_pits.ipynb", REPO).name == "07_fuel_and_pits.ipynb"
    assert find_notebooks("rf90/02", REPO) == REPO / "notebooks" / "rf90" / "02_check_tests.ipynb"
    assert find_notebooks(None, REPO) == REPO / "notebooks"


def test_a_topic_in_parts_is_found_by_part_and_its_number_names_every_part(tmp_path: Path) -> None:
    game = tmp_path / "notebooks" / "rf90"
    game.mkdir(parents=True)
    for stem in ("04_duels", "05a_late_braking", "05b_late_braking_in_the_race"):
        (game / f"{stem}.ipynb").write_text("{}")
    assert find_notebooks("05a", tmp_path) == game / "05a_late_braking.ipynb"
    assert find_notebooks("rf90/05b", tmp_path) == game / "05b_late_braking_in_the_race.ipynb"
    assert find_notebooks("04", tmp_path) == game / "04_duels.ipynb"
    with pytest.raises(WorkshopError, match=r"'05' names several notebooks: 05a_late_braking, 05b_late_braking_in_"):
        find_notebooks("05", tmp_path)
    with pytest.raises(WorkshopError, match=r"no notebook '05c'"):
        find_notebooks("05c", tmp_path)


def test_unknown_notebook_says_what_exists(tmp_path: Path) -> None:
    with pytest.raises(WorkshopError, match=r"no notebook '99'.*03_activation"):
        find_notebooks("99", REPO)
    with pytest.raises(WorkshopError, match=r"no notebook 'formulagp/02'"):
        find_notebooks("formulagp/02", REPO)
    with pytest.raises(RacebookError, match="no notebooks/ folder"):
        find_notebooks(None, tmp_path)


def test_command_uses_the_presenter_template() -> None:
    cmd = command(REPO / "notebooks" / "rf90" / "03_activation.ipynb", port=9999, open_browser=False)
    assert f"--template={TEMPLATE}" in cmd.argv and "--strip_sources=True" in cmd.argv and "--no-browser" in cmd.argv
    assert cmd.env["JUPYTER_PATH"].split(":")[0] == str(PRESENTER_ROOT)
    tpl = PRESENTER_ROOT / "voila" / "templates" / TEMPLATE
    assert json.loads((tpl / "conf.json").read_text())["base_template"] == "lab"
    assert "presenter-show" in (tpl / "index.html.j2").read_text()
    assert cmd.url == "http://127.0.0.1:9999/"


# ----------------------------------------------------------------- issue 18 item 4: a club's presenter mode
def test_a_token_is_required_beyond_loopback_and_printed_in_the_url() -> None:
    assert choose_token("127.0.0.1", None) is None and choose_token("localhost", None) is None
    made = choose_token("0.0.0.0", None)
    assert made is not None and len(made) >= 16 and made != choose_token("0.0.0.0", None)
    assert choose_token("192.168.1.20", "club-night-2026") == "club-night-2026"
    auto = choose_token("127.0.0.1", "auto")
    assert auto is not None and len(auto) >= 16
    with pytest.raises(WorkshopError, match=r"--token 'a b': use 8 to 128 letters"):
        choose_token("0.0.0.0", "a b")
    cmd = command(REPO / "notebooks", port=8870, ip="0.0.0.0", token="abcdefgh1234")
    assert "--Voila.token=abcdefgh1234" in cmd.argv and "--Voila.ip=0.0.0.0" in cmd.argv
    assert cmd.url.endswith(":8870/?token=abcdefgh1234") and "0.0.0.0" not in cmd.url
    assert "--Voila.token=" in command(REPO / "notebooks").argv  # loopback: explicitly no token
    assert "--Voila.port_retries=0" in cmd.argv  # Voilà never moves to a port the URL does not name


def _listening() -> socket.socket:
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    s.listen()
    return s


def test_a_busy_port_asked_for_is_a_one_line_error(capsys: pytest.CaptureFixture[str]) -> None:
    with _listening() as busy:
        port = busy.getsockname()[1]
        with pytest.raises(WorkshopError, match=rf"^port {port} on 127.0.0.1 is busy"):
            choose_port("127.0.0.1", port)
        assert cli.main(["workshop", "02", "--port", str(port), "--no-browser"]) == 2
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and err.startswith(f"racebook: port {port} on 127.0.0.1 is busy")


def test_no_port_asked_takes_the_first_free_one() -> None:
    with _listening() as busy:
        port = busy.getsockname()[1]
        got = choose_port("127.0.0.1", None, start=port)
        assert got != port and port < got < port + 20
        with socket.socket() as s:  # the port chosen is really free
            s.bind(("127.0.0.1", got))
        assert choose_port("127.0.0.1", got) == got


_BROKEN = {"cells": [
    {"cell_type": "markdown", "id": "m", "metadata": {}, "source": ["# A lesson that breaks"]},
    {"cell_type": "code", "execution_count": None, "id": "c", "metadata": {}, "outputs": [],
     "source": ["import racebook\n", "racebook.load_scenario('/server/secret/folder/missing.toml')\n"]}],
    "metadata": {"kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"}},
    "nbformat": 4, "nbformat_minor": 5}


@pytest.mark.skipif(importlib.util.find_spec("voila") is None, reason="Voilà is not installed")
def test_served_beyond_loopback_the_printed_url_works_needs_its_token_and_hides_errors(tmp_path: Path) -> None:
    """The whole launcher as a club runs it: --ip 0.0.0.0 prints a URL with a token once the server answers; that
    URL serves the page, without the token nothing is served; a cell that raises shows one friendly line, never a
    traceback or a server path."""
    nb = tmp_path / "broken.ipynb"
    nb.write_text(json.dumps(_BROKEN), encoding="utf-8")
    env = dict(os.environ, PYTHONPATH=str(REPO))
    launcher = "import sys; from racebook.cli import main; sys.exit(main())"
    argv = [sys.executable, "-c", launcher, "workshop", str(nb), "--ip", "0.0.0.0", "--no-browser"]
    proc = subprocess.Popen(argv, cwd=tmp_path, env=env, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True,
                            start_new_session=True)
    try:
        assert proc.stdout is not None
        line = proc.stdout.readline()  # printed only once the server answers
        m = re.match(r"racebook workshop: presenter mode on (http://\S+:(\d+)/\?token=([\w-]+)) ", line)
        assert m is not None, line
        url, port, token = m.group(1), int(m.group(2)), m.group(3)
        assert len(token) >= 16
        bare = url.split("?")[0]
        opener = urllib.request.build_opener(_NoRedirect)
        with pytest.raises(urllib.error.HTTPError) as refused:
            opener.open(bare, timeout=30)
        assert refused.value.code in (302, 401, 403)
        with urllib.request.urlopen(url, timeout=120) as r:
            page = r.read().decode("utf-8")
        assert "A lesson that breaks" in page and CELL_ERROR in page
        for leak in ("Traceback", "/server/secret", str(tmp_path), str(REPO), "ScenarioError", "site-packages"):
            assert leak not in page, leak
        assert port > 0
        with pytest.raises(urllib.error.HTTPError) as missing:  # an error page names no server path either
            urllib.request.urlopen(f"{bare}voila/render/missing.ipynb?token={token}", timeout=60)
        body = missing.value.read().decode("utf-8", "replace")
        assert missing.value.code in (403, 404) and "Traceback" not in body and str(tmp_path) not in body
    finally:
        os.killpg(proc.pid, signal.SIGTERM)
        proc.wait(timeout=30)


class _NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args: object, **kwargs: object) -> None:
        return None


def test_each_formulagp_notebook_is_found_by_its_code() -> None:
    """`racebook workshop F3` (issue 32): F0–F4 each by its code, with or without the game's folder."""
    for stem in ("F0_first_race", "F1_cards_gears_and_movement", "F2_overtaking_and_battles",
                 "F3_hazards_pits_and_race_control", "F4_advanced_race_and_pro_bots"):
        want = REPO / "notebooks" / "formulagp" / f"{stem}.ipynb"
        assert find_notebooks(stem[:2], REPO) == find_notebooks(f"formulagp/{stem[:2]}", REPO) == want
