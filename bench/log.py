"""The ruling log's floors, measured (not a timed unit test: CPU time on a shared machine varies).

    uv run python bench/log.py            # 100,000 entries; --entries N for another size

1. ``log list`` over N entries (SQLite, a file in a temporary folder): each filter the issue names (event,
   board, law, director, dates) and none, run as the command runs it (in-process, output discarded) and
   as a fresh ``bridgelaw log list`` process.  The floor: 0.5 s in-process.
2. What logging adds to a ruling on SQLite: ``store.add`` of a real ruling in a process that has the log
   open (the floor: 20 ms), and a cold ``bridgelaw rule`` with and without ``--log`` (which also
   pays for loading SQLAlchemy and opening the database).
"""
from __future__ import annotations

import argparse
import contextlib
import io
import json
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from sqlalchemy import insert  # noqa: E402

from bridgelaw.faces import cli  # noqa: E402
from bridgelaw.log.model import entry as entry_t, entry_law  # noqa: E402
from bridgelaw.log.record import entry, indexed  # noqa: E402
from bridgelaw.log.store import _values, open_store  # noqa: E402

REVOKE = ROOT / "facts" / "incidents" / "revoke-trick-not-won-by-offender.yaml"
LIST_LIMIT = 0.5
ADD_LIMIT = 0.020
CITES = ["64A2", "64B3", "12C1(c)", "16B1", "27B1(a)", "70C", "70D1", "82C", "25A", "45C4(a)", "50D1", "61A", "63B"]


def fill(url: str, n: int) -> None:
    """N entries over 40 events, 36 boards, 25 directors, two to four laws each (ruling JSON trimmed to its
    first element: the list reads no ruling, and a full ruling is ~14 kB)."""
    store = open_store(url)
    batch, laws = [], []
    with store.engine.connect().execution_options(write=True) as c, c.begin():
        for i in range(n):
            cites = [CITES[(i * 7 + j * 3) % len(CITES)] for j in range(2 + i % 3)]
            ruling = {"version": 1, "elements": [{"cite": x, "text": {"ru": "…", "en": "..."}} for x in cites],
                      "result": {"text": {"ru": "4♠ Юг, взяток: 10", "en": "4♠ by South, 10 tricks"}, "steps": [],
                                 "score": {"NS": 420, "EW": -420}}, "not_encoded": []}
            e = entry(ruling, "facts: {}\n", "ru", event=f"event-{i % 40}", board=1 + i % 36, table=str(1 + i % 12),
                      director=f"TD {i % 25}")
            batch.append(_values(e))
            laws.extend({"law": k, "entry_id": i + 1} for k in indexed(e))
            if len(batch) == 5000:
                c.execute(insert(entry_t), batch)
                c.execute(insert(entry_law), laws)
                batch, laws = [], []
        if batch:
            c.execute(insert(entry_t), batch)
            c.execute(insert(entry_law), laws)
    store.close()


def timed(fn, runs: int = 5) -> float:
    times = []
    for _ in range(runs):
        t = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t)
    return statistics.median(times)


def quiet(argv: list[str]) -> None:
    with contextlib.redirect_stdout(io.StringIO()):
        assert cli.main(argv) == 0


def cold(argv: list[str], runs: int = 5) -> float:
    cmd = [sys.executable, "-m", "bridgelaw.faces.cli", *argv]
    return timed(lambda: subprocess.run(cmd, check=True, capture_output=True, cwd=ROOT), runs)


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--entries", type=int, default=100_000)
    args = ap.parse_args()
    out = {}
    with tempfile.TemporaryDirectory() as tmp:
        url = f"sqlite:///{tmp}/log.sqlite"
        t = time.perf_counter()
        fill(url, args.entries)
        print(f"filled {args.entries} entries in {time.perf_counter() - t:.1f} s "
              f"({Path(tmp, 'log.sqlite').stat().st_size / 2**20:.0f} MiB)")
        day = time.strftime("%Y-%m-%d", time.gmtime())
        cases = {"none (newest 50)": [], "--law 64A": ["--law", "64A"], "--law 12C": ["--law", "12C"],
                 "--event": ["--event", "event-7"], "--board": ["--board", "7"],
                 "--event --board": ["--event", "event-7", "--board", "7"],
                 "--director": ["--director", "TD 3"], "--since/--until": ["--since", day, "--until", day],
                 "--law 64A --limit 0 (all)": ["--law", "64A", "--limit", "0"]}
        quiet(["log", "list", "--db", url])  # warm the file cache
        print(f"\nlog list over {args.entries} entries (median of 5; floor {LIST_LIMIT} s in-process)")
        for name, more in cases.items():
            warm = timed(lambda: quiet(["log", "list", "--db", url, *more]))
            fresh = cold(["log", "list", "--db", url, *more], runs=3)
            out[name] = (warm, fresh)
            print(f"  {name:28} {warm * 1000:7.1f} ms in-process   {fresh * 1000:7.0f} ms as a command"
                  f"   {'ok' if warm <= LIST_LIMIT else 'OVER'}")

        url2 = f"sqlite:///{tmp}/rulings.sqlite"
        ruling = json.loads(subprocess.run([sys.executable, "-m", "bridgelaw.faces.cli", "rule", str(REVOKE), "--json"],
                                           check=True, capture_output=True, text=True, cwd=ROOT).stdout)
        store = open_store(url2)
        incident = REVOKE.read_text(encoding="utf-8")
        from bridgelaw.log.record import knowledge_digest
        digest = timed(lambda: knowledge_digest(ROOT), 20)
        n = [0]

        def add():
            n[0] += 1
            store.add(entry(ruling, incident, "ru", event="E", board=n[0], table="3", knowledge="x" * 64))
        add_t = timed(add, 50)
        print(f"\nlogging a ruling on SQLite (median of 50): store.add {add_t * 1000:.1f} ms"
              f" + the knowledge digest {digest * 1000:.1f} ms = {(add_t + digest) * 1000:.1f} ms"
              f"   {'ok' if add_t + digest <= ADD_LIMIT else 'OVER'} (floor {ADD_LIMIT * 1000:.0f} ms)")
        plain = cold(["rule", str(REVOKE)], runs=7)
        logged = cold(["rule", str(REVOKE), "--log", "--db", url2, "--event", "E", "--board", "7"], runs=7)
        print(f"a cold `bridgelaw rule` (median of 7): {plain * 1000:.0f} ms; with --log {logged * 1000:.0f} ms"
              f" (+{(logged - plain) * 1000:.0f} ms: loading SQLAlchemy and opening the log, then the write)")
        store.close()
    return 0 if all(w <= LIST_LIMIT for w, _ in out.values()) and add_t + digest <= ADD_LIMIT else 1


if __name__ == "__main__":
    sys.exit(main())
