"""The ruling log on SQLite (bridgelaw/log/): what `rule --log` keeps and `log ...` finds, prints, exports and
imports; many writers at once; a writer killed mid-write; migrations; the database refusing changes.
Every database is a file under the test's own tmp_path."""
from __future__ import annotations

import json
import multiprocessing
import os
import signal
import subprocess
import sys
import time
from dataclasses import replace
from pathlib import Path

import pytest
from sqlalchemy import func, insert, select, text
from sqlalchemy.exc import IntegrityError

from bridgelaw.errors import BridgelawError
from bridgelaw.faces import cli
from bridgelaw.log import transfer
from bridgelaw.log.model import HEAD, entry as entry_t, entry_law
from bridgelaw.log.record import entry, indexed, new_uid, prefixes
from bridgelaw.log.lean import Writer, open_writer, values
from bridgelaw.log.store import Store, open_store

ROOT = Path(__file__).resolve().parent.parent
REVOKE = ROOT / "facts" / "incidents" / "revoke-trick-not-won-by-offender.yaml"
ANSWERS = ROOT / "tests" / "answers" / "defective-trick-two-cards.yaml"
CITES = ("64A2", "12C1(c)", "27B1(a)", "16B1", "70C", "82C")


def run(capsys, *args) -> tuple[int, str, str]:
    code = cli.main(list(args))
    out = capsys.readouterr()
    return code, out.out, out.err


@pytest.fixture
def url(tmp_path) -> str:
    return f"sqlite:///{tmp_path / 'log.sqlite'}"


def made_up(w: int, k: int, **more):
    """An entry told apart by its writer and number, in every field a mix-up could show in."""
    ruling = {"version": 1, "elements": [{"cite": CITES[(w + k) % len(CITES)], "text": {"ru": f"{w}/{k}", "en": f"{w}/{k}"}}],
              "result": None, "not_encoded": []}
    return entry(ruling, f"facts: {{writer: {w}, n: {k}}}\n", "en", event=f"writer-{w}", board=k, table=str(w),
                 director=f"TD {w}", note=f"{w}/{k}", **more)


def consistent(store: Store) -> list:
    """Every entry whole: its laws rows are exactly its own, its fields agree with each other."""
    with store.engine.connect() as c:
        rows = c.execute(select(entry_t)).all()
        laws = {}
        for law, n in c.execute(select(entry_law.c.law, entry_law.c.entry_id)):
            laws.setdefault(n, set()).add(law)
        orphans = c.execute(select(func.count()).select_from(entry_law)
                            .where(entry_law.c.entry_id.not_in(select(entry_t.c.id)))).scalar_one()
    assert orphans == 0
    for r in rows:
        e = store.get(r.id)
        assert laws.get(r.id, set()) == set(indexed(e)), r.id
        w, k = e.note.split("/")
        assert (e.event, e.board, e.table, e.incident) == (f"writer-{w}", int(k), w, f"facts: {{writer: {w}, n: {k}}}\n")
        assert json.loads(e.ruling)["elements"][0]["text"]["en"] == e.note
    return rows


# -- the "done when"

def test_rule_logged_then_listed_by_law_exported_and_printed(capsys, url, tmp_path):
    code, out, err = run(capsys, "rule", str(REVOKE), "--log", "--db", url, "--event", "E", "--board", "7",
                         "--table", "3")
    assert code == 0, err
    assert "64A2" in out and "№ 1" in err  # the ruling as ever on stdout; where it was logged on stderr
    code, out, _ = run(capsys, "log", "list", "--db", url, "--law", "64A")
    assert code == 0
    line = out.splitlines()[1].split()
    assert line[:1] == ["1"] and "E" in line and "7" in line and "3" in line and "64A2" in line
    assert run(capsys, "log", "list", "--db", url, "--law", "65")[1].strip() == "Записей нет."
    assert "No entries." in run(capsys, "log", "list", "--db", url, "--board", "8", "--lang", "en")[1]
    code, out, _ = run(capsys, "log", "export", "--csv", "--db", url)
    assert code == 0 and out.startswith("uid,kind,created,event,") and ",E," in out and "64A2" in out
    code, out, _ = run(capsys, "log", "print", "1", "--db", url)
    assert code == 0 and out.startswith("<!DOCTYPE html>") and '<html lang="ru">' in out
    assert "64A2" in out and "Установленные факты" in out and "Как получено" in out
    assert "revoke:" in out  # the facts as the incident file states them


