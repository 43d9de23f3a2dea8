"""The log's database: open it (migrating it when behind), append entries, find them.

``open_store(URL)``: ``sqlite:///PATH`` (the default: ``log.sqlite`` in the user's data folder, from
platformdirs), a plain file path, or ``postgresql://...`` (psycopg 3) for a federation's server;
``--db`` or ``BRIDGELAW_DB`` gives it.  SQLite runs in WAL mode with a 30 s busy timeout and every
write takes the write lock first (BEGIN IMMEDIATE), so many directors writing at once wait their
turn rather than fail; an entry and its laws are written in one transaction, whole or not at all.
Entries are never updated or deleted (the database refuses it: migration 0002).
"""
from __future__ import annotations

from pathlib import Path
from typing import Iterable, Iterator

from sqlalchemy import create_engine, event, func, insert, inspect, select, text
from sqlalchemy.engine import Connection, make_url
from sqlalchemy.exc import ArgumentError, SQLAlchemyError

from .lean import ENV, HEAD, LogError, db_url, default_path, values as _values  # noqa: F401 (ENV: said here)
from .model import entry, entry_law, event_token
from .record import FIELDS, Entry, indexed, law_key

MIGRATIONS = Path(__file__).resolve().parent / "migrations"
LOCK = 0x62726c67  # PostgreSQL advisory lock held while migrating ('brlg')


def shown(url: str) -> str:
    try:
        return make_url(url).render_as_string(hide_password=True)
    except ArgumentError:
        return url


def _row(r) -> Entry:
    d = {k: getattr(r, k) for k in FIELDS if k not in ("table", "laws")}
    return Entry(**d, table=r.table_no, laws=tuple(r.laws.split()) if r.laws else ())


