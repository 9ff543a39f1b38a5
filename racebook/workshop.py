"""Presenter mode for clubs: the mechanic notebooks as clean Voilà apps (issue 9).

``racebook workshop [NOTEBOOK_OR_DIR] [--port P] [--ip HOST] [--token T]`` (and ``make workshop NB=02 PORT=8870
HOST=0.0.0.0``) starts Voilà with racebook's
presenter template (``racebook/ui/presenter/voila/templates/racebook``): no code, large type,
only the notebook's explanation and its live widgets. The engine never imports Voilà: this
module only builds the command line and runs it in a child process.

Links to the rules reference work there too (issue 18): on start the digests are rendered to HTML into a
throwaway template folder (:mod:`racebook.rulepages`), removed on exit, and the template points every
``docs/rules/<file>.md#<anchor>`` link (markdown citations, widget rule badges) at them.

Serving beyond this machine (``--ip 0.0.0.0``) always requires a token (a new one, printed in the URL); on
loopback none unless asked (``--token auto`` or ``--token VALUE``). The URL is printed only once the server
answers on it: a busy port asked for is a one-line error, and with no port asked the first free one from 8866
is taken.
"""

from __future__ import annotations

import ipaddress
import os
import re
import secrets
import signal
import socket
import subprocess
import sys
import time
import webbrowser
from dataclasses import dataclass
from pathlib import Path

from racebook.core.errors import DataError, RacebookError
from racebook.core.notebooknames import NOTEBOOK_NAME

TEMPLATE = "racebook"
DEFAULT_PORT = 8866
LOOPBACK = "127.0.0.1"
#: What a viewer sees instead of a cell's error (Voilà strips the traceback): no path, no internals.
CELL_ERROR = ("This part of the lesson could not be shown. The presenter can open the notebook in JupyterLab "
              "(make lab) to see why.")
#: A directory on JUPYTER_PATH that holds ``voila/templates/racebook``.
PRESENTER_ROOT = Path(__file__).resolve().parent / "ui" / "presenter"


class WorkshopError(RacebookError):
    """The presenter mode cannot start (no notebooks, or Voilà is missing)."""


@dataclass(frozen=True, slots=True)
class WorkshopCommand:
    argv: list[str]
    env: dict[str, str]
    url: str  # what viewers open (with ?token= when the server requires one)
    port: int


def _executed_notebooks(nb_dir: Path) -> list[Path]:
    """The executed notebooks under ``nb_dir`` (one folder per game: ``notebooks/rf90/04_duels.ipynb``), in
    order; JupyterLab's checkpoints are not notebooks."""
    return sorted((p for p in nb_dir.rglob("*.ipynb") if ".ipynb_checkpoints" not in p.parts),
                  key=lambda p: (p.stem, p.parent.name))


def _names(stem: str, name: str) -> bool:
    """Whether ``name`` names the notebook ``stem``: its whole stem, its number (``04``), or its number and part
    (``05a``); a bare number names every part of a topic in parts (``05`` names ``05a_…`` and ``05b_…``)."""
    if stem == name or stem.startswith(f"{name}_"):
        return True
    found = NOTEBOOK_NAME.fullmatch(stem)
    return found is not None and found["part"] != "" and found["number"] == name


def find_notebooks(target: str | None, cwd: Path | None = None) -> Path:
    """The notebook or folder to serve: ``target`` as a path, or a notebook under ``notebooks/`` (in any game's
    folder) named by its number or name (``04``, ``04_duels``, or ``rf90/04`` for one game's); no target = the
    whole ``notebooks/`` folder."""
    base = Path(cwd or Path.cwd())
    nb_dir = base / "notebooks"
    if not target:
        if nb_dir.is_dir():
            return nb_dir
        raise WorkshopError(f"no notebooks/ folder in {base}: run from the racebook checkout, "
                            "or give a notebook or folder")
    path = Path(target)
    if not path.is_absolute():
        path = base / path
    try:
        if path.exists():
            return path
    except (OSError, ValueError) as e:  # a name too long, a NUL byte: not a notebook
        raise WorkshopError(f"{target[:120]!r} is not a notebook or folder ({getattr(e, 'strerror', None) or e})") \
            from None
    if nb_dir.is_dir():
        every = _executed_notebooks(nb_dir)
        game, _, name = target.rpartition("/")  # "rf90/04": notebook 04 of that game's folder
        hits = [p for p in every if _names(p.stem, name) and (not game or p.parent.name == game)]
        if len(hits) == 1:
            return hits[0]
        names = ", ".join(p.stem for p in every)
        if hits:
            raise WorkshopError(f"{target!r} names several notebooks: {', '.join(p.stem for p in hits)}")
        raise WorkshopError(f"no notebook {target!r}: give a path, or one of {names}")
    raise WorkshopError(f"{target!r} is not a notebook or folder, and there is no notebooks/ folder in {base}")