def test_json_ruling_logged_whole_and_stdout_is_only_the_json(capsys, url):
    code, out, _ = run(capsys, "rule", str(REVOKE), "--json", "--log", "--db", url, "--event", "Кубок", "--board", "2",
                       "--lang", "en", "--director", "Иванов", "--scoring", "pairs", "--date", "2026-05-01")
    assert code == 0
    logged = open_store(url).get(1)
    assert json.loads(logged.ruling) == json.loads(out)
    assert logged.incident == REVOKE.read_text(encoding="utf-8")
    assert (logged.event, logged.board, logged.director, logged.scoring, logged.event_date, logged.lang) == \
        ("Кубок", 2, "Иванов", "pairs", "2026-05-01", "en")
    assert logged.result.startswith("4♠ by South") and json.loads(logged.score) == {"NS": 420, "EW": -420}
    assert len(logged.knowledge) == 64 and logged.edition == 2017
    assert logged.laws == ("61A", "63B", "64A2", "64C1")  # 64C1: the director found no damage beyond it


def test_corrections_and_appeal_are_new_linked_entries(capsys, url):
    run(capsys, "rule", str(REVOKE), "--log", "--db", url, "--event", "E", "--board", "7", "--lang", "en")
    assert run(capsys, "log", "correct", "1", "--db", url, "--law", "82C", "--note", "wrong trick count",
               "--incident", str(REVOKE))[0] == 0
    assert run(capsys, "log", "appeal", "2", "--db", url, "--outcome", "changed", "--note", "committee: 64C")[0] == 0
    store = open_store(url)
    first, fix, appeal = store.get(1), store.get(2), store.get(3)
    assert (fix.kind, fix.links, fix.law, fix.board) == ("correction", first.uid, "82C", 7)
    assert fix.ruling and fix.laws[0] == "82C" and "64A2" in fix.laws
    assert (appeal.kind, appeal.links, appeal.law, appeal.outcome) == ("appeal", fix.uid, "93", "changed")
    assert [n for n, _ in store.thread(3)] == [1, 2, 3]
    out = run(capsys, "log", "print", "1", "--db", url)[1]
    assert '<html lang="en">' in out  # the ruling's language
    assert "wrong trick count" in out and "committee: 64C" in out and "ruling changed" in out
    assert "Entry 1" not in out and "entry 1" in out.lower()
    out = run(capsys, "log", "list", "--db", url, "--law", "82C")[1]
    assert [line.split()[0] for line in out.splitlines()[1:]] == ["2"]
    out = run(capsys, "log", "stats", "--db", url, "--lang", "en")[1]
    assert out.split("\n")[1].split() == ["E", "61", "1"]  # rulings only: a correction is not another ruling
    out = run(capsys, "log", "show", "3", "--db", url, "--lang", "en")[1]
    assert "▶ № 3 · appeal of entry 2" in out and "ruling changed" in out


def test_append_only_in_the_database_itself(url):
    store = open_store(url)
    store.add(made_up(1, 1))
    for sql in ("UPDATE entry SET note = 'x'", "DELETE FROM entry", "DELETE FROM entry_law", "UPDATE entry_law SET law='1'"):
        with pytest.raises(IntegrityError, match="append-only"):
            with store.engine.begin() as c:
                c.execute(text(sql))
    consistent(store)


def test_ask_logs_the_interviewed_ruling(capsys, url, monkeypatch):
    import io
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))
    code, out, err = run(capsys, "ask", "--lang", "en", "--answers", str(ANSWERS), "--log", "--db", url,
                         "--event", "Club night", "--board", "12", "--table", "5")
    assert code == 0, err
    e = open_store(url).get(1)
    assert e.board == 12 and e.table == "5" and "defective_trick" in e.incident and e.laws
    assert json.loads(e.ruling)["elements"]
    code, out, err = run(capsys, "ask", "--answers", str(ANSWERS), "--log", "--db", "sqlite:////no/such/folder/l.db",
                         "--event", "E", "--board", "1")
    assert code == 1 and "no folder" in err and out == ""  # said before the first question


