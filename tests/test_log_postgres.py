"""The ruling log on a real PostgreSQL server, started for these tests by pytest-postgresql from the
PostgreSQL binaries (Debian's postgresql package: .ci/run installs it); skipped, saying so, where they are
missing.  No mock of the database: the same Store, migrations and CLI as on SQLite."""
from __future__ import annotations

import glob
import multiprocessing
import os
import pwd
import shutil
import tempfile
from pathlib import Path

import pytest

from tests.test_log import REVOKE, _varied, _writer, consistent, made_up, run

PG_CTL = (sorted(glob.glob("/usr/lib/postgresql/*/bin/pg_ctl"), key=lambda p: int(p.split("/")[-3]))[-1:]
          or [shutil.which("pg_ctl")])[0]
pytestmark = pytest.mark.skipif(not PG_CTL, reason="no PostgreSQL binaries (pg_ctl): `apt-get install postgresql`"
                                                   " (.ci/run installs them)")


@pytest.fixture(scope="module")
def server():
    """A PostgreSQL server of its own in a temporary folder, on a free port; stopped and removed after."""
    import port_for
    from pytest_postgresql.executors import PostgreSQLExecutor
    base = Path(tempfile.mkdtemp(prefix="bridgelaw-pg-"))
    executable = PG_CTL
    if os.geteuid() == 0:  # PostgreSQL refuses to run as root: run its binaries as the postgres user
        try:
            pg = pwd.getpwnam("postgres")
        except KeyError:
            pytest.skip("running as root with no 'postgres' user to run PostgreSQL as")
        os.chown(base, pg.pw_uid, pg.pw_gid)
        wrapper = base / "pg_ctl"
        wrapper.write_text(f'#!/bin/sh\nexec runuser -u postgres -- "{PG_CTL}" "$@"\n')
        wrapper.chmod(0o755)
        executable = str(wrapper)
    port = port_for.select_random()
    executor = PostgreSQLExecutor(executable=executable, host="127.0.0.1", port=port, datadir=str(base / "data"),
                                  unixsocketdir=str(base), logfile=str(base / "server.log"), startparams="-w",
                                  dbname="bridgelaw", user="postgres", timeout=120)
    executor.start()
    try:
        executor.wait_for_postgres()
        yield executor
    finally:
        executor.stop()
        shutil.rmtree(base, ignore_errors=True)


@pytest.fixture
def url(server, request):
    """A fresh database on the server for each test."""
    import psycopg
    name = "t_" + request.node.name.lower().translate(str.maketrans("[]-", "___"))[:50]
    with psycopg.connect(host="127.0.0.1", port=server.port, user="postgres", dbname="postgres",
                         autocommit=True) as c:
        c.execute(f'DROP DATABASE IF EXISTS "{name}"')
        c.execute(f'CREATE DATABASE "{name}"')
    return f"postgresql://postgres@127.0.0.1:{server.port}/{name}"


def test_rule_logged_then_listed_by_law_on_postgresql(capsys, url):
    code, _, err = run(capsys, "rule", str(REVOKE), "--log", "--db", url, "--event", "E", "--board", "7",
                       "--table", "3")
    assert code == 0, err
    out = run(capsys, "log", "list", "--db", url, "--law", "64A")[1]
    assert out.splitlines()[1].split()[0] == "1" and "64A2" in out
    assert "postgresql+psycopg://postgres@127.0.0.1" in err
    assert run(capsys, "log", "print", "1", "--db", url)[1].startswith("<!DOCTYPE html>")
    assert ",E," in run(capsys, "log", "export", "--csv", "--db", url)[1]


def test_append_only_on_postgresql(url):
    from sqlalchemy import text
    from sqlalchemy.exc import DBAPIError
    from bridgelaw.log.store import open_store
    store = open_store(url)
    store.add(made_up(1, 1))
    for sql in ("UPDATE entry SET note = 'x'", "DELETE FROM entry_law"):
        with pytest.raises(DBAPIError, match="append-only"):
            with store.engine.begin() as c:
                c.execute(text(sql))
    assert len(consistent(store)) == 1


def test_twenty_writers_at_once_on_postgresql(url):
    from bridgelaw.log.store import open_store
    ctx = multiprocessing.get_context("fork")
    procs = [ctx.Process(target=_writer, args=(url, w, 50)) for w in range(20)]  # also racing to migrate
    for p in procs:
        p.start()
    for p in procs:
        p.join(180)
    assert [p.exitcode for p in procs] == [0] * 20
    rows = consistent(open_store(url))
    assert sorted((r.event, r.board) for r in rows) == sorted((f"writer-{w}", k) for w in range(20) for k in range(50))


def test_migrations_from_the_first_schema_on_postgresql(url):
    from bridgelaw.log.model import HEAD
    from bridgelaw.log.store import Store, open_store
    old = Store(url.replace("postgresql://", "postgresql+psycopg://"))
    old.migrate("0001")
    kept = made_up(3, 4)
    old.add(kept)
    old.close()
    store = open_store(url)
    with store.engine.connect() as c:
        assert store.version(c) == HEAD
    assert store.get(1) == kept


def test_export_from_sqlite_import_into_postgresql_round_trips(tmp_path, url):
    from bridgelaw.log import transfer
    from bridgelaw.log.store import open_store
    source = _varied(f"sqlite:///{tmp_path / 'a.sqlite'}")
    text_a = transfer.to_json(source.entries())
    path = tmp_path / "log.json"
    path.write_text(text_a, encoding="utf-8")
    target = open_store(url)
    assert target.add_all(transfer.read(path, path.name)) == (4, 0)
    assert transfer.to_json(target.entries()) == text_a