def command(target: Path, port: int = DEFAULT_PORT, open_browser: bool = True, ip: str = LOOPBACK,
            token: str | None = None, pages: Path | None = None) -> WorkshopCommand:
    """The Voilà command line and environment for presenting ``target`` (a notebook or a folder).

    Viewers never see a server traceback or a server path: Voilà strips error outputs and tracebacks
    (``--show_tracebacks=False``) and says :data:`CELL_ERROR` instead, the template shows that line, and the
    widgets show one friendly line per mistake (:class:`racebook.ui.errors.ErrorLog`). Voilà never moves to another
    port (``port_retries=0``): the URL is the one served. A ``token`` is required by the server (``?token=`` in the
    URL); the browser is opened by :func:`main`, with the token, once the server answers. ``pages`` is a folder
    holding the rendered rules digests (:func:`racebook.rulepages.presenter_root`), put first on ``JUPYTER_PATH``."""
    env = dict(os.environ)
    roots = (str(pages) if pages else "", str(PRESENTER_ROOT), env.get("JUPYTER_PATH", ""))
    env["JUPYTER_PATH"] = os.pathsep.join(p for p in roots if p)
    argv = [sys.executable, "-m", "voila", str(target), f"--template={TEMPLATE}", "--strip_sources=True",
            "--show_tracebacks=False", f"--VoilaExecutor.cell_error_instruction={CELL_ERROR}", "--theme=light",
            f"--port={port}", f"--Voila.ip={ip}", "--Voila.port_retries=0", "--no-browser",
            f"--Voila.token={token or ''}"]
    del open_browser  # main() opens the browser itself, on the URL it printed
    query = f"?token={token}" if token else ""
    return WorkshopCommand(argv, env, f"http://{_url_host(ip)}:{port}/{query}", port)


def _url_host(ip: str) -> str:
    """The host a viewer types: this machine's address on the local network when serving on every interface."""
    if ip in ("", "0.0.0.0", "::"):
        try:
            with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
                s.connect(("192.0.2.1", 9))  # no packet is sent: only picks the outgoing interface
                return str(s.getsockname()[0])
        except OSError:
            return socket.gethostname()
    return f"[{ip}]" if ":" in ip else ip


def check_ip(ip: str) -> str:
    """``--ip`` as given, if it is an address to serve on: an IPv4 or IPv6 address (``127.0.0.1``, ``0.0.0.0``,
    ``::1``), ``localhost`` or ``""`` (every interface, as Voilà reads it). Anything else (``999.1.1.1``, a host
    name, ``127.0.0.1:80``) is a one-line DataError naming ``--ip``: before this check it could not be bound and
    was reported as a busy port."""
    if ip in ("", "localhost"):
        return ip
    try:
        ipaddress.ip_address(ip)
    except ValueError:
        raise DataError("<args>", "--ip", f"{ip[:60]!r} is not an IP address: use 127.0.0.1 (this machine only), "
                                          "0.0.0.0 (the room's network), ::1, :: or localhost") from None
    return ip


def is_loopback(ip: str) -> bool:
    """True for an address only this machine can reach (127.x, ::1, localhost)."""
    if ip == "localhost":
        return True
    try:
        return ipaddress.ip_address(ip).is_loopback
    except ValueError:
        return False


