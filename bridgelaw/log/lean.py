"""What ``rule --log`` and ``ask --log`` need, on the standard library alone (sqlite3 loaded only to write, so
the offline page's Pyodide, which has none, can read this module): where the log is, the schema's
newest revision, and the write of one entry to an SQLite log already at it.

Loading SQLAlchemy costs a cold command about half a second of CPU (seconds on a loaded machine), more than
the ruling; the write itself is two INSERTs.  So a ruling logged to an SQLite file whose schema is at HEAD is
written through sqlite3, with the pragmas and the write lock store.py gives its connections (WAL, a 30 s busy
timeout, BEGIN IMMEDIATE, foreign keys on): the entry and its laws in one transaction, whole or not at all.
The schema stays model.py's, made by the Alembic migrations: this module writes the columns an entry's fields
give (``values``, the same mapping store.py inserts through SQLAlchemy) to the tables model.py names, and
a database that is new, behind, or not SQLite goes through ``store.open_store``, which migrates it.
"""
from __future__ import annotations

import os
from pathlib import Path

from ..errors import BridgelawError, Loc, Problem
from .record import Entry, indexed

HEAD = "0003"  # the newest migration (tests/test_log.py holds it to the scripts)
ENV = "BRIDGELAW_DB"
SQLITE = "sqlite:///"


class LogError(BridgelawError):
    def __init__(self, where: str, message: str):
        super().__init__(Problem(Loc(where), message))


def default_path() -> Path:
    from platformdirs import user_data_path
    return user_data_path("bridgelaw", appauthor=False) / "log.sqlite"


def db_url(arg: str | None = None) -> str:
    """The database to use: ``--db``, else BRIDGELAW_DB, else the SQLite file in the user's data folder."""
    given = arg or os.environ.get(ENV)
    if not given:
        return f"{SQLITE}{default_path()}"
    if "://" not in given:  # a file path
        return f"{SQLITE}{Path(given).expanduser().resolve()}"
    for plain in ("postgresql://", "postgres://"):
        if given.startswith(plain):
            return "postgresql+psycopg://" + given[len(plain):]
    return given


def values(e: Entry) -> dict:
    """The entry's row of the ``entry`` table: its fields, ``table`` as ``table_no``, the laws as one text."""
    d = e.to_dict()
    d["table_no"] = d.pop("table")
    d["laws"] = " ".join(e.laws)
    return d


class Writer:
    """An SQLite log at HEAD, open for appending entries on sqlite3."""

    def __init__(self, url: str, path: Path):
        self.url = self.shown = url
        self.path = path

    def close(self) -> None:  # as Store's: each add opens and closes its own connection
        pass

    def _connect(self):
        import sqlite3
        c = sqlite3.connect(self.path, timeout=30, isolation_level=None)
        c.execute("PRAGMA journal_mode=WAL")
        c.execute("PRAGMA synchronous=FULL")
        c.execute("PRAGMA foreign_keys=ON")
        return c

    def at_head(self) -> bool:
        import sqlite3
        try:
            c = sqlite3.connect(f"file:{self.path}?mode=ro", uri=True, timeout=30)
        except sqlite3.Error:
            return False
        try:
            return c.execute("SELECT version_num FROM alembic_version").fetchone() == (HEAD,)
        except sqlite3.Error:  # no such table: a new database, or not a log
            return False
        finally:
            c.close()

    def add(self, e: Entry) -> int:
        """Append one entry with its laws, in one transaction; its id."""
        import sqlite3
        row = values(e)
        try:
            c = self._connect()
        except sqlite3.Error as x:
            raise LogError(self.shown, f"not logged: {x}") from None
        try:
            c.execute("BEGIN IMMEDIATE")
            n = c.execute(f"INSERT INTO entry ({', '.join(row)}) VALUES ({', '.join('?' * len(row))})",
                          list(row.values())).lastrowid
            c.executemany("INSERT INTO entry_law (law, entry_id) VALUES (?, ?)", [(k, n) for k in indexed(e)])
            c.execute("COMMIT")
            return n
        except sqlite3.Error as x:
            if c.in_transaction:
                c.execute("ROLLBACK")
            raise LogError(self.shown, f"not logged: {str(x).strip().splitlines()[0]}") from None
        finally:
            c.close()


def open_writer(url: str | None = None):
    """Where to append entries: a Writer for an SQLite file already at HEAD, else the Store (store.py) for
    ``url``, migrated.  Both have ``add(entry) -> id`` and ``shown``."""
    url = db_url(url)
    if url.startswith(SQLITE) and "?" not in url:
        path = Path(url[len(SQLITE):])
        if path.name and str(path) != ":memory:" and path.is_file():
            w = Writer(url, path)
            if w.at_head():
                return w
    from .store import open_store
    return open_store(url)
