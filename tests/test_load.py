"""The short load test (the catalogue's 50 sessions for 60 s, in CI's 5 s form): interviews of shipped incidents
told over the API one question at a time by several clients at once, against a real server on 127.0.0.1 (a port of
its own): no error of any kind, and the server's memory flat once every kind has been met (its caches bounded)."""
from __future__ import annotations

import http.client
import json
import os
import random
import subprocess
import sys
import threading
import time
from pathlib import Path

from web_director import as_json, script

ROOT = Path(__file__).resolve().parent.parent
HOST = "127.0.0.1"
KINDS = ["revoke-trick-not-won-by-offender", "defective-trick-two-cards", "opening-lead-out-of-turn",
         "claim-agreed-then-disputed", "insufficient-2h-replaced-by-pass", "hesitation-before-pass-then-3h",
         "pass-out-of-turn-three-passes", "dummy-asks-to-see-trick"]
SECONDS, CLIENTS = 5, 6


def _rss_kb(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


def test_seconds_of_interviews_give_no_error_and_flat_memory(knowledge, engine, tmp_path):
    import socket
    walks = []
    for name in KINDS:
        steps, _ = script(knowledge, engine, engine.load_incident(ROOT / "facts" / "incidents" / f"{name}.yaml"))
        walks.append([{"key": q.key, "value": as_json(v)} for q, v in steps])
    with socket.socket() as s:
        s.bind((HOST, 0))
        port = s.getsockname()[1]
    proc = subprocess.Popen([sys.executable, "-m", "bridgelaw.faces.cli", "serve", "--host", HOST, "--port", str(port)],
                            cwd=tmp_path, env=dict(os.environ, PYTHONPATH=str(ROOT)), stdout=subprocess.DEVNULL,
                            stderr=open(tmp_path / "server.log", "wb"))

    def post(answers) -> int:
        conn = http.client.HTTPConnection(HOST, port, timeout=30)
        try:
            conn.request("POST", "/api/interview", json.dumps({"answers": answers, "lang": "en"}),
                         {"Content-Type": "application/json"})
            r = conn.getresponse()
            r.read()
            return r.status
        finally:
            conn.close()

    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                post([])
                break
            except OSError:
                assert proc.poll() is None and time.monotonic() < deadline, (tmp_path / "server.log").read_text()
                time.sleep(0.2)
        def warm(k: int) -> None:  # every step of every kind met by each engine of the pool (4, side by side)
            for walk in walks[k:] + walks[:k]:
                for n in range(len(walk) + 1):
                    post(walk[:n])

        warming = [threading.Thread(target=warm, args=(2 * k,)) for k in range(4)]
        for t in warming:
            t.start()
        for t in warming:
            t.join()
        statuses: dict = {}
        stop = time.monotonic() + SECONDS
        rss = []

        def client(seed: int) -> None:
            rng = random.Random(seed)
            while time.monotonic() < stop:
                walk = rng.choice(walks)
                for n in range(len(walk) + 1):  # one request per question, with the answers so far
                    if time.monotonic() >= stop:
                        return
                    try:
                        status = post(walk[:n])
                    except OSError as e:
                        status = type(e).__name__
                    statuses[status] = statuses.get(status, 0) + 1

        threads = [threading.Thread(target=client, args=(i,)) for i in range(CLIENTS)]
        for t in threads:
            t.start()
        while any(t.is_alive() for t in threads):
            rss.append(_rss_kb(proc.pid))
            time.sleep(0.5)
        for t in threads:
            t.join()
        print(f"load: {statuses}, RSS {rss[0] // 1024} -> {rss[-1] // 1024} MB")
        assert set(statuses) == {200} and statuses[200] > 50, statuses
        start, end = rss[0], rss[-1]
        assert end <= start * 1.2, f"RSS {start // 1024} MB -> {end // 1024} MB over {SECONDS} s ({statuses})"
    finally:
        proc.terminate()
        proc.wait(timeout=15)
