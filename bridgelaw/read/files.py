"""Writing a file so that a failure never leaves a broken one: ``write_atomic(path, text | bytes)``.

Every file bridgelaw writes (``ask --save``, ``book``, ``schemas``, the knowledge
cache) goes through here.  The data is written to a temporary file in the
target's own folder, flushed to disk, and renamed over the target: the target
then holds the old content or the new one, never a part (a full disk, a
file-size limit, an interruption).  On failure the temporary file is removed
and the OSError raised; the target is untouched.  Only a regular file (or
none) is ever replaced: a folder, a device or a pipe in the target's place is
an OSError.  ``writable_target(path)``
says beforehand why a file could not be written there, if it could not.
"""
from __future__ import annotations

import errno
import os
from pathlib import Path

from ..words import word


def write_atomic(path: str | Path, data: str | bytes) -> None:
    """Write ``data`` (text as UTF-8) to ``path`` all at once, or not at all (OSError)."""
    path = Path(path)
    if path.exists() and not path.is_file():  # a folder, a device (/dev/full), a pipe: never replaced
        raise OSError(errno.EEXIST, "is not a regular file: not replaced", str(path))
    payload = data.encode("utf-8") if isinstance(data, str) else data
    import secrets  # (and with it random, hmac): only where a file is written, not on every start
    tmp = path.parent / f".{path.name}.{secrets.token_hex(4)}.tmp"
    mode = path.stat().st_mode & 0o777 if path.is_file() else 0o666  # a new file: as the umask says
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, mode)
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(payload)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise


def writable_target(path: str | Path, lang: str = "en") -> str | None:
    """Why a file could not be written at ``path`` (its folder missing or read-only, a folder in its
    place), in ``lang``, or None if it could."""
    path = Path(path)
    folder = path.parent
    if path.is_dir():
        return word("save.is_folder", lang)
    if path.exists() and not path.is_file():
        return word("save.not_regular", lang)
    if not folder.exists():
        return word("save.no_folder", lang, folder=folder)
    if not folder.is_dir():
        return word("save.not_folder", lang, folder=folder)
    if not os.access(folder, os.W_OK | os.X_OK):
        return word("save.read_only", lang, folder=folder)
    return None
