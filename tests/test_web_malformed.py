"""The malformed-input catalogue's web rows of its third run, in-process (FastAPI's test client): every bad answer
is a 4xx with a sentence of our own, never a 500, a traceback or an echo of what was sent."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from bridgelaw.faces.web import create_app

ROOT = Path(__file__).resolve().parent.parent
AUCTION = [{"key": "incident", "value": ["auction"]}, {"key": "auction.dealer", "value": "N"}]


@pytest.fixture(scope="module")
def client():
    with TestClient(create_app(ROOT, budget=60), raise_server_exceptions=False) as c:
        yield c


def post(client, answers):
    return client.post("/api/interview", json={"answers": answers, "lang": "en"})


def clean(r) -> None:
    assert r.status_code < 500, r.text
    for internal in ("Traceback", 'File "', "Error:", "KeyError", "law-35.yaml", "internal error"):
        assert internal not in r.text, r.text


@pytest.mark.parametrize("calls", [
    " ".join(["1C", "X", "XX"] + ["P"] * 398),  # W88b: 401 calls (HTTP 500 from 35D's range check)
    " ".join(["P"] * 30000),  # W88d: 30,000 calls (46 s and +485 MB before the 500)
    ["1C"] + ["P"] * 4999,  # W88c, as a list
], ids=["W88b", "W88d", "W88c"])
def test_an_auction_of_more_calls_than_the_laws_allow_is_refused_before_any_work(client, calls):
    import time
    t = time.perf_counter()
    r = post(client, AUCTION + [{"key": "auction.calls", "value": calls}])
    assert time.perf_counter() - t < 2, "refused only after the work"
    clean(r)
    assert r.status_code in (400, 413, 422) and "no auction the Laws allow has more than 319" in r.text


def test_a_call_of_100_kb_is_not_echoed_back(client):  # AU07l
    r = post(client, AUCTION + [{"key": "auction.calls", "value": ["1C", "Z" * 100_000]}])
    clean(r)
    assert r.status_code in (400, 413, 422) and len(r.text) < 2000, len(r.text)


DEALT = "N:AK32.KQ2.A32.K32 Q54.JT9.Q54.QJT9 JT987.A54.K7.A54 6.8763.JT986.876"


def pbn(deal: str = DEALT, play: str = "H3 H2 H9 HA\nC6 DA D4 D7\n") -> str:
    return (f'[Board "1"]\n[Dealer "N"]\n[Contract "4S"]\n[Declarer "S"]\n[Deal "{deal}"]\n[Play "W"]\n{play}')


@pytest.mark.parametrize("cards,words", [
    (None, "the deal pasted in is a text (a PBN or LIN record), not 'nothing'"),  # W86.12
    (5, "not '5'"),
    ("md|||||", "cannot read a LIN board: its deal"),  # W86.6: endplay's IndexError once shown
    ("md|5S789TJH45AD7KC45A,S6H3678D689TJC678,S23KAH2QKD23AC23K,|", "cannot read a LIN board: its deal"),
    (pbn(DEALT.replace(".K32 ", ".K532 ")), "each hand holds 13 cards; here N 14"),  # W86.4: DDSError, HTTP 500
    (pbn(play="- - - -\n" * 7000), "has 7000 tricks; a board has 13"),  # W86.5: 3.5 s past the budget
], ids=["W86.12", "W86.12b", "W86.6", "W86.6b", "W86.4", "W86.5"])
def test_cards_pasted_that_are_no_board_are_a_clear_4xx(client, cards, words, tmp_path, monkeypatch):
    import os
    import time
    monkeypatch.chdir(tmp_path)  # the solver's dump.txt once landed in the server's working folder
    t = time.perf_counter()
    r = post(client, [{"key": "incident", "value": ["revoke"]}, {"key": "cards", "value": cards}])
    assert time.perf_counter() - t < 2
    clean(r)
    assert r.status_code == 422 and words in r.json()["detail"], r.text
    assert os.listdir(tmp_path) == []


def test_sigterm_answers_the_request_in_flight_with_a_503_and_ends_within_5_s(tmp_path, knowledge, engine):
    """W89: a request in flight at SIGTERM once got a 500, and the server took 12.8 s to end (the README says 5)."""
    import os
    import signal
    import subprocess
    import sys
    import threading
    import time

    from test_web_limits import HOST, _heavy_variant, free_port, request, revokes_interview
    heavy = _heavy_variant(revokes_interview(knowledge, engine, 10))
    port = free_port()
    proc = subprocess.Popen([sys.executable, "-m", "bridgelaw.faces.cli", "serve", "--host", HOST, "--port", str(port),
                             "--budget", "60"], cwd=tmp_path, env=dict(os.environ, PYTHONPATH=str(ROOT)),
                            stdout=subprocess.DEVNULL, stderr=open(tmp_path / "server.log", "wb"))
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                request(port, "POST", "/api/interview", {"answers": []}, timeout=5)
                break
            except OSError:
                assert proc.poll() is None and time.monotonic() < deadline, (tmp_path / "server.log").read_text()
                time.sleep(0.2)
        got = {}

        def heavy_request():
            conn = __import__("http.client").client.HTTPConnection(HOST, port, timeout=30)
            conn.request("POST", "/api/interview", json.dumps({"answers": heavy}), {"Content-Type": "application/json"})
            r = conn.getresponse()
            got["r"] = (r.status, r.read().decode())

        t = threading.Thread(target=heavy_request)
        t.start()
        time.sleep(0.5)  # the replay is running
        assert t.is_alive(), f"the heavy request ended before SIGTERM: {got}"
        proc.send_signal(signal.SIGTERM)
        start = time.monotonic()
        proc.wait(timeout=15)
        t.join(timeout=15)
        assert time.monotonic() - start <= 5.5, "the server took longer than its 5 s grace"
        assert got["r"][0] == 503 and "the server is stopping" in got["r"][1], got
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