# -- usage and bad input: a message, never a traceback

def test_log_options_need_log_and_an_event(capsys, url):
    code, _, err = run(capsys, "rule", str(REVOKE), "--log", "--db", url, "--board", "7", "--lang", "en")
    assert code == 2 and "--log needs --event" in err
    code, _, err = run(capsys, "rule", str(REVOKE), "--event", "E")
    assert code == 2 and "bridgelaw rule: ошибка: --event: только вместе с --log" in err
    code, _, err = run(capsys, "rule", str(REVOKE), "--board", "7")  # without --log, --board is a board file's
    assert code == 1


def test_a_database_that_cannot_be_used_is_a_located_error(capsys, tmp_path):
    code, _, err = run(capsys, "log", "list", "--db", f"sqlite:///{tmp_path}/no/such/folder/log.sqlite")
    assert code == 1 and "no folder" in err and "Traceback" not in err
    code, _, err = run(capsys, "log", "list", "--db", "nosuchdialect://x/y")
    assert code == 1 and "Traceback" not in err
    code, _, err = run(capsys, "log", "show", "5", "--db", f"sqlite:///{tmp_path}/log.sqlite")
    assert code == 1 and "no entry 5" in err
    bad = tmp_path / "bad.json"
    bad.write_text('{"bridgelaw_log": 1, "entries": [{"uid": "x"}]}')
    code, _, err = run(capsys, "log", "import", str(bad), "--db", f"sqlite:///{tmp_path}/log.sqlite")
    assert code == 1 and "bad.json: entry 1" in err and "missing kind, created, event, lang" in err


def test_plain_rule_loads_no_database_library():
    code = ("import sys; from bridgelaw.faces.cli import main; import contextlib, io\n"
            "with contextlib.redirect_stdout(io.StringIO()): main(['rule', sys.argv[1]])\n"
            "print(sorted(m for m in sys.modules if m.split('.')[0] in ('sqlalchemy', 'alembic', 'platformdirs',"
            " 'psycopg') or m.startswith('bridgelaw.log.') and m != 'bridgelaw.log.options'))")
    out = subprocess.run([sys.executable, "-c", code, str(REVOKE)], capture_output=True, text=True, cwd=ROOT,
                         timeout=120)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "[]"


def test_rule_logged_to_a_current_sqlite_log_loads_no_sqlalchemy(url):
    """A cold ``rule --log`` paid ~0.5 s of CPU (2-4 s on a loaded machine) loading SQLAlchemy for two INSERTs:
    on an SQLite log at the newest schema it writes through the standard library's sqlite3."""
    open_store(url).close()  # made and migrated: what a director's first --log does
    code = ("import sys; from bridgelaw.faces.cli import main; import contextlib, io\n"
            "with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):\n"
            "    assert main(['rule', sys.argv[1], '--log', '--db', sys.argv[2], '--event', 'E', '--board', '7']) == 0\n"
            "print(sorted(m for m in sys.modules if m.split('.')[0] in ('sqlalchemy', 'alembic', 'psycopg', 'uuid')))")
    out = subprocess.run([sys.executable, "-c", code, str(REVOKE), url], capture_output=True, text=True, cwd=ROOT,
                         timeout=120)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "[]"
    assert open_store(url).listing(law="64A")[1] == 1


def test_the_lean_write_is_the_stores_write(url):
    """One schema: the lean writer's row is the row SQLAlchemy writes, in every column of model.py's table."""
    open_store(url).close()
    writer = open_writer(url)
    assert isinstance(writer, Writer)
    assert set(values(made_up(0, 0))) | {"id"} == {c.name for c in entry_t.columns}
    ours, theirs = made_up(1, 2), made_up(2, 3, links=None)
    store = open_store(url)
    assert (writer.add(ours), store.add(theirs)) == (1, 2)
    assert (store.get(1), store.get(2)) == (ours, theirs)
    assert len(consistent(store)) == 2
    with pytest.raises(BridgelawError, match="not logged: UNIQUE constraint failed: entry.uid"):
        writer.add(ours)  # in one transaction: nothing of it written
    assert len(consistent(store)) == 2
    assert not isinstance(open_writer(url.replace("log.sqlite", "new.sqlite")), Writer)  # a new file is migrated