def choose_token(ip: str, token: str | None) -> str | None:
    """The token the server requires: the one asked for (``auto`` = a new one), else a new one beyond loopback;
    none on loopback unless asked."""
    if token == "auto" or (token is None and not is_loopback(ip)):
        return secrets.token_urlsafe(16)
    if token is not None and not re.fullmatch(r"[A-Za-z0-9_-]{8,128}", token):
        raise WorkshopError(f"--token {token[:40]!r}: use 8 to 128 letters, digits, '-' or '_', or 'auto'")
    return token


def _port_free(ip: str, port: int) -> bool:
    """Can a server listen on ``ip:port`` now (as tornado binds: SO_REUSEADDR)?"""
    family = socket.AF_INET6 if ":" in ip else socket.AF_INET
    with socket.socket(family, socket.SOCK_STREAM) as s:
        s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            s.bind(("127.0.0.1" if ip == "localhost" else ip, port))
        except OSError:
            return False
    return True


def choose_port(ip: str, port: int | None, start: int = DEFAULT_PORT, tries: int = 20) -> int:
    """The port to serve on: ``port`` if it is free (else a one-line error); with no port asked, the first free one
    from ``start``."""
    if port is not None:
        if not _port_free(ip, port):
            raise WorkshopError(f"port {port} on {ip} is busy (another server is using it): "
                                "choose another with --port, or leave --port out to take a free one")
        return port
    for p in range(start, start + tries):
        if _port_free(ip, p):
            return p
    raise WorkshopError(f"no free port on {ip} between {start} and {start + tries - 1}: give one with --port")


def _serving(proc: subprocess.Popen[bytes], ip: str, port: int, timeout: float) -> bool:
    """Wait until the server accepts connections on ``port`` (True) or exits (False)."""
    host = {"": "127.0.0.1", "0.0.0.0": "127.0.0.1", "::": "::1", "localhost": "127.0.0.1"}.get(ip, ip)
    deadline = time.monotonic() + timeout
    while proc.poll() is None and time.monotonic() < deadline:
        try:
            with socket.create_connection((host, port), timeout=1):
                return True
        except OSError:
            time.sleep(0.2)
    return False


def main(target: str | None, port: int | None = None, open_browser: bool = True, ip: str = LOOPBACK,
         token: str | None = None, timeout: float = 120.0) -> int:
    """Serve ``target`` in presenter mode; print the URL once the server answers on it (with the token)."""
    check_ip(ip)
    nb = find_notebooks(target)
    port, token = choose_port(ip, port), choose_token(ip, token)
    try:
        import voila  # noqa: F401  (only to fail early with a clear message)
    except ImportError as e:
        raise WorkshopError("Voilà is not installed: `make workshop` installs it, "
                            "or pip install 'racebook[lab]'") from e
    from racebook.rulepages import presenter_root

    with presenter_root() as pages:  # the rules digests as pages, removed when the server stops
        return _serve(command(nb, port, open_browser, ip, token, pages), ip, open_browser, timeout)


def _serve(cmd: WorkshopCommand, ip: str, open_browser: bool, timeout: float) -> int:
    """Run the server of ``cmd`` until it exits or the launcher is stopped; print its URL once it answers."""
    proc = subprocess.Popen(cmd.argv, env=cmd.env)
    previous = signal.signal(signal.SIGTERM, _stop)  # stopping the launcher stops the server too
    try:
        if not _serving(proc, ip, cmd.port, timeout):
            code = proc.poll()
            raise WorkshopError(f"Voilà did not start serving on {ip}:{cmd.port} (exit status {code}); "
                                "its log is above")
        print(f"racebook workshop: presenter mode on {cmd.url} (Ctrl+C stops it)", flush=True)
        if not is_loopback(ip):
            print("racebook workshop: anyone on this network with the URL (and its token) can watch and click; "
                  "a viewer never sees code, server paths or tracebacks", flush=True)
        if open_browser:
            webbrowser.open(cmd.url)
        return proc.wait()
    except (KeyboardInterrupt, SystemExit):
        return 0
    finally:
        signal.signal(signal.SIGTERM, previous)
        if proc.poll() is None:
            proc.terminate()
            try:
                proc.wait(10)
            except subprocess.TimeoutExpired:
                proc.kill()


def _stop(_signum: int, _frame: object) -> None:
    raise SystemExit(0)
