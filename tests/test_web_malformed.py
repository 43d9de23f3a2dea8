"""The malformed-input catalogue's web rows of its third run, in-process (FastAPI's test client): every bad answer
is a 4xx with a sentence of our own, never a 500, a traceback or an echo of what was sent."""
from __future__ import annotations

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