def test_an_entrys_uid_is_a_version_4_uuid():
    import uuid
    uids = {new_uid() for _ in range(1000)}
    assert len(uids) == 1000
    assert all(uuid.UUID(u).version == 4 and str(uuid.UUID(u)) == u for u in uids)


# -- laws found by any part of them

def test_a_cite_is_found_by_every_law_it_falls_under():
    assert prefixes("12C1(c)") == ["12", "12C", "12C1", "12C1(c)"]
    assert prefixes("64A2") == ["64", "64A", "64A2"]


def test_list_filters(url, capsys):
    store = open_store(url)
    for w in range(3):
        for k in range(4):
            store.add(made_up(w, k))
    rows, total = store.listing(law="12C")  # 12C1(c): (w + k) % 6 == 1
    assert total == len(rows) == sum((w + k) % 6 == 1 for w in range(3) for k in range(4))
    assert store.listing(event="writer-1", board=2)[1] == 1
    assert store.listing(director="TD 2")[1] == 4
    assert store.listing(limit=5) == (store.listing()[0][:5], 12)
    day = store.get(1).created[:10]
    assert store.listing(since=day, until=day)[1] == 12 and store.listing(until="2000-01-01")[1] == 0
    out = run(capsys, "log", "list", "--db", url, "--limit", "3", "--lang", "en")[1]
    assert "... and 9 more" in out


# -- many directors at once; a writer killed mid-write

def _writer(url: str, w: int, n: int) -> None:
    store = open_store(url) if w % 2 else open_writer(url)  # SQLAlchemy's writes beside the lean ones
    for k in range(n):
        store.add(made_up(w, k))
    store.close()


def test_twenty_writers_at_once_lose_and_mix_nothing(tmp_path):
    url = f"sqlite:///{tmp_path / 'log.sqlite'}"  # a fresh file: the writers also race to create it
    ctx = multiprocessing.get_context("fork")
    procs = [ctx.Process(target=_writer, args=(url, w, 50)) for w in range(20)]
    for p in procs:
        p.start()
    for p in procs:
        p.join(120)
    assert [p.exitcode for p in procs] == [0] * 20
    store = open_store(url)
    rows = consistent(store)
    assert len(rows) == 1000
    assert sorted((r.event, r.board) for r in rows) == sorted((f"writer-{w}", k) for w in range(20) for k in range(50))


def _killed_mid_write(url: str) -> None:
    store = open_store(url)
    e = made_up(9, 9)
    with store.engine.connect().execution_options(write=True) as c, c.begin():
        n = c.execute(insert(entry_t).values(uid=e.uid, kind=e.kind, created=e.created, event=e.event,
                                            lang=e.lang, laws="12C")).inserted_primary_key[0]
        c.execute(insert(entry_law).values(law="12", entry_id=n))
        os.kill(os.getpid(), signal.SIGKILL)  # the entry written, half its laws, no commit


def _writing_on(url: str) -> None:
    store = open_writer(url)  # the log is current: the lean writer, killed wherever it is
    assert isinstance(store, Writer)
    for k in range(10 ** 6):
        store.add(made_up(k % 7, k))


def test_a_writer_killed_mid_write_leaves_no_half_entry(url):
    store = open_store(url)
    store.add(made_up(0, 0))
    ctx = multiprocessing.get_context("fork")
    p = ctx.Process(target=_killed_mid_write, args=(url,))
    p.start()
    p.join(60)
    assert p.exitcode == -signal.SIGKILL
    assert len(consistent(store)) == 1
    p = ctx.Process(target=_writing_on, args=(url,))  # killed wherever it happens to be
    p.start()
    deadline = time.monotonic() + 60
    while store.listing(limit=1)[1] < 30 and time.monotonic() < deadline:
        time.sleep(0.05)
    os.kill(p.pid, signal.SIGKILL)
    p.join(60)
    n = len(consistent(store))
    assert n >= 30
    store.add(made_up(1, 1))  # the log goes on
    assert len(consistent(store)) == n + 1


