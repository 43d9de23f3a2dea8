"""A cache of validated knowledge: a cold ``bridgelaw rule`` reads one file instead of every law.

Parsing and validating the YAML is most of a cold start, and grows with every
law encoded; unpickling the validated model takes a few milliseconds.
``cached(root, files, load, Knowledge)`` returns ``load()``'s Knowledge, kept in
``$XDG_CACHE_HOME/bridgelaw/`` (``~/.cache/bridgelaw/``) under a SHA-256 of
the root, of every file the loader reads and of bridgelaw's own source: any
edit to the knowledge, the vocabulary or the program is a miss, and the
knowledge is loaded and checked again.  Only knowledge that loaded without
error is kept, so mistakes are reported with their lines on every run.

``recall(kind, digest)`` and ``keep(kind, digest, value)`` keep smaller results the same way, one file each
under ``bridgelaw/KIND/``, the caller's digest covering all the value rests on (a claim's search: read/dd.py;
data found valid: read/schemas.py), at most SMALL of a kind.

``BRIDGELAW_CACHE=off`` turns it off.  A cache that cannot be read or written
is passed over silently; so is anything in a cache file's place that is not a
regular file (a FIFO is never opened: it would block) and a file that does not
hold what ``load()`` returns.  The files are pickles bridgelaw wrote in the
user's own cache folder; they are never shared between users.
"""
from __future__ import annotations

import hashlib
import os
import pickle
import stat
import sys
from pathlib import Path
from typing import Callable

from .files import write_atomic

_SOURCE = Path(__file__).resolve().parent.parent  # the whole bridgelaw package
KEEP = 8  # cached knowledge files kept, over all project roots


def folder() -> Path:
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "bridgelaw"


def key(root: Path, files: list[Path]) -> str:
    """SHA-256 over the root, the files' names and contents, bridgelaw's source and the Python version."""
    h = hashlib.sha256(f"{sys.version_info[:2]}\0{root.resolve()}\0".encode())
    for path in list(files) + sorted(_SOURCE.rglob("*.py")):
        h.update(str(path).encode() + b"\0")
        try:
            h.update(path.read_bytes())
        except OSError:
            h.update(b"\0missing\0")
    return h.hexdigest()


def caching() -> bool:
    """Whether the cache is on (``BRIDGELAW_CACHE=off`` turns it off)."""
    return os.environ.get("BRIDGELAW_CACHE", "").lower() not in ("off", "0", "no")


def cached(root: Path, files: list[Path], load: Callable, kind: type = object, digest: str | None = None):
    """``load()``, or what it returned before for the same files and program (a ``kind``: anything else is a miss);
    ``digest``: ``key(root, files)`` where the caller has it already (it reads every file).

    One file per project root (writing a new one removes the root's older ones), and
    at most KEEP in all, the least recently used removed first.
    """
    if not caching():
        return load()
    prefix = "knowledge-" + hashlib.sha256(str(root.resolve()).encode()).hexdigest()[:12] + "-"
    path = folder() / f"{prefix}{digest or key(root, files)}.pickle"
    try:
        value = _read(path)
        if isinstance(value, kind):
            os.utime(path)
            return value
    except Exception:  # a miss, or a file this program cannot read: load afresh
        pass
    value = load()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        write_atomic(path, pickle.dumps(value, protocol=pickle.HIGHEST_PROTOCOL))
        for old in path.parent.glob(prefix + "*.pickle"):
            if old != path:
                old.unlink(missing_ok=True)
        kept = sorted(path.parent.glob("knowledge-*.pickle"), key=lambda p: p.stat().st_mtime, reverse=True)
        for old in kept[KEEP:]:
            old.unlink(missing_ok=True)
    except Exception:
        pass
    return value


def _read(path: Path):
    """The pickle at ``path`` if it is a regular file (opened without blocking, checked once open)."""
    fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK)
    with os.fdopen(fd, "rb") as f:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise OSError(f"{path} is not a regular file")
        return pickle.load(f)


SMALL = 4096  # small results kept per kind (a claim's search...), the least recently written removed first


def recall(kind: str, digest: str):
    """What ``keep(kind, digest, value)`` kept, or None (a miss, the cache off, a file that cannot be read)."""
    if not caching():
        return None
    try:
        return _read(folder() / kind / f"{digest}.pickle")
    except Exception:
        return None


def keep(kind: str, digest: str, value) -> None:
    """Keep ``value`` under ``digest`` (a SHA-256 of all it was computed from and of the code computing it),
    at most SMALL of a kind; a cache that cannot be written is passed over."""
    if not caching():
        return
    try:
        path = folder() / kind / f"{digest}.pickle"
        path.parent.mkdir(parents=True, exist_ok=True)
        write_atomic(path, pickle.dumps(value, protocol=pickle.HIGHEST_PROTOCOL))
        kept = list(path.parent.glob("*.pickle"))
        if len(kept) > SMALL:
            kept.sort(key=lambda p: p.stat().st_mtime)
            for old in kept[:len(kept) - SMALL]:
                old.unlink(missing_ok=True)
    except Exception:
        pass