class Store:
    """One database of the log.  ``add`` appends; the rest read."""

    def __init__(self, url: str):
        self.url = url
        self.shown = shown(url)
        try:
            u = make_url(url)
        except ArgumentError as e:
            raise LogError(url, f"not a database URL ({e}); give sqlite:///PATH or postgresql://USER@HOST/DB")
        self.sqlite = u.get_backend_name() == "sqlite"
        args = {}
        if self.sqlite:
            if u.database and u.database != ":memory:":
                folder = Path(u.database).parent
                if not folder.exists() and Path(u.database) == default_path():
                    folder.mkdir(parents=True, exist_ok=True)
                if not folder.is_dir():
                    raise LogError(self.shown, f"no folder {folder} to keep the log in")
            args["connect_args"] = {"timeout": 30}
        try:
            self.engine = create_engine(u, **args)
        except (ArgumentError, SQLAlchemyError, ImportError) as e:
            raise LogError(self.shown, f"cannot use this database: {e}")
        if self.sqlite:
            event.listen(self.engine, "connect", _sqlite_connect)
            event.listen(self.engine, "begin", _sqlite_begin)

    # -- opening and migrating
    def version(self, c: Connection) -> str | None:
        if not inspect(c).has_table("alembic_version"):
            return None
        return c.execute(text("SELECT version_num FROM alembic_version")).scalar()

    def migrate(self, to: str = "head") -> None:
        """Bring the schema to ``to`` (the newest by default), under the database's write lock."""
        with self.engine.connect() as c:
            if to == "head" and self.version(c) == HEAD:
                return
        from alembic import command
        from alembic.config import Config
        with self.engine.connect().execution_options(write=True) as c, c.begin():
            if not self.sqlite:
                c.execute(text("SELECT pg_advisory_xact_lock(:k)"), {"k": LOCK})
            if to == "head" and self.version(c) == HEAD:
                return
            cfg = Config()
            cfg.set_main_option("script_location", str(MIGRATIONS))
            cfg.attributes["connection"] = c
            command.upgrade(cfg, to)

    # -- writing
    def add(self, e: Entry) -> int:
        """Append one entry with its laws, in one transaction; its id."""
        with self.engine.connect().execution_options(write=True) as c, c.begin():
            return self._insert(c, e)

    def _insert(self, c: Connection, e: Entry) -> int:
        n = c.execute(insert(entry).values(**_values(e))).inserted_primary_key[0]
        keys = indexed(e)
        if keys:
            c.execute(insert(entry_law), [{"law": k, "entry_id": n} for k in keys])
        return n

    def add_all(self, entries: Iterable[Entry]) -> tuple[int, int]:
        """Import: every entry not here yet (by uid), in one transaction; (added, already here).  An entry
        whose uid is here with other contents, or linking to an entry that is nowhere, refuses the whole import."""
        added = same = 0
        with self.engine.connect().execution_options(write=True) as c, c.begin():
            for i, e in enumerate(entries, 1):
                old = c.execute(select(entry).where(entry.c.uid == e.uid)).first()
                if old is not None:
                    if _row(old) != e:
                        raise LogError(f"#{i}", f"entry {e.uid} is in the log already with other contents")
                    same += 1
                    continue
                if e.links and c.execute(select(entry.c.id).where(entry.c.uid == e.links)).first() is None:
                    raise LogError(f"#{i}", f"entry {e.uid} is about entry {e.links}, which is neither in the log"
                                            " nor earlier in the file")
                self._insert(c, e)
                added += 1
        return added, same

    # -- reading
    def _filtered(self, q, event=None, board=None, law=None, director=None, since=None, until=None, kind=None):
        if event is not None:
            q = q.where(entry.c.event == event)
        if board is not None:
            q = q.where(entry.c.board == board)
        if director is not None:
            q = q.where(entry.c.director == director)
        if kind is not None:
            q = q.where(entry.c.kind == kind)
        if since:
            q = q.where(entry.c.created >= since)
        if until:
            q = q.where(entry.c.created <= until + "\uffff")  # a date or a time: the whole of it
        if law:
            q = q.where(entry.c.id.in_(select(entry_law.c.entry_id).where(entry_law.c.law == law_key(law))))
        return q

    LISTED = ("id", "created", "kind", "event", "board", "table_no", "director", "laws", "result", "links")

    def listing(self, limit: int | None = None, **filters) -> tuple[list, int]:
        """The newest ``limit`` entries that match (id, when, kind, event, board, table, director, laws, result,
        links), newest first, and how many match in all."""
        cols = [entry.c[k] for k in self.LISTED]
        with self.engine.connect() as c:
            rows = c.execute(self._filtered(select(*cols), **filters).order_by(entry.c.id.desc())
                             .limit(limit or None)).all()
            total = len(rows) if not limit or len(rows) < limit else \
                c.execute(self._filtered(select(func.count()).select_from(entry), **filters)).scalar_one()
        return rows, total

    def get(self, n: int) -> Entry | None:
        with self.engine.connect() as c:
            r = c.execute(select(entry).where(entry.c.id == n)).first()
        return _row(r) if r is not None else None

    def id_of(self, uid: str) -> int | None:
        with self.engine.connect() as c:
            return c.execute(select(entry.c.id).where(entry.c.uid == uid)).scalar()

    def thread(self, n: int) -> list[tuple[int, Entry]]:
        """The entry ``n`` belongs with: the ruling it started from and every correction and appeal after it,
        in the order written."""
        with self.engine.connect() as c:
            r = c.execute(select(entry).where(entry.c.id == n)).first()
            if r is None:
                return []
            seen = {r.uid}
            while r.links and r.links not in seen:  # up to the first ruling
                r = c.execute(select(entry).where(entry.c.uid == r.links)).first()
                seen.add(r.uid)
            out, todo = [(r.id, _row(r))], [r.uid]
            while todo:
                for k in c.execute(select(entry).where(entry.c.links.in_(todo)).order_by(entry.c.id)).all():
                    out.append((k.id, _row(k)))
                todo = [k.uid for k in c.execute(select(entry.c.uid).where(entry.c.links.in_(todo))).all()]
        return sorted(out, key=lambda p: p[0])

    def entries(self, **filters) -> Iterator[Entry]:
        """Every matching entry, whole, in the order written (an export)."""
        with self.engine.connect() as c:
            for r in c.execute(self._filtered(select(entry), **filters).order_by(entry.c.id)):
                yield _row(r)

    def stats(self, event: str | None = None) -> list[tuple[str, str, int]]:
        """Rulings per law (its number) per event: (event, law, rulings)."""
        q = (select(entry.c.event, entry_law.c.law, func.count())
             .join(entry_law, entry_law.c.entry_id == entry.c.id).where(entry.c.kind == "ruling")
             .group_by(entry.c.event, entry_law.c.law))
        if event is not None:
            q = q.where(entry.c.event == event)
        with self.engine.connect() as c:
            rows = [(e, law, n) for e, law, n in c.execute(q) if law.isdigit()]
        return sorted(rows, key=lambda r: (r[0], int(r[1])))

    # -- event tokens (the web page off loopback)
    def new_token(self, event: str) -> str:
        """A new token for ``event`` (the one before it stops working); only its SHA-256 is kept."""
        import secrets
        from sqlalchemy import delete
        from .record import now
        token = secrets.token_urlsafe(18)
        with self.engine.connect().execution_options(write=True) as c, c.begin():
            c.execute(delete(event_token).where(event_token.c.event == event))
            c.execute(insert(event_token).values(event=event, hash=_hashed(token), created=now()))
        return token

    def token_ok(self, event: str, token: str | None) -> bool:
        import hmac
        if not token:
            return False
        with self.engine.connect() as c:
            kept = c.execute(select(event_token.c.hash).where(event_token.c.event == event)).scalar()
        return kept is not None and hmac.compare_digest(kept, _hashed(token))

    def close(self) -> None:
        self.engine.dispose()


def _hashed(token: str) -> str:
    import hashlib
    return hashlib.sha256(token.encode()).hexdigest()  # a random 144-bit token: no stretching needed


def _sqlite_connect(dbapi, _record) -> None:
    dbapi.isolation_level = None  # SQLAlchemy's begin event says BEGIN, and which kind
    cur = dbapi.cursor()
    cur.execute("PRAGMA journal_mode=WAL")
    cur.execute("PRAGMA synchronous=FULL")
    cur.execute("PRAGMA foreign_keys=ON")
    cur.close()


def _sqlite_begin(conn) -> None:
    conn.exec_driver_sql("BEGIN IMMEDIATE" if conn.get_execution_options().get("write") else "BEGIN")


def open_store(url: str | None = None, migrate: bool = True) -> Store:
    """The log at ``url`` (db_url's choice when None), its schema brought up to date."""
    store = Store(db_url(url))
    if migrate:
        try:
            store.migrate()
        except SQLAlchemyError as e:
            raise LogError(store.shown, f"cannot open the log: {_reason(e)}")
    return store


def _reason(e: SQLAlchemyError) -> str:
    return str(getattr(e, "orig", None) or e).strip().splitlines()[0]