# -- migrations

def test_migrations_from_empty_and_from_the_first_schema(tmp_path):
    from alembic.script import ScriptDirectory
    from alembic.config import Config
    from bridgelaw.log.store import MIGRATIONS
    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS))
    assert ScriptDirectory.from_config(cfg).get_current_head() == HEAD

    empty = open_store(f"sqlite:///{tmp_path / 'empty.sqlite'}")
    with empty.engine.connect() as c:
        assert empty.version(c) == HEAD

    url = f"sqlite:///{tmp_path / 'first.sqlite'}"
    old = Store(url)
    old.migrate("0001")
    with old.engine.connect() as c:
        assert old.version(c) == "0001"
    kept = made_up(3, 4)
    old.add(kept)
    old.close()
    store = open_store(url)
    with store.engine.connect() as c:
        assert store.version(c) == HEAD
    assert store.get(1) == kept
    with pytest.raises(IntegrityError, match="append-only"):
        with store.engine.begin() as c:
            c.execute(text("DELETE FROM entry"))


# -- export and import

def _varied(url: str) -> Store:
    store = open_store(url)
    a = made_up(1, 2)
    a = replace(a, incident='title: "Кубок, «стол» 3"\nfacts:\n  deal: {declarer: S}\n', note="comma, \"quote\"\nnewline",
                session="2", event_date="2026-05-01", scoring="teams", knowledge="ab" * 32, lang="ru")
    store.add(a)
    store.add(made_up(2, 3))
    store.add(entry(None, None, "en", event="writer-1", kind="correction", links=a.uid, law="79C", note="1/2"))
    store.add(entry(None, None, "ru", event="writer-1", kind="appeal", links=a.uid, law="93", outcome="upheld",
                    note="1/2"))
    return store


@pytest.mark.parametrize("fmt", ["json", "csv"])
def test_export_then_import_round_trips_exactly(tmp_path, fmt):
    source = _varied(f"sqlite:///{tmp_path / 'a.sqlite'}")
    out = (transfer.to_json if fmt == "json" else transfer.to_csv)
    text_a = out(source.entries())
    path = tmp_path / f"log.{fmt}"
    path.write_text(text_a, encoding="utf-8")
    target = open_store(f"sqlite:///{tmp_path / 'b.sqlite'}")
    assert target.add_all(transfer.read(path, path.name)) == (4, 0)
    assert out(target.entries()) == text_a
    assert list(target.entries()) == list(source.entries())
    assert transfer.to_json(target.entries()) == transfer.to_json(source.entries())
    assert target.add_all(transfer.read(path, path.name)) == (0, 4)  # read again: nothing twice


def test_import_of_a_changed_entry_refuses_the_whole_file(tmp_path, capsys):
    source = _varied(f"sqlite:///{tmp_path / 'a.sqlite'}")
    url = f"sqlite:///{tmp_path / 'b.sqlite'}"
    path = tmp_path / "log.json"
    path.write_text(transfer.to_json(source.entries()), encoding="utf-8")
    assert run(capsys, "log", "import", str(path), "--db", url)[0] == 0
    data = json.loads(path.read_text())
    data["entries"][0]["note"] = "changed"
    data["entries"].append(made_up(5, 5).to_dict())
    path.write_text(json.dumps(data), encoding="utf-8")
    code, _, err = run(capsys, "log", "import", str(path), "--db", url)
    assert code == 1 and "other contents" in err
    assert open_store(url).listing()[1] == 4


def test_an_events_token_is_kept_hashed(capsys, url):
    code, out, _ = run(capsys, "log", "token", "Cup", "--db", url, "--lang", "en")
    token = out.splitlines()[-1]
    assert code == 0 and len(token) >= 24
    store = open_store(url)
    assert store.token_ok("Cup", token) and not store.token_ok("Cup", token + "x") and not store.token_ok("Other", token)
    with store.engine.connect() as c:
        assert token not in str(c.execute(text("SELECT * FROM event_token")).all())
    again = run(capsys, "log", "token", "Cup", "--db", url)[1].splitlines()[-1]
    assert store.token_ok("Cup", again) and not store.token_ok("Cup", token)  # the one before stops working
