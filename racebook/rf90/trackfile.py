"""Load and validate track files (``tracks/rf90/<id>.toml``) into :class:`racebook.rf90.track.Track`.

The file format is described in ``tracks/rf90/SCHEMA.md``. In short: one TOML file per
track, parsed with :mod:`tomllib`, validated completely. Every problem raises
:class:`racebook.core.errors.TrackDataError` with the file, a dotted field path such as
``sections[3].type`` or ``routes.abbey-lb.nodes.t1.on_pass``, and a reason that
quotes the bad value and says what is allowed.

Conventions the loader applies:

* **Pit time.** The file stores the value as printed on the board, a negative
  integer (``time = -8``). :attr:`Track.pit_time` stores it as the positive number
  of sections a pitting car goes back (``8``).
* **Re-entry points.** :attr:`Section.reentry` is derived: a section has a
  re-entry point when some off-track route has a ``reentry`` node naming it.
* **Provenance.** Every table carries ``source`` (``"invented-for-teaching"`` or
  ``"manual: <citation>"``); ``sources = {field = "..."}`` overrides it for single
  fields. The object's ``source`` attribute is the table's ``source``; the
  per-field provenance of every value is in :attr:`Track.sources`, keyed by a
  stable path (``sections.Stowe.type``, ``corners.3.duel_modifier``,
  ``trajectories.Vale.t1.bonus``, ``routes.abbey-lb.nodes.t1.modifier``,
  ``pit.time``, ``weather.rain_side``, ``weather.spaces.55-46.range``,
  ``turns.spaces``, ``grid.Pits-3.cars``, ``track_cards.T01``).

Track ids resolve to ``<id>.toml`` on a search path: the directory named by the
environment variable ``RACEBOOK_TRACKS`` (if set), then the repository's
``tracks/rf90/`` directory (when running from a checkout), else the copy installed
with the package (``racebook/_tracks/rf90``). Loaded tracks are cached per resolved
path; call :func:`clear_cache` after editing a file in a running session.

This module is the search path and the public entry points; the validator is :mod:`racebook.rf90.trackparser`
(the file), :mod:`racebook.rf90.trackroutes` (routes and trajectories) and :mod:`racebook.rf90.trackschema` (keys
and field readers).
"""

from __future__ import annotations

import functools
import os
from pathlib import Path

from racebook.core.choices import valid_ids
from racebook.core.datafile import file_path, load_toml, parse_toml
from racebook.core.errors import TrackDataError
from racebook.rf90.track import Track
from racebook.rf90.trackparser import TrackParser
from racebook.rf90.trackschema import _NAME_RE, SCHEMA_VERSION  # noqa: F401 - SCHEMA_VERSION is public here

__all__ = ["load_track", "parse_track_text", "available_tracks", "track_dirs", "clear_cache", "SCHEMA_VERSION"]

ENV_VAR = "RACEBOOK_TRACKS"
_REPO_TRACKS = Path(__file__).resolve().parents[2] / "tracks" / "rf90"
_INSTALLED_TRACKS = Path(__file__).resolve().parents[1] / "_tracks" / "rf90"

_Parser = TrackParser  # the validator (racebook.rf90.trackparser); the old name


# --------------------------------------------------------------------------- public API


def track_dirs() -> list[Path]:
    """The directories searched for ``<id>.toml``, in order (see the module docstring)."""
    dirs: list[Path] = []
    env = os.environ.get(ENV_VAR)
    if env:
        p = Path(env).expanduser()
        try:
            is_dir = p.is_dir()
        except (OSError, ValueError):  # a name too long
            is_dir = False
        if not is_dir:
            raise TrackDataError(env, "<dir>", f"{ENV_VAR}={env!r} is not a directory")
        dirs.append(p)
    # A checkout has tracks/rf90/ (with SCHEMA.md) beside the package; an installed wheel has racebook/_tracks/rf90.
    # The SCHEMA.md marker keeps an unrelated site-packages/tracks folder from being picked up.
    if (_REPO_TRACKS / "SCHEMA.md").is_file():
        dirs.append(_REPO_TRACKS)
    elif _INSTALLED_TRACKS.is_dir():
        dirs.append(_INSTALLED_TRACKS)
    elif _REPO_TRACKS.is_dir():
        dirs.append(_REPO_TRACKS)
    return dirs


def available_tracks() -> list[str]:
    """The ids of all track files on the search path, sorted."""
    ids: set[str] = set()
    for d in track_dirs():
        ids.update(p.stem for p in d.glob("*.toml") if p.is_file())
    return sorted(ids)


def _resolve(path_or_id: str | os.PathLike[str]) -> Path:
    """The file of a track id or path; a name that cannot be a file raises TrackDataError (field ``<file>``)."""
    if not isinstance(path_or_id, (str, os.PathLike)):
        raise TrackDataError(repr(path_or_id), "<file>", "a track is named by an id or a path to a .toml file")
    s = os.fspath(path_or_id)
    if not isinstance(s, str):  # a bytes path
        raise TrackDataError(repr(s), "<file>", "a track path must be text")
    file_path(s, TrackDataError)  # an empty or blank name
    try:
        if isinstance(path_or_id, os.PathLike) or "/" in s or os.sep in s or s.endswith(".toml"):
            return Path(s).expanduser().resolve()
        if not _NAME_RE.match(s):
            raise TrackDataError(s, "<file>", f"{s!r} is not a track id (letters, digits, '_' and '-') or a path "
                                              "to a .toml file")
        dirs = track_dirs()
        for d in dirs:
            candidate = d / f"{s}.toml"
            if candidate.is_file():
                return candidate.resolve()
    except TrackDataError:
        raise  # also a ValueError: already names the file
    except (OSError, ValueError, RuntimeError) as e:  # name too long, NUL byte, symlink loop
        raise TrackDataError(s, "<file>", _os_reason(e)) from None
    known = available_tracks()
    where = ", ".join(str(d) for d in dirs) or "(no track directory found)"
    raise TrackDataError(s, "<file>", f"no track {s!r} in {where}; {valid_ids(s, known)}")


def _os_reason(e: BaseException) -> str:
    if isinstance(e, OSError) and e.strerror:
        return e.strerror.lower()
    return str(e) or type(e).__name__


def load_track(path_or_id: str | os.PathLike[str]) -> Track:
    """Load a track by id (``"silverstone"``) or by path to a ``.toml`` file.

    The result is cached per resolved path (tracks are immutable). ``Track.pit_time``
    is the printed pit time as a positive count of sections (printed -8 → 8).
    """
    return _load_resolved(_resolve(path_or_id))


def describe_track(path_or_id: str | os.PathLike[str]) -> str:
    """A track's one-line description (``racebook tracks``): ``Silverstone (31 sections, pit -8, 24 turns)``."""
    tr = load_track(path_or_id)
    return f"{tr.name} ({len(tr)} sections, pit -{tr.pit_time}, {tr.turns.last_turn} turns)"


@functools.lru_cache(maxsize=64)
def _load_resolved(path: Path) -> Track:
    raw = load_toml(path, TrackDataError)
    return TrackParser(str(path), path.stem).parse(raw)


def parse_track_text(text: str, file: str, track_id: str) -> Track:
    """A track from the text of a track file, validated exactly as :func:`load_track` validates a file.

    ``file`` names the source in errors; ``track_id`` is the id a file name would give. Used for tracks embedded
    in saved races (racebook.rf90.savefile)."""
    return TrackParser(file, track_id).parse(parse_toml(text, file, TrackDataError))


def clear_cache() -> None:
    """Forget loaded tracks (after editing a track file in a running session)."""
    _load_resolved.cache_clear()
